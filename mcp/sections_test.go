package mcp

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/enrich"
	"github.com/cupertino-go/cupertino/internal/document"
)

// propertiesChapter is a Swift book chapter with sections, as save
// renders the book.
const propertiesChapter = "# Properties\n\nAccess stored and computed values that are part of an instance or type.\n\n" +
	"## Stored Properties\n\nA stored property is a constant or variable that's stored as part of an instance.\n\n" +
	"## Property Observers\n\nProperty observers observe and respond to changes in a property's value: willSet is " +
	"called just before the value is stored, and didSet is called immediately after the new value is stored.\n\n" +
	"### Observers of Inherited Properties\n\nA subclass can add observers to a property it inherits.\n"

// TestSearchHitsASectionThatReadDocumentOpens: after save's passages pass,
// a language question finds the book chapter through its section; the
// result names the section, shows its text, and read_document opens that
// section with section=.
func TestSearchHitsASectionThatReadDocumentOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "search.db")
	chapter := &document.Document{URI: "swift-book://languageguide/properties", Source: document.SourceSwiftBook,
		Title: "Properties", Kind: "article", Abstract: "Access stored and computed values.",
		Markdown: propertiesChapter, Content: propertiesChapter, ContentHash: "hash-properties"}
	writeFixture(t, path, append(fixtureDocs(), chapter))
	x, err := enrich.OpenIndex(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := enrich.Run(context.Background(), x, enrich.Options{Passes: []string{"passages"}, Standalone: true})
	x.Close()
	if err != nil || len(res) != 1 || res[0].Rows < 3 {
		t.Fatalf("passages pass = %+v, %v; want the chapter's 3 sections", res, err)
	}
	s := connect(t, Options{DBPath: path, NewSearcher: rankerSearcher})
	text := s.ok("search", map[string]any{"query": "what is the purpose of willSet and didSet"})
	mustContain(t, text, "swift-book://languageguide/properties",
		`Section: Property Observers (read_document section="Property Observers")`, "willSet is called just before")
	opened := s.ok("read_document", map[string]any{"uri": "swift-book://languageguide/properties", "section": "Property Observers"})
	mustContain(t, opened, "## Property Observers", "willSet is called just before", "### Observers of Inherited Properties")
	if strings.Contains(opened, "## Stored Properties") {
		t.Errorf("section= returned a section it did not name:\n%s", opened)
	}
}
