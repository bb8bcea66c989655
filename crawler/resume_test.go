package crawler

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"syscall"
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
	ok := map[string]int{}
	for _, r := range readJournalAll(t, out, cfg) {
		if r.Status == "ok" {
			ok[r.URI]++
		}
	}
	if len(ok) != want {
		t.Fatalf("journal has %d pages, want %d", len(ok), want)
	}
	for uri, n := range ok {
		if n != 1 {
			t.Errorf("%s recorded %d times", uri, n)
		}
	}
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
	cfg := testConfig(hs.URL, out)
	rng := rand.New(rand.NewPCG(1, 2))
	const kills = 4
	for i := range kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrawlChildProcess$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CUPERTINO_CHILD_ORIGIN="+hs.URL, "CUPERTINO_CHILD_OUT="+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		wg.Go(func() { _ = cmd.Wait() })
		// Kill once this run has made a random number of requests.
		target := served.Load() + int32(100+rng.IntN(400))
		deadline := time.Now().Add(30 * time.Second)
		for served.Load() < target && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
		if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		wg.Wait()
		if st := cmd.ProcessState; st == nil || st.Success() {
			t.Fatalf("child %d finished before it was killed; make the corpus larger", i)
		}
	}
	res, err := Crawl(context.Background(), cfg)
	if err != nil || !res.Resumed {
		t.Fatalf("final run: %+v, %v", res, err)
	}
	assertEachPageOnce(t, srv, out, cfg, len(keys))
	if r := counter.repeats(); r > kills*cfg.Concurrency {
		t.Fatalf("%d requests repeated; at most %d were in flight at the kills", r, kills*cfg.Concurrency)
	}
	t.Logf("%d pages, %d kills, %d requests repeated", len(keys), kills, counter.repeats())
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
