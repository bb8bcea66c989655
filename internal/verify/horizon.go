package verify

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// NewerThanIndex is the status of a name the index lacks, used inside code
// marked available only from a platform version newer than any the
// index's documentation lists (`if #available(iOS 99, *)`,
// `@available(iOS 99, *)`): the API may be real and simply newer than the
// crawl, so it is not called unknown. It is not a finding.
const NewerThanIndex Status = "newer_than_index"

// Horizon is how far the index reaches: the newest version its
// documentation lists per platform, and when it was crawled.
type Horizon struct {
	// Newest maps a lowercase platform (Target.Platform: "ios") to the
	// newest introduced version the documentation lists.
	Newest map[string]Version
	// Crawled says when, for the reports: "crawled 2026-04-30 to 2026-05-01".
	Crawled string
	// Summary adds the newest versions: index.Freshness.CrawlDates.
	Summary string
}

// HorizonOf reads a Horizon from what the index records of its age.
func HorizonOf(f index.Freshness) Horizon {
	dates, _, _ := strings.Cut(f.CrawlDates(), ";")
	h := Horizon{Newest: map[string]Version{}, Crawled: dates, Summary: f.CrawlDates()}
	for plat, v := range f.NewestPlatforms {
		if t, err := ParseTarget(plat + v); err == nil {
			h.Newest[t.Platform] = t.Version
		}
	}
	return h
}

// Horizon reads the index's horizon.
func (t *IndexTable) Horizon(ctx context.Context) (Horizon, error) {
	f, err := t.lookup.Freshness(ctx)
	if err != nil {
		return Horizon{}, err
	}
	return HorizonOf(f), nil
}

// ApplyHorizon is a pass over a finished report: an unknown reference on a
// line guarded for a platform version newer than h knows becomes
// NewerThanIndex, with why, and leaves the findings. files are the files
// the report was made from. An empty horizon (an index that recorded no
// versions) changes nothing.
func (r *Report) ApplyHorizon(files []File, h Horizon) {
	if len(h.Newest) == 0 {
		return
	}
	// Only a file with an unknown reference is lexed again: most reports
	// have none, and this pass must cost them nothing.
	withUnknown := map[string]bool{}
	for _, ref := range r.References {
		if ref.Status == Unknown {
			withUnknown[ref.File] = true
		}
	}
	if len(withUnknown) == 0 {
		return
	}
	regions := map[string][]newerRegion{}
	for _, f := range files {
		if withUnknown[f.Path] && isSwiftPath(f.Path) {
			regions[f.Path] = newerRegions(f.Code, h)
		}
	}
	changed := false
	for i := range r.References {
		ref := &r.References[i]
		if ref.Status != Unknown {
			continue
		}
		for _, reg := range regions[ref.File] {
			if ref.Line >= reg.from && ref.Line <= reg.to {
				r.Counts[Unknown]--
				r.Counts[NewerThanIndex]++
				ref.Status = NewerThanIndex
				ref.Nearest = nil
				ref.Why = fmt.Sprintf("newer than the index (%s): the code is guarded for %s, and the documentation lists %s at most",
					h.Crawled, reg.guard, reg.newest)
				changed = true
				break
			}
		}
	}
	if !changed {
		return
	}
	if r.Counts[Unknown] <= 0 {
		delete(r.Counts, Unknown)
	}
	r.Findings = r.Findings[:0]
	for _, ref := range r.References {
		if ref.Status.IsFinding() {
			r.Findings = append(r.Findings, ref)
		}
	}
}

// newerRegion is a span of lines guarded for a version newer than the
// index knows.
type newerRegion struct {
	from, to int    // lines, inclusive
	guard    string // "iOS 99"
	newest   string // "iOS 26.0"
}

// newerRegions finds, from the tokens alone, the lines that
// `#available(…)` / `@available(…)` guard for a version past the horizon:
// the block an `if` or `while #available` opens, the rest of the block after
// a `guard #available … else { … }`, the declaration an `@available`
// attribute marks.
func newerRegions(code string, h Horizon) []newerRegion {
	toks := lexSwift(code)
	pairs := pairBrackets(toks)
	var out []newerRegion
	for i, t := range toks {
		pound := t.is(tokPound, "available")
		if !pound && !t.is(tokAttr, "available") || i+1 >= len(toks) || !toks[i+1].punct("(") {
			continue
		}
		closeArgs := closeAt(pairs, i+1)
		if closeArgs >= len(toks) {
			continue
		}
		guard, newest, ok := pastHorizon(toks[i+2:closeArgs], h)
		if !ok {
			continue
		}
		var from, to int
		if pound {
			from, to, ok = guardedBlock(toks, pairs, i, closeArgs)
		} else {
			from, to, ok = markedDeclaration(toks, pairs, i, closeArgs)
		}
		if ok {
			out = append(out, newerRegion{from: toks[from].line, to: toks[to].line, guard: guard, newest: newest})
		}
	}
	return out
}

