package mcp

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestArgumentErrors(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	cases := []struct {
		tool  string
		args  map[string]any
		wants []string
	}{
		{"search", nil, []string{`"query": is required`, "search takes: framework"}},
		{"search", map[string]any{"query": "  "}, []string{`"query": must not be empty`}},
		{"search", map[string]any{"query": 42}, []string{`"query": must be a string, got a number`}},
		{"search", map[string]any{"query": strings.Repeat("View ", 20000)}, []string{`"query": is 100000 bytes long; the limit is 500`}},
		{"search", map[string]any{"query": "View\x00; DROP TABLE docs"}, []string{`"query": contains invalid characters`}},
		{"search", map[string]any{"query": "View", "limit": 0}, []string{`"limit": must be between 1 and 100, got 0`}},
		{"search", map[string]any{"query": "View", "limit": 1e9}, []string{`"limit": must be between 1 and 100`}},
		{"search", map[string]any{"query": "View", "limit": 2.5}, []string{`"limit": must be a whole number`}},
		{"search", map[string]any{"query": "View", "limit": "ten"}, []string{`"limit": must be an integer, got "ten"`}},
		{"search", map[string]any{"query": "View", "limit": []any{1}}, []string{`"limit": must be an integer, got an array`}},
		{"search", map[string]any{"query": "View", "include_archive": "maybe"}, []string{`"include_archive": must be true or false`}},
		{"search", map[string]any{"query": "View", "source": "stackoverflow"}, []string{`"source": must be one of apple-docs, swift-evolution`}},
		{"search", map[string]any{"query": "View", "language": "kotlin"}, []string{`"language": must be one of swift, objc`}},
		{"search", map[string]any{"query": "View", "min_ios": "seventeen"}, []string{`"min_ios": must be a version like "16.0"`}},
		{"search", map[string]any{"query": "View", "framework": "SwiftUIKit"}, []string{`unknown framework "SwiftUIKit"`, "swiftui"}},
		{"search", map[string]any{"query": "View", "frameworks": "swiftui", "max_results": 3}, []string{
			`unknown argument "frameworks", "max_results" for search; valid arguments: framework, include_archive, kind, language, limit`}},
		{"search", map[string]any{"query": "*** ((( ^^^"}, []string{"query has no searchable words"}},
		{"read_document", map[string]any{}, []string{`"uri": is required`}},
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/no-such-page"}, []string{
			"document not found: apple-docs://swiftui/no-such-page", "find URIs with search"}},
		{"read_document", map[string]any{"uri": "https://example.com/documentation/x"}, []string{`"uri": not a developer.apple.com URL`}},
		{"read_document", map[string]any{"uri": "swiftui view"}, []string{`is not a document URI`}},
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/view", "format": "pdf"}, []string{`"format": must be one of markdown, json`}},
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/view", "max_tokens": 100000}, []string{`"max_tokens": must be between 500 and 25000`}},
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/view", "section": "Nope"}, []string{
			`no section matches "Nope"; this page has: "Declaration", "Overview"`}},
		{"list_documents", map[string]any{"framework": "nosuch"}, []string{`unknown framework "nosuch"`, "list_frameworks"}},
		{"list_children", map[string]any{"uri": "apple-docs://nosuch/page"}, []string{"document not found"}},
		{"search_symbols", map[string]any{}, []string{"give a query, or at least one of kind, is_async or framework"}},
		{"search_symbols", map[string]any{"kind": "lambda"}, []string{`"kind": must be one of actor, associatedtype`}},
		{"search_symbols", map[string]any{"is_async": 1}, []string{`"is_async": must be a boolean, got a number`}},
		{"search_concurrency", map[string]any{}, []string{`"pattern": is required: one of async, actor, mainactor`}},
		{"search_concurrency", map[string]any{"pattern": "threads"}, []string{`"pattern": must be one of async`}},
		{"search_property_wrappers", map[string]any{"wrapper": "State Binding"}, []string{`must be one attribute name`}},
		{"search_generics", map[string]any{"constraint": ":::"}, []string{`has no type names`}},
		{"get_inheritance", map[string]any{"symbol": "UIButton", "direction": "sideways"}, []string{`"direction": must be one of up, down, both`}},
		{"get_inheritance", map[string]any{"symbol": "UIButton", "depth": 50}, []string{`"depth": must be between 1 and 10`}},
	}
	for _, c := range cases {
		text := s.fails(c.tool, c.args)
		mustContain(t, text, c.wants...)
	}
}

