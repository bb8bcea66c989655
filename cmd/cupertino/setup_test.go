package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

var demoBundleDir testenv.Fixture[string]

// demoBundle packs the demo index once per test binary run, with
// `cupertino bundle`, into a folder inside the demo index's directory.
func demoBundle(t *testing.T) string {
	t.Helper()
	db := demoIndex(t)
	return demoBundleDir.Get(t, func() (string, error) {
		dir := filepath.Join(filepath.Dir(db), "bundle")
		io := testStreams()
		if code := run([]string{"bundle", "--search-db", db, "--out", dir}, io); code != exitOK {
			return "", fmt.Errorf("bundle: exit %d\n%s\n%s", code, io.Out, io.Err)
		}
		return dir, nil
	})
}

// copyDemoBundle copies the demo bundle for a test that damages it.
func copyDemoBundle(t *testing.T) string {
	t.Helper()
	return testenv.CopyDir(t, t.TempDir(), demoBundle(t))
}

func setupOpts(io *iostreams, from, base string) *setupOptions {
	return &setupOptions{IO: io, DB: dbFlags{BaseDir: base}, From: from, Yes: true, KeepPrevious: true}
}

// The acceptance path: setup from a local HTTP server into a fresh base
// dir, then doctor passes and search answers.
func TestSetupFromHTTPThenDoctorAndSearch(t *testing.T) {
	srv := testenv.ServeFiles(t, demoBundle(t), "/")
	base := t.TempDir()
	io := testStreams()
	if code := run([]string{"setup", "--from", srv.URL + "/" + bundle.ManifestFile, "--base-dir", base, "--yes"}, io); code != exitOK {
		t.Fatalf("setup: exit %d\n%s", code, io.Err)
	}
	for _, want := range []string{"Installed:", "apple-docs", "Downloaded:", "Downloads kept:"} {
		if !strings.Contains(io.Out.(*bytes.Buffer).String(), want) {
			t.Errorf("setup summary lacks %q:\n%s", want, io.Out)
		}
	}
	if !strings.Contains(io.Err.(*bytes.Buffer).String(), "MiB/s") {
		t.Errorf("setup showed no download rate:\n%s", io.Err)
	}
	db := filepath.Join(base, "search.db")
	if got, want := indextest.Documents(t, db), indextest.Documents(t, demoIndex(t)); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("installed %v, the demo index has %v", got, want)
	}
	io = testStreams()
	if code := run([]string{"doctor", "--base-dir", base}, io); code != exitOK {
		t.Fatalf("doctor after setup: exit %d\n%s", code, io.Out)
	}
	if !strings.Contains(io.Out.(*bytes.Buffer).String(), "installed from bundle v1") {
		t.Errorf("doctor does not report the bundle:\n%s", io.Out)
	}
	io = testStreams()
	if code := run([]string{"search", "--base-dir", base, "--format", "json", "Error"}, io); code != exitOK ||
		!strings.Contains(io.Out.(*bytes.Buffer).String(), "apple-docs://swift/error") {
		t.Errorf("search after setup: exit %d\n%s\n%s", code, io.Out, io.Err)
	}
}

func TestSetupRefusesACorruptPart(t *testing.T) {
	dir := copyDemoBundle(t)
	part := filepath.Join(dir, bundle.PartFile("apple-docs"))
	data, _ := os.ReadFile(part)
	data[len(data)/3] ^= 0x55
	os.WriteFile(part, data, 0o644)
	srv := testenv.ServeFiles(t, dir, "/")
	for _, from := range []string{dir, srv.URL + "/" + bundle.ManifestFile} {
		base := t.TempDir()
		io := testStreams()
		code := run([]string{"setup", "--from", from, "--base-dir", base, "--yes"}, io)
		if code != exitDamaged || !strings.Contains(io.Err.(*bytes.Buffer).String(), "checksum") {
			t.Errorf("from %s: exit %d, want %d with the checksum named\n%s", from, code, exitDamaged, io.Err)
		}
		if entries, _ := filepath.Glob(filepath.Join(base, "search.db*")); len(entries) > 0 {
			t.Errorf("from %s: a refused bundle left %v", from, entries)
		}
	}
}

