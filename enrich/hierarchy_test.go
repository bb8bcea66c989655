package enrich

import (
	"database/sql"
	"testing"
)

func declConstraints(t *testing.T, db *sql.DB, uri string) string {
	t.Helper()
	return queryString(t, db, `SELECT group_concat(s.generic_constraints, ' | ') FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
		WHERE d.uri = ? AND s.origin = 'declaration'`, uri)
}

func TestHierarchyPropagatesTypeConstraintsToMembers(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x, Options{}, "constraints", "hierarchy")
	cases := map[string]string{
		// A plain member gets the type's where clause.
		"apple-docs://swiftui/navigationlink/init(destination:label:)": "Label: View; Destination: View",
		// The page's own clause (written by save) stays first and is not
		// repeated: Destination: View is already there.
		"apple-docs://swiftui/navigationlink/init(_:destination:)": "Label == Text; Destination: View; Label: View",
		// A nested type keeps its own and gains its parent's; its member
		// inherits both levels.
		"apple-docs://swiftui/navigationlink/configuration":       "Style: Sendable; Label: View; Destination: View",
		"apple-docs://swiftui/navigationlink/configuration/label": "Style: Sendable; Label: View; Destination: View",
		// Unconstrained types pass nothing on.
		"apple-docs://uikit/uibutton": "",
	}
	for uri, want := range cases {
		if got := declConstraints(t, rawDB(t, x), uri); got != want {
			t.Errorf("%s: constraints %q, want %q", uri, got, want)
		}
	}
	// NavigationLink's two inits, Configuration and its label; Box's map
	// and its two count overloads.
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM enrich_constraints WHERE pass = 'hierarchy'"); n != 7 {
		t.Errorf("hierarchy recorded %d rows, want 7", n)
	}
	if got := declConstraints(t, rawDB(t, x), "apple-docs://minikit/box/count-9wxyz"); got != "Content: Hashable" {
		t.Errorf("Box.count constraints %q", got)
	}
}

// TestHierarchyReappliesWithoutDuplicates changes a parent's constraints
// after a run, as a re-save or a new pass version would: the members follow
// the parent, with no stale or doubled clause.
func TestHierarchyReappliesWithoutDuplicates(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x, Options{}, "constraints", "hierarchy")
	member := "apple-docs://swiftui/navigationlink/init(destination:label:)"
	for i := 0; i < 3; i++ {
		res := runPasses(t, x, Options{}, "hierarchy")
		if res[0].Rows != 0 {
			t.Fatalf("re-run %d changed %d rows", i, res[0].Rows)
		}
	}
	if _, err := rawDB(t, x).Exec(`UPDATE doc_symbols SET generic_constraints = 'Label: View; Destination: Equatable'
		WHERE origin = 'declaration' AND doc_id = (SELECT id FROM docs WHERE uri = 'apple-docs://swiftui/navigationlink')`); err != nil {
		t.Fatal(err)
	}
	res := runPasses(t, x, Options{}, "hierarchy")
	if res[0].Rows == 0 {
		t.Fatal("a changed parent changed no member")
	}
	if got := declConstraints(t, rawDB(t, x), member); got != "Label: View; Destination: Equatable" {
		t.Errorf("member after the parent changed: %q", got)
	}
	if got := declConstraints(t, rawDB(t, x), "apple-docs://swiftui/navigationlink/configuration/label"); got != "Style: Sendable; Label: View; Destination: Equatable" {
		t.Errorf("nested member after the parent changed: %q", got)
	}
	// The parent loses its constraints: members return to their own.
	if _, err := rawDB(t, x).Exec(`UPDATE doc_symbols SET generic_constraints = ''
		WHERE origin = 'declaration' AND doc_id = (SELECT id FROM docs WHERE uri = 'apple-docs://swiftui/navigationlink')`); err != nil {
		t.Fatal(err)
	}
	runPasses(t, x, Options{}, "hierarchy")
	if got := declConstraints(t, rawDB(t, x), member); got != "" {
		t.Errorf("member kept stale inherited constraints: %q", got)
	}
	if got := declConstraints(t, rawDB(t, x), "apple-docs://swiftui/navigationlink/init(_:destination:)"); got != "Label == Text; Destination: View" {
		t.Errorf("page clause lost with the inherited ones: %q", got)
	}
}
