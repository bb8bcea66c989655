package crawler

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/cupertino-go/cupertino/internal/docuri"
)

// chromiumCandidates are tried in order. Debian's /usr/bin/chromium is a
// wrapper script; the real binary beside it starts faster and quietly.
var chromiumCandidates = []string{
	"/usr/lib/chromium/chromium",
	"/usr/bin/chromium",
	"chromium",
	"chromium-browser",
	"google-chrome",
	"google-chrome-stable",
	"/Applications/Chromium.app/Contents/MacOS/Chromium",
	"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
}

// FindChromium returns the path of a Chromium or Chrome binary: explicit when
// given, else the first candidate found. It returns ErrNoChromium otherwise.
func FindChromium(explicit string) (string, error) {
	if explicit != "" {
		if p, err := exec.LookPath(explicit); err == nil {
			return p, nil
		}
		return "", fmt.Errorf("%w: %s", ErrNoChromium, explicit)
	}
	for _, c := range chromiumCandidates {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", ErrNoChromium
}

// chromeEngine loads /documentation/<path> in headless Chromium and captures
// the DocC JSON that the page's own script fetches, from the browser's network
// events. It never replays that request itself: the site may gate it on a
// cookie or token that only the page's script sets.
//
// One browser serves the whole crawl; its tabs are created once and reused, and
// there are never more than the pool holds.
type chromeEngine struct {
	origin    string
	originURL *url.URL
	timeout   time.Duration
	pacer     *pacer
	budget    *pageBudget
	site      site
	// userDataDir is the browser's profile; Close removes it, and the
	// directory of its singleton socket (removeProfile).
	userDataDir string
	proxy       *refusingProxy
	browserCtx  context.Context
	cancel      context.CancelFunc
	stopOnEnd   func() bool
	tabs        chan *chromeTab
	closeOnce   sync.Once
}

type chromeTab struct {
	ctx    context.Context
	cancel context.CancelFunc
}

type chromeOptions struct {
	Path    string
	Origin  string
	Tabs    int
	Timeout time.Duration
	Pacer   *pacer
	// Budget caps the captured JSON; nil: DefaultMaxPageBytes.
	Budget *pageBudget
	// Site is what the browser loads pages of; nil: the documentation.
	Site site
}

// newChromeEngine starts the browser and opens its tabs. ctx bounds the
// browser's life, profile included; Close ends it sooner.
func newChromeEngine(ctx context.Context, o chromeOptions) (_ *chromeEngine, err error) {
	origin, err := url.Parse(o.Origin)
	if err != nil || origin.Host == "" {
		return nil, fmt.Errorf("%w: origin %q", ErrConfig, o.Origin)
	}
	removeStaleProfiles(os.TempDir())
	dir, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, fmt.Errorf("chrome profile: %w", err)
	}
	if o.Site == nil {
		o.Site = docsSite{}
	}
	e := &chromeEngine{
		origin: o.Origin, originURL: origin, timeout: o.Timeout, pacer: o.Pacer, budget: o.Budget, site: o.Site,
		userDataDir: dir, tabs: make(chan *chromeTab, max(o.Tabs, 1)),
	}
	e.stopOnEnd = context.AfterFunc(ctx, e.Close)
	defer func() {
		if err != nil {
			e.Close()
		}
	}()
	if e.proxy, err = startRefusingProxy(); err != nil {
		return nil, err
	}
	allocCtx, allocCancel := chromedp.NewExecAllocator(ctx,
		chromedp.ExecPath(o.Path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(dir),
		// Every host but the origin goes to a proxy that refuses it: this
		// holds for what tabs' block lists do not see (service workers,
		// windows a page opens); WebRTC is kept from going around it.
		chromedp.ProxyServer("http://"+e.proxy.addr()),
		chromedp.Flag("proxy-bypass-list", proxyBypassList(origin)),
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		// Pages may not open windows, with a user gesture or without.
		chromedp.Flag("block-new-web-contents", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("mute-audio", true),
	)
	browserCtx, browserCancel := chromedp.NewContext(allocCtx)
	e.cancel = func() { browserCancel(); allocCancel() }
	// The first Run starts the browser; it must not carry a timeout, or the
	// timeout would end the browser too.
	if err := chromedp.Do(browserCtx); err != nil {
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	e.browserCtx = browserCtx
	for range cap(e.tabs) {
		tab, err := e.openTab()
		if err != nil {
			return nil, err
		}
		e.tabs <- tab
	}
	return e, nil
}

func (e *chromeEngine) Name() string { return "chrome" }

const profilePrefix = "cupertino-chrome-"

// removeStaleProfiles deletes browser profiles that a killed fetch left in
// dir: those whose SingletonLock names a process that is gone, and those
// without a lock (the browser never started) older than a day.
func removeStaleProfiles(dir string) {
	matches, _ := filepath.Glob(filepath.Join(dir, profilePrefix+"*"))
	for _, m := range matches {
		stale := false
		if target, err := os.Readlink(filepath.Join(m, "SingletonLock")); err == nil {
			// The lock is a symlink to "<hostname>-<pid>".
			i := strings.LastIndexByte(target, '-')
			if pid, err := strconv.Atoi(target[i+1:]); err == nil && !processAlive(pid) {
				stale = true
			}
		} else if st, err := os.Stat(m); err == nil && time.Since(st.ModTime()) > 24*time.Hour {
			stale = true
		}
		if stale {
			removeProfile(m)
		}
	}
}

// removeProfile deletes a browser profile and the directory of its
// singleton socket. Chromium makes that directory in the temp folder
// (org.chromium.Chromium.XXXXXX; the socket path must stay short), links it
// from the profile, and removes it only on a clean exit, never when killed.
func removeProfile(dir string) {
	if target, err := os.Readlink(filepath.Join(dir, "SingletonSocket")); err == nil {
		sockDir := filepath.Dir(target)
		name := strings.TrimPrefix(filepath.Base(sockDir), ".")
		if filepath.Base(target) == "SingletonSocket" && (strings.HasPrefix(name, "org.chromium.") || strings.HasPrefix(name, "com.google.Chrome.")) {
			os.RemoveAll(sockDir)
		}
	}
	os.RemoveAll(dir)
}

// healthy returns tab, or a new tab in its place when it has died (a crashed
// renderer ends the tab's context), so one crash does not fail every page
// that the tab would have loaded next.
func (e *chromeEngine) healthy(tab *chromeTab) *chromeTab {
	if tab.ctx.Err() == nil || e.browserCtx.Err() != nil {
		return tab
	}
	tab.cancel()
	t, err := e.openTab()
	if err != nil {
		return tab // the next fetch on it fails fast and is recorded
	}
	return t
}

// openTab creates a tab with the cache off, heavy media blocked and every
// host but the origin blocked.
func (e *chromeEngine) openTab() (*chromeTab, error) {
	tctx, tcancel := chromedp.NewContext(e.browserCtx)
	err := chromedp.Do(tctx, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		if _, err := cdp.Call(ctx, t, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, t, network.SetBlockedURLs, network.SetBlockedURLsParams{URLPatterns: e.blockPatterns()})
		return err
	}))
	if err != nil {
		tcancel()
		return nil, fmt.Errorf("open tab: %w", err)
	}
	return &chromeTab{ctx: tctx, cancel: tcancel}, nil
}

// Close ends the browser and removes its profile; it runs on its own when
// the context that started the browser ends.
func (e *chromeEngine) Close() {
	e.closeOnce.Do(func() {
		if e.stopOnEnd != nil {
			e.stopOnEnd()
		}
		if e.cancel != nil {
			e.cancel() // waits for the browser to exit
		}
		if e.proxy != nil {
			e.proxy.close()
		}
		removeProfile(e.userDataDir)
	})
}

func (e *chromeEngine) Fetch(ctx context.Context, l link) (*fetched, error) {
	var tab *chromeTab
	select {
	case tab = <-e.tabs:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { e.tabs <- e.healthy(tab) }()
	if err := e.pacer.wait(ctx); err != nil {
		return nil, err
	}
	pageURL := e.origin + requestPath(l.Path)
	body, status, err := e.capture(ctx, tab, pageURL, l.URI)
	if err != nil {
		return nil, fmt.Errorf("chrome %s: %w", pageURL, err)
	}
	if status != 200 {
		return nil, fmt.Errorf("chrome %s: %w", pageURL, &StatusError{Code: status})
	}
	info, err := e.site.parse(l, body)
	if err != nil {
		return nil, fmt.Errorf("chrome %s: %w", pageURL, err)
	}
	return &fetched{Body: body, Info: info}, nil
}

// captureGrace is how long after the load event only the page's own JSON
// is accepted.
const captureGrace = 3 * time.Second

// headerRetryAfter reads Retry-After from CDP response headers.
func headerRetryAfter(h network.Headers) time.Duration {
	for k, v := range h {
		if strings.EqualFold(k, "Retry-After") {
			if s, ok := v.(string); ok {
				return parseRetryAfter(s, time.Now())
			}
		}
	}
	return 0
}

// jsonResponse is one DocC JSON response seen in the tab's traffic.
type jsonResponse struct {
	id         network.RequestID
	uri        string
	status     int
	retryAfter time.Duration
	finished   bool
	failed     string
	received   int64 // decoded bytes so far
}

// capture navigates the tab and waits for the DocC JSON of wantURI. When the
// page redirects elsewhere, the only documentation JSON the page loaded is
// taken instead.
func (e *chromeEngine) capture(ctx context.Context, tab *chromeTab, pageURL, wantURI string) ([]byte, int, error) {
	lctx, cancel := context.WithTimeout(tab.ctx, e.timeout)
	defer cancel()
	stop := context.AfterFunc(ctx, cancel)
	defer stop()

	var mu sync.Mutex
	var seen []*jsonResponse
	changed := make(chan struct{}, 1)
	find := func(id network.RequestID) *jsonResponse {
		for _, r := range seen {
			if r.id == id {
				return r
			}
		}
		return nil
	}
	// The listener runs on the browser's read loop: record and return.
	err := chromedp.Listen(lctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch ev := ev.(type) {
		case *network.EventResponseReceived:
			if uri, ok := e.pageJSON(ev.Response.URL); ok {
				seen = append(seen, &jsonResponse{id: ev.RequestID, uri: uri, status: int(ev.Response.Status), retryAfter: headerRetryAfter(ev.Response.Headers)})
			}
		case *network.EventDataReceived:
			if r := find(ev.RequestID); r != nil {
				r.received += ev.DataLength
			}
		case *network.EventLoadingFinished:
			if r := find(ev.RequestID); r != nil {
				r.finished = true
			}
		case *network.EventLoadingFailed:
			if r := find(ev.RequestID); r != nil {
				r.failed = ev.ErrorText
			}
		default:
			return
		}
		select {
		case changed <- struct{}{}:
		default:
		}
	})
	if err != nil {
		return nil, 0, fmt.Errorf("listen: %w", err)
	}
	doc, err := chromedp.Run(lctx, chromedp.NavigateResponse(pageURL))
	if err != nil {
		if ctx.Err() != nil {
			return nil, 0, ctx.Err()
		}
		return nil, 0, fmt.Errorf("navigate: %w", err)
	}
	if doc != nil && doc.Status >= 400 {
		// The page itself is missing or refused: its script will not run.
		return nil, 0, &StatusError{Code: int(doc.Status), RetryAfter: headerRetryAfter(doc.Headers)}
	}
	// The page's own JSON is awaited until the timeout: scripts may fetch it
	// late. After a grace period we also settle for the single other
	// documentation JSON the page loaded (a redirect to another page).
	grace := time.NewTimer(captureGrace)
	defer grace.Stop()
	graceOver := false
	for {
		mu.Lock()
		pick := pickResponse(seen, wantURI, graceOver)
		mu.Unlock()
		if pick != nil {
			switch {
			case pick.failed != "":
				return nil, 0, fmt.Errorf("page JSON failed to load: %s", pick.failed)
			case pick.status != 200:
				return nil, 0, &StatusError{Code: pick.status, RetryAfter: pick.retryAfter}
			}
			// Refused before its body crosses the protocol into memory here.
			if err := e.budget.check(pick.received); err != nil {
				return nil, 0, err
			}
			body, err := chromedp.Run(lctx, func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
				res, err := cdp.Call(ctx, t, network.GetResponseBody, network.GetResponseBodyParams{RequestID: pick.id})
				return res.Body, err
			})
			if err != nil {
				return nil, 0, fmt.Errorf("response body: %w", err)
			}
			if err := e.budget.check(int64(len(body))); err != nil {
				return nil, 0, err
			}
			return body, pick.status, nil
		}
		select {
		case <-changed:
		case <-grace.C:
			graceOver = true
		case <-lctx.Done():
			if ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			return nil, 0, ErrNoCapture
		}
	}
}

