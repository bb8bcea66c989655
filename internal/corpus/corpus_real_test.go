package corpus

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// realSourceResult is one real source parsed end to end.
type realSourceResult struct {
	docs     map[string]*document.Document
	declined map[string]error
}

// parseReal parses every file of a real source and fails on any error that
// is not a deliberate decline (ErrFiltered, ErrNotADocument).
func parseReal(t *testing.T, kind, sub string, opts Options) realSourceResult {
	t.Helper()
	src := mustOpen(t, kind, testenv.CorpusPath(t, sub), opts)
	start := time.Now()
	docs, declined := parseAll(t, src)
	elapsed := time.Since(start)
	reasons := map[string]int{}
	for rel, err := range declined {
		if !errors.Is(err, ErrFiltered) && !errors.Is(err, ErrNotADocument) {
			t.Errorf("%s %s: %v", kind, rel, err)
		}
		reasons[err.Error()]++
	}
	for uri, doc := range docs {
		if doc.Title == "" || doc.Markdown == "" || len(doc.ContentHash) != 64 || doc.Size == 0 {
			t.Errorf("%s: empty title, markdown, hash or size", uri)
		}
		// Apple reference pages may be all abstract and declaration, and
		// their titles may be operators ("*(_:_:)"); prose pages always
		// have a body and never keep Markdown in the title.
		if kind == document.SourceAppleDocs {
			continue
		}
		if doc.Content == "" {
			t.Errorf("%s: empty content", uri)
		}
		if strings.Contains(doc.Title, "**") || strings.Contains(doc.Title, "`") || strings.Contains(doc.Title, "](") {
			t.Errorf("%s: Markdown left in title %q", uri, doc.Title)
		}
	}
	t.Logf("%s: %d documents, %d declined, in %v", kind, len(docs), len(declined), elapsed.Round(time.Millisecond))
	for _, reason := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("  declined %4d × %s", reasons[reason], reason)
	}
	return realSourceResult{docs: docs, declined: declined}
}

func TestRealSwiftEvolution(t *testing.T) {
	all := parseReal(t, document.SourceSwiftEvolution, "swift-evolution", Options{IncludeAllStatuses: true})
	byStatus := map[string]int{}
	known := map[string]bool{}
	for _, candidate := range statusPrefixes {
		known[candidate.status] = true
	}
	for uri, doc := range all.docs {
		byStatus[doc.Status]++
		if !known[doc.Status] {
			t.Errorf("%s: status %q is not a normal status", uri, doc.Status)
		}
		if doc.Abstract == "" {
			t.Errorf("%s: no abstract", uri)
		}
		if (doc.Status == StatusImplemented) && doc.SwiftVersion == "" {
			t.Logf("%s: implemented without a version (%s)", uri, filepath.Base(doc.SourceFile))
		}
	}
	for _, status := range slices.Sorted(maps.Keys(byStatus)) {
		t.Logf("  status %-28s %3d", status, byStatus[status])
	}
	actors := all.docs["swift-evolution://SE-0306"]
	if actors == nil || actors.Title != "Actors" || actors.Status != StatusImplemented || actors.SwiftVersion != "5.5" {
		t.Errorf("SE-0306 = %+v", actors)
	}
	if exit := all.docs["swift-evolution://ST-0008"]; exit == nil || exit.Title != "Exit tests" {
		t.Errorf("ST-0008 = %+v", exit)
	}

	indexed := parseReal(t, document.SourceSwiftEvolution, "swift-evolution", Options{})
	if len(indexed.docs) >= len(all.docs) || len(indexed.docs) < len(all.docs)*3/4 {
		t.Errorf("default filter kept %d of %d proposals", len(indexed.docs), len(all.docs))
	}
	for uri, doc := range indexed.docs {
		if !indexedStatuses[doc.Status] {
			t.Errorf("%s: status %s indexed by default", uri, doc.Status)
		}
	}
}

