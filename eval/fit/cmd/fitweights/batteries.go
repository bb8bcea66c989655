package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/cupertino-go/cupertino/eval/fit"
	evalsearch "github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/ranker"
)

// batteryExamples are one battery's rows that Rank can replay: those with
// an expected-page pattern whose query is one ranked list.
type batteryExamples struct {
	Name     string
	Dev      bool // a dev set, which the guarded fit may not lower
	Rows     int  // every row of the battery
	Examples []fit.Example
}

// loadBatteries searches every row of the batteries in dirs and keeps the
// replayable ones, each row's targets the results its pattern matches.
// dev says which folders hold dev sets (besides their held-out ones).
func loadBatteries(ctx context.Context, e *ranker.Engine, m fit.Model, dirs []string, dev map[string]bool) ([]batteryExamples, error) {
	var out []batteryExamples
	for _, dir := range dirs {
		batteries, err := evalsearch.LoadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, b := range batteries {
			be := batteryExamples{Name: b.Name, Dev: dev[dir] && !heldOut(b.Name), Rows: len(b.Cases)}
			for _, c := range b.Cases {
				if c.Expect == nil {
					continue
				}
				f := ranker.Filters{}
				if c.Filter != nil {
					f = *c.Filter
				} else if b.Scope != "" {
					f.Sources = []string{b.Scope}
				}
				f.Limit = ranker.MaxLimit
				resp, err := e.SearchQuery(ctx, c.Query, f)
				if errors.Is(err, ranker.ErrEmptyQuery) || err == nil && !fit.OneList(resp.Reading) {
					continue
				}
				if err != nil {
					return nil, fmt.Errorf("%s line %d: %w", b.Name, c.Line, err)
				}
				ex, err := fit.ExampleOf(m, fit.Pair{Kind: b.Name, Query: c.Query}, resp.Results, c.Expect.MatchString)
				if err != nil {
					return nil, err
				}
				be.Examples = append(be.Examples, *ex)
			}
			out = append(out, be)
		}
	}
	return out, nil
}

// heldOut reports whether a battery of a dev folder is held out: a
// "-final", "-last" or "-heldout" set. Every battery of a -batteries
// folder is held out.
func heldOut(name string) bool {
	for _, suffix := range []string{"-final", "-last", "-heldout"} {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}

// devGuard accepts a theta under which no dev battery's replayed MRR falls
// below its hand value.
func devGuard(hand fit.Model, batteries []batteryExamples) func([]float64) bool {
	type dev struct {
		examples []fit.Example
		floor    float64
	}
	var devs []dev
	for _, b := range batteries {
		if b.Dev && len(b.Examples) > 0 {
			devs = append(devs, dev{b.Examples, hand.MRR(b.Examples, hand.Theta) - 1e-9})
		}
	}
	return func(theta []float64) bool {
		for _, d := range devs {
			if hand.MRR(d.examples, theta) < d.floor {
				return false
			}
		}
		return true
	}
}

// writeAblation writes, per battery, the replayed MRR at the hand values,
// with every fitted value, with the guarded fit's, and the change each
// fitted weight makes alone.
func writeAblation(w io.Writer, hand, fitted, guarded fit.Model, batteries []batteryExamples) {
	var moved []int
	for i := range hand.Names {
		if math.Abs(fitted.Theta[i]-hand.Theta[i]) > 1e-9 {
			moved = append(moved, i)
		}
	}
	fmt.Fprintf(w, "replayed MRR on the human-written batteries (rows read as one list only; targets: the row's pattern)\n\n")
	fmt.Fprintf(w, "| battery | set | rows | replayed | hand | fitted (all) | fitted under the guard |")
	for _, i := range moved {
		fmt.Fprintf(w, " %s alone |", hand.Names[i])
	}
	fmt.Fprintf(w, "\n|---|---|---|---|---|---|---|")
	for range moved {
		fmt.Fprintf(w, "---|")
	}
	fmt.Fprintln(w)
	worst := make([]float64, len(moved))
	sum := make([]float64, len(moved))
	for _, b := range batteries {
		if len(b.Examples) == 0 {
			continue
		}
		h := hand.MRR(b.Examples, hand.Theta)
		set := "dev"
		if !b.Dev {
			set = "held out"
		}
		fmt.Fprintf(w, "| %s | %s | %d | %d | %.4f | %.4f | %.4f |", b.Name, set, b.Rows, len(b.Examples), h,
			fitted.MRR(b.Examples, fitted.Theta), guarded.MRR(b.Examples, guarded.Theta))
		for k, i := range moved {
			theta := append([]float64(nil), hand.Theta...)
			theta[i] = fitted.Theta[i]
			d := hand.MRR(b.Examples, theta) - h
			worst[k] = min(worst[k], d)
			sum[k] += d * float64(len(b.Examples))
			fmt.Fprintf(w, " %+.4f |", d)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n| weight | hand | fitted | alone: worst battery change | alone: summed change (rows × ΔMRR) | fitted under the guard |\n|---|---|---|---|---|---|\n")
	for k, i := range moved {
		fmt.Fprintf(w, "| %s | %g | %.3g | %+.4f | %+.2f | %.3g |\n", hand.Names[i], hand.Hand[i], fitted.Value(i), worst[k], sum[k], guarded.Value(i))
	}
	fmt.Fprintf(w, "\nmoved by the guarded fit:")
	for i := range hand.Names {
		if math.Abs(guarded.Theta[i]-hand.Theta[i]) > 1e-9 {
			fmt.Fprintf(w, " %s %g → %.3g;", hand.Names[i], hand.Hand[i], guarded.Value(i))
		}
	}
	fmt.Fprintln(w)
}
