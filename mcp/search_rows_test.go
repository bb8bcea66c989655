package mcp

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker"
)

// overloadDocs are two same-titled overloads, as Apple files them under
// legacy numeric paths, and a deprecated one with a replacement note.
func overloadDocs() []*document.Document {
	withRequest := apple("foundation", "urlsession/1407613-datatask", "dataTask(with:completionHandler:)", "func")
	withRequest.Abstract = "Creates a task that retrieves the contents of a URL based on the specified URL request object."
	withRequest.Declaration = "func dataTask(\n    with request: URLRequest,\n    completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void\n) -> URLSessionDataTask"
	withRequest.Platforms = platforms("iOS", "7.0", "macOS", "10.9")
	withURL := apple("foundation", "urlsession/1410330-datatask", "dataTask(with:completionHandler:)", "func")
	withURL.Abstract = "Creates a task that retrieves the contents of the specified URL."
	withURL.Declaration = "func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask"
	withURL.Platforms = platforms("iOS", "7.0", "macOS", "10.9")
	hit := apple("arkit", "arhittestresult", "ARHitTestResult", "class")
	hit.Abstract = "Information about a real-world surface found by examining a point on the screen."
	hit.Deprecated, hit.DeprecationNote = true, "Use raycasting"
	hit.Platforms = []document.Platform{{Name: "iOS", Introduced: "11.0", Deprecated: true, DeprecatedAt: "14.0"}}
	plist := apple("bundleresources", "information-property-list/nscamerausagedescription", "NSCameraUsageDescription", "typealias")
	plist.RoleHeading = "Property List Key"
	plist.Abstract = "A message that tells the user why the app is requesting access to the device's camera."
	plist.Platforms = platforms("iOS", "7.0")
	alias := apple("swift", "typealias-example", "Codable", "typealias")
	alias.RoleHeading = "Type Alias"
	alias.Abstract = "A type that can convert itself into and out of an external representation."
	vaporView := &document.Document{URI: "packages://vapor/vapor/symbols/Vapor/View", Source: document.SourcePackages, Framework: "vapor",
		Title: "View", Kind: "struct", Abstract: "A rendered template.", ContentHash: "hash-vapor-view",
		Declaration: "struct View", ConformsTo: []document.Ref{{Title: "Sendable", URI: "apple-docs://swift/sendable"}}}
	return []*document.Document{withRequest, withURL, hit, plist, alias, vaporView}
}

func rowsDB(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, path, append(fixtureDocs(), overloadDocs()...))
	return path
}

func rankerOptions(db string) Options {
	return Options{DBPath: db, NewSearcher: rankerSearcher}
}

// rankerSearcher is the searcher `cupertino serve` wires: the ranker.
func rankerSearcher(ctx context.Context, st *index.Store) (Searcher, error) {
	return ranker.New(ctx, st, nil)
}

// TestSearchRowsTellOverloadsApart: a symbol row carries its declaration,
// on one line, in the Markdown and the structured content; a deprecated row
// carries its replacement note.
func TestSearchRowsTellOverloadsApart(t *testing.T) {
	db := rowsDB(t)
	for name, opts := range map[string]Options{"ranker": rankerOptions(db), "plain": {DBPath: db}} {
		t.Run(name, func(t *testing.T) {
			s := connect(t, opts)
			res, text := s.okResult("search", map[string]any{"query": "dataTask completionHandler", "framework": "foundation"})
			mustContain(t, text,
				"`func dataTask(with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask`",
				"`func dataTask(with url: URL, completionHandler:")
			var out searchOutput
			structured(t, res, &out)
			decls := map[string]string{}
			for _, r := range out.Results {
				decls[r.URI] = r.Declaration
			}
			if d := decls["apple-docs://foundation/urlsession/1407613-datatask"]; !strings.HasPrefix(d, "func dataTask(with request: URLRequest,") || strings.Contains(d, "\n") {
				t.Errorf("declaration of the request overload = %q, want it on one line", d)
			}
			if d := decls["apple-docs://foundation/urlsession/1410330-datatask"]; !strings.HasPrefix(d, "func dataTask(with url: URL,") {
				t.Errorf("declaration of the URL overload = %q", d)
			}

			res = s.call("search", map[string]any{"query": "ARHitTestResult"})
			mustContain(t, resultText(res), "**deprecated**", "Deprecated: Use raycasting")
			out = searchOutput{}
			structured(t, res, &out)
			if len(out.Results) == 0 || out.Results[0].DeprecatedNote != "Use raycasting" || !out.Results[0].Deprecated {
				t.Errorf("deprecated row = %+v, want its note", out.Results)
			}
			// A page without a declaration or note carries neither.
			res = s.call("search", map[string]any{"query": "Concurrency", "source": "swift-book"})
			out = searchOutput{}
			structured(t, res, &out)
			if len(out.Results) == 0 || out.Results[0].Declaration != "" || out.Results[0].DeprecatedNote != "" {
				t.Errorf("article row = %+v, want no declaration", out.Results)
			}
		})
	}
}

