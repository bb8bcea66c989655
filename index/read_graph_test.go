package index

import (
	"context"
	"testing"
)

// TestGraphData: the symbol graph read gives Apple pages with their parent,
// and nothing from other sources.
func TestGraphData(t *testing.T) {
	l, err := OpenNameLookup(buildFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	g, err := l.GraphData(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var padding *GraphPage
	for i, p := range g.Pages {
		if p.Title == "padding(_:_:)" {
			padding = &g.Pages[i]
		}
		if p.Title == "actors" {
			t.Errorf("a page of another source: %+v", p)
		}
	}
	if padding == nil || padding.ParentURI == "" {
		t.Fatalf("padding page = %+v in %d pages", padding, len(g.Pages))
	}
}
