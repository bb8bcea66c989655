package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestGraphReads: the per-type and per-name reads of the symbol graph give
// Apple pages with their parent, declaration, Topics entries and edges,
// and nothing from other sources.
func TestGraphReads(t *testing.T) {
	l := openLookup(t, buildFixture(t))
	ctx := context.Background()

	view, err := l.GraphType(ctx, "apple-docs://swiftui/view")
	if err != nil {
		t.Fatal(err)
	}
	if !view.Found || view.Page.Title != "View" || view.Page.Kind != "protocol" {
		t.Errorf("View's page = %+v (found %v)", view.Page, view.Found)
	}
	var padding *GraphPage
	for i, p := range view.Members {
		if p.Title == "padding(_:_:)" {
			padding = &view.Members[i]
		}
	}
	if padding == nil || padding.Declaration == "" || padding.ParentURI != "apple-docs://swiftui/view" {
		t.Errorf("padding member = %+v in %+v", padding, view.Members)
	}
	body := false
	for _, c := range view.Children {
		body = body || c.Title == "body" && c.ParentURI == "apple-docs://swiftui/view" && c.Kind == "" && c.Declaration == "var body: Self.Body"
	}
	if !body {
		t.Errorf("View's Topics entry body (no page of its own, its listed declaration) missing: %+v", view.Children)
	}

	text, err := l.GraphType(ctx, "apple-docs://swiftui/text")
	if err != nil {
		t.Fatal(err)
	}
	conforms := false
	for _, e := range text.Edges {
		conforms = conforms || e.ParentURI == "apple-docs://swiftui/view" && e.Relation == "conformsTo"
	}
	if !conforms {
		t.Errorf("Text's edges = %+v, want conformsTo View", text.Edges)
	}

	named, err := l.GraphNamed(ctx, "padding")
	if err != nil {
		t.Fatal(err)
	}
	if len(named) != 1 || named[0].ParentTitle != "View" || named[0].ParentKind != "protocol" || named[0].Declaration == "" {
		t.Errorf("GraphNamed(padding) = %+v", named)
	}
	if actors, err := l.GraphNamed(ctx, "actors"); err != nil || len(actors) != 0 {
		t.Errorf("GraphNamed(actors) = %+v, %v: a page of another source", actors, err)
	}

	cs, err := l.GraphContainers(ctx, []string{"apple-docs://swiftui/view", "apple-docs://swiftui/nothing"})
	if err != nil {
		t.Fatal(err)
	}
	if v := cs["apple-docs://swiftui/view"]; len(cs) != 1 || len(v) != 1 || v[0].URI != "apple-docs://swiftui/view" || v[0].Title != "View" {
		t.Errorf("GraphContainers(view, nothing) = %+v", cs)
	}
	// More prefixes than one statement takes.
	many := make([]string, 2*maxContainerPrefixes+1)
	for i := range many {
		many[i] = fmt.Sprintf("apple-docs://m%d/view", i)
	}
	many[len(many)-1] = "apple-docs://swiftui/view"
	if cs, err := l.GraphContainers(ctx, many); err != nil || len(cs["apple-docs://swiftui/view"]) != 1 {
		t.Errorf("GraphContainers(%d prefixes) = %+v, %v", len(many), cs, err)
	}
	if p, ok, err := l.GraphPageAt(ctx, "apple-docs://swiftui/text"); err != nil || !ok || p.Kind != "struct" {
		t.Errorf("GraphPageAt(text) = %+v, %v, %v", p, ok, err)
	}
	listed, err := l.GraphListed(ctx, "body")
	if err != nil || len(listed) != 1 || listed[0].ParentURI != "apple-docs://swiftui/view" {
		t.Errorf("GraphListed(body) = %+v, %v", listed, err)
	}
}

// TestGraphListedWithoutTitleIndex: an index saved before
// doc_children_title existed gives the same entries, read whole once.
func TestGraphListedWithoutTitleIndex(t *testing.T) {
	path := buildFixture(t)
	alterDB(t, path, "DROP INDEX doc_children_title")
	l := openLookup(t, path)
	for range 2 {
		listed, err := l.GraphListed(context.Background(), "body")
		if err != nil || len(listed) != 1 || listed[0].ParentURI != "apple-docs://swiftui/view" || listed[0].URI == "" {
			t.Fatalf("GraphListed(body) = %+v, %v", listed, err)
		}
	}
	if l.graphTablesSeen.childTitles {
		t.Error("the lookup believes the title index is there")
	}
}

