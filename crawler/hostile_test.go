package crawler

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
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
