package ranker

import (
	"math"
	"slices"
	"testing"
)

func TestFuse(t *testing.T) {
	lists := []RankedList{
		{Source: "apple-docs", URIs: []string{"a1", "a2", "shared"}},
		{Source: "hig", URIs: []string{"h1", "shared", "h1"}}, // repeated h1 counts once
		{Source: "swift-evolution", URIs: []string{"e1"}},
	}
	got := Fuse(lists, nil, RRFK)
	wantOrder := []string{"a1", "shared", "a2", "e1", "h1"}
	// a1 = 3/61 = .04918; a2 = 3/62 = .04839; shared = 3/63 + .5/62 = .04762 + .00806 = .05568;
	// e1 = 1.5/61 = .02459; h1 = .5/61 = .00820.
	wantScore := map[string]float64{
		"a1": 3.0 / 61, "a2": 3.0 / 62, "shared": 3.0/63 + 0.5/62, "e1": 1.5 / 61, "h1": 0.5 / 61,
	}
	if len(got) != len(wantOrder) {
		t.Fatalf("got %d items, want %d", len(got), len(wantOrder))
	}
	wantOrder = []string{"shared", "a1", "a2", "e1", "h1"}
	for i, uri := range wantOrder {
		if got[i].URI != uri {
			t.Errorf("rank %d = %s, want %s", i+1, got[i].URI, uri)
		}
		if math.Abs(got[i].Score-wantScore[got[i].URI]) > 1e-15 {
			t.Errorf("%s score = %v, want %v", got[i].URI, got[i].Score, wantScore[got[i].URI])
		}
	}
	if c := got[0].Contributions; len(c) != 2 || c[0].Source != "apple-docs" || c[0].Rank != 3 || c[1].Rank != 2 {
		t.Errorf("shared contributions = %+v", c)
	}
}

func TestFuseTiesAreDeterministic(t *testing.T) {
	// Equal weights and ranks: a tie broken by URI, whatever the list order.
	w := map[string]float64{"x": 1, "y": 1}
	a := Fuse([]RankedList{{Source: "x", URIs: []string{"b"}}, {Source: "y", URIs: []string{"a"}}}, w, RRFK)
	b := Fuse([]RankedList{{Source: "y", URIs: []string{"a"}}, {Source: "x", URIs: []string{"b"}}}, w, RRFK)
	if a[0].URI != "a" || b[0].URI != "a" {
		t.Errorf("tie order = %s/%s, want a first both times", a[0].URI, b[0].URI)
	}
	// Equal score from different ranks: 2/(60+2) == 1/(60+1)*? no; build an exact tie:
	// weight 2 at rank 62-60=2 → 2/62 = 1/31; weight 1 at rank 1 with k=30 → 1/31.
	c := Fuse([]RankedList{{Source: "heavy", URIs: []string{"p", "q"}}, {Source: "light", URIs: []string{"r"}}}, map[string]float64{"heavy": 2, "light": 1}, 0)
	// k=0: p = 2/1, q = 2/2 = 1, r = 1/1 = 1: q and r tie on score; r has the better rank.
	if c[1].URI != "r" || c[2].URI != "q" {
		t.Errorf("tie on score: got %s, %s; want r (rank 1) before q (rank 2)", c[1].URI, c[2].URI)
	}
	// Unknown sources weigh 1.
	d := Fuse([]RankedList{{Source: "unknown", URIs: []string{"u"}}}, nil, RRFK)
	if math.Abs(d[0].Score-1.0/61) > 1e-15 {
		t.Errorf("unknown source score = %v, want 1/61", d[0].Score)
	}
}

func TestDefaultSourceWeights(t *testing.T) {
	want := map[string]float64{
		"apple-docs": 3, "swift-evolution": 1.5, "swift-book": 1, "swift-org": 1, "packages": 0.8,
		"samples": 0.6, "wwdc": 0.6, "apple-archive": 0.5, "hig": 0.5,
	}
	for _, s := range AllSources {
		if DefaultSourceWeights[s] != want[s] {
			t.Errorf("weight %s = %v, want %v", s, DefaultSourceWeights[s], want[s])
		}
	}
}

// TestWeakTailFusesAtLessWeight pins weakTail and its two numbers: the
// pages under weakTailShare of the best score of a second name, but a page
// the lexicon named, fuse at weakTailWeight of the source's weight; without
// it the named page e follows d.
func TestWeakTailFusesAtLessWeight(t *testing.T) {
	// The best name, X, is far above the rest, twice (a twin); the second
	// name's best, 40, sets the floor at 12: 11 and 5 are the tail, 13 is
	// not, nor the named 4.
	scores := []float64{100, 99, 40, 13, 11, 4, 5}
	names := []string{"x", "x", "y", "z", "w", "v", "u"}
	named := []bool{false, false, false, false, false, true, false}
	got := weakTail(scores, names, named)
	want := []bool{false, false, false, false, true, false, true}
	if !slices.Equal(got, want) {
		t.Fatalf("weakTail = %v, want %v (share %g of the second name's best)", got, want, weakTailShare)
	}
	if weakTail([]float64{9, 1}, []string{"a", "b"}, []bool{false, false}) != nil {
		t.Error("a list of two has no tail")
	}
	if weakTail([]float64{9, 8, 1}, []string{"a", "a", "a"}, []bool{false, false, false}) != nil {
		t.Error("a list of one name has no tail")
	}
	got = got[1:] // the twin aside, as the fusion below reads six pages
	heavy := RankedList{Source: "heavy", URIs: []string{"a", "b", "c", "d", "e", "f"}, Weak: got}
	light := RankedList{Source: "light", URIs: []string{"p"}}
	fused := Fuse([]RankedList{heavy, light}, map[string]float64{"heavy": 2, "light": 1}, 0)
	var order []string
	for _, f := range fused {
		order = append(order, f.URI)
	}
	// k 0: a 2, b 1, c 2/3, e 2/5 (named), p 1/1 ties b and wins on rank;
	// d adds weakTailWeight of 2/4 and f of 2/6, and both fall behind e.
	if w := []string{"a", "p", "b", "c", "e", "d", "f"}; !slices.Equal(order, w) {
		t.Errorf("fused order %v, want %v", order, w)
	}
	if c := fused[5].Contributions[0]; !c.Weak || c.Value != 2*weakTailWeight/4 {
		t.Errorf("d's contribution %+v, want weak, adding %g", c, 2*weakTailWeight/4)
	}
}
