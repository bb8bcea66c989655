package fit

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/cupertino-go/cupertino/ranker"
)

// Extract runs each pair's query through the engine (every candidate's
// factors, up to ranker.MaxLimit results) and keeps those whose results
// one ranked list gives: a query read as words. Code or a message read
// as several searches is fused from lists whose factors the results do not
// carry whole, so Rank could not replay it; skipped counts them. workers
// searches run at once; the output is in pairs' order whatever it is.
func Extract(ctx context.Context, e *ranker.Engine, m Model, pairs []Pair, workers int) (examples []Example, skipped int, err error) {
	out := make([]*Example, len(pairs))
	errs := make([]error, len(pairs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = extractOne(ctx, e, m, pairs[i])
			}
		}()
	}
	for i := range pairs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, ex := range out {
		if errs[i] != nil {
			if errors.Is(errs[i], ranker.ErrEmptyQuery) {
				skipped++
				continue
			}
			return nil, 0, fmt.Errorf("extract %q: %w", pairs[i].Query, errs[i])
		}
		if ex == nil {
			skipped++
			continue
		}
		examples = append(examples, *ex)
	}
	return examples, skipped, nil
}

// extractOne searches one pair; nil when its results are not one list.
func extractOne(ctx context.Context, e *ranker.Engine, m Model, p Pair) (*Example, error) {
	resp, err := e.SearchQuery(ctx, p.Query, ranker.Filters{Limit: ranker.MaxLimit})
	if err != nil {
		return nil, err
	}
	if !OneList(resp.Reading) {
		return nil, nil
	}
	return ExampleOf(m, p, resp.Results, func(uri string) bool { return uri == p.Target })
}

// OneList reports whether a response's results are one ranked list, as
// Rank replays: a query read as words, not compared.
func OneList(r ranker.Reading) bool {
	return (r.Class == ranker.ClassWords || len(r.Searches) == 0) && (r.Question == nil || len(r.Question.Sides) == 0)
}

// ExampleOf reads the candidates of one ranked list from their factors;
// the results answers accepts are its targets.
func ExampleOf(m Model, p Pair, results []ranker.Result, answers func(uri string) bool) (*Example, error) {
	ex := &Example{Pair: p}
	index := map[string]int{}
	for i, name := range m.Names {
		index[name] = i
	}
	for order, res := range results {
		c := Cand{URI: res.URI, Source: res.Source, Fixed: 1, Order: order}
		exact := false
		for _, f := range res.Explain {
			switch {
			case f.Name == ranker.FactorBM25 && f.Op == ranker.OpBase:
				c.Base = f.Value
			case f.Op == ranker.OpMultiply:
				w, named := index[f.Rule]
				switch {
				case !named:
					c.Fixed *= f.Value
				case w == m.Coverage:
					c.Uses = append(c.Uses, Use{W: w, Coverage: (1 - f.Value) / m.Hand[w]})
				default:
					c.Uses = append(c.Uses, Use{W: w})
				}
				exact = exact || f.Rule == "weightExactTitle"
			case f.Name == "source_rank":
				c.SourceRank = int(f.Value)
			case f.Name == ranker.FactorRRF:
				c.SourceWeight = f.Value * float64(ranker.RRFK+c.SourceRank)
			case f.Name == "tier":
				c.Tier = int(f.Value)
			}
		}
		if c.SourceRank == 0 || c.SourceWeight == 0 {
			return nil, fmt.Errorf("%s for %q: no source rank or fusion weight in its factors", res.URI, p.Query)
		}
		c.PreTier = c.Tier
		if exact && c.Tier == tierOther {
			c.PreTier = tierExact // put back by the replay unless its source put forward another page
		}
		c.Declares = c.Tier == tierExact && !exact
		if answers(res.URI) {
			ex.Targets = append(ex.Targets, len(ex.Cands))
		}
		ex.Cands = append(ex.Cands, c)
	}
	return ex, nil
}
