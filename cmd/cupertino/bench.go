package main

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/ranker"
)

// newBenchCmd groups the benchmarks.
func newBenchCmd(io *iostreams) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Measure latency and memory on a real index",
		Args:  cobra.NoArgs,
	}
	cmd.AddCommand(newBenchSearchCmd(io, runBenchSearch))
	cmd.AddCommand(newBenchStartupCmd(io, runBenchStartup))
	cmd.AddCommand(newBenchHTTPCmd(io, runBenchHTTP))
	return cmd
}

// commonWords are the everyday words the search issue adds to the query mix:
// each matches a large share of the corpus, the ranker's worst case.
var commonWords = []string{"view", "data", "string", "error", "the"}

type benchSearchOptions struct {
	IO        *iostreams
	DB        dbFlags
	Batteries []string
	Rounds    int
}

func newBenchSearchCmd(io *iostreams, runF func(context.Context, *benchSearchOptions) error) *cobra.Command {
	opts := &benchSearchOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "search",
		Short: "Search latency: the ranker against a naive bm25 query, same DB, same run",
		Long: `Run every query of the batteries plus common words (view, data, string,
error, the) through the ranker and through a naive single FTS5 query
(MATCH all terms, ORDER BY bm25 with the index weights, LIMIT 20), interleaved,
for --rounds rounds after one warm-up round. Prints p50/p95/p99/max for both,
their ratio, the ranker's mean CPU per call (all queries, names of one word,
sentences of three words or more), and this process's peak RSS.`,
		Check: func(_ []string) error {
			if opts.Rounds < 1 {
				return usageErrorf("--rounds must be at least 1")
			}
			return nil
		},
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().StringSliceVar(&opts.Batteries, "batteries", nil, "battery .tsv files or directories whose queries join the mix")
	cmd.Flags().IntVar(&opts.Rounds, "rounds", 5, "measured rounds over the whole mix")
	return cmd
}

func runBenchSearch(ctx context.Context, o *benchSearchOptions) error {
	queries := append([]string(nil), commonWords...)
	if len(o.Batteries) > 0 {
		batteries, err := loadBatteries(o.Batteries)
		if err != nil {
			return err
		}
		for _, b := range batteries {
			for _, c := range b.Cases {
				queries = append(queries, c.Query)
			}
		}
	}
	st, eng, err := o.DB.openEngine(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	defer eng.Close() // runs first: statements before their database
	naive := func(q string) error {
		expr, err := ranker.Sanitize(q)
		if err != nil {
			return nil // nothing to match: the naive query would not run either
		}
		_, err = st.NaiveSearch(ctx, expr)
		return err
	}
	ours := func(q string) error {
		_, err := eng.Search(ctx, q, ranker.Filters{})
		return err
	}
	var oursLat, naiveLat benchkit.Latencies
	var cpu, firstCPU cpuByShape
	worst := map[string]time.Duration{}
	for round := 0; round <= o.Rounds; round++ {
		for _, q := range queries {
			c0, t0 := benchkit.ProcessCPU(0), time.Now()
			if err := ours(q); err != nil {
				return fmt.Errorf("search %q: %w", q, err)
			}
			d, c := time.Since(t0), benchkit.ProcessCPU(0)-c0
			t1 := time.Now()
			if err := naive(q); err != nil {
				return fmt.Errorf("naive %q: %w", q, err)
			}
			n := time.Since(t1)
			if round == 0 {
				// Warm-up: page cache, prepared statements and the
				// engine's per-index caches (word counts, docs rows, a
				// type's members). Its CPU says what a query costs the
				// first time.
				firstCPU.add(q, c)
				continue
			}
			oursLat.Add(d)
			naiveLat.Add(n)
			cpu.add(q, c)
			if d > worst[q] {
				worst[q] = d
			}
		}
	}
	w := o.IO.Out
	fmt.Fprintf(w, "index %s, %d queries x %d rounds, GOMAXPROCS %d\n", o.DB.path(), len(queries), o.Rounds, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "ranker      %s\n", oursLat.Summary())
	fmt.Fprintf(w, "naive bm25  %s\n", naiveLat.Summary())
	ratio := func(p float64) float64 {
		n := naiveLat.Percentile(p)
		if n == 0 {
			return 0
		}
		return float64(oursLat.Percentile(p)) / float64(n)
	}
	fmt.Fprintf(w, "ratio ranker/naive: p50 %.2f  p99 %.2f\n", ratio(50), ratio(99))
	fmt.Fprintf(w, "ranker CPU per call: %s\n", cpu)
	fmt.Fprintf(w, "  first pass (caches cold): %s\n", firstCPU)
	fmt.Fprintf(w, "peak RSS %s\n", humanBytes(benchkit.PeakRSS(0)))
	slowest := ""
	var slowestD time.Duration
	for q, d := range worst {
		if d > slowestD {
			slowest, slowestD = q, d
		}
	}
	fmt.Fprintf(w, "slowest query %q: %s\n", slowest, benchkit.Round(slowestD))
	return nil
}

// cpuByShape sums the CPU searches cost, over all of them and by the shape
// of the query: a name (one word), a sentence (three words or more).
type cpuByShape struct {
	all, names, sentences shapeCPU
}

type shapeCPU struct {
	total time.Duration
	n     int
}

func (s *shapeCPU) add(d time.Duration) { s.total += d; s.n++ }

func (s shapeCPU) String() string {
	if s.n == 0 {
		return "-"
	}
	return fmt.Sprintf("%s (n=%d)", benchkit.Round(s.total/time.Duration(s.n)), s.n)
}

func (c *cpuByShape) add(query string, d time.Duration) {
	c.all.add(d)
	switch words := len(strings.Fields(query)); {
	case words == 1:
		c.names.add(d)
	case words >= 3:
		c.sentences.add(d)
	}
}

func (c cpuByShape) String() string {
	return fmt.Sprintf("mean %s; names %s; sentences %s", c.all, c.names, c.sentences)
}
