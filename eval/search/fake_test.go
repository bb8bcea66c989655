package search

import (
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fakeSearcher answers from a table of canned result lists.
type fakeSearcher struct {
	results map[string][]ranker.Result
	calls   []ranker.Filters
}

var errFakeDown = errors.New("fake search failed")

func (f *fakeSearcher) Search(_ context.Context, query string, opts ranker.Filters) ([]ranker.Result, error) {
	f.calls = append(f.calls, opts)
	if query == "Duration" {
		return nil, errFakeDown
	}
	return f.results[query], nil
}

func docs(uris ...string) []ranker.Result {
	out := make([]ranker.Result, len(uris))
	for i, u := range uris {
		src, _, _ := strings.Cut(u, "://")
		out[i] = ranker.Result{URI: u, Source: src}
	}
	return out
}

func newFakeSearcher() *fakeSearcher {
	return &fakeSearcher{results: map[string][]ranker.Result{
		"View":                  docs("apple-docs://swiftui/view", "apple-docs://swiftui/view/body"),
		"PencilKit":             docs("apple-docs://swiftui/pencilkit-view", "apple-docs://pencilkit"),
		"SortDescriptor":        docs("apple-docs://foundation/nssortdescriptor", "apple-docs://foundation/sortdescriptor"),
		"AffineTransform":       docs("apple-docs://foundation/affinetransform", "apple-docs://spatial/affinetransform3d", "apple-docs://foundation/nsaffinetransform"),
		"uwb":                   docs("apple-docs://nearbyinteraction"),
		"Grid":                  docs("apple-docs://swiftui/lazyvgrid", "apple-docs://swiftui/grid", "apple-docs://swiftui/text", "apple-docs://swiftui/gridrow", "apple-docs://swiftui/griditem"),
		"actor reentrancy":      docs("apple-docs://swift/task", "apple-docs://swift/mainactor", "swift-evolution://se-0306"),
		"@frozen":               docs("apple-docs://p1", "apple-docs://p2", "apple-docs://p3", "apple-docs://p4", "apple-docs://p5"),
		"async throwing method": docs("apple-docs://p6"),
		"Sidebars":              docs("apple-docs://x", "hig://sidebars"),
	}}
}

// fakeSymbols serves symbols for the p1…p6 pages.
type fakeSymbols map[string]PageSymbols

func (f fakeSymbols) PageSymbols(_ context.Context, uri string) (PageSymbols, error) {
	return f[uri], nil
}

var testSymbols = fakeSymbols{
	"apple-docs://p1": {Symbols: []document.Symbol{{Name: "Level", Kind: "enum", Attributes: []string{"frozen"}}}},
	"apple-docs://p3": {Attributes: []string{"frozen"}},
	"apple-docs://p4": {Symbols: []document.Symbol{{Name: "run", Kind: "func", IsAsync: true}}},
	"apple-docs://p6": {Symbols: []document.Symbol{{Name: "load", Kind: "func", IsAsync: true, IsThrows: true}}},
}

func fakeRun(t *testing.T) *Report {
	t.Helper()
	batteries, err := LoadDir("testdata/batteries")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Config{
		Label: "fake", Searcher: newFakeSearcher(), Symbols: testSymbols, Batteries: batteries,
	})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestGoldenFake(t *testing.T) {
	rep := fakeRun(t)
	dir := filepath.Join("testdata", "golden-fake")
	if *update {
		if err := WriteGolden(dir, rep, GoldenK); err != nil {
			t.Fatal(err)
		}
	}
	if err := DiffGolden(dir, rep, GoldenK); err != nil {
		t.Fatal(err)
	}
	// A changed ranking must show up as a difference.
	for i, c := range rep.Cases {
		if c.Query == "View" {
			rep.Cases[i].URIs[0], rep.Cases[i].URIs[1] = c.URIs[1], c.URIs[0]
		}
	}
	if err := DiffGolden(dir, rep, GoldenK); !errors.Is(err, ErrGoldenMismatch) {
		t.Errorf("DiffGolden after a swap = %v, want ErrGoldenMismatch", err)
	}
	if err := DiffGolden(t.TempDir(), rep, GoldenK); !errors.Is(err, ErrGoldenMismatch) {
		t.Errorf("DiffGolden against an empty dir = %v, want ErrGoldenMismatch", err)
	}
}

func TestWriteGoldenRoundTrip(t *testing.T) {
	rep := fakeRun(t)
	dir := t.TempDir()
	if err := WriteGolden(dir, rep, 3); err != nil {
		t.Fatal(err)
	}
	if err := DiffGolden(dir, rep, 3); err != nil {
		t.Fatalf("fresh golden differs: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 8 { // seven batteries + rank_stats.txt
		t.Errorf("golden files = %d, want 8", len(entries))
	}
}
