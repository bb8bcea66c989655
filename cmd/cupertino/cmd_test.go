package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/ingest"
)

func cmdTestIO(tty bool) (*iostreams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &iostreams{In: strings.NewReader(""), Out: &out, Err: &errb, IsTerminal: tty}, &out, &errb
}

var (
	demoOnce sync.Once
	demoDB   string
	demoErr  error
)

// demoIndex saves the demo corpus once per test binary run.
func demoIndex(t *testing.T) string {
	t.Helper()
	demoOnce.Do(func() {
		dir, err := os.MkdirTemp("", "cupertino-cmd-test")
		if err != nil {
			demoErr = err
			return
		}
		io, out, errb := cmdTestIO(false)
		o := &saveOptions{IO: io, BaseDir: dir, DocsDir: "../../testdata/demo/docs",
			EvolutionDir: "../../testdata/demo/swift-evolution", SwiftBookDir: "../../testdata/demo/swift-book",
			SwiftOrgDir: "../../testdata/demo/swift-org", HIGDir: "../../testdata/demo/hig",
			ArchiveDir: "../../testdata/demo/apple-archive"}
		if err := runSave(context.Background(), o); err != nil {
			demoErr = fmt.Errorf("save demo: %w\n%s\n%s", err, out, errb)
			return
		}
		demoDB = filepath.Join(dir, "search.db")
	})
	if demoErr != nil {
		t.Fatal(demoErr)
	}
	return demoDB
}