func TestHostileQueriesAreHarmless(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	for _, q := range []string{
		`View" OR 1=1 --`, `{title}: View`, `NEAR(View Text, 2)`, `View*`, `"unterminated`, `'; DROP TABLE docs; --`,
		`padding(_:_:)`, `\u202eweiV`, strings.Repeat("é", 90), `@MainActor`, `se:actors`,
	} {
		res := s.call("search", map[string]any{"query": q})
		if res.IsError && !strings.Contains(resultText(res), "no searchable words") {
			t.Errorf("query %q: %s", q, resultText(res))
		}
		for _, tool := range []string{"search_symbols", "search_generics", "search_conformances"} {
			arg := map[string]string{"search_symbols": "query", "search_generics": "constraint", "search_conformances": "protocol"}[tool]
			if res := s.call(tool, map[string]any{arg: q}); res.IsError && !strings.Contains(resultText(res), "has no") {
				t.Errorf("%s %q: %s", tool, q, resultText(res))
			}
		}
	}
	// The index is intact afterwards.
	mustContain(t, s.ok("search", map[string]any{"query": "View"}), "apple-docs://swiftui/view")
}

func TestTimeoutIsAnErrorResult(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t), CallTimeout: time.Nanosecond})
	for _, tool := range []toolCall{
		{"search", map[string]any{"query": "View"}},
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/view"}},
		{"search_symbols", map[string]any{"query": "View"}},
		{"get_inheritance", map[string]any{"symbol": "UIButton"}},
	} {
		mustContain(t, s.fails(tool.name, tool.args), "query timed out after 1ns", "narrow it")
	}
}

// TestSlowQueryIsInterrupted shows that a context deadline stops SQLite in
// the middle of a query rather than after it, which is what makes the per-call
// timeout real.
func TestSlowQueryIsInterrupted(t *testing.T) {
	st := indextest.Open(t, fixtureDB(t))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	started := time.Now()
	var n int64
	err := indextest.DB(t, st).QueryRowContext(ctx,
		"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c").Scan(&n)
	if err == nil {
		t.Fatal("an endless query returned")
	}
	if took := time.Since(started); took > 2*time.Second {
		t.Errorf("interrupt took %s", took)
	}
	if ctx.Err() == nil {
		t.Errorf("query failed before the deadline: %v", err)
	}
}

func TestUnknownToolIsAnErrorResult(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	text := s.fails("search_docs", map[string]any{"query": "View"})
	mustContain(t, text, `unknown tool "search_docs"`, "search, search_concurrency")
	// The server is still serving.
	mustContain(t, s.ok("search", map[string]any{"query": "Text"}), "apple-docs://swiftui/text")
}

func TestMissingOrBrokenIndex(t *testing.T) {
	dir := t.TempDir()
	garbage := writeGarbageDB(t, dir)
	missing := filepath.Join(dir, "missing.db")
	// The advice names what works from where the user is: a missing index
	// is downloaded (setup; save has nothing to read on a fresh machine),
	// a damaged one rebuilt.
	for _, c := range []struct{ path, want, fix string }{
		{garbage, "corrupt or not a cupertino database", "run `cupertino save`"},
		{missing, "no search index found", "run `cupertino setup`"},
	} {
		s := connect(t, Options{DBPath: c.path})
		if got := s.toolNames(); len(got) != len(allToolNames) {
			t.Errorf("%s: tools = %v, want all %d so that each explains the problem", c.path, got, len(allToolNames))
		}
		for _, name := range allToolNames {
			args := map[string]any{"query": "View", "uri": "apple-docs://swiftui/view", "framework": "swiftui",
				"wrapper": "State", "pattern": "async", "protocol": "View", "constraint": "View", "symbol": "UIButton",
				"api": "URLSession", "project_id": "swiftui-fetching-data", "file_path": "App.swift", "code": "let a = 1\n"}
			def := s.srv.tools[name]
			for k := range args {
				if _, ok := def.InputSchema.Properties[k]; !ok {
					delete(args, k)
				}
			}
			mustContain(t, s.fails(name, args), c.want, c.fix)
		}
	}
	// A server started before the index existed picks it up once it does,
	// trying again at most once per reopenInterval.
	s := connect(t, Options{DBPath: missing})
	clock := useFakeClock(s.srv.backend)
	s.fails("search", map[string]any{"query": "View"})
	writeFixture(t, missing, fixtureDocs())
	clock.advance(reopenInterval - time.Millisecond)
	mustContain(t, s.fails("search", map[string]any{"query": "View"}), "no search index found")
	clock.advance(time.Millisecond)
	mustContain(t, s.ok("search", map[string]any{"query": "View"}), "apple-docs://swiftui/view")
}

