package crawler

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func needChromium(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are not short")
	}
	p, err := FindChromium("")
	if err != nil {
		t.Skip("chromium not installed (apt-get install chromium): skipping the browser part")
	}
	return p
}

// TestChromeEngineCapturesScriptJSON loads browser-only pages of every
// placeholder kind: plain HTTP gets the placeholder, the browser gets the
// page through the JSON its script fetched with the cookie it set.
func TestChromeEngineCapturesScriptJSON(t *testing.T) {
	path := needChromium(t)
	hs, srv, counter := startFake(t, fakeapple.Options{Dir: "testdata/docs", BrowserOnlyPercent: 100})
	ctx := context.Background()
	e, err := newChromeEngine(ctx, chromeOptions{Path: path, Origin: hs.URL, Tabs: 2, Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	httpE := &httpEngine{client: newHTTPClient(2, 5*time.Second), origin: hs.URL, userAgent: "cupertino/test"}
	seen := map[fakeapple.Placeholder]bool{}
	for _, key := range srv.Keys() {
		ph, ok := srv.BrowserOnly(key)
		if !ok || key == "other/orphan" {
			continue
		}
		l, _ := resolveLink(hs.URL, "/documentation/"+key)
		if _, err := httpE.Fetch(ctx, l); !errors.Is(err, ErrPlaceholder) {
			t.Fatalf("%s over HTTP: %v, want a placeholder (%s)", key, err, ph)
		}
		f, err := e.Fetch(ctx, l)
		if err != nil {
			t.Fatalf("%s in the browser: %v", key, err)
		}
		src, _ := srv.File(key)
		want, _ := parsePage(testenv.ReadFile(t, src))
		if f.Info.Title != want.Title || !slices.Equal(f.Info.Links, want.Links) {
			t.Fatalf("%s: got title %q, want %q", key, f.Info.Title, want.Title)
		}
		seen[ph] = true
	}
	if len(seen) != 3 {
		t.Fatalf("covered placeholders %v", seen)
	}
	// A page that does not exist is an error, not a hang.
	l, _ := resolveLink(hs.URL, "/documentation/kit/vanished")
	if _, err := e.Fetch(ctx, l); err == nil {
		t.Fatal("missing page fetched")
	}
	if e.RSS() <= 0 {
		t.Error("browser RSS not measured")
	}
	_ = counter
}

// TestCrawlChromeE2E is the end-to-end crawl: faults, dead links and
// browser-only pages, HTTP first and the browser for the rest.
func TestCrawlChromeE2E(t *testing.T) {
	needChromium(t)
	dir := t.TempDir()
	keys := writeSynthCorpus(t, dir, 400)
	hs, srv, _ := startFake(t, fakeapple.Options{Dir: dir, BrowserOnlyPercent: 8, FaultPercent: 8, Seed: 11, SlowDelay: 50 * time.Millisecond})
	var browserOnly []string
	for _, k := range keys {
		if _, ok := srv.BrowserOnly(k); ok {
			l, _ := resolveLink("", "/documentation/"+k)
			browserOnly = append(browserOnly, l.URI)
		}
	}
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.Engine = EngineAuto
	cfg.Concurrency = 8
	res := crawlEveryPage(t, cfg, srv, len(keys))
	viaChrome := map[string]bool{}
	for _, r := range readJournalAll(t, out, cfg) {
		if r.Engine == EngineChrome && r.Status == "ok" {
			viaChrome[r.URI] = true
		}
	}
	slices.Sort(browserOnly)
	if got := slices.Sorted(maps.Keys(viaChrome)); !slices.Equal(got, browserOnly) || len(got) < 10 {
		t.Fatalf("via chrome %d pages %q\nbrowser-only %d pages %q", len(got), got, len(browserOnly), browserOnly)
	}
	t.Logf("%d pages, %d via chrome in %s of tab time (%.1f pages/s per tab), peak RSS %d MB",
		res.OK, res.ByEngine[EngineChrome], res.ChromeTime.Round(time.Millisecond),
		float64(res.ByEngine[EngineChrome])/res.ChromeTime.Seconds(), res.ChromeRSS>>20)
}

func TestCrawlChromeOnly(t *testing.T) {
	needChromium(t)
	hs, srv, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.Engine = EngineChrome
	res, err := Crawl(context.Background(), cfg)
	if err != nil || res.ByEngine[EngineChrome] != len(fixturePages) {
		t.Fatalf("%+v, %v", res, err)
	}
	assertSameAsSource(t, srv, storedPages(t, out))
}

// TestChromeEngineOtherShell is a site written differently from fakeapple:
// the HTML sets its cookie with Set-Cookie, and the script fetches the JSON
// late, with a query string, in another case.
func TestChromeEngineOtherShell(t *testing.T) {
	path := needChromium(t)
	page := `{"metadata":{"title":"Late Page"},"identifier":{"url":"doc://x/documentation/Kit/Late"}}`
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/documentation/kit/late":
			http.SetCookie(w, &http.Cookie{Name: "sess", Value: "ok", Path: "/"})
			fmt.Fprint(w, `<html><body><script>setTimeout(function(){fetch("/tutorials/data/documentation/Kit/Late.json?v=2").then(function(r){return r.json()})}, 400)</script></body></html>`)
		case strings.EqualFold(r.URL.Path, "/tutorials/data/documentation/kit/late.json"):
			if c, err := r.Cookie("sess"); err != nil || c.Value != "ok" {
				w.WriteHeader(http.StatusForbidden)
				return
			}
			fmt.Fprint(w, page)
		default:
			http.NotFound(w, r)
		}
	}))
	defer hs.Close()
	e, err := newChromeEngine(context.Background(), chromeOptions{Path: path, Origin: hs.URL, Tabs: 1, Timeout: 20 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	l, _ := resolveLink(hs.URL, "/documentation/Kit/Late")
	f, err := e.Fetch(context.Background(), l)
	if err != nil || f.Info.Title != "Late Page" || string(f.Body) != page {
		t.Fatalf("%+v, %v", f, err)
	}
}

func TestRemoveStaleProfiles(t *testing.T) {
	dir := t.TempDir()
	mk := func(name, lock string, age time.Duration) string {
		p := filepath.Join(dir, profilePrefix+name)
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if lock != "" {
			if err := os.Symlink(lock, filepath.Join(p, "SingletonLock")); err != nil {
				t.Fatal(err)
			}
		}
		old := time.Now().Add(-age)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
		return p
	}
	dead := mk("dead", "my-host-999999999", 0)
	alive := mk("alive", fmt.Sprintf("my-host-%d", os.Getpid()), 48*time.Hour)
	old := mk("old", "", 48*time.Hour)
	fresh := mk("fresh", "", 0)
	removeStaleProfiles(dir)
	for p, want := range map[string]bool{dead: false, alive: true, old: false, fresh: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
