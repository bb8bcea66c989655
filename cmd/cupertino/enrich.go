package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/enrich"
)

// enrichOptions are the flags of `cupertino enrich`.
type enrichOptions struct {
	IO *iostreams
	dbFlags
	Passes         []string
	SymbolGraphDir string
}

func newEnrichCmd(io *iostreams, runF func(context.Context, *enrichOptions) error) *cobra.Command {
	opts := &enrichOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "enrich",
		Short: "Run the post-index passes on an existing search.db",
		Long: `Run the enrichment passes (` + strings.Join(enrich.PassNames(), ", ") + `) on an
existing index without re-indexing. save runs the same passes at its end; this
command re-runs them, e.g. to join Swift symbol graphs or after a pass changed.
Every pass is idempotent and is recorded in the index (enrich_runs). It takes
the index's build lock, so it never runs alongside a save: while a save runs
it fails with exit status 4, as a save started meanwhile does. The passes edit a
copy of the index (it needs as much free space again), which replaces the index
when they end: a server reading it meanwhile is never disturbed, and serves the
new file once it is in place, as after a save.

--pass runs only the named passes (repeat it or separate names with commas),
plus any pass they depend on that never ran at its current version.
--symbolgraph-dir joins Swift symbol graphs (*.symbols.json) into
doc_symbols.`,
	})
	f := cmd.Flags()
	opts.dbFlags.bind(f)
	f.StringSliceVar(&opts.Passes, "pass", nil, "run only this pass ("+strings.Join(enrich.PassNames(), ", ")+")")
	f.StringVar(&opts.SymbolGraphDir, "symbolgraph-dir", "", "directory of Swift symbol graphs (*.symbols.json) to join")
	return cmd
}

func runEnrich(ctx context.Context, o *enrichOptions) error {
	names := enrich.PassNames()
	for _, p := range o.Passes {
		for _, name := range strings.Split(p, ",") {
			if name = strings.TrimSpace(name); name != "" && !slices.Contains(names, name) {
				return usageErrorf("unknown pass %q: passes are %s", name, strings.Join(names, ", "))
			}
		}
	}
	if o.SymbolGraphDir != "" && !dirExists(o.SymbolGraphDir) {
		return usageErrorf("--symbolgraph-dir %s: not a directory", o.SymbolGraphDir)
	}
	dbPath := o.path()
	x, err := enrich.OpenIndex(ctx, dbPath)
	if err != nil {
		return fmt.Errorf("enrich: %w", err)
	}
	_, err = enrich.Run(ctx, x, enrich.Options{
		Passes:         o.Passes,
		SymbolGraphDir: o.SymbolGraphDir,
		Standalone:     true,
		Out:            o.IO.Out,
		Logger:         loggerFor(o.IO.Err),
	})
	if cerr := x.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("enrich: %w", err)
	}
	return nil
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
