package fakeapple

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

const fixtures = "../testdata/docs"

func get(t *testing.T, srv http.Handler, path string, cookie *http.Cookie) (*http.Response, string) {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, path, nil)
	if cookie != nil {
		req.AddCookie(cookie)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, req)
	res := rec.Result()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

func TestServesCaseInsensitively(t *testing.T) {
	srv, err := New(Options{Dir: fixtures})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(fixtures + "/Kit/Widget/!=(_:_:).json")
	for _, p := range []string{"/tutorials/data/documentation/kit/widget/!=(_:_:).json", "/tutorials/data/documentation/Kit/Widget/%21=(_:_:).json", "/tutorials/data/documentation/KIT/WIDGET/!=(_:_:).JSON"} {
		res, body := get(t, srv, p, nil)
		if res.StatusCode != 200 || body != string(want) || res.Header.Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %q", p, res.StatusCode, body[:min(len(body), 40)])
		}
	}
	if res, _ := get(t, srv, "/tutorials/data/documentation/kit/nope.json", nil); res.StatusCode != 404 {
		t.Errorf("missing page: %d", res.StatusCode)
	}
	if _, err := New(Options{Dir: t.TempDir()}); !errors.Is(err, ErrNoPages) {
		t.Errorf("empty dir: %v", err)
	}
}

var cookieRE = regexp.MustCompile(`document\.cookie = "` + CookieName + `=([0-9a-f]+);`)

func TestBrowserOnlyNeedsTheShellCookie(t *testing.T) {
	srv, err := New(Options{Dir: fixtures, BrowserOnlyPercent: 100})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := srv.BrowserOnly("technologies"); ok {
		t.Fatal("the root is exempt")
	}
	kinds := map[Placeholder]bool{}
	for _, key := range srv.Keys() {
		ph, ok := srv.BrowserOnly(key)
		if !ok {
			continue
		}
		kinds[ph] = true
		jsonPath := "/tutorials/data/documentation/" + key + ".json"
		res, body := get(t, srv, jsonPath, nil)
		switch ph {
		case PlaceholderForbidden:
			if res.StatusCode != 403 {
				t.Errorf("%s: %d", key, res.StatusCode)
			}
		case PlaceholderHTML:
			if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") || !strings.Contains(body, "<html") {
				t.Errorf("%s: not an HTML shell", key)
			}
		case PlaceholderTitleNull:
			if !strings.Contains(body, `"title":null`) {
				t.Errorf("%s: %s", key, body)
			}
		}
		// A made-up cookie does not help.
		if _, body := get(t, srv, jsonPath, &http.Cookie{Name: CookieName, Value: "guess"}); strings.Contains(body, `"references"`) {
			t.Errorf("%s: served with a forged cookie", key)
		}
		// The shell issues a token; with it the page is served.
		res, shell := get(t, srv, "/documentation/"+key, nil)
		m := cookieRE.FindStringSubmatch(shell)
		if res.StatusCode != 200 || m == nil || !strings.Contains(shell, "fetch(") {
			t.Fatalf("%s: shell %d %s", key, res.StatusCode, shell)
		}
		if _, body := get(t, srv, jsonPath, &http.Cookie{Name: CookieName, Value: m[1]}); !strings.Contains(body, `"references"`) {
			t.Errorf("%s: not served with the shell's cookie", key)
		}
	}
	if len(kinds) != 3 {
		t.Errorf("placeholder kinds %v", kinds)
	}
}

