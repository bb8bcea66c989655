package index

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
)

func TestPutDuplicateURI(t *testing.T) {
	b, dbPath := newBuilder(t)
	defer b.Abort()
	doc := fixtureDocs()[0]
	mustNoErr(t, b.Put(doc))
	if err := b.Put(doc); !errors.Is(err, ErrDuplicateURI) {
		t.Fatalf("second put = %v, want ErrDuplicateURI", err)
	}
	// The batch survives the failed statement.
	mustNoErr(t, b.Put(fixtureDocs()[1]))
	mustNoErr(t, b.Commit(context.Background()))
	s := openStore(t, dbPath)
	if n := queryInt(t, s.db, "SELECT count(*) FROM docs"); n != 2 {
		t.Errorf("docs = %d, want 2", n)
	}
	if n := queryInt(t, s.db, "SELECT count(*) FROM doc_symbols"); n != 2 {
		t.Errorf("symbols = %d, want 2 (no partial duplicate rows)", n)
	}
}

func TestReplaceAndDeleteIncremental(t *testing.T) {
	dbPath := buildFixture(t)
	ctx := context.Background()
	before, err := Open(dbPath)
	mustNoErr(t, err)
	oldID := queryInt(t, before.db, "SELECT id FROM docs WHERE uri = 'apple-docs://swiftui/text'")
	before.Close()

	b, err := CreateFrom(dbPath, dbPath, testOptions())
	mustNoErr(t, err)
	manifest, err := b.Manifest(ctx)
	mustNoErr(t, err)
	if len(manifest) != 2 {
		t.Fatalf("in-flight manifest = %d rows, want 2", len(manifest))
	}
	richer := *fixtureDocs()[1]
	richer.Content = "A text view draws glyphs with kerning and tracking."
	richer.Markdown = "# Text\n\nRicher.\n"
	richer.ConformsTo = nil
	replaced, err := b.Replace(&richer)
	mustNoErr(t, err)
	if !replaced {
		t.Error("Replace of an indexed URI reported an insert")
	}
	newDoc := &document.Document{URI: "apple-docs://swiftui/hstack", Source: document.SourceAppleDocs, Framework: "swiftui", Title: "HStack", Kind: "struct"}
	replaced, err = b.Replace(newDoc)
	mustNoErr(t, err)
	if replaced {
		t.Error("Replace of a new URI reported a replacement")
	}
	removed, err := b.DeleteSource(document.SourceSwiftEvolution)
	mustNoErr(t, err)
	if removed != 1 {
		t.Errorf("DeleteSource removed %d, want 1", removed)
	}
	found, err := b.Delete("apple-docs://swiftui/view/padding(_:_:)")
	mustNoErr(t, err)
	if !found {
		t.Error("Delete did not find padding")
	}
	mustNoErr(t, b.Commit(ctx))

	s := openStore(t, dbPath)
	db := s.db
	if id := queryInt(t, db, "SELECT id FROM docs WHERE uri = 'apple-docs://swiftui/text'"); id != oldID {
		t.Errorf("Replace changed the id: %d -> %d", oldID, id)
	}
	if got := joined(match(t, db, `"kerning"`)); got != "apple-docs://swiftui/text" {
		t.Errorf("new text not indexed: %q", got)
	}
	if got := match(t, db, `"glyphs" OR "string"`); len(got) != 1 {
		t.Errorf("old text still indexed: %v", got)
	}
	doc, err := s.Document(ctx, "apple-docs://swiftui/text")
	mustNoErr(t, err)
	if doc.Markdown != "# Text\n\nRicher.\n" || len(doc.ConformsTo) != 0 {
		t.Errorf("replaced document = %q, conformsTo %v", doc.Markdown, doc.ConformsTo)
	}
	// Text's own edges went with its old version; View's reversed edge stays.
	if n := queryInt(t, db, "SELECT count(*) FROM inheritance_edges WHERE child_uri = 'apple-docs://swiftui/text'"); n != 1 {
		t.Errorf("Text edges after replace = %d, want 1 (from View's conforming types)", n)
	}
	checks := map[string]int{
		"SELECT count(*) FROM docs WHERE source = 'swift-evolution'":                     0,
		"SELECT count(*) FROM source_files WHERE source = 'swift-evolution'":             0,
		"SELECT count(*) FROM source_files":                                              1,
		"SELECT count(*) FROM docs":                                                      6,
		"SELECT count(*) FROM doc_code_examples":                                         0,
		"SELECT count(*) FROM doc_symbols WHERE name = 'padding'":                        0,
		"SELECT count(*) FROM doc_symbols_fts WHERE doc_symbols_fts MATCH '\"padding\"'": 0,
		"SELECT count(*) FROM symbol_names WHERE name_lower = 'padding'":                 0,
		"SELECT count(*) FROM doc_body WHERE doc_id NOT IN (SELECT id FROM docs)":        0,
		"SELECT count(*) FROM docs WHERE uri = 'apple-docs://swiftui/hstack'":            1,
		"SELECT value FROM meta WHERE key = 'doc_count'":                                 6,
	}
	for query, want := range checks {
		if got := queryInt(t, db, query); got != want {
			t.Errorf("%s = %d, want %d", query, got, want)
		}
	}
	if got := match(t, db, `"actors"`); len(got) != 0 {
		t.Errorf("deleted source still matches: %v", got)
	}
}

