package index

import (
	"context"
	"database/sql"
	"fmt"
	"testing"
)

// TestGraphReads: the per-type and per-name reads of the symbol graph give
// Apple pages with their parent, declaration, Topics entries and edges,
// and nothing from other sources.
func TestGraphReads(t *testing.T) {
	l, err := OpenNameLookup(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
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
		body = body || c.Title == "body" && c.ParentURI == "apple-docs://swiftui/view" && c.Kind == ""
	}
	if !body {
		t.Errorf("View's Topics entry body (no page of its own) missing: %+v", view.Children)
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
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("DROP INDEX doc_children_title"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	l, err := OpenNameLookup(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
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
