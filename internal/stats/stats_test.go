package stats

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

func TestMcNemarExact(t *testing.T) {
	tests := []struct {
		b, c int
		want float64
	}{
		{0, 0, 1},
		{1, 9, 2 * (1 + 10) / 1024.0},      // C(10,0)+C(10,1) over 2^10, doubled
		{8, 2, 2 * (1 + 10 + 45) / 1024.0}, // symmetric in b and c
		{5, 5, 1},                          // 2·638/1024 > 1, capped
		{0, 6, 2 / 64.0},                   // 2·(1/2^6)
		{0, 1, 1},                          // 2·1/2 = 1
		{3, 0, 2 / 8.0},                    // 2·(1/2^3)
		{10, 30, 2 * binomTail(40, 10)},    // larger n against a direct sum
		{1000, 1100, 2 * binomTail(2100, 1000)},
	}
	for _, tt := range tests {
		if got := McNemarExact(tt.b, tt.c, TwoSided); math.Abs(got-tt.want) > 1e-12*math.Max(1, tt.want) {
			t.Errorf("McNemarExact(%d, %d) = %.15g, want %.15g", tt.b, tt.c, got, tt.want)
		}
	}
}

// binomTail sums P(X ≤ k) for X ~ Binomial(n, 1/2) with big-number-free
// recurrences: C(n,i+1) = C(n,i)·(n−i)/(i+1), in log space.
func binomTail(n, k int) float64 {
	var sum float64
	logC := 0.0
	for i := 0; i <= k; i++ {
		if i > 0 {
			logC += math.Log(float64(n-i+1)) - math.Log(float64(i))
		}
		sum += math.Exp(logC - float64(n)*math.Ln2)
	}
	return sum
}

func TestWilcoxonExactHandComputed(t *testing.T) {
	tests := []struct {
		name      string
		d         []float64
		n         int
		wPlus     float64
		wMinus    float64
		p         float64
		exactWant bool
	}{
		// All five positive: W+ = 15; only 1 of 32 sign patterns is as extreme each way.
		{"all positive", []float64{1, 2, 3, 4, 5}, 5, 15, 0, 2.0 / 32, true},
		// |d| ranks: .1→1 .25→2 .3→3 .5→4 .75→5 1→6; negatives .25 and .1: W− = 3.
		// Subsets of {1..6} summing to ≤ 3: {}, {1}, {2}, {3}, {1,2} = 5 of 64.
		{"mixed", []float64{0.5, -0.25, 1, 0.75, -0.1, 0.3}, 6, 18, 3, 10.0 / 64, true},
		// Ties: |1| three times share rank 2, |2| has rank 4. W+ = 2+2+4 = 8, W− = 2.
		// Doubled ranks 4,4,4,8: sums ≤ 4 come from {} and the three single 4s: 4 of 16.
		{"ties", []float64{1, 1, -1, 2}, 4, 8, 2, 2 * 4.0 / 16, true},
		// Zeros are dropped before ranking.
		{"zeros", []float64{0, 0, 1, 2, 3, 4, 5}, 5, 15, 0, 2.0 / 32, true},
		{"all zero", []float64{0, 0}, 0, 0, 0, 1, true},
	}
	for _, tt := range tests {
		w := WilcoxonSignedRank(tt.d)
		if w.N != tt.n || w.WPlus != tt.wPlus || w.WMinus != tt.wMinus || w.Exact != tt.exactWant || math.Abs(w.P-tt.p) > 1e-12 {
			t.Errorf("%s: got %+v, want n=%d W+=%v W−=%v p=%v", tt.name, w, tt.n, tt.wPlus, tt.wMinus, tt.p)
		}
	}
}

