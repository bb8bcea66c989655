package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// updateOptions are the flags of `cupertino update`.
type updateOptions struct {
	IO   *iostreams
	DB   dbFlags
	From string
	// setup, fetch and save are the commands update runs; nil means the
	// real ones.
	setup func(context.Context, *setupOptions) error
	fetch func(context.Context, *fetchOptions) error
	save  func(context.Context, *saveOptions) error
}

func newUpdateCmd(io *iostreams, runF func(context.Context, *updateOptions) error) *cobra.Command {
	opts := &updateOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "update",
		Short: "Bring the index up to date the way it was built",
		Long: `Bring search.db up to date the way it was built.

An index installed by setup: the bundle it came from (or --from) is checked as
setup --check does, and installed with the same sources when it differs, with
setup's progress, checks and atomic install.

An index built by save: every source it holds whose folder (under --base-dir,
as save finds them) was fetched by cupertino is fetched again the way it was
fetched (the site, start, guides, repository or package list recorded in
<folder>/.cupertino-fetch/fetch.json): a crawl rewrites only the pages that
changed, a git source moves to the newest commit. Then an incremental save
re-indexes only the sources whose files changed, and records the new fetch
dates. A folder with no fetch record (a corpus copied in) is left as it is.

Every step shows progress with its rate and ETA. It is safe to kill and run
again: a killed fetch resumes from its checkpoint, and the index is replaced
only by a rename once the new one is whole, so the old index serves until then.`,
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().StringVar(&opts.From, "from", "", "for an index installed by setup: the bundle to update from (default: the one it was installed from)")
	return cmd
}

func runUpdate(ctx context.Context, o *updateOptions) error {
	if o.setup == nil {
		o.setup, o.fetch, o.save = runSetup, runFetch, runSave
	}
	dbPath := o.DB.path()
	st, err := index.Open(dbPath)
	if err != nil {
		return fmt.Errorf("update: %w", err)
	}
	meta, merr := st.Meta(ctx)
	counts, cerr := st.Sources(ctx)
	st.Close()
	if merr != nil || cerr != nil {
		return fmt.Errorf("update: read the index: %w", errors.Join(merr, cerr))
	}
	if in, _, err := bundle.ReadInstalled(meta, dbPath); err == nil && meta[index.MetaBuiltAt] == in.CorpusDate {
		return updateFromBundle(ctx, o, in)
	}
	return updateFromSources(ctx, o, counts)
}

// updateFromBundle checks the bundle the index came from and installs it
// when it differs.
func updateFromBundle(ctx context.Context, o *updateOptions, in *bundle.Installed) error {
	from := o.From
	if from == "" {
		from = in.From
	}
	if from == "" || strings.Contains(from, "REDACTED") {
		// The address held credentials, which setup never stores.
		from = bundle.ReleaseURL()
	}
	fmt.Fprintf(o.IO.Out, "Index installed from the bundle of %s (%s): checking %s\n", in.CorpusDate, strings.Join(in.Sources, ", "), termtext.Line(from))
	check := &setupOptions{IO: o.IO, DB: o.DB, From: from, Check: true, Backoff: time.Second}
	err := o.setup(ctx, check)
	if err == nil || !errors.Is(err, errUpdateAvailable) {
		return err
	}
	install := &setupOptions{IO: o.IO, DB: o.DB, From: from, Sources: in.Sources, Yes: true, KeepPrevious: true, Backoff: time.Second}
	return o.setup(ctx, install)
}

