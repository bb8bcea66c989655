package crawler

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
)

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
