package enrich

import (
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// navInit is the fixture's member of a constrained extension; save wrote
// its clause into doc_symbols.
const navInit = "apple-docs://swiftui/navigationlink/init(_:destination:)"

func TestConstraintsPassRefillsDeclarationGaps(t *testing.T) {
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
	if got := declConstraints(t, rawDB(t, x), navInit); got != "Label == Text; Destination: View" {
		t.Fatalf("save did not write the page clause: %q", got)
	}
	res := runPasses(t, x, Options{}, "constraints")
	last := res[len(res)-1]
	if last.Rows != 1 {
		t.Errorf("constraints changed %d rows, want 1 (the gap): %s", last.Rows, last.Summary)
	}
	if got := queryString(t, rawDB(t, x), `SELECT s.generic_constraints FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
		WHERE d.uri = 'apple-docs://swift/set/union(_:)'`); got != "Element == S.Element; S: Sequence" {
		t.Errorf("refilled constraints = %q", got)
	}
	// The page clause is the index's own, not an addition of the pass.
	if got := declConstraints(t, rawDB(t, x), navInit); got != "Label == Text; Destination: View" {
		t.Errorf("page clause after the pass = %q", got)
	}
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM enrich_constraints WHERE pass = 'constraints'"); n != 1 {
		t.Errorf("enrich_constraints rows = %d, want 1", n)
	}
}

// TestConstraintsReadsNoSourceFiles puts render JSON with another clause at
// the page's recorded source file: the pass must not read it (version 1 did,
// re-reading every page's JSON at enrich time).
func TestConstraintsReadsNoSourceFiles(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	file := queryString(t, rawDB(t, x), "SELECT source_file FROM docs WHERE uri = ?", navInit)
	if !strings.HasPrefix(file, fx.dir) {
		t.Fatalf("source_file %q is not in the fixture directory", file)
	}
	testenv.WriteFile(t, file, `{"identifier":{"url":"`+fixtureBundle+`SwiftUI/NavigationLink/init(_:destination:)"},
"kind":"symbol","metadata":{"title":"init(_:destination:)","role":"symbol","symbolKind":"init",
"conformance":{"availabilityPrefix":[{"text":"Available when","type":"text"}],
"constraints":[{"code":"Label","type":"codeVoice"},{"text":" conforms to ","type":"text"},{"code":"Hashable","type":"codeVoice"},{"text":".","type":"text"}]}}}`)
	runPasses(t, x, Options{}, "constraints", "hierarchy")
	if got := declConstraints(t, rawDB(t, x), navInit); strings.Contains(got, "Hashable") || !strings.HasPrefix(got, "Label == Text; Destination: View") {
		t.Errorf("constraints %q: the pass read the source file", got)
	}
}

// TestConstraintsAdoptsVersion1Additions runs version 2 on an index that
// version 1 enriched: the page clauses version 1 appended (from the source
// files) stay, now as the index's own, and a re-run changes nothing.
func TestConstraintsAdoptsVersion1Additions(t *testing.T) {
	plain := fixtureDoc("apple-docs://minikit/box/sorted()", "sorted()", "func", "func sorted() -> [Content]")
	fx := newRichFixture(t, plain)
	x := openIndex(t, fx.db)
	// What version 1 left: the clause appended and recorded, and its run.
	for _, stmt := range []string{
		`UPDATE doc_symbols SET generic_constraints = 'Content: Comparable' WHERE origin = 'declaration'
			AND doc_id = (SELECT id FROM docs WHERE uri = 'apple-docs://minikit/box/sorted()')`,
		`INSERT INTO enrich_constraints(symbol_id, doc_id, pass, added) SELECT s.id, s.doc_id, 'constraints', 'Content: Comparable'
			FROM doc_symbols s JOIN docs d ON d.id = s.doc_id WHERE d.uri = 'apple-docs://minikit/box/sorted()' AND s.origin = 'declaration'`,
		`INSERT INTO enrich_runs(pass, version, rows_touched, millis, ran_at) VALUES ('constraints', '1', 1, 8000, '2026-01-01T00:00:00Z')`,
	} {
		if _, err := rawDB(t, x).Exec(stmt); err != nil {
			t.Fatalf("%s: %v", stmt, err)
		}
	}
	res := runPasses(t, x, Options{}, "constraints")
	if r := res[len(res)-1]; r.Rows != 1 || !strings.Contains(r.Summary, "1 version-1 additions adopted") {
		t.Errorf("first version-2 run: %d rows, %s", r.Rows, r.Summary)
	}
	if got := declConstraints(t, rawDB(t, x), "apple-docs://minikit/box/sorted()"); got != "Content: Comparable" {
		t.Errorf("version 1 clause lost: %q", got)
	}
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM enrich_constraints WHERE pass = 'constraints'"); n != 0 {
		t.Errorf("%d version-1 records left", n)
	}
	// Hierarchy now sees the clause as the row's own and adds Box's after it.
	runPasses(t, x, Options{}, "hierarchy")
	if got := declConstraints(t, rawDB(t, x), "apple-docs://minikit/box/sorted()"); got != "Content: Comparable; Content: Hashable" {
		t.Errorf("after hierarchy: %q", got)
	}
	before := snapshotTables(t, rawDB(t, x))
	for _, r := range runPasses(t, x, Options{}, "constraints", "hierarchy") {
		if r.Rows != 0 {
			t.Errorf("re-run: %s changed %d rows (%s)", r.Pass, r.Rows, r.Summary)
		}
	}
	for table, want := range before {
		if got := snapshotTables(t, rawDB(t, x))[table]; got != want {
			t.Errorf("table %s changed on re-run: %s -> %s", table, want, got)
		}
	}
}
