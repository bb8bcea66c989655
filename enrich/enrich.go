// Package enrich runs the post-index passes over a cupertino index: work that
// needs the whole corpus in the database before it can be done, and that can
// be re-run on an existing index without re-indexing.
//
// # Passes
//
// Passes run in dependency order, each in its own transaction together with
// its enrich_runs row (pass, version, rows_touched, millis, ran_at), so a
// failed pass leaves the index as it was. Every pass is idempotent: running
// it twice changes nothing the second time, and rows_touched counts rows it
// actually changed (0 on a re-run). A pass computes the state it wants and
// writes only the difference, over output it can tell apart from the
// index's own (enrich_constraints records what the appending passes added,
// origin 'symbolgraph' rows belong to the join), so a new pass Version
// replaces what the old one wrote instead of adding to it. `--pass x` also re-runs a dependency whose recorded version
// is not its current one.
//
//	synonyms       framework_aliases: identifier, import and display name,
//	               curated and derived search synonyms, doc_count
//	constraints    refills doc_symbols.generic_constraints that an older
//	               extractor missed from the stored declaration, and joins Swift
//	               symbol graphs (origin 'symbolgraph') when a directory is
//	               given; a page's "Available when …" clause is written by save
//	               (Document.AvailableWhen), so no pass reads the corpus for it
//	hierarchy      appends a generic type's constraints to its members' symbols
//	relationships  resolves inheritance_edges titles and URIs across the index,
//	               dedups them and completes the reverse lists in docs_structured
//	semantic       trains word vectors on the documentation's titles and
//	               abstracts (internal/semantic) and writes doc_vectors and the
//	               semantic table (the model, the similarity matrix)
//	contexts       gives each Apple page the prose paragraphs elsewhere that
//	               link to or name it (context_fts), for requests in words
//	passages       cuts the Swift book's chapters, Swift Evolution's
//	               proposals and swift.org's pages into their "##" and "###"
//	               sections (passages, passage_fts), so that search finds a
//	               section and names it
//
// `cupertino save` runs every pass on the in-flight database before Commit
// (which then rebuilds doc_symbols_fts); `cupertino enrich` opens a committed
// index read-write under the build lock (OpenIndex) and rebuilds
// doc_symbols_fts itself when a pass changed doc_symbols.
//
// # Reading what the passes wrote
//
// Ranker: framework_aliases.synonyms is space-separated, lowercased; a
// multi-word synonym has its words joined by '-' ("in-app-purchase",
// "push-notifications"), so normalising away separators ("in app purchase",
// "in-app purchase" -> "inapppurchase") matches it. docs.is_recovered = 1
// marks the placeholder-title pages save recovered, which rank below normal
// pages.
//
// enrich reads and writes the index through index's enrich API and uses
// the leaf packages document, docuri and swiftsym; it never reads the
// corpus, the door or the save pipeline.
//
// search_generics (index.Store.SearchSymbols with a Constraint) finds the
// constraints the passes appended, since they are in generic_constraints
// like the declaration's own. The package's own table
// enrich_constraints(symbol_id, doc_id, pass, added) lists the constraints
// a pass appended to a doc_symbols row; pass 'hierarchy' marks the ones
// inherited from the enclosing type.
package enrich

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

var (
	// ErrUnknownPass means --pass named no pass.
	ErrUnknownPass = errors.New("unknown enrich pass")
	// ErrDependencyCycle means the pass table declares a cycle (a bug).
	ErrDependencyCycle = errors.New("enrich pass dependency cycle")
)

