package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

// errUnhealthy means doctor found a problem that stops search or serve.
var errUnhealthy = errors.New("cupertino is not ready")

type doctorOptions struct {
	IO   *iostreams
	DB   dbFlags
	Deep bool
}

func newDoctorCmd(io *iostreams, runF func(context.Context, *doctorOptions) error) *cobra.Command {
	opts := &doctorOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "doctor",
		Short: "Check the index, the source folders and the tools cupertino uses",
		Long: `Check that search.db opens with the current schema and has every table and
index, then do what serve does: search for a title the index holds and read the
page found. Count documents per source with the date each was fetched (and
how that is known), say the newest platform versions the documentation
lists, list the enrich passes, name files a
killed save left behind, say whether the index is the demo make demo builds
(and how to get the real one), and report which source folders (for save),
browser (for fetch) and Swift toolchain (for eval agent) are present; none of
these is needed to search or serve. SQLite's quick_check reads
every page of the file (about 1.5 s for the full index); --deep runs the slower
integrity_check, which also matches every index to its table. Last, it reads
the MCP configuration of Claude Desktop, Claude Code, Cursor, VS Code and
Codex, says whether each runs this binary, and prints a ready-to-paste entry
where none does. The exit status is 1 when search or serve would fail; the
client check is advice and never changes it.`,
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().BoolVar(&opts.Deep, "deep", false, "run integrity_check instead of quick_check (slower: also matches every index to its table)")
	return cmd
}

func runDoctor(ctx context.Context, o *doctorOptions) error {
	w := o.IO.Out
	healthy := true
	mark := func(ok bool) string {
		if ok {
			return "ok  "
		}
		return "FAIL"
	}
	dbPath := o.DB.path()
	isDemo := false
	fmt.Fprintf(w, "Index %s\n", dbPath)
	st, err := index.Open(dbPath)
	if err != nil {
		healthy = false
		fmt.Fprintf(w, "  %s open: %v\n", mark(false), err)
	} else {
		defer st.Close()
		fi, _ := os.Stat(dbPath)
		fmt.Fprintf(w, "  %s opens, schema version %d, %s\n", mark(true), index.SchemaVersion, humanBytes(fi.Size()))
		if err := st.CheckSchema(ctx); err != nil {
			healthy = false
			fmt.Fprintf(w, "  %s schema: %v\n", mark(false), err)
		}
		if sources, err := st.Sources(ctx); err != nil {
			healthy = false
			fmt.Fprintf(w, "  %s count documents: %v\n", mark(false), err)
		} else {
			names := make([]string, 0, len(sources))
			for s := range sources {
				names = append(names, s)
			}
			sort.Strings(names)
			fresh, _ := st.Freshness(ctx)
			for _, s := range names {
				fetched := ""
				if d := fresh.Describe(s); d != "" {
					fetched = ", fetched " + d
				}
				fmt.Fprintf(w, "       %-16s %s%s\n", s, countNoun(sources[s], "document"), fetched)
			}
			fmt.Fprintf(w, "       index %s\n", fresh.CrawlDates())
		}
		if meta, err := st.Meta(ctx); err == nil && meta["saved_at"] != "" {
			fmt.Fprintf(w, "       saved at %s\n", meta["saved_at"])
		}
		printEnrichRuns(ctx, w, st)
		probe, err := probeServing(ctx, st)
		healthy = healthy && err == nil
		fmt.Fprintf(w, "  %s %s%s\n", mark(err == nil), probe, errSuffix(err))
		check := "quick_check"
		if o.Deep {
			check = "integrity_check"
		}
		start := time.Now()
		err = st.IntegrityCheck(ctx, o.Deep)
		healthy = healthy && err == nil
		fmt.Fprintf(w, "  %s %s of every page (%s)%s\n", mark(err == nil), check, time.Since(start).Round(time.Millisecond), errSuffix(err))
		isDemo = printIfDemo(ctx, w, st)
	}
	printLeftovers(w, dbPath)
	healthy = checkBundle(ctx, w, dbPath, st) && healthy

	printSourceFolders(w, o.DB.BaseDir, isDemo)
	if free, err := index.StatfsFreeSpace(filepath.Dir(dbPath)); err == nil {
		fmt.Fprintf(w, "Free disk beside the index: %s\n", humanBytes(int64(free)))
	}
	fmt.Fprintf(w, "Tools\n")
	fmt.Fprintf(w, "       chromium         %s\n", lookTool("optional: fetch uses it for pages that need a browser", "chromium", "chromium-browser", "google-chrome"))
	fmt.Fprintf(w, "       swiftc           %s\n", lookTool("optional: eval agent compiles the Swift it checks", "swiftc"))
	printClientConfigs(w)
	if !healthy {
		return fmt.Errorf("%w: see the FAIL lines above", errUnhealthy)
	}
	return nil
}

