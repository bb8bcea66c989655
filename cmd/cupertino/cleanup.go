package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/source"
)

// cleanupOptions are the flags of `cupertino cleanup`.
type cleanupOptions struct {
	IO       *iostreams
	DB       dbFlags
	FetchDir []string
	DryRun   bool
	Yes      bool
}

func newCleanupCmd(io *iostreams, runF func(context.Context, *cleanupOptions) error) *cobra.Command {
	opts := &cleanupOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "cleanup",
		Short: "Remove what killed saves, setup and finished crawls leave behind",
		Long: `List, with their sizes, then remove the files nothing reads: the in-flight files
of a save or setup that was killed, the previous index setup kept
(<search.db>.previous), setup's downloads in <base-dir>/downloads (finished and
partial), and the checkpoints and journals of finished crawls under each
--fetch-dir (a crawl that can still resume keeps them). --dry-run only lists.
On a terminal cleanup asks first; --yes does not ask.

cleanup holds the save lock while it works: while a save or setup runs it
removes nothing and exits with status 4. A crawl whose fetch is running is
skipped.`,
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().Lookup("search-db").Usage = "index whose leftovers to clean (default <base-dir>/search.db)"
	f := cmd.Flags()
	f.StringSliceVar(&opts.FetchDir, "fetch-dir", nil, "fetch output folders whose finished crawls to clean (default: each crawled source's folders under --base-dir)")
	f.BoolVar(&opts.DryRun, "dry-run", false, "list what would be removed, remove nothing")
	f.BoolVar(&opts.Yes, "yes", false, "do not ask before removing")
	return cmd
}

// cleanupGroup is one kind of removable file.
type cleanupGroup struct {
	what  string
	files []index.Leftover
	// crawlDir, when set, names a fetch output folder whose crawl files the
	// crawler removes itself, under each crawl's lock.
	crawlDir string
}

func runCleanup(ctx context.Context, o *cleanupOptions) error {
	w := o.IO.Out
	dbPath := o.DB.path()
	if _, err := os.Stat(filepath.Dir(dbPath)); errors.Is(err, os.ErrNotExist) {
		fmt.Fprintf(w, "Nothing to clean: %s does not exist.\n", filepath.Dir(dbPath))
		return nil
	}
	lock, err := index.LockForSave(dbPath)
	if err != nil {
		return fmt.Errorf("cleanup: nothing removed: %w", err)
	}
	defer lock.Release()
	groups, err := o.gather(lock)
	if err != nil {
		return fmt.Errorf("cleanup: %w", err)
	}
	var count int
	var total int64
	for _, g := range groups {
		if len(g.files) == 0 {
			continue
		}
		var size int64
		for _, f := range g.files {
			size += f.Size
		}
		fmt.Fprintf(w, "%s: %s\n", g.what, humanBytes(size))
		for _, f := range g.files {
			fmt.Fprintf(w, "  %10s  %s\n", humanBytes(f.Size), f.Path)
		}
		count += len(g.files)
		total += size
	}
	if count == 0 {
		fmt.Fprintln(w, "Nothing to clean.")
		return nil
	}
	fmt.Fprintf(w, "Total: %d files, %s\n", count, humanBytes(total))
	if o.DryRun {
		fmt.Fprintln(w, "Dry run: nothing was removed.")
		return nil
	}
	if o.IO.InTerminal && !o.Yes && !confirm(o.IO, fmt.Sprintf("Remove these %d files (%s)?", count, humanBytes(total))) {
		return fmt.Errorf("cleanup: %w", errAnsweredNo)
	}
	removed, freed, err := removeGroups(groups)
	fmt.Fprintf(w, "Removed %d files, freed %s.\n", removed, humanBytes(freed))
	if err != nil {
		return fmt.Errorf("cleanup: %w", err)
	}
	return nil
}

// gather lists every removable file, by kind. The lock must be held.
func (o *cleanupOptions) gather(lock *index.SaveLock) ([]cleanupGroup, error) {
	inFlight, err := lock.InFlight()
	if err != nil {
		return nil, err
	}
	groups := []cleanupGroup{{what: "Files of a save or setup that did not finish", files: inFlight}}
	prev, ok, err := lock.Previous()
	if err != nil {
		return nil, err
	}
	if ok {
		groups = append(groups, cleanupGroup{what: "Previous index kept by setup", files: []index.Leftover{prev}})
	}
	downloads, err := bundle.Downloads(filepath.Join(o.DB.BaseDir, downloadsFolder))
	if err != nil {
		return nil, err
	}
	groups = append(groups, cleanupGroup{what: "Setup's downloads", files: downloads})
	for _, dir := range o.fetchDirs() {
		files, err := crawler.FinishedCrawlFiles(dir)
		if err != nil {
			return nil, err
		}
		g := cleanupGroup{what: "Checkpoints and journals of finished crawls in " + dir, crawlDir: dir}
		for _, f := range files {
			g.files = append(g.files, index.Leftover{Path: f.Path, Size: f.Size})
		}
		groups = append(groups, g)
	}
	return groups, nil
}

// fetchDirs are --fetch-dir, or where fetch crawls to under --base-dir.
func (o *cleanupOptions) fetchDirs() []string {
	if len(o.FetchDir) > 0 {
		return o.FetchDir
	}
	var dirs []string
	for _, s := range source.All {
		switch s.Fetch {
		case source.FetchCrawl, source.FetchHIG, source.FetchArchive:
		default:
			continue
		}
		for _, folder := range s.Folders {
			dirs = append(dirs, filepath.Join(o.DB.BaseDir, filepath.FromSlash(folder)))
		}
	}
	return dirs
}

// removeGroups removes every listed file; it goes on past a failure and
// returns the first.
func removeGroups(groups []cleanupGroup) (removed int, freed int64, firstErr error) {
	keep := func(err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	for _, g := range groups {
		if g.crawlDir != "" {
			if len(g.files) == 0 {
				continue
			}
			files, err := crawler.RemoveFinishedCrawlFiles(g.crawlDir)
			for _, f := range files {
				removed++
				freed += f.Size
			}
			if err != nil {
				keep(err)
			}
			continue
		}
		for _, f := range g.files {
			if err := os.Remove(f.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				keep(err)
				continue
			}
			removed++
			freed += f.Size
		}
	}
	return removed, freed, firstErr
}
