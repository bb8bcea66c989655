package crawler

import (
	"context"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The full-corpus crawl is not run by default. It serves the real apple-docs
// corpus through fakeapple on 127.0.0.1 and crawls it, then checks and prints
// the acceptance figures:
//
//	CUPERTINO_FULL_CRAWL=1 go test -run TestFullCorpusCrawl -v -timeout 2h ./crawler
//
// Knobs (environment): CUPERTINO_CORPUS (default <repo>/.cache/corpus),
// CUPERTINO_FULL_BROWSER_ONLY and CUPERTINO_FULL_FAULTS (percent, default 1
// each), CUPERTINO_FULL_CONCURRENCY (default 16), CUPERTINO_FULL_MAX_PAGES
// (a throughput sample instead of the whole crawl), CUPERTINO_FULL_ENGINE
// (default auto), CUPERTINO_FULL_KILLS (kill -9 a crawl of the same corpus
// that many times at random moments, resume it, and compare the sets).

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil {
		return v
	}
	return def
}

// keyOfPath maps a discovered /documentation/... path to a fakeapple key.
func keyOfPath(p string) string {
	p = strings.TrimPrefix(strings.ToLower(p), "/documentation/")
	if dec, err := url.PathUnescape(p); err == nil {
		p = dec
	}
	return fakeapple.Key(p)
}

// corpusReach is the BFS over the corpus files themselves, with the crawler's
// link rules: what a perfect crawl from technologies.json gets.
type corpusReach struct {
	Pages   map[string]string // URI -> corpus file
	Missing int               // linked URIs absent from the corpus
	Broken  []string          // files that are not pages
}

func reachFromCorpus(t testing.TB, srv *fakeapple.Server) *corpusReach {
	t.Helper()
	r := &corpusReach{Pages: map[string]string{}}
	start, _ := resolveLink("", "/documentation/technologies")
	seen := map[string]bool{start.URI: true}
	for queue := []link{start}; len(queue) > 0; queue = queue[1:] {
		l := queue[0]
		file, ok := srv.File(keyOfPath(l.Path))
		if !ok {
			r.Missing++
			continue
		}
		body := testenv.ReadFile(t, file)
		info, err := parsePage(body)
		if err != nil {
			r.Broken = append(r.Broken, file)
			continue
		}
		r.Pages[l.URI] = file
		for _, raw := range info.Links {
			if nl, ok := resolveLink("", raw); ok && !seen[nl.URI] {
				seen[nl.URI] = true
				queue = append(queue, nl)
			}
		}
	}
	return r
}

