package enrich

import (
	"context"
	"database/sql"
	"strings"
	"testing"
)

// ancestors walks inheritsFrom edges upward by title, as get_inheritance does.
func ancestors(t *testing.T, db *sql.DB, title string) []string {
	t.Helper()
	var chain []string
	seen := map[string]bool{}
	for cur := title; cur != "" && !seen[strings.ToLower(cur)]; {
		seen[strings.ToLower(cur)] = true
		var parent sql.NullString
		err := db.QueryRowContext(context.Background(), `SELECT parent_title FROM inheritance_edges
			WHERE relation = 'inheritsFrom' AND child_title = ? COLLATE NOCASE ORDER BY rowid LIMIT 1`, cur).Scan(&parent)
		if err == sql.ErrNoRows {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		chain = append(chain, parent.String)
		cur = parent.String
	}
	return chain
}

func TestRelationshipsResolveDedupAndCompleteLists(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	edgesBefore := queryInt(t, rawDB(t, x), "SELECT count(*) FROM inheritance_edges")
	res := runPasses(t, x, Options{}, "relationships")
	r := res[len(res)-1]
	if r.Rows == 0 {
		t.Fatalf("relationships changed nothing: %s", r.Summary)
	}
	// The legacy parent URI of UIView resolves to the indexed UIResponder.
	if got := queryString(t, rawDB(t, x), `SELECT parent_uri FROM inheritance_edges WHERE child_uri = 'apple-docs://uikit/uiview'`); got != "apple-docs://uikit/uiresponder" {
		t.Errorf("UIView's parent = %q", got)
	}
	if got := strings.Join(ancestors(t, rawDB(t, x), "UIButton"), " > "); got != "UIControl > UIView > UIResponder" {
		t.Errorf("UIButton ancestors = %q", got)
	}
	// UIButton only appears in UIControl's inheritedBy; the edge now also
	// appears in UIButton's own list, and UIView lists UIControl below it.
	if got := queryString(t, rawDB(t, x), `SELECT st.inherits_from FROM docs_structured st JOIN docs d ON d.id = st.doc_id WHERE d.uri = 'apple-docs://uikit/uibutton'`); got != `[{"uri":"apple-docs://uikit/uicontrol","title":"UIControl"}]` {
		t.Errorf("UIButton inherits_from = %s", got)
	}
	if got := queryString(t, rawDB(t, x), `SELECT st.inherited_by FROM docs_structured st JOIN docs d ON d.id = st.doc_id WHERE d.uri = 'apple-docs://uikit/uiview'`); got != `[{"uri":"apple-docs://uikit/uicontrol","title":"UIControl"}]` {
		t.Errorf("UIView inherited_by = %s", got)
	}
	if got := queryString(t, rawDB(t, x), `SELECT st.conforming_types FROM docs_structured st JOIN docs d ON d.id = st.doc_id WHERE d.uri = 'apple-docs://foundation/nscoding'`); got != `[{"uri":"apple-docs://uikit/uibutton","title":"UIButton"}]` {
		t.Errorf("NSCoding conforming_types = %s", got)
	}
	// Duplicates: UIControl's inheritedBy and UIButton's edge were one edge.
	if n := queryInt(t, rawDB(t, x), `SELECT count(*) FROM inheritance_edges WHERE child_uri = 'apple-docs://uikit/uibutton' AND relation = 'inheritsFrom'`); n != 1 {
		t.Errorf("UIButton -> UIControl edges = %d, want 1", n)
	}
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM inheritance_edges"); n > edgesBefore {
		t.Errorf("edges grew from %d to %d", edgesBefore, n)
	}
}

func TestMergeRefs(t *testing.T) {
	list := `[{"uri":"apple-docs://objectivec/1418956-nsobject","title":"NSObject"},{"uri":"apple-docs://a/b","title":"B"}]`
	got, ok, err := mergeRefs(list, []refJSON{{URI: "apple-docs://objectivec/nsobject", Title: "NSObject"}, {URI: "apple-docs://a/c", Title: "C"}, {URI: "apple-docs://a/c", Title: "C"}})
	if err != nil || !ok {
		t.Fatalf("mergeRefs: %v %v", ok, err)
	}
	want := `[{"uri":"apple-docs://objectivec/1418956-nsobject","title":"NSObject"},{"uri":"apple-docs://a/b","title":"B"},{"uri":"apple-docs://a/c","title":"C"}]`
	if got != want {
		t.Errorf("merged = %s\nwant     %s", got, want)
	}
	if _, ok, _ := mergeRefs(want, []refJSON{{URI: "apple-docs://a/c", Title: "C"}}); ok {
		t.Error("merging a present ref reported a change")
	}
}
