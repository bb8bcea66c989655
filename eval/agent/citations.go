package agent

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Citation scoring (seed 002, adapted): grounded answers cite the pages of
// the APIs they use, as apple-docs:// URIs or samples://project/path:start-end
// line ranges, and each answer is scored on
//
//	validity   the cited URI exists, and a line range lies within its file
//	precision  a valid citation's page documents, or its lines contain, the
//	           symbol the citing line names (extractive: a symbol match)
//	coverage   the share of the API symbols the code uses that a valid
//	           citation covers
//
// An optional LLM judge (judge.go) adds a verdict on abstractive claims.

// Pages is what citation scoring asks of the documentation.
type Pages interface {
	// PageText returns the page's title and text (a sample file's text as
	// stored); ok is false when there is no such page.
	PageText(uri string) (title, text string, ok bool, err error)
}

// Citation is one cited source in a reply.
type Citation struct {
	URI string `json:"uri"`
	// Start and End are the cited lines of a samples:// file, 0 when the
	// citation names a whole page.
	Start int `json:"start,omitempty"`
	End   int `json:"end,omitempty"`
	// Symbol is the API the citing line names ("NavigationStack" in
	// "- `NavigationStack`: apple-docs://swiftui/navigationstack"), "" when
	// it names none.
	Symbol string `json:"symbol,omitempty"`
	Line   int    `json:"line"`
	// quoted: the symbol was in backticks, so it is meant, not a word of
	// prose ("See apple-docs://…").
	quoted bool
}

// CitationScore is the verdict on one answer's citations.
type CitationScore struct {
	Cited   int `json:"cited"`
	Valid   int `json:"valid"`
	Precise int `json:"precise"`
	Used    int `json:"used"`
	Covered int `json:"covered"`
	// Invalid, Imprecise and Uncited name what failed, for the report.
	Invalid   []string `json:"invalid,omitempty"`
	Imprecise []string `json:"imprecise,omitempty"`
	Uncited   []string `json:"uncited,omitempty"`
	// Judged is the LLM judge's share of supported claims, when it ran.
	Judged *JudgeVerdict `json:"judge,omitempty"`
}

// Validity is Valid/Cited, Precision Precise/Valid, Coverage Covered/Used;
// each is 0 with an empty denominator, which the counts show.
func (c CitationScore) Validity() float64  { return ratio(c.Valid, c.Cited) }
func (c CitationScore) Precision() float64 { return ratio(c.Precise, c.Valid) }
func (c CitationScore) Coverage() float64  { return ratio(c.Covered, c.Used) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// citationRE finds cited URIs: apple-docs:// pages and samples:// files with
// an optional :start-end line range.
var citationRE = regexp.MustCompile("(apple-docs://[^\\s)`>\\]]+|samples://[^\\s)`>\\]:]+)(?::(\\d+)-(\\d+))?")

// symbolRE finds the API a citing line names: backticked first, else the
// last identifier before the URI.
var (
	backtickRE = regexp.MustCompile("`([^`]+)`")
	identRE    = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*`)
)

// ExtractCitations lists the citations in a reply, outside its code.
func ExtractCitations(reply string) []Citation {
	var out []Citation
	inFence := false
	for i, line := range strings.Split(reply, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		for _, m := range citationRE.FindAllStringSubmatchIndex(line, -1) {
			c := Citation{URI: strings.TrimRight(line[m[2]:m[3]], ".,;:"), Line: i + 1}
			c.Symbol, c.quoted = citedSymbol(line[:m[0]])
			if m[4] >= 0 {
				c.Start, _ = strconv.Atoi(line[m[4]:m[5]])
				c.End, _ = strconv.Atoi(line[m[6]:m[7]])
			}
			out = append(out, c)
		}
	}
	return out
}

// citedSymbol is the API named before a URI on its line, reduced to its
// base name ("`View.padding(_:_:)`" gives "padding"), and whether it was
// quoted in backticks.
func citedSymbol(before string) (string, bool) {
	name, quoted := "", false
	if m := backtickRE.FindAllStringSubmatch(before, -1); len(m) > 0 {
		name, quoted = m[len(m)-1][1], true
	} else if ids := identRE.FindAllString(before, -1); len(ids) > 0 {
		name = ids[len(ids)-1]
	}
	name = strings.TrimLeft(strings.TrimSpace(name), "@#.")
	if i := strings.IndexAny(name, "(<"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	return name, quoted
}

// ScoreCitations scores the citations of reply against pages; used are the
// API symbols the code uses (base names).
func ScoreCitations(reply string, used []string, pages Pages) (CitationScore, error) {
	var sc CitationScore
	covered := map[string]bool{}
	usedSet := map[string]bool{}
	for _, u := range used {
		usedSet[u] = true
	}
	for _, c := range ExtractCitations(reply) {
		sc.Cited++
		title, text, ok, err := pages.PageText(c.URI)
		if err != nil {
			return sc, fmt.Errorf("citation %s: %w", c.URI, err)
		}
		lines := strings.Split(text, "\n")
		if !ok || c.Start > 0 && (c.Start > c.End || c.End > len(lines)) {
			sc.Invalid = append(sc.Invalid, c.String())
			continue
		}
		sc.Valid++
		if c.Start > 0 {
			text = strings.Join(lines[c.Start-1:c.End], "\n")
		}
		// The symbols this citation stands for: the one its line names,
		// else every used symbol the page documents or contains. A bare
		// word that is no used symbol is prose, not a name.
		want := []string{c.Symbol}
		if c.Symbol == "" || !c.quoted && !usedSet[c.Symbol] {
			want = used
		}
		precise := false
		for _, sym := range want {
			if documents(title, text, sym, c.Start > 0) {
				precise = true
				if usedSet[sym] {
					covered[sym] = true
				}
			}
		}
		if precise {
			sc.Precise++
		} else {
			sc.Imprecise = append(sc.Imprecise, c.String())
		}
	}
	sc.Used = len(used)
	for _, u := range used {
		if covered[u] {
			sc.Covered++
		} else {
			sc.Uncited = append(sc.Uncited, u)
		}
	}
	return sc, nil
}

// documents says whether a page documents sym (its title's base name is
// sym) or, for a page's text or a file's lines, contains it as a word.
func documents(title, text, sym string, linesOnly bool) bool {
	if sym == "" {
		return false
	}
	if !linesOnly && baseTitle(title) == sym {
		return true
	}
	for i := strings.Index(text, sym); i >= 0; {
		end := i + len(sym)
		if (i == 0 || !isIdentChar(text[i-1])) && (end == len(text) || !isIdentChar(text[end])) {
			return true
		}
		next := strings.Index(text[i+1:], sym)
		if next < 0 {
			break
		}
		i += next + 1
	}
	return false
}

func baseTitle(title string) string {
	if i := strings.IndexAny(title, "(<"); i > 0 {
		title = title[:i]
	}
	if i := strings.LastIndexByte(title, '.'); i >= 0 {
		title = title[i+1:]
	}
	return strings.TrimSpace(title)
}

func isIdentChar(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

func (c Citation) String() string {
	s := c.URI
	if c.Start > 0 {
		s += fmt.Sprintf(":%d-%d", c.Start, c.End)
	}
	if c.Symbol != "" {
		s = c.Symbol + " " + s
	}
	return s
}

// String is the score's counts, for logs and comparisons.
func (c *CitationScore) String() string {
	if c == nil {
		return "none"
	}
	return fmt.Sprintf("cited %d valid %d precise %d used %d covered %d", c.Cited, c.Valid, c.Precise, c.Used, c.Covered)
}