// pastHorizon reads availability arguments ("iOS 99, *", "iOS, introduced:
// 99") and returns the first platform version newer than h knows.
func pastHorizon(args []token, h Horizon) (guard, newest string, ok bool) {
	for j, plat := range args {
		if plat.kind != tokIdent {
			continue
		}
		k := j + 1
		if k+3 < len(args) && args[k].punct(",") && args[k+1].is(tokIdent, "introduced") && args[k+2].punct(":") {
			k += 3
		}
		if k >= len(args) || args[k].kind != tokNumber {
			continue
		}
		target, err := ParseTarget(plat.text + args[k].text)
		if err != nil {
			continue
		}
		known, has := h.Newest[target.Platform]
		if has && target.Version.Compare(known) > 0 {
			name := target.DisplayName()
			return name + " " + args[k].text, name + " " + known.String(), true
		}
	}
	return "", "", false
}

// guardedBlock is the span an `#available` at i guards (see newerRegions),
// as token indexes.
func guardedBlock(toks []token, pairs []int, i, closeArgs int) (from, to int, ok bool) {
	kw := ""
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		if t.is(tokKeyword, "if") || t.is(tokKeyword, "guard") || t.is(tokKeyword, "while") {
			kw = t.text
			break
		}
		if t.punct("{") || t.punct("}") || t.punct(";") {
			break
		}
	}
	switch kw {
	case "if", "while":
		for j := closeArgs + 1; j < len(toks); j++ {
			switch {
			case toks[j].punct("{"):
				if end := closeAt(pairs, j); end < len(toks) {
					return j, end, true
				}
				return 0, 0, false
			case toks[j].punct("("):
				j = closeAt(pairs, j)
			}
		}
	case "guard":
		for j := closeArgs + 1; j+1 < len(toks); j++ {
			if toks[j].is(tokKeyword, "else") && toks[j+1].punct("{") {
				elseEnd := closeAt(pairs, j+1)
				if elseEnd+1 >= len(toks) {
					return 0, 0, false
				}
				return elseEnd + 1, enclosingClose(toks, i), true
			}
		}
	}
	return 0, 0, false
}

// enclosingClose is the "}" closing the block that holds token i, or the
// last token.
func enclosingClose(toks []token, i int) int {
	depth := 0
	for j := i; j < len(toks); j++ {
		switch {
		case toks[j].punct("{"):
			depth++
		case toks[j].punct("}"):
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return len(toks) - 1
}

// markedDeclaration is the declaration an `@available(…)` at i marks: from
// the attribute to the "}" of its body, or to the end of its line when it
// has none (a stored property, a typealias).
func markedDeclaration(toks []token, pairs []int, i, closeArgs int) (from, to int, ok bool) {
	start := closeArgs + 1
	for start < len(toks) && toks[start].kind == tokAttr {
		if start+1 < len(toks) && toks[start+1].punct("(") && !toks[start+1].spaceBefore {
			start = closeAt(pairs, start+1)
		}
		start++
	}
	if start >= len(toks) {
		return 0, 0, false
	}
	for j := start; j < len(toks); j++ {
		t := toks[j]
		switch {
		case t.punct("{"):
			return i, min(closeAt(pairs, j), len(toks)-1), true
		case t.punct("}"):
			return i, j - 1, j-1 >= i
		case j > start && t.nlBefore && !continuesLine(toks[j-1]):
			return i, j - 1, true
		case t.punct("("), t.punct("["):
			if j = closeAt(pairs, j); j >= len(toks) {
				return i, len(toks) - 1, true
			}
		}
	}
	return i, len(toks) - 1, true
}

// continuesLine says a declaration goes on past a line ending in t.
func continuesLine(t token) bool {
	if t.kind != tokPunct {
		return false
	}
	switch t.text {
	case ",", ":", "=", "->", ".", "&":
		return true
	}
	return false
}

// writeNewer lists the references newer than the index, after the findings:
// not errors, but names the index cannot vouch for.
func (r *Report) writeNewer(w io.Writer) {
	for _, ref := range r.References {
		if ref.Status == NewerThanIndex {
			fmt.Fprintf(w, "%s: newer than the index %s: %s\n", termtext.Line(location(ref.File, ref.Line)),
				termtext.Line(ref.Symbol), termtext.Line(ref.Why))
		}
	}
}

// closeAt is the token closing the group opened at i ("(", "[", "{" or
// "<"), or len(pairs) when it is unbalanced, from pairBrackets' pairing.
func closeAt(pairs []int, i int) int {
	if j := pairs[i]; j >= 0 {
		return j
	}
	return len(pairs)
}