func TestContainerOf(t *testing.T) {
	const p = "apple-docs://uikit/uitableview/rowanimation"
	for uri, want := range map[string]string{
		p:                    p,
		p + "/fade":          p,
		p + "-swift.enum":    p + "-swift.enum",
		p + "-9tq/fade":      p + "-9tq",
		p + "s":              "",
		"apple-docs://other": "",
	} {
		if got := containerOf(uri, p); got != want {
			t.Errorf("containerOf(%q) = %q, want %q", uri, got, want)
		}
	}
}

// TestGraphListedByLeaf: a Topics entry titled with its type's qualified
// name (UIView.ContentMode.scaleAspectFill) is found by its last component,
// through doc_children_leaf, and an index saved without that index finds
// it not and says so.
func TestGraphListedByLeaf(t *testing.T) {
	b, dbPath := newBuilder(t)
	mustNoErr(t, b.Put(&document.Document{
		URI: "apple-docs://uikit/uiview/contentmode-swift.enum", Source: document.SourceAppleDocs, Framework: "uikit",
		Title: "UIView.ContentMode", Kind: "enum", Language: "swift", ContentHash: "h1",
		Children: []document.Ref{
			{URI: "apple-docs://uikit/uiview/contentmode-swift.enum/scaleaspectfill", Title: "UIView.ContentMode.scaleAspectFill"},
			{URI: "apple-docs://uikit/uiview/contentmode-swift.enum/scaleaspectfit", Title: "UIView.ContentMode.scaleAspectFit"},
			{URI: "apple-docs://arkit/arcamera/trackingstate-swift.enum/limited(_:)", Title: "ARCamera.TrackingState.limited(_:)"},
			{URI: "apple-docs://uikit/uiview/contentmode-swift.enum/init(rawvalue:)", Title: "init(rawValue:)"},
		},
	}))
	mustNoErr(t, b.Commit(context.Background()))

	l, err := OpenNameLookup(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if !l.GraphListsLeaves() {
		t.Fatal("GraphListsLeaves is false on a fresh index")
	}
	for name, want := range map[string]string{
		"scaleAspectFill": "UIView.ContentMode.scaleAspectFill",
		"limited":         "ARCamera.TrackingState.limited(_:)",
		"init":            "init(rawValue:)",
	} {
		got, err := l.GraphListed(ctx, name)
		if err != nil || len(got) != 1 || got[0].Title != want || got[0].ParentURI != "apple-docs://uikit/uiview/contentmode-swift.enum" {
			t.Errorf("GraphListed(%s) = %+v, %v; want the entry %s", name, got, err, want)
		}
	}
	for _, name := range []string{"scaleAspect", "ContentMode", "roundedRectangle"} {
		if got, err := l.GraphListed(ctx, name); err != nil || len(got) != 0 {
			t.Errorf("GraphListed(%s) = %+v, %v; want nothing", name, got, err)
		}
	}
	// The read goes through the partial index, not a scan.
	plan := queryPlan(t, l.db, listedQuery(true), "x", document.SourceAppleDocs)
	if !strings.Contains(plan, "USING INDEX doc_children_leaf (<expr>>? AND <expr><?)") || !strings.Contains(plan, "USING INDEX doc_children_title") {
		t.Errorf("GraphListed's plan:\n%s", plan)
	}
	l.Close()

	alterDB(t, dbPath, "DROP INDEX doc_children_leaf")
	old := openLookup(t, dbPath)
	if old.GraphListsLeaves() {
		t.Error("GraphListsLeaves is true on an index without doc_children_leaf")
	}
	if got, err := old.GraphListed(ctx, "scaleAspectFill"); err != nil || len(got) != 0 {
		t.Errorf("GraphListed(scaleAspectFill) without the index = %+v, %v", got, err)
	}
}

// queryPlan is EXPLAIN QUERY PLAN's details, one a line.
func queryPlan(t *testing.T, db *sql.DB, query string, args ...any) string {
	t.Helper()
	rows, err := db.Query("EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var lines []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, detail)
	}
	return strings.Join(lines, "\n")
}
