package docc

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestCorpusSample parses every 25th real page (CUPERTINO_SAMPLE_STEP=1 for all): every non-empty file must
// parse, no page may panic, and at most 0.5% may fail to produce a URI.
// Unknown block, inline and section types are logged, not failed: they
// render as their text.
func TestCorpusSample(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus sample skipped in -short mode")
	}
	dir := testenv.CorpusPath(t, testenv.AppleDocsPath)
	step := 25
	if s, err := strconv.Atoi(os.Getenv("CUPERTINO_SAMPLE_STEP")); err == nil && s > 0 {
		step = s // 1 for a full-corpus run
	}
	files := corpusFiles(t, dir, step)
	var (
		empty, parsed, noURI, bytesRead int
		clauses                         int
		parseFailures, uriFailures      []string
		unreadClauses                   []string
		unknown                         = map[string]int{}
		kinds                           = map[string]int{}
	)
	start := time.Now()
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bytesRead += len(raw)
		rel, _ := filepath.Rel(dir, f)
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s: panic: %v", rel, r)
				}
			}()
			p, err := Parse(raw)
			switch {
			case errors.Is(err, ErrEmpty):
				empty++
				return
			case err != nil:
				parseFailures = append(parseFailures, fmt.Sprintf("%s: %v", rel, err))
				return
			}
			parsed++
			d, err := p.Document(f, raw)
			if err != nil {
				noURI++
				uriFailures = append(uriFailures, fmt.Sprintf("%s: %v", rel, err))
				return
			}
			kinds[d.Kind]++
			// Every "Available when" clause must yield constraints: an
			// unread one loses them from the page's symbols.
			if c := p.Metadata.Conformance; c != nil && len(c.Constraints) > 0 {
				clauses++
				if len(d.AvailableWhen) == 0 {
					unreadClauses = append(unreadClauses, rel)
				}
			}
			renderMarkdown(p, RenderOptions{}, unknown)
			if d.Title == "" || d.Markdown == "" || d.ContentHash == "" {
				t.Errorf("%s: empty title, markdown or hash", rel)
			}
		}()
	}
	elapsed := time.Since(start)
	t.Logf("sampled %d files (%d MB): %d parsed, %d empty, %d parse failures, %d without URI in %v (%.0f pages/s, %.0f MB/s)",
		len(files), bytesRead>>20, parsed, empty, len(parseFailures), noURI, elapsed.Round(time.Millisecond),
		float64(len(files))/elapsed.Seconds(), float64(bytesRead)/1e6/elapsed.Seconds())
	t.Logf("kinds: %s", countsString(kinds))
	t.Logf("%d pages with an \"Available when\" clause", clauses)
	if len(unreadClauses) > 0 {
		t.Errorf("%d \"Available when\" clauses gave no constraints; first: %v", len(unreadClauses), unreadClauses[:min(5, len(unreadClauses))])
	}
	if len(unknown) > 0 {
		t.Logf("unknown types (rendered as text): %s", countsString(unknown))
	}
	for i, f := range parseFailures {
		if i == 10 {
			break
		}
		t.Errorf("parse failure: %s", f)
	}
	if float64(noURI) > 0.005*float64(parsed) {
		t.Errorf("%d of %d pages produced no URI (limit 0.5%%); first: %v", noURI, parsed, uriFailures[:min(5, len(uriFailures))])
	} else if noURI > 0 {
		t.Logf("pages without URI: %v", uriFailures[:min(5, len(uriFailures))])
	}
}

// TestCorpusSwiftError checks a well-known page end to end.
func TestCorpusSwiftError(t *testing.T) {
	dir := testenv.CorpusPath(t, testenv.AppleDocsPath)
	path := filepath.Join(dir, "Swift", "Error.json")
	d := documentOf(t, path, testenv.ReadFile(t, path))
	if d.URI != "apple-docs://swift/error" || d.Title != "Error" || d.Kind != "protocol" || d.Framework != "swift" {
		t.Errorf("got uri %q title %q kind %q framework %q", d.URI, d.Title, d.Kind, d.Framework)
	}
	if !strings.HasPrefix(d.Declaration, "protocol Error") {
		t.Errorf("declaration = %q", d.Declaration)
	}
	i := slices.IndexFunc(d.Platforms, func(p document.Platform) bool { return p.Name == "iOS" })
	if i < 0 || d.Platforms[i].Introduced != "8.0" {
		t.Errorf("platforms = %+v, want iOS 8.0", d.Platforms)
	}
	if len(d.InheritsFrom) == 0 || d.InheritsFrom[0].Title != "Sendable" {
		t.Errorf("inheritsFrom = %+v", d.InheritsFrom)
	}
	if d.Parent != "apple-docs://swift" || d.Language != "swift" || d.Deprecated {
		t.Errorf("parent %q language %q deprecated %v", d.Parent, d.Language, d.Deprecated)
	}
	if len(d.CodeExamples) == 0 || !strings.Contains(d.Markdown, "## Declaration\n\n```swift\nprotocol Error") {
		t.Errorf("code examples %d, markdown:\n%s", len(d.CodeExamples), d.Markdown)
	}
}

// TestCorpusAvailableWhen checks a member of a constrained extension end to
// end: the clause DocC prints beside the declaration reaches the Document and
// the Markdown.
func TestCorpusAvailableWhen(t *testing.T) {
	dir := testenv.CorpusPath(t, testenv.AppleDocsPath)
	path := filepath.Join(dir, "SwiftUI", "NavigationLink", "init(value:label:)-4jswo.json")
	d := documentOf(t, path, testenv.ReadFile(t, path)) // the corpus is there, so this page must be
	if want := []string{"Label: View", "Destination == Never"}; !slices.Equal(d.AvailableWhen, want) {
		t.Errorf("AvailableWhen = %q, want %q", d.AvailableWhen, want)
	}
	if !strings.Contains(d.Markdown, "```\n\nAvailable when `Label` conforms to `View` and `Destination` is `Never`.\n") {
		t.Errorf("markdown lacks the clause after the declaration:\n%s", d.Markdown)
	}
}

func countsString(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return m[b] - m[a] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s=%d", k, m[k]))
	}
	return strings.Join(parts, " ")
}
