package agent

import "math"

// Contingency is the paired 2×2 table over tasks:
//
//	                    grounded pass   grounded fail
//	ungrounded pass          A               B
//	ungrounded fail          C               D
//
// A both pass, B only ungrounded passes, C only grounded passes, D neither.
// As JSON it is [[A, B], [C, D]].
type Contingency struct{ A, B, C, D int }

// Matrix is the JSON form.
func (c Contingency) Matrix() [2][2]int { return [2][2]int{{c.A, c.B}, {c.C, c.D}} }

// Add counts one task.
func (c *Contingency) Add(ungrounded, grounded bool) {
	switch {
	case ungrounded && grounded:
		c.A++
	case ungrounded:
		c.B++
	case grounded:
		c.C++
	default:
		c.D++
	}
}

// N is the number of tasks counted.
func (c Contingency) N() int { return c.A + c.B + c.C + c.D }

// McNemarChi2 is McNemar's statistic with Edwards' continuity correction,
// (|b−c|−1)²/(b+c); 0 when there are no discordant pairs or |b−c| ≤ 1, where
// the correction would overshoot (R's mcnemar.test agrees).
func (c Contingency) McNemarChi2() float64 {
	n := c.B + c.C
	if n == 0 {
		return 0
	}
	d := math.Abs(float64(c.B-c.C)) - 1
	if d < 0 {
		d = 0
	}
	return d * d / float64(n)
}

// McNemarPChi2 is the two-sided p of the corrected statistic (χ², 1 df).
func (c Contingency) McNemarPChi2() float64 {
	if c.B+c.C == 0 {
		return 1
	}
	return math.Erfc(math.Sqrt(c.McNemarChi2() / 2))
}

// McNemarExactP is the exact one-sided binomial p for "grounding helps":
// P(X ≥ c) for X ~ Binomial(b+c, ½). With few discordant tasks the χ²
// approximation is poor, so this is the number to quote; for b=1, c=8 it is
// 10/512 ≈ 0.0195.
func (c Contingency) McNemarExactP() float64 {
	n := c.B + c.C
	if n == 0 {
		return 1
	}
	p := 0.0
	for k := c.C; k <= n; k++ {
		p += math.Exp(logChoose(n, k) - float64(n)*math.Ln2)
	}
	return math.Min(1, p)
}

func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	d, _ := math.Lgamma(float64(n - k + 1))
	return a - b - d
}
