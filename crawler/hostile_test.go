package crawler

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
)

// foreignSite is another origin that answers every request with a valid page
// titled "Foreign", counting the requests it gets.
func foreignSite(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var hits atomic.Int32
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Access-Control-Allow-Origin", "*")
		fmt.Fprint(w, `{"metadata":{"title":"Foreign"},"identifier":{"url":"doc://evil/documentation/Kit"},"abstract":[{"type":"text","text":"not Apple's"}]}`)
	}))
	t.Cleanup(hs.Close)
	return hs, &hits
}

// hostileFixture serves testdata/docs with every page but the root hostile
// in one way; the root links Kit and Other, which therefore fail.
func hostileFixture(t *testing.T, fault fakeapple.Fault, tweak func(*fakeapple.Options)) *httptest.Server {
	t.Helper()
	o := fakeapple.Options{Dir: "testdata/docs", FaultPercent: 100, Faults: []fakeapple.Fault{fault}}
	if tweak != nil {
		tweak(&o)
	}
	hs, _, _ := startFake(t, o)
	return hs
}

// assertOnlyRootStored checks that the crawl stored the root alone and failed
// Kit and Other once each with a reason containing want.
func assertOnlyRootStored(t *testing.T, out string, res *Result, err error, want string) {
	t.Helper()
	assertRootOnly(t, out, res, err, want)
	for _, f := range res.Failures {
		if f.Attempts != 1 {
			t.Errorf("failure %s: %d attempts; a hostile answer is not retried", f.URI, f.Attempts)
		}
	}
}

// assertRootOnly checks that the crawl stored the root alone and failed Kit
// and Other, each with a reason containing want, however often it tried.
func assertRootOnly(t *testing.T, out string, res *Result, err error, want string) {
	t.Helper()
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("err %v, want ErrIncomplete; result %+v", err, res)
	}
	if got := slices.Sorted(maps.Keys(storedPages(t, out))); !slices.Equal(got, []string{"apple-docs://technologies"}) {
		t.Errorf("stored %q, want the root only", got)
	}
	if len(res.Failures) != 2 {
		t.Fatalf("failures %+v, want Kit and Other", res.Failures)
	}
	for _, f := range res.Failures {
		if !strings.Contains(f.Err, want) {
			t.Errorf("failure %s: %q does not say %q", f.URI, f.Err, want)
		}
	}
}

func TestFetchRefusesRedirectToAnotherHost(t *testing.T) {
	foreign, hits := foreignSite(t)
	hs := hostileFixture(t, fakeapple.FaultOffOrigin, func(o *fakeapple.Options) { o.RedirectTo = foreign.URL })
	for _, client := range []struct {
		name string
		c    *http.Client
	}{{"default client", nil}, {"caller's client", &http.Client{}}} {
		t.Run(client.name, func(t *testing.T) {
			out := t.TempDir()
			cfg := testConfig(hs.URL, out)
			cfg.HTTPClient = client.c
			res, err := Crawl(context.Background(), cfg)
			want := fmt.Sprintf("redirect to another host (%s) refused", foreign.Listener.Addr())
			assertOnlyRootStored(t, out, res, err, want)
			if n := hits.Load(); n != 0 {
				t.Errorf("the other host got %d requests", n)
			}
		})
	}
}