// fakeClock is the backend's clock in tests: the reopen and reload
// intervals pass when the test says, not after a sleep.
type fakeClock struct {
	now guarded[time.Time]
}

func (c *fakeClock) read() time.Time { return c.now.get() }

// advance moves the clock on; only the test goroutine calls it, so reading
// and setting need not be one step.
func (c *fakeClock) advance(d time.Duration) { c.now.set(c.now.get().Add(d)) }

// useFakeClock gives b a fake clock that starts at b's last reopen try or
// reload check, whichever is later, so that an interval is measured from
// exactly the moment the backend measures it from.
func useFakeClock(b *backend) *fakeClock {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := &fakeClock{}
	c.now.set(b.lastTry)
	if b.lastCheck.After(b.lastTry) {
		c.now.set(b.lastCheck)
	}
	b.now = c.read
	return c
}

func TestConcurrentCalls(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t), MaxConcurrent: 4})
	calls := []struct {
		name string
		args map[string]any
		want string
	}{
		{"search", map[string]any{"query": "View"}, "apple-docs://swiftui/view"},
		{"read_document", map[string]any{"uri": "apple-docs://uikit/uibutton"}, "@MainActor class UIButton"},
		{"get_inheritance", map[string]any{"symbol": "UIButton"}, "UIResponder"},
		{"search_symbols", map[string]any{"query": "data", "is_async": true}, "async throws"},
		{"list_documents", map[string]any{"framework": "uikit"}, "UIControl"},
		{"search", map[string]any{"query": "..."}, "no searchable words"},
	}
	var wg sync.WaitGroup
	errs := make(chan error, 200)
	for i := range 120 {
		c := calls[i%len(calls)]
		wg.Go(func() {
			req := mcpgo.CallToolRequest{}
			req.Params.Name, req.Params.Arguments = c.name, c.args
			res, err := s.client.CallTool(context.Background(), req)
			if err != nil {
				errs <- err
				return
			}
			if text := resultText(res); !strings.Contains(text, c.want) {
				errs <- fmt.Errorf("%s: %s", c.name, clip(text, 200))
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// manyDocs is an index with more long results than one response may hold.
func manyDocs(t testing.TB) string {
	base := apple("widgetkit", "widgetbaseclasswithalongname", "WidgetBaseClassWithALongName", "class")
	docs := []*document.Document{base}
	for i := range 300 {
		d := apple("swiftui", fmt.Sprintf("widget%03d", i), fmt.Sprintf("Widget%03d", i), "class")
		d.InheritsFrom = []document.Ref{{URI: base.URI, Title: base.Title}}
		d.Abstract = fmt.Sprintf("Widget number %d. ", i) + strings.Repeat("A widget shows glanceable content on the Home Screen. ", 8)
		d.Markdown = md(d.Title, "Structure", d.Abstract, "", "")
		d.Platforms = platforms("iOS", "14.0", "macOS", "11.0", "watchOS", "9.0", "visionOS", "1.0")
		docs = append(docs, d)
	}
	path := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, path, docs)
	return path
}

func responseSize(t testing.TB, res *mcpgo.CallToolResult) int {
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	return len(b)
}

func TestResponsesStayWithinBudget(t *testing.T) {
	s := connect(t, Options{DBPath: manyDocs(t)})
	res := s.call("search", map[string]any{"query": "widget glanceable", "limit": 100})
	if size := responseSize(t, res); size > maxTokenBudget*charsPerToken {
		t.Errorf("search response is %d bytes, over %d", size, maxTokenBudget*charsPerToken)
	}
	var out searchOutput
	structured(t, res, &out)
	if !out.Truncated || out.Count == 0 || out.Count >= 100 || len(out.Results) != out.Count {
		t.Errorf("want a truncated, non-empty page: count=%d truncated=%v", out.Count, out.Truncated)
	}
	mustContain(t, resultText(res), "more results left out", "lower limit")

	res = s.call("list_documents", map[string]any{"framework": "swiftui", "limit": 200})
	if size := responseSize(t, res); size > maxTokenBudget*charsPerToken {
		t.Errorf("list_documents response is %d bytes", size)
	}

	res = s.call("get_inheritance", map[string]any{"symbol": "WidgetBaseClassWithALongName", "direction": "down"})
	var h struct {
		Truncated bool   `json:"truncated"`
		Edges     []Edge `json:"edges"`
	}
	structured(t, res, &h)
	if size := responseSize(t, res); size > maxTokenBudget*charsPerToken || !h.Truncated || len(h.Edges) < 50 {
		t.Errorf("get_inheritance: %d bytes, %d edges, truncated=%v", size, len(h.Edges), h.Truncated)
	}
	mustContain(t, resultText(res), "more beyond depth")
}

func TestReadDocumentPaging(t *testing.T) {
	path := fixtureDB(t)
	s := connect(t, Options{DBPath: path})
	st := indextest.Open(t, path)
	const uri = "apple-docs://swiftui/building-a-large-app"
	doc, err := st.Document(context.Background(), uri)
	if err != nil {
		t.Fatal(err)
	}
	body := stripTitle(doc.Markdown, doc.Title)

	// Default size: under budget, with a continuation hint.
	first := s.call("read_document", map[string]any{"uri": uri})
	if size := responseSize(t, first); size > maxTokenBudget*charsPerToken || size < defaultTokenBudget*charsPerToken/2 {
		t.Errorf("first part is %d bytes", size)
	}
	mustContain(t, resultText(first), "… truncated at byte", `offset=`)

	// Following the hints reassembles the page exactly.
	var got strings.Builder
	offset, parts := 0, 0
	for {
		res := s.call("read_document", map[string]any{"uri": uri, "offset": offset, "max_tokens": 5000, "format": "json"})
		var part struct {
			Markdown   string `json:"markdown"`
			NextOffset int    `json:"nextOffset"`
			Bytes      int    `json:"markdownBytes"`
		}
		if err := json.Unmarshal([]byte(resultText(res)), &part); err != nil {
			t.Fatal(err)
		}
		if len(resultText(res)) > 5000*charsPerToken {
			t.Errorf("part at %d is %d bytes, over max_tokens", offset, len(resultText(res)))
		}
		got.WriteString(part.Markdown)
		parts++
		if part.NextOffset == 0 || parts > 100 {
			break
		}
		offset = part.NextOffset
	}
	if got.String() != body || parts < 10 {
		t.Errorf("reassembled %d bytes in %d parts, want %d bytes in many", got.Len(), parts, len(body))
	}

	// Markdown hints name the offset to pass next.
	text := s.ok("read_document", map[string]any{"uri": uri, "max_tokens": 1000})
	mustContain(t, text, `section=, e.g. "Part 1"`)
	_, after, _ := strings.Cut(text, "offset=")
	var next int
	fmt.Sscanf(after, "%d", &next)
	text = s.ok("read_document", map[string]any{"uri": uri, "offset": next, "max_tokens": 1000})
	mustContain(t, text, fmt.Sprintf("(continued from byte %d of %d)", next, len(body)))

	// Sections: an exact heading beats a prefix.
	text = s.ok("read_document", map[string]any{"uri": uri, "section": "Part 7"})
	if !strings.Contains(text, "## Part 7\n") || strings.Contains(text, "## Part 70") {
		t.Errorf("section=Part 7 picked:\n%s", clip(text, 500))
	}
}

func TestReadDocumentAcceptsURLsAndCase(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	for _, uri := range []string{
		"https://developer.apple.com/documentation/SwiftUI/View",
		"developer.apple.com/documentation/swiftui/view?language=objc",
		"apple-docs://SwiftUI/View",
	} {
		mustContain(t, s.ok("read_document", map[string]any{"uri": uri}), "URI: apple-docs://swiftui/view", "Availability: iOS 13.0+")
	}
	for _, uri := range []string{"SE-0306", "se0306", "swift-evolution://se-0306"} {
		mustContain(t, s.ok("read_document", map[string]any{"uri": uri}), "# Actors", "Status: Implemented", "actor BankAccount")
	}
	text := s.ok("read_document", map[string]any{"uri": "apple-docs://uikit/uiwebview"})
	mustContain(t, text, "(deprecated 12.0)", "Deprecated: Use WKWebView instead.")
}

func TestResources(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	ctx := context.Background()
	tmpl, err := s.client.ListResourceTemplates(ctx, mcpgo.ListResourceTemplatesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var templates []string
	for _, r := range tmpl.ResourceTemplates {
		templates = append(templates, r.URITemplate.Raw())
	}
	mustContain(t, strings.Join(templates, " "), "apple-docs://{framework}/{+path}", "swift-evolution://{proposal}")
	for uri, want := range map[string]string{
		"apple-docs://swiftui/view/padding(_:_:)": "nonisolated func padding",
		"apple-docs://swiftui":                    "Declare the user interface",
		"swift-evolution://SE-0306":               "actor BankAccount",
		"hig://foundations/color":                 "Judicious use of color",
	} {
		req := mcpgo.ReadResourceRequest{}
		req.Params.URI = uri
		res, err := s.client.ReadResource(ctx, req)
		if err != nil {
			t.Fatalf("%s: %v", uri, err)
		}
		tc, ok := res.Contents[0].(mcpgo.TextResourceContents)
		if !ok || tc.MIMEType != "text/markdown" || tc.URI != uri {
			t.Fatalf("%s: contents %#v", uri, res.Contents[0])
		}
		mustContain(t, tc.Text, want)
	}
	req := mcpgo.ReadResourceRequest{}
	req.Params.URI = "apple-docs://swiftui/nothing-here"
	if _, err := s.client.ReadResource(ctx, req); err == nil || !strings.Contains(err.Error(), "document not found") {
		t.Errorf("missing resource: %v", err)
	}
}

func TestServeReturnsOnContextCancel(t *testing.T) {
	srv, err := New(context.Background(), Options{DBPath: fixtureDB(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	in, w := io.Pipe()
	defer w.Close()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ctx, in, io.Discard) }()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Serve = %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Serve did not return after cancel")
	}
}

func TestIndexReplacedWhileServing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "search.db")
	writeFixture(t, path, fixtureDocs()[:3])
	s := connect(t, Options{DBPath: path})
	clock := useFakeClock(s.srv.backend)
	mustContain(t, s.ok("search", map[string]any{"query": "View"}), "apple-docs://swiftui/view")
	if text := s.ok("search", map[string]any{"query": "UIButton"}); strings.Contains(text, "apple-docs://uikit/uibutton") {
		t.Fatal("UIButton is not in the first index")
	}
	// `cupertino save` builds beside the file and renames over it.
	writeFixture(t, path, fixtureDocs())
	// Within reloadCheck of the last check the server looks at no file.
	clock.advance(reloadCheck - time.Millisecond)
	if text := s.ok("search", map[string]any{"query": "UIButton"}); strings.Contains(text, "apple-docs://uikit/uibutton") {
		t.Fatal("the new index was picked up before reloadCheck passed")
	}
	clock.advance(time.Millisecond)
	s.ok("list_sources", nil) // the call that notices the new file
	mustContain(t, s.ok("search", map[string]any{"query": "UIButton"}), "apple-docs://uikit/uibutton")
	mustContain(t, s.ok("list_frameworks", nil), "uikit")
}

func TestReadPoolMemoryIsBounded(t *testing.T) {
	_, st := serverStore(t, Options{DBPath: fixtureDB(t)})
	maxOpen, conns, err := st.ReadPool(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if maxOpen != serveConnections {
		t.Errorf("max open connections = %d, want %d", maxOpen, serveConnections)
	}
	for _, c := range conns {
		if c.MmapSize != 0 || c.CacheSize != -serveCacheKiB {
			t.Errorf("connection has mmap_size %d, cache_size %d; want 0 and %d", c.MmapSize, c.CacheSize, -serveCacheKiB)
		}
	}
}

// TestDamagedIndexExplainsEachCall: an index that opens but has lost a table
// keeps every tool, and the tools that need the table say how to fix it.
func TestDamagedIndexExplainsEachCall(t *testing.T) {
	path := fixtureDB(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("DROP TABLE doc_symbols_fts; DROP TABLE doc_symbols; DROP TABLE inheritance_edges"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	logs := &testenv.Buffer{}
	s := connect(t, Options{DBPath: path, Logger: slog.New(slog.NewTextHandler(logs, nil))})
	if got := s.toolNames(); len(got) != len(allToolNames) {
		t.Fatalf("tools = %v; a damaged index must keep every tool", got)
	}
	for _, c := range []toolCall{
		{"search_symbols", map[string]any{"query": "View"}},
		{"get_inheritance", map[string]any{"symbol": "UIButton"}},
		{"search_conformances", map[string]any{"protocol": "View"}},
		// Reading a page's structure needs its symbols too, and says so.
		{"read_document", map[string]any{"uri": "apple-docs://swiftui/text", "format": "json"}},
	} {
		text := s.fails(c.name, c.args)
		mustContain(t, text, "index looks damaged", "run `cupertino save --clear`", "server log")
		if strings.Contains(text, "no such table") {
			t.Errorf("%s: SQLite's message reached the agent: %s", c.name, text)
		}
	}
	// The details are in the log.
	mustContain(t, logs.String(), "no such table: doc_symbols", "no such table: inheritance_edges")
	// What does not need the lost tables still works: the page as
	// Markdown holds its symbols in its body.
	mustContain(t, s.ok("search", map[string]any{"query": "Text"}), "apple-docs://swiftui/text")
	mustContain(t, s.ok("read_document", map[string]any{"uri": "apple-docs://swiftui/text"}), "# Text")
	mustContain(t, s.ok("list_frameworks", nil), "swiftui")
}
