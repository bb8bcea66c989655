package crawler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func discardLogger() *slog.Logger { return slog.New(slog.DiscardHandler) }

// fixturePages are the pages of testdata/docs reachable from technologies.
var fixturePages = []string{
	"apple-docs://kit",
	"apple-docs://kit/gadget",
	"apple-docs://kit/setting_up_kit",
	"apple-docs://kit/widget",
	"apple-docs://kit/widget/!=(_:_:)",
	"apple-docs://kit/widget/frame(width:height:)",
	"apple-docs://kit/widget/init(longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:)",
	"apple-docs://other",
	"apple-docs://other/base",
	"apple-docs://technologies",
}

// crawlFixtureSite runs crawl over the site at origin into a fresh folder,
// failing the test with what the crawl printed when it fails, and returns
// the crawl's Config, result and printed progress.
func crawlFixtureSite(t *testing.T, crawl func(context.Context, Config) (*Result, error), origin string) (Config, *Result, *bytes.Buffer) {
	t.Helper()
	var progress bytes.Buffer
	cfg := testConfig(origin, t.TempDir())
	cfg.Progress = &progress
	res, err := crawl(context.Background(), cfg)
	if err != nil {
		t.Fatalf("crawl: %v\n%s", err, progress.String())
	}
	return cfg, res, &progress
}

// assertStoredKeys checks that the stored pages are those of want, by key.
func assertStoredKeys(t *testing.T, pages map[string][]byte, want []string) {
	t.Helper()
	if got := slices.Sorted(maps.Keys(pages)); !slices.Equal(got, want) {
		t.Fatalf("stored\n %q\nwant\n %q", got, want)
	}
}

func TestCrawlFixture(t *testing.T) {
	hs, srv, counter := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	cfg, res, progress := crawlFixtureSite(t, Crawl, hs.URL)
	out := cfg.OutputDir
	pages := storedPages(t, out)
	assertStoredKeys(t, pages, fixturePages)
	assertSameAsSource(t, srv, pages)
	if res.Status != statusComplete || res.OK != len(fixturePages) || res.Written != len(fixturePages) || res.Missing != 1 || len(res.Failures) != 0 {
		t.Errorf("result %+v", res)
	}
	if !slices.Equal(res.MissingURIs, []string{"apple-docs://kit/vanished"}) {
		t.Errorf("missing %q", res.MissingURIs)
	}
	// Widget is linked under two spellings but fetched once; the orphan never.
	if n := counter.count["/tutorials/data/documentation/kit/widget.json"]; n != 1 {
		t.Errorf("widget fetched %d times", n)
	}
	if n := counter.count["/tutorials/data/documentation/other/orphan.json"]; n != 0 {
		t.Errorf("orphan fetched")
	}
	if counter.repeats() != 0 {
		t.Errorf("repeated requests: %v", counter.count)
	}
	recs := readJournalAll(t, out, cfg)
	if len(recs) != len(fixturePages)+1 {
		t.Fatalf("journal has %d records", len(recs))
	}
	for _, r := range recs {
		if r.Status == "ok" && (r.Hash == "" || r.File == "" || r.Engine != "http" || r.CrawledAt.IsZero()) {
			t.Errorf("incomplete record %+v", r)
		}
		if r.URI == "apple-docs://kit/widget" && r.Depth != 2 {
			t.Errorf("widget depth %d, want 2", r.Depth)
		}
	}
	if s := progress.String(); !strings.Contains(s, "fetch complete: 10 pages") || !strings.Contains(s, "1 dead links (404)") {
		t.Errorf("summary:\n%s", s)
	}
}