func TestFetchFollowsSameOriginRedirect(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/tutorials/data/documentation/kit/old.json":
			http.Redirect(w, r, "/tutorials/data/documentation/kit/new.json", http.StatusMovedPermanently)
		case "/tutorials/data/documentation/kit/new.json":
			fmt.Fprint(w, `{"metadata":{"title":"New"}}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer hs.Close()
	e := &httpEngine{client: newHTTPClient(1, 5*time.Second), origin: hs.URL, userAgent: "cupertino/test"}
	f, err := e.Fetch(context.Background(), link{Path: "/documentation/kit/old"})
	if err != nil || f.Info.Title != "New" {
		t.Fatalf("%+v, %v", f, err)
	}
}

func TestFetchRefusesGzipBomb(t *testing.T) {
	hs := hostileFixture(t, fakeapple.FaultGzipBomb, nil) // 64 MiB decoded
	out := t.TempDir()
	res, err := Crawl(context.Background(), testConfig(hs.URL, out))
	assertOnlyRootStored(t, out, res, err, "page too large (> 16 MiB)")
}

func TestFetchRefusesHugeBody(t *testing.T) {
	// 80 MiB: past any cap, and valid JSON wherever it is cut.
	hs := hostileFixture(t, fakeapple.FaultHuge, func(o *fakeapple.Options) { o.BombBytes = 80 << 20 })
	out := t.TempDir()
	res, err := Crawl(context.Background(), testConfig(hs.URL, out))
	assertOnlyRootStored(t, out, res, err, "page too large (> 16 MiB)")
}

func TestFetchRefusesDeclaredHugeBody(t *testing.T) {
	// The server announces 1 GiB and sends a little: the size alone refuses
	// the page, nothing waits for the rest.
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Content-Length", fmt.Sprint(1<<30))
		fmt.Fprint(w, `{"metadata":{"title":"Big"}}`)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer hs.Close()
	e := &httpEngine{client: newHTTPClient(1, 5*time.Second), origin: hs.URL, userAgent: "cupertino/test"}
	_, err := e.Fetch(context.Background(), link{Path: "/documentation/kit/big"})
	if err == nil || !strings.Contains(err.Error(), "page too large (> 16 MiB)") {
		t.Fatalf("err %v, want page too large", err)
	}
}

// slowCrawl runs a crawl of a slowloris site with a short timeout under a
// watchdog: a crawl that outlives the watchdog is wedged.
func slowCrawl(t *testing.T, fault fakeapple.Fault, client *http.Client) {
	t.Helper()
	hs := hostileFixture(t, fault, nil) // a byte every 100ms, forever
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.Timeout = 300 * time.Millisecond
	cfg.Retry.MaxAttempts = 2
	cfg.HTTPClient = client
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	res, err := Crawl(ctx, cfg)
	if ctx.Err() != nil {
		t.Fatalf("crawl wedged: still running after the 4s watchdog (timeout 300ms)")
	}
	assertRootOnly(t, out, res, err, "timed out")
}

func TestFetchSlowlorisTrickle(t *testing.T) {
	slowCrawl(t, fakeapple.FaultTrickle, nil)
}

func TestFetchSlowlorisStalledHeaders(t *testing.T) {
	slowCrawl(t, fakeapple.FaultStall, nil)
}

// A caller's client brings its own transport and no timeout: the crawl's
// Timeout still bounds every request.
func TestFetchSlowlorisCallersClient(t *testing.T) {
	slowCrawl(t, fakeapple.FaultTrickle, &http.Client{})
}

// The chaos tests drive whole crawls against hostile fake sites, one mode
// each. CI runs them with `go test -run Chaos -v ./crawler` and keeps the
// line each logs:
//
//	chaos: fetch <mode>: <outcome>, <N> pages written, <duration>, peak heap <X> MiB

// heapPeak samples the heap until stopped and returns its peak in MiB. It is
// a rough figure for the log (samples miss short spikes), never asserted.
func heapPeak() (stop func() float64) {
	runtime.GC()
	runtime.GC() // the second empties sync.Pools of earlier tests

	var peak atomic.Uint64
	quit, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapAlloc > peak.Load() {
				peak.Store(ms.HeapAlloc)
			}
			select {
			case <-quit:
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		close(quit)
		<-done
		return float64(peak.Load()) / (1 << 20)
	}
}

// chaosSite serves a generated corpus in which a quarter of the pages (the
// root exempt) are hostile with fault.
func chaosSite(t *testing.T, fault fakeapple.Fault, tweak func(*fakeapple.Options)) (string, *fakeapple.Server) {
	t.Helper()
	dir := t.TempDir()
	writeSynthCorpus(t, dir, 120)
	o := fakeapple.Options{Dir: dir, FaultPercent: 25, Faults: []fakeapple.Fault{fault}, Seed: 5}
	if tweak != nil {
		tweak(&o)
	}
	hs, srv, _ := startFake(t, o)
	return hs.URL, srv
}

// chaosCrawl crawls the site with the defaults fetch uses, but for no
// request delay, and checks the outcome: the crawl ends incomplete, every
// failure is a hostile page failed for want, and every stored page is an
// honest page as the site has it.
func chaosCrawl(t *testing.T, mode, origin string, srv *fakeapple.Server, want string, attempts int, tweak func(*Config)) {
	t.Helper()
	out := t.TempDir()
	cfg := testConfig(origin, out)
	cfg.Concurrency = 8
	cfg.Timeout = 30 * time.Second
	if tweak != nil {
		tweak(&cfg)
	}
	// A wedged crawl fails here rather than at the test binary's timeout.
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	stop := heapPeak()
	start := time.Now()
	res, err := Crawl(ctx, cfg)
	elapsed := time.Since(start)
	peak := stop()
	if res == nil {
		t.Fatalf("crawl: %v", err)
	}
	reasons := map[string]int{}
	for _, f := range res.Failures {
		reasons[failureReason(f.Err)]++
	}
	var outcome []string
	for _, r := range slices.Sorted(func(yield func(string) bool) {
		for r := range reasons {
			if !yield(r) {
				return
			}
		}
	}) {
		outcome = append(outcome, fmt.Sprintf("%d failed: %s", reasons[r], r))
	}
	if len(outcome) == 0 {
		outcome = []string{"no failures"}
	}
	t.Logf("chaos: fetch %s: %s, %s, %d pages written, %s, peak heap %.0f MiB",
		mode, res.Status, strings.Join(outcome, "; "), res.Written, elapsed.Round(time.Millisecond), peak)

	if ctx.Err() != nil {
		t.Fatalf("crawl wedged: interrupted by the watchdog after %s", elapsed.Round(time.Millisecond))
	}
	if res.Status != statusIncomplete || len(res.Failures) == 0 {
		t.Fatalf("status %s with %d failures (%v), want incomplete with the hostile pages failed", res.Status, len(res.Failures), err)
	}
	for _, f := range res.Failures {
		if k := keyOfPath(f.Path); srv.FaultOf(k) == fakeapple.FaultNone {
			t.Errorf("honest page %s failed: %s", f.URI, f.Err)
		}
		if !strings.Contains(f.Err, want) || f.Attempts != attempts {
			t.Errorf("%s: %q after %d attempts, want %q after %d", f.URI, f.Err, f.Attempts, want, attempts)
		}
	}
	pages := storedPages(t, out)
	if len(pages) != res.Written || res.Written < 10 {
		t.Errorf("%d pages stored, %d written: the honest part of the site was not crawled", len(pages), res.Written)
	}
	keys := map[string]string{}
	for _, k := range srv.Keys() {
		if l, ok := resolveLink("", "/documentation/"+k); ok {
			keys[l.URI] = k
		}
	}
	for uri := range pages {
		if srv.FaultOf(keys[uri]) != fakeapple.FaultNone {
			t.Errorf("hostile page %s was stored", uri)
		}
	}
	assertSameAsSource(t, srv, pages)
}

// failureReason is a failure without its "get <url>: " prefix.
func failureReason(err string) string {
	if i := strings.Index(err, ".json: "); i >= 0 {
		return err[i+len(".json: "):]
	}
	return err
}

func TestChaosFetchOffOriginRedirect(t *testing.T) {
	foreign, hits := foreignSite(t)
	origin, srv := chaosSite(t, fakeapple.FaultOffOrigin, func(o *fakeapple.Options) { o.RedirectTo = foreign.URL })
	want := fmt.Sprintf("redirect to another host (%s) refused", foreign.Listener.Addr())
	chaosCrawl(t, "off-origin redirect", origin, srv, want, 1, nil)
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host got %d requests", n)
	}
}

func TestChaosFetchGzipBomb(t *testing.T) {
	origin, srv := chaosSite(t, fakeapple.FaultGzipBomb, nil) // 64 MiB decoded
	chaosCrawl(t, "gzip bomb", origin, srv, "page too large (> 16 MiB)", 1, nil)
}

func TestChaosFetchSlowloris(t *testing.T) {
	origin, srv := chaosSite(t, fakeapple.FaultTrickle, nil) // a byte every 100ms
	chaosCrawl(t, "slowloris", origin, srv, "timed out", 2, func(c *Config) {
		c.Timeout = 250 * time.Millisecond
		c.Retry.MaxAttempts = 2
	})
}

func TestChaosFetchHugeBody(t *testing.T) {
	// 80 MiB streamed without Content-Length, valid JSON wherever it is cut.
	origin, srv := chaosSite(t, fakeapple.FaultHuge, func(o *fakeapple.Options) { o.BombBytes = 80 << 20 })
	chaosCrawl(t, "huge body", origin, srv, "page too large (> 16 MiB)", 1, nil)
}