// A run that fails mid-download leaves <file>.part; the next run asks for
// the rest with Range and finishes.
func TestSetupResumesAfterADroppedConnection(t *testing.T) {
	dir := demoBundle(t)
	srv := testenv.ServeFiles(t, dir, "/")
	file := bundle.PartFile("apple-docs")
	srv.Cut(file, 2000)
	base := t.TempDir()
	io := testStreams()
	o := setupOpts(io, srv.URL+"/"+bundle.ManifestFile, base)
	o.Backoff = time.Millisecond
	err := runSetup(context.Background(), o)
	if code := exitCode(err); code != exitDownload || !strings.Contains(err.Error(), "run setup again to resume") {
		t.Fatalf("every answer cut: %v, exit %d, want %d with a resume hint", err, code, exitDownload)
	}
	if _, err := os.Stat(filepath.Join(base, "search.db")); !os.IsNotExist(err) {
		t.Fatalf("a failed download installed an index")
	}
	srv.Uncut(file)
	before := len(srv.Ranges(file))
	if err := runSetup(context.Background(), setupOpts(testStreams(), srv.URL+"/"+bundle.ManifestFile, base)); err != nil {
		t.Fatal(err)
	}
	got := srv.Ranges(file)
	if len(got) != before+1 || !strings.HasPrefix(got[before], "bytes=") || got[before] == "bytes=0-" {
		t.Errorf("Range headers %q: the second run should ask for the rest", got)
	}
	for i, r := range got[1:before] {
		if r != fmt.Sprintf("bytes=%d-", 2000*(i+1)) {
			t.Errorf("retry %d asked for %q", i+1, r)
		}
	}
}

// TestSetupHelperProcess is `cupertino` itself when the test binary runs as
// a child of TestSetupResumesAKilledProcess.
func TestSetupHelperProcess(t *testing.T) {
	args := os.Getenv("CUPERTINO_SETUP_HELPER_ARGS")
	if args == "" {
		t.Skip("runs only as the child of TestSetupResumesAKilledProcess")
	}
	os.Exit(run(strings.Split(args, "\n"), testStreams()))
}

// killAfterDownloading runs cupertino with args in a child process (through
// TestSetupHelperProcess) and kills it with SIGKILL, no chance to clean up,
// once srv has sent it n bytes of file.
func killAfterDownloading(t *testing.T, srv *testenv.FileServer, file string, n int64, args []string) {
	t.Helper()
	child := exec.Command(os.Args[0], "-test.run=^TestSetupHelperProcess$")
	child.Env = append(os.Environ(), "CUPERTINO_SETUP_HELPER_ARGS="+strings.Join(args, "\n"))
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for srv.Sent(file) < n {
		if time.Now().After(deadline) {
			child.Process.Kill()
			t.Fatalf("the child never got %d bytes of %s", n, file)
		}
		time.Sleep(5 * time.Millisecond)
	}
	child.Process.Kill()
	child.Wait()
}

// A setup process killed mid-download (SIGKILL, no chance to clean up)
// resumes in the next run with a Range request.
func TestSetupResumesAKilledProcess(t *testing.T) {
	srv := testenv.ServeFiles(t, demoBundle(t), "/")
	file := bundle.PartFile("apple-docs")
	srv.Slow(file, 20*time.Millisecond)
	base := t.TempDir()
	args := []string{"setup", "--from", srv.URL + "/" + bundle.ManifestFile, "--base-dir", base, "--yes"}
	killAfterDownloading(t, srv, file, 8192, args)
	partials, _ := filepath.Glob(filepath.Join(base, downloadsFolder, "*.part"))
	if len(partials) != 1 {
		t.Fatalf("the killed run left %v, want one .part file", partials)
	}
	fi, _ := os.Stat(partials[0])
	srv.Slow(file, 0)
	io := testStreams()
	if code := run(args, io); code != exitOK {
		t.Fatalf("setup after the kill: exit %d\n%s", code, io.Err)
	}
	got := srv.Ranges(file)
	if want := fmt.Sprintf("bytes=%d-", fi.Size()); len(got) != 2 || got[1] != want {
		t.Errorf("Range headers %q, want the second to be %q", got, want)
	}
}