// Options configure one run of the passes.
type Options struct {
	// Passes names the passes to run; empty means all. A named pass also runs
	// the passes it depends on that have never run at their current version.
	Passes []string
	// SymbolGraphDir holds Swift symbol graphs (*.symbols.json) to join; ""
	// skips the join.
	SymbolGraphDir string
	// Standalone is set when the index is a committed one (a copy of it is
	// edited and replaces it, index.OpenForEnrich):
	// the runner then rebuilds doc_symbols_fts and the meta counts itself,
	// which Builder.Commit does during a save.
	Standalone bool
	// Out receives one line per pass; nil discards.
	Out io.Writer
	// Logger receives details; nil discards.
	Logger *slog.Logger
	// Now stamps enrich_runs.ran_at; nil means time.Now.
	Now func() time.Time
}

// Result is what one pass reports.
type Result struct {
	Pass    string
	Version string
	// Rows is the number of rows the pass changed (inserted, updated or
	// deleted); 0 when it found nothing to do.
	Rows int64
	// Summary holds the pass's figures for its output line.
	Summary string
	Elapsed time.Duration
}

// Line is the one line printed for the pass.
func (r Result) Line() string {
	return fmt.Sprintf("%s: %s (v%s, %d rows changed, %s)", r.Pass, r.Summary, r.Version, r.Rows,
		r.Elapsed.Round(time.Millisecond))
}

// env is what a pass gets: its transaction (index's named statements) and
// the run's options.
type env struct {
	w    *index.EnrichTx
	opts *Options
	log  *slog.Logger
}

// Pass is one enrichment step.
type Pass struct {
	Name    string
	Version string
	After   []string // passes that must run first when both run
	// touchesSymbols means the pass may change doc_symbols, whose
	// full-text index then needs a rebuild.
	touchesSymbols bool
	run            func(ctx context.Context, e *env) (rows int64, summary string, err error)
}

// Passes returns the passes in the order they run.
func Passes() []Pass {
	ordered, err := order(allPasses())
	if err != nil {
		panic(err) // the table is static: a cycle is a programming error
	}
	return ordered
}

func allPasses() []Pass {
	return []Pass{
		{Name: "synonyms", Version: "1", run: runSynonyms},
		// constraints v2: page clauses come from save, not from source files.
		{Name: "constraints", Version: "2", run: runConstraints, touchesSymbols: true},
		{Name: "hierarchy", Version: "1", After: []string{"constraints"}, run: runHierarchy, touchesSymbols: true},
		{Name: "relationships", Version: "1", run: runRelationships},
		{Name: "semantic", Version: "1", run: runSemantic},
		{Name: "contexts", Version: "1", run: runContexts},
		{Name: "passages", Version: "1", run: runPassages},
	}
}

