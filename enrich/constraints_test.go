package enrich

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func code(s string) conformanceToken { return conformanceToken{Type: "codeVoice", Code: s} }
func text(s string) conformanceToken { return conformanceToken{Type: "text", Text: s} }

func TestParseConformance(t *testing.T) {
	cases := []struct {
		name   string
		tokens []conformanceToken
		want   []string
	}{
		{"conforms", []conformanceToken{code("Label"), text(" conforms to "), code("View"), text(".")},
			[]string{"Label: View"}},
		{"same type in pieces", []conformanceToken{code("Label"), text(" is "), code("Label<Text, "), code("Image>"), text(".")},
			[]string{"Label == Label<Text, Image>"}},
		{"two clauses", []conformanceToken{code("Label"), text(" conforms to "), code("View"), text(" and "),
			code("Content"), text(" is "), code("Never"), text(".")},
			[]string{"Label: View", "Content == Never"}},
		{"shared subject", []conformanceToken{code("Category"), text(" conforms to "), code("Comparable"), text(", "),
			code("Decodable"), text(", and "), code("Hashable"), text(".")},
			[]string{"Category: Comparable", "Category: Decodable", "Category: Hashable"}},
		{"superclass and list", []conformanceToken{code("Self"), text(" inherits "), code("NSObject"), text(", "),
			code("Value.ValueType"), text(" conforms to "), code("AppEntity"), text(", and "), code("Data"), text(" is "), code("Int"), text(".")},
			[]string{"Self: NSObject", "Value.ValueType: AppEntity", "Data == Int"}},
		{"no relation", []conformanceToken{code("Label"), text(" frobs "), code("View")}, nil},
	}
	for _, c := range cases {
		if got := parseConformance(c.tokens); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestPageConstraintsReadsOnlyTheTopLevelMetadata(t *testing.T) {
	if got := pageConstraints([]byte(conformancePageJSON)); !slices.Equal(got, []string{"Label == Text", "Destination: View"}) {
		t.Errorf("page constraints = %q", got)
	}
	// A nested "metadata" before the page's own, of another shape.
	nestedFirst := `{"references":{"a":{"metadata":{"conformance":7}}},"metadata":{"conformance":{"constraints":[` +
		`{"type":"codeVoice","code":"T"},{"type":"text","text":" conforms to "},{"type":"codeVoice","code":"Sendable"}]}}}`
	if got := pageConstraints([]byte(nestedFirst)); !slices.Equal(got, []string{"T: Sendable"}) {
		t.Errorf("nested-first page constraints = %q", got)
	}
	for _, raw := range []string{`{"metadata":{"title":"x"}}`, `not json "conformance"`, ``} {
		if got := pageConstraints([]byte(raw)); got != nil {
			t.Errorf("pageConstraints(%q) = %q, want nil", raw, got)
		}
	}
}

func TestConstraintsPassFillsPageClausesAndDeclarationGaps(t *testing.T) {
	// A declaration symbol written without its constraints, as an older
	// extractor left it.
	gap := fixtureDoc("apple-docs://swift/set/union(_:)", "union(_:)", "func",
		"func union<S>(_ other: S) -> Set<Element> where Element == S.Element, S : Sequence")
	if len(gap.Symbols) != 1 || len(gap.Symbols[0].GenericConstraints) != 2 {
		t.Fatalf("fixture: extractor gave %+v", gap.Symbols)
	}
	gap.Symbols[0].GenericConstraints = nil
	fx := newRichFixture(t, gap)
	x := openIndex(t, fx.db)
	res := runPasses(t, x.DB, Options{}, "constraints")
	last := res[len(res)-1]
	if last.Rows != 2 {
		t.Errorf("constraints changed %d rows, want 2 (one page clause, one gap): %s", last.Rows, last.Summary)
	}
	got := queryString(t, x.DB, `SELECT s.generic_constraints FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
		WHERE d.uri = 'apple-docs://swiftui/navigationlink/init(_:destination:)' AND s.origin = 'declaration'`)
	if got != "Label == Text; Destination: View" {
		t.Errorf("page clause constraints = %q", got)
	}
	got = queryString(t, x.DB, `SELECT s.generic_constraints FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
		WHERE d.uri = 'apple-docs://swift/set/union(_:)'`)
	if got != "Element == S.Element; S: Sequence" {
		t.Errorf("refilled constraints = %q", got)
	}
	if n := queryInt(t, x.DB, "SELECT count(*) FROM enrich_constraints WHERE pass = 'constraints'"); n != 2 {
		t.Errorf("enrich_constraints rows = %d, want 2", n)
	}
}

// TestConstraintsKeepsClausesWhenSourcesMove re-runs the pass after the
// corpus went away: the page clauses read before stay.
func TestConstraintsKeepsClausesWhenSourcesMove(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x.DB, Options{}, "constraints")
	uri := "apple-docs://swiftui/navigationlink/init(_:destination:)"
	before := declConstraints(t, x.DB, uri)
	if before != "Label == Text; Destination: View" {
		t.Fatalf("first run: %q", before)
	}
	if err := os.RemoveAll(filepath.Join(fx.dir, "docs")); err != nil {
		t.Fatal(err)
	}
	res := runPasses(t, x.DB, Options{}, "constraints")
	if r := res[len(res)-1]; r.Rows != 0 || !strings.Contains(r.Summary, "source files unreadable") {
		t.Errorf("run without sources: %d rows, %s", r.Rows, r.Summary)
	}
	if got := declConstraints(t, x.DB, uri); got != before {
		t.Errorf("clauses lost with the sources: %q", got)
	}
}