func TestSetupRefusesAnIncompatibleBundle(t *testing.T) {
	dir := copyDemoBundle(t)
	path := filepath.Join(dir, bundle.ManifestFile)
	data, _ := os.ReadFile(path)
	data = bytes.Replace(data, []byte(fmt.Sprintf(`"schema_version": %d`, index.SchemaVersion)),
		[]byte(fmt.Sprintf(`"schema_version": %d`, index.SchemaVersion+1)), 1)
	data = bytes.Replace(data, []byte(`"min_binary_version": "0.0.0"`), []byte(`"min_binary_version": "7.1.0"`), 1)
	os.WriteFile(path, data, 0o644)
	base := t.TempDir()
	io := testStreams()
	code := run([]string{"setup", "--from", dir, "--base-dir", base, "--yes"}, io)
	if code != exitIncompat || !strings.Contains(io.Err.(*bytes.Buffer).String(), "install cupertino 7.1.0 or later") {
		t.Errorf("exit %d, want %d naming 7.1.0\n%s", code, exitIncompat, io.Err)
	}
	if _, err := os.Stat(filepath.Join(base, downloadsFolder)); !os.IsNotExist(err) {
		t.Errorf("an incompatible bundle was downloaded")
	}
}

func TestSetupNotFoundNetworkAndAnswers(t *testing.T) {
	srv := testenv.ServeFiles(t, demoBundle(t), "/")
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"--from", srv.URL + "/nothing/manifest.json"}, exitNotFound},
		{[]string{"--from", t.TempDir()}, exitNotFound},
		{[]string{"--from", "http://127.0.0.1:1/manifest.json"}, exitDownload},
		{[]string{"--from", demoBundle(t), "--sources", "apple-docs,nonesuch"}, exitUsage},
	} {
		io := testStreams()
		if code := run(append([]string{"setup", "--base-dir", t.TempDir(), "--yes"}, c.args...), io); code != c.code {
			t.Errorf("setup %v: exit %d, want %d\n%s", c.args, code, c.code, io.Err)
		}
	}
	// On a terminal, setup asks; no is no.
	io := testStreams()
	io.InTerminal, io.In = true, strings.NewReader("n\n")
	o := setupOpts(io, demoBundle(t), t.TempDir())
	o.Yes = false
	if err := runSetup(context.Background(), o); exitCode(err) != exitFailure || !strings.Contains(err.Error(), "answered no") {
		t.Errorf("answering no: %v", err)
	}
}

func TestSetupSomeSourcesThenReplace(t *testing.T) {
	base := t.TempDir()
	o := setupOpts(testStreams(), demoBundle(t), base)
	o.Sources = []string{"swift-evolution", "hig"}
	if err := runSetup(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(base, "search.db")
	if got := indextest.Documents(t, db); len(got) != 2 || got["hig"] == 0 || got["swift-evolution"] == 0 {
		t.Errorf("installed %v, want hig and swift-evolution only", got)
	}
	if err := runSetup(context.Background(), setupOpts(testStreams(), demoBundle(t), base)); err != nil {
		t.Fatal(err)
	}
	if got := indextest.Documents(t, index.PreviousPath(db)); len(got) != 2 {
		t.Errorf("the previous index holds %v", got)
	}
	if got := indextest.Documents(t, db); len(got) != 6 {
		t.Errorf("the replacing index holds %v", got)
	}
}

func TestBundleNeedsOut(t *testing.T) {
	io := testStreams()
	if code := run([]string{"bundle", "--search-db", "x.db"}, io); code != exitUsage {
		t.Errorf("bundle without --out: exit %d", code)
	}
	if code := run([]string{"bundle", "--out", t.TempDir(), "--min-version", "soon"}, testStreams()); code != exitUsage {
		t.Errorf("bundle --min-version soon: exit %d", code)
	}
	if code := run([]string{"bundle", "--search-db", filepath.Join(t.TempDir(), "none.db"), "--out", t.TempDir()}, testStreams()); code != exitNotFound {
		t.Errorf("bundle of no index: exit %d, want %d", code, exitNotFound)
	}
}
