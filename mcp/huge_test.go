package mcp

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// hugeURI is a page far past anything real: tens of megabytes of Markdown,
// a multi-megabyte abstract, title, declaration and code examples, and
// thousands of children and symbols with long names. It stands for the
// 115 MB page a crawl once produced, and for a hostile index.
const hugeURI = "apple-docs://swiftui/hugepage"

// hugePageMiB is the size of its Markdown body.
const hugePageMiB = 24

func hugePage() *document.Document {
	d := apple("swiftui", "hugepage", "HugePage "+strings.Repeat("Enormous title words ", 2000), "struct")
	d.RoleHeading = strings.Repeat("Role ", 1000)
	d.DeprecationNote = strings.Repeat("Deprecated because ", 5000)
	d.Deprecated = true
	d.Abstract = "hugeword " + strings.Repeat("summary lorem ipsum hugeword dolor sit amet ", 100_000) // ~4.4 MB
	d.Declaration = "struct HugePage<" + strings.Repeat("T: View, ", 100_000) + ">"
	d.Content = strings.Repeat("hugeword body text for the full-text index ", 50_000)
	var md strings.Builder
	md.WriteString("# HugePage\n\n")
	for i := 0; md.Len() < hugePageMiB<<20; i++ {
		fmt.Fprintf(&md, "## Part %d %s\n\n", i, strings.Repeat("heading ", 50))
		for range 20 {
			md.WriteString("A long paragraph about <Generic> & \"quoted\" text, repeated to make the page enormous. ")
		}
		md.WriteString("\n\n")
	}
	d.Markdown = md.String()
	for i := range 40 {
		d.CodeExamples = append(d.CodeExamples, document.CodeExample{Language: "swift",
			Code: strings.Repeat(fmt.Sprintf("let value%d = HugePage<Int>()\n", i), 20_000), Caption: strings.Repeat("caption ", 1000)})
	}
	for i := range 5000 {
		d.Children = append(d.Children, document.Ref{URI: fmt.Sprintf("apple-docs://swiftui/hugepage/child%d", i),
			Title: fmt.Sprintf("child%d %s", i, strings.Repeat("long child title ", 100)), Section: strings.Repeat("Section ", 200)})
	}
	for i := range 2000 {
		d.Symbols = append(d.Symbols, document.Symbol{Name: fmt.Sprintf("hugeSymbol%d", i), Kind: "func",
			Signature:  fmt.Sprintf("func hugeSymbol%d(%s) async", i, strings.Repeat("argument: Int, ", 500)),
			IsAsync:    true,
			Attributes: []string{"MainActor", strings.Repeat("Attr", 500)}, Conformances: []string{"View", strings.Repeat("Proto", 500)},
			GenericConstraints: []string{"T: View", strings.Repeat("U: Hashable", 200)}, Origin: "declaration"})
	}
	d.ConformsTo = []document.Ref{{URI: "apple-docs://swiftui/view", Title: "View"}}
	for i := range 300 {
		d.ConformingTypes = append(d.ConformingTypes, document.Ref{Title: fmt.Sprintf("Conformer%d %s", i, strings.Repeat("x", 5000))})
		d.InheritedBy = append(d.InheritedBy, document.Ref{Title: fmt.Sprintf("Subclass%d %s", i, strings.Repeat("y", 5000))})
	}
	d.Platforms = platforms("iOS", "13.0", "macOS", "10.15")
	return d
}

var (
	hugeIndex testenv.Fixture[string]
	hugeDir   string
)

// hugeDB builds the fixture with the huge page once per test binary: it
// takes seconds, and the tests only read it.
func hugeDB(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a large index; skipped with -short")
	}
	return hugeIndex.Get(t, func() (string, error) {
		dir, err := os.MkdirTemp("", "cupertino-huge-")
		if err != nil {
			return "", err
		}
		hugeDir = dir // removed by TestMain
		started := time.Now()
		path := filepath.Join(dir, "search.db")
		writeFixture(t, path, append(fixtureDocs(), hugePage()))
		t.Logf("built the huge-page index in %s", time.Since(started).Round(time.Millisecond))
		return path, nil
	})
}

