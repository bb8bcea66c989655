package ranker

import (
	"sort"

	"github.com/cupertino-go/cupertino/internal/source"
)

// DefaultSourceWeights scale each source's fused increment (source.Source
// Weight): weighting by authority breaks the tie of every source's rank 1
// while still letting a strong hit from a low-weight source beat a weak
// apple-docs one.
var DefaultSourceWeights = func() map[string]float64 {
	w := make(map[string]float64, len(source.All))
	for _, s := range source.All {
		w[s.ID] = s.Weight
	}
	return w
}()

// RankedList is one source's candidates, best first.
type RankedList struct {
	Source string
	URIs   []string
	// Weak marks the list's weak tail (weakTail): those URIs add
	// weakTailWeight of what their rank would. Nil marks none.
	Weak []bool
}

// Contribution is what one list added to a fused item's score.
type Contribution struct {
	Source string  `json:"source"`
	Rank   int     `json:"rank"` // 1-based rank within that list
	Weight float64 `json:"weight"`
	Value  float64 `json:"value"`          // Weight / (k + Rank)
	Weak   bool    `json:"weak,omitempty"` // in its list's weak tail: Value is weakTailWeight of it
}

// Fused is one item after fusion.
type Fused struct {
	URI           string
	Score         float64
	Contributions []Contribution
}

// Fuse merges ranked lists by weighted reciprocal rank fusion:
// score(d) = Σ weight(source) / (k + rank(d)). weights nil means
// DefaultSourceWeights; a source missing from weights weighs 1. A URI
// repeated within one list counts at its first rank only. The order is
// deterministic: score descending, then best rank, then the larger single
// weight, then URI.
func Fuse(lists []RankedList, weights map[string]float64, k float64) []Fused {
	if weights == nil {
		weights = DefaultSourceWeights
	}
	byURI := make(map[string]*Fused)
	var order []*Fused
	for _, l := range lists {
		w, ok := weights[l.Source]
		if !ok {
			w = 1
		}
		seen := make(map[string]bool, len(l.URIs))
		for i, uri := range l.URIs {
			if seen[uri] {
				continue
			}
			seen[uri] = true
			f := byURI[uri]
			if f == nil {
				f = &Fused{URI: uri}
				byURI[uri] = f
				order = append(order, f)
			}
			c := Contribution{Source: l.Source, Rank: i + 1, Weight: w, Value: w / (k + float64(i+1))}
			if l.Weak != nil && l.Weak[i] {
				c.Value, c.Weak = c.Value*weakTailWeight, true
			}
			f.Contributions = append(f.Contributions, c)
		}
	}
	out := make([]Fused, len(order))
	for i, f := range order {
		// Sum in a fixed order (by value, then source) so the float result
		// does not depend on the order the lists were given in.
		sort.Slice(f.Contributions, func(a, b int) bool {
			ca, cb := f.Contributions[a], f.Contributions[b]
			if ca.Value != cb.Value {
				return ca.Value > cb.Value
			}
			return ca.Source < cb.Source
		})
		for _, c := range f.Contributions {
			f.Score += c.Value
		}
		out[i] = *f
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.Score != y.Score {
			return x.Score > y.Score
		}
		if rx, ry := bestRank(x), bestRank(y); rx != ry {
			return rx < ry
		}
		if wx, wy := maxWeight(x), maxWeight(y); wx != wy {
			return wx > wy
		}
		return x.URI < y.URI
	})
	return out
}

// weakTail marks the pages of one source's list, in its order, whose
// scores fall under weakTailShare of the best score of a second name, but
// for those named[i] keeps (the task lexicon's pages). Reciprocal-rank
// fusion gives a source's 62nd page what a source of half its weight
// gives its first: a request that Apple's pages match by one word or a
// declared attribute alone ("… isolated to @MainActor in Swift 6?",
// hundreds of @MainActor members) buried the proposal that answers it
// under that tail. The second name's best, not the best: one name
// multiplied far above the rest (an exact title, and its twin on another
// platform) would otherwise make the whole list a tail.
func weakTail(scores []float64, names []string, named []bool) []bool {
	if len(scores) < 3 {
		return nil
	}
	top := 0
	for i, v := range scores {
		if v > scores[top] {
			top = i
		}
	}
	second := -1.0
	for i, v := range scores {
		if names[i] != names[top] {
			second = max(second, v)
		}
	}
	if second < 0 {
		return nil
	}
	var weak []bool
	for i, v := range scores {
		if v < weakTailShare*second && !named[i] {
			if weak == nil {
				weak = make([]bool, len(scores))
			}
			weak[i] = true
		}
	}
	return weak
}

func bestRank(f Fused) int {
	best := int(^uint(0) >> 1)
	for _, c := range f.Contributions {
		best = min(best, c.Rank)
	}
	return best
}

func maxWeight(f Fused) float64 {
	var w float64
	for _, c := range f.Contributions {
		w = max(w, c.Weight)
	}
	return w
}
