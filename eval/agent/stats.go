package agent

import "github.com/cupertino-go/cupertino/internal/stats"

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

// McNemarChi2 is McNemar's corrected statistic on the discordant tasks.
func (c Contingency) McNemarChi2() float64 { return stats.McNemarChi2(c.B, c.C) }

// McNemarPChi2 is the two-sided p of the corrected statistic (χ², 1 df).
func (c Contingency) McNemarPChi2() float64 { return stats.McNemarPChi2(c.B, c.C) }

// McNemarExactP is the exact one-sided binomial p for "grounding helps"
// (the second run, grounded, better): P(X ≥ c) for X ~ Binomial(b+c, ½).
// With few discordant tasks the χ² approximation is poor, so this is the
// number to quote; for b=1, c=8 it is 10/512 ≈ 0.0195.
func (c Contingency) McNemarExactP() float64 { return stats.McNemarExact(c.B, c.C, stats.SecondBetter) }
