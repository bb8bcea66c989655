package fit

import (
	"math"
	"slices"
)

// Options steer Fit.
type Options struct {
	// Lambda pulls each θ toward its hand value: the objective is the MRR
	// minus Lambda × Σ (θ − θ_hand)².
	Lambda float64
	// The values tried for a weight are its hand value times Ratio^k for
	// k in [-Steps, Steps]: a line search over a fixed grid, since the
	// MRR is flat between the values where two candidates swap places and
	// small moves from the current value stall on those plateaus.
	Ratio float64
	Steps int
	// Rounds bounds the passes over the weights.
	Rounds int
	// MinSupport is the fewest training examples a weight must touch
	// (appear on one of their candidates) to be fitted; the others keep
	// their hand value.
	MinSupport int
}

// DefaultOptions are docs/search.md's: values from 1/8 to 8 times the hand
// one in steps of 2^(1/8) (9%).
var DefaultOptions = Options{
	Lambda:     0.001,
	Ratio:      math.Pow(2, 1.0/8),
	Steps:      24,
	Rounds:     4,
	MinSupport: 30,
}

// Step is one accepted move of the coordinate ascent.
type Step struct {
	Round     int
	Weight    string
	From, To  float64 // values
	Objective float64 // after the move
}

// Support counts, for each weight, the examples it touches.
func (m Model) Support(examples []Example) []int {
	out := make([]int, len(m.Names))
	for i := range examples {
		seen := map[int]bool{}
		for _, c := range examples[i].Cands {
			for _, u := range c.Uses {
				seen[u.W] = true
			}
		}
		for w := range seen {
			out[w]++
		}
	}
	return out
}

// Fit runs coordinate ascent from m's values: for each weight in name
// order, try each value of the grid and keep the one that raises the
// objective most (none if none raises it), until a round moves nothing or
// Rounds is spent. It is deterministic: fixed order, no randomness.
//
// guard, when not nil, must accept a move for it to be kept: the fitter
// then takes the best value the guard accepts (fitweights guards with
// "no human-written dev battery loses MRR").
func Fit(m Model, train []Example, opt Options, guard func(theta []float64) bool) (Model, []Step) {
	theta := slices.Clone(m.Theta)
	hand := make([]float64, len(m.Hand))
	for i, v := range m.Hand {
		hand[i] = math.Log(v)
	}
	touches := make([][]int, len(m.Names)) // the examples each weight touches
	for i := range train {
		seen := map[int]bool{}
		for _, c := range train[i].Cands {
			for _, u := range c.Uses {
				if !seen[u.W] {
					seen[u.W] = true
					touches[u.W] = append(touches[u.W], i)
				}
			}
		}
	}
	rr := make([]float64, len(train))
	var sum float64
	for i := range train {
		rr[i] = ReciprocalRank(m.Rank(&train[i], theta))
		sum += rr[i]
	}
	n := float64(max(len(train), 1))
	penalty := func(w int, t float64) float64 { d := t - hand[w]; return opt.Lambda * d * d }
	var steps []Step
	for round := 1; round <= opt.Rounds; round++ {
		moved := false
		for w := range m.Names {
			if len(touches[w]) < opt.MinSupport {
				continue
			}
			cur := theta[w]
			bestT, bestGain := cur, 0.0
			var bestRR []float64
			// Nearest the hand value first, so that of equal objectives the
			// nearer one wins.
			for _, k := range gridOrder(opt.Steps) {
				t := hand[w] + float64(k)*math.Log(opt.Ratio)
				if t == cur || m.invalid(w, t) {
					continue
				}
				theta[w] = t
				gain := 0.0
				next := make([]float64, len(touches[w]))
				for j, i := range touches[w] {
					next[j] = ReciprocalRank(m.Rank(&train[i], theta))
					gain += next[j] - rr[i]
				}
				gain = gain/n - penalty(w, t) + penalty(w, cur)
				if gain > bestGain+1e-12 && (guard == nil || guard(theta)) {
					bestT, bestGain, bestRR = t, gain, next
				}
			}
			theta[w] = bestT
			if bestT == cur {
				continue
			}
			for j, i := range touches[w] {
				sum += bestRR[j] - rr[i]
				rr[i] = bestRR[j]
			}
			moved = true
			steps = append(steps, Step{Round: round, Weight: m.Names[w], From: math.Exp(cur), To: math.Exp(bestT),
				Objective: sum/n - m.penaltyTotal(theta, hand, opt.Lambda)})
		}
		if !moved {
			break
		}
	}
	out := m
	out.Theta = theta
	return out, steps
}

// invalid rules out a coverage slope of 1 or more: a title covering every
// keyword would cost nothing, or less than nothing.
func (m Model) invalid(w int, t float64) bool {
	return w == m.Coverage && math.Exp(t) >= 0.99
}

func (m Model) penaltyTotal(theta, hand []float64, lambda float64) float64 {
	var p float64
	for i := range theta {
		d := theta[i] - hand[i]
		p += lambda * d * d
	}
	return p
}

// gridOrder lists -steps..steps by distance from 0, the negative first.
func gridOrder(steps int) []int {
	out := []int{0}
	for k := 1; k <= steps; k++ {
		out = append(out, -k, k)
	}
	return out
}
