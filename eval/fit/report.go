package fit

import (
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"slices"
)

// Split puts one example in five, chosen by a hash of its query, in the
// held-out part: the same query always lands on the same side.
func Split(examples []Example) (train, test []Example) {
	for _, ex := range examples {
		h := fnv.New32a()
		_, _ = io.WriteString(h, ex.Kind+"\x00"+ex.Query)
		if h.Sum32()%5 == 0 {
			test = append(test, ex)
		} else {
			train = append(train, ex)
		}
	}
	return train, test
}

// Agreement is the share of examples whose replay at the ranker's own
// values puts the target where the ranker did: how faithful Rank is.
func (m Model) Agreement(examples []Example) float64 {
	if len(examples) == 0 {
		return 0
	}
	same := 0
	for i := range examples {
		ex := &examples[i]
		want := 0
		if len(ex.Targets) > 0 {
			want = ex.Cands[ex.Targets[0]].Order + 1 // Targets are in the ranker's order
		}
		if m.Rank(ex, m.Theta) == want {
			same++
		}
	}
	return float64(same) / float64(len(examples))
}

// byKind groups examples by pair kind, kinds in a fixed order.
func byKind(examples []Example) ([]string, map[string][]Example) {
	groups := map[string][]Example{}
	for _, ex := range examples {
		groups[ex.Kind] = append(groups[ex.Kind], ex)
	}
	var kinds []string
	for _, k := range []string{KindAbstract, KindCode, KindWWDC, KindHeading} {
		if len(groups[k]) > 0 {
			kinds = append(kinds, k)
		}
	}
	return kinds, groups
}

// WriteReport writes the fit as Markdown: the data, MRR hand against
// fitted on both parts and by kind, and each weight's values.
func WriteReport(w io.Writer, hand, fitted Model, pairs int, train, test []Example, skipped int, steps []Step, opt Options) error {
	pr := func(format string, a ...any) { fmt.Fprintf(w, format, a...) }
	all := append(slices.Clone(train), test...)
	pr("pairs %d; searched as one list %d (train %d, held out %d); read as code or messages (skipped) %d\n\n",
		pairs, len(all), len(train), len(test), skipped)
	pr("replay agreement at the hand values: %.3f\n\n", hand.Agreement(all))
	pr("| part | rows | target among candidates | MRR hand | MRR fitted |\n|---|---|---|---|---|\n")
	row := func(name string, exs []Example) {
		found := 0
		for _, ex := range exs {
			if len(ex.Targets) > 0 {
				found++
			}
		}
		pr("| %s | %d | %d | %.4f | %.4f |\n", name, len(exs), found, hand.MRR(exs, hand.Theta), fitted.MRR(exs, fitted.Theta))
	}
	row("train", train)
	row("held out", test)
	kinds, groups := byKind(test)
	for _, k := range kinds {
		row("held out, "+k, groups[k])
	}
	pr("\noptions: lambda %g, grid hand × %.4f^k for |k| ≤ %d, rounds %d, min support %d\n\n", opt.Lambda, opt.Ratio, opt.Steps, opt.Rounds, opt.MinSupport)
	support := hand.Support(train)
	pr("| weight | hand | fitted | support (train queries) |\n|---|---|---|---|\n")
	for i, name := range hand.Names {
		mark := ""
		if math.Abs(fitted.Theta[i]-hand.Theta[i]) > 1e-9 {
			mark = " *"
		}
		pr("| %s | %g | %.3g%s | %d |\n", name, hand.Hand[i], fitted.Value(i), mark, support[i])
	}
	pr("\nsteps:\n")
	for _, s := range steps {
		pr("- round %d: %s %g → %.3g (objective %.4f)\n", s.Round, s.Weight, s.From, s.To, s.Objective)
	}
	return nil
}
