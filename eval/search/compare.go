package search

import (
	"errors"
	"fmt"
	"sort"

	"github.com/cupertino-go/cupertino/internal/stats"
)

// ErrUnpaired means two reports share no query to compare.
var ErrUnpaired = errors.New("runs share no query")

// Comparison is the paired comparison of run B against run A.
type Comparison struct {
	A    string    `json:"a"`
	B    string    `json:"b"`
	Rows []PairRow `json:"rows"` // one per battery, then "all"
}

// PairRow compares the cases of one battery (or all) present in both runs.
type PairRow struct {
	Name  string  `json:"name"`
	N     int     `json:"n"`
	MRRA  float64 `json:"mrrA"`
	MRRB  float64 `json:"mrrB"`
	HitsA int     `json:"hitsA"` // rank-1 hits
	HitsB int     `json:"hitsB"`
	// OnlyA and OnlyB are the discordant rank-1 pairs McNemar tests.
	OnlyA    int            `json:"onlyA"`
	OnlyB    int            `json:"onlyB"`
	McNemarP float64        `json:"mcnemarP"`
	Wilcoxon stats.Wilcoxon `json:"wilcoxon"` // on RR(B) − RR(A)
	// Better and Worse list the queries whose reciprocal rank rose or fell.
	Better []string `json:"better,omitempty"`
	Worse  []string `json:"worse,omitempty"`
}

type caseKey struct {
	battery string
	line    int
	query   string
}

// Compare pairs the cases of two reports by battery, line and query.
func Compare(a, b *Report) (*Comparison, error) {
	inB := make(map[caseKey]CaseResult, len(b.Cases))
	for _, c := range b.Cases {
		inB[caseKey{c.Battery, c.Line, c.Query}] = c
	}
	type pair struct{ a, b CaseResult }
	byBattery := map[string][]pair{}
	var order []string
	var all []pair
	for _, ca := range a.Cases {
		cb, ok := inB[caseKey{ca.Battery, ca.Line, ca.Query}]
		if !ok {
			continue
		}
		if _, seen := byBattery[ca.Battery]; !seen {
			order = append(order, ca.Battery)
		}
		p := pair{ca, cb}
		byBattery[ca.Battery] = append(byBattery[ca.Battery], p)
		all = append(all, p)
	}
	if len(all) == 0 {
		return nil, fmt.Errorf("compare %q with %q: %w", a.Label, b.Label, ErrUnpaired)
	}
	row := func(name string, pairs []pair) PairRow {
		r := PairRow{Name: name, N: len(pairs)}
		deltas := make([]float64, len(pairs))
		for i, p := range pairs {
			ra, rb := reciprocalRank(p.a.Rank), reciprocalRank(p.b.Rank)
			r.MRRA += ra
			r.MRRB += rb
			hitA, hitB := p.a.Rank == 1, p.b.Rank == 1
			if hitA {
				r.HitsA++
			}
			if hitB {
				r.HitsB++
			}
			switch {
			case hitA && !hitB:
				r.OnlyA++
			case hitB && !hitA:
				r.OnlyB++
			}
			deltas[i] = rb - ra
			label := fmt.Sprintf("%s: %s (%d→%d)", p.a.Battery, p.a.Query, p.a.Rank, p.b.Rank)
			switch {
			case deltas[i] > stats.TieEpsilon:
				r.Better = append(r.Better, label)
			case deltas[i] < -stats.TieEpsilon:
				r.Worse = append(r.Worse, label)
			}
		}
		r.MRRA /= float64(len(pairs))
		r.MRRB /= float64(len(pairs))
		r.McNemarP = stats.McNemarExact(r.OnlyA, r.OnlyB, stats.TwoSided)
		r.Wilcoxon = stats.WilcoxonSignedRank(deltas)
		sort.Strings(r.Better)
		sort.Strings(r.Worse)
		return r
	}
	cmp := &Comparison{A: a.Label, B: b.Label}
	for _, name := range order {
		cmp.Rows = append(cmp.Rows, row(name, byBattery[name]))
	}
	total := row("all", all)
	total.Better, total.Worse = nil, nil // listed per battery already
	cmp.Rows = append(cmp.Rows, total)
	return cmp, nil
}