func TestSaveFlagsDeriveFromBaseDir(t *testing.T) {
	io, _, _ := cmdTestIO(false)
	var got *saveOptions
	cmd := newSaveCmd(io, func(_ context.Context, o *saveOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--base-dir", "/data/cup", "--hig-dir", "/elsewhere/hig", "--dry-run"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	got.resolve()
	if got.DocsDir != "/data/cup/docs" || got.HIGDir != "/elsewhere/hig" || got.SearchDB != "/data/cup/search.db" || !got.DryRun {
		t.Fatalf("resolved options: %+v", got)
	}
}

func TestSaveSummaryNamesEveryCounter(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	// A second save over the same corpus is a no-op and says so.
	o := &saveOptions{IO: io, BaseDir: filepath.Dir(db), DocsDir: "../../testdata/demo/docs",
		EvolutionDir: "../../testdata/demo/swift-evolution", SwiftBookDir: "../../testdata/demo/swift-book",
		SwiftOrgDir: "../../testdata/demo/swift-org", HIGDir: "../../testdata/demo/hig",
		ArchiveDir: "../../testdata/demo/apple-archive"}
	if err := runSave(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"up to date", "apple-docs", "unchanged", "Index:", db, "Elapsed:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}

	io, out, _ = cmdTestIO(false)
	o.IO, o.DryRun = io, true
	if err := runSave(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Dry run", "files judged", "rejected: empty file", "rejected: malformed JSON", "Tier C collisions: 0", "Audit log:"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dry-run summary lacks %q:\n%s", want, out)
		}
	}
}

func TestSearchTextOnTerminalAndInPipe(t *testing.T) {
	db := demoIndex(t)
	run := func(tty bool, args ...string) string {
		io, out, errb := cmdTestIO(tty)
		root := newRootCmd(io)
		root.SetArgs(append([]string{"search", "--search-db", db}, args...))
		if err := root.Execute(); err != nil {
			t.Fatalf("search %v: %v\n%s", args, err, errb)
		}
		return out.String()
	}
	tty := run(true, "URLSession")
	pipe := run(false, "URLSession")
	if !strings.Contains(tty, "apple-docs://foundation/urlsession") || !strings.Contains(pipe, "apple-docs://foundation/urlsession") {
		t.Fatalf("URLSession page missing:\n%s", tty)
	}
	for _, line := range strings.Split(strings.TrimSpace(tty), "\n") {
		if strings.Contains(line, "...") {
			return // a long summary was cut on the terminal
		}
	}
	if tty == pipe {
		t.Log("no summary long enough to be cut; terminal and pipe output agree")
	}
}

func TestSearchJSONShapeIsStable(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	root := newRootCmd(io)
	root.SetArgs([]string{"search", "--search-db", db, "--format", "json", "--limit", "3", "Error"})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Query   string                       `json:"query"`
		Results []map[string]json.RawMessage `json:"results"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.Query != "Error" || len(got.Results) == 0 || len(got.Results) > 3 {
		t.Fatalf("query %q, %d results", got.Query, len(got.Results))
	}
	for _, key := range []string{"uri", "title", "source", "framework", "kind", "summary", "score", "deprecated"} {
		if _, ok := got.Results[0][key]; !ok {
			t.Errorf("result lacks %q: %s", key, out)
		}
	}
	if _, ok := got.Results[0]["explain"]; ok {
		t.Errorf("explain must only appear with --explain")
	}
}

func TestReadMarkdownSectionsAndWindow(t *testing.T) {
	db := demoIndex(t)
	run := func(args ...string) (string, error) {
		io, out, _ := cmdTestIO(false)
		root := newRootCmd(io)
		root.SetArgs(append([]string{"read", "--search-db", db}, args...))
		err := root.Execute()
		return out.String(), err
	}
	full, err := run("https://developer.apple.com/documentation/Swift/Error")
	if err != nil || !strings.HasPrefix(full, "# Error") || !strings.Contains(full, "## Declaration") {
		t.Fatalf("read by URL: %v\n%s", err, full)
	}
	decl, err := run("--sections", "decl", "apple-docs://swift/error")
	if err != nil || !strings.Contains(decl, "## Declaration") || len(decl) >= len(full) {
		t.Fatalf("--sections: %v\n%s", err, decl)
	}
	part, err := run("--max-bytes", "120", "apple-docs://swift/error")
	if err != nil || !strings.Contains(part, "--offset") {
		t.Fatalf("--max-bytes gives no continuation hint: %v\n%s", err, part)
	}
	_, err = run("--sections", "nosuchsection", "apple-docs://swift/error")
	if exitCode(err) != exitUsage {
		t.Errorf("unknown section: exit %d (%v), want %d", exitCode(err), err, exitUsage)
	}
	_, err = run("apple-docs://swift/nothing-here")
	if exitCode(err) != exitNotFound {
		t.Errorf("missing page: exit %d (%v), want %d", exitCode(err), err, exitNotFound)
	}
	js, err := run("--format", "json", "swift-evolution://SE-0306")
	if err != nil || !strings.Contains(js, `"uri": "swift-evolution://SE-0306"`) {
		t.Fatalf("json: %v\n%s", err, js)
	}
}

func TestListFrameworksCountsDocuments(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	root := newRootCmd(io)
	root.SetArgs([]string{"list-frameworks", "--search-db", db})
	if err := root.Execute(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"swiftui", "foundation", "uikit", "frameworks,"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("list lacks %q:\n%s", want, out)
		}
	}
}

func TestExitCodesAreMappedInOnePlace(t *testing.T) {
	cases := []struct {
		err  error
		code int
	}{
		{nil, exitOK},
		{fmt.Errorf("x"), exitFailure},
		{usageErrorf("bad"), exitUsage},
		{fmt.Errorf("save: %w", ingest.ErrCollisions), exitCollision},
		{fmt.Errorf("save: %w", index.ErrLocked), exitLocked},
		{fmt.Errorf("open: %w", index.ErrNotFound), exitNotFound},
		{context.Canceled, exitInterrupt},
	}
	for _, c := range cases {
		if got := exitCode(c.err); got != c.code {
			t.Errorf("exitCode(%v) = %d, want %d", c.err, got, c.code)
		}
	}
	io, _, errb := cmdTestIO(false)
	if code := run([]string{"search", "--format", "yaml", "x"}, io); code != exitUsage {
		t.Errorf("bad --format: exit %d, want %d (%s)", code, exitUsage, errb)
	}
	if code := run([]string{"read", "--search-db", filepath.Join(t.TempDir(), "none.db"), "apple-docs://swift/error"}, io); code != exitNotFound {
		t.Errorf("missing index: exit %d, want %d (%s)", code, exitNotFound, errb)
	}
}

func TestDoctorReportsHealthAndFailure(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	if err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: t.TempDir(), SearchDB: db}, Deep: true}); err != nil {
		t.Fatalf("healthy demo index: %v\n%s", err, out)
	}
	for _, want := range []string{"ok   opens", "apple-docs", "quick_check", "chromium"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	io, out, _ = cmdTestIO(false)
	err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: t.TempDir()}})
	if !errors.Is(err, errUnhealthy) || !strings.Contains(out.String(), "FAIL open") {
		t.Fatalf("missing index: err %v\n%s", err, out)
	}
}

func TestServeIsTheDefaultWithoutACommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--search-db", "x.db"}, true},
		{[]string{"--help"}, false},
		{[]string{"--version"}, false},
		{[]string{"search", "View"}, false},
	} {
		if got := namesNoCommand(c.args); got != c.want {
			t.Errorf("namesNoCommand(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
