package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/corpus"
	"github.com/cupertino-go/cupertino/internal/ingest"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// saveOptions are the flags of `cupertino save`.
type saveOptions struct {
	IO      *iostreams
	BaseDir string
	// Dirs maps a source ID to its folder, one --<source>-dir flag each
	// (source.Source.SaveFlag); unset ones default to a folder of BaseDir.
	Dirs        map[string]string
	SearchDB    string
	Clear       bool
	DryRun      bool
	Yes         bool
	AllStatuses bool
	Workers     int
	MaxFileMiB  int64
	MinFree     string
}

func newSaveCmd(io *iostreams, runF func(context.Context, *saveOptions) error) *cobra.Command {
	opts := &saveOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "save",
		Short: "Index on-disk corpora into search.db",
		Long: `Read every source directory, pass each document through the door (validity,
placeholder titles, tier A/B/C dedup) and write search.db. The index is built
beside the old one and renamed over it at the end, so a failed or killed save
never damages the previous index. A save with no corpus change does nothing.

Missing source directories are skipped with one line. When a folder the index
holds documents for is missing or empty (a disk not mounted, a link gone), its
documents are kept; a terminal asks first, and --clear rebuilds without them.
Files over --max-file-mib, links, FIFOs and unreadable folders inside a corpus
are skipped with a line in the audit log, which is installed with the index.
The summary counts the pages indexed, the files left out on purpose (not
documentation, error pages a crawl saved, copies of one page, files over the
cap) and the ones that failed; the audit log names each file. Exit status 3
means the index was written but two different pages claimed one URI (tier
C); the audit log names them.`,
	})
	f := cmd.Flags()
	f.StringVar(&opts.BaseDir, "base-dir", defaultBaseDir(), "base directory; the others default to folders inside it")
	opts.Dirs = map[string]string{}
	for _, src := range source.All {
		if src.SaveFlag != "" {
			f.Var(dirFlag{opts.Dirs, src.ID}, src.SaveFlag, fmt.Sprintf("%s (default <base-dir>/%s)", src.SaveHelp, src.Folders[0]))
		}
	}
	f.StringVar(&opts.SearchDB, "search-db", "", "index to write (default <base-dir>/search.db)")
	f.BoolVar(&opts.Clear, "clear", false, "rebuild every source from scratch instead of only the changed ones")
	f.BoolVar(&opts.DryRun, "dry-run", false, "read and judge every document, write nothing")
	f.BoolVar(&opts.Yes, "yes", false, "do not ask before rebuilding an existing index")
	f.BoolVar(&opts.AllStatuses, "all-proposals", false, "index Swift Evolution proposals of every status, not only accepted and implemented")
	f.IntVar(&opts.Workers, "workers", 0, "parse workers (default: number of CPUs)")
	f.Int64Var(&opts.MaxFileMiB, "max-file-mib", ingest.DefaultMaxFileBytes>>20, "skip (and audit as too large) any input file over this many MiB")
	f.StringVar(&opts.MinFree, "min-free", "auto", `free disk space to demand beside the index, e.g. 500MiB or 2GiB; "auto" estimates it from the corpus, 0 skips the check`)
	return cmd
}

func defaultBaseDir() string {
	home, err := os.UserHomeDir()
	if err != nil {
		return ".cupertino"
	}
	return filepath.Join(home, ".cupertino")
}

// dirFlag is one source's folder flag, stored in saveOptions.Dirs.
type dirFlag struct {
	dirs map[string]string
	id   string
}

func (d dirFlag) String() string     { return d.dirs[d.id] }
func (d dirFlag) Set(v string) error { d.dirs[d.id] = v; return nil }
func (d dirFlag) Type() string       { return "string" }

// resolve fills the defaults that derive from --base-dir: a source's
// conventional folder that exists under it, else its first one.
func (o *saveOptions) resolve() {
	if o.Dirs == nil {
		o.Dirs = map[string]string{}
	}
	for _, src := range source.All {
		if src.SaveFlag == "" || o.Dirs[src.ID] != "" {
			continue
		}
		dir, err := corpus.Locate(o.BaseDir, src.ID)
		if err != nil {
			dir = filepath.Join(o.BaseDir, filepath.FromSlash(src.Folders[0]))
		}
		o.Dirs[src.ID] = dir
	}
	if o.SearchDB == "" {
		o.SearchDB = filepath.Join(o.BaseDir, "search.db")
	}
}