func TestLockContention(t *testing.T) {
	first, dbPath := newBuilder(t)
	_, err := Create(dbPath, testOptions())
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Create = %v, want ErrLocked", err)
	}
	if !strings.Contains(err.Error(), "pid "+strconv.Itoa(os.Getpid())) {
		t.Errorf("lock error does not name the holder: %v", err)
	}
	// The failed attempt must not have removed the holder's in-flight file.
	if _, err := os.Stat(dbPath + ".in-flight"); err != nil {
		t.Errorf("in-flight file of the holder: %v", err)
	}
	first.Abort()
	second, err := Create(dbPath, testOptions())
	mustNoErr(t, err)
	second.Abort()
	if _, err := os.Stat(dbPath + ".in-flight"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Abort left the in-flight file: %v", err)
	}
}

func TestLowDisk(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "search.db")
	var asked string
	opts := BuildOptions{MinFreeBytes: 3 << 30, FreeSpace: func(dir string) (uint64, error) {
		asked = dir
		return 1 << 30, nil
	}}
	_, err := Create(dbPath, opts)
	if !errors.Is(err, ErrLowDisk) {
		t.Fatalf("Create = %v, want ErrLowDisk", err)
	}
	if asked != filepath.Dir(dbPath) || !strings.Contains(err.Error(), "1.0 GiB free") {
		t.Errorf("asked %q, error %v", asked, err)
	}
	// The lock was released: a build with enough space starts.
	opts.FreeSpace = func(string) (uint64, error) { return 10 << 30, nil }
	b, err := Create(dbPath, opts)
	mustNoErr(t, err)
	b.Abort()
}

func TestOpenErrors(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(filepath.Join(dir, "missing.db")); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing file: %v", err)
	}
	garbage := filepath.Join(dir, "garbage.db")
	mustNoErr(t, os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 512)), 0o644))
	if _, err := Open(garbage); !errors.Is(err, ErrCorrupt) {
		t.Errorf("garbage file: %v", err)
	}
	foreign := filepath.Join(dir, "foreign.db")
	alterDB(t, foreign, "CREATE TABLE t(x)")
	if _, err := Open(foreign); !errors.Is(err, ErrCorrupt) {
		t.Errorf("foreign database: %v", err)
	}

	dbPath := buildFixture(t)
	alterDB(t, dbPath, fmt.Sprintf("PRAGMA user_version = %d", SchemaVersion+1))
	_, err := Open(dbPath)
	if !errors.Is(err, ErrSchemaVersion) || !strings.Contains(err.Error(), "cupertino save") {
		t.Errorf("version mismatch: %v", err)
	}
	if _, err := CreateFrom(dbPath, dbPath, testOptions()); !errors.Is(err, ErrSchemaVersion) {
		t.Errorf("CreateFrom an old schema: %v", err)
	}
}

func TestBuilderClosed(t *testing.T) {
	b, _ := newBuilder(t)
	mustNoErr(t, b.Commit(context.Background()))
	if err := b.Put(fixtureDocs()[0]); !errors.Is(err, ErrClosed) {
		t.Errorf("Put after Commit = %v, want ErrClosed", err)
	}
	if err := b.Commit(context.Background()); !errors.Is(err, ErrClosed) {
		t.Errorf("second Commit = %v, want ErrClosed", err)
	}
	b.Abort() // harmless after Commit
}

