package crawler

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
)

// assertEachPageOnce checks the crawl's outcome after interruptions: every
// page stored, stored pages equal to their sources, and one "ok" journal
// record per page across all runs (nothing fetched-and-stored twice).
func assertEachPageOnce(t *testing.T, srv *fakeapple.Server, out string, cfg Config, want int) {
	t.Helper()
	pages := storedPages(t, out)
	if len(pages) != want {
		t.Fatalf("stored %d pages, want %d", len(pages), want)
	}
	assertSameAsSource(t, srv, pages)
	assertJournalOncePerPage(t, readJournalAll(t, out, cfg), want)
}

// assertJournalOncePerPage checks that the journal of a crawl that was
// interrupted has one "ok" record for each of its want pages across all
// runs: nothing was fetched and stored twice.
func assertJournalOncePerPage(t testing.TB, recs []journalRecord, want int) {
	t.Helper()
	ok := map[string]int{}
	for _, r := range recs {
		if r.Status == "ok" {
			ok[r.URI]++
		}
	}
	for uri, n := range ok {
		if n != 1 {
			t.Errorf("%s stored %d times", uri, n)
		}
	}
	if len(ok) != want {
		t.Errorf("journal has %d pages, want %d", len(ok), want)
	}
}

// assertKillsRepeatedFew checks that the runs after killChildRepeatedly's
// kills fetched again at most the requests in flight at each kill, and logs
// the figures.
func assertKillsRepeatedFew(t testing.TB, counter *countingHandler, cfg Config, what string, n int) {
	t.Helper()
	if r := counter.repeats(); r > childKills*cfg.Concurrency {
		t.Errorf("%d requests repeated; at most %d were in flight at the kills", r, childKills*cfg.Concurrency)
	}
	t.Logf("%d %s, %d kills, %d requests repeated", n, what, childKills, counter.repeats())
}

// journalRecords reads every record of the crawl whose files are files, from
// the first generation to the checkpoint's.
func journalRecords(t testing.TB, files crawlFiles) []journalRecord {
	t.Helper()
	cp, err := files.loadCheckpoint()
	if err != nil || cp == nil {
		t.Fatalf("checkpoint: %v", err)
	}
	recs, err := files.readJournal(0, cp.Generation)
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

func TestCrawlResumeAfterCancel(t *testing.T) {
	dir := t.TempDir()
	keys := writeSynthCorpus(t, dir, 600)
	hs, srv, counter := startFake(t, fakeapple.Options{Dir: dir})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	ctx, cancel := context.WithCancel(context.Background())
	var served atomic.Int32
	counter.setHook(func(string) {
		if served.Add(1) == 200 {
			cancel()
		}
	})
	res, err := Crawl(ctx, cfg)
	if !errors.Is(err, context.Canceled) || res.Status != statusRunning || res.Queued == 0 {
		t.Fatalf("interrupted run: %+v, %v", res, err)
	}
	counter.setHook(nil)
	res, err = Crawl(context.Background(), cfg)
	if err != nil || !res.Resumed || res.DoneBefore < 150 {
		t.Fatalf("resumed run: %+v, %v", res, err)
	}
	assertEachPageOnce(t, srv, out, cfg, len(keys))
	if r := counter.repeats(); r > cfg.Concurrency {
		t.Fatalf("%d requests repeated, more than the %d in flight at the interruption", r, cfg.Concurrency)
	}
}

func TestCrawlStartCleanDiscardsCheckpoint(t *testing.T) {
	hs, _, counter := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.MaxPages, cfg.Concurrency = 3, 1
	if _, err := Crawl(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.MaxPages, cfg.StartClean = 0, true
	res, err := Crawl(context.Background(), cfg)
	if err != nil || res.Resumed || res.OK != len(fixturePages) {
		t.Fatalf("%+v, %v", res, err)
	}
	if counter.repeats() != 3 {
		t.Fatalf("start-clean should fetch the first 3 pages again: %d repeats", counter.repeats())
	}
}

// TestCrawlChildProcess is the crawl that TestCrawlResumeAfterKill runs in a
// subprocess and kills; it does nothing on its own.
func TestCrawlChildProcess(t *testing.T) {
	origin, out := os.Getenv("CUPERTINO_CHILD_ORIGIN"), os.Getenv("CUPERTINO_CHILD_OUT")
	if origin == "" {
		t.Skip("helper process for TestCrawlResumeAfterKill")
	}
	cfg := testConfig(origin, out)
	cfg.CheckpointEvery = 30 * time.Millisecond
	if _, err := Crawl(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
}

func TestCrawlResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("subprocess test")
	}
	dir := t.TempDir()
	keys := writeSynthCorpus(t, dir, 3000)
	hs, srv, counter := startFake(t, fakeapple.Options{Dir: dir})
	var served atomic.Int32
	counter.setHook(func(string) {
		served.Add(1)
		time.Sleep(time.Millisecond) // stretch the crawl so kills land mid-way
	})
	out := t.TempDir()
	killChildRepeatedly(t, "TestCrawlChildProcess", &served, 1,
		"CUPERTINO_CHILD_ORIGIN="+hs.URL, "CUPERTINO_CHILD_OUT="+out)
	cfg := testConfig(hs.URL, out)
	res, err := Crawl(context.Background(), cfg)
	if err != nil || !res.Resumed {
		t.Fatalf("final run: %+v, %v", res, err)
	}
	assertEachPageOnce(t, srv, out, cfg, len(keys))
	assertKillsRepeatedFew(t, counter, cfg, "pages", len(keys))
}

func TestCrawlLockedWhileRunning(t *testing.T) {
	hs, _, counter := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	counter.setHook(func(string) {
		select {
		case started <- struct{}{}:
		default:
		}
		<-release
	})
	done := make(chan error, 1)
	go func() { _, err := Crawl(context.Background(), cfg); done <- err }()
	<-started
	if _, err := Crawl(context.Background(), cfg); !errors.Is(err, ErrLocked) {
		t.Errorf("second crawl: %v, want ErrLocked", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
