package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// fixtureSite serves a copy of the crawler's fixture docs (which the test
// may edit) with the HIG, the archive and the WWDC sessions, as one
// developer.apple.com on 127.0.0.1.
func fixtureSite(t *testing.T) (url, docs string) {
	t.Helper()
	docs = testenv.CopyDir(t, t.TempDir(), "../../crawler/testdata/docs")
	srv, err := fakeapple.New(fakeapple.Options{Dir: docs})
	if err != nil {
		t.Fatal(err)
	}
	hig, err := fakeapple.New(fakeapple.Options{Dir: "../../crawler/testdata/hig", Section: fakeapple.SectionDesign})
	if err != nil {
		t.Fatal(err)
	}
	paths, _ := filepath.Glob("../../crawler/testdata/wwdc/*.json")
	sessions, err := fakeapple.LoadWWDCSessions(paths...)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", srv)
	mux.Handle("/tutorials/data/design/", hig)
	mux.Handle("/design/", hig)
	mux.Handle(fakeapple.ArchivePrefix, fakeapple.NewArchive(fakeapple.ArchiveOptions{Dir: "../../crawler/testdata/archive"}))
	mux.Handle("/videos/", fakeapple.NewWWDC(fakeapple.WWDCOptions{Sessions: sessions}))
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	return hs.URL, docs
}

// runOK runs a command line that must succeed and returns its stdout.
func runOK(t *testing.T, args ...string) string {
	t.Helper()
	io := testStreams()
	if code := run(args, io); code != exitOK {
		t.Fatalf("%v: exit %d\n%s\n%s", args, code, io.Out, io.Err)
	}
	return io.Out.(*bytes.Buffer).String()
}

// savedRow finds a source's row in save's summary: "source files indexed note".
func savedRow(t *testing.T, summary, src string) string {
	t.Helper()
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(src) + `\s+.*$`).FindString(summary)
	if m == "" {
		t.Fatalf("no %s row in the save summary:\n%s", src, summary)
	}
	return m
}