func TestShortDeclaration(t *testing.T) {
	if got := shortDeclaration("func f(\n    a: Int,\n    b: Int\n) -> Int"); got != "func f(a: Int, b: Int) -> Int" {
		t.Errorf("shortDeclaration = %q", got)
	}
	long := "func f(" + strings.Repeat("a: Int, ", 100) + ")"
	if got := shortDeclaration(long); len(got) > maxRowDeclarationLen+len("…") || !strings.HasSuffix(got, "…") {
		t.Errorf("shortDeclaration(long) = %q (%d bytes)", got, len(got))
	}
	if got := codeSpan("a `b` c"); got != "``a `b` c``" {
		t.Errorf("codeSpan = %q", got)
	}
}

// TestSearchKindVocabulary: kind takes the documented kinds and their common
// spellings; anything else is an isError listing the valid ones, never a
// silent "No results".
func TestSearchKindVocabulary(t *testing.T) {
	s := connect(t, rankerOptions(rowsDB(t)))
	for _, kind := range []string{"method", "Instance Method", "func"} {
		text := s.ok("search", map[string]any{"query": "dataTask", "kind": kind})
		mustContain(t, text, "1407613-datatask")
	}
	mustContain(t, s.ok("search", map[string]any{"query": "padding", "kind": "method"}), "apple-docs://swiftui/view/padding(_:_:)")
	text := s.ok("search", map[string]any{"query": "NSCameraUsageDescription", "kind": "Property List Key"})
	mustContain(t, text, "nscamerausagedescription")
	// typealias leaves the configuration keys filed as type aliases out.
	text = s.ok("search", map[string]any{"query": "NSCameraUsageDescription", "kind": "typealias"})
	if strings.Contains(text, "nscamerausagedescription") {
		t.Errorf("kind=typealias kept a property list key:\n%s", text)
	}
	mustContain(t, s.ok("search", map[string]any{"query": "Codable", "kind": "type alias"}), "apple-docs://swift/typealias-example")

	text = s.fails("search", map[string]any{"query": "View", "kind": "widget"})
	mustContain(t, text, `"kind"`, `"widget"`, "func", "init", "property", "sampleCode", "propertyListKey")
	if strings.Contains(text, "No results") {
		t.Errorf("unknown kind answered as an empty search: %s", text)
	}
}

// TestSearchSourcesAreTheIndexs: the served source enum lists only the
// sources the index holds, and a source it lacks is an isError naming those
// it holds. The snapshot (Tools) keeps every source.
func TestSearchSourcesAreTheIndexs(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	res, err := s.client.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var served []string
	for _, tool := range res.Tools {
		if tool.Name == "search" {
			for _, v := range tool.InputSchema.Properties["source"].(map[string]any)["enum"].([]any) {
				served = append(served, v.(string))
			}
		}
	}
	want := []string{"apple-docs", "swift-evolution", "swift-book", "hig", "apple-archive", "samples"}
	if !slices.Equal(served, want) {
		t.Errorf("served source enum = %v, want the fixture's %v", served, want)
	}
	for _, tool := range Tools() {
		if tool.Name == "search" {
			if got := tool.InputSchema.Properties["source"].(map[string]any)["enum"].([]string); len(got) != 9 {
				t.Errorf("Tools() source enum = %v, want every source", got)
			}
		}
	}
	text := s.fails("search", map[string]any{"query": "View", "source": "wwdc"})
	mustContain(t, text, `"source"`, `"wwdc"`, "apple-docs, swift-evolution, swift-book, hig, apple-archive, samples")
	mustContain(t, s.fails("search", map[string]any{"query": "View", "source": "stackoverflow"}), `"stackoverflow"`, "apple-docs")
	mustContain(t, s.ok("search", map[string]any{"query": "actors", "source": "se"}), "swift-evolution://SE-0306")
}