// order sorts passes topologically, keeping table order among independents.
func order(passes []Pass) ([]Pass, error) {
	byName := map[string]int{}
	for i, p := range passes {
		byName[p.Name] = i
	}
	state := make([]int, len(passes)) // 0 new, 1 visiting, 2 done
	var out []Pass
	var visit func(i int) error
	visit = func(i int) error {
		switch state[i] {
		case 1:
			return fmt.Errorf("%w at %s", ErrDependencyCycle, passes[i].Name)
		case 2:
			return nil
		}
		state[i] = 1
		for _, dep := range passes[i].After {
			j, ok := byName[dep]
			if !ok {
				return fmt.Errorf("%w: %s (dependency of %s)", ErrUnknownPass, dep, passes[i].Name)
			}
			if err := visit(j); err != nil {
				return err
			}
		}
		state[i] = 2
		out = append(out, passes[i])
		return nil
	}
	for i := range passes {
		if err := visit(i); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// PassNames lists the pass names in run order.
func PassNames() []string {
	var names []string
	for _, p := range Passes() {
		names = append(names, p.Name)
	}
	return names
}

// Run runs the selected passes on db, an index opened read-write (the
// Builder's in-flight database, or OpenIndex). It stops at the first failing
// pass; the passes before it stay applied and recorded.
func Run(ctx context.Context, db *index.EnrichDB, opts Options) ([]Result, error) {
	if opts.Out == nil {
		opts.Out = io.Discard
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	selected, err := selectPasses(ctx, db, opts.Passes)
	if err != nil {
		return nil, err
	}
	var results []Result
	symbolsChanged := false
	for _, p := range selected {
		res, err := runPass(ctx, db, &opts, p)
		if err != nil {
			return results, fmt.Errorf("%s: %w", p.Name, err)
		}
		results = append(results, res)
		fmt.Fprintln(opts.Out, res.Line())
		symbolsChanged = symbolsChanged || (p.touchesSymbols && res.Rows > 0)
	}
	if opts.Standalone && len(results) > 0 {
		if err := db.RefreshDerived(ctx, symbolsChanged); err != nil {
			return results, err
		}
	}
	return results, nil
}

func runPass(ctx context.Context, db *index.EnrichDB, opts *Options, p Pass) (Result, error) {
	started := time.Now()
	w, err := db.BeginPass(ctx)
	if err != nil {
		return Result{}, err
	}
	defer w.Rollback()
	rows, summary, err := p.run(ctx, &env{w: w, opts: opts, log: opts.Logger.With("pass", p.Name)})
	if err != nil {
		return Result{}, err
	}
	res := Result{Pass: p.Name, Version: p.Version, Rows: rows, Summary: summary, Elapsed: time.Since(started)}
	if err := w.RecordRun(ctx, p.Name, p.Version, rows, res.Elapsed.Milliseconds(), opts.Now().UTC().Format(time.RFC3339)); err != nil {
		return Result{}, err
	}
	if err := w.Commit(); err != nil {
		return Result{}, err
	}
	return res, nil
}

// selectPasses resolves names to passes in run order, adding the
// dependencies of named passes that never ran at their current version.
func selectPasses(ctx context.Context, db *index.EnrichDB, names []string) ([]Pass, error) {
	all := Passes()
	if len(names) == 0 {
		return all, nil
	}
	byName := map[string]Pass{}
	for _, p := range all {
		byName[p.Name] = p
	}
	want := map[string]bool{}
	var add func(name string, explicit bool) error
	add = func(name string, explicit bool) error {
		p, ok := byName[name]
		if !ok {
			return fmt.Errorf("%w %q (passes: %s)", ErrUnknownPass, name, strings.Join(PassNames(), ", "))
		}
		if want[name] {
			return nil
		}
		if !explicit {
			ran, err := db.RanAtVersion(ctx, p.Name, p.Version)
			if err != nil {
				return err
			}
			if ran {
				return nil
			}
		}
		want[name] = true
		for _, dep := range p.After {
			if err := add(dep, false); err != nil {
				return err
			}
		}
		return nil
	}
	for _, n := range names {
		for _, name := range strings.Split(n, ",") {
			if name = strings.TrimSpace(name); name != "" {
				if err := add(name, true); err != nil {
					return nil, err
				}
			}
		}
	}
	var out []Pass
	for _, p := range all {
		if want[p.Name] {
			out = append(out, p)
		}
	}
	return out, nil
}

// Index is a committed index opened read-write for `cupertino enrich`.
type Index = index.EnrichDB

// OpenIndex opens the committed index at dbPath read-write under the build
// lock, so that it never races a save (index.ErrLocked while one runs). It
// returns index.ErrNotFound when there is no index and the index package's
// schema errors for a foreign or outdated file.
func OpenIndex(ctx context.Context, dbPath string) (*Index, error) {
	return index.OpenForEnrich(ctx, dbPath)
}

// Runs returns the enrich_runs log, newest first, for `cupertino enrich`'s
// summary and for tests.
func Runs(ctx context.Context, db *Index) ([]Result, error) {
	runs, err := db.Runs(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Result, len(runs))
	for i, r := range runs {
		out[i] = Result{Pass: r.Pass, Version: r.Version, Rows: r.RowsTouched, Elapsed: time.Duration(r.Millis) * time.Millisecond}
	}
	return out, nil
}