// updateFromSources fetches again every source of the index that cupertino
// fetched, then saves incrementally.
func updateFromSources(ctx context.Context, o *updateOptions, counts map[string]int) error {
	saveOpts := &saveOptions{IO: o.IO, BaseDir: o.DB.BaseDir, SearchDB: o.DB.path(), Yes: true}
	saveOpts.resolve()
	var fetched, skipped []string
	var incomplete error
	for _, src := range source.All {
		if counts[src.ID] == 0 || src.SaveFlag == "" {
			continue
		}
		dir := saveOpts.Dirs[src.ID]
		rec, err := readFetchRecord(dir)
		if errors.Is(err, errNoFetchRecord) {
			skipped = append(skipped, fmt.Sprintf("%s (%s: no fetch record)", src.ID, dir))
			continue
		}
		if err != nil {
			return fmt.Errorf("update %s: %w", src.ID, err)
		}
		fo, cleanup, err := fetchOptionsOf(o.IO, rec, dir)
		if err != nil {
			return fmt.Errorf("update %s: %w", src.ID, err)
		}
		fmt.Fprintf(o.IO.Err, "update: fetch %s into %s\n", src.ID, termtext.Line(dir))
		err = o.fetch(ctx, fo)
		cleanup()
		switch {
		case errors.Is(err, crawler.ErrIncomplete):
			// Pages that failed keep their last copy; the save goes on.
			incomplete = errors.Join(incomplete, fmt.Errorf("%s: %w", src.ID, err))
		case err != nil:
			return fmt.Errorf("update %s: %w", src.ID, err)
		}
		fetched = append(fetched, src.ID)
	}
	sort.Strings(skipped)
	fmt.Fprintf(o.IO.Out, "Fetched again: %s\n", listOrNone(fetched))
	if len(skipped) > 0 {
		fmt.Fprintf(o.IO.Out, "Left as they are: %s\n", termtext.Line(strings.Join(skipped, ", ")))
	}
	if err := o.save(ctx, saveOpts); err != nil {
		return err
	}
	if incomplete != nil {
		return fmt.Errorf("update: some pages failed and kept their last copy: %w", incomplete)
	}
	return nil
}

func listOrNone(ids []string) string {
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// fetchOptionsOf rebuilds the options of a recorded fetch into dir. A
// package list is written to a temporary file; cleanup removes it.
func fetchOptionsOf(io *iostreams, rec *fetchRecord, dir string) (*fetchOptions, func(), error) {
	fo := &fetchOptions{
		IO: io, Source: rec.Source, OutputDir: dir, Origin: rec.Origin, StartURL: rec.StartURL,
		AllowedPrefixes: rec.AllowedPrefixes, MaxDepth: rec.MaxDepth, RequestDelay: rec.RequestDelay,
		Concurrency: rec.Concurrency, Engine: rec.Engine, ChromePath: rec.ChromePath, ChromeTabs: rec.ChromeTabs,
		Timeout: rec.Timeout, MaxPageBytes: rec.MaxPageBytes, RepoURL: rec.RepoURL, Guides: rec.Guides,
		delaySet: true,
	}
	// Zero values a record may lack take the flags' defaults.
	if fo.Origin == "" {
		fo.Origin = crawler.DefaultOrigin
	}
	if fo.Engine == "" {
		fo.Engine = crawler.EngineAuto
	}
	if fo.Concurrency <= 0 {
		fo.Concurrency = crawler.DefaultConcurrency
	}
	if fo.ChromeTabs <= 0 {
		fo.ChromeTabs = crawler.DefaultChromeTabs
	}
	if fo.Timeout <= 0 {
		fo.Timeout = crawler.DefaultTimeout
	}
	if fo.MaxPageBytes <= 0 {
		fo.MaxPageBytes = crawler.DefaultMaxPageBytes
	}
	cleanup := func() {}
	if rec.Packages != "" {
		f, err := os.CreateTemp("", "cupertino-packages-*.txt")
		if err != nil {
			return nil, nil, err
		}
		_, werr := f.WriteString(rec.Packages)
		if err := errors.Join(werr, f.Close()); err != nil {
			os.Remove(f.Name())
			return nil, nil, err
		}
		fo.PackagesFile = f.Name()
		cleanup = func() { os.Remove(f.Name()) }
	}
	if err := fo.validate(); err != nil {
		cleanup()
		return nil, nil, err
	}
	return fo, cleanup, nil
}
