package crawler

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

const synthBundle = "doc://org.example.synth/documentation/"

// writeSynthCorpus writes a generated DocC tree of about n pages in Apple's
// mirror layout: technologies -> frameworks -> types -> members, each page
// linking its children (topics), two siblings (see also) and its ancestors
// (hierarchy). It returns the page keys as fakeapple.Key spells them.
func writeSynthCorpus(t testing.TB, dir string, n int) []string {
	t.Helper()
	const frameworks, typesPer = 4, 8
	membersPer := max(1, (n-1-frameworks-frameworks*typesPer)/(frameworks*typesPer))
	type node struct {
		path, title string
		children    []string
	}
	nodes := map[string]*node{"technologies": {path: "technologies", title: "Technologies"}}
	order := []string{"technologies"}
	add := func(parent, path, title string) {
		nodes[path] = &node{path: path, title: title}
		nodes[parent].children = append(nodes[parent].children, path)
		order = append(order, path)
	}
	for f := range frameworks {
		fw := fmt.Sprintf("SynthKit%d", f)
		add("technologies", fw, fw)
		for ty := range typesPer {
			tp := fmt.Sprintf("%s/Thing%d", fw, ty)
			add(fw, tp, fmt.Sprintf("Thing%d", ty))
			for m := range membersPer {
				name := fmt.Sprintf("member%d(_:)", m)
				if m%7 == 3 {
					name = fmt.Sprintf("!=(_:_:)-%dx", m) // operator pages
				}
				add(tp, tp+"/"+name, name)
			}
		}
	}
	ref := func(p string) map[string]any {
		return map[string]any{"identifier": synthBundle + p, "title": nodes[p].title, "type": "topic", "url": "/documentation/" + strings.ToLower(p)}
	}
	for _, p := range order {
		nd := nodes[p]
		refs := map[string]any{}
		var ids, hier []string
		for _, c := range nd.children {
			ids = append(ids, synthBundle+c)
			refs[synthBundle+c] = ref(c)
		}
		segs := strings.Split(p, "/")
		if p != "technologies" {
			hier = append(hier, synthBundle+"technologies")
			refs[synthBundle+"technologies"] = ref("technologies")
			for i := 1; i < len(segs); i++ {
				a := strings.Join(segs[:i], "/")
				hier = append(hier, synthBundle+a)
				refs[synthBundle+a] = ref(a)
			}
		}
		var seeAlso []string
		if len(segs) > 1 {
			sibs := nodes[strings.Join(segs[:len(segs)-1], "/")].children
			for i, s := range sibs {
				if s == p {
					for _, j := range []int{i - 1, i + 1} {
						if j >= 0 && j < len(sibs) {
							seeAlso = append(seeAlso, synthBundle+sibs[j])
							refs[synthBundle+sibs[j]] = ref(sibs[j])
						}
					}
				}
			}
		}
		page := map[string]any{
			"schemaVersion": map[string]any{"major": 0, "minor": 3, "patch": 0},
			"identifier":    map[string]any{"url": synthBundle + p, "interfaceLanguage": "swift"},
			"kind":          "symbol",
			"metadata":      map[string]any{"title": nd.title, "role": "symbol", "symbolKind": "method"},
			"abstract":      []any{map[string]any{"type": "text", "text": strings.Repeat("Synthetic page text. ", 20)}},
			"hierarchy":     map[string]any{"paths": []any{hier}},
			"references":    refs,
		}
		if len(ids) > 0 {
			page["topicSections"] = []any{map[string]any{"title": "Topics", "identifiers": ids}}
		}
		if len(seeAlso) > 0 {
			page["seeAlsoSections"] = []any{map[string]any{"title": "See Also", "identifiers": seeAlso}}
		}
		if p == "technologies" {
			var techs []any
			for _, c := range nd.children {
				techs = append(techs, map[string]any{"title": c, "destination": map[string]any{"identifier": synthBundle + c, "type": "reference"}})
			}
			page["sections"] = []any{map[string]any{"kind": "technologies", "groups": []any{map[string]any{"name": "All", "technologies": techs}}}}
			delete(page, "topicSections")
		}
		b, err := json.MarshalIndent(page, "", " ")
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, filepath.FromSlash(p)+".json")
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	keys := make([]string, len(order))
	for i, p := range order {
		keys[i] = fakeapple.Key(p)
	}
	return keys
}

// countingHandler counts JSON requests (or those below prefix) per path and
// can run a hook on each.
type countingHandler struct {
	next   http.Handler
	prefix string // default "/tutorials/data/"
	mu     sync.Mutex
	count  map[string]int
	hook   func(path string)
}

