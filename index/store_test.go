package index

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
)

func TestDocumentRoundTrip(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	for _, want := range fixtureDocs() {
		got, err := s.Document(ctx, want.URI)
		if err != nil {
			t.Fatalf("document %s: %v", want.URI, err)
		}
		expect := *want
		expect.Content = ""  // indexed only
		expect.ObjCName = "" // indexed only
		// Titles of children left empty by the reader come from the child page.
		for i := range expect.Children {
			if expect.Children[i].Title == "" && expect.Children[i].URI == "apple-docs://swiftui/view/padding(_:_:)" {
				expect.Children[i].Title = "padding(_:_:)"
			}
		}
		// Relationship columns keep {uri,title}; the section is not stored.
		for _, refs := range [][]document.Ref{expect.ConformsTo, expect.InheritsFrom, expect.InheritedBy, expect.ConformingTypes} {
			for i := range refs {
				refs[i].Section = ""
			}
		}
		if !reflect.DeepEqual(got.Document, expect) {
			t.Errorf("document %s round trip:\n got %+v\nwant %+v", want.URI, got.Document, expect)
		}
	}
	padding, err := s.Document(ctx, "apple-docs://swiftui/view/padding(_:_:)")
	mustNoErr(t, err)
	if padding.Depth != 3 || padding.IsRecovered || padding.ID == 0 {
		t.Errorf("padding derived fields: depth %d recovered %v id %d", padding.Depth, padding.IsRecovered, padding.ID)
	}
	if _, err := s.Document(ctx, "apple-docs://swiftui/nothing"); !errors.Is(err, ErrDocumentNotFound) {
		t.Errorf("missing document error = %v, want ErrDocumentNotFound", err)
	}
}

func TestTablesPopulated(t *testing.T) {
	db := openFixture(t).db
	checks := []struct {
		query string
		want  int
	}{
		{"SELECT count(*) FROM docs", 7},
		{"SELECT count(*) FROM doc_body WHERE markdown IS NOT NULL", 4},
		{"SELECT count(*) FROM docs_structured", 5},
		{"SELECT count(*) FROM doc_symbols", 5},
		{"SELECT count(*) FROM doc_symbols WHERE is_async = 1 AND is_throws = 1 AND name = 'dataTask'", 1},
		{"SELECT count(*) FROM doc_symbols WHERE generic_constraints = 'Content: View'", 1},
		{"SELECT count(*) FROM doc_symbols_fts WHERE doc_symbols_fts MATCH '\"MainActor\"'", 1},
		{"SELECT count(*) FROM doc_code_examples", 2},
		{"SELECT count(*) FROM doc_children", 2},
		{"SELECT count(*) FROM source_files", 2},
		{"SELECT count(*) FROM framework_aliases WHERE doc_count = 5", 1},
		{"SELECT count(*) FROM docs WHERE min_ios = 130000 AND min_macos = 101500 AND min_visionos = 10000", 1},
		{"SELECT count(*) FROM docs WHERE min_watchos = 60000 AND min_tvos = 130000", 1},
		{"SELECT count(*) FROM docs WHERE min_ios IS NULL", 3},
		{"SELECT count(*) FROM docs WHERE deprecated = 1 AND deprecated_note != ''", 1},
		{"SELECT count(*) FROM docs WHERE source = 'swift-evolution' AND swift_version = '5.5' AND status = 'Implemented'", 1},
		{"SELECT depth FROM docs WHERE uri = 'swift-evolution://SE-0306'", 1},
		{"SELECT count(*) FROM docs WHERE title_lower = 'urlsession'", 1},
		{"SELECT value FROM meta WHERE key = 'doc_count'", 7},
		{"SELECT value FROM meta WHERE key = 'schema_version'", SchemaVersion},
		{"PRAGMA user_version", SchemaVersion},
		{"SELECT count(*) FROM enrich_runs", 0},
	}
	for _, c := range checks {
		if got := queryInt(t, db, c.query); got != c.want {
			t.Errorf("%s = %d, want %d", c.query, got, c.want)
		}
	}
}