func TestFullCorpusCrawl(t *testing.T) {
	if os.Getenv("CUPERTINO_FULL_CRAWL") == "" {
		t.Skip("full-corpus crawl: set CUPERTINO_FULL_CRAWL=1 (takes minutes)")
	}
	dir := testenv.CorpusDir(t, testenv.AppleDocsPath+"/technologies.json")
	opts := fakeapple.Options{
		Dir: dir, BrowserOnlyPercent: envFloat("CUPERTINO_FULL_BROWSER_ONLY", 1), FaultPercent: envFloat("CUPERTINO_FULL_FAULTS", 1),
		Seed: 2025, RetryAfter: time.Second, SlowDelay: 500 * time.Millisecond,
	}
	t0 := time.Now()
	hs, srv, _ := startFake(t, opts)
	t.Logf("fake: %d pages indexed in %s", len(srv.Keys()), time.Since(t0).Round(time.Millisecond))
	out := os.Getenv("CUPERTINO_FULL_OUT")
	if out == "" {
		out = t.TempDir()
	}
	cfg := Config{
		Origin: hs.URL, OutputDir: out, Engine: envString("CUPERTINO_FULL_ENGINE", EngineAuto),
		Concurrency: envInt("CUPERTINO_FULL_CONCURRENCY", 16), ChromeTabs: envInt("CUPERTINO_FULL_TABS", 2),
		MaxPages: envInt("CUPERTINO_FULL_MAX_PAGES", 0), Progress: os.Stderr, Logger: discardLogger(),
		Retry: RetryPolicy{MaxAttempts: 5, BaseDelay: 200 * time.Millisecond, MaxDelay: 10 * time.Second},
	}
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	res, err := Crawl(context.Background(), cfg)
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	if err != nil {
		t.Logf("crawl: %v", err)
	}
	cpu := time.Duration(after.Utime.Nano()+after.Stime.Nano()-before.Utime.Nano()-before.Stime.Nano()) * time.Nanosecond
	httpPages := res.ByEngine["http"]
	t.Logf("crawl: %d pages (%d http, %d chrome), %d dead links, %d failed in %s: %.0f pages/s overall; CPU %s (crawler+fake) on %d cores; Go max RSS %d MB",
		res.OK, httpPages, res.ByEngine[EngineChrome], res.Missing, len(res.Failures), res.Elapsed.Round(time.Second),
		float64(res.OK+res.Missing)/res.Elapsed.Seconds(), cpu.Round(time.Second), runtime.NumCPU(), after.Maxrss>>10)
	if n := res.ByEngine[EngineChrome]; n > 0 {
		t.Logf("chrome: %d pages, %.1f pages/s per tab (%s tab time), %.1f pages/s wall with %d tabs, peak PSS %d MB",
			n, float64(n)/res.ChromeTime.Seconds(), res.ChromeTime.Round(time.Second),
			float64(n)/(res.ChromeTime.Seconds()/float64(cfg.ChromeTabs)), cfg.ChromeTabs, res.ChromeRSS>>20)
	}
	if cfg.MaxPages > 0 {
		return // a throughput sample, not the whole crawl
	}
	t0 = time.Now()
	reach := reachFromCorpus(t, srv)
	t.Logf("reachable from technologies.json: %d pages (%d linked pages absent from the corpus, %d unreadable files) in %s",
		len(reach.Pages), reach.Missing, len(reach.Broken), time.Since(t0).Round(time.Second))
	pages := storedPages(t, out)
	got := 0
	for uri := range reach.Pages {
		if _, ok := pages[uri]; ok {
			got++
		}
	}
	share := float64(got) / float64(len(reach.Pages))
	t.Logf("fetched %d of %d reachable pages (%.3f%%); %d stored in all", got, len(reach.Pages), 100*share, len(pages))
	if share < 0.995 {
		t.Errorf("fetched %.3f%% of reachable pages, want >= 99.5%%", 100*share)
	}
	assertSameAsSource(t, srv, pages)
	browserOnly, viaChrome := 0, map[string]bool{}
	for _, r := range readJournalAll(t, out, cfg) {
		if r.Status == "ok" && r.Engine == EngineChrome {
			viaChrome[r.URI] = true
		}
	}
	for uri, file := range reach.Pages {
		rel, _ := filepath.Rel(srv.Root(), file)
		if _, ok := srv.BrowserOnly(strings.TrimSuffix(filepath.ToSlash(rel), ".json")); ok {
			browserOnly++
			if !viaChrome[uri] {
				t.Errorf("browser-only %s did not come through chrome", uri)
			}
		}
	}
	t.Logf("browser-only reachable pages: %d, fetched through chrome: %d", browserOnly, len(viaChrome))

	res2, err := Crawl(context.Background(), cfg)
	if err != nil {
		t.Logf("re-run: %v", err)
	}
	t.Logf("re-run: %d pages, %d written, %d unchanged in %s", res2.OK, res2.Written, res2.Unchanged, res2.Elapsed.Round(time.Second))
	if res2.Written != 0 {
		t.Errorf("re-run wrote %d pages", res2.Written)
	}
	if kills := envInt("CUPERTINO_FULL_KILLS", 0); kills > 0 {
		killAndResume(t, hs.URL, cfg, kills, pages)
	}
}

func envString(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// TestFullCorpusChild is the crawl killAndResume runs in a subprocess.
func TestFullCorpusChild(t *testing.T) {
	origin, out := os.Getenv("CUPERTINO_FULL_CHILD_ORIGIN"), os.Getenv("CUPERTINO_FULL_CHILD_OUT")
	if origin == "" {
		t.Skip("helper process for TestFullCorpusCrawl")
	}
	cfg := Config{Origin: origin, OutputDir: out, Concurrency: envInt("CUPERTINO_FULL_CONCURRENCY", 16), Logger: discardLogger(),
		Retry: RetryPolicy{MaxAttempts: 5, BaseDelay: 200 * time.Millisecond, MaxDelay: 10 * time.Second}}
	if _, err := Crawl(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
}

// killAndResume crawls the corpus again into a new directory, SIGKILLs the
// crawl at random moments, resumes it to the end and compares the set of
// pages with the uninterrupted crawl's.
func killAndResume(t *testing.T, origin string, cfg Config, kills int, want map[string][]byte) {
	out := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 9))
	for i := range kills {
		child := startChildTest(t, "TestFullCorpusChild",
			[]string{"CUPERTINO_FULL_CHILD_ORIGIN=" + origin, "CUPERTINO_FULL_CHILD_OUT=" + out}, "-test.timeout=2h")
		wait := time.Duration(5+rng.IntN(60)) * time.Second
		time.Sleep(wait)
		_, _ = child.kill()
		t.Logf("kill %d after %s", i+1, wait)
	}
	cfg.OutputDir, cfg.Progress = out, nil
	res, err := Crawl(context.Background(), cfg)
	if err != nil {
		t.Logf("final resume: %v", err)
	}
	got := storedPages(t, out)
	missing, extra := 0, 0
	for uri := range want {
		if _, ok := got[uri]; !ok {
			missing++
		}
	}
	for uri := range got {
		if _, ok := want[uri]; !ok {
			extra++
		}
	}
	t.Logf("after %d kills and a resume (%d pages done before it): %d pages, %d missing and %d extra against the uninterrupted crawl",
		kills, res.DoneBefore, len(got), missing, extra)
	if missing+extra > 0 {
		t.Errorf("kill -9 and resume changed the set: %d missing, %d extra", missing, extra)
	}
}