func (h *countingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	prefix := h.prefix
	if prefix == "" {
		prefix = "/tutorials/data/"
	}
	if strings.HasPrefix(r.URL.Path, prefix) {
		h.mu.Lock()
		h.count[strings.ToLower(r.URL.Path)]++
		hook := h.hook
		h.mu.Unlock()
		if hook != nil {
			hook(r.URL.Path)
		}
	}
	h.next.ServeHTTP(w, r)
}

// setHook installs (or, with nil, removes) the hook while serving.
func (h *countingHandler) setHook(f func(path string)) {
	h.mu.Lock()
	h.hook = f
	h.mu.Unlock()
}

func (h *countingHandler) repeats() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, c := range h.count {
		n += c - 1
	}
	return n
}

// startFake serves dir through fakeapple, counting requests.
func startFake(t testing.TB, o fakeapple.Options) (*httptest.Server, *fakeapple.Server, *countingHandler) {
	t.Helper()
	srv, err := fakeapple.New(o)
	if err != nil {
		t.Fatal(err)
	}
	hs, h := serveCounting(t, srv, "")
	return hs, srv, h
}

// serveCounting serves next for the rest of the test, counting the requests
// under prefix (countingHandler's default when "").
func serveCounting(t testing.TB, next http.Handler, prefix string) (*httptest.Server, *countingHandler) {
	t.Helper()
	h := &countingHandler{next: next, prefix: prefix, count: map[string]int{}}
	hs := httptest.NewServer(h)
	t.Cleanup(hs.Close)
	return hs, h
}

// testConfig is a crawl of origin into out with no waiting.
func testConfig(origin, out string) Config {
	clock := &fakeClock{}
	return Config{
		Origin: origin, OutputDir: out, Engine: EngineHTTP, Concurrency: 4,
		Retry:           RetryPolicy{MaxAttempts: 5, BaseDelay: time.Millisecond, MaxDelay: 10 * time.Millisecond},
		CheckpointEvery: 50 * time.Millisecond, Timeout: 10 * time.Second,
		Logger: discardLogger(), sleep: clock.sleep,
	}
}

// storedPages reads the pages of an output directory like the save reader
// does (every *.json outside dot-directories) and returns URI -> canonical
// content.
func storedPages(t testing.TB, out string) map[string][]byte {
	t.Helper()
	pages := map[string][]byte{}
	for rel, content := range storedFiles(t, out) {
		if !strings.HasSuffix(rel, ".json") || strings.HasPrefix(path.Base(rel), tempPrefix) {
			continue
		}
		uri, err := URIFromPagePath(filepath.FromSlash(rel))
		if err != nil {
			t.Errorf("%s: %v", rel, err)
			continue
		}
		pages[uri] = content
	}
	return pages
}

// assertSameAsSource checks that every stored page is its source file after
// key canonicalisation, and that the page's own URI is the one it is stored as.
func assertSameAsSource(t testing.TB, srv *fakeapple.Server, pages map[string][]byte) {
	t.Helper()
	for uri, got := range pages {
		file, ok := srv.File(strings.TrimPrefix(uri, "apple-docs://"))
		if !ok {
			// Stored under its canonical URI; the source may spell "_".
			if file, ok = findSourceByURI(srv, uri); !ok {
				t.Errorf("%s: no source file", uri)
				continue
			}
		}
		assertStoredIsSource(t, uri, file, got)
	}
}

// assertStoredIsSource checks that the page stored as got is the source
// file after key canonicalisation.
func assertStoredIsSource(t testing.TB, page, file string, got []byte) {
	t.Helper()
	want, err := canonjson.Canonicalize(testenv.ReadFile(t, file))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: stored page differs from %s after canonicalisation", page, file)
	}
}

var (
	uriIndexMu sync.Mutex
	uriIndex   = map[*fakeapple.Server]map[string]string{}
)

func findSourceByURI(srv *fakeapple.Server, uri string) (string, bool) {
	uriIndexMu.Lock()
	defer uriIndexMu.Unlock()
	idx := uriIndex[srv]
	if idx == nil {
		idx = map[string]string{}
		for _, k := range srv.Keys() {
			if l, ok := resolveLink("", "/documentation/"+k); ok {
				f, _ := srv.File(k)
				idx[l.URI] = f
			}
		}
		uriIndex[srv] = idx
	}
	f, ok := idx[uri]
	return f, ok
}

func readJournalAll(t testing.TB, out string, cfg Config) []journalRecord {
	t.Helper()
	c, err := newCrawler(cfg)
	if err != nil {
		t.Fatal(err)
	}
	seeds, prefixes, err := c.cfg.seeds()
	if err != nil {
		t.Fatal(err)
	}
	return journalRecords(t, newCrawlFiles(out, crawlKey(seeds[0].URI, prefixes)))
}
