package mcp

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

var allToolNames = []string{"get_inheritance", "list_children", "list_documents", "list_frameworks", "list_samples", "list_sources",
	"read_document", "read_sample", "read_sample_file", "search", "search_concurrency", "search_conformances", "search_generics",
	"search_property_wrappers", "search_symbols", "search_usages", "verify_swift"}

func TestToolsRegisterWhenTheirDataExists(t *testing.T) {
	full := connect(t, Options{DBPath: fixtureDB(t)})
	if got := full.toolNames(); !slices.Equal(got, allToolNames) {
		t.Errorf("full index tools = %v, want %v", got, allToolNames)
	}
	plain := connect(t, Options{DBPath: plainDB(t)})
	want := []string{"list_children", "list_documents", "list_frameworks", "list_sources", "read_document", "search", "verify_swift"}
	if got := plain.toolNames(); !slices.Equal(got, want) {
		t.Errorf("index without symbols, edges or samples: tools = %v, want %v", got, want)
	}
	// A tool that is not offered answers like any unknown tool.
	text := plain.fails("search_symbols", map[string]any{"query": "View"})
	mustContain(t, text, `unknown tool "search_symbols"`, "read_document")
}

// TestSearch runs the search tool over the ranker (what `cupertino serve`
// wires) and over the built-in plain search.
func TestSearch(t *testing.T) {
	db := fixtureDB(t)
	t.Run("ranker", func(t *testing.T) {
		testSearch(t, connect(t, rankerOptions(db)))
	})
	t.Run("plain", func(t *testing.T) { testSearch(t, connect(t, Options{DBPath: db})) })
}

func testSearch(t *testing.T, s *session) {
	res, text := s.okResult("search", map[string]any{"query": "View"})
	mustContain(t, text, "**View**", "apple-docs://swiftui/view", "iOS 13.0+", "A type that represents part of your app's user interface",
		"read_document")
	var out searchOutput
	structured(t, res, &out)
	if out.Count == 0 || out.Results[0].URI != "apple-docs://swiftui/view" {
		t.Errorf("first result = %+v, want the View protocol", out.Results)
	}
	if out.Results[0].Explain != nil {
		t.Errorf("explain factors leaked into the MCP result: %v", out.Results[0].Explain)
	}
	if out.Results[0].Availability["iOS"] != "13.0" {
		t.Errorf("availability = %v", out.Results[0].Availability)
	}

	// Filters.
	text = s.ok("search", map[string]any{"query": "actors", "source": "swift-evolution"})
	mustContain(t, text, "swift-evolution://SE-0306")
	if strings.Contains(text, "apple-docs://") {
		t.Errorf("source filter leaked other sources:\n%s", text)
	}
	text = s.ok("search", map[string]any{"query": "view", "framework": "UIKit"})
	if strings.Contains(text, "swiftui") || !strings.Contains(text, "apple-docs://uikit/uiview") {
		t.Errorf("framework=UIKit:\n%s", text)
	}
	text = s.ok("search", map[string]any{"query": "asynchronously", "min_ios": "13.0"})
	if strings.Contains(text, "data(from:delegate:)") {
		t.Errorf("min_ios 13.0 kept an iOS 15 API:\n%s", text)
	}
	text = s.ok("search", map[string]any{"query": "view", "kind": "protocol", "limit": 1})
	if strings.Count(text, "apple-docs://") != 1 || !strings.Contains(text, "swiftui/view") {
		t.Errorf("kind=protocol limit=1:\n%s", text)
	}
	text = s.ok("search", map[string]any{"query": "web content"})
	mustContain(t, text, "UIWebView", "**deprecated**")
	text = s.ok("search", map[string]any{"query": "zzzqqq"})
	mustContain(t, text, "No results")
	// The archive joins only when asked for.
	if text = s.ok("search", map[string]any{"query": "ViewProgramming"}); strings.Contains(text, "apple-archive://") {
		t.Errorf("archive without include_archive:\n%s", text)
	}
	text = s.ok("search", map[string]any{"query": "ViewProgramming", "include_archive": true})
	mustContain(t, text, "apple-archive://30000100i/viewprogramming")
}

func TestSearchUsesConfiguredSearcher(t *testing.T) {
	var got ranker.Filters
	var gotQuery string
	fake := SearcherFunc(func(_ context.Context, q string, f ranker.Filters) ([]ranker.Result, error) {
		gotQuery, got = q, f
		return []ranker.Result{{URI: "apple-docs://swift/task", Title: "Task", Source: "apple-docs", Framework: "swift", Kind: "struct",
			Summary: "A unit of asynchronous work.", Availability: map[string]string{"iOS": "13.0", "macOS": "10.15"}}}, nil
	})
	s := connect(t, Options{DBPath: fixtureDB(t), Searcher: fake})
	text := s.ok("search", map[string]any{"query": "Task", "source": "se", "framework": "Swift", "language": "Swift",
		"kind": "struct", "include_archive": true, "limit": "7", "min_ios": "16.0", "min_macos": "13.0", "min_tvos": "16.0",
		"min_watchos": "9.0", "min_visionos": "1.0"})
	mustContain(t, text, "**Task**", "apple-docs://swift/task", "iOS 13.0+ · macOS 10.15+")
	want := ranker.Filters{Sources: []string{"swift-evolution"}, Framework: "Swift", Language: "swift", Kind: "struct",
		IncludeArchive: true, Limit: 7, MinIOS: "16.0", MinMacOS: "13.0", MinTvOS: "16.0", MinWatchOS: "9.0", MinVisionOS: "1.0"}
	if gotQuery != "Task" || !reflect.DeepEqual(got, want) {
		t.Errorf("searcher got %q %+v, want %+v", gotQuery, got, want)
	}
}

// TestSlowSearcherDoesNotDelayStartup: the server answers initialize and
// every other tool while the searcher is still being built; search waits for
// it, within the call's time limit.
func TestSlowSearcherDoesNotDelayStartup(t *testing.T) {
	release := make(chan struct{})
	s := connect(t, Options{DBPath: fixtureDB(t), CallTimeout: 300 * time.Millisecond,
		NewSearcher: func(ctx context.Context, st *index.Store) (Searcher, error) {
			<-release
			return rankerSearcher(ctx, st)
		}})
	// connect has initialized already; other tools answer.
	mustContain(t, s.ok("get_inheritance", map[string]any{"symbol": "UIButton"}), "UIControl")
	mustContain(t, s.fails("search", map[string]any{"query": "View"}), "query timed out")
	close(release)
	mustContain(t, s.ok("search", map[string]any{"query": "View"}), "apple-docs://swiftui/view")
}
