package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/ingest"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
	_ "modernc.org/sqlite"
)

func cmdTestIO(tty bool) (*iostreams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &iostreams{In: strings.NewReader(""), Out: &out, Err: &errb, IsTerminal: tty}, &out, &errb
}

var (
	demoDB  testenv.Fixture[string]
	demoDir string // removed by TestMain
)

func TestMain(m *testing.M) {
	code := m.Run()
	if demoDir != "" {
		os.RemoveAll(demoDir)
	}
	testenv.RemoveBuilt()
	os.Exit(code)
}

// demoIndex saves the demo corpus once per test binary run, into a
// directory that outlives any one test (t.TempDir would not).
func demoIndex(t *testing.T) string {
	t.Helper()
	return demoDB.Get(t, func() (string, error) {
		dir, err := os.MkdirTemp("", "cupertino-cmd-test")
		if err != nil {
			return "", err
		}
		demoDir = dir
		io, out, errb := cmdTestIO(false)
		o := &saveOptions{IO: io, BaseDir: dir, Dirs: demoDirs("../../testdata/demo/docs")}
		if err := runSave(context.Background(), o); err != nil {
			return "", fmt.Errorf("save demo: %w\n%s\n%s", err, out, errb)
		}
		return filepath.Join(dir, "search.db"), nil
	})
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
	if got.Dirs["apple-docs"] != "/data/cup/docs" || got.Dirs["hig"] != "/elsewhere/hig" || got.SearchDB != "/data/cup/search.db" || !got.DryRun {
		t.Fatalf("resolved options: %+v", got)
	}
}

func TestSaveSummaryNamesEveryCounter(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	// A second save over the same corpus is a no-op and says so.
	o := &saveOptions{IO: io, BaseDir: filepath.Dir(db), Dirs: demoDirs("../../testdata/demo/docs")}
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
	// The demo ships broken files and files that are not pages on purpose:
	// the summary tells the two apart, in plain words.
	for _, want := range []string{"Dry run", "Indexed:   37 pages",
		"Left out:  3 on purpose (2 files that are not documentation, 1 error page the crawler saved)",
		"Failed:    2 (1 empty file, 1 file of malformed JSON)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dry-run summary lacks %q:\n%s", want, out)
		}
	}
	if m := saveJargon.FindString(out.String()); m != "" {
		t.Errorf("dry-run summary speaks the door's jargon (%q):\n%s", m, out)
	}
	if strings.Contains(out.String(), "Audit log:") {
		t.Errorf("a dry run writes no audit log, but its summary names one:\n%s", out)
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
	for _, tty := range []bool{true, false} {
		if out := run(tty, "URLSession"); !strings.Contains(out, "apple-docs://foundation/urlsession") {
			t.Errorf("tty=%v: URLSession page missing:\n%s", tty, out)
		}
	}

	// A summary longer than a terminal line is cut there, on a character
	// boundary, and kept whole in a pipe.
	long := strings.Repeat("Configure the session’s cache policy — ", 5)
	results := []ranker.Result{{URI: "apple-docs://x/y", Title: "Y", Source: "apple-docs", Summary: long}}
	var onTTY, inPipe bytes.Buffer
	writeSearchText(&onTTY, results, false, 80)
	writeSearchText(&inPipe, results, false, 0)
	if !strings.Contains(inPipe.String(), strings.TrimSpace(long)) {
		t.Errorf("pipe output cut the summary:\n%s", inPipe.String())
	}
	line := strings.TrimSpace(onTTY.String())
	if !strings.HasSuffix(line, "...") || strings.Contains(line, strings.TrimSpace(long)) {
		t.Errorf("terminal output did not cut the summary:\n%s", line)
	}
	if !utf8.ValidString(line) {
		t.Errorf("terminal output split a character: %q", line)
	}
	if got := utf8.RuneCountInString(cutRunes(long, 80)); got != 80 {
		t.Errorf("cut summary is %d runes, want 80", got)
	}
}

