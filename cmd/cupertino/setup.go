package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/bundle"
)

// downloadsFolder, under --base-dir, keeps setup's downloads, partial ones
// as <file>.part until a later run resumes them; cleanup empties it.
const downloadsFolder = "downloads"

// setupOptions are the flags of `cupertino setup`.
type setupOptions struct {
	IO           *iostreams
	DB           dbFlags
	From         string
	Sources      []string
	Yes          bool
	KeepPrevious bool
	// Check only compares the bundle with the installed one: exit 0 when
	// the index is current, errUpdateAvailable when the bundle differs.
	Check bool
	// Client downloads the bundle; nil means bundle.NewHTTPClient.
	Client *http.Client
	// Backoff is the wait before the first retry of a failed download,
	// doubled for each next one; the command sets a second.
	Backoff time.Duration
}

func newSetupCmd(io *iostreams, runF func(context.Context, *setupOptions) error) *cobra.Command {
	opts := &setupOptions{IO: io, Backoff: time.Second}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "setup",
		Short: "Download and install a ready-made index instead of fetching and saving",
		Long: `Install a ready-made search.db from a release bundle (see ` + "`cupertino bundle`" + `).
Without --from, setup reads the bundle this binary was built for:
` + bundle.ReleaseURL() + `
(the pattern is ` + bundle.ReleaseURLPattern + `
with the bundle version and the index schema version). --from takes another
manifest address, or a local folder holding manifest.json.

setup checks the bundle's schema and minimum version first and refuses one this
binary cannot read, naming the version to install, and refuses a manifest whose
sizes are implausible (a part over 1 TiB, or unpacking to over a thousand times
its compressed size) before it writes anything. It checks free space, then
downloads every part it needs into <base-dir>/downloads with progress, rate and
ETA, and checks every sha256 before it changes anything. A download follows
redirects only to its own origin or to https. A download cut short stays there
as <file>.part and the next run resumes it with an HTTP Range request, from the
origin its bytes came from only. No part unpacks past its declared size. The new
index is built beside the old one under the save lock, checked (SQLite's
quick_check and FTS5's integrity-check; a table this binary does not know is
refused), and renamed into place with the installed manifest inside it, so the
old one serves until the new one is whole and a failure installs nothing.
setup never writes through a symbolic link it finds where it writes (the lock,
a download, an unpacked part): it stops and names it. Credentials in a --from
address (user:password@, token-like query parameters) are used, never printed
or stored. --sources installs only some sources (the shared and search parts
come always). On a terminal setup asks first; --yes does not ask. Nothing needs
root.

--check reads the bundle's manifest only and compares it with the manifest of
the installed index (its corpus date and every part's sha256): the exit status
is 0 when the index is that bundle, 12 when the bundle is another (or the index
was not installed from a bundle, or was rebuilt by save since). ` + "`cupertino update`" + `
installs it.`,
		Check: func(_ []string) error {
			for _, s := range opts.Sources {
				if strings.TrimSpace(s) == "" {
					return usageErrorf("--sources has an empty name")
				}
			}
			return nil
		},
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().Lookup("search-db").Usage = "index to install or replace (default <base-dir>/search.db)"
	f := cmd.Flags()
	f.StringVar(&opts.From, "from", "", "bundle to install: a manifest URL, or a local folder with manifest.json (default: this version's release)")
	f.StringSliceVar(&opts.Sources, "sources", nil, "install only these sources, comma-separated (default: every source of the bundle)")
	f.BoolVar(&opts.Yes, "yes", false, "do not ask before downloading and replacing the index")
	f.BoolVar(&opts.Check, "check", false, "only say whether the bundle differs from the installed index, downloading nothing: exit 0 when current, 12 when an update is available")
	f.BoolVar(&opts.KeepPrevious, "keep-previous", true, "keep the replaced index as <search.db>.previous (a hard link; `cupertino cleanup` removes it)")
	return cmd
}

