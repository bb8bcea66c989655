// Package stats holds the paired significance tests the evaluation harnesses
// report: McNemar's test on paired pass/fail outcomes (exact binomial and
// χ² with continuity correction) and the Wilcoxon signed-rank test on paired
// differences. eval search and eval agent both use it, so a p-value means
// the same thing in both reports; each test names its alternative.
package stats

import (
	"math"
	"sort"
)

// Alternative is the alternative hypothesis of a paired test.
type Alternative int

const (
	// TwoSided: the two runs differ, in either direction.
	TwoSided Alternative = iota
	// SecondBetter: the second run succeeds more often (one-sided).
	SecondBetter
)

// McNemarExact is the exact McNemar test for paired binary outcomes: b
// counts pairs where only the first run succeeded, c where only the second
// did. Under the null hypothesis the b+c discordant pairs split as
// Binomial(b+c, 1/2). TwoSided gives p = min(1, 2·P(X ≤ min(b, c)));
// SecondBetter gives P(X ≥ c), so b=1, c=8 gives 10/512 ≈ 0.0195. No
// discordant pair gives p = 1.
func McNemarExact(b, c int, alt Alternative) float64 {
	n := b + c
	if n == 0 {
		return 1
	}
	// Sum the binomial tail in log space so that n in the thousands neither
	// overflows nor underflows.
	tail := func(from, to int) float64 {
		var sum float64
		for i := from; i <= to; i++ {
			sum += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
		}
		return sum
	}
	if alt == SecondBetter {
		return math.Min(1, tail(c, n))
	}
	return math.Min(1, 2*tail(0, min(b, c)))
}

// McNemarChi2 is McNemar's statistic with Edwards' continuity correction,
// (|b−c|−1)²/(b+c); 0 when there are no discordant pairs or |b−c| ≤ 1, where
// the correction would overshoot (R's mcnemar.test agrees).
func McNemarChi2(b, c int) float64 {
	n := b + c
	if n == 0 {
		return 0
	}
	d := math.Abs(float64(b-c)) - 1
	if d < 0 {
		d = 0
	}
	return d * d / float64(n)
}

// McNemarPChi2 is the two-sided p of the corrected statistic (χ², 1 df).
func McNemarPChi2(b, c int) float64 {
	if b+c == 0 {
		return 1
	}
	return math.Erfc(math.Sqrt(McNemarChi2(b, c) / 2))
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// WilcoxonExactMaxN is the largest number of non-zero differences for which
// the signed-rank p-value is computed exactly; above it the normal
// approximation is accurate to well under 0.01.
const WilcoxonExactMaxN = 50

// Wilcoxon is the result of a Wilcoxon signed-rank test.
type Wilcoxon struct {
	N      int     `json:"n"`      // non-zero differences (zeros are dropped)
	WPlus  float64 `json:"wPlus"`  // rank sum of positive differences
	WMinus float64 `json:"wMinus"` // rank sum of negative differences
	Z      float64 `json:"z"`      // normal score (0 when exact)
	P      float64 `json:"p"`      // two-sided p-value
	Exact  bool    `json:"exact"`
}

// TieEpsilon treats differences of reciprocal ranks as equal when they differ
// only by floating-point noise (1/3 computed two ways).
const TieEpsilon = 1e-12

// WilcoxonSignedRank tests whether paired differences d (second run minus
// first) are symmetric around zero. Zeros are dropped; tied |d| get their
// average rank. For N ≤ WilcoxonExactMaxN the p-value is exact: the null
// distribution of W+ over all 2^N sign assignments of the actual (possibly
// tied) ranks. Otherwise it uses the normal approximation with continuity
// correction and the tie correction Σ(t³−t)/48 on the variance.
func WilcoxonSignedRank(d []float64) Wilcoxon {
	var abs []float64
	var pos []bool
	for _, x := range d {
		if math.Abs(x) <= TieEpsilon || math.IsNaN(x) {
			continue
		}
		abs = append(abs, math.Abs(x))
		pos = append(pos, x > 0)
	}
	n := len(abs)
	w := Wilcoxon{N: n, P: 1}
	if n == 0 {
		w.Exact = true
		return w
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return abs[idx[a]] < abs[idx[b]] })
	// Doubled ranks are integers even when ties average to a half.
	rank2 := make([]int, n)
	var tieTerm float64
	for i := 0; i < n; {
		j := i
		for j+1 < n && abs[idx[j+1]]-abs[idx[i]] <= TieEpsilon {
			j++
		}
		avg2 := (i + 1) + (j + 1) // 2 × the average of ranks i+1..j+1
		for k := i; k <= j; k++ {
			rank2[idx[k]] = avg2
		}
		t := float64(j - i + 1)
		tieTerm += t*t*t - t
		i = j + 1
	}
	var plus2, total2 int
	for i := range rank2 {
		total2 += rank2[i]
		if pos[i] {
			plus2 += rank2[i]
		}
	}
	w.WPlus = float64(plus2) / 2
	w.WMinus = float64(total2-plus2) / 2

	if n <= WilcoxonExactMaxN {
		w.Exact = true
		w.P = exactSignedRankP(rank2, plus2)
		return w
	}
	nf := float64(n)
	mean := nf * (nf + 1) / 4
	variance := nf*(nf+1)*(2*nf+1)/24 - tieTerm/48
	diff := math.Abs(w.WPlus-mean) - 0.5
	if diff < 0 || variance <= 0 {
		return w
	}
	w.Z = diff / math.Sqrt(variance)
	if w.WPlus < mean {
		w.Z = -w.Z
	}
	w.P = math.Min(1, math.Erfc(math.Abs(w.Z)/math.Sqrt2))
	return w
}

// exactSignedRankP counts, by dynamic programming over the doubled ranks,
// how many of the 2^n sign assignments give a doubled W+ at least as extreme
// as the observed one, and returns the two-sided p-value.
func exactSignedRankP(rank2 []int, observed int) float64 {
	total := 0
	for _, r := range rank2 {
		total += r
	}
	ways := make([]float64, total+1) // ways[s]: assignments with doubled W+ = s
	ways[0] = 1
	for _, r := range rank2 {
		for s := total; s >= r; s-- {
			ways[s] += ways[s-r]
		}
	}
	var all, low, high float64
	for s, c := range ways {
		all += c
		if s <= observed {
			low += c
		}
		if s >= observed {
			high += c
		}
	}
	return math.Min(1, 2*math.Min(low, high)/all)
}
