package agent

import (
	"errors"
	"fmt"
	"strings"
)

// ErrOverBudget means the preflight estimate exceeds --budget and --yes was
// not given.
var ErrOverBudget = errors.New("estimated cost exceeds the budget")

// Price is USD per million tokens.
type Price struct{ Input, Output float64 }

// prices per model family, matched by prefix after any "vendor/" (OpenRouter)
// part; longer prefixes first so "gpt-4o-mini" does not price as "gpt-4o".
var prices = []struct {
	prefix string
	price  Price
}{
	{"claude-opus-4-5", Price{5, 25}},
	{"claude-opus-4", Price{15, 75}},
	{"claude-3-opus", Price{15, 75}},
	{"claude-sonnet-4", Price{3, 15}},
	{"claude-3-7-sonnet", Price{3, 15}},
	{"claude-3-5-sonnet", Price{3, 15}},
	{"claude-haiku-4", Price{1, 5}},
	{"claude-3-5-haiku", Price{0.8, 4}},
	{"claude-3-haiku", Price{0.25, 1.25}},
	{"gpt-4o-mini", Price{0.15, 0.6}},
	{"gpt-4o", Price{2.5, 10}},
	{"gpt-4.1-nano", Price{0.1, 0.4}},
	{"gpt-4.1-mini", Price{0.4, 1.6}},
	{"gpt-4.1", Price{2, 8}},
	{"gpt-5-nano", Price{0.05, 0.4}},
	{"gpt-5-mini", Price{0.25, 2}},
	{"gpt-5", Price{1.25, 10}},
	{"o4-mini", Price{1.1, 4.4}},
	{"o3-mini", Price{1.1, 4.4}},
	{"o3", Price{2, 8}},
	{"o1-mini", Price{1.1, 4.4}},
	{"o1", Price{15, 60}},
}

// conservativePrice is charged for models the table does not know: the most
// expensive family, so an unknown model can only be overestimated.
var conservativePrice = Price{15, 75}

// PriceFor returns the price of model and whether it was known.
func PriceFor(model string) (Price, bool) {
	m := strings.ToLower(model)
	if i := strings.LastIndex(m, "/"); i >= 0 {
		m = m[i+1:]
	}
	for _, p := range prices {
		if strings.HasPrefix(m, p.prefix) {
			return p.price, true
		}
	}
	return conservativePrice, false
}

// Cost prices token counts.
func (p Price) Cost(u Usage) float64 {
	return (float64(u.InputTokens)*p.Input + float64(u.OutputTokens)*p.Output) / 1e6
}

// Estimate is the preflight projection.
type Estimate struct {
	Usage      Usage
	USD        float64
	KnownPrice bool
	Free       bool // local endpoint or replay
}

func (e Estimate) String() string {
	if e.Free {
		return fmt.Sprintf("~%d input + %d output tokens, free (local or replay)", e.Usage.InputTokens, e.Usage.OutputTokens)
	}
	note := ""
	if !e.KnownPrice {
		note = " (unknown model: priced as the most expensive family)"
	}
	return fmt.Sprintf("~%d input + %d output tokens, ~$%.2f%s", e.Usage.InputTokens, e.Usage.OutputTokens, e.USD, note)
}

// Assumptions behind the estimate, in tokens. A grounded run is assumed to
// take three tool rounds, each adding a tool result to the context.
const (
	estSystemTokens     = 350
	estAnswerTokens     = 1200
	estToolTurnOutput   = 150
	estToolResultTokens = 1800
	estToolRounds       = 3
)

// EstimateCost projects a run's tokens and cost. toolSchemaChars is the size
// of the tool definitions offered in grounded mode.
func EstimateCost(tasks []Task, modes []string, model string, maxToolTurns, toolSchemaChars int, free bool) Estimate {
	var u Usage
	rounds := estToolRounds
	if maxToolTurns < rounds {
		rounds = maxToolTurns
	}
	for _, t := range tasks {
		prompt := estSystemTokens + len(t.Prompt)/4
		for _, m := range modes {
			if !isGrounded(m) {
				u.InputTokens += prompt
				u.OutputTokens += estAnswerTokens
				continue
			}
			base := prompt + toolSchemaChars/4
			for k := 0; k <= rounds; k++ {
				u.InputTokens += base + k*(estToolResultTokens+estToolTurnOutput)
			}
			u.OutputTokens += rounds*estToolTurnOutput + estAnswerTokens
		}
	}
	price, known := PriceFor(model)
	e := Estimate{Usage: u, KnownPrice: known, Free: free}
	if !free {
		e.USD = price.Cost(u)
	}
	return e
}
