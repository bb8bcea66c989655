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

// hostileShellSite is an origin whose pages are browser-only (their JSON
// answers 403 without the shell's cookie) and whose shells try to reach
// foreign, another origin:
//
//   - kit/late: the script fetches the page's JSON path from foreign, sends
//     a beacon there, and never loads its own JSON;
//   - kit/moved: the script fetches its own JSON, which redirects to foreign;
//   - kit/popup: the script loads its own JSON (a real page) and opens a
//     window on foreign;
//   - kit/worker: the script loads its own JSON (a real page) and registers
//     a service worker that fetches from foreign, out of the tab's sight.
func hostileShellSite(t *testing.T, foreign string) *httptest.Server {
	t.Helper()
	const cookie = "sess=ok; path=/"
	scripts := map[string]string{
		"late": fmt.Sprintf(`fetch(%q); new Image().src = %q;`,
			foreign+"/tutorials/data/documentation/kit/late.json", foreign+"/beacon"),
		"moved":  `fetch("/tutorials/data/documentation/kit/moved.json");`,
		"popup":  fmt.Sprintf(`fetch("/tutorials/data/documentation/kit/popup.json"); window.open(%q);`, foreign+"/popup"),
		"worker": `fetch("/tutorials/data/documentation/kit/worker.json"); navigator.serviceWorker.register("/sw.js");`,
	}
	worker := fmt.Sprintf(`fetch(%q, {mode: "no-cors"});
self.addEventListener("install", function (e) { e.waitUntil(fetch(%q, {mode: "no-cors"})); });`, foreign+"/sw-start", foreign+"/sw-install")
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		_, err := r.Cookie("sess")
		hasCookie := err == nil
		switch {
		case p == "/tutorials/data/documentation/technologies.json":
			fmt.Fprint(w, `{"metadata":{"title":"Technologies"},"abstract":[{"type":"text","text":"x"}],"references":{
				"a":{"url":"/documentation/kit/late"},"b":{"url":"/documentation/kit/moved"},
				"c":{"url":"/documentation/kit/popup"},"d":{"url":"/documentation/kit/worker"}}}`)
		case p == "/sw.js":
			w.Header().Set("Content-Type", "application/javascript")
			fmt.Fprint(w, worker)
		case strings.HasPrefix(p, "/documentation/kit/"):
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprintf(w, `<html><body><script>document.cookie = %q; %s</script></body></html>`, cookie, scripts[strings.TrimPrefix(p, "/documentation/kit/")])
		case !hasCookie:
			http.Error(w, "Forbidden", http.StatusForbidden)
		case p == "/tutorials/data/documentation/kit/moved.json":
			http.Redirect(w, r, foreign+p, http.StatusFound)
		case p == "/tutorials/data/documentation/kit/popup.json", p == "/tutorials/data/documentation/kit/worker.json":
			fmt.Fprint(w, `{"metadata":{"title":"Own"},"abstract":[{"type":"text","text":"the origin's own page"}]}`)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(hs.Close)
	return hs
}

// TestCrawlChromeStaysOnOrigin crawls a site whose pages' scripts reach for
// another origin: nothing from there is stored, and it gets no request.
func TestCrawlChromeStaysOnOrigin(t *testing.T) {
	needChromium(t)
	foreign, hits := foreignSite(t)
	hs := hostileShellSite(t, foreign.URL)
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.Engine = EngineAuto
	cfg.ChromeTabs = 4
	cfg.Timeout = 2 * time.Second
	cfg.Retry.MaxAttempts = 1
	res, err := Crawl(context.Background(), cfg)
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("err %v, want ErrIncomplete; %+v", err, res)
	}
	pages := storedPages(t, out)
	if got := slices.Sorted(maps.Keys(pages)); !slices.Equal(got, []string{"apple-docs://kit/popup", "apple-docs://kit/worker", "apple-docs://technologies"}) {
		t.Errorf("stored %q, want the root and the pages whose own JSON loaded", got)
	}
	for uri, b := range pages {
		if strings.Contains(string(b), "Foreign") {
			t.Errorf("%s holds the other origin's JSON", uri)
		}
	}
	var failed []string
	for _, f := range res.Failures {
		failed = append(failed, f.URI)
	}
	if slices.Sort(failed); !slices.Equal(failed, []string{"apple-docs://kit/late", "apple-docs://kit/moved"}) {
		t.Errorf("failed %q, want late and moved", failed)
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other origin got %d requests from the browser", n)
	}
}