// crashHelperEnv names the DB a re-executed test binary builds until killed.
const crashHelperEnv = "CUPERTINO_INDEX_CRASH_HELPER"

// TestCrashHelper is not a test: TestCrashLeavesPreviousIndex runs the test
// binary with only this function and crashHelperEnv set, and kills it.
func TestCrashHelper(t *testing.T) {
	dbPath := os.Getenv(crashHelperEnv)
	if dbPath == "" {
		t.Skip("helper process for TestCrashLeavesPreviousIndex")
	}
	b, err := Create(dbPath, BuildOptions{SkipDiskCheck: true, BatchSize: 100})
	if err != nil {
		fmt.Println("create failed:", err)
		os.Exit(2)
	}
	for i := 0; i <= crashHelperDocs; i++ {
		if err := b.Put(syntheticDoc(i)); err != nil {
			fmt.Println("put failed:", err)
			os.Exit(2)
		}
		if i == crashHelperDocs/2 {
			fmt.Println("building")
		}
	}
	fmt.Println("committing")
	if err := b.Commit(context.Background()); err != nil {
		fmt.Println("commit failed:", err)
		os.Exit(2)
	}
	fmt.Println("committed")
	time.Sleep(time.Hour)
}

const crashHelperDocs = 1000

// TestCrashLeavesPreviousIndex kills a save with SIGKILL in the middle of
// Put and again as Commit starts: the DB must then be either the previous
// index, intact, or (if Commit won the race) the complete new one.
func TestCrashLeavesPreviousIndex(t *testing.T) {
	dbPath := buildFixture(t)
	for _, killAt := range []string{"building", "committing"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashHelper$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashHelperEnv+"="+dbPath)
		out, err := cmd.StdoutPipe()
		mustNoErr(t, err)
		mustNoErr(t, cmd.Start())
		lines := bufio.NewReader(out)
		for {
			line, err := lines.ReadString('\n')
			if err != nil || !slices.Contains([]string{"building", "committing"}, strings.TrimSpace(line)) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("helper said %q (%v)", line, err)
			}
			if strings.TrimSpace(line) == killAt {
				break
			}
		}
		mustNoErr(t, cmd.Process.Signal(syscall.SIGKILL))
		cmd.Wait()

		s, err := Open(dbPath)
		if err != nil {
			t.Fatalf("index after a crash at %q: %v", killAt, err)
		}
		switch n := queryInt(t, s.db, "SELECT count(*) FROM docs"); n {
		case len(fixtureDocs()):
			if got := match(t, s.db, `"padding(_:_:)"`); len(got) == 0 || got[0] != "apple-docs://swiftui/view/padding(_:_:)" {
				t.Errorf("previous index answers %v after a crash at %q", got, killAt)
			}
		case crashHelperDocs + 1:
			if killAt == "building" {
				t.Errorf("a build killed before Commit replaced the index")
			}
			t.Logf("Commit finished before the kill at %q: the new index is complete", killAt)
		default:
			t.Errorf("index has %d docs after a crash at %q: neither the old nor the new one", n, killAt)
		}
		s.Close()
	}
	// The dead build's lock is gone with its process and its in-flight file
	// is replaced by the next build.
	b, err := Create(dbPath, testOptions())
	mustNoErr(t, err)
	mustNoErr(t, b.Put(fixtureDocs()[0]))
	mustNoErr(t, b.Commit(context.Background()))
	s := openStore(t, dbPath)
	if n := queryInt(t, s.db, "SELECT count(*) FROM docs"); n != 1 {
		t.Errorf("rebuilt index has %d docs, want 1", n)
	}
}

func TestVersions(t *testing.T) {
	packs := map[string]int{"13.0": 130000, "10.15.4": 101504, "1.0": 10000, "17": 170000, "": 0, "beta": 0, "2.1.x": 20100}
	for in, want := range packs {
		if got := PackVersion(in); got != want {
			t.Errorf("PackVersion(%q) = %d, want %d", in, got, want)
		}
	}
	for packed, want := range map[int]string{130000: "13.0", 101504: "10.15.4", 0: ""} {
		if got := UnpackVersion(packed); got != want {
			t.Errorf("UnpackVersion(%d) = %q, want %q", packed, got, want)
		}
	}
	if PackVersion("10.9") >= PackVersion("10.10") {
		t.Error("packed versions do not sort numerically")
	}
}