func TestSymbolNamesAndComponents(t *testing.T) {
	db := openFixture(t).db
	lookup := func(name string) []string {
		return queryStrings(t, db, `SELECT d.uri FROM symbol_names n JOIN docs d ON d.id = n.doc_id
			WHERE n.name_lower = ? ORDER BY d.uri`, name)
	}
	if got := joined(lookup("padding")); got != "apple-docs://swiftui/view/padding(_:_:)" {
		t.Errorf("symbol_names padding = %q", got)
	}
	if got := joined(lookup("padding(_:_:)")); got != "apple-docs://swiftui/view/padding(_:_:)" {
		t.Errorf("symbol_names padding(_:_:) = %q", got)
	}
	if got := joined(lookup("datatask")); got != "apple-docs://foundation/urlsession" {
		t.Errorf("symbol_names datatask = %q", got)
	}
	// Example-only names stay out of the exact-name table, and article titles
	// are not symbols.
	if got := lookup("contentview"); len(got) != 0 {
		t.Errorf("example symbol leaked into symbol_names: %v", got)
	}
	if got := lookup("laying out views"); len(got) != 0 {
		t.Errorf("article title leaked into symbol_names: %v", got)
	}
	// Components make the parts of a CamelCase name searchable.
	if got := joined(match(t, db, `{symbol_components}: "grid"`)); got != "apple-docs://swiftui/lazyvgrid" {
		t.Errorf("component Grid matches %q", got)
	}
	if got := joined(match(t, db, `{symbol_components}: "session"`)); got != "apple-docs://foundation/urlsession" {
		t.Errorf("component Session matches %q", got)
	}
	// The Objective-C name is searchable whole, and no Swift symbol name.
	if got := joined(match(t, db, `{symbol_components}: "NSURLSession"`)); got != "apple-docs://foundation/urlsession" {
		t.Errorf("Objective-C name NSURLSession matches %q", got)
	}
	if got := lookup("nsurlsession"); len(got) != 0 {
		t.Errorf("Objective-C name leaked into symbol_names: %v", got)
	}
}

func TestFTSMatchAndBM25Order(t *testing.T) {
	db := openFixture(t).db
	// Quoted punctuation-heavy terms work; the padding method's title match
	// must outrank the article that says "padding" four times in its body.
	got := match(t, db, `"padding(_:_:)"`)
	if len(got) < 2 || got[0] != "apple-docs://swiftui/view/padding(_:_:)" || !slices.Contains(got, "apple-docs://swiftui/laying-out-views") {
		t.Fatalf("padding ranking = %v", got)
	}
	// Column filters on the indexed source/framework columns.
	if got := joined(match(t, db, `{source}: "swift-evolution" AND "actors"`)); got != "swift-evolution://SE-0306" {
		t.Errorf("source filter = %q", got)
	}
	if got := match(t, db, `{framework}: "foundation" AND "view"`); len(got) != 0 {
		t.Errorf("framework filter leaked: %v", got)
	}
	// Porter stemming: "views" finds the View protocol by title, first.
	if got := match(t, db, `"views"`); len(got) == 0 || got[0] != "apple-docs://swiftui/view" {
		t.Errorf("views ranking = %v", got)
	}
	// The declaration is searchable as content.
	if got := joined(match(t, db, `{content}: "frozen"`)); got != "apple-docs://swiftui/text" {
		t.Errorf("declaration text = %q", got)
	}
}

func TestInheritanceEdges(t *testing.T) {
	db := openFixture(t).db
	// Text conforms to View is asserted by both pages: stored once.
	if n := queryInt(t, db, `SELECT count(*) FROM inheritance_edges WHERE child_uri = 'apple-docs://swiftui/text'
		AND parent_uri = 'apple-docs://swiftui/view' AND relation = 'conformsTo'`); n != 1 {
		t.Errorf("Text->View edges = %d, want 1", n)
	}
	// A title-only child (LazyVGrid) was resolved to its indexed URI.
	if n := queryInt(t, db, `SELECT count(*) FROM inheritance_edges WHERE child_uri = 'apple-docs://swiftui/lazyvgrid'
		AND parent_title = 'View'`); n != 1 {
		t.Errorf("LazyVGrid resolved edges = %d, want 1", n)
	}
	// Unresolvable parents keep their title for walking by name.
	if n := queryInt(t, db, `SELECT count(*) FROM inheritance_edges WHERE parent_title = 'nsobject' COLLATE NOCASE
		AND parent_uri = '' AND relation = 'inheritsFrom'`); n != 1 {
		t.Errorf("NSObject edge = %d, want 1", n)
	}
	if n := queryInt(t, db, "SELECT count(*) FROM inheritance_edges"); n != 4 {
		t.Errorf("edges = %d, want 4 (Text:View, LazyVGrid:View, Text:Equatable, URLSession:NSObject)", n)
	}
}

