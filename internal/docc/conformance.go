package docc

import (
	"slices"
	"strings"
)

// Conformance is metadata.conformance: the where clause of the constrained
// extension a member is declared in. DocC prints it under the declaration
// ("Available when Label conforms to View and Destination is Text.") but not
// inside it, so the declaration (and every symbol parsed from it) never sees
// it. In the full corpus 5,220 symbol pages carry one, all in this shape:
// codeVoice and text inlines, the text being " conforms to ", " is ",
// " inherits ", " and ", ", ", ", and " and a closing ".".
type Conformance struct {
	// AvailabilityPrefix is "Available when".
	AvailabilityPrefix []Inline `json:"availabilityPrefix"`
	// ConformancePrefix is "Conforms when", the wording DocC uses when the
	// clause qualifies a conformance rather than a member.
	ConformancePrefix []Inline `json:"conformancePrefix"`
	Constraints       []Inline `json:"constraints"`
}

// AvailableWhen returns the page's "Available when …" clause as normalised
// generic constraints, the form swiftsym writes for declarations ("Label:
// View", "Element == Int", "Self: NSObject"), each once, in page order; nil
// when the page has none.
func (p *Page) AvailableWhen() []string {
	if p.Metadata.Conformance == nil {
		return nil
	}
	return p.constraints(p.Metadata.Conformance.Constraints)
}

// relations maps DocC's wording to the normalised constraint operator.
// "inherits" is a superclass requirement, written like a conformance.
var relations = []struct{ phrase, op string }{
	{"conforms to", ": "},
	{"inherits", ": "},
	{"is", " == "},
}

// clauseItem is a run of code (a type) or of prose between types.
type clauseItem struct {
	code string
	text string
}

// constraints reads an inline list as clauses "LHS <relation> RHS" joined by
// ",", "and" or ", and"; a bare RHS after a joiner continues the previous
// clause ("Category conforms to Comparable, Decodable, and Hashable" gives
// three). Adjacent code inlines form one type: "Label<Text, Image>" may
// arrive in pieces. A reference inline counts as code (its title), so a
// future DocC that links the types still parses.
func (p *Page) constraints(in []Inline) []string {
	var items []clauseItem
	for i := range in {
		code, isCode := "", false
		switch in[i].Type {
		case "codeVoice":
			code, isCode = in[i].Code, true
		case "reference":
			code, isCode = p.target(in[i].Identifier).title, true
		}
		if !isCode {
			items = append(items, clauseItem{text: in[i].Text})
			continue
		}
		if n := len(items); n > 0 && items[n-1].text == "" && items[n-1].code != "" {
			items[n-1].code += code
			continue
		}
		items = append(items, clauseItem{code: code})
	}
	var out []string
	lhs, op := "", ""
	for i := 0; i < len(items); i++ {
		it := items[i]
		if strings.TrimSpace(it.code) == "" {
			continue
		}
		// A type followed by a relation phrase starts a clause.
		if i+1 < len(items) && items[i+1].code == "" {
			if rel := relationIn(items[i+1].text); rel != "" {
				lhs, op = strings.TrimSpace(it.code), rel
				i++
				continue
			}
		}
		if lhs == "" {
			continue // a type before any relation: nothing to attach it to
		}
		if c := lhs + op + strings.TrimSpace(it.code); !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

// relationIn finds the relation phrase in the prose between two types,
// ignoring case, surrounding punctuation and a leading "and".
func relationIn(text string) string {
	words := strings.Fields(strings.ToLower(strings.Trim(text, " ,.")))
	phrase := strings.TrimPrefix(strings.Join(words, " "), "and ")
	for _, r := range relations {
		if phrase == r.phrase {
			return r.op
		}
	}
	return ""
}

// availableWhenLine is the Markdown of the clause as Apple's site prints it,
// types in code voice: "Available when `Label` conforms to `View`." It is ""
// when the page has no clause.
func (r *renderer) availableWhenLine() string {
	c := r.p.Metadata.Conformance
	if c == nil || len(c.Constraints) == 0 {
		return ""
	}
	body := r.inlineString(joinCode(c.Constraints), 0)
	if body == "" {
		return ""
	}
	prefix := r.inlineString(c.AvailabilityPrefix, 0)
	if prefix == "" {
		prefix = "Available when"
	}
	return prefix + " " + body
}

// joinCode merges adjacent code inlines into one: DocC splits some types
// ("String" "." "Comparator", 56 corpus pages), which would otherwise render
// as three code spans back to back, broken Markdown.
func joinCode(in []Inline) []Inline {
	out := make([]Inline, 0, len(in))
	for _, x := range in {
		if n := len(out); n > 0 && x.Type == "codeVoice" && out[n-1].Type == "codeVoice" {
			out[n-1].Code += x.Code
			continue
		}
		out = append(out, x)
	}
	return out
}
