package crawler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
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

// archiveFixtureGuides are the books of testdata/archive.
var archiveFixtureGuides = []Guide{
	{"Cocoa/Conceptual/LanternGuide", "Foundation"},
	{"Graphics/Conceptual/KiteDrawing", "CoreGraphics"},
}

// archiveFixtureFiles is what fetching them stores.
var archiveFixtureFiles = []string{
	"90000001i/Articles/LightingRules.md",
	"90000001i/Articles/Wicks.md",
	"90000001i/Introduction/Introduction.md",
	"90000001i/RevisionHistory.md",
	"90000001i/book.json",
	"TP99000001/book.json",
	"TP99000001/kite_basics/kite_basics.md",
	"TP99000001/kite_tails/kite_tails.md",
}

// startArchive serves an archive directory, counting requests per path.
func startArchive(t testing.TB, o fakeapple.ArchiveOptions) (*httptest.Server, *countingHandler) {
	t.Helper()
	return serveCounting(t, fakeapple.NewArchive(o), "/library/")
}

// storedFiles lists the files below out outside dot-folders, and fails on a
// temporary file left.
func storedFiles(t testing.TB, out string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != out {
			return filepath.SkipDir
		}
		if d.IsDir() {
			return nil
		}
		if strings.HasPrefix(d.Name(), tempPrefix) {
			t.Errorf("temporary file left behind: %s", p)
		}
		rel, _ := filepath.Rel(out, p)
		files[filepath.ToSlash(rel)] = testenv.ReadFile(t, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestFetchArchiveFixture(t *testing.T) {
	hs, counter := startArchive(t, fakeapple.ArchiveOptions{Dir: "testdata/archive"})
	out := t.TempDir()
	var progress bytes.Buffer
	cfg := testConfig(hs.URL, out)
	cfg.Progress = &progress
	res, err := FetchArchive(context.Background(), cfg, archiveFixtureGuides)
	if err != nil {
		t.Fatalf("fetch: %v\n%s", err, progress.String())
	}
	files := storedFiles(t, out)
	if got := slices.Sorted(maps.Keys(files)); !slices.Equal(got, archiveFixtureFiles) {
		t.Fatalf("stored\n %q\nwant\n %q", got, archiveFixtureFiles)
	}
	for uid, dir := range map[string]string{"90000001i": "Cocoa/Conceptual/LanternGuide", "TP99000001": "Graphics/Conceptual/KiteDrawing"} {
		if want := testenv.ReadFile(t, filepath.Join("testdata/archive", dir, "book.json")); !bytes.Equal(files[uid+"/book.json"], want) {
			t.Errorf("%s/book.json is not the book.json served", uid)
		}
	}
	if res.Status != statusComplete || res.OK != len(archiveFixtureFiles) || res.Missing != 1 || len(res.Failures) != 0 {
		t.Errorf("result %+v", res)
	}
	if !slices.Equal(res.MissingURIs, []string{"archive://90000001i/Articles/Missing.html"}) {
		t.Errorf("missing %q", res.MissingURIs)
	}
	for path := range counter.count {
		if strings.Contains(path, "OtherGuide") || strings.HasSuffix(path, "index.html") {
			t.Errorf("fetched %s, which no table of contents lists as a chapter of its book", path)
		}
	}
	if counter.repeats() != 0 {
		t.Errorf("repeated requests: %v", counter.count)
	}

	rules := string(files["90000001i/Articles/LightingRules.md"])
	for _, want := range []string{
		"---\ntitle: \"Lighting Rules\"\nbook: \"Lantern Programming Guide\"\nframework: \"Foundation\"\nchapterId: \"90000002\"\n",
		"identifier: \"//apple_ref/doc/uid/90000001i\"\n",
		"url: \"https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/LanternGuide/Articles/LightingRules.html\"\n",
		"source: apple-archive\n---\n\n# Lighting Rules\n\nThe lighting model rests on one idea",
		"The [`NSObject`](https://developer.apple.com/documentation/foundation/nsobject) class plays no part in it, but *ownership* does, and so does the **snuffer**.",
		"- You own any flame you strike.\n- You may borrow a flame with `borrowFlame:`.\n",
		"  - A borrowed flame goes back before dusk.\n",
		"## Trimming the Wick\n",
		"```\n- (void)trimWick:(Wick *)wick {\n    [wick shortenBy:2];\n    if (wick.length < 1) {\n        [self replaceWick];\n    }\n}\n```\n",
		"> **Note:** A wick trimmed too short smokes.\n",
		"| Fuel | Smoke |\n| --- | --- |\n| Whale-free oil | Little |\n| Paraffin | Some \\| most days |\n",
		"**`kLanternBright`**\n\nThe brightest setting.\n",
		"### Storing Fuel\n\n```\nfuel = store(jar)\n```\n",
		"See also [the lantern society](http://www.example.com/lanterns) and the note above.\n",
	} {
		if !strings.Contains(rules, want) {
			t.Errorf("LightingRules.md lacks %q:\n%s", want, rules)
		}
	}
	for _, chrome := range []string{"Next", "Previous", "Copyright", "Fixture footer", "Table of Contents", "not the title", "PDF", "Lantern Programming Guide\n\n"} {
		if strings.Contains(rules, chrome) {
			t.Errorf("LightingRules.md keeps the page's chrome %q:\n%s", chrome, rules)
		}
	}

	// A second run refreshes and writes nothing.
	res, err = FetchArchive(context.Background(), cfg, archiveFixtureGuides)
	if err != nil || res.Written != 0 || res.Unchanged != len(archiveFixtureFiles) || res.Resumed {
		t.Fatalf("re-run: %+v, %v", res, err)
	}
}

// TestChaosFetchArchiveOffOriginRedirect: a chapter redirects to another
// host.
func TestChaosFetchArchiveOffOriginRedirect(t *testing.T) {
	start := time.Now()
	foreign, hits := foreignSite(t)
	hs, _ := startArchive(t, fakeapple.ArchiveOptions{Dir: "testdata/archive", RedirectTo: foreign.URL,
		Faults: map[string]fakeapple.Fault{"Cocoa/Conceptual/LanternGuide/Articles/Wicks.html": fakeapple.FaultOffOrigin}})
	out := t.TempDir()
	res, err := FetchArchive(context.Background(), testConfig(hs.URL, out), archiveFixtureGuides)
	if !errors.Is(err, ErrIncomplete) {
		t.Fatalf("err %v, want ErrIncomplete; %+v", err, res)
	}
	want := fmt.Sprintf("redirect to another host (%s) refused", foreign.Listener.Addr())
	if len(res.Failures) != 1 || res.Failures[0].URI != "archive://90000001i/Articles/Wicks.html" ||
		!strings.Contains(res.Failures[0].Err, want) || res.Failures[0].Attempts != 1 {
		t.Fatalf("failures %+v, want Wicks once with %q", res.Failures, want)
	}
	files := storedFiles(t, out)
	if _, ok := files["90000001i/Articles/Wicks.md"]; ok || len(files) != len(archiveFixtureFiles)-1 {
		t.Errorf("stored %q", slices.Sorted(maps.Keys(files)))
	}
	if n := hits.Load(); n != 0 {
		t.Errorf("the other host got %d requests", n)
	}
	t.Logf("chaos: fetch archive off-origin: %s, %d failed: redirect refused, %d pages written, %d requests to the other host, %s",
		res.Status, len(res.Failures), res.Written, hits.Load(), time.Since(start).Round(time.Millisecond))
}

func TestFetchArchiveRetriesAndCapsPages(t *testing.T) {
	hs, counter := startArchive(t, fakeapple.ArchiveOptions{Dir: "testdata/archive", BombBytes: 1 << 20,
		Faults: map[string]fakeapple.Fault{
			"Graphics/Conceptual/KiteDrawing/book.json":                  fakeapple.FaultUnavailable,
			"Graphics/Conceptual/KiteDrawing/kite_tails/kite_tails.html": fakeapple.FaultHuge,
		}})
	out := t.TempDir()
	cfg := testConfig(hs.URL, out)
	cfg.MaxPageBytes = 64 << 10
	res, err := FetchArchive(context.Background(), cfg, archiveFixtureGuides)
	if !errors.Is(err, ErrIncomplete) || len(res.Failures) != 1 || !strings.Contains(res.Failures[0].Err, "page too large (> 64 KiB)") {
		t.Fatalf("err %v, failures %+v", err, res.Failures)
	}
	if n := counter.count["/library/archive/documentation/graphics/conceptual/kitedrawing/book.json"]; n != 3 {
		t.Errorf("the busy book.json was asked for %d times, want 3 (two 503s, then the page)", n)
	}
	if _, ok := storedFiles(t, out)["TP99000001/kite_basics/kite_basics.md"]; !ok {
		t.Error("the book that answered 503 first was not fetched")
	}
}

func TestFetchArchiveConfig(t *testing.T) {
	cfg := testConfig("http://127.0.0.1:9", t.TempDir())
	cfg.Engine = EngineChrome
	if _, err := FetchArchive(context.Background(), cfg, archiveFixtureGuides); !errors.Is(err, ErrConfig) {
		t.Errorf("engine chrome: %v, want ErrConfig", err)
	}
	cfg.Engine = EngineHTTP
	for _, guides := range [][]Guide{nil, {{Path: "../etc"}}} {
		if _, err := FetchArchive(context.Background(), cfg, guides); !errors.Is(err, ErrConfig) {
			t.Errorf("guides %v: %v, want ErrConfig", guides, err)
		}
	}
}

func TestParseGuide(t *testing.T) {
	for in, want := range map[string]Guide{
		"Cocoa/Conceptual/MemoryMgmt":                                                                     {Path: "Cocoa/Conceptual/MemoryMgmt"},
		"Cocoa/Conceptual/MemoryMgmt=Foundation":                                                          {Path: "Cocoa/Conceptual/MemoryMgmt", Framework: "Foundation"},
		"/library/archive/documentation/Cocoa/Conceptual/KeyValueObserving/":                              {Path: "Cocoa/Conceptual/KeyValueObserving"},
		"https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/CoreData/index.html":  {Path: "Cocoa/Conceptual/CoreData"},
		"library/archive/documentation/General/Conceptual/ConcurrencyProgrammingGuide/book.json=Dispatch": {Path: "General/Conceptual/ConcurrencyProgrammingGuide", Framework: "Dispatch"},
	} {
		if got, err := ParseGuide(in); err != nil || got != want {
			t.Errorf("ParseGuide(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "/", "Cocoa/../../etc", "Cocoa/.git"} {
		if g, err := ParseGuide(bad); !errors.Is(err, ErrBadGuide) {
			t.Errorf("ParseGuide(%q) = %+v, %v; want ErrBadGuide", bad, g, err)
		}
	}
	for _, g := range DefaultGuides {
		if back, err := ParseGuide(g.Path + "=" + g.Framework); err != nil || back != g {
			t.Errorf("default guide %+v reads back as %+v, %v", g, back, err)
		}
	}
}

// synthGuides are the guides writeSynthArchive writes.
func synthGuides(books int) []Guide {
	var guides []Guide
	for b := range books {
		guides = append(guides, Guide{Path: fmt.Sprintf("Synth/Conceptual/Book%d", b)})
	}
	return guides
}

// writeSynthArchive writes books of chapters in the archive's shape and
// returns the guides and how many files fetching them stores.
func writeSynthArchive(t testing.TB, dir string, books, chapters int) ([]Guide, int) {
	t.Helper()
	guides := synthGuides(books)
	write := func(rel, body string) {
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for b, g := range guides {
		var toc []string
		for c := range chapters {
			href := fmt.Sprintf("Articles/chapter%d.html", c)
			toc = append(toc, fmt.Sprintf(`{"title":"Chapter %d","href":"%s#//apple_ref/doc/uid/S%d-SW1","type":"chapter"}`, c, href, b))
			write(g.Path+"/"+href, fmt.Sprintf(`<html><head><title>Chapter %d</title><meta name="book-title" content="Book %d"></head>`+
				`<body><div id="contents"><h1 id="pageTitle">Chapter %d</h1><p>%s</p></div></body></html>`, c, b, c, strings.Repeat("Synthetic prose. ", 30)))
		}
		write(g.Path+"/book.json", fmt.Sprintf(`{"uid":"S%04d","title":"Book %d","sections":[%s]}`, b, b, strings.Join(toc, ",")))
	}
	return guides, books * (chapters + 1)
}

func TestFetchArchiveResumeAfterKill(t *testing.T) {
	if testing.Short() {
		t.Skip("subprocess test")
	}
	src := t.TempDir()
	guides, want := writeSynthArchive(t, src, 30, 40)
	hs, counter := startArchive(t, fakeapple.ArchiveOptions{Dir: src})
	out := t.TempDir()
	cfg := resumeAfterKills(t, counter, "archive", hs.URL, out, 5)
	if files := storedFiles(t, out); len(files) != want {
		t.Fatalf("stored %d files, want %d", len(files), want)
	}
	site, _ := newArchiveSite(guides)
	assertJournalOncePerPage(t, journalRecords(t, newCrawlFiles(out, site.key(site.books, nil))), want)
	assertKillsRepeatedFew(t, counter, cfg, "files", want)
}