// pickResponse returns the finished (or failed) response for wantURI, or,
// once settle is set, the single documentation JSON the page loaded.
func pickResponse(seen []*jsonResponse, wantURI string, settle bool) *jsonResponse {
	var others []*jsonResponse
	for _, r := range seen {
		done := r.finished || r.failed != ""
		if r.uri == wantURI {
			if done {
				return r
			}
			return nil // the right one is still loading
		}
		if done {
			others = append(others, r)
		}
	}
	if settle && len(others) == 1 {
		return others[0]
	}
	return nil
}

// pageJSON reports whether a response URL is a page's JSON on the origin,
// and its URI. JSON from another host is never the page, whatever its path
// says.
func (e *chromeEngine) pageJSON(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil || !sameOrigin(u, e.originURL) {
		return "", false
	}
	return e.site.pageJSON(u)
}

// docJSONURI reports whether a URL is a DocC page JSON
// (/tutorials/data/documentation/<path>.json) and its URI.
func docJSONURI(u *url.URL) (string, bool) {
	p := u.Path
	if !strings.HasPrefix(strings.ToLower(p), "/tutorials/data/documentation/") || !strings.HasSuffix(strings.ToLower(p), ".json") {
		return "", false
	}
	uri, err := docuri.FromURL(u.EscapedPath())
	if err != nil {
		return "", false
	}
	return uri, true
}

// RSS returns the memory of the browser's processes in bytes: the sum of
// their proportional set sizes (shared pages split between the processes that
// share them, so the sum is not inflated), read from /proc for every process
// started with this engine's profile directory. It returns 0 without /proc.
func (e *chromeEngine) RSS() int64 {
	return processMemory("--user-data-dir=" + e.userDataDir)
}

func processMemory(cmdlineMarker string) int64 {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	var total int64
	for _, ent := range entries {
		if _, err := strconv.Atoi(ent.Name()); err != nil {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", ent.Name(), "cmdline"))
		if err != nil || !strings.Contains(string(cmd), cmdlineMarker) {
			continue
		}
		total += procKB(filepath.Join("/proc", ent.Name(), "smaps_rollup"), "Pss:") << 10
	}
	return total
}

// procKB returns the "<field> N kB" value of a /proc file, 0 when absent.
func procKB(path, field string) int64 {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb
		}
	}
	return 0
}

var errChromeUnavailable = errors.New("browser-only page and no browser")
