package index

import (
	"context"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestGraphSiblings: the member pages under an address whose own page is
// missing come with their declarations and the See Also entries their
// pages list, which name a case the crawl has no page for.
func TestGraphSiblings(t *testing.T) {
	b, dbPath := newBuilder(t)
	const enum = "apple-docs://uikit/uibutton/buttontype-swift.enum"
	mustNoErr(t, b.Put(&document.Document{
		URI: enum + "/custom", Source: document.SourceAppleDocs, Framework: "uikit", Parent: enum,
		Title: "UIButton.ButtonType.custom", Kind: "case", Language: "swift", ContentHash: "h1", Declaration: "case custom",
		SeeAlso: []document.Ref{
			{URI: enum + "/system", Title: "UIButton.ButtonType.system", Section: "Constants"},
			{URI: enum + "/close", Title: "UIButton.ButtonType.close", Section: "Constants"},
		},
	}))
	mustNoErr(t, b.Put(&document.Document{
		URI: enum + "/close", Source: document.SourceAppleDocs, Framework: "uikit", Parent: enum,
		Title: "UIButton.ButtonType.close", Kind: "case", Language: "swift", ContentHash: "h2",
	}))
	mustNoErr(t, b.Commit(context.Background()))
	l := openLookup(t, dbPath)
	got, err := l.GraphSiblings(context.Background(), enum)
	if err != nil {
		t.Fatal(err)
	}
	byURI := map[string]GraphSibling{}
	for _, s := range got {
		byURI[s.Page.URI] = s
	}
	custom, close := byURI[enum+"/custom"], byURI[enum+"/close"]
	if len(got) != 2 || custom.Page.Kind != "case" || custom.Page.ParentURI != enum || len(close.SeeAlso) != 0 {
		t.Fatalf("GraphSiblings = %+v", got)
	}
	if len(custom.SeeAlso) != 2 || custom.SeeAlso[0].URI != enum+"/system" || custom.SeeAlso[0].Title != "UIButton.ButtonType.system" || custom.SeeAlso[0].ParentURI != enum+"/custom" || custom.SeeAlso[0].Section != "Constants" {
		t.Errorf("custom's See Also = %+v", custom.SeeAlso)
	}
	if none, err := l.GraphSiblings(context.Background(), "apple-docs://uikit/nothing"); err != nil || len(none) != 0 {
		t.Errorf("GraphSiblings(nothing) = %+v, %v", none, err)
	}
}
