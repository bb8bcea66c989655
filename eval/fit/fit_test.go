package fit

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/cupertino-go/cupertino/ranker"
)

// synthetic builds examples whose targets are the best candidates when
// weight "a" is trueA and "b" is 1: each candidate carries a or b at
// random, and the ranker's own order (Order, SourceRank) is that of the
// hand values (both 1), as Extract would record it.
func synthetic(seed uint64, n int, trueA float64) []Example {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Example
	for range n {
		ex := Example{Pair: Pair{Kind: KindAbstract, Query: "q"}}
		best, bestV := -1, 0.0
		for i := range 20 {
			c := Cand{URI: string(rune('a' + i)), Source: "apple-docs", Base: 1 + 9*rng.Float64(), Fixed: 1,
				Tier: tierOther, PreTier: tierOther, SourceWeight: 3, SourceRank: i + 1, Order: i}
			v := c.Base
			if rng.Float64() < 0.3 {
				c.Uses = append(c.Uses, Use{W: 0})
				v /= trueA
			}
			if rng.Float64() < 0.3 {
				c.Uses = append(c.Uses, Use{W: 1})
			}
			if v > bestV {
				best, bestV = i, v
			}
			ex.Cands = append(ex.Cands, c)
		}
		ex.Targets = []int{best}
		out = append(out, ex)
	}
	return out
}

// TestFitRecoversAKnownWeight: on examples labelled by a = 0.4, b = 1,
// coordinate ascent from the hand values a = b = 1 finds a within a step
// of 0.4 and leaves b alone, and reaches a perfect MRR.
func TestFitRecoversAKnownWeight(t *testing.T) {
	train := synthetic(7, 400, 0.4)
	m := NewModel([]string{"a", "b"}, []float64{1, 1}, "")
	before := m.MRR(train, m.Theta)
	opt := DefaultOptions
	opt.Lambda, opt.MinSupport = 0, 1
	fitted, steps := Fit(m, train, opt, nil)
	after := fitted.MRR(train, fitted.Theta)
	if a := fitted.Value(0); math.Abs(math.Log(a/0.4)) > math.Log(1.1) {
		t.Errorf("fitted a = %.3f, want 0.4 within 10%% (steps %+v)", a, steps)
	}
	if b := fitted.Value(1); b != 1 {
		t.Errorf("fitted b = %.3f, want 1: it decides nothing", b)
	}
	if after < 0.99 || after <= before {
		t.Errorf("MRR %.3f at the hand values, %.3f fitted; want a perfect fit", before, after)
	}
	// Deterministic: the same data fit again gives the same values.
	again, _ := Fit(m, train, opt, nil)
	if again.Theta[0] != fitted.Theta[0] || again.Theta[1] != fitted.Theta[1] {
		t.Errorf("a second fit gave %v, the first %v", again.Theta, fitted.Theta)
	}
	// A guard that refuses values of a below 0.6 holds the fit there.
	guarded, _ := Fit(m, train, opt, func(theta []float64) bool { return math.Exp(theta[0]) >= 0.6 })
	if a := guarded.Value(0); a < 0.6 || a > 0.7 {
		t.Errorf("guarded a = %.3f, want the guard's edge, 0.6 to 0.7", a)
	}
	// Held-out examples drawn the same way agree.
	if mrr := fitted.MRR(synthetic(8, 200, 0.4), fitted.Theta); mrr < 0.95 {
		t.Errorf("held-out MRR %.3f", mrr)
	}
}

// TestFitPullsTowardHand: with the L2 pull, a weight no example can tell
// apart from its hand value stays there.
func TestFitPullsTowardHand(t *testing.T) {
	train := synthetic(9, 100, 1) // a changes nothing the labels reward
	m := NewModel([]string{"a", "b"}, []float64{1, 1}, "")
	opt := DefaultOptions
	opt.MinSupport = 1
	fitted, _ := Fit(m, train, opt, nil)
	if fitted.Value(0) != 1 || fitted.Value(1) != 1 {
		t.Errorf("fitted %.3f, %.3f; want the hand values", fitted.Value(0), fitted.Value(1))
	}
}