func TestWilcoxonNormalApproximation(t *testing.T) {
	// n = 60 distinct |d| = 1..60, the 38 smallest negative: W− = 741, W+ = 1089.
	// μ = 60·61/4 = 915, σ² = 60·61·121/24 = 18452.5,
	// z = (|1089 − 915| − 0.5)/√18452.5 = 1.2772381, p = erfc(z/√2) = 0.2015182.
	d := make([]float64, 60)
	for i := range d {
		d[i] = float64(i + 1)
		if i < 38 {
			d[i] = -d[i]
		}
	}
	w := WilcoxonSignedRank(d)
	if w.Exact || w.WPlus != 1089 || math.Abs(w.Z-1.2772381207821994) > 1e-9 || math.Abs(w.P-0.2015181923631914) > 1e-9 {
		t.Errorf("no ties: %+v", w)
	}

	// Ties: |d| = 1..50 plus ten values tied at 100 (ranks 51..60, average
	// 55.5); negatives are ranks 1..30 and four of the tied ten:
	// W− = 465 + 4·55.5 = 687, W+ = 1143. Tie correction (10³ − 10)/48 = 20.625:
	// σ² = 18431.875, z = (228 − 0.5)/√18431.875 = 1.6757014, p = 0.0937967.
	d = d[:0]
	for i := 1; i <= 50; i++ {
		v := float64(i)
		if i <= 30 {
			v = -v
		}
		d = append(d, v)
	}
	for i := 0; i < 10; i++ {
		v := 100.0
		if i < 4 {
			v = -v
		}
		d = append(d, v)
	}
	w = WilcoxonSignedRank(d)
	if w.Exact || w.WPlus != 1143 || math.Abs(w.Z-1.675701439547848) > 1e-9 || math.Abs(w.P-0.09379668772728869) > 1e-9 {
		t.Errorf("ties: %+v", w)
	}
}

// TestWilcoxonExactMatchesEnumeration checks the dynamic programme against
// brute-force enumeration of all sign patterns on random small samples with
// ties.
func TestWilcoxonExactMatchesEnumeration(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 200; trial++ {
		n := 1 + rng.IntN(12)
		d := make([]float64, n)
		for i := range d {
			d[i] = float64(1+rng.IntN(5)) / 4 // few distinct values: many ties
			if rng.IntN(2) == 0 {
				d[i] = -d[i]
			}
		}
		w := WilcoxonSignedRank(d)
		if want := bruteForceP(d); math.Abs(w.P-want) > 1e-12 {
			t.Fatalf("d=%v: p = %v, enumeration %v", d, w.P, want)
		}
	}
}

func bruteForceP(d []float64) float64 {
	n := len(d)
	abs := make([]float64, n)
	for i, x := range d {
		abs[i] = math.Abs(x)
	}
	ranks := make([]float64, n)
	sorted := append([]float64(nil), abs...)
	sort.Float64s(sorted)
	for i, a := range abs {
		lo, hi := sort.SearchFloat64s(sorted, a), sort.SearchFloat64s(sorted, math.Nextafter(a, math.Inf(1)))
		ranks[i] = float64(lo+1+hi) / 2
	}
	var observed float64
	for i, x := range d {
		if x > 0 {
			observed += ranks[i]
		}
	}
	var low, high float64
	total := 1 << n
	for mask := 0; mask < total; mask++ {
		var s float64
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				s += ranks[i]
			}
		}
		if s <= observed+1e-9 {
			low++
		}
		if s >= observed-1e-9 {
			high++
		}
	}
	return math.Min(1, 2*math.Min(low, high)/float64(total))
}

// The one-sided test is half the two-sided one when the second run is the
// better, and close to 1 when it is the worse: the sidedness is explicit.
func TestMcNemarExactSidedness(t *testing.T) {
	if got, want := McNemarExact(1, 8, SecondBetter), 10.0/512; math.Abs(got-want) > 1e-15 {
		t.Errorf("one-sided p for b=1 c=8 = %v, want %v", got, want)
	}
	if two, one := McNemarExact(1, 8, TwoSided), McNemarExact(1, 8, SecondBetter); math.Abs(two-2*one) > 1e-15 {
		t.Errorf("two-sided %v is not twice one-sided %v", two, one)
	}
	if got := McNemarExact(8, 1, SecondBetter); got < 0.99 {
		t.Errorf("one-sided p when the second run is worse = %v, want near 1", got)
	}
	if got := McNemarChi2(1, 8); math.Abs(got-4) > 1e-12 {
		t.Errorf("chi2 = %v, want 4", got)
	}
}