// TestSearchMinVersionKeepsPagesWithoutPlatforms: min_ios drops API that
// lists other platforms only, keeps API available by then, and keeps pages
// that list no platform (articles, other sources).
func TestSearchMinVersionKeepsPagesWithoutPlatforms(t *testing.T) {
	s := connect(t, rankerOptions(fixtureDB(t)))
	text := s.ok("search", map[string]any{"query": "Concurrency asynchronous operations", "min_ios": "15.0"})
	mustContain(t, text, "swift-book://languageguide/concurrency")
	text = s.ok("search", map[string]any{"query": "actors", "source": "swift-evolution", "min_ios": "15.0"})
	mustContain(t, text, "swift-evolution://SE-0306")
	text = s.ok("search", map[string]any{"query": "asynchronously", "min_ios": "13.0"})
	if strings.Contains(text, "data(from:delegate:)") {
		t.Errorf("min_ios 13.0 kept an iOS 15 API:\n%s", text)
	}
}

// TestUnknownFrameworkNamesTheTool: over MCP the advice is the
// list_frameworks tool, not the command line's list-frameworks.
func TestUnknownFrameworkNamesTheTool(t *testing.T) {
	s := connect(t, rankerOptions(fixtureDB(t)))
	for _, c := range []struct {
		tool string
		args map[string]any
	}{
		{"search", map[string]any{"query": "View", "framework": "SwiftIU"}},
		{"search", map[string]any{"query": "View", "framework": "bananas"}},
		{"search_symbols", map[string]any{"query": "View", "framework": "SwiftIU"}},
		{"list_documents", map[string]any{"framework": "SwiftIU"}},
	} {
		text := s.fails(c.tool, c.args)
		mustContain(t, text, "unknown framework", "list_frameworks")
		if strings.Contains(text, "cupertino list-frameworks") {
			t.Errorf("%s %v: MCP error names the command line: %s", c.tool, c.args, text)
		}
	}
	mustContain(t, s.fails("search", map[string]any{"query": "View", "framework": "SwiftIU"}), "did you mean swiftui", "list_frameworks")
}

// TestGetInheritanceAmbiguity: a name several types share, with no
// framework, answers with the most authoritative type and offers the others
// with their URIs; framework= or a URI picks one. A name one type answers to
// also offers the prefixed types of the UI frameworks.
func TestGetInheritanceAmbiguity(t *testing.T) {
	s := connect(t, Options{DBPath: rowsDB(t)})
	text := s.ok("get_inheritance", map[string]any{"symbol": "View"})
	mustContain(t, text, "apple-docs://swiftui/view", "packages://vapor/vapor/symbols/Vapor/View", "framework=")
	mustContain(t, s.ok("get_inheritance", map[string]any{"symbol": "View", "framework": "swiftui"}), "apple-docs://swiftui/view")
	mustContain(t, s.ok("get_inheritance", map[string]any{"symbol": "packages://vapor/vapor/symbols/Vapor/View"}), "Sendable")

	res, text := s.okResult("get_inheritance", map[string]any{"symbol": "Button"})
	mustContain(t, text, "apple-docs://swiftui/button", "UIButton", "apple-docs://uikit/uibutton")
	var out struct {
		Root            TypeRef   `json:"root"`
		OtherCandidates []TypeRef `json:"otherCandidates"`
	}
	structured(t, res, &out)
	if out.Root.URI != "apple-docs://swiftui/button" || len(out.OtherCandidates) != 1 || out.OtherCandidates[0].URI != "apple-docs://uikit/uibutton" {
		t.Errorf("Button: root %+v, others %+v", out.Root, out.OtherCandidates)
	}
	// A prefixed name is not widened.
	structured(t, s.call("get_inheritance", map[string]any{"symbol": "UIButton"}), &out)
	if out.OtherCandidates = nil; out.Root.URI != "apple-docs://uikit/uibutton" {
		t.Errorf("UIButton: root %+v", out.Root)
	}
}
