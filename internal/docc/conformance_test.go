package docc

import (
	"slices"
	"strings"
	"testing"
)

func code(s string) Inline { return Inline{Type: "codeVoice", Code: s} }
func text(s string) Inline { return Inline{Type: "text", Text: s} }

func TestAvailableWhenNormalisesEveryWording(t *testing.T) {
	cases := []struct {
		name string
		in   []Inline
		want []string
	}{
		{"conforms", []Inline{code("Label"), text(" conforms to "), code("View"), text(".")},
			[]string{"Label: View"}},
		{"same type in pieces", []Inline{code("Self"), text(" is "), code("String"), code("."), code("Comparator"), text(".")},
			[]string{"Self == String.Comparator"}},
		{"two clauses", []Inline{code("Label"), text(" conforms to "), code("View"), text(" and "),
			code("Content"), text(" is "), code("Never"), text(".")},
			[]string{"Label: View", "Content == Never"}},
		{"shared subject", []Inline{code("Category"), text(" conforms to "), code("Comparable"), text(", "),
			code("Decodable"), text(", and "), code("Hashable"), text(".")},
			[]string{"Category: Comparable", "Category: Decodable", "Category: Hashable"}},
		{"superclass and list", []Inline{code("Self"), text(" inherits "), code("NSObject"), text(", "),
			code("Value.ValueType"), text(" conforms to "), code("AppEntity"), text(", and "), code("Data"), text(" is "), code("Int"), text(".")},
			[]string{"Self: NSObject", "Value.ValueType: AppEntity", "Data == Int"}},
		{"repeated clause once", []Inline{code("T"), text(" conforms to "), code("View"), text(" and "), code("T"), text(" conforms to "), code("View")},
			[]string{"T: View"}},
		{"linked type", []Inline{code("Element"), text(" conforms to "), {Type: "reference", Identifier: "doc://com.example.docs/documentation/Gizmo/Knob"}},
			[]string{"Element: Knob"}},
		{"no relation", []Inline{code("Label"), text(" frobs "), code("View")}, nil},
		{"empty", nil, nil},
	}
	for _, c := range cases {
		p := &Page{Metadata: Metadata{Conformance: &Conformance{Constraints: c.in}}}
		if got := p.AvailableWhen(); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
	if got := (&Page{}).AvailableWhen(); got != nil {
		t.Errorf("page without conformance: %q", got)
	}
}

// conformancePage is a minimal member page; decl is its declarations
// section ("" for none).
func conformancePage(conformance, decl string) string {
	sections := `[]`
	if decl != "" {
		sections = `[{"kind":"declarations","declarations":[{"languages":["swift"],"tokens":[{"kind":"text","text":"` + decl + `"}]}]}]`
	}
	return `{"identifier":{"url":"doc://com.example.docs/documentation/Gizmo/Dial/spin()","interfaceLanguage":"swift"},
"kind":"symbol","metadata":{"title":"spin()","role":"symbol","symbolKind":"method"` + conformance + `},
"abstract":[{"type":"text","text":"Spins the dial."}],"primaryContentSections":` + sections + `}`
}

const labelIsText = `,"conformance":{"availabilityPrefix":[{"type":"text","text":"Available when"}],
"constraints":[{"type":"codeVoice","code":"Label"},{"type":"text","text":" is "},{"type":"codeVoice","code":"Text"},{"type":"text","text":"."}]}`

func TestAvailableWhenInDocumentAndMarkdown(t *testing.T) {
	const line = "Available when `Label` is `Text`."
	raw := []byte(conformancePage(labelIsText, "func spin()"))
	p := mustParse(t, raw)
	d, err := p.Document("spin().json", raw)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(d.AvailableWhen, []string{"Label == Text"}) {
		t.Errorf("AvailableWhen = %q", d.AvailableWhen)
	}
	// The line follows the declaration it qualifies.
	if !strings.Contains(d.Markdown, "func spin()\n```\n\n"+line+"\n") {
		t.Errorf("markdown lacks the clause under the declaration:\n%s", d.Markdown)
	}
	if md := RenderMarkdown(p, RenderOptions{Omit: SectionDeclaration}); strings.Contains(md, "Available when") {
		t.Errorf("omitting the declaration kept its clause:\n%s", md)
	}

	// Without a declaration the line still appears, after the abstract.
	if md := RenderMarkdown(mustParse(t, []byte(conformancePage(labelIsText, ""))), RenderOptions{}); !strings.Contains(md, "Spins the dial.\n\n"+line+"\n") {
		t.Errorf("markdown without a declaration:\n%s", md)
	}
}

// A conformance of the wrong JSON type loses that value, not the page.
func TestAvailableWhenToleratesOddShapes(t *testing.T) {
	for _, conformance := range []string{`,"conformance":"Available when Label is Text."`, `,"conformance":{"constraints":7}`, `,"conformance":null`} {
		raw := []byte(conformancePage(conformance, "func spin()"))
		p, err := Parse(raw)
		if err != nil {
			t.Fatalf("%s: %v", conformance, err)
		}
		d, err := p.Document("spin().json", raw)
		if err != nil {
			t.Fatalf("%s: %v", conformance, err)
		}
		if d.AvailableWhen != nil || d.Title != "spin()" || strings.Contains(d.Markdown, "Available when") {
			t.Errorf("%s: AvailableWhen %q, title %q, markdown:\n%s", conformance, d.AvailableWhen, d.Title, d.Markdown)
		}
	}
}