// probeServing does what a search and a read over MCP do: it takes the
// title of a page the index lists, searches for it through the ranker and
// reads the page found with its children. It returns what it did, for the
// report line, and the first failure.
func probeServing(ctx context.Context, st *index.Store) (string, error) {
	const what = "search and read work"
	eng, err := ranker.New(ctx, st, nil)
	if err != nil {
		return what, fmt.Errorf("open ranker: %w", err)
	}
	framework := ""
	if fws, err := st.Frameworks(ctx); err != nil {
		return what, fmt.Errorf("list frameworks: %w", err)
	} else if len(fws) > 0 {
		framework = fws[0].Identifier
	}
	docs, err := st.Documents(ctx, framework, 0, 1)
	if err != nil {
		return what, fmt.Errorf("list documents: %w", err)
	}
	if len(docs) == 0 {
		return what, errors.New("the index lists no document")
	}
	title := docs[0].Title
	results, err := eng.Search(ctx, title, ranker.Filters{Limit: 5})
	if err != nil {
		return what, fmt.Errorf("search %q: %w", title, err)
	}
	if len(results) == 0 {
		return what, fmt.Errorf("search %q found nothing, though the index holds that page: the full-text index is damaged", title)
	}
	if _, err := st.Document(ctx, results[0].URI); err != nil {
		return what, fmt.Errorf("read %s: %w", results[0].URI, err)
	}
	if _, err := st.Children(ctx, results[0].URI); err != nil {
		return what, fmt.Errorf("list children of %s: %w", results[0].URI, err)
	}
	return fmt.Sprintf("%s (searched %q, read %s)", what, title, results[0].URI), nil
}

// printLeftovers names the in-flight files beside the index: a save's
// working files while it runs, dead weight after a killed one.
func printLeftovers(w io.Writer, dbPath string) {
	files, running, err := index.Leftovers(dbPath)
	if err != nil || len(files) == 0 {
		return
	}
	var total int64
	for _, f := range files {
		total += f.Size
	}
	if running {
		fmt.Fprintf(w, "       a save is running: %d working files, %s so far\n", len(files), humanBytes(total))
		return
	}
	fmt.Fprintf(w, "  note %d files left by a save that did not finish (%s); the index does not use them, delete them to free the space:\n",
		len(files), humanBytes(total))
	for _, f := range files {
		fmt.Fprintf(w, "         %s (%s)\n", f.Path, humanBytes(f.Size))
	}
}

func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

// lookTool returns the path of the first of names on PATH, or says that
// none is there and what it would be for: the tools are optional, and their
// absence is no fault.
func lookTool(whatFor string, names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return "not installed (" + whatFor + ")"
}

// printEnrichRuns lists the latest run of each enrich pass, if any.
func printEnrichRuns(ctx context.Context, w interface{ Write([]byte) (int, error) }, st *index.Store) {
	runs, err := st.LatestEnrichRuns(ctx)
	if err != nil {
		return
	}
	for _, r := range runs {
		fmt.Fprintf(w, "       enrich %-12s v%s, %d rows, %d ms, %s\n", r.Pass, r.Version, r.RowsTouched, r.Millis, r.RanAt)
	}
	if len(runs) == 0 {
		fmt.Fprintf(w, "       no enrich passes recorded (run `cupertino enrich`)\n")
	}
}
