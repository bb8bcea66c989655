package search

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/golden"
	"github.com/cupertino-go/cupertino/ranker"
)

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

// runDir runs the batteries dir holds with cfg (its Batteries are dir's);
// the test fails on any error.
func runDir(t *testing.T, dir string, cfg Config) *Report {
	t.Helper()
	batteries, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Batteries = batteries
	rep, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func fakeRun(t *testing.T) *Report {
	t.Helper()
	return runDir(t, "testdata/batteries", Config{Label: "fake", Searcher: newFakeSearcher(), Symbols: testSymbols})
}

func TestGoldenFake(t *testing.T) {
	rep := fakeRun(t)
	dir := filepath.Join("testdata", "golden-fake")
	golden.CheckDir(t, dir, "*.txt", GoldenFiles(rep, GoldenK))
	// A changed ranking must show up as a difference.
	for i, c := range rep.Cases {
		if c.Query == "View" {
			rep.Cases[i].URIs[0], rep.Cases[i].URIs[1] = c.URIs[1], c.URIs[0]
		}
	}
	if err := golden.CompareDir(dir, "*.txt", GoldenFiles(rep, GoldenK)); !errors.Is(err, golden.ErrMismatch) {
		t.Errorf("CompareDir after a swap = %v, want ErrMismatch", err)
	}
}

func TestGoldenFilesNameEveryBatteryAndRankStats(t *testing.T) {
	files := GoldenFiles(fakeRun(t), 3)
	if len(files) != 8 { // seven batteries + rank_stats.txt
		t.Errorf("golden files = %d, want 8", len(files))
	}
	if _, ok := files[RankStatsFile]; !ok {
		t.Errorf("no %s among %d golden files", RankStatsFile, len(files))
	}
}