func TestListings(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	frameworks, err := s.Frameworks(ctx)
	mustNoErr(t, err)
	want := []Framework{
		{Identifier: "foundation", DocCount: 1},
		{Identifier: "swiftui", DisplayName: "SwiftUI", ImportName: "SwiftUI", Synonyms: []string{"swift-ui", "declarative"}, DocCount: 5},
	}
	if !reflect.DeepEqual(frameworks, want) {
		t.Errorf("frameworks = %+v", frameworks)
	}
	page, err := s.Documents(ctx, "swiftui", 1, 2)
	mustNoErr(t, err)
	if len(page) != 2 || page[0].Title != "LazyVGrid" || page[1].Title != "padding(_:_:)" {
		t.Errorf("documents page = %+v", page)
	}
	children, err := s.Children(ctx, "apple-docs://swiftui/view")
	mustNoErr(t, err)
	if len(children) != 2 || children[0].Title != "padding(_:_:)" || children[0].Section != "Layout modifiers" || children[1].Title != "body" {
		t.Errorf("children = %+v", children)
	}
	if _, err := s.Children(ctx, "apple-docs://nope"); !errors.Is(err, ErrDocumentNotFound) {
		t.Errorf("children of missing page: %v", err)
	}
	sources, err := s.Sources(ctx)
	mustNoErr(t, err)
	if !reflect.DeepEqual(sources, map[string]int{"apple-docs": 6, "swift-evolution": 1}) {
		t.Errorf("sources = %v", sources)
	}
	meta, err := s.Meta(ctx)
	mustNoErr(t, err)
	if meta[MetaVersion] != "test" || meta[MetaDocCount] != "7" || meta[MetaBuiltAt] == "" {
		t.Errorf("meta = %v", meta)
	}
	manifest, err := s.Manifest(ctx)
	mustNoErr(t, err)
	if f := manifest["SwiftUI/View.json"]; f.MtimeNS != 1700000000000000000 || f.URI != "apple-docs://swiftui/view" || len(manifest) != 2 {
		t.Errorf("manifest = %+v", manifest)
	}
	if err := s.IntegrityCheck(ctx, true); err != nil {
		t.Errorf("integrity: %v", err)
	}
}

func TestStoreIsReadOnly(t *testing.T) {
	s := openFixture(t)
	if _, err := s.db.Exec("DELETE FROM docs"); err == nil {
		t.Fatal("delete through the read-only store succeeded")
	}
}

func TestStoreConcurrentReads(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	uris := []string{"apple-docs://swiftui/view", "apple-docs://swiftui/text", "swift-evolution://SE-0306"}
	errs := make(chan error, 32)
	for g := range 32 {
		go func() {
			for i := range 20 {
				uri := uris[(g+i)%len(uris)]
				doc, err := s.Document(ctx, uri)
				if err == nil && doc.URI != uri {
					err = errors.New("got " + doc.URI + " for " + uri)
				}
				if err == nil {
					_, err = s.Frameworks(ctx)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 32 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

// A hostile page's huge abstract is clipped in docs.summary, on a character
// boundary, and stays whole in the page itself.
func TestSummaryIsClipped(t *testing.T) {
	huge := strings.Repeat("é", MaxSummaryBytes) // two bytes each
	if got := clipUTF8(huge, MaxSummaryBytes); len(got) != MaxSummaryBytes || !utf8.ValidString(got) {
		t.Errorf("clip: %d bytes, valid %v", len(got), utf8.ValidString(got))
	}
	if got := clipUTF8("short", MaxSummaryBytes); got != "short" {
		t.Errorf("clip of a short text = %q", got)
	}
}

// TestPageLeavesWhatItsBodyShows: PageAnyCase, for a page shown as
// Markdown, reads the page as DocumentAnyCase does but for the lists its
// body shows already: symbols, code examples, children and the
// relationship lists (Sendable's conforming types are 629 KB of JSON).
func TestPageLeavesWhatItsBodyShows(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	for _, want := range fixtureDocs() {
		full, err := s.DocumentAnyCase(ctx, want.URI)
		mustNoErr(t, err)
		page, err := s.PageAnyCase(ctx, want.URI)
		mustNoErr(t, err)
		expect := *full
		expect.Symbols, expect.CodeExamples, expect.Children = nil, nil, nil
		expect.ConformsTo, expect.InheritsFrom, expect.InheritedBy, expect.ConformingTypes = nil, nil, nil, nil
		if !reflect.DeepEqual(page, &expect) {
			t.Errorf("PageAnyCase(%s):\n got %+v\nwant %+v", want.URI, page.Document, expect.Document)
		}
	}
	view, err := s.DocumentAnyCase(ctx, "apple-docs://swiftui/view")
	mustNoErr(t, err)
	if len(view.ConformingTypes) == 0 {
		t.Error("DocumentAnyCase(swiftui/view) lost its conforming types")
	}
}
