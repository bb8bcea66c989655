package ranker

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// nearestTitle returns the title nearest to w, or "" when none is close.
func (e *Engine) nearestTitle(ctx context.Context, w string) (string, error) {
	lower := strings.ToLower(w)
	limit := 2
	if len(lower) <= 5 {
		limit = 1
	}
	prefixes := []string{lower[:2]}
	if lower[0] != lower[1] {
		prefixes = append(prefixes, string([]byte{lower[1], lower[0]}))
	}
	best, bestDist, bestRank := "", limit+1, 0
	for _, p := range prefixes {
		titles, err := e.titlesFrom(ctx, p, len(lower)-limit, len(lower)+limit)
		if err != nil {
			return "", err
		}
		for _, t := range titles {
			if d := len(t.lower) - len(lower); d > limit || d < -limit {
				continue
			}
			dist := osaDistance(lower, t.lower, limit)
			if dist > limit {
				continue
			}
			if dist < bestDist || dist == bestDist && t.rank > bestRank {
				best, bestDist, bestRank = t.title, dist, t.rank
			}
		}
	}
	return best, nil
}

// recaseNames writes the type names of a query as Apple does ("Detect
// UIScrollview bottom reached": UIScrollView): a name with a letter in the
// wrong case is found by no lookup, and the question loses the type it
// names. Only words that cannot be English change: a capitalised word, or
// a lower-case one starting with "ui" or "ns", whose lower case is the
// title of an Apple type written with two capitals or more (View, Text and
// Timer stay as typed). A lowerCamelCase word (indexPath, scenePhase) is a
// value's name and stays too.
func (e *Engine) recaseNames(ctx context.Context, text string) (string, error) {
	return rewriteWords(text, nameWord.FindAllStringIndex(text, -1), func(w string) (string, error) {
		lower := strings.ToLower(w)
		if !(w[0] >= 'A' && w[0] <= 'Z') && !(w == lower && (strings.HasPrefix(w, "ui") || strings.HasPrefix(w, "ns"))) {
			return "", nil
		}
		title, err := e.typeTitle(ctx, lower)
		if err != nil {
			return "", err
		}
		if title == "" && capitals(w) >= 2 {
			// A type's name misspelt among other words ("FileManger copy
			// item fails"): the lone name's correction (correct) reads
			// only short requests.
			if title, err = e.misspeltTypeName(ctx, w); err != nil {
				return "", err
			}
		}
		if title == "" || title == w || capitals(title) < 2 {
			return "", nil
		}
		return title, nil
	})
}

// misspeltTypeName is the type a name with two capitals or more that no
// title, title's start or symbol holds was meant to be: the nearest title
// (nearestTitle), when it is a type's.
func (e *Engine) misspeltTypeName(ctx context.Context, w string) (string, error) {
	known, err := e.knownName(ctx, w)
	if err != nil || known {
		return "", err
	}
	near, err := e.nearestTitle(ctx, w)
	if err != nil || near == "" {
		return "", err
	}
	return e.typeTitle(ctx, strings.ToLower(near))
}

// rewriteWords returns text with each word at spans that rewrite answers
// with a word ("" keeps it), or text itself when none changes.
func rewriteWords(text string, spans [][]int, rewrite func(w string) (string, error)) (string, error) {
	var b strings.Builder
	last := 0
	for _, span := range spans {
		to, err := rewrite(text[span[0]:span[1]])
		if err != nil {
			return text, err
		}
		if to == "" {
			continue
		}
		b.WriteString(text[last:span[0]])
		b.WriteString(to)
		last = span[1]
	}
	if last == 0 {
		return text, nil
	}
	b.WriteString(text[last:])
	return b.String(), nil
}

// nameWord is a word recaseNames may rewrite: five letters or digits or
// more.
var nameWord = regexp.MustCompile(`\b[A-Za-z][A-Za-z0-9]{4,}\b`)

// capitals counts the upper-case ASCII letters of s.
func capitals(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= 'A' && s[i] <= 'Z' {
			n++
		}
	}
	return n
}

// typoPrefixCacheSize bounds each generation of the kept prefixes' titles
// (titlesFrom, per prefix and lengths): at most 6,000 titles of about 60
// bytes each, so two generations of 64 stay under 50 MB; a length window
// holds a few hundred.
const typoPrefixCacheSize = 64

// typeTitleCacheSize bounds each generation of typeTitle's kept answers.
const typeTitleCacheSize = 8192

