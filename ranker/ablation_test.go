package ranker_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// ablateVar runs the weight ablation study: a study, not a check (it
// takes about eight minutes and asserts only that every weight can be set
// back), so it runs when asked.
const ablateVar = "CUPERTINO_ABLATE"

// TestWeightAblationRealIndex measures what each named weight of
// weights.go adds (docs/search.md, "What each weight adds"): every dev and
// held-out battery (realq-final, never tuned on, left out) is run once as
// the weights are, then once with each weight set to the value that
// changes nothing, and each weight's line says how many rows rank their
// page higher or lower without it, and the MRR and hit@10 it is worth.
// $CUPERTINO_ABLATE_OUT keeps the table as TSV; $CUPERTINO_ABLATE_ONLY
// names the weights to study (comma-separated) and lists the rows each
// moves.
func TestWeightAblationRealIndex(t *testing.T) {
	if os.Getenv(ablateVar) == "" {
		t.Skipf("the weight ablation study runs when %s=1 (about eight minutes on the full index)", ablateVar)
	}
	var batteries []search.Battery
	for _, dir := range []string{testenv.QualityDir(t), filepath.Join(testenv.RepoRoot(t), "eval", "batteries")} {
		loaded, err := search.LoadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range loaded {
			if b.Name != "realq-final" {
				batteries = append(batteries, b)
			}
		}
	}
	store := indextest.OpenFull(t)
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func() map[string]int {
		rep, err := search.Run(ctx, search.Config{Label: store.Path(), Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: batteries})
		if err != nil {
			t.Fatal(err)
		}
		ranks := make(map[string]int, len(rep.Cases))
		for _, c := range rep.Cases {
			ranks[fmt.Sprintf("%s:%d", c.Battery, c.Line)] = c.Rank
		}
		return ranks
	}
	base := run()
	if grid := os.Getenv(ablateVar + "_GRID"); grid != "" {
		studyGrid(t, grid, base, run)
		return
	}
	lines := []string{"weight\tneutral rows up\tneutral rows down\tMRR it adds\thit@10 it adds\trealq MRR it adds"}
	only := strings.Split(os.Getenv(ablateVar+"_ONLY"), ",")
	for _, w := range ranker.HandWeights() {
		if only[0] != "" && !slices.Contains(only, w.Name) {
			continue
		}
		restore, ok := ranker.NeutralWeightForTest(w.Name)
		if !ok {
			t.Fatalf("%s: no such weight", w.Name)
		}
		ablated := run()
		restore()
		d := compareRanks(base, ablated)
		lines = append(lines, fmt.Sprintf("%s\t%d\t%d\t%+.4f\t%+d\t%+.4f", w.Name, d.up, d.down, d.mrr, d.hits, d.realqMRR))
		t.Log(lines[len(lines)-1])
		if only[0] != "" {
			for _, key := range slices.Sorted(maps.Keys(base)) {
				if base[key] != ablated[key] {
					t.Logf("  %s: rank %d with the weight, %d without", key, base[key], ablated[key])
				}
			}
		}
	}
	if again := run(); !maps.Equal(base, again) {
		t.Fatal("a weight was not set back: the last run differs from the first")
	}
	if out := os.Getenv(ablateVar + "_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// rankDelta is what a weight adds: rows whose page ranks higher (up) or
// lower (down) without it, and the MRR and hits over all rows (and over
// the realq dev rows) that it is worth.
type rankDelta struct {
	up, down      int
	mrr, realqMRR float64
	hits          int
}

func compareRanks(with, without map[string]int) rankDelta {
	var d rankDelta
	realq := 0
	for key, r := range with {
		o := without[key]
		d.mrr += reciprocal(r) - reciprocal(o)
		d.hits += hit(r) - hit(o)
		if strings.HasPrefix(key, "realq-dev") {
			realq++
			d.realqMRR += reciprocal(r) - reciprocal(o)
		}
		switch {
		case reciprocal(o) > reciprocal(r):
			d.up++
		case reciprocal(o) < reciprocal(r):
			d.down++
		}
	}
	d.mrr /= float64(max(len(with), 1))
	d.realqMRR /= float64(max(realq, 1))
	return d
}

func reciprocal(rank int) float64 {
	if rank <= 0 {
		return 0
	}
	return 1 / float64(rank)
}

func hit(rank int) int {
	if rank > 0 && rank <= 10 {
		return 1
	}
	return 0
}

// studyGrid runs $CUPERTINO_ABLATE_GRID, "weightName=v1,v2,…", each value
// in turn, and logs the dev rows' MRR and hits apart from the held-out
// rows' (neverTunedOn): a value is chosen on the dev rows, and the
// held-out ones say whether it holds.
func studyGrid(t *testing.T, grid string, base map[string]int, run func() map[string]int) {
	name, values, ok := strings.Cut(grid, "=")
	if !ok {
		t.Fatalf("%s_GRID: want weightName=v1,v2,…, got %q", ablateVar, grid)
	}
	for _, field := range strings.Split(values, ",") {
		v, err := strconv.ParseFloat(field, 64)
		if err != nil {
			t.Fatal(err)
		}
		restore, ok := ranker.SetWeightForTest(name, v)
		if !ok {
			t.Fatalf("%s: no such weight", name)
		}
		ranks := run()
		restore()
		dev, held := splitRows(ranks, false), splitRows(ranks, true)
		t.Logf("%s=%g\tdev %d rows MRR %.4f hit@10 %d\theld-out %d rows MRR %.4f hit@10 %d\trealq dev MRR %.4f\tbatteries lower than now: %s",
			name, v, dev.rows, dev.mrr, dev.hits, held.rows, held.mrr, held.hits, realqMRR(ranks), strings.Join(lowerBatteries(base, ranks), " "))
	}
}

// neverTunedOn: the held-out batteries (heldOutBattery) and the two prose
// sets written last and blind (heldout_test.go).
func neverTunedOn(battery string) bool {
	return heldOutBattery.MatchString(battery) || battery == "prose-v4" || battery == "prose-v5"
}

type rowSummary struct {
	rows, hits int
	mrr        float64
}

func splitRows(ranks map[string]int, heldOut bool) rowSummary {
	var s rowSummary
	for key, r := range ranks {
		battery, _, _ := strings.Cut(key, ":")
		if neverTunedOn(battery) != heldOut {
			continue
		}
		s.rows++
		s.mrr += reciprocal(r)
		s.hits += hit(r)
	}
	s.mrr /= float64(max(s.rows, 1))
	return s
}

func realqMRR(ranks map[string]int) float64 {
	n, sum := 0, 0.0
	for key, r := range ranks {
		if strings.HasPrefix(key, "realq-dev") {
			n++
			sum += reciprocal(r)
		}
	}
	return sum / float64(max(n, 1))
}

// lowerBatteries names the batteries whose MRR or hits are lower in ranks
// than in base.
func lowerBatteries(base, ranks map[string]int) []string {
	type sums struct {
		mrr  float64
		hits int
	}
	before, after := map[string]*sums{}, map[string]*sums{}
	for key := range base {
		battery, _, _ := strings.Cut(key, ":")
		for _, m := range []struct {
			to    map[string]*sums
			ranks map[string]int
		}{{before, base}, {after, ranks}} {
			if m.to[battery] == nil {
				m.to[battery] = &sums{}
			}
			m.to[battery].mrr += reciprocal(m.ranks[key])
			m.to[battery].hits += hit(m.ranks[key])
		}
	}
	var out []string
	for _, b := range slices.Sorted(maps.Keys(before)) {
		if after[b].mrr < before[b].mrr-1e-9 || after[b].hits < before[b].hits {
			out = append(out, b)
		}
	}
	return out
}
