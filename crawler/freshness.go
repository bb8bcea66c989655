package crawler

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// Where a folder's fetch date comes from (FetchedAt).
const (
	// FetchedByCrawl: the newest page a crawl fetched, from its journal, or
	// its checkpoint's time when the journal has no page.
	FetchedByCrawl = "crawl"
	// FetchedByGit: the date of the commit a git fetch brought.
	FetchedByGit = "git commit"
)

// FetchedAt says when the content of dir was fetched, from what `cupertino
// fetch` left in it: a crawl's journal (docs, HIG, archive, WWDC), a git
// clone (the git sources), the bare repositories of an export (sample code,
// packages). ok is false for a folder fetch did not write, such as a shared
// corpus copied in; git is the git binary ("" for git on PATH).
func FetchedAt(ctx context.Context, dir, git string) (at time.Time, basis string, ok bool) {
	if t, ok := crawlFetchedAt(dir); ok {
		return t, FetchedByCrawl, true
	}
	if git == "" {
		git = "git"
	}
	if t, ok := gitFetchedAt(ctx, dir, git); ok {
		return t, FetchedByGit, true
	}
	return time.Time{}, "", false
}

// crawlFetchedAt is the newest fetch time any crawl under dir recorded.
func crawlFetchedAt(dir string) (time.Time, bool) {
	crawls, _ := filepath.Glob(filepath.Join(dir, MetaDir, "crawls", "*"))
	var newest time.Time
	for _, c := range crawls {
		files := crawlFiles{dir: c}
		t := newestJournalPage(files.journalPath())
		if t.IsZero() {
			if cp, err := files.loadCheckpoint(); err == nil && cp != nil && len(cp.Done) > 0 {
				t = cp.UpdatedAt
			}
		}
		if t.After(newest) {
			newest = t
		}
	}
	return newest.UTC(), !newest.IsZero()
}

// newestJournalPage is the latest crawledAt of a page stored or found
// unchanged ("ok") in the journal at path; zero when there is none.
func newestJournalPage(path string) time.Time {
	f, err := os.Open(path)
	if err != nil {
		return time.Time{}
	}
	defer f.Close()
	var newest time.Time
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	okStatus := []byte(`"status":"ok"`)
	for sc.Scan() {
		line := sc.Bytes()
		if !bytes.Contains(line, okStatus) {
			continue
		}
		var rec struct {
			Status    string    `json:"status"`
			CrawledAt time.Time `json:"crawledAt"`
		}
		if json.Unmarshal(line, &rec) == nil && rec.Status == "ok" && rec.CrawledAt.After(newest) {
			newest = rec.CrawledAt
		}
	}
	return newest
}

// gitFetchedAt is the date of the newest commit fetched into dir: its own
// clone (dir or its parent holds .git), or the bare repositories an export
// keeps under the metadata directory.
func gitFetchedAt(ctx context.Context, dir, git string) (time.Time, bool) {
	var newest time.Time
	consider := func(where []string, rev string) {
		out, err := runGit(ctx, git, where, nil, nil, "log", "-1", "--format=%cI", rev)
		if err != nil {
			return
		}
		if t, err := time.Parse(time.RFC3339, out); err == nil && t.After(newest) {
			newest = t
		}
	}
	for _, d := range []string{dir, filepath.Dir(filepath.Clean(dir))} {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			consider([]string{"-C", d}, "HEAD")
			break
		}
	}
	meta := filepath.Join(dir, MetaDir, "git")
	// Sample code keeps one bare repository there, packages one per owner
	// and repository; each has its export's commit under refs/cupertino.
	bare, _ := filepath.Glob(filepath.Join(meta, "*", "HEAD"))
	more, _ := filepath.Glob(filepath.Join(meta, "*", "*", "HEAD"))
	for _, head := range append(bare, more...) {
		consider([]string{"--git-dir=" + filepath.Dir(head)}, "refs/cupertino/export")
	}
	return newest.UTC(), !newest.IsZero()
}