// TestHugePageResponsesAreBounded: read_document in both formats, at every
// max_tokens, stays within max_tokens and says how to continue; every other
// tool that meets the page stays within the response limit with a real
// answer, not the size net's error.
func TestHugePageResponsesAreBounded(t *testing.T) {
	s := connect(t, Options{DBPath: hugeDB(t), CallTimeout: 20 * time.Second, NewSearcher: rankerSearcher})
	for _, format := range []string{"markdown", "json"} {
		for _, maxTokens := range []int{0, 500, 2000, maxTokenBudget} {
			for _, extra := range []map[string]any{{}, {"offset": 10 << 20}, {"section": "Part 1"}} {
				args := map[string]any{"uri": hugeURI, "format": format}
				limit := defaultTokenBudget * charsPerToken
				if maxTokens > 0 {
					args["max_tokens"], limit = maxTokens, maxTokens*charsPerToken
				}
				maps.Copy(args, extra)
				res := s.call("read_document", args)
				text := resultText(res)
				if res.IsError {
					t.Errorf("read_document %v: %s", args, clip(text, 300))
					continue
				}
				if size := resultChars(res); size > limit {
					t.Errorf("read_document %v: %d characters, over %d", args, size, limit)
				}
				hint := "offset="
				if format == "json" {
					hint = `"nextOffset":`
				}
				if !strings.Contains(text, hint) {
					t.Errorf("read_document %v: no continuation hint %q in %s", args, hint, clip(text, 300))
				}
			}
		}
	}
	for _, c := range []toolCall{
		{"search", map[string]any{"query": "hugeword", "limit": 100}},
		{"search", map[string]any{"query": "HugePage"}},
		{"list_children", map[string]any{"uri": hugeURI}},
		{"list_documents", map[string]any{"framework": "swiftui", "limit": 200}},
		{"search_symbols", map[string]any{"query": "hugeSymbol", "limit": 100}},
		{"search_concurrency", map[string]any{"pattern": "async", "limit": 100}},
		{"search_concurrency", map[string]any{"pattern": "mainactor", "limit": 100}},
		{"search_property_wrappers", map[string]any{"wrapper": "MainActor", "limit": 100}},
		{"search_generics", map[string]any{"constraint": "View", "limit": 100}},
		{"search_conformances", map[string]any{"protocol": "View", "limit": 100}},
		{"get_inheritance", map[string]any{"symbol": hugeURI, "direction": "both", "depth": 10}},
		{"get_inheritance", map[string]any{"symbol": "View", "direction": "down"}},
	} {
		res := s.call(c.name, c.args)
		text := resultText(res)
		if res.IsError {
			t.Errorf("%s %v: %s", c.name, c.args, clip(text, 300))
			continue
		}
		if size := resultChars(res); size > maxResultChars {
			t.Errorf("%s %v: %d characters, over %d", c.name, c.args, size, maxResultChars)
		}
	}
	req := mcpgo.ReadResourceRequest{}
	req.Params.URI = hugeURI
	rr, err := s.client.ReadResource(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if tc, ok := rr.Contents[0].(mcpgo.TextResourceContents); !ok || len(tc.Text) > responseBudget {
		t.Errorf("resources/read: %d characters, over %d", len(tc.Text), responseBudget)
	}
}

// TestHugePageSearchMeetsTimeout: a search whose results include the huge
// page answers within its time limit, with results or a timeout the agent
// can act on, and the work behind it ends rather than running on.
func TestHugePageSearchMeetsTimeout(t *testing.T) {
	const timeout = time.Second
	s := connect(t, Options{DBPath: hugeDB(t), CallTimeout: timeout, NewSearcher: rankerSearcher})
	for _, q := range []string{"hugeword", "summary lorem ipsum dolor", "HugePage", "hugeword body text"} {
		started := time.Now()
		res := s.call("search", map[string]any{"query": q, "limit": 100})
		took := time.Since(started)
		text := resultText(res)
		switch {
		case took > 3*timeout:
			t.Errorf("search %q took %s with a %s limit", q, took, timeout)
		case res.IsError && !strings.Contains(text, "timed out"):
			t.Errorf("search %q: %s", q, clip(text, 300))
		case !res.IsError && resultChars(res) > maxResultChars:
			t.Errorf("search %q: %d characters", q, resultChars(res))
		}
		t.Logf("search %q: %s, isError=%v, %d characters", q, took.Round(time.Millisecond), res.IsError, resultChars(res))
	}
	waitForWorkers(t, s.srv, 3*timeout)
}

// waitForWorkers fails unless every handler, abandoned ones included, has
// ended within d.
func waitForWorkers(t testing.TB, srv *Server, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for srv.WorkerLoad().Busy > 0 {
		if time.Now().After(deadline) {
			t.Errorf("%d handlers still running %s after their calls ended", srv.WorkerLoad().Busy, d)
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTimeoutAnswersWhileWorkRunsOn: work that does not watch its context
// (Go code between queries) still gets the caller a timeout answer at the
// deadline; its worker slot is held until it really ends.
func TestTimeoutAnswersWhileWorkRunsOn(t *testing.T) {
	release := make(chan struct{})
	stubborn := SearcherFunc(func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
		<-release // ignores ctx
		return nil, nil
	})
	const timeout = 200 * time.Millisecond
	s := connect(t, Options{DBPath: fixtureDB(t), Searcher: stubborn, CallTimeout: timeout, MaxConcurrent: 2})
	for range 3 {
		started := time.Now()
		text := s.fails("search", map[string]any{"query": "View"})
		mustContain(t, text, "timed out after 200ms")
		if took := time.Since(started); took > 3*timeout {
			t.Errorf("the timeout answer took %s", took)
		}
	}
	// Two stubborn calls hold both slots; the third waited for one and
	// timed out waiting. Other tools wait the same way until work ends.
	if n := s.srv.WorkerLoad().Busy; n != 2 {
		t.Errorf("%d worker slots held, want the 2 of the abandoned calls", n)
	}
	close(release)
	waitForWorkers(t, s.srv, time.Second)
	mustContain(t, s.ok("list_frameworks", nil), "swiftui")
}
