package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// testStreams are cmdTestIO's streams, for a test that reads what was
// written through io.Out and io.Err.
func testStreams() *iostreams {
	io, _, _ := cmdTestIO(false)
	return io
}

func TestFetchFlags(t *testing.T) {
	t.Setenv("HOME", "/home/user")
	var got *fetchOptions
	capture := func(_ context.Context, o *fetchOptions) error { got = o; return nil }
	cmd := newFetchCmd(testStreams(), capture)
	cmd.SetArgs([]string{"--allowed-prefixes", "/documentation/swiftui,/documentation/swift", "--request-delay", "0.25",
		"--max-pages", "10", "--engine", "http", "--origin", "http://127.0.0.1:1"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.RequestDelay != 250*time.Millisecond || len(got.AllowedPrefixes) != 2 || got.MaxPages != 10 ||
		got.OutputDir != "/home/user/.cupertino/docs" || got.Engine != "http" || got.Concurrency != 8 ||
		got.MaxPageBytes != crawler.DefaultMaxPageBytes {
		t.Fatalf("options %+v", got)
	}
	cmd = newFetchCmd(testStreams(), capture)
	cmd.SetArgs([]string{"--source", "swift-book", "--request-delay", "75ms"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.OutputDir != "/home/user/.cupertino/swift-book" || got.RequestDelay != 75*time.Millisecond {
		t.Fatalf("options %+v", got)
	}
	for _, args := range [][]string{
		{"--source", "forums"},
		{"--engine", "lynx"},
		{"--concurrency", "0"},
		{"--repo-url", "/tmp/x"},
		{"--request-delay", "soon"},
		{"--max-page-bytes", "0"},
	} {
		cmd := newFetchCmd(testStreams(), capture)
		cmd.SetArgs(args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		cmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError{err} })
		if err := cmd.Execute(); exitCode(err) != exitUsage {
			t.Errorf("%v: err %v, exit %d", args, err, exitCode(err))
		}
	}
}

// fetchIncomplete fetches, over HTTP only, from a fake site serving the
// crawler's fixture pages with opts, expects exit status 5 (incomplete) and
// returns the output folder and what fetch wrote to stderr.
func fetchIncomplete(t *testing.T, opts fakeapple.Options, flags ...string) (out, stderr string) {
	t.Helper()
	opts.Dir = "../../crawler/testdata/docs"
	srv, err := fakeapple.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	out = t.TempDir()
	io := testStreams()
	code := run(append([]string{"fetch", "--origin", hs.URL, "--output-dir", out, "--engine", "http", "--request-delay", "0"}, flags...), io)
	if code != exitIncomplete {
		t.Fatalf("exit %d, want %d\n%s", code, exitIncomplete, io.Err)
	}
	return out, io.Err.(*bytes.Buffer).String()
}

func TestFetchAppleDocsEndToEnd(t *testing.T) {
	// HTTP only: every page but the root is browser-only, so the crawl is
	// incomplete and says so with exit status 5.
	out, s := fetchIncomplete(t, fakeapple.Options{BrowserOnlyPercent: 100})
	if !strings.Contains(s, "fetch incomplete") || !strings.Contains(s, "2 failed") {
		t.Fatalf("stderr:\n%s", s)
	}
	if _, err := os.Stat(filepath.Join(out, "technologies.json")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(out, crawler.MetaDir)); err != nil {
		t.Fatal(err)
	}
}

// TestFetchMaxPageBytes caps pages below the fixture's largest: that page is
// a failure that says why, and the rest is stored.
func TestFetchMaxPageBytes(t *testing.T) {
	out, s := fetchIncomplete(t, fakeapple.Options{}, "--max-page-bytes", "3072")
	if !strings.Contains(s, "failed apple-docs://kit/widget") || !strings.Contains(s, "page too large (> 3 KiB)") {
		t.Fatalf("stderr:\n%s", s)
	}
	if _, err := os.Stat(filepath.Join(out, "kit.json")); err != nil {
		t.Fatal(err)
	}
}

func TestFetchGitSource(t *testing.T) {
	repo := testenv.GitRepo(t, t.TempDir(), nil)
	out := filepath.Join(t.TempDir(), "swift-org")
	io := testStreams()
	if code := run([]string{"fetch", "--source", "swift-org", "--repo-url", repo, "--output-dir", out}, io); code != exitOK {
		t.Fatalf("exit %d: %s", code, io.Err)
	}
	if s := io.Out.(*bytes.Buffer).String(); !strings.HasPrefix(s, "swift-org: cloned ") {
		t.Fatalf("stdout %q", s)
	}
}

func TestFetchNewSourceFlags(t *testing.T) {
	t.Setenv("HOME", "/home/user")
	var got *fetchOptions
	capture := func(_ context.Context, o *fetchOptions) error { got = o; return nil }
	for _, c := range []struct {
		args  []string
		dir   string
		delay time.Duration
	}{
		{[]string{"--source", "samples", "--repo-url", "/tmp/mirror"}, "/home/user/.cupertino/sample-code", 50 * time.Millisecond},
		{[]string{"--source", "packages", "--packages-file", "/tmp/list"}, "/home/user/.cupertino/packages", 50 * time.Millisecond},
		{[]string{"--source", "wwdc"}, "/home/user/.cupertino/wwdc", 200 * time.Millisecond},
		{[]string{"--source", "wwdc", "--request-delay", "1s"}, "/home/user/.cupertino/wwdc", time.Second},
		{[]string{"--source", "hig"}, "/home/user/.cupertino/hig", 50 * time.Millisecond},
		{[]string{"--source", "archive"}, "/home/user/.cupertino/apple-archive", 50 * time.Millisecond},
	} {
		cmd := newFetchCmd(testStreams(), capture)
		cmd.SetArgs(c.args)
		if err := cmd.Execute(); err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		if got.OutputDir != c.dir || got.RequestDelay != c.delay {
			t.Errorf("%v: output %s, delay %s", c.args, got.OutputDir, got.RequestDelay)
		}
	}
	for _, args := range [][]string{
		{"--source", "packages"},
		{"--packages-file", "/tmp/list"},
		{"--source", "wwdc", "--repo-url", "/tmp/x"},
		{"--source", "packages", "--packages-file", "/tmp/list", "--repo-url", "/tmp/x"},
		{"--source", "hig", "--guides", "Cocoa/Conceptual/MemoryMgmt"},
		{"--source", "apple-archive", "--guides", "Cocoa/../../etc"},
		{"--source", "apple-archive", "--engine", "chrome"},
	} {
		cmd := newFetchCmd(testStreams(), capture)
		cmd.SetArgs(args)
		cmd.SilenceUsage, cmd.SilenceErrors = true, true
		if err := cmd.Execute(); exitCode(err) != exitUsage {
			t.Errorf("%v: err %v, exit %d", args, err, exitCode(err))
		}
	}
}

func TestFetchWWDCSource(t *testing.T) {
	files, _ := filepath.Glob("../../crawler/testdata/wwdc/*.json")
	sessions, err := fakeapple.LoadWWDCSessions(files...)
	if err != nil || len(sessions) == 0 {
		t.Fatalf("fixtures: %v", err)
	}
	hs := httptest.NewServer(fakeapple.NewWWDC(fakeapple.WWDCOptions{Sessions: sessions}))
	defer hs.Close()
	out := filepath.Join(t.TempDir(), "wwdc")
	io := testStreams()
	if code := run([]string{"fetch", "--source", "wwdc", "--origin", hs.URL, "--output-dir", out, "--request-delay", "0"}, io); code != exitOK {
		t.Fatalf("exit %d\n%s", code, io.Err)
	}
	if s := io.Err.(*bytes.Buffer).String(); !strings.Contains(s, "fetch complete: 3 sessions") {
		t.Errorf("stderr:\n%s", s)
	}
	for _, f := range append(files, "all-videos.json") {
		name := filepath.Base(f)
		if name != "all-videos.json" {
			name = filepath.Join("videos", name)
		}
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Error(err)
		}
	}
}

func TestFetchSamplesAndPackagesSources(t *testing.T) {
	root := t.TempDir()
	repo := testenv.GitRepo(t, filepath.Join(root, "apple", "swift-demo"), map[string]string{
		"README.md":            "# Demo\n\nA demo package.\n",
		"Package.swift":        "// swift-tools-version:5.9\n",
		"Sources/Demo.swift":   "public struct Demo {}\n",
		"Sources/logo.png":     "\x89PNG\x00",
		"swiftui-x/README.md":  "# X\n",
		"swiftui-x/App.swift":  "import SwiftUI\n",
		"swiftui-x/Icon.png":   "\x89PNG\x00",
		"swiftui-x/Blob.plist": "bplist00\x00",
	})
	testenv.Git(t, repo, "tag", "1.0.0")

	samples := filepath.Join(t.TempDir(), "sample-code")
	io := testStreams()
	if code := run([]string{"fetch", "--source", "samples", "--repo-url", repo, "--output-dir", samples}, io); code != exitOK {
		t.Fatalf("samples: exit %d: %s", code, io.Err)
	}
	if s := io.Out.(*bytes.Buffer).String(); !strings.HasPrefix(s, "samples: cloned ") || !strings.Contains(s, "5 files") || !strings.Contains(s, "left out 3") {
		t.Errorf("samples stdout %q", s)
	}

	list := filepath.Join(root, "packages.txt")
	os.WriteFile(list, []byte("# fixtures\n"+repo+"@1.0.0\n"+filepath.Join(root, "nobody", "nothing")+"\n"), 0o644)
	packages := filepath.Join(t.TempDir(), "packages")
	io = testStreams()
	if code := run([]string{"fetch", "--source", "packages", "--packages-file", list, "--output-dir", packages}, io); code != exitIncomplete {
		t.Fatalf("packages: exit %d, want %d: %s", code, exitIncomplete, io.Err)
	}
	if s := io.Out.(*bytes.Buffer).String(); !strings.HasPrefix(s, "packages: 1 of 2 packages fetched, index.json lists 1") {
		t.Errorf("packages stdout %q", s)
	}
	if s := io.Err.(*bytes.Buffer).String(); !strings.Contains(s, "[2/2] nobody/nothing: failed") {
		t.Errorf("packages stderr %q", s)
	}
	for _, f := range []string{"apple/swift-demo/.package.json", "apple/swift-demo/Sources/Demo.swift", "index.json"} {
		if _, err := os.Stat(filepath.Join(packages, f)); err != nil {
			t.Error(err)
		}
	}
}

func TestFetchArchiveGuidesFlag(t *testing.T) {
	var got *fetchOptions
	capture := func(_ context.Context, o *fetchOptions) error { got = o; return nil }
	cmd := newFetchCmd(testStreams(), capture)
	cmd.SetArgs([]string{"--source", "archive", "--output-dir", t.TempDir()})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.Source != "apple-archive" || len(got.guides) != len(crawler.DefaultGuides) {
		t.Fatalf("source %q, %d guides", got.Source, len(got.guides))
	}
	cmd = newFetchCmd(testStreams(), capture)
	cmd.SetArgs([]string{"--source", "apple-archive", "--output-dir", t.TempDir(), "--guides", "Cocoa/Conceptual/MemoryMgmt=Foundation,https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/Blocks/index.html"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	want := []crawler.Guide{{Path: "Cocoa/Conceptual/MemoryMgmt", Framework: "Foundation"}, {Path: "Cocoa/Conceptual/Blocks"}}
	if !slices.Equal(got.guides, want) {
		t.Fatalf("guides %+v", got.guides)
	}
}

// TestFetchHIGAndArchiveThenSearch is the path a user takes: fetch the
// guidelines and the archived guides from a site (here the crawler's
// fixtures on 127.0.0.1), save, and search finds a page of each by its own
// words.
func TestFetchHIGAndArchiveThenSearch(t *testing.T) {
	hig, err := fakeapple.New(fakeapple.Options{Dir: "../../crawler/testdata/hig", Section: fakeapple.SectionDesign})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/tutorials/data/design/", hig)
	mux.Handle("/design/", hig)
	mux.Handle(fakeapple.ArchivePrefix, fakeapple.NewArchive(fakeapple.ArchiveOptions{Dir: "../../crawler/testdata/archive"}))
	hs := httptest.NewServer(mux)
	defer hs.Close()
	base := t.TempDir()
	for _, args := range [][]string{
		{"fetch", "--source", "hig", "--output-dir", filepath.Join(base, "hig")},
		{"fetch", "--source", "archive", "--output-dir", filepath.Join(base, "apple-archive"),
			"--guides", "Cocoa/Conceptual/LanternGuide=Foundation,Graphics/Conceptual/KiteDrawing=CoreGraphics"},
	} {
		io := testStreams()
		if code := run(append(args, "--origin", hs.URL, "--engine", "http", "--request-delay", "0"), io); code != exitOK {
			t.Fatalf("%v: exit %d\n%s", args, code, io.Err)
		}
		if s := io.Err.(*bytes.Buffer).String(); !strings.Contains(s, "fetch complete") {
			t.Errorf("%v: stderr\n%s", args, s)
		}
	}
	io := testStreams()
	if code := run([]string{"save", "--base-dir", base}, io); code != exitOK {
		t.Fatalf("save: exit %d\n%s\n%s", code, io.Out, io.Err)
	}
	for query, want := range map[string]string{
		"nocturnal contrast ledger": "hig://general/darkmode",
		"quokka-sized hit region":   "hig://general/buttons",
		"glowworm fallback":         "apple-archive://90000001i/introduction",
		"wick trimmed too short":    "apple-archive://90000001i/lightingrules",
		"spine and a spar":          "apple-archive://TP99000001/kite_basics",
	} {
		io := testStreams()
		if code := run([]string{"search", "--base-dir", base, "--format", "json", query}, io); code != exitOK {
			t.Fatalf("search %q: exit %d\n%s", query, code, io.Err)
		}
		var got struct {
			Results []struct {
				URI string `json:"uri"`
			} `json:"results"`
		}
		if err := json.Unmarshal(io.Out.(*bytes.Buffer).Bytes(), &got); err != nil {
			t.Fatalf("search %q: %v\n%s", query, err, io.Out)
		}
		if len(got.Results) == 0 || got.Results[0].URI != want {
			t.Errorf("search %q: %+v, want %s first", query, got.Results, want)
		}
	}
}
