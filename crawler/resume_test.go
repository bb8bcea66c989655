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

func TestCrawlResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("subprocess test")
	}
	dir := t.TempDir()
	keys := writeSynthCorpus(t, dir, 3000)
	hs, srv, counter := startFake(t, fakeapple.Options{Dir: dir})
	out := t.TempDir()
	cfg := resumeAfterKills(t, counter, "docs", hs.URL, out, 1)
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

// childCrawls are the crawls the ResumeAfterKill tests run in a child
// process (TestCrawlChildProcess) and kill, by name.
var childCrawls = map[string]func(context.Context, Config) (*Result, error){
	"docs": Crawl,
	"hig":  CrawlHIG,
	"archive": func(ctx context.Context, cfg Config) (*Result, error) {
		return FetchArchive(ctx, cfg, synthGuides(30)) // the books of writeSynthArchive(t, dir, 30, …)
	},
}

// TestCrawlChildProcess is the crawl of childCrawls named in
// CUPERTINO_CHILD_CRAWL that killChildRepeatedly runs in a subprocess and
// kills; it does nothing on its own.
func TestCrawlChildProcess(t *testing.T) {
	crawl, origin, out := os.Getenv("CUPERTINO_CHILD_CRAWL"), os.Getenv("CUPERTINO_CHILD_ORIGIN"), os.Getenv("CUPERTINO_CHILD_OUT")
	if crawl == "" {
		t.Skip("helper process for the ResumeAfterKill tests")
	}
	cfg := testConfig(origin, out)
	cfg.CheckpointEvery = 30 * time.Millisecond
	if _, err := childCrawls[crawl](context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
}

// resumeAfterKills runs the crawl of childCrawls named crawl, of the site
// at origin into out, in a child process killed childKills times mid-crawl
// (killChildRepeatedly), then once more in this process, which must resume
// and finish. It returns the crawl's Config for the checks of what it left.
func resumeAfterKills(t *testing.T, counter *countingHandler, crawl, origin, out string, seed uint64) Config {
	t.Helper()
	var served atomic.Int32
	counter.setHook(func(string) {
		served.Add(1)
		time.Sleep(time.Millisecond) // stretch the crawl so kills land mid-way
	})
	killChildRepeatedly(t, &served, seed,
		"CUPERTINO_CHILD_CRAWL="+crawl, "CUPERTINO_CHILD_ORIGIN="+origin, "CUPERTINO_CHILD_OUT="+out)
	cfg := testConfig(origin, out)
	res, err := childCrawls[crawl](context.Background(), cfg)
	if err != nil || !res.Resumed {
		t.Fatalf("final run: %+v, %v", res, err)
	}
	return cfg
}

// childKills is how many times killChildRepeatedly kills a crawl.
const childKills = 3

// killChildRepeatedly starts TestCrawlChildProcess in a child process with
// env childKills times, and kills each with SIGKILL once the site has served 80 to
// 280 more requests (served counts them; seed picks how many), so each kill
// lands mid-crawl. A child that ends on its own fails the test: the site is
// too small for the kills.
func killChildRepeatedly(t *testing.T, served *atomic.Int32, seed uint64, env ...string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for i := range childKills {
		child := startChildTest(t, "TestCrawlChildProcess", env)
		target := served.Load() + int32(80+rng.IntN(200))
		deadline := time.Now().Add(20 * time.Second)
		for served.Load() < target && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
		st, err := child.kill()
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		if st == nil || st.Success() {
			t.Fatalf("child %d finished before it was killed; make the site larger", i)
		}
	}
}

// childTest is one test of this binary running in a child process, there
// to be killed mid-crawl.
type childTest struct {
	cmd    *exec.Cmd
	exited sync.WaitGroup
}

// startChildTest runs the test named test of this binary in a child
// process, with env added to this process's environment and the extra
// test flags.
func startChildTest(t *testing.T, test string, env []string, flags ...string) *childTest {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^" + test + "$", "-test.count=1"}, flags...)...)
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &childTest{cmd: cmd}
	c.exited.Go(func() { _ = cmd.Wait() })
	return c
}

// kill sends the child SIGKILL and waits for it to be gone. It returns how
// the child ended and the error of sending the signal (the child may have
// ended already).
func (c *childTest) kill() (*os.ProcessState, error) {
	err := c.cmd.Process.Signal(syscall.SIGKILL)
	c.exited.Wait()
	return c.cmd.ProcessState, err
}