// summaryStemsCacheSize and titleStemsCacheSize bound the per-engine stems
// of the summaries and titles requests score (per generation: internal/memo),
// about 6 and 2 MB at the most.
const (
	summaryStemsCacheSize = 16384
	titleStemsCacheSize   = 16384
)

// typoTitle is a title a misspelt name may be corrected to.
type typoTitle struct {
	title, lower string
	rank         int // titleRank
}

// titlesFrom returns the titles of letters and digits, of minLen to
// maxLen letters, among the first typoScanLimit titles starting with
// prefix, in the index's title order. They are kept per prefix and
// lengths: reading a few thousand rows cost a correction more than all
// its distances, and a misspelling's first two letters are usually a
// correct name's. The lengths are tested on the title index: a fresh
// server's first correction read 1,880 pages for "ui" (4 ms) where a
// dozen-letter name wants a few hundred.
func (e *Engine) titlesFrom(ctx context.Context, prefix string, minLen, maxLen int) ([]typoTitle, error) {
	key := fmt.Sprintf("%s %d-%d", prefix, minLen, maxLen)
	if titles, ok := e.typoTitles.Get(key); ok {
		return titles, nil
	}
	var titles []typoTitle
	err := e.store.EachTitleFrom(ctx, prefix, typoScanLimit, minLen, maxLen, func(r index.TitleRow) {
		if isLetters(r.Title) {
			titles = append(titles, typoTitle{title: r.Title, lower: strings.ToLower(r.Title), rank: titleRank(r.Kind, r.Source)})
		}
	})
	if err != nil {
		return nil, fmt.Errorf("ranker spelling: %w", err)
	}
	e.typoTitles.Put(key, titles)
	return titles, nil
}

// titleRank prefers, among equally near titles, Apple's types, then its
// other pages, then everything else.
func titleRank(kind, src string) int {
	n := 0
	if src == "apple-docs" {
		n += 2
	}
	if canonicalTypeKinds[kind] {
		n++
	}
	return n
}