// /dev/null is a character device but not a terminal: no prompt may wait on
// it.
func TestDevNullIsNotATerminal(t *testing.T) {
	f, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Error("isTerminal(/dev/null) = true")
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
	for _, want := range []string{"ok   opens", "apple-docs", "ok   integrity_check", "ok   search and read work", "chromium",
		"(newest file; no fetch record)", "crawled ", "newest versions iOS "} {
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

// M5: doctor fails wherever serve would: a table search or read needs is
// gone, or pages of the file are garbage.
func TestDoctorFailsWhenServingWould(t *testing.T) {
	damage := map[string]func(t *testing.T, db string){
		"missing table": func(t *testing.T, db string) {
			conn, err := sql.Open("sqlite", db)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := conn.Exec("DROP TABLE doc_body"); err != nil {
				t.Fatal(err)
			}
		},
		"corrupted pages": func(t *testing.T, db string) {
			data := testenv.ReadFile(t, db)
			// Overwrite eight pages in the middle of the file: it still
			// opens as this schema, and the damage sits in some table's
			// pages that a plain open never reads.
			const page = 4096
			mid := len(data) / page / 2 * page
			for i := mid; i < mid+8*page && i < len(data); i++ {
				data[i] = byte(i * 7)
			}
			if err := os.WriteFile(db, data, 0o644); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, breakIt := range damage {
		t.Run(name, func(t *testing.T) {
			db := copyIndex(t)
			breakIt(t, db)
			io, out, _ := cmdTestIO(false)
			err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: t.TempDir(), SearchDB: db}})
			if !errors.Is(err, errUnhealthy) || !strings.Contains(out.String(), "FAIL") {
				t.Errorf("doctor on an index with %s: err %v\n%s", name, err, out)
			}
		})
	}
}

func TestDoctorNamesFilesAKilledSaveLeft(t *testing.T) {
	db := copyIndex(t)
	if err := os.WriteFile(db+".in-flight", make([]byte, 5000), 0o644); err != nil {
		t.Fatal(err)
	}
	io, out, _ := cmdTestIO(false)
	if err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: t.TempDir(), SearchDB: db}}); err != nil {
		t.Fatalf("leftovers alone do not stop serving: %v\n%s", err, out)
	}
	if !strings.Contains(out.String(), "did not finish") || !strings.Contains(out.String(), db+".in-flight") {
		t.Errorf("doctor does not name the leftover in-flight file:\n%s", out)
	}
	if !strings.Contains(out.String(), "search and read work") {
		t.Errorf("doctor did not probe search and read:\n%s", out)
	}
}

func TestParseByteSize(t *testing.T) {
	for in, want := range map[string]uint64{"auto": 0, "0": 0, "500MiB": 500 << 20, "2GiB": 2 << 30, "300KB": 300e3, "1.5g": 3 << 29, "4096": 4096} {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"lots", "-1GiB", "1e400", "GiB"} {
		if _, err := parseByteSize(bad); err == nil {
			t.Errorf("parseByteSize(%q) accepted", bad)
		}
	}
}

// demoDirs points every source at the demo corpus, Apple pages at docs.
func demoDirs(docs string) map[string]string {
	return map[string]string{
		"apple-docs": docs, "swift-evolution": "../../testdata/demo/swift-evolution",
		"swift-book": "../../testdata/demo/swift-book", "swift-org": "../../testdata/demo/swift-org",
		"hig": "../../testdata/demo/hig", "apple-archive": "../../testdata/demo/apple-archive",
	}
}

// demoSaveOptions is a save of the demo corpus into dir.
func demoSaveOptions(io *iostreams, dir string) *saveOptions {
	return &saveOptions{IO: io, BaseDir: dir, Dirs: demoDirs(filepath.Join(dir, "docs"))}
}

// savedDemoCopy copies the demo corpus into dir/docs and saves it into dir,
// for a test that then changes the corpus and saves again.
func savedDemoCopy(t *testing.T) (dir, docs string) {
	t.Helper()
	dir = t.TempDir()
	docs = testenv.CopyDir(t, filepath.Join(dir, "docs"), "../../testdata/demo/docs")
	io, _, _ := cmdTestIO(false)
	if err := runSave(context.Background(), demoSaveOptions(io, dir)); err != nil {
		t.Fatal(err)
	}
	return dir, docs
}

// installedDemoCopy is savedDemoCopy bundled into release and installed from
// there by setup into inst, for a test that then publishes a newer bundle.
func installedDemoCopy(t *testing.T) (dir, docs, release, inst string) {
	t.Helper()
	dir, docs = savedDemoCopy(t)
	release = filepath.Join(t.TempDir(), "release")
	runOK(t, "bundle", "--search-db", filepath.Join(dir, "search.db"), "--out", release)
	inst = t.TempDir()
	runOK(t, "setup", "--from", release, "--base-dir", inst, "--yes")
	return dir, docs, release, inst
}

