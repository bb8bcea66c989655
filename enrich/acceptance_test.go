package enrich

import (
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestAcceptanceOnFullIndex checks an index enriched over the whole corpus:
// CUPERTINO_DB names it (save runs the enrich passes before it commits, so
// a full index is an enriched one). It opens the file read-only.
func TestAcceptanceOnFullIndex(t *testing.T) {
	st := indextest.Open(t, testenv.FullIndexDB(t))
	db := indextest.DB(t, st)

	for _, pass := range PassNames() {
		if n := queryInt(t, db, "SELECT count(*) FROM enrich_runs WHERE pass = ?", pass); n == 0 {
			t.Errorf("pass %s never recorded", pass)
		}
	}
	total := queryInt(t, db, "SELECT count(*) FROM doc_symbols")
	constrained := queryInt(t, db, "SELECT count(*) FROM doc_symbols WHERE generic_constraints != ''")
	share := float64(constrained) / float64(total)
	t.Logf("doc_symbols with constraints: %d of %d (%.1f%%)", constrained, total, 100*share)
	if share < 0.08 {
		t.Errorf("only %.1f%% of doc_symbols rows carry constraints, want >= 8%%", 100*share)
	}
	if got := strings.Join(ancestors(t, db, "UIButton"), " > "); !strings.HasPrefix(got, "UIControl > UIView > UIResponder") {
		t.Errorf("UIButton ancestors = %q", got)
	}
	if got := declConstraints(t, db, "apple-docs://swiftui/navigationlink/init(destination:label:)"); !strings.Contains(got, "Destination: View") {
		t.Errorf("NavigationLink.init(destination:label:) constraints = %q", got)
	}
	started := time.Now()
	matches, err := st.SearchSymbols(t.Context(), index.SymbolQuery{Constraint: "View", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("search_generics View took %s", time.Since(started).Round(time.Millisecond))
	if len(matches) < 10 {
		t.Errorf("search_generics View: %d answers", len(matches))
	}
	for _, m := range matches {
		t.Logf("View: %s  %s  %v", m.URI, m.Name, m.Matched)
		if len(m.Matched) == 0 {
			t.Errorf("%s: no matched clause", m.URI)
		}
	}
	for word, want := range map[string]string{"bluetooth": "corebluetooth", "nfc": "corenfc", "iap": "storekit", "shareplay": "groupactivities"} {
		if id := queryString(t, db, `SELECT group_concat(identifier) FROM framework_aliases WHERE ' ' || synonyms || ' ' LIKE '% ' || ? || ' %'`, word); id != want {
			t.Errorf("%q maps to %q, want %s", word, id, want)
		}
	}
}