// profileDirs lists what is in dir: the browser must leave nothing there.
func profileDirs(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// TestChromeEngineRemovesProfile checks that the browser's profile goes with
// it, on Close and when the context that started it ends.
func TestChromeEngineRemovesProfile(t *testing.T) {
	path := needChromium(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp) // os.TempDir, and so the profile, is now here
	hs, _, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	l, _ := resolveLink(hs.URL, "/documentation/kit")

	e, err := newChromeEngine(context.Background(), chromeOptions{Path: path, Origin: hs.URL, Tabs: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// While it runs, the browser has its profile here (and, Chromium's
	// choice, the directory of its singleton socket).
	if got := profileDirs(t, tmp); !slices.ContainsFunc(got, func(n string) bool { return strings.HasPrefix(n, profilePrefix) }) {
		e.Close()
		t.Fatalf("while running: %q, want a profile", got)
	}
	if _, err := e.Fetch(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	e.Close()
	if got := profileDirs(t, tmp); len(got) != 0 {
		t.Errorf("after Close: %q left in the temp folder", got)
	}

	ctx, cancel := context.WithCancel(context.Background())
	e, err = newChromeEngine(ctx, chromeOptions{Path: path, Origin: hs.URL, Tabs: 1, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	if _, err := e.Fetch(context.Background(), l); err != nil {
		t.Fatal(err)
	}
	cancel()
	// The removal follows the cancellation asynchronously; this bounds the
	// wait, it does not time it.
	var got []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if got = profileDirs(t, tmp); len(got) == 0 {
			break
		}
	}
	if len(got) != 0 {
		t.Errorf("after cancel: %q left in the temp folder", got)
	}
}

// TestCrawlChromeLeavesNoProfile runs browser crawls and checks the temp
// folder after each.
func TestCrawlChromeLeavesNoProfile(t *testing.T) {
	needChromium(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	hs, _, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	for i := range 2 {
		cfg := testConfig(hs.URL, t.TempDir())
		cfg.Engine = EngineChrome
		cfg.MaxPages = 2
		res, err := Crawl(context.Background(), cfg)
		if err != nil && !errors.Is(err, ErrIncomplete) || res.ByEngine[EngineChrome] != 2 {
			t.Fatalf("crawl %d: %v, %+v", i, err, res)
		}
		if got := profileDirs(t, tmp); len(got) != 0 {
			t.Fatalf("crawl %d left %q in the temp folder", i, got)
		}
	}
}

// TestChromeEngineCapsCapturedJSON serves a page whose script loads JSON
// past the cap: the browser's capture is refused like an HTTP body would be.
func TestChromeEngineCapsCapturedJSON(t *testing.T) {
	path := needChromium(t)
	big := `{"metadata":{"title":"Big"},"pad":"` + strings.Repeat("x", 200<<10) + `"}`
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/documentation/kit/big", "/documentation/kit/small":
			fmt.Fprintf(w, `<html><body><script>fetch("/tutorials/data%s.json")</script></body></html>`, r.URL.Path)
		case "/tutorials/data/documentation/kit/big.json":
			fmt.Fprint(w, big)
		case "/tutorials/data/documentation/kit/small.json":
			fmt.Fprint(w, `{"metadata":{"title":"Small"}}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer hs.Close()
	e, err := newChromeEngine(context.Background(), chromeOptions{Path: path, Origin: hs.URL, Tabs: 1, Timeout: 10 * time.Second, Budget: newPageBudget(64 << 10)})
	if err != nil {
		t.Fatal(err)
	}
	defer e.Close()
	l, _ := resolveLink(hs.URL, "/documentation/kit/big")
	if f, err := e.Fetch(context.Background(), l); !errors.Is(err, ErrPageTooLarge) || !strings.Contains(err.Error(), "page too large (> 64 KiB)") {
		t.Fatalf("big page: %v, %v; want page too large (> 64 KiB)", f != nil, err)
	}
	l, _ = resolveLink(hs.URL, "/documentation/kit/small")
	if f, err := e.Fetch(context.Background(), l); err != nil || f.Info.Title != "Small" {
		t.Fatalf("small page: %+v, %v", f, err)
	}
}