// osaDistance is the optimal string alignment distance between a and b
// (insertions, deletions, substitutions and adjacent transpositions),
// giving up with limit+1 once every alignment exceeds limit.
func osaDistance(a, b string, limit int) int {
	if a == b {
		return 0
	}
	n, m := len(a), len(b)
	prev2 := make([]int, m+1)
	prev := make([]int, m+1)
	cur := make([]int, m+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= m; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}

// swiftNameOf reads a name in Objective-C's style for a constant, a
// framework prefix then words, as the member Swift imports it as: the
// words after the prefix, or after a type the prefix and the first words
// name, with a lower-case start. UIKeyboardFrameBeginUserInfoKey is
// UIResponder's keyboardFrameBeginUserInfoKey,
// UIApplicationDidBecomeActiveNotification UIApplication's
// didBecomeActiveNotification. Old questions and answers write the
// Objective-C names, which no page titles and no misspelling is near.
// "" when no such member exists.
func (e *Engine) swiftNameOf(ctx context.Context, w string) (string, error) {
	words := objcConstantWords(w)
	if words == nil {
		return "", nil
	}
	prefix := words[0]
	for k := 1; k < len(words)-1; k++ {
		owner := prefix + strings.Join(words[1:k], "")
		member := lowerStart(words[k]) + strings.Join(words[k+1:], "")
		// The words after the prefix alone may name a member of any of
		// its types (UIResponder's keyboard keys); later splits name a
		// type (UIApplication).
		title, _, err := e.store.MemberOfType(ctx, strings.ToLower(owner), strings.ToLower(member), k == 1)
		if err != nil || title != "" {
			return title, err
		}
	}
	// A case titled with its type's name (CLActivityTypeFitness is
	// CLActivityType.fitness, UITableViewCellStyleSubtitle
	// UITableViewCell.CellStyle.subtitle), or a member of a nested type
	// titled alone (UIControlStateDisabled is UIControl.State's disabled,
	// which the type's name keeps apart from the other "disabled" pages).
	for k := len(words) - 1; k >= 2; k-- {
		member := lowerStart(words[k]) + strings.Join(words[k+1:], "")
		for _, name := range objcTypeNames(words[:k]) {
			qualified := name + "." + member
			title, err := e.typeTitle(ctx, strings.ToLower(name))
			if err != nil {
				return "", err
			}
			if title != "" {
				qualified = title + "." + member
				if m, _, err := e.store.MemberOfType(ctx, strings.ToLower(title), strings.ToLower(member), false); err != nil || m != "" {
					return qualified, err
				}
			}
			if known, err := e.store.KnownName(ctx, strings.ToLower(qualified)); err != nil || known {
				return qualified, err
			}
		}
	}
	return "", nil
}

// owningTypeOf is, for a lone constant's name in Objective-C's style whose
// member no page documents (swiftNameOf found none:
// UIStatusBarStyleLightContent, the index holding UIStatusBarStyle but not
// its lightContent), the longest type its first words name; "" when none
// does. Alone, the name otherwise finds nothing at all; among other words
// it is left to objcNameStage, which proposes what the words do not find.
func (e *Engine) owningTypeOf(ctx context.Context, w string) (string, error) {
	words := objcConstantWords(w)
	// The longest first (UIActivityIndicatorView.Style before
	// UIActivityIndicatorView), flat or nested (objcTypeNames).
	for k := len(words) - 1; k >= 2; k-- {
		for _, name := range objcTypeNames(words[:k]) {
			title, err := e.typeTitle(ctx, strings.ToLower(name))
			if err != nil || title != "" {
				return title, err
			}
		}
	}
	return "", nil
}

// objcConstantWords splits a name in Objective-C's style for a constant, a
// framework prefix of two or three capitals then two words or more, into
// its words (UI Status Bar Style Light Content); nil for another shape.
func objcConstantWords(w string) []string {
	words := swiftsym.CamelWords(w)
	if len(words) < 3 || len(words[0]) < 2 || len(words[0]) > 3 || strings.ToUpper(words[0]) != words[0] {
		return nil
	}
	return words
}

// lowerStart is a word as it starts a Swift member's name: "Keyboard" is
// keyboard, an acronym "URL" is url.
func lowerStart(word string) string {
	if strings.ToUpper(word) == word {
		return strings.ToLower(word)
	}
	return strings.ToLower(word[:1]) + word[1:]
}

// proseWord is a word respell may rewrite: six lower-case letters or more.
var proseWord = regexp.MustCompile(`\b[a-z]{6,}\b`)

// respell writes the misspelt English words of a request as the corpus
// does ("Variables in externsion": extension). A word the semantic model
// does not know, one slip of the fingers (oneSlip) from words it knows that
// start with the same letter, becomes the most common of them when the pages
// holding it are at least respellRatio times as many as those holding the
// word as typed. Full-text search stems words, so a typo may match pages
// ("contins" matches continue's stem); the ratio still tells it from a
// word of its own. A capitalised word, a name and a word as common as its
// neighbour stay as typed.
func (e *Engine) respell(ctx context.Context, text string) (string, error) {
	spans := proseWord.FindAllStringIndex(text, -1)
	if len(spans) == 0 {
		return text, nil
	}
	model, _, err := e.loadSemantic(ctx)
	if err != nil || model == nil {
		return text, err
	}
	// Counted only as far as the rule reads: a word on respellCount pages
	// is a word of its own, and its neighbour needs respellRatio times the
	// word's pages.
	pages := func(w string, limit int) (int, error) {
		return e.store.CountMatches(ctx, index.FTSTable, Quote(w), index.RowSpan{}, limit)
	}
	return rewriteWords(text, spans, func(w string) (string, error) {
		if model.Knows(w) || stopWords[w] {
			return "", nil
		}
		best, bestWeight := "", float32(0)
		model.EachWord(func(k string, weight float32) {
			if k[0] != w[0] || !oneSlip(w, k) {
				return
			}
			if best == "" || weight < bestWeight || weight == bestWeight && k < best {
				best, bestWeight = k, weight
			}
		})
		if best == "" {
			return "", nil
		}
		typed, err := pages(w, respellCount)
		if err != nil || typed >= respellCount {
			return "", err
		}
		need := respellRatio * max(typed, 1)
		near, err := pages(best, need)
		if err != nil || near < need {
			return "", err
		}
		return best, nil
	})
}

// oneSlip reports whether typed is known with one letter added, one
// dropped, or two neighbours swapped: the slips of typing. A letter
// replaced by another is not one: it turns English words into each other
// (shakes, shapes) more often than it misspells them.
func oneSlip(typed, known string) bool {
	switch len(typed) - len(known) {
	case 1, -1:
		return osaDistance(typed, known, 1) == 1
	case 0:
		i := 0
		for i < len(typed) && typed[i] == known[i] {
			i++
		}
		return i+1 < len(typed) && typed[i] == known[i+1] && typed[i+1] == known[i] && typed[i+2:] == known[i+2:]
	}
	return false
}
