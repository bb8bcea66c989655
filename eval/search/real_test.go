package search

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/golden"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// realIndex opens the full index named by $CUPERTINO_DB.
func realIndex(t *testing.T) *index.Store {
	t.Helper()
	return indextest.OpenFull(t)
}

// TestQualityRealIndex runs every battery against the full index through the
// in-process ranker and compares with the golden files in testdata/golden
// (`-update` rewrites them; internal/golden). CUPERTINO_EVAL_OUT keeps the JSON and Markdown
// reports.
func TestQualityRealIndex(t *testing.T) {
	batteries, err := LoadDir(testenv.QualityDir(t))
	if err != nil {
		t.Fatal(err)
	}
	store := realIndex(t)
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(ctx, Config{Label: store.Path(), Searcher: engine, Symbols: StoreSymbols{Store: store}, Batteries: batteries})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range rep.Batteries {
		t.Logf("%-18s %-32s MRR %.4f P@1 %.4f P@5 %.4f p50 %d ms max %d ms", s.Name, s.Headline, s.MRR, s.P1, s.P5, s.MillisP50, s.MillisMax)
	}
	if out := os.Getenv("CUPERTINO_EVAL_OUT"); out != "" {
		if err := rep.WriteOutputs(out); err != nil {
			t.Fatal(err)
		}
	}
	golden.CheckDir(t, filepath.Join("testdata", "golden"), "*.txt", GoldenFiles(rep, GoldenK))
}
