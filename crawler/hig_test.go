package crawler

import (
	"context"
	"encoding/json"
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
)

// higFixtureKeys are the pages of testdata/hig the crawl reaches from the
// root, as stored below the output directory without .json.
var higFixtureKeys = []string{
	"human-interface-guidelines",
	"human-interface-guidelines/buttons",
	"human-interface-guidelines/color",
	"human-interface-guidelines/components",
	"human-interface-guidelines/dark-mode",
	"human-interface-guidelines/foundations",
	"human-interface-guidelines/toggles",
}

// startHIGSite serves the guidelines in dir beside the documentation
// fixture on one origin, as developer.apple.com serves both, counting the
// JSON requests each section gets.
func startHIGSite(t testing.TB, o fakeapple.Options) (*httptest.Server, *fakeapple.Server, *countingHandler) {
	t.Helper()
	o.Section = fakeapple.SectionDesign
	hig, err := fakeapple.New(o)
	if err != nil {
		t.Fatal(err)
	}
	docs, err := fakeapple.New(fakeapple.Options{Dir: "testdata/docs"})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/tutorials/data/design/", hig)
	mux.Handle("/design/", hig)
	mux.Handle("/", docs)
	hs, h := serveCounting(t, mux, "")
	return hs, hig, h
}

// storedHIGPages returns every page a HIG crawl stored, by its path below
// the output directory without .json, and fails on a temporary file left.
func storedHIGPages(t testing.TB, out string) map[string][]byte {
	t.Helper()
	pages := map[string][]byte{}
	for rel, content := range storedFiles(t, out) {
		pages[strings.TrimSuffix(rel, ".json")] = content
	}
	return pages
}

// assertHIGSameAsSource checks that every stored page is its source file
// with its keys sorted.
func assertHIGSameAsSource(t testing.TB, srv *fakeapple.Server, pages map[string][]byte) {
	t.Helper()
	for key, got := range pages {
		file, ok := srv.File(key)
		if !ok {
			t.Errorf("%s: no source file", key)
			continue
		}
		assertStoredIsSource(t, key, file, got)
	}
}

// higJournal reads every record of the HIG crawl of cfg.
func higJournal(t testing.TB, cfg Config) []journalRecord {
	t.Helper()
	if cfg.StartURL == "" {
		cfg.StartURL = cfg.Origin + HIGPath
	}
	seeds, prefixes, err := higSite{}.seeds(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	return journalRecords(t, newCrawlFiles(cfg.OutputDir, higSite{}.key(seeds, prefixes)))
}

func TestCrawlHIGFixture(t *testing.T) {
	hs, srv, counter := startHIGSite(t, fakeapple.Options{Dir: "testdata/hig"})
	cfg, res, _ := crawlFixtureSite(t, CrawlHIG, hs.URL)
	pages := storedHIGPages(t, cfg.OutputDir)
	assertStoredKeys(t, pages, higFixtureKeys)
	assertHIGSameAsSource(t, srv, pages)
	if res.Status != statusComplete || res.OK != len(higFixtureKeys) || res.Missing != 1 || len(res.Failures) != 0 {
		t.Errorf("result %+v", res)
	}
	if !slices.Equal(res.MissingURIs, []string{"/design/human-interface-guidelines/vanished"}) {
		t.Errorf("missing %q", res.MissingURIs)
	}
	for path, n := range counter.count {
		if !strings.HasPrefix(path, "/tutorials/data/design/human-interface-guidelines") {
			t.Errorf("the HIG crawl asked for %s (%d times): not a guidelines page", path, n)
		}
	}
	if counter.count["/tutorials/data/design/human-interface-guidelines/orphan.json"] != 0 || counter.repeats() != 0 {
		t.Errorf("requests %v", counter.count)
	}
	// Toggles is reached through a bare identifier, one level below Buttons.
	for _, r := range higJournal(t, cfg) {
		if r.URI == "/design/human-interface-guidelines/toggles" && r.Depth != 3 {
			t.Errorf("toggles at depth %d, want 3", r.Depth)
		}
	}
	// A second run refreshes and writes nothing.
	if res, err := CrawlHIG(context.Background(), cfg); err != nil || res.Written != 0 || res.Unchanged != len(higFixtureKeys) {
		t.Fatalf("re-run: %+v, %v", res, err)
	}
}

func TestResolveHIGLink(t *testing.T) {
	const origin = "http://127.0.0.1:9"
	for raw, want := range map[string]string{
		"/design/human-interface-guidelines/dark-mode":                              "/design/human-interface-guidelines/dark-mode",
		"/design/human-interface-guidelines/Dark-Mode#Best-practices":               "/design/human-interface-guidelines/dark-mode",
		"doc://org.example.HIG/design/human-interface-guidelines/color":             "/design/human-interface-guidelines/color",
		"https://developer.apple.com/design/human-interface-guidelines/buttons?x=1": "/design/human-interface-guidelines/buttons",
		origin + "/design/human-interface-guidelines":                               "/design/human-interface-guidelines",
		"/tutorials/data/design/human-interface-guidelines/toggles.json":            "/design/human-interface-guidelines/toggles",
		"/documentation/swiftui/button":                                             "",
		"/design/resources":                                                         "",
		"https://example.org/design/human-interface-guidelines/x":                   "",
		"/design/human-interface-guidelines/../../documentation/kit":                "",
		"/design/human-interface-guidelines/.hidden":                                "",
		"buttons-hero.png": "",
	} {
		l, ok := resolveHIGLink(origin, raw)
		if got := map[bool]string{true: l.URI}[ok]; got != want {
			t.Errorf("resolveHIGLink(%q) = %q, want %q", raw, got, want)
		}
	}
}

// higBrowserStub is a browserStub of the guidelines.
func higBrowserStub(srv *fakeapple.Server) *browserStub {
	return &browserStub{srv: srv, key: func(l link) string { return strings.TrimPrefix(l.URI, "/design/") },
		parse: higSite{}.parse}
}

func TestCrawlHIGFallsBackToTheBrowser(t *testing.T) {
	// Every page but the root answers HTTP clients with a placeholder.
	hs, srv, _ := startHIGSite(t, fakeapple.Options{Dir: "testdata/hig", BrowserOnlyPercent: 100})
	out := crawlWithBrowserStub(t, CrawlHIG, hs.URL, higBrowserStub(srv), len(higFixtureKeys))
	pages := storedHIGPages(t, out)
	if len(pages) != len(higFixtureKeys) {
		t.Fatalf("stored %q", slices.Sorted(maps.Keys(pages)))
	}
	assertHIGSameAsSource(t, srv, pages)
}

// TestChaosFetchHIGOffOriginRedirect: every guidelines page but the root
// redirects to another host.
func TestChaosFetchHIGOffOriginRedirect(t *testing.T) {
	start := time.Now()
	foreign, hits := foreignSite(t)
	hs, _, _ := startHIGSite(t, fakeapple.Options{Dir: "testdata/hig", FaultPercent: 100,
		Faults: []fakeapple.Fault{fakeapple.FaultOffOrigin}, RedirectTo: foreign.URL})
	out := t.TempDir()
	res, err := CrawlHIG(context.Background(), testConfig(hs.URL, out))
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("err %v, want ErrIncomplete; %+v", err, res)
	}
	if got := slices.Sorted(maps.Keys(storedHIGPages(t, out))); !slices.Equal(got, higFixtureKeys[:1]) {
		t.Errorf("stored %q, want the root only", got)
	}
	want := fmt.Sprintf("redirect to another host (%s) refused", foreign.Listener.Addr())
	if len(res.Failures) != 2 {
		t.Fatalf("failures %+v, want Foundations and Components", res.Failures)
	}
	for _, f := range res.Failures {
		if !strings.Contains(f.Err, want) || f.Attempts != 1 {
			t.Errorf("failure %s after %d attempts: %q, want %q once", f.URI, f.Attempts, f.Err, want)
		}
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host got %d requests", n)
	}
	t.Logf("chaos: fetch hig off-origin: %s, %d failed: redirect refused, %d pages written, %d requests to the other host, %s",
		res.Status, len(res.Failures), res.Written, hits.Load(), time.Since(start).Round(time.Millisecond))
}