// sources lists what save reads, in the table's order.
func (o *saveOptions) sources() []ingest.SourceSpec {
	var out []ingest.SourceSpec
	for _, id := range source.Saved() {
		out = append(out, ingest.SourceSpec{Kind: id, Root: o.Dirs[id]})
	}
	return out
}

func runSave(ctx context.Context, o *saveOptions) error {
	o.resolve()
	if o.Clear && !o.Yes && !o.DryRun && o.IO.InTerminal && fileExists(o.SearchDB) {
		if !confirm(o.IO, fmt.Sprintf("Rebuild %s from scratch?", o.SearchDB)) {
			return fmt.Errorf("save: %w", errAnsweredNo)
		}
	}
	if err := os.MkdirAll(filepath.Dir(o.SearchDB), 0o755); err != nil {
		return fmt.Errorf("create index directory: %w", err)
	}
	opts := ingest.Options{
		DBPath:    o.SearchDB,
		AuditPath: strings.TrimSuffix(o.SearchDB, filepath.Ext(o.SearchDB)) + ".audit.jsonl",
		Sources:   o.sources(),
		Clear:     o.Clear,
		DryRun:    o.DryRun,
		Workers:   o.Workers,
		Progress:  o.IO.Err,
		TTY:       isTerminalWriter(o.IO.Err),
		Finish:    enrichFinish(o.IO.Err),
		Logger:    loggerFor(o.IO.Err),
		FetchedAt: fetchedAt,
	}
	opts.Corpus.IncludeAllStatuses = o.AllStatuses
	if o.MaxFileMiB < 0 || o.MaxFileMiB > 1<<20 {
		return usageErrorf("--max-file-mib must be between 1 and %d", 1<<20)
	}
	opts.MaxFileBytes = o.MaxFileMiB << 20 // 0: the pipeline's default
	switch need, err := parseByteSize(o.MinFree); {
	case err != nil:
		return usageErrorf("--min-free: %v", err)
	case o.MinFree == "auto" || o.MinFree == "":
	case need == 0:
		opts.Build.SkipDiskCheck = true
	default:
		opts.Build.MinFreeBytes = need
	}
	if o.IO.InTerminal && !o.Yes {
		opts.ConfirmRemove = func(kind string, documents int, why string) bool {
			return confirm(o.IO, fmt.Sprintf("%s: %s, but the index holds %d of its documents. Remove them?", kind, why, documents))
		}
	}
	sum, err := ingest.Run(ctx, opts)
	if sum != nil {
		printSaveSummary(o.IO.Out, sum)
	}
	return err
}