func runSetup(ctx context.Context, o *setupOptions) error {
	from := o.From
	if from == "" {
		from = bundle.ReleaseURL()
	}
	// bundle redacts the credentials a --from address may carry; this
	// guards the errors of everything else, as main prints them.
	err := installBundle(ctx, o, from)
	return bundle.RedactError(err, from)
}

func installBundle(ctx context.Context, o *setupOptions, from string) error {
	remote, err := bundle.Open(ctx, from, o.Client)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	remote.Backoff = o.Backoff
	m := remote.Manifest
	if err := m.Check(version); err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	parts, err := m.Select(o.Sources)
	if err != nil {
		return fmt.Errorf("setup: %w", err)
	}
	dbPath := o.DB.path()
	if o.Check {
		return checkInstalled(ctx, o.IO.Out, dbPath, m)
	}
	var size int64
	docs := 0
	for _, p := range parts {
		size += p.Size
		docs += p.Documents
	}
	fmt.Fprintf(o.IO.Err, "Bundle from %s: corpus of %s, %d documents in %d parts, %s to download\n",
		remote.From, m.CorpusDate, docs, len(parts), humanBytes(size))
	if o.IO.InTerminal && !o.Yes {
		question := fmt.Sprintf("Install it as %s?", dbPath)
		if fileExists(dbPath) {
			question = fmt.Sprintf("Replace %s with it?", dbPath)
		}
		if !confirm(o.IO, question) {
			return fmt.Errorf("setup: %w", errAnsweredNo)
		}
	}
	downloads := filepath.Join(o.DB.BaseDir, downloadsFolder)
	res, err := remote.Install(ctx, bundle.InstallOptions{
		DBPath:        dbPath,
		DownloadDir:   downloads,
		Sources:       o.Sources,
		BinaryVersion: version,
		KeepPrevious:  o.KeepPrevious,
		Progress:      o.IO.Err,
		TTY:           isTerminalWriter(o.IO.Err),
		Logger:        loggerFor(o.IO.Err),
	})
	if err != nil {
		return fmt.Errorf("setup: %w%s", err, resumeHint(downloads))
	}
	printSetupSummary(o.IO.Out, dbPath, downloads, res)
	return nil
}

// resumeHint tells the person that a rerun continues where this one
// stopped, when it left partial downloads to continue from.
func resumeHint(downloads string) string {
	files, _ := filepath.Glob(filepath.Join(downloads, "*.part"))
	if len(files) == 0 {
		return ""
	}
	return "\n(the partial download stays in " + downloads + ": run setup again to resume it)"
}

func printSetupSummary(w io.Writer, dbPath, downloads string, res *bundle.InstallResult) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintf(tw, "Installed:\t%s\n", dbPath)
	sources := make([]string, 0, len(res.Documents))
	total := 0
	for s, n := range res.Documents {
		sources = append(sources, s)
		total += n
	}
	sort.Strings(sources)
	for _, s := range sources {
		fmt.Fprintf(tw, "  %s\t%d documents\n", s, res.Documents[s])
	}
	fmt.Fprintf(tw, "Documents:\t%d\n", total)
	fmt.Fprintf(tw, "Downloaded:\t%s\n", humanBytes(res.Downloaded))
	fmt.Fprintf(tw, "Elapsed:\t%s\n", res.Elapsed.Round(100*time.Millisecond))
	if res.Previous != "" {
		fmt.Fprintf(tw, "Previous index:\t%s (`cupertino cleanup` removes it)\n", res.Previous)
	}
	if files, _ := bundle.Downloads(downloads); len(files) > 0 {
		var n int64
		for _, f := range files {
			n += f.Size
		}
		fmt.Fprintf(tw, "Downloads kept:\t%s in %s (`cupertino cleanup` removes them)\n", humanBytes(n), downloads)
	}
	tw.Flush()
}