func TestRealSwiftBook(t *testing.T) {
	result := parseReal(t, document.SourceSwiftBook, "swift-book", Options{})
	concurrency := result.docs["swift-book://languageguide/concurrency"]
	if concurrency == nil || concurrency.Title != "Concurrency" || concurrency.Abstract != "Perform asynchronous operations." {
		t.Fatalf("concurrency chapter = %+v", concurrency)
	}
	if len(concurrency.CodeExamples) < 10 {
		t.Errorf("concurrency chapter has %d code examples", len(concurrency.CodeExamples))
	}
	for uri, doc := range result.docs {
		for _, leak := range []string{"```swifttest", "@Metadata", "<!--"} {
			if strings.Contains(doc.Markdown, leak) {
				t.Errorf("%s: %q left in Markdown", uri, leak)
			}
		}
	}
	if len(result.docs) < 40 {
		t.Errorf("only %d chapters", len(result.docs))
	}
}

func TestRealSwiftOrg(t *testing.T) {
	result := parseReal(t, document.SourceSwiftOrg, "swift-org", Options{})
	posts := 0
	for uri, doc := range result.docs {
		if doc.Kind == "blogPost" {
			posts++
		}
		for _, leak := range []string{"{%", "{{"} {
			if strings.Contains(doc.Content, leak) {
				t.Errorf("%s: Liquid %q left in content", uri, leak)
			}
		}
	}
	t.Logf("  %d blog posts, %d pages", posts, len(result.docs)-posts)
	if posts < 150 {
		t.Errorf("only %d blog posts", posts)
	}
	// The VS Code article includes shared sections with an editor name.
	vscode := result.docs["swift-org://documentation/articles/getting-started-with-vscode-swift"]
	if vscode == nil || !strings.Contains(vscode.Content, "Visual Studio Code") {
		t.Errorf("vscode article = %+v", vscode)
	}
}

func TestRealHIG(t *testing.T) {
	result := parseReal(t, document.SourceHIG, "hig", Options{})
	dark := result.docs["hig://general/darkmode"]
	if dark == nil || dark.Title != "Dark Mode" || !strings.HasPrefix(dark.Abstract, "Dark Mode is a systemwide appearance setting") {
		t.Fatalf("dark mode = %+v", dark)
	}
	for uri, doc := range result.docs {
		if strings.Contains(doc.Markdown, "AppleDeveloperDocumentation") || strings.Contains(doc.Title, "|") {
			t.Errorf("%s: mangled title left (%q)", uri, doc.Title)
		}
	}
	if len(result.docs) != 48 {
		t.Errorf("got %d HIG pages, want 48", len(result.docs))
	}
}

func TestRealAppleArchive(t *testing.T) {
	result := parseReal(t, document.SourceAppleArchive, "apple-archive", Options{})
	rules := result.docs["apple-archive://10000011i/mmrules"]
	if rules == nil || rules.Title != "Memory Management Policy" || rules.Kind != "guide" {
		t.Fatalf("mmRules = %+v", rules)
	}
	bindings := result.docs["apple-archive://TP40001075/cocoabindings"]
	if bindings == nil || bindings.Title != "Using Core Data with Cocoa Bindings" {
		t.Errorf("CocoaBindings = %+v", bindings)
	}
	if paths := result.docs["apple-archive://TP30001066/dq_paths"]; paths == nil || paths.Framework != "coregraphics" {
		t.Errorf("dq_paths = %+v", paths)
	}
	for uri, doc := range result.docs {
		if strings.Contains(doc.Markdown, "[Next](") || strings.Contains(doc.Markdown, "All Rights Reserved") {
			t.Errorf("%s: crawl chrome left in Markdown", uri)
		}
		if doc.Abstract == "" {
			t.Errorf("%s: no abstract", uri)
		}
	}
}

