package crawler

import (
	"context"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestFetchedAtReadsTheCrawlJournal(t *testing.T) {
	out := t.TempDir()
	if _, _, ok := FetchedAt(context.Background(), out, ""); ok {
		t.Fatal("a folder fetch never wrote has a fetch date")
	}
	files := newCrawlFiles(out, "k")
	j, err := files.openJournal(true)
	if err != nil {
		t.Fatal(err)
	}
	newest := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	for _, r := range []journalRecord{
		{Gen: "g", URI: "a", Status: "ok", CrawledAt: newest.Add(-time.Hour)},
		{Gen: "g", URI: "b", Status: "ok", CrawledAt: newest},
		{Gen: "g", URI: "c", Status: "failed", CrawledAt: newest.Add(time.Hour)},
	} {
		if err := j.append(&r); err != nil {
			t.Fatal(err)
		}
	}
	j.close()
	at, basis, ok := FetchedAt(context.Background(), out, "")
	if !ok || !at.Equal(newest) || basis != FetchedByCrawl {
		t.Errorf("FetchedAt = %s %q %v, want the newest page fetched, %s (a failed page does not count)", at, basis, ok, newest)
	}
}

func TestFetchedAtReadsTheFetchedCommit(t *testing.T) {
	repo := testenv.GitRepo(t, t.TempDir(), map[string]string{"README.md": "# r\n"})
	when := "2026-03-04T05:06:07Z"
	cmd := exec.Command("git", "-C", repo, "commit", "--quiet", "--allow-empty", "-m", "dated")
	cmd.Env = append(cmd.Environ(), "GIT_COMMITTER_DATE="+when, "GIT_AUTHOR_DATE="+when,
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, b)
	}
	ctx := context.Background()
	clone := filepath.Join(t.TempDir(), "swift-book")
	if _, err := FetchGit(ctx, GitConfig{Source: "swift-book", RepoURL: repo, OutputDir: clone}); err != nil {
		t.Fatal(err)
	}
	samples := filepath.Join(t.TempDir(), "sample-code")
	if _, err := FetchSamples(ctx, SamplesConfig{RepoURL: repo, OutputDir: samples}); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{clone, samples} {
		at, basis, ok := FetchedAt(ctx, dir, "")
		if !ok || at.Format(time.RFC3339) != when || basis != FetchedByGit {
			t.Errorf("%s: FetchedAt = %s %q %v, want the commit's date %s", filepath.Base(dir), at, basis, ok, when)
		}
	}
	if _, _, ok := FetchedAt(ctx, t.TempDir(), "/nonexistent/git"); ok {
		t.Error("a folder with no fetch record has a date")
	}
}