// TestRankReplaysFusionAndTiers: the replay orders tiers before fused
// scores, fuses by source weight over RRF, and lets each source put
// forward only its best exact-title page.
func TestRankReplaysFusionAndTiers(t *testing.T) {
	m := NewModel([]string{"boost"}, []float64{0.5}, "")
	ex := Example{Cands: []Cand{
		{URI: "doc1", Source: "apple-docs", Base: 10, Fixed: 1, Tier: tierOther, PreTier: tierOther, SourceWeight: 3},
		{URI: "doc2", Source: "apple-docs", Base: 8, Fixed: 1, Tier: tierOther, PreTier: tierOther, SourceWeight: 3},
		{URI: "book1", Source: "swift-book", Base: 1, Fixed: 1, Tier: tierOther, PreTier: tierOther, SourceWeight: 1},
		{URI: "exact1", Source: "hig", Base: 1, Fixed: 1, Tier: tierExact, PreTier: tierExact, SourceWeight: 1},
		{URI: "exact2", Source: "hig", Base: 5, Fixed: 1, Tier: tierOther, PreTier: tierExact, SourceWeight: 1},
	}}
	place := func(target int) int { ex.Targets = []int{target}; return m.Rank(&ex, m.Theta) }
	// exact2 outscores exact1 in hig, so hig puts it forward, first.
	if p := place(4); p != 1 {
		t.Errorf("exact2 at %d, want 1", p)
	}
	// exact1 is demoted to the other tier, second in hig: 1/62, below
	// doc1 (3/61), doc2 (3/62) and book1 (1/61).
	if p := place(3); p != 5 {
		t.Errorf("exact1 at %d, want 5", p)
	}
	if p := place(1); p != 3 {
		t.Errorf("doc2 at %d, want 3", p)
	}
	// The boost on doc2 moves it above doc1.
	ex.Cands[1].Uses = []Use{{W: 0}}
	if p := place(1); p != 2 {
		t.Errorf("boosted doc2 at %d, want 2", p)
	}
}

// TestExampleOfReadsFactors: the candidates, their named and fixed
// multipliers, source rank, fusion weight and tier are read from the
// ranker's factor list.
func TestExampleOfReadsFactors(t *testing.T) {
	m := NewModel([]string{"weightExactTitle", ranker.CoverageSlopeRule}, []float64{0.05, 0.7}, ranker.CoverageSlopeRule)
	results := []ranker.Result{{URI: "apple-docs://swift/task", Source: "apple-docs", Explain: []ranker.Factor{
		{Name: ranker.FactorBM25, Op: ranker.OpBase, Value: 16},
		{Name: ranker.FactorExactTitle, Op: ranker.OpMultiply, Value: 0.05, Rule: "weightExactTitle"},
		{Name: ranker.FactorTitleWords, Op: ranker.OpMultiply, Value: 0.65, Rule: ranker.CoverageSlopeRule},
		{Name: ranker.FactorProminence, Op: ranker.OpMultiply, Value: 0.5},
		{Name: "source_rank", Op: ranker.OpBase, Value: 2},
		{Name: ranker.FactorRRF, Op: ranker.OpAdd, Value: 3.0 / 62},
		{Name: "tier", Op: ranker.OpBase, Value: 3},
	}}}
	ex, err := ExampleOf(m, Pair{Query: "Task"}, results, func(uri string) bool { return uri == "apple-docs://swift/task" })
	if err != nil {
		t.Fatal(err)
	}
	c := ex.Cands[0]
	if len(ex.Targets) != 1 || ex.Targets[0] != 0 || c.Base != 16 || c.Fixed != 0.5 || c.SourceRank != 2 || math.Abs(c.SourceWeight-3) > 1e-9 {
		t.Errorf("read %+v", ex)
	}
	if len(c.Uses) != 2 || c.Uses[0].W != 0 || c.Uses[1].W != 1 || math.Abs(c.Uses[1].Coverage-0.5) > 1e-9 {
		t.Errorf("uses %+v, want the exact title and a coverage of 0.5", c.Uses)
	}
	if c.Tier != tierOther || c.PreTier != tierExact {
		t.Errorf("tier %d, before the one page a source puts forward %d; want %d, %d", c.Tier, c.PreTier, tierOther, tierExact)
	}
	if p := m.Rank(ex, m.Theta); p != 1 {
		t.Errorf("place %d", p)
	}
}
