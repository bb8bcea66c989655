package crawler

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// File is a file of the crawler's own, with its size.
type File struct {
	Path string
	Size int64
}

// FinishedCrawlFiles lists the checkpoint and journal of every crawl under
// outputDir that has finished, complete or with failures, with nothing left
// in its queue: no fetch resumes from them, since the next fetch of that
// crawl starts a new generation and a new journal. A crawl that is running,
// was killed or stopped at --max-pages is resumable and left out, as is one
// whose checkpoint cannot be read. A missing folder has none.
func FinishedCrawlFiles(outputDir string) ([]File, error) {
	var out []File
	err := eachFinishedCrawl(outputDir, func(c crawlFiles) error {
		for _, p := range []string{c.checkpointPath(), c.journalPath()} {
			if fi, err := os.Stat(p); err == nil {
				out = append(out, File{Path: p, Size: fi.Size()})
			}
		}
		return nil
	})
	return out, err
}

// RemoveFinishedCrawlFiles removes what FinishedCrawlFiles lists, each
// crawl under its own lock so that a fetch starting meanwhile is never cut
// short: a crawl whose lock is held is skipped. It returns what it removed.
func RemoveFinishedCrawlFiles(outputDir string) ([]File, error) {
	var removed []File
	err := eachFinishedCrawl(outputDir, func(c crawlFiles) error {
		unlock, err := lockCrawl(c.dir)
		if errors.Is(err, ErrLocked) {
			return nil
		}
		if err != nil {
			return err
		}
		defer func() {
			unlock()
			os.Remove(c.dir) // only if empty: nothing else of ours is in it
		}()
		// Read again under the lock: a fetch may have resumed it since.
		if cp, err := c.loadCheckpoint(); err != nil || !finished(cp) {
			return nil
		}
		for _, p := range []string{c.checkpointPath(), c.journalPath()} {
			fi, err := os.Stat(p)
			if err != nil {
				continue
			}
			if err := os.Remove(p); err != nil {
				return fmt.Errorf("remove %s: %w", p, err)
			}
			removed = append(removed, File{Path: p, Size: fi.Size()})
		}
		return nil
	})
	return removed, err
}

// eachFinishedCrawl calls fn for each finished crawl under outputDir, in
// name order.
func eachFinishedCrawl(outputDir string, fn func(crawlFiles) error) error {
	root := filepath.Join(outputDir, MetaDir, "crawls")
	entries, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("list crawls: %w", err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		c := crawlFiles{dir: filepath.Join(root, e.Name())}
		if cp, err := c.loadCheckpoint(); err != nil || !finished(cp) {
			continue
		}
		if err := fn(c); err != nil {
			return err
		}
	}
	return nil
}

// finished mirrors run's resume rule: a crawl resumes when it was running
// or has pages queued.
func finished(cp *checkpoint) bool {
	return cp != nil && cp.Status != statusRunning && len(cp.Pending) == 0
}
