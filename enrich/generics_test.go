package enrich

import (
	"errors"
	"strings"
	"testing"
)

func TestSearchGenericsShowsTheMatchedClause(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x.DB, Options{SymbolGraphDir: fx.graphs})
	got, err := SearchGenerics(t.Context(), x.DB, "View", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no answer for View")
	}
	first := got[0]
	if first.URI != "apple-docs://swiftui/navigationlink" || first.Clause != "Label: View" || first.Inherited {
		t.Errorf("first = %+v, want NavigationLink's own Label: View", first)
	}
	var inherited *GenericMatch
	for i := range got {
		if got[i].URI == "apple-docs://swiftui/navigationlink/init(destination:label:)" {
			inherited = &got[i]
		}
		if !clauseNames(got[i].Clause, "View") {
			t.Errorf("%s: clause %q does not name View", got[i].URI, got[i].Clause)
		}
	}
	if inherited == nil || !inherited.Inherited || inherited.Clause != "Label: View" {
		t.Errorf("member init = %+v, want an inherited Label: View", inherited)
	}
	// Own clauses rank before inherited ones.
	seenInherited := false
	for _, m := range got {
		if m.Inherited {
			seenInherited = true
		} else if seenInherited {
			t.Errorf("own clause %s ranked after an inherited one", m.URI)
		}
	}
	hashable, err := SearchGenerics(t.Context(), x.DB, "Hashable", 10)
	if err != nil {
		t.Fatal(err)
	}
	var own []string
	for _, m := range hashable {
		if !m.Inherited {
			own = append(own, m.URI)
		}
	}
	if len(hashable) != 5 || strings.Join(own, " ") != "apple-docs://minikit/box apple-docs://minikit/swift/array/unique()" {
		t.Errorf("Hashable: %d answers, own %q; want Box and unique() (one answer per page), then Box's 3 members", len(hashable), own)
	}
	if _, err := SearchGenerics(t.Context(), x.DB, " ", 10); !errors.Is(err, ErrEmptyType) {
		t.Errorf("empty type: %v", err)
	}
}

func TestClauseNames(t *testing.T) {
	cases := []struct {
		clause string
		want   bool
	}{
		{"Label: View", true},
		{"Content: View & Sendable", true},
		{"Element == View", true},
		{"Content: ViewModifier", false},
		{"View: Sendable", false}, // the subject is not the requirement
		{"Label == Label<Text, Image>", false},
	}
	for _, c := range cases {
		if got := clauseNames(c.clause, "View"); got != c.want {
			t.Errorf("clauseNames(%q) = %v", c.clause, got)
		}
	}
}
