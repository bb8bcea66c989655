package mcp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
)

// schemeDocs are pages of the sources the fixture has none of (swift.org,
// WWDC, packages), with URIs of the shapes their readers write: a session,
// a package, and a package's declaration with punctuation in its path.
func schemeDocs() []*document.Document {
	page := func(uri, src, title, kind, text string) *document.Document {
		return &document.Document{URI: uri, Source: src, Title: title, Kind: kind, Abstract: text,
			Markdown: "# " + title + "\n\n" + text + "\n", ContentHash: "hash-" + uri, Size: len(text)}
	}
	widget := page("packages://acme/swift-widgets/symbols/Widgets/Widget/render(width:_:)", document.SourcePackages,
		"render(width:_:)", "func", "Renders the widget at a width.")
	widget.Parent = "packages://acme/swift-widgets"
	return []*document.Document{
		page("swift-org://documentation/server", document.SourceSwiftOrg, "Swift on Server", "article", "Swift on the server side."),
		page("wwdc://2024/10136", document.SourceWWDC, "What's new in Swift", document.KindSession, "Join us for an update on Swift."),
		page("packages://acme/swift-widgets", document.SourcePackages, "swift-widgets", document.KindPackage, "Widgets for Swift apps."),
		widget,
	}
}

// TestResourcesReadEverySchemeSearchReturns: resources/read takes every
// URI search returns and read_document reads, for every source, not only
// the ones with a hand-written template (it refused wwdc://, samples:// and
// packages://).
func TestResourcesReadEverySchemeSearchReturns(t *testing.T) {
	docs := append(fixtureDocs(), schemeDocs()...)
	db := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, db, docs)
	s := connect(t, Options{DBPath: db, NewSearcher: rankerSearcher}) // the ranker searches every source; the fallback only the documentation
	ctx := context.Background()

	bySource := map[string][]*document.Document{}
	for _, d := range docs {
		bySource[d.Source] = append(bySource[d.Source], d)
	}
	for _, src := range source.All {
		if len(bySource[src.ID]) == 0 {
			t.Fatalf("the test index has no %s page: every scheme must be tried", src.ID)
		}
	}

	read := func(uri string) (string, error) {
		req := mcpgo.ReadResourceRequest{}
		req.Params.URI = uri
		res, err := s.client.ReadResource(ctx, req)
		if err != nil {
			return "", err
		}
		if len(res.Contents) != 1 {
			return "", nil
		}
		tc, _ := res.Contents[0].(mcpgo.TextResourceContents)
		return tc.Text, nil
	}

	// Every URI search returns, source by source, reads as a resource.
	schemes := map[string]bool{}
	for _, src := range source.All {
		d := bySource[src.ID][0]
		res, _ := s.okResult("search", map[string]any{"query": d.Title, "source": src.ID})
		var found struct {
			Results []struct{ URI string } `json:"results"`
		}
		raw, _ := json.Marshal(res.StructuredContent)
		if err := json.Unmarshal(raw, &found); err != nil || len(found.Results) == 0 {
			t.Errorf("search %q in %s found nothing (%v): %s", d.Title, src.ID, err, raw)
			continue
		}
		for _, r := range found.Results {
			schemes[strings.SplitN(r.URI, "://", 2)[0]] = true
			if text, err := read(r.URI); err != nil || text == "" {
				t.Errorf("resources/read %s (returned by search in %s): %v", r.URI, src.ID, err)
			}
		}
	}
	if len(schemes) != len(source.All) {
		got := make([]string, 0, len(schemes))
		for k := range schemes {
			got = append(got, k)
		}
		sort.Strings(got)
		t.Errorf("search returned the schemes %v, want all %d sources", got, len(source.All))
	}

	// And every page read_document reads, with the same page.
	for _, d := range docs {
		if !strings.Contains(s.ok("read_document", map[string]any{"uri": d.URI}), d.Title) {
			t.Errorf("read_document %s lacks its title", d.URI)
		}
		text, err := read(d.URI)
		if err != nil {
			t.Errorf("resources/read %s: %v", d.URI, err)
			continue
		}
		if !strings.Contains(text, d.Title) {
			t.Errorf("resources/read %s lacks its title %q:\n%s", d.URI, d.Title, clip(text, 300))
		}
	}
}
