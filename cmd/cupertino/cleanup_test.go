package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/crawler/fakeapple"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// leaveEverything makes a base dir with one of each thing cleanup removes:
// downloads and a previous index from two setups, the in-flight file of a
// killed save, and the checkpoint and journal of a finished crawl.
func leaveEverything(t *testing.T) string {
	t.Helper()
	base := t.TempDir()
	srv := testenv.ServeFiles(t, demoBundle(t), "/")
	for range 2 {
		if err := runSetup(context.Background(), setupOpts(testStreams(), srv.URL+"/"+bundle.ManifestFile, base)); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(base, "search.db.in-flight"), bytes.Repeat([]byte("x"), 3000), 0o644); err != nil {
		t.Fatal(err)
	}
	apple, err := fakeapple.New(fakeapple.Options{Dir: "../../crawler/testdata/docs"})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(apple)
	defer hs.Close()
	io := testStreams()
	if code := run([]string{"fetch", "--origin", hs.URL, "--output-dir", filepath.Join(base, "docs"), "--engine", "http", "--request-delay", "0"}, io); code != exitOK {
		t.Fatalf("fetch: exit %d\n%s", code, io.Err)
	}
	return base
}

func TestCleanupShowsSizesThenRemoves(t *testing.T) {
	base := leaveEverything(t)
	db := filepath.Join(base, "search.db")
	crawlFiles, _ := crawler.FinishedCrawlFiles(filepath.Join(base, "docs"))
	downloads, _ := bundle.Downloads(filepath.Join(base, downloadsFolder))
	if len(crawlFiles) != 2 || len(downloads) == 0 {
		t.Fatalf("setup of the test: %d crawl files, %d downloads", len(crawlFiles), len(downloads))
	}
	everything := []string{db + ".in-flight", index.PreviousPath(db), downloads[0].Path, crawlFiles[0].Path, crawlFiles[1].Path}

	io := testStreams()
	if code := run([]string{"cleanup", "--base-dir", base, "--dry-run"}, io); code != exitOK {
		t.Fatalf("dry run: exit %d\n%s", code, io.Err)
	}
	out := io.Out.(*bytes.Buffer).String()
	for _, want := range append([]string{"did not finish", "Previous index kept by setup", "Setup's downloads",
		"finished crawls", "2.9 KiB", "Total:", "Dry run: nothing was removed."}, everything...) {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	for _, p := range everything {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("the dry run removed %s", p)
		}
	}

	// While a save holds the lock, cleanup touches nothing.
	lock, err := index.LockForSave(db)
	if err != nil {
		t.Fatal(err)
	}
	io = testStreams()
	code := run([]string{"cleanup", "--base-dir", base, "--yes"}, io)
	lock.Release()
	if code != exitLocked || !strings.Contains(io.Err.(*bytes.Buffer).String(), "nothing removed") {
		t.Errorf("cleanup during a save: exit %d\n%s", code, io.Err)
	}
	for _, p := range everything {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("cleanup during a save removed %s", p)
		}
	}

	io = testStreams()
	if code := run([]string{"cleanup", "--base-dir", base, "--yes"}, io); code != exitOK {
		t.Fatalf("cleanup: exit %d\n%s", code, io.Err)
	}
	if !strings.Contains(io.Out.(*bytes.Buffer).String(), "Removed ") {
		t.Errorf("cleanup does not say what it freed:\n%s", io.Out)
	}
	for _, p := range everything {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s survived cleanup", p)
		}
	}
	if code := run([]string{"doctor", "--base-dir", base}, testStreams()); code != exitOK {
		t.Errorf("doctor after cleanup: exit %d", code)
	}
	io = testStreams()
	run([]string{"cleanup", "--base-dir", base}, io)
	if !strings.Contains(io.Out.(*bytes.Buffer).String(), "Nothing to clean.") {
		t.Errorf("a second cleanup:\n%s", io.Out)
	}
}

func TestCleanupAsksOnATerminal(t *testing.T) {
	base := t.TempDir()
	inFlight := filepath.Join(base, "search.db.in-flight")
	os.WriteFile(inFlight, []byte("x"), 0o644)
	io := testStreams()
	io.InTerminal, io.In = true, strings.NewReader("no\n")
	err := runCleanup(context.Background(), &cleanupOptions{IO: io, DB: dbFlags{BaseDir: base}})
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "answered no") {
		t.Errorf("answering no: %v", err)
	}
	if _, err := os.Stat(inFlight); err != nil {
		t.Errorf("answering no removed the file")
	}
}

func TestDoctorChecksTheInstalledBundle(t *testing.T) {
	// A bundle for cupertino 99.0.0 or later, which a development build
	// installs.
	dir := t.TempDir()
	io := testStreams()
	if code := run([]string{"bundle", "--search-db", demoIndex(t), "--out", dir, "--min-version", "99.0.0"}, io); code != exitOK {
		t.Fatalf("bundle: exit %d\n%s", code, io.Err)
	}
	base := t.TempDir()
	if err := runSetup(context.Background(), setupOpts(testStreams(), dir, base)); err != nil {
		t.Fatal(err)
	}
	saved := version
	t.Cleanup(func() { version = saved })
	version = "1.0.0"
	io = testStreams()
	if code := run([]string{"doctor", "--base-dir", base}, io); code != exitFailure ||
		!strings.Contains(io.Out.(*bytes.Buffer).String(), "install cupertino 99.0.0 or later") {
		t.Errorf("doctor with a bundle for a newer cupertino: exit %d\n%s", code, io.Out)
	}
	// After a save the manifest describes an index that is gone: a note,
	// not a failure.
	if err := runSave(context.Background(), &saveOptions{IO: testStreams(), BaseDir: base, Dirs: demoDirs("../../testdata/demo/docs")}); err != nil {
		t.Fatal(err)
	}
	io = testStreams()
	if code := run([]string{"doctor", "--base-dir", base}, io); code != exitOK ||
		!strings.Contains(io.Out.(*bytes.Buffer).String(), "rebuilt by save since setup") {
		t.Errorf("doctor after a save over a bundle: exit %d\n%s", code, io.Out)
	}
}

// A kill between the rename of the index and that of the manifest file
// beside it once left the manifest of the index before, which doctor then
// read. The manifest is inside the index now: a stale file beside it, as
// such a kill or an older setup left, is not what doctor reports.
func TestDoctorReadsTheManifestInsideTheIndex(t *testing.T) {
	base := t.TempDir()
	if err := runSetup(context.Background(), setupOpts(testStreams(), demoBundle(t), base)); err != nil {
		t.Fatal(err)
	}
	stale := fmt.Sprintf(`{"bundle_version": 1, "schema_version": %d, "corpus_date": "1999-01-01T00:00:00Z",
		"min_binary_version": "99.0.0", "installed_sources": ["hig"], "from": "elsewhere"}`, index.SchemaVersion)
	if err := os.WriteFile(filepath.Join(base, "search.db.bundle.json"), []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	saved := version
	t.Cleanup(func() { version = saved })
	version = "1.0.0"
	io := testStreams()
	out := io.Out.(*bytes.Buffer)
	if code := run([]string{"doctor", "--base-dir", base}, io); code != exitOK ||
		!strings.Contains(out.String(), "ok   installed from bundle v1") || strings.Contains(out.String(), "1999") {
		t.Errorf("doctor beside a stale manifest file: exit %d, want the manifest inside the index reported\n%s", code, out)
	}
}
