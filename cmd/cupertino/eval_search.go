package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/ranker"
)

// errGatesFailed means at least one quality gate was missed.
var errGatesFailed = errors.New("search-quality gates missed")

type evalSearchOptions struct {
	IO        *iostreams
	DB        dbFlags
	Batteries []string // files or directories
	CompareDB string
	Out       string
	Gates     string
	// HideQueries names failing queries by battery line in the Markdown.
	HideQueries bool
	// Semantic is the semantic layer's ablation: fused, lexical or
	// semantic (ranker.SemanticMode).
	Semantic string
	// NoLexicon leaves the ranker's task lexicon out (its ablation).
	NoLexicon bool
}

// semanticModes are the values of --semantic.
var semanticModes = map[string]ranker.SemanticMode{
	"fused": ranker.SemanticFused, "lexical": ranker.SemanticOff, "semantic": ranker.SemanticOnly,
}

func newEvalSearchCmd(io *iostreams, runF func(context.Context, *evalSearchOptions) error) *cobra.Command {
	opts := &evalSearchOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "search",
		Short: "Run search-quality batteries against an index",
		Long: `Run TSV batteries (like ../shared/quality) through the ranker and report
MRR, P@1/5/10, NDCG@10 and recall per battery and per class, as Markdown on
stdout and as JSON + Markdown under --out. With --compare-db, the same
batteries run against a second index and the two are compared pairwise
(McNemar exact on rank-1 hits, Wilcoxon signed-rank on reciprocal ranks).
With --gates, each "battery metric min" row must hold or the exit status is 5.`,
		Check: func(_ []string) error {
			if len(opts.Batteries) == 0 {
				return usageErrorf("--batteries is required (a directory of .tsv files, or files)")
			}
			if _, ok := semanticModes[opts.Semantic]; !ok {
				return usageErrorf("--semantic must be fused, lexical or semantic, got %q", opts.Semantic)
			}
			return nil
		},
	})
	f := cmd.Flags()
	opts.DB.bind(f)
	f.StringSliceVar(&opts.Batteries, "batteries", nil, "battery .tsv files or directories of them")
	f.StringVar(&opts.CompareDB, "compare-db", "", "a second index to compare against, paired")
	f.StringVar(&opts.Out, "out", "", "write report.json and report.md here")
	f.StringVar(&opts.Gates, "gates", "", "a TSV of battery, metric, minimum that must all hold")
	f.BoolVar(&opts.HideQueries, "hide-queries", false, "name failing queries by battery line instead of quoting them in the Markdown")
	f.StringVar(&opts.Semantic, "semantic", "fused", "the semantic layer for prose queries: fused with the lexical ranking, lexical only, or semantic only (ablations)")
	f.BoolVar(&opts.NoLexicon, "no-lexicon", false, "leave out the task lexicon that maps everyday words to APIs (an ablation)")
	return cmd
}

func loadBatteries(paths []string) ([]search.Battery, error) {
	var out []search.Battery
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("batteries: %w", err)
		}
		if fi.IsDir() {
			bs, err := search.LoadDir(p)
			if err != nil {
				return nil, err
			}
			out = append(out, bs...)
			continue
		}
		b, err := search.LoadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

func evalOne(ctx context.Context, db dbFlags, batteries []search.Battery, o *evalSearchOptions) (*search.Report, error) {
	st, eng, err := db.openEngine(ctx)
	if err != nil {
		return nil, err
	}
	eng.Semantic, eng.NoLexicon = semanticModes[o.Semantic], o.NoLexicon
	defer st.Close()
	defer eng.Close() // runs first: statements before their database
	return search.Run(ctx, search.Config{
		Label: db.path(), Searcher: eng, Symbols: search.StoreSymbols{Store: st},
		Batteries: batteries, Filters: ranker.Filters{}, Logger: loggerFor(o.IO.Err),
	})
}

func runEvalSearch(ctx context.Context, o *evalSearchOptions) error {
	batteries, err := loadBatteries(o.Batteries)
	if err != nil {
		return err
	}
	rep, err := evalOne(ctx, o.DB, batteries, o)
	if err != nil {
		return fmt.Errorf("eval search: %w", err)
	}
	rep.HideQueries = o.HideQueries
	if err := rep.WriteMarkdown(o.IO.Out); err != nil {
		return err
	}
	if o.Out != "" {
		if err := rep.WriteOutputs(o.Out); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
		fmt.Fprintf(o.IO.Err, "report written to %s\n", o.Out)
	}
	if o.CompareDB != "" {
		other, err := evalOne(ctx, dbFlags{SearchDB: o.CompareDB}, batteries, o)
		if err != nil {
			return fmt.Errorf("eval search %s: %w", o.CompareDB, err)
		}
		cmp, err := search.Compare(rep, other)
		if err != nil {
			return err
		}
		if err := cmp.WriteMarkdown(o.IO.Out); err != nil {
			return err
		}
		if o.Out != "" {
			f, err := os.Create(filepath.Join(o.Out, "compare.md"))
			if err != nil {
				return err
			}
			defer f.Close()
			if err := cmp.WriteMarkdown(f); err != nil {
				return err
			}
		}
	}
	if o.Gates != "" {
		return checkGates(o, rep)
	}
	return nil
}

// checkGates prints one line per gate and fails if any is missed.
func checkGates(o *evalSearchOptions, rep *search.Report) error {
	f, err := os.Open(o.Gates)
	if err != nil {
		return fmt.Errorf("gates: %w", err)
	}
	defer f.Close()
	byName := map[string]search.Summary{}
	for _, s := range rep.Batteries {
		byName[s.Name] = s
	}
	missed := 0
	sc := bufio.NewScanner(f)
	fmt.Fprintln(o.IO.Out, "\n## Gates")
	for line := 0; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "battery\t") {
			continue
		}
		fields := strings.Split(text, "\t")
		if len(fields) != 3 {
			return fmt.Errorf("gates line %d: want battery, metric, min", line+1)
		}
		min, err := strconv.ParseFloat(fields[2], 64)
		if err != nil {
			return fmt.Errorf("gates line %d: %w", line+1, err)
		}
		s, ok := byName[fields[0]]
		if !ok {
			// A gate that cannot be checked fails: skipping it once
			// hid that CI ran none of the agent batteries.
			fmt.Fprintf(o.IO.Out, "- MISS %s: battery not run (pass its file or folder with --batteries)\n", fields[0])
			missed++
			continue
		}
		got, ok := summaryMetric(s, fields[1])
		if !ok {
			return fmt.Errorf("gates line %d: unknown metric %q", line+1, fields[1])
		}
		verdict := "ok  "
		if got < min {
			verdict = "MISS"
			missed++
		}
		fmt.Fprintf(o.IO.Out, "- %s %s %s = %.4g (min %g)\n", verdict, fields[0], fields[1], got, min)
	}
	if missed > 0 {
		return fmt.Errorf("%w: %d", errGatesFailed, missed)
	}
	return sc.Err()
}

func summaryMetric(s search.Summary, name string) (float64, bool) {
	switch name {
	case "mrr":
		return s.MRR, true
	case "p1":
		return s.P1, true
	case "p5":
		return s.P5, true
	case "p10":
		return s.P10, true
	case "ndcg10":
		return s.NDCG10, true
	case "recall1":
		return s.Recall1, true
	case "recall3":
		return s.Recall3, true
	case "recall5":
		return s.Recall5, true
	case "recall10":
		return s.Recall10, true
	case "pass":
		return float64(s.Pass), true
	case "nonempty":
		return s.NonEmpty, true
	case "obeying":
		return s.Obeying, true
	}
	return 0, false
}