// TestUpdateRefetchesAndResavesOnlyWhatChanged: an index built from
// fixture crawls (docs, HIG, archive, WWDC) and a git source is brought up
// to date by `cupertino update`: each source is fetched again the way it
// was, and the save re-indexes only the two sources that changed.
func TestUpdateRefetchesAndResavesOnlyWhatChanged(t *testing.T) {
	site, docs := fixtureSite(t)
	repo := testenv.GitRepo(t, t.TempDir(), map[string]string{
		"proposals/0001-first.md": "# First\n\n* Proposal: [SE-0001](0001-first.md)\n* Status: **Implemented (Swift 5)**\n\nThe first proposal.\n",
	})
	pkg := testenv.GitRepo(t, filepath.Join(t.TempDir(), "acme", "swift-widgets"), map[string]string{
		"Package.swift":                "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Widgets\", targets: [.target(name: \"Widgets\")])\n",
		"README.md":                    "# Widgets\n\nReusable widget types.\n",
		"Sources/Widgets/Widget.swift": "/// A widget.\npublic struct Widget {}\n",
	})
	list := filepath.Join(t.TempDir(), "packages.txt")
	if err := os.WriteFile(list, []byte("file://"+pkg+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := t.TempDir()
	crawl := []string{"--origin", site, "--engine", "http", "--request-delay", "0"}
	runOK(t, append([]string{"fetch", "--output-dir", filepath.Join(base, "docs")}, crawl...)...)
	runOK(t, append([]string{"fetch", "--source", "hig", "--output-dir", filepath.Join(base, "hig")}, crawl...)...)
	runOK(t, append([]string{"fetch", "--source", "archive", "--output-dir", filepath.Join(base, "apple-archive"),
		"--guides", "Cocoa/Conceptual/LanternGuide,Graphics/Conceptual/KiteDrawing"}, crawl...)...)
	runOK(t, append([]string{"fetch", "--source", "wwdc", "--output-dir", filepath.Join(base, "wwdc")}, crawl...)...)
	runOK(t, "fetch", "--source", "swift-evolution", "--repo-url", repo, "--output-dir", filepath.Join(base, "swift-evolution"))
	runOK(t, "fetch", "--source", "packages", "--packages-file", list, "--output-dir", filepath.Join(base, "packages"))
	os.Remove(list) // the update reads the list from the fetch's record
	runOK(t, "save", "--base-dir", base)

	// Upstream, one documentation page and the evolution repository change.
	gadget := filepath.Join(docs, "Kit", "Gadget.json")
	b, err := os.ReadFile(gadget)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gadget, bytes.Replace(b, []byte("Fixture page Gadget."), []byte("Fixture page Gadget, now with sprockets."), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	testenv.GitCommit(t, repo, map[string]string{"proposals/0002-second.md": "# Second\n\n* Proposal: [SE-0002](0002-second.md)\n* Status: **Implemented (Swift 6)**\n\nA second proposal about cogwheels.\n"}, "second")

	out := runOK(t, "update", "--base-dir", base)
	t.Logf("update after one page and one commit changed:\n%s", out)
	if !strings.Contains(out, "Fetched again: apple-docs, swift-evolution, hig, apple-archive, wwdc, packages") {
		t.Errorf("update did not fetch every source again:\n%s", out)
	}
	for _, src := range []string{"apple-docs", "swift-evolution"} {
		if row := savedRow(t, out, src); strings.Contains(row, "unchanged") {
			t.Errorf("%s changed upstream but was not re-indexed: %q", src, row)
		}
	}
	for _, src := range []string{"hig", "apple-archive", "wwdc", "packages"} {
		if row := savedRow(t, out, src); !strings.Contains(row, "unchanged") {
			t.Errorf("%s did not change but was re-indexed: %q", src, row)
		}
	}
	for query, want := range map[string]string{"sprockets": "apple-docs://kit/gadget", "cogwheels": "swift-evolution://SE-0002"} {
		if found := runOK(t, "search", "--base-dir", base, query); !strings.Contains(found, want) {
			t.Errorf("search %q after the update does not find %s:\n%s", query, want, found)
		}
	}
	// Nothing changed since: the next update fetches and saves nothing new.
	out = runOK(t, "update", "--base-dir", base)
	if !strings.Contains(out, "Index is up to date") {
		t.Errorf("a second update re-indexed something:\n%s", out)
	}
}

// TestUpdateInstallsANewerBundle: an index installed by setup is current
// while its bundle is (setup --check exits 0, update installs nothing), and
// once a newer bundle is published at the same place, setup --check exits
// 12 and update installs it.
func TestUpdateInstallsANewerBundle(t *testing.T) {
	dir, docs, release, inst := installedDemoCopy(t)

	if out := runOK(t, "setup", "--check", "--from", release, "--base-dir", inst); !strings.Contains(out, "Up to date") {
		t.Errorf("setup --check on the installed bundle:\n%s", out)
	}
	if out := runOK(t, "update", "--base-dir", inst); !strings.Contains(out, "Up to date") || strings.Contains(out, "Installed:") {
		t.Errorf("update with no newer bundle:\n%s", out)
	}

	// A newer corpus, saved and bundled to the same place.
	saveNewerErrorPage(t, dir, docs)
	if err := os.RemoveAll(release); err != nil {
		t.Fatal(err)
	}
	runOK(t, "bundle", "--search-db", filepath.Join(dir, "search.db"), "--out", release)

	io := testStreams()
	if code := run([]string{"setup", "--check", "--from", release, "--base-dir", inst}, io); code != exitUpdate ||
		!strings.Contains(io.Out.(*bytes.Buffer).String(), "Update available") {
		t.Fatalf("setup --check with a newer bundle: exit %d, want %d\n%s\n%s", code, exitUpdate, io.Out, io.Err)
	}
	if out := runOK(t, "update", "--base-dir", inst); !strings.Contains(out, "Installed:") {
		t.Errorf("update did not install the newer bundle:\n%s", out)
	}
	if found := runOK(t, "search", "--base-dir", inst, "zeppelin"); !strings.Contains(found, "apple-docs://swift/error") {
		t.Errorf("the updated index lacks the new text:\n%s", found)
	}
	if out := runOK(t, "setup", "--check", "--from", release, "--base-dir", inst); !strings.Contains(out, "Up to date") {
		t.Errorf("after the update, setup --check:\n%s", out)
	}
}

// saveNewerErrorPage writes "zeppelin" into the docs corpus's Swift.Error
// page, the word a newer bundle is told by, and saves the index in dir again.
func saveNewerErrorPage(t *testing.T, dir, docs string) {
	t.Helper()
	page := filepath.Join(docs, "documentation", "Swift", "Error.json")
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	b = bytes.Replace(b, []byte("signal that an operation failed."), []byte("signal that an operation failed, zeppelin."), 1)
	if err := os.WriteFile(page, b, 0o644); err != nil {
		t.Fatal(err)
	}
	runOK(t, "save", "--base-dir", dir, "--docs-dir", docs)
}