// writeSynthHIG writes generated guidelines of 1 + groups*(1+per) pages in
// the site's shape: the root lists groups, each group its pages, and each
// page links its neighbours. It returns the page keys.
func writeSynthHIG(t testing.TB, dir string, groups, per int) []string {
	t.Helper()
	const bundle = "doc://org.example.hig/design/human-interface-guidelines"
	type node struct {
		key, title string
		links      []string
	}
	var nodes []node
	root := node{key: "human-interface-guidelines", title: "Guidelines"}
	for g := range groups {
		group := node{key: fmt.Sprintf("human-interface-guidelines/group-%d", g), title: fmt.Sprintf("Group %d", g)}
		root.links = append(root.links, group.key)
		for p := range per {
			key := fmt.Sprintf("human-interface-guidelines/topic-%d-%d", g, p)
			group.links = append(group.links, key)
			nodes = append(nodes, node{key: key, title: fmt.Sprintf("Topic %d.%d", g, p),
				links: []string{fmt.Sprintf("human-interface-guidelines/topic-%d-%d", g, (p+1)%per)}})
		}
		nodes = append(nodes, group)
	}
	nodes = append(nodes, root)
	var keys []string
	for _, n := range nodes {
		refs := map[string]any{}
		var ids []string
		for _, l := range n.links {
			id := bundle + strings.TrimPrefix(l, "human-interface-guidelines")
			ids = append(ids, id)
			refs[id] = map[string]any{"identifier": id, "type": "topic", "title": l, "url": "/design/" + l}
		}
		page := map[string]any{
			"identifier":             map[string]any{"url": bundle + strings.TrimPrefix(n.key, "human-interface-guidelines"), "interfaceLanguage": "swift"},
			"kind":                   "article",
			"metadata":               map[string]any{"title": n.title, "role": "article"},
			"abstract":               []any{map[string]any{"type": "text", "text": strings.Repeat("Synthetic guidance. ", 20)}},
			"topicSections":          []any{map[string]any{"title": "Topics", "identifiers": ids}},
			"references":             refs,
			"schemaVersion":          map[string]any{"major": 0, "minor": 3, "patch": 0},
			"primaryContentSections": []any{},
		}
		b, err := json.Marshal(page)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, filepath.FromSlash(n.key)+".json")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
		keys = append(keys, n.key)
	}
	return keys
}

func TestCrawlHIGResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("subprocess test")
	}
	dir := t.TempDir()
	keys := writeSynthHIG(t, dir, 12, 100)
	hs, srv, counter := startHIGSite(t, fakeapple.Options{Dir: dir})
	out := t.TempDir()
	cfg := resumeAfterKills(t, counter, "hig", hs.URL, out, 3)
	pages := storedHIGPages(t, out)
	if len(pages) != len(keys) {
		t.Fatalf("stored %d pages, want %d", len(pages), len(keys))
	}
	assertHIGSameAsSource(t, srv, pages)
	assertJournalOncePerPage(t, higJournal(t, cfg), len(keys))
	assertKillsRepeatedFew(t, counter, cfg, "pages", len(keys))
}
