package enrich

import (
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// TestSearchGenericsFindsInheritedConstraints checks what the passes add to
// search_generics (index.Store.SearchSymbols with a Constraint): a member
// of NavigationLink matches "View" through the Label: View clause the
// hierarchy pass copies from its generic type, and not before the pass.
func TestSearchGenericsFindsInheritedConstraints(t *testing.T) {
	const member = "apple-docs://swiftui/navigationlink/init(destination:label:)"
	fx := newRichFixture(t)
	matched := func() map[string][]string {
		st := indextest.Open(t, fx.db)
		rows, err := st.SearchSymbols(t.Context(), index.SymbolQuery{Constraint: "View", Limit: 50})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string][]string{}
		for _, r := range rows {
			if len(r.Matched) == 0 {
				t.Errorf("%s %s: a row without its matched clause", r.URI, r.Name)
			}
			out[r.URI] = append(out[r.URI], r.Matched...)
		}
		return out
	}
	before := matched()
	if !slices.Contains(before["apple-docs://swiftui/navigationlink"], "Label: View") {
		t.Fatalf("NavigationLink's own Label: View not found before the passes: %v", before)
	}
	if got := before[member]; len(got) != 0 {
		t.Fatalf("the member matched before the hierarchy pass: %v", got)
	}

	x := openIndex(t, fx.db)
	runPasses(t, x, Options{SymbolGraphDir: fx.graphs})
	// The passes edit a copy that replaces the index on Close.
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	after := matched()
	if !slices.Contains(after[member], "Label: View") {
		t.Errorf("after the passes the member matches %v, want the inherited Label: View", after[member])
	}
	hashable, err := indextest.Open(t, fx.db).SearchSymbols(t.Context(), index.SymbolQuery{Constraint: "Hashable", Limit: 50})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range hashable {
		if r.Framework != "minikit" {
			t.Errorf("Hashable matched %s, outside MiniKit", r.URI)
		}
	}
	if len(hashable) == 0 {
		t.Error("Hashable: no match, want Box and its members")
	}
}
