package ingest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
)

func documentCount(t *testing.T, dbPath, source string) int {
	t.Helper()
	st := indextest.Open(t, dbPath)
	counts, err := st.Sources(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return counts[source]
}

func docsRoot(opts Options) string {
	for _, s := range opts.Sources {
		if s.Kind == document.SourceAppleDocs {
			return s.Root
		}
	}
	return ""
}

// H1: ~/.cupertino/docs moved to another disk and linked back must be read
// through the link, and an incremental save must not delete its documents.
func TestSymlinkedSourceFolderKeepsItsDocuments(t *testing.T) {
	ctx := context.Background()
	corpus, opts := savedDemoCopy(t)
	want := documentCount(t, opts.DBPath, document.SourceAppleDocs)
	if want == 0 {
		t.Fatal("demo corpus indexed no Apple pages")
	}

	docs := docsRoot(opts)
	moved := filepath.Join(t.TempDir(), "other-disk-docs")
	if err := os.Rename(docs, moved); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(moved, docs); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(ctx, opts)
	if err != nil {
		t.Fatalf("save through the linked folder: %v", err)
	}
	if got := documentCount(t, opts.DBPath, document.SourceAppleDocs); got != want {
		t.Errorf("apple-docs after moving the folder behind a link: %d documents, want %d", got, want)
	}
	if !sum.UpToDate {
		t.Errorf("the same files behind a link should be up to date: %+v", summaryFor(t, sum, document.SourceAppleDocs))
	}

	// A fresh index through the link sees the same pages.
	fresh := demoOptions(t, corpus)
	mustSave(t, fresh)
	if got := documentCount(t, fresh.DBPath, document.SourceAppleDocs); got != want {
		t.Errorf("fresh save through a linked folder: %d documents, want %d", got, want)
	}
}

// A source whose folder is suddenly empty, or gone, keeps its documents
// unless the user clears or confirms.
func TestEmptiedOrMissingSourceIsNotEmptiedSilently(t *testing.T) {
	for _, how := range []string{"emptied", "removed"} {
		t.Run(how, func(t *testing.T) {
			_, opts := savedDemoCopy(t)
			want := documentCount(t, opts.DBPath, document.SourceAppleDocs)
			docs := docsRoot(opts)
			if err := os.RemoveAll(docs); err != nil {
				t.Fatal(err)
			}
			if how == "emptied" {
				if err := os.Mkdir(docs, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			var asked []string
			opts.ConfirmRemove = func(kind string, documents int, why string) bool {
				asked = append(asked, kind)
				return false
			}
			sum := mustSave(t, opts)
			if got := documentCount(t, opts.DBPath, document.SourceAppleDocs); got != want {
				t.Errorf("%s source: %d documents left, want the %d it had", how, got, want)
			}
			if len(asked) != 1 || asked[0] != document.SourceAppleDocs {
				t.Errorf("asked about %v, want apple-docs once", asked)
			}
			s := summaryFor(t, sum, document.SourceAppleDocs)
			if !s.Skipped || !strings.Contains(s.Reason, "kept") {
				t.Errorf("summary does not say the documents were kept: %+v", s)
			}

			// Confirming removes them; so does --clear.
			opts.ConfirmRemove = func(string, int, string) bool { return true }
			mustSave(t, opts)
			if got := documentCount(t, opts.DBPath, document.SourceAppleDocs); got != 0 {
				t.Errorf("confirmed removal left %d documents", got)
			}
		})
	}
}

func TestClearDropsAnEmptiedSourceWithoutAsking(t *testing.T) {
	_, opts := savedDemoCopy(t)
	os.RemoveAll(docsRoot(opts))
	opts.Clear = true
	opts.ConfirmRemove = func(string, int, string) bool { t.Error("--clear asked"); return false }
	mustSave(t, opts)
	if got := documentCount(t, opts.DBPath, document.SourceAppleDocs); got != 0 {
		t.Errorf("--clear kept %d documents of a removed source", got)
	}
}

// M3: a dry run writes no audit log, and a failed save leaves the previous
// audit log whole.
func TestAuditLogIsInstalledWithTheIndex(t *testing.T) {
	ctx := context.Background()
	corpus, opts := savedDemoCopy(t)
	before, err := os.ReadFile(opts.AuditPath)
	if err != nil || len(before) == 0 {
		t.Fatalf("first save wrote no audit log: %v", err)
	}

	touchOne(t, corpus) // so a rewritten log would differ
	dry := opts
	dry.DryRun = true
	dry.Clear = true
	mustSave(t, dry)
	if after, _ := os.ReadFile(opts.AuditPath); string(after) != string(before) {
		t.Errorf("a dry run rewrote the audit log (%d bytes, was %d)", len(after), len(before))
	}

	// A save that fails part-way (the enrich step here) keeps the old log.
	failing := opts
	failing.Clear = true
	failing.Finish = func(context.Context, *index.Builder) error { return errors.New("disk full") }
	if _, err := Run(ctx, failing); err == nil {
		t.Fatal("the failing save succeeded")
	}
	if after, _ := os.ReadFile(opts.AuditPath); string(after) != string(before) {
		t.Errorf("a failed save changed the audit log (%d bytes, was %d)", len(after), len(before))
	}
	if _, err := os.Stat(opts.AuditPath + ".in-flight"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed save left its in-flight audit log: %v", err)
	}
}

// Low: an incremental save takes the lock like a full one, including the
// up-to-date check (it must not report "up to date" beside a running save).
func TestIncrementalSaveTakesTheLock(t *testing.T) {
	ctx := context.Background()
	corpus, opts := savedDemoCopy(t)
	held, err := index.LockForSave(opts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	if _, err := Run(ctx, opts); !errors.Is(err, index.ErrLocked) {
		t.Errorf("an up-to-date save beside a running one = %v, want ErrLocked", err)
	}
	touchOne(t, corpus)
	if _, err := Run(ctx, opts); !errors.Is(err, index.ErrLocked) {
		t.Errorf("an incremental save beside a running one = %v, want ErrLocked", err)
	}
}

func touchOne(t *testing.T, corpus string) {
	t.Helper()
	p := filepath.Join(corpus, "hig", "extra-appledeveloperdocumentation.md")
	if err := os.WriteFile(p, []byte("---\ntitle: Extra\n---\n# Extra\n\nA page added after the first save.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Low: a failed save says the previous index is intact instead of "0 B, 0
// documents".
func TestFailedSaveSummaryNamesThePreviousIndex(t *testing.T) {
	ctx := context.Background()
	corpus := t.TempDir()
	copyTree(t, "../../testdata/demo", corpus)
	opts := demoOptions(t, corpus)
	first := mustSave(t, opts)
	touchOne(t, corpus)
	opts.Finish = func(context.Context, *index.Builder) error { return errors.New("boom") }
	sum, err := Run(ctx, opts)
	if err == nil {
		t.Fatal("the failing save succeeded")
	}
	if sum.Installed {
		t.Error("a failed save says it installed an index")
	}
	if sum.Documents != first.Documents || sum.DBSize == 0 {
		t.Errorf("failed save reports %d documents, %d bytes; the previous index has %d", sum.Documents, sum.DBSize, first.Documents)
	}
}

// Low: a fixed 3 GiB floor refused a 300 KB demo index; the need is now
// estimated from the inputs, and an explicit figure overrides it.
func TestFreeSpaceNeedIsEstimatedFromTheCorpus(t *testing.T) {
	ctx := context.Background()
	opts := demoOptions(t, "../../testdata/demo")
	opts.Build = index.BuildOptions{FreeSpace: func(string) (uint64, error) { return 200 << 20, nil }}
	if _, err := Run(ctx, opts); err != nil {
		t.Fatalf("demo save with 200 MiB free: %v", err)
	}
	opts = demoOptions(t, "../../testdata/demo")
	opts.Build = index.BuildOptions{FreeSpace: func(string) (uint64, error) { return 1 << 20, nil }}
	if _, err := Run(ctx, opts); !errors.Is(err, index.ErrLowDisk) {
		t.Errorf("demo save with 1 MiB free = %v, want ErrLowDisk", err)
	}
	opts = demoOptions(t, "../../testdata/demo")
	opts.Build = index.BuildOptions{MinFreeBytes: 1 << 40, FreeSpace: func(string) (uint64, error) { return 200 << 20, nil }}
	if _, err := Run(ctx, opts); !errors.Is(err, index.ErrLowDisk) {
		t.Errorf("an explicit 1 TiB need with 200 MiB free = %v, want ErrLowDisk", err)
	}
}

// M6 and low: a file over the cap, a link, a FIFO are each audited with a
// reason; none stops the save.
func TestOversizedFilesAndSpecialEntriesAreAudited(t *testing.T) {
	corpus := t.TempDir()
	copyTree(t, "../../testdata/demo", corpus)
	docs := filepath.Join(corpus, "docs")
	huge := filepath.Join(docs, "huge.json")
	if err := os.WriteFile(huge, []byte(`{"pad":"`+strings.Repeat("x", 3<<20)+`"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(corpus, "hig"), filepath.Join(docs, "linked")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(docs, "pipe.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(t, corpus)
	opts.MaxFileBytes = 1 << 20
	sum := mustSave(t, opts)
	entries, err := door.ReadAudit(opts.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	reasons := map[string]string{}
	for _, e := range entries {
		reasons[filepath.Base(e.SourceFile)] = e.RejectionReason
	}
	if !strings.HasPrefix(reasons["huge.json"], door.ReasonTooLarge) {
		t.Errorf("huge.json: %q, want %q", reasons["huge.json"], door.ReasonTooLarge)
	}
	if !strings.HasPrefix(reasons["linked"], door.ReasonNotRead) || !strings.HasPrefix(reasons["pipe.json"], door.ReasonNotRead) {
		t.Errorf("link %q, FIFO %q: want %q", reasons["linked"], reasons["pipe.json"], door.ReasonNotRead)
	}
	if sum.Door.ByReason[door.ReasonTooLarge] != 1 || sum.Door.ByReason[door.ReasonNotRead] != 2 {
		t.Errorf("door counts %v", sum.Door.ByReason)
	}
}

// placeholderPage is DocC render JSON the door rejects for its title: a
// thin page titled "Error".
func placeholderPage(path string) string {
	return `{"identifier":{"url":"doc://fixture.bundle/documentation/` + path + `","interfaceLanguage":"swift"},
"kind":"symbol","metadata":{"title":"Error","role":"symbol","roleHeading":"Instance Property","symbolKind":"property"},
"hierarchy":{"paths":[[]]},"sections":[],"references":{}}`
}

// Recovery is part of save: a placeholder-title reject whose URI no real
// page holds is indexed after all, titled from its URL and marked
// recovered, with an audit line saying so; one whose URI a real page holds
// stays out.
func TestSaveRecoversPlaceholderRejects(t *testing.T) {
	ctx := context.Background()
	corpus := t.TempDir()
	copyTree(t, "../../testdata/demo", corpus)
	reject := filepath.Join(corpus, "docs", "Combine", "Fail", "error.json")
	if err := os.MkdirAll(filepath.Dir(reject), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(reject, []byte(placeholderPage("Combine/Fail/error")), 0o644); err != nil {
		t.Fatal(err)
	}
	// A placeholder copy of a page the demo indexes for real.
	shadow := filepath.Join(corpus, "docs", "zz-shadow.json")
	if err := os.WriteFile(shadow, []byte(placeholderPage("Swift/Error")), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(t, corpus)
	sum := mustSave(t, opts)
	if got := summaryFor(t, sum, document.SourceAppleDocs).Recovered; got != 1 {
		t.Errorf("recovered %d pages, want 1", got)
	}
	st := openIndex(t, opts.DBPath)
	doc, err := st.Document(ctx, "apple-docs://combine/fail/error")
	if err != nil {
		t.Fatalf("recovered page not readable: %v", err)
	}
	if doc.Title != "error" || !doc.IsRecovered || doc.SourceFile != reject || doc.Framework != "combine" {
		t.Errorf("recovered = title %q recovered %v file %q framework %q", doc.Title, doc.IsRecovered, doc.SourceFile, doc.Framework)
	}
	real, err := st.Document(ctx, "apple-docs://swift/error")
	if err != nil || real.IsRecovered || real.SourceFile == shadow {
		t.Errorf("the real page was displaced by a placeholder: %+v, %v", real, err)
	}
	entries, err := door.ReadAudit(opts.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	var last door.AuditEntry
	for _, e := range entries {
		if e.SourceFile == reject {
			last = e
		}
	}
	if last.State != door.Indexed || !last.Recovered {
		t.Errorf("the reject's last audit line = %+v, want indexed and recovered", last)
	}
	// A second save changes nothing: the recovered page is in the manifest.
	if sum, err := Run(ctx, opts); err != nil || !sum.UpToDate {
		t.Errorf("second save: up to date %v, err %v", sum != nil && sum.UpToDate, err)
	}
}

func TestRecoveredTitle(t *testing.T) {
	cases := []struct{ uri, file, want string }{
		{"apple-docs://combine/fail/error", "/c/Combine/Fail/error.json", "error"},
		{"apple-docs://foundation/nserror/code", "/c/foundation/NSError/Code.json", "Code"},
		{"apple-docs://healthkit/setting-up-healthkit", "/c/x.json", "Setting up healthkit"},
		{"apple-docs://swift/array/init(_:)", "/c/init(_:).json", "init(_:)"},
		{"swift-evolution://SE-0001", "/e/0001-keywords.md", "SE-0001"},
	}
	for _, c := range cases {
		if got := recoveredTitle(c.uri, c.file); got != c.want {
			t.Errorf("recoveredTitle(%s) = %q, want %q", c.uri, got, c.want)
		}
	}
}
