package fit

import (
	"math"
	"slices"
	"strings"
)

// The model is the ranker's own score with its named multipliers free: a
// candidate's in-source relevance is its base (bm25 and the additive
// stages) divided by the product of its multipliers, so each weight is one
// parameter θ = log(multiplier), the multipliers no rule names (prominence)
// stay as the ranker computed them, and the title-coverage multiplier is
// 1 − slope × coverage with θ = log(slope). Rank replays what the ranker
// does after scoring (ranker/rank.go): each source's list ordered by
// relevance, the one page a source puts forward in the exact and
// all-keywords tiers, reciprocal-rank fusion with the source weights the
// ranker used, and the tiers before the fused score.

// Use is one named multiplier on a candidate.
type Use struct {
	W        int     // the weight's index in Model.Names
	Coverage float64 // for the coverage rule: the share of keywords the title covers
}

// Cand is one candidate of a query as the ranker scored it.
type Cand struct {
	URI, Source  string
	Base         float64 // relevance before the multipliers
	Fixed        float64 // the product of the multipliers no fitted rule names
	Uses         []Use
	Tier         int     // the tier the ranker gave it
	PreTier      int     // its tier before each source put forward one page
	Declares     bool    // keeps its tier (a declaration query's answer)
	SourceRank   int     // the ranker's rank within its source: the tie-break
	SourceWeight float64 // its source's fusion weight in this search
	Order        int     // its place in the ranker's results
}

// Example is a pair with its query's candidates.
type Example struct {
	Pair
	Cands   []Cand
	Targets []int // indexes in Cands of the pages that answer (a pair's one target; a battery row's matches)
}

// Tiers, as ranker/rank.go numbers them.
const (
	tierForced = iota
	tierExact
	tierAllInTitle
	tierOther
)

// rrfK is ranker.RRFK (copied to keep the replay free of the engine).
const rrfK = 60

// Model holds the named weights and their current logarithms.
type Model struct {
	Names    []string
	Hand     []float64 // the hand values (multipliers; the slope for the coverage rule)
	Theta    []float64 // log of the current values
	Coverage int       // index of the coverage rule, -1 if absent
}

// NewModel starts a model at the hand values.
func NewModel(names []string, hand []float64, coverageRule string) Model {
	m := Model{Names: slices.Clone(names), Hand: slices.Clone(hand), Coverage: -1}
	for i, v := range hand {
		m.Theta = append(m.Theta, math.Log(v))
		if names[i] == coverageRule {
			m.Coverage = i
		}
	}
	return m
}

// Value is weight i's current value.
func (m Model) Value(i int) float64 { return math.Exp(m.Theta[i]) }

// Index returns the index of the weight named name, -1 if none.
func (m Model) Index(name string) int { return slices.Index(m.Names, name) }

// multiplier is the factor u contributes under theta.
func (m Model) multiplier(theta []float64, u Use) float64 {
	if u.W == m.Coverage {
		return max(0.01, 1-math.Exp(theta[u.W])*u.Coverage)
	}
	return math.Exp(theta[u.W])
}

// Rank replays the ranker's ordering of ex under theta and returns the
// 1-based place of its best-placed target, 0 when none is a candidate.
func (m Model) Rank(ex *Example, theta []float64) int {
	if len(ex.Targets) == 0 {
		return 0
	}
	n := len(ex.Cands)
	value := make([]float64, n)
	for i, c := range ex.Cands {
		p := c.Fixed
		for _, u := range c.Uses {
			p *= m.multiplier(theta, u)
		}
		value[i] = c.Base / p
	}
	// Each source's list: forced pages first in the ranker's order, then
	// by relevance, ties as the ranker broke them.
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		ca, cb := &ex.Cands[a], &ex.Cands[b]
		if c := strings.Compare(ca.Source, cb.Source); c != 0 {
			return c
		}
		fa, fb := ca.Tier == tierForced, cb.Tier == tierForced
		switch {
		case fa != fb:
			if fa {
				return -1
			}
			return 1
		case fa:
			return ca.Order - cb.Order
		case value[a] != value[b]:
			if value[a] > value[b] {
				return -1
			}
			return 1
		}
		return ca.SourceRank - cb.SourceRank
	})
	rank := make([]int, n)
	tier := make([]int, n)
	put := map[string]int{} // the page each source puts forward, by index
	for i, j := range idx {
		if i == 0 || ex.Cands[idx[i-1]].Source != ex.Cands[j].Source {
			rank[j] = 1
		} else {
			rank[j] = rank[idx[i-1]] + 1
		}
		c := &ex.Cands[j]
		tier[j] = c.PreTier
		if c.PreTier == tierExact || c.PreTier == tierAllInTitle {
			if b, ok := put[c.Source]; !ok || c.PreTier < ex.Cands[b].PreTier {
				put[c.Source] = j
			}
		}
	}
	for j := range ex.Cands {
		c := &ex.Cands[j]
		if (c.PreTier == tierExact || c.PreTier == tierAllInTitle) && put[c.Source] != j && !c.Declares {
			tier[j] = tierOther
		}
	}
	fused := make([]float64, n)
	for j, c := range ex.Cands {
		fused[j] = c.SourceWeight / float64(rrfK+rank[j])
	}
	best := 0
	for _, target := range ex.Targets {
		place := 1
		for j := range ex.Cands {
			if j != target && before(ex, j, target, tier, fused, rank) {
				place++
			}
		}
		if best == 0 || place < best {
			best = place
		}
	}
	return best
}

// before reports whether candidate a precedes b in the fused order.
func before(ex *Example, a, b int, tier []int, fused []float64, rank []int) bool {
	if tier[a] != tier[b] {
		return tier[a] < tier[b]
	}
	ca, cb := &ex.Cands[a], &ex.Cands[b]
	if tier[a] == tierForced {
		return ca.Order < cb.Order
	}
	if fused[a] != fused[b] {
		return fused[a] > fused[b]
	}
	if rank[a] != rank[b] {
		return rank[a] < rank[b]
	}
	if ca.SourceWeight != cb.SourceWeight {
		return ca.SourceWeight > cb.SourceWeight
	}
	return ca.URI < cb.URI
}

// ReciprocalRank is 1/place, 0 when the target is absent.
func ReciprocalRank(place int) float64 {
	if place <= 0 {
		return 0
	}
	return 1 / float64(place)
}

// MRR is the mean reciprocal rank of examples under theta.
func (m Model) MRR(examples []Example, theta []float64) float64 {
	if len(examples) == 0 {
		return 0
	}
	var sum float64
	for i := range examples {
		sum += ReciprocalRank(m.Rank(&examples[i], theta))
	}
	return sum / float64(len(examples))
}