// TestRealAppleDocs parses the Swift technology (about 7,800 pages, one core
// for a few seconds) rather than all 183k pages, plus the corpus's non-page
// JSON and its one empty file.
func TestRealAppleDocs(t *testing.T) {
	if testing.Short() {
		t.Skip("parses 7,800 real pages; skipped in -short mode")
	}
	data := testenv.CorpusPath(t, "tutorials/data")
	result := parseReal(t, document.SourceAppleDocs, filepath.Join("tutorials", "data", "documentation", "Swift"), Options{})
	if len(result.docs) < 7000 {
		t.Errorf("only %d Swift pages", len(result.docs))
	}
	for uri, doc := range result.docs {
		if doc.Framework != "swift" {
			t.Errorf("%s: framework %q", uri, doc.Framework)
		}
	}
	if task := result.docs["apple-docs://swift/task"]; task == nil || task.Title != "Task" || task.Kind != "struct" {
		t.Errorf("Task = %+v", task)
	}

	src := mustOpen(t, document.SourceAppleDocs, data, Options{})
	for rel, want := range map[string]error{
		"documentation/technologies.json": ErrNotADocument,
		"index/swiftui.json":              ErrNotADocument,
		"documentation/AppKit/NSFontCollection/matchingDescriptors(forFamily:).json": ErrMalformed,
	} {
		path := filepath.Join(data, filepath.FromSlash(rel))
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("read %s: %v", rel, err)
			continue
		}
		if _, err := src.Parse(path, raw); !errors.Is(err, want) {
			t.Errorf("%s: %v, want %v", rel, err, want)
		}
	}
}

// BenchmarkRealSwiftEvolution measures Parse over every real proposal (one
// op = the whole directory).
func BenchmarkRealSwiftEvolution(b *testing.B) {
	dir := testenv.CorpusPath(b, "swift-evolution")
	src, err := Open(document.SourceSwiftEvolution, dir, Options{IncludeAllStatuses: true})
	if err != nil {
		b.Fatal(err)
	}
	listed, err := src.Files(b.Context())
	files := listed.Files
	if err != nil {
		b.Fatal(err)
	}
	raws := make([][]byte, len(files))
	size := 0
	for i, f := range files {
		if raws[i], err = os.ReadFile(f); err != nil {
			b.Fatal(err)
		}
		size += len(raws[i])
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for i, f := range files {
			_, _ = src.Parse(f, raws[i])
		}
	}
}

// TestRealAppleDocsFull parses all 183k real Apple pages (minutes of one
// core); it runs only when CUPERTINO_CORPUS_FULL=1.
func TestRealAppleDocsFull(t *testing.T) {
	if os.Getenv("CUPERTINO_CORPUS_FULL") != "1" {
		t.Skip("set CUPERTINO_CORPUS_FULL=1 to parse every real Apple page")
	}
	data := testenv.CorpusPath(t, "tutorials/data")
	src := mustOpen(t, document.SourceAppleDocs, data, Options{})
	start := time.Now()
	listed, err := src.Files(t.Context())
	files := listed.Files
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("listed %d files in %v", len(files), time.Since(start).Round(time.Millisecond))
	uris := make(map[string]string, len(files))
	reasons := map[string]int{}
	kinds := map[string]int{}
	var bytes int64
	duplicates := 0
	start = time.Now()
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		bytes += int64(len(raw))
		doc, err := src.Parse(path, raw)
		if err != nil {
			reason := err.Error()
			if len(reason) > 90 {
				reason = reason[:90]
			}
			reasons[reason]++
			if !errors.Is(err, ErrNotADocument) && !errors.Is(err, ErrFiltered) {
				t.Logf("%s: %v", relSlash(data, path), err)
			}
			continue
		}
		kinds[doc.Kind]++
		// The mirror holds some pages twice under spellings docuri folds
		// together (working_with_matrices and working-with-matrices); the
		// door's dedup decides between them, so they are counted here.
		if other, dup := uris[doc.URI]; dup {
			if duplicates++; duplicates <= 5 {
				t.Logf("same URI %s: %s and %s", doc.URI, relSlash(data, other), relSlash(data, path))
			}
			continue
		}
		uris[doc.URI] = path
	}
	t.Logf("%d files share a URI with an earlier file", duplicates)
	elapsed := time.Since(start)
	t.Logf("parsed %d documents from %d files (%d MB) in %v (%.0f files/s on one goroutine)",
		len(uris), len(files), bytes>>20, elapsed.Round(time.Millisecond), float64(len(files))/elapsed.Seconds())
	for _, reason := range slices.Sorted(maps.Keys(reasons)) {
		t.Logf("  declined %6d × %s", reasons[reason], reason)
	}
	for _, kind := range slices.Sorted(maps.Keys(kinds)) {
		if kinds[kind] >= 500 {
			t.Logf("  kind %-18s %6d", kind, kinds[kind])
		}
	}
}
