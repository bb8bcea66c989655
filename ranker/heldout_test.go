package ranker_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/golden"
	"github.com/cupertino-go/cupertino/ranker"
)

// heldOutMinimum is what the ranker must keep on the project's own batteries
// (eval/batteries, written without looking at the dev set): the battery's
// headline metric, as eval/gates.tsv states the dev set's.
var heldOutMinimum = map[string]struct {
	metric string
	min    float64
}{
	"canonical-v3": {"mrr", 0.98}, // types across frameworks
	"canonical-v4": {"mrr", 0.98}, // Type member
	"canonical-v5": {"mrr", 0.98}, // more types
	"canonical-v6": {"mrr", 0.95}, // more members, dotted and selector forms
	"prose-v2":     {"pass", 27},  // paraphrased requests, of 37
	"prose-v3":     {"pass", 17},  // paraphrased requests, of 26
	"prose-v4":     {"pass", 7},   // of 15, written last and never tuned on
	"prose-v5":     {"pass", 25},  // of 35, written blind after the lexicon's step was chosen
	// Each of issue #12's sources, searched in itself: its own items are
	// found by their words (dev tuned on, held-out never).
	"samples-dev":      {"mrr", 0.8},
	"samples-heldout":  {"mrr", 0.8},
	"wwdc-dev":         {"mrr", 0.8},
	"wwdc-heldout":     {"mrr", 0.8},
	"packages-dev":     {"mrr", 0.8},
	"packages-heldout": {"mrr", 0.8},
}

// TestHeldOutRealIndex runs the held-out batteries against the full index
// ($CUPERTINO_DB), checks heldOutMinimum and compares with the golden files
// in eval/batteries/golden (`go test ./ranker -run TestHeldOutRealIndex
// -update` rewrites them). These batteries are the project's own, so their
// goldens may name the queries.
func TestHeldOutRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	dir := filepath.Join("..", "eval", "batteries")
	batteries, err := search.LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	rep, err := search.Run(ctx, search.Config{Label: "held-out", Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: batteries})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Batteries {
		t.Logf("%-14s %-28s MRR %.4f P@1 %.4f pass %d/%d", s.Name, s.Headline, s.MRR, s.P1, s.Pass, s.Queries)
		want, ok := heldOutMinimum[s.Name]
		if !ok {
			continue
		}
		got := s.MRR
		if want.metric == "pass" {
			got = float64(s.Pass)
		}
		if got < want.min {
			t.Errorf("%s %s = %.4g, want at least %.4g", s.Name, want.metric, got, want.min)
		}
	}
	golden.CheckDir(t, filepath.Join(dir, "golden"), "*.txt", search.GoldenFiles(rep, search.GoldenK))
}