func TestCrawlRerunWritesNothing(t *testing.T) {
	src := testenv.CopyDir(t, t.TempDir(), "testdata/docs")
	hs, _, _ := startFake(t, fakeapple.Options{Dir: src})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	if _, err := Crawl(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	before := modTimes(t, out)
	time.Sleep(20 * time.Millisecond)
	res, err := Crawl(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Written != 0 || res.Unchanged != len(fixturePages) || res.Resumed {
		t.Fatalf("re-run: %+v", res)
	}
	if after := modTimes(t, out); !maps.Equal(before, after) {
		t.Fatalf("re-run touched pages")
	}
	// One changed page is one write.
	gadget := filepath.Join(src, "Kit", "Gadget.json")
	b, _ := os.ReadFile(gadget)
	if err := os.WriteFile(gadget, bytes.Replace(b, []byte("Fixture page Gadget."), []byte("Changed."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err = Crawl(context.Background(), cfg); err != nil || res.Written != 1 {
		t.Fatalf("after one change: %+v, %v", res, err)
	}
	cfg.Force = true
	if res, err = Crawl(context.Background(), cfg); err != nil || res.Written != len(fixturePages) {
		t.Fatalf("force: %+v, %v", res, err)
	}
}

func modTimes(t *testing.T, out string) map[string]time.Time {
	t.Helper()
	m := map[string]time.Time{}
	for uri := range storedPages(t, out) {
		rel, _ := PagePath(uri)
		st, err := os.Stat(filepath.Join(out, rel))
		if err != nil {
			t.Fatal(err)
		}
		m[uri] = st.ModTime()
	}
	return m
}

func TestCrawlPrefixesAndDepth(t *testing.T) {
	hs, _, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	cases := []struct {
		name   string
		tweak  func(*Config)
		stored []string
	}{
		{"prefix", func(c *Config) { c.AllowedPrefixes = []string{"/documentation/other"} },
			[]string{"apple-docs://other", "apple-docs://other/base", "apple-docs://technologies"}},
		{"bare prefix", func(c *Config) { c.AllowedPrefixes = []string{"kit/widget"} },
			[]string{"apple-docs://kit/widget", "apple-docs://kit/widget/!=(_:_:)", "apple-docs://kit/widget/frame(width:height:)", fixturePages[6], "apple-docs://technologies"}},
		{"depth", func(c *Config) { c.MaxDepth = 1 },
			[]string{"apple-docs://kit", "apple-docs://other", "apple-docs://technologies"}},
		{"start url", func(c *Config) { c.StartURL = c.Origin + "/documentation/Other/Base" },
			[]string{"apple-docs://kit", "apple-docs://kit/gadget", "apple-docs://kit/setting_up_kit", "apple-docs://kit/widget", "apple-docs://kit/widget/!=(_:_:)", "apple-docs://kit/widget/frame(width:height:)", fixturePages[6], "apple-docs://other", "apple-docs://other/base", "apple-docs://technologies"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := t.TempDir()
			cfg := testConfig(hs.URL, out)
			c.tweak(&cfg)
			if _, err := Crawl(context.Background(), cfg); err != nil {
				t.Fatal(err)
			}
			if got := slices.Sorted(maps.Keys(storedPages(t, out))); !slices.Equal(got, c.stored) {
				t.Fatalf("stored %q\nwant %q", got, c.stored)
			}
		})
	}
}

func TestCrawlMaxPagesThenContinue(t *testing.T) {
	hs, _, counter := startFake(t, fakeapple.Options{Dir: "testdata/docs"})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.MaxPages = 4
	cfg.Concurrency = 1
	res, err := Crawl(context.Background(), cfg)
	if err != nil || res.OK != 4 || res.Queued == 0 || res.Status != statusIncomplete {
		t.Fatalf("limited run: %+v, %v", res, err)
	}
	cfg.MaxPages = 0
	res, err = Crawl(context.Background(), cfg)
	if err != nil || !res.Resumed || res.Status != statusComplete {
		t.Fatalf("continued run: %+v, %v", res, err)
	}
	if got := len(storedPages(t, out)); got != len(fixturePages) || counter.repeats() != 0 {
		t.Fatalf("stored %d pages, %d repeated requests", got, counter.repeats())
	}
}

// browserStub is a fallback stand-in that reads pages from the fake site's
// source files, the way the browser would capture them: key names a link's
// file on srv, and parse reads it as the crawl of that site does.
type browserStub struct {
	srv   *fakeapple.Server
	key   func(link) string
	parse func(link, []byte) (*pageInfo, error)
	calls atomic.Int32
}

// docsBrowserStub is a browserStub of the documentation site.
func docsBrowserStub(srv *fakeapple.Server) *browserStub {
	return &browserStub{srv: srv, key: func(l link) string { return keyOfPath(l.Path) },
		parse: func(_ link, b []byte) (*pageInfo, error) { return parsePage(b) }}
}

// crawlWithBrowserStub runs crawl over the site at origin into a fresh
// folder, which it returns, with the auto engine and stub as its browser,
// and checks that of the site's pages all but the root (which answers HTTP
// clients) came through the stub.
func crawlWithBrowserStub(t *testing.T, crawl func(context.Context, Config) (*Result, error), origin string, stub *browserStub, pages int) string {
	t.Helper()
	cfg := testConfig(origin, t.TempDir())
	cfg.Engine = EngineAuto
	cfg.testFallback = stub
	res, err := crawl(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.ByEngine["stub"] != pages-1 || res.ByEngine["http"] != 1 {
		t.Fatalf("engines %v", res.ByEngine)
	}
	return cfg.OutputDir
}

func (e *browserStub) Name() string { return "stub" }

func (e *browserStub) Fetch(_ context.Context, l link) (*fetched, error) {
	e.calls.Add(1)
	file, ok := e.srv.File(e.key(l))
	if !ok {
		return nil, ErrNotFound
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	info, err := e.parse(l, b)
	if err != nil {
		return nil, err
	}
	return &fetched{Body: b, Info: info}, nil
}

func TestCrawlFallsBackOnPlaceholders(t *testing.T) {
	// Every page but the exempt root is browser-only; the three placeholder
	// kinds all occur among the fixture's pages.
	hs, srv, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs", BrowserOnlyPercent: 100})
	kinds := map[fakeapple.Placeholder]bool{}
	for _, k := range srv.Keys() {
		if ph, ok := srv.BrowserOnly(k); ok {
			kinds[ph] = true
		}
	}
	if len(kinds) != 3 {
		t.Fatalf("fixture covers placeholders %v, want all three", kinds)
	}
	stub := docsBrowserStub(srv)
	out := crawlWithBrowserStub(t, Crawl, hs.URL, stub, len(fixturePages))
	// The dead link is a 404 over HTTP and never goes to the browser.
	if int(stub.calls.Load()) != len(fixturePages)-1 {
		t.Fatalf("fallback called %d times", stub.calls.Load())
	}
	assertSameAsSource(t, srv, storedPages(t, out))

	// With --engine http the same pages are failures and the crawl says so.
	out2 := t.TempDir()
	cfg2 := testConfig(hs.URL, out2)
	res, err := Crawl(context.Background(), cfg2)
	if !errors.Is(err, ErrIncomplete) || len(res.Failures) != 2 || res.Status != statusIncomplete {
		// technologies links only Kit and Other: both fail, nothing else is found.
		t.Fatalf("http only: %+v, %v", res, err)
	}
	for _, f := range res.Failures {
		if !strings.Contains(f.Err, ErrPlaceholder.Error()) && !strings.Contains(f.Err, "HTTP 403") {
			t.Errorf("failure %q does not say why", f.Err)
		}
	}
}

func TestCrawlWithoutChromium(t *testing.T) {
	hs, _, _ := startFake(t, fakeapple.Options{Dir: "testdata/docs", BrowserOnlyPercent: 100})
	cfg := testConfig(hs.URL, t.TempDir())
	cfg.Engine = EngineAuto
	cfg.ChromePath = "/nonexistent/chromium"
	res, err := Crawl(context.Background(), cfg)
	if !errors.Is(err, ErrIncomplete) || len(res.Failures) != 2 {
		t.Fatalf("%+v, %v", res, err)
	}
	for _, f := range res.Failures {
		if f.Attempts != 1 || !strings.Contains(f.Err, "no browser") {
			t.Errorf("failure %+v", f)
		}
	}
}

func TestCrawlTransientFaults(t *testing.T) {
	dir := t.TempDir()
	keys := writeSynthCorpus(t, dir, 300)
	hs, srv, _ := startFake(t, fakeapple.Options{Dir: dir, FaultPercent: 40, Seed: 7, SlowDelay: 20 * time.Millisecond})
	faulty := 0
	for _, k := range keys {
		if srv.FaultOf(k) != fakeapple.FaultNone {
			faulty++
		}
	}
	if faulty < 60 {
		t.Fatalf("only %d faulty pages", faulty)
	}
	crawlEveryPage(t, testConfig(hs.URL, t.TempDir()), srv, len(keys))
	st := srv.Stats()
	for _, f := range fakeapple.TransientFaults {
		if st.Faults[f] == 0 {
			t.Errorf("fault %s never happened", f)
		}
	}
}

func TestCrawlNotFoundFaultIsNotRetried(t *testing.T) {
	dir := t.TempDir()
	writeSynthCorpus(t, dir, 100)
	hs, _, counter := startFake(t, fakeapple.Options{Dir: dir, FaultPercent: 10, Faults: []fakeapple.Fault{fakeapple.FaultNotFound}, Seed: 3})
	res, err := Crawl(context.Background(), testConfig(hs.URL, t.TempDir()))
	if err != nil || res.Missing == 0 {
		t.Fatalf("%+v, %v", res, err)
	}
	if counter.repeats() != 0 {
		t.Fatalf("404s were retried")
	}
}

func TestCrawlBadConfig(t *testing.T) {
	for _, cfg := range []Config{
		{OutputDir: ""},
		{OutputDir: "x", Origin: "ftp://a"},
		{OutputDir: "x", Engine: "lynx"},
		{OutputDir: "x", StartURL: "https://example.com/documentation/x"},
		{OutputDir: "x", AllowedPrefixes: []string{"https://example.com/x"}},
		{OutputDir: "x", MaxDepth: -1},
	} {
		cfg.Logger = discardLogger()
		if _, err := Crawl(context.Background(), cfg); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: err %v, want ErrConfig", cfg, err)
		}
	}
}

func ExampleCrawl() {
	res, err := Crawl(context.Background(), Config{
		Origin:          "http://127.0.0.1:8090", // a fakeapple server
		AllowedPrefixes: []string{"/documentation/swiftui"},
		OutputDir:       "/tmp/docs",
	})
	if errors.Is(err, ErrIncomplete) {
		fmt.Println(len(res.Failures), "pages failed; run again to retry them")
	}
}

// BenchmarkCrawlHTTP crawls a generated corpus of 2,000 pages through
// fakeapple on 127.0.0.1 with no delay; pages/s is the figure. The real-corpus
// figure comes from TestFullCorpusCrawl.
func BenchmarkCrawlHTTP(b *testing.B) {
	dir := b.TempDir()
	keys := writeSynthCorpus(b, dir, 2000)
	hs, _, _ := startFake(b, fakeapple.Options{Dir: dir})
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		cfg := testConfig(hs.URL, filepath.Join(b.TempDir(), fmt.Sprint(i)))
		cfg.Concurrency = 16
		if _, err := Crawl(context.Background(), cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*len(keys))/time.Since(start).Seconds(), "pages/s")
}

func TestCrawlChromeEngineNeedsChromium(t *testing.T) {
	cfg := testConfig("http://127.0.0.1:1", t.TempDir())
	cfg.Engine, cfg.ChromePath = EngineChrome, "/nonexistent/chromium"
	if _, err := Crawl(context.Background(), cfg); !errors.Is(err, ErrNoChromium) {
		t.Fatalf("err %v, want ErrNoChromium", err)
	}
}

// crawlEveryPage crawls with cfg and checks that the crawl succeeded and
// stored want pages, each the same as its source on srv.
func crawlEveryPage(t *testing.T, cfg Config, srv *fakeapple.Server, want int) *Result {
	t.Helper()
	res, err := Crawl(context.Background(), cfg)
	if err != nil {
		t.Fatalf("%v: %+v", err, res.Failures)
	}
	pages := storedPages(t, cfg.OutputDir)
	if len(pages) != want {
		t.Fatalf("stored %d of %d", len(pages), want)
	}
	assertSameAsSource(t, srv, pages)
	return res
}