func TestFaultsAreDeterministicAndBounded(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(dir+"/Kit", 0o755); err != nil {
		t.Fatal(err)
	}
	for i := range 400 {
		if err := os.WriteFile(fmt.Sprintf("%s/Kit/Page%03d.json", dir, i), []byte(`{"metadata":{"title":"p"}}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{Dir: dir, FaultPercent: 25, BrowserOnlyPercent: 10, Seed: 42, Burst: 2, SlowDelay: time.Millisecond}
	a, _ := New(opts)
	b, _ := New(opts)
	opts.Seed = 43
	c, _ := New(opts)
	faulty, browser, differ := 0, 0, 0
	for _, k := range a.Keys() {
		if a.FaultOf(k) != b.FaultOf(k) {
			t.Fatalf("%s: same seed, different fault", k)
		}
		if a.FaultOf(k) != c.FaultOf(k) {
			differ++
		}
		if a.FaultOf(k) != FaultNone {
			faulty++
		}
		if _, ok := a.BrowserOnly(k); ok {
			browser++
			if a.FaultOf(k) != FaultNone {
				t.Fatalf("%s is both browser-only and faulty", k)
			}
		}
	}
	if faulty < 70 || faulty > 130 || browser < 20 || browser > 65 || differ == 0 {
		t.Fatalf("faulty %d, browser-only %d of 400, %d differ across seeds", faulty, browser, differ)
	}
	// A transient fault answers Burst times, then the page.
	for _, k := range a.Keys() {
		f := a.FaultOf(k)
		if f != FaultTooMany && f != FaultMalformed {
			continue
		}
		p := "/tutorials/data/documentation/" + k + ".json"
		for i := range 3 {
			res, body := get(t, a, p, nil)
			ok := res.StatusCode == 200 && strings.HasSuffix(body, "}}")
			if (i < 2) == ok {
				t.Fatalf("%s (%s) request %d: %d %q", k, f, i, res.StatusCode, body)
			}
			if f == FaultTooMany && i < 2 && res.Header.Get("Retry-After") != "1" {
				t.Fatalf("no Retry-After")
			}
		}
	}
}

func TestHostileFaults(t *testing.T) {
	if _, err := New(Options{Dir: fixtures, Faults: []Fault{FaultOffOrigin}}); !errors.Is(err, ErrNoRedirectTarget) {
		t.Fatalf("off-origin without a target: %v", err)
	}
	const bomb = 1 << 20
	page, _ := os.ReadFile(fixtures + "/Kit.json")
	serve := func(f Fault) *httptest.Server {
		srv, err := New(Options{Dir: fixtures, FaultPercent: 100, Faults: []Fault{f}, RedirectTo: "http://other.example:8080",
			BombBytes: bomb, TrickleEvery: time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		hs := httptest.NewServer(srv)
		t.Cleanup(hs.Close)
		return hs
	}
	const path = "/tutorials/data/documentation/kit.json"

	res, _ := get(t, serve(FaultOffOrigin).Config.Handler, path, nil)
	if loc := res.Header.Get("Location"); res.StatusCode != http.StatusFound || loc != "http://other.example:8080"+path {
		t.Errorf("off-origin: %d to %q", res.StatusCode, loc)
	}

	// The client decodes the bomb as Go's transport does for every crawler.
	for _, f := range []Fault{FaultGzipBomb, FaultHuge} {
		resp, err := http.Get(serve(f).URL + path)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil || len(body) != bomb || !strings.HasPrefix(string(body), string(page)) || strings.TrimSpace(string(body)) != strings.TrimSpace(string(page)) {
			t.Errorf("%s: %d bytes, %v; want the page padded to %d", f, len(body), err, bomb)
		}
		if f == FaultGzipBomb && (!resp.Uncompressed || resp.ContentLength != -1) {
			t.Errorf("gzip bomb not compressed on the wire")
		}
	}

	// The trickle never ends: a client reads a few bytes, then leaves.
	resp, err := http.Get(serve(FaultTrickle).URL + path)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := io.ReadFull(resp.Body, buf); err != nil || string(buf) != "{    " {
		t.Errorf("trickle: %q, %v", buf, err)
	}
	resp.Body.Close()

	// The stall never answers its headers.
	c := &http.Client{Timeout: 100 * time.Millisecond}
	if resp, err := c.Get(serve(FaultStall).URL + path); err == nil {
		resp.Body.Close()
		t.Errorf("stall answered %d", resp.StatusCode)
	}
}