// H1 at the terminal: a docs folder that vanished is kept when the user
// answers no, and the summary says so; the answer no is not an interrupt.
func TestSaveAsksBeforeEmptyingASourceAndKeepsItOnNo(t *testing.T) {
	dir, docs := savedDemoCopy(t)
	if err := os.RemoveAll(docs); err != nil {
		t.Fatal(err)
	}
	io, out, errb := cmdTestIO(false)
	io.InTerminal, io.In = true, strings.NewReader("n\n")
	if err := runSave(context.Background(), demoSaveOptions(io, dir)); err != nil {
		t.Fatalf("answering no: %v\n%s", err, out)
	}
	if !strings.Contains(errb.String(), "apple-docs: folder not found") || !strings.Contains(errb.String(), "Remove them?") {
		t.Errorf("no question asked:\n%s", errb)
	}
	if !strings.Contains(out.String(), "kept") {
		t.Errorf("summary does not say the documents were kept:\n%s", out)
	}
}

// A refused save says the previous index still serves, not "0 B, 0 documents".
func TestRefusedSaveNamesThePreviousIndex(t *testing.T) {
	dir, docs := savedDemoCopy(t)
	if err := os.WriteFile(filepath.Join(docs, "new.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	io, out, _ := cmdTestIO(false)
	o := demoSaveOptions(io, dir)
	o.MinFree = "1000TiB"
	err := runSave(context.Background(), o)
	if !errors.Is(err, index.ErrLowDisk) {
		t.Fatalf("save demanding 1000 TiB = %v", err)
	}
	if !strings.Contains(out.String(), "previous index is unchanged") || strings.Contains(out.String(), "0 documents") {
		t.Errorf("refused save summary:\n%s", out)
	}
}

// Every exported sentinel error of the packages cmd drives has its row in
// exitCodes, and each row maps, wrapped, to its code.
func TestEverySentinelHasItsExitCode(t *testing.T) {
	listed := map[string]bool{}
	for _, m := range exitCodes {
		listed[m.name] = true
		if got := exitCode(fmt.Errorf("op: %w", m.err)); got != m.code {
			t.Errorf("%s wrapped exits %d, want %d", m.name, got, m.code)
		}
	}
	sentinel := regexp.MustCompile(`(?m)^\s*(?:var\s+)?(Err[A-Z]\w*)\s*=\s*errors\.New\(`)
	for pkg, dir := range map[string]string{
		"index": "../../index", "ingest": "../../internal/ingest", "crawler": "../../crawler",
		"enrich": "../../enrich", "ranker": "../../ranker", "mcp": "../../mcp", "bundle": "../../internal/bundle",
		"verify": "../../internal/verify",
	} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no sources in %s: %v", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src := testenv.ReadFile(t, f)
			for _, m := range sentinel.FindAllStringSubmatch(string(src), -1) {
				if name := pkg + "." + m[1]; !listed[name] {
					t.Errorf("%s (%s) has no row in exitCodes", name, f)
				}
			}
		}
	}
}

func TestMissingArgumentsAreUsageErrors(t *testing.T) {
	for _, args := range [][]string{{"read"}, {"search"}, {"read", "a", "b"}} {
		io, _, errb := cmdTestIO(false)
		if code := run(args, io); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
		if !strings.Contains(errb.String(), "usage: cupertino "+args[0]) {
			t.Errorf("%v: no usage line:\n%s", args, errb)
		}
	}
}

// Answering no is a decision, not an interrupt.
func TestAnsweringNoIsNotAnInterrupt(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "search.db"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	io, _, _ := cmdTestIO(false)
	io.InTerminal, io.In = true, strings.NewReader("no\n")
	err := runSave(context.Background(), &saveOptions{IO: io, BaseDir: dir, Clear: true})
	if code := exitCode(err); code != exitFailure || !errors.Is(err, errAnsweredNo) {
		t.Errorf("answering no: %v, exit %d, want %d", err, code, exitFailure)
	}
}

// In a terminal, serve's flags without a command get serve's explanation.
func TestServeFlagsInATerminalExplainServe(t *testing.T) {
	io, _, errb := cmdTestIO(false)
	io.InTerminal = true
	code := run([]string{"--search-db", filepath.Join(t.TempDir(), "x.db")}, io)
	if code != exitUsage || strings.Contains(errb.String(), "unknown flag") || !strings.Contains(errb.String(), "MCP client") {
		t.Errorf("exit %d:\n%s", code, errb)
	}
}