// fetchedAt dates a source folder for the index's freshness record from
// what fetch left in it.
func fetchedAt(ctx context.Context, _, root string) (index.SourceFreshness, bool) {
	t, basis, ok := crawler.FetchedAt(ctx, root, "")
	if !ok {
		return index.SourceFreshness{}, false
	}
	if basis == crawler.FetchedByGit {
		return index.SourceFreshness{FetchedAt: t, Basis: index.FetchedByGit}, true
	}
	return index.SourceFreshness{FetchedAt: t, Basis: index.FetchedByCrawl}, true
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func confirm(io *iostreams, question string) bool {
	fmt.Fprintf(io.Err, "%s [y/N] ", question)
	line, _ := bufio.NewReader(io.In).ReadString('\n')
	line = strings.ToLower(strings.TrimSpace(line))
	return line == "y" || line == "yes"
}

func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

func printSaveSummary(w io.Writer, s *ingest.Summary) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	switch {
	case s.DryRun:
		fmt.Fprintln(tw, "Dry run: nothing was written.")
	case s.UpToDate && s.FreshnessOnly:
		fmt.Fprintln(tw, "Index is up to date: no source changed since the last save; the newer fetch dates are recorded.")
	case s.UpToDate:
		fmt.Fprintln(tw, "Index is up to date: no source changed since the last save.")
	}
	fmt.Fprintln(tw, "source\tfiles\tindexed\tnote")
	for _, src := range s.Sources {
		note := ""
		if src.Skipped {
			note = src.Reason
		} else if src.Elapsed > 0 {
			note = fmt.Sprintf("%s, %.0f files/s", src.Elapsed.Round(1e7), float64(src.Files)/src.Elapsed.Seconds())
		}
		if src.Replaced > 0 {
			note += fmt.Sprintf("; %s replaced by a fuller copy", countNoun(src.Replaced, "page"))
		}
		if src.Recovered > 0 {
			note += fmt.Sprintf("; %s with a placeholder title kept, titled from the URL", countNoun(src.Recovered, "page"))
		}
		if src.NotRead > 0 {
			note += fmt.Sprintf("; %s not read (links, FIFOs, unreadable folders: see the audit log)", countNoun(src.NotRead, "entry"))
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", src.Kind, src.Files, src.Indexed, termtext.Line(note))
	}
	tw.Flush()
	fmt.Fprintln(w)
	if !s.UpToDate {
		printOutcomes(w, s)
	}
	switch {
	case s.DryRun:
	case s.Installed || s.UpToDate:
		fmt.Fprintf(w, "Index:     %s (%s, %s)\n", termtext.Line(s.DBPath), humanBytes(s.DBSize), countNoun(s.Documents, "document"))
		if line := wholesLine(s.Wholes); line != "" {
			fmt.Fprintf(w, "Holding:   %s\n", line)
		}
	case s.DBSize > 0:
		fmt.Fprintf(w, "The save did not finish. The previous index is unchanged and still serves: %s (%s, %s)\n",
			termtext.Line(s.DBPath), humanBytes(s.DBSize), countNoun(s.Documents, "document"))
	default:
		fmt.Fprintf(w, "The save did not finish, and no index was written at %s.\n", termtext.Line(s.DBPath))
	}
	if s.AuditPath != "" && s.Installed {
		fmt.Fprintf(w, "Audit log: %s (every file read, and what became of it)\n", termtext.Line(s.AuditPath))
	}
	fmt.Fprintf(w, "Elapsed:   %s\n", s.Elapsed.Round(1e7))
}

// wholesLine says how many sample projects, WWDC sessions and packages
// the index holds, in source-table order: "606 sample projects, 1266 WWDC
// sessions, 27 Swift packages".
func wholesLine(wholes map[string]int) string {
	var parts []string
	for _, src := range source.All {
		if n, ok := wholes[src.ID]; ok && src.Whole.Noun != "" {
			parts = append(parts, countPlural(n, src.Whole.Noun))
		}
	}
	return strings.Join(parts, ", ")
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

// parseByteSize reads a size such as "500MiB", "2GiB", "300KB" or a plain
// number of bytes. "auto" is 0: the caller decides what auto means.
func parseByteSize(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	if s == "auto" || s == "" {
		return 0, nil
	}
	units := []struct {
		suffix string
		factor float64
	}{
		{"kib", 1 << 10}, {"mib", 1 << 20}, {"gib", 1 << 30}, {"tib", 1 << 40},
		{"kb", 1e3}, {"mb", 1e6}, {"gb", 1e9}, {"tb", 1e12},
		{"k", 1 << 10}, {"m", 1 << 20}, {"g", 1 << 30}, {"t", 1 << 40}, {"b", 1},
	}
	lower := strings.ToLower(s)
	factor := 1.0
	for _, u := range units {
		if strings.HasSuffix(lower, u.suffix) {
			lower, factor = strings.TrimSpace(strings.TrimSuffix(lower, u.suffix)), u.factor
			break
		}
	}
	n, err := strconv.ParseFloat(lower, 64)
	if err != nil || n < 0 || math.IsInf(n, 0) || math.IsNaN(n) || n*factor > math.MaxInt64 {
		return 0, fmt.Errorf("%q is not a size (try 500MiB, 2GiB, 0 or auto)", s)
	}
	return uint64(n * factor), nil
}
