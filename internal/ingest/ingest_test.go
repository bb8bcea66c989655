package ingest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
)

// demoSources points every source at the hand-written demo corpus.
func demoSources(t *testing.T, root string) []SourceSpec {
	t.Helper()
	return []SourceSpec{
		{Kind: document.SourceAppleDocs, Root: filepath.Join(root, "docs")},
		{Kind: document.SourceSwiftEvolution, Root: filepath.Join(root, "swift-evolution")},
		{Kind: document.SourceSwiftBook, Root: filepath.Join(root, "swift-book")},
		{Kind: document.SourceSwiftOrg, Root: filepath.Join(root, "swift-org")},
		{Kind: document.SourceHIG, Root: filepath.Join(root, "hig")},
		{Kind: document.SourceAppleArchive, Root: filepath.Join(root, "apple-archive")},
	}
}

// copyTree copies the demo corpus so tests can change files.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		dst := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func demoOptions(t *testing.T, corpus string) Options {
	dir := t.TempDir()
	return Options{
		DBPath:    filepath.Join(dir, "search.db"),
		AuditPath: filepath.Join(dir, "search.audit.jsonl"),
		Sources:   demoSources(t, corpus),
		Build:     index.BuildOptions{SkipDiskCheck: true},
	}
}

// savedDemoCopy copies the demo corpus to a temporary folder, saves it once
// and returns the copy and the options that saved it: the starting point of
// every test that changes a corpus between saves.
func savedDemoCopy(t *testing.T) (corpus string, opts Options) {
	t.Helper()
	corpus = t.TempDir()
	copyTree(t, "../../testdata/demo", corpus)
	opts = demoOptions(t, corpus)
	mustSave(t, opts)
	return corpus, opts
}

// mustSave runs a save that the test expects to succeed.
func mustSave(t *testing.T, opts Options) *Summary {
	t.Helper()
	sum, err := Run(context.Background(), opts)
	if err != nil {
		t.Fatalf("save: %v", err)
	}
	return sum
}

// openIndex opens the index at dbPath for the rest of the test.
func openIndex(t *testing.T, dbPath string) *index.Store {
	t.Helper()
	return indextest.Open(t, dbPath)
}

func summaryFor(t *testing.T, s *Summary, kind string) *SourceSummary {
	t.Helper()
	for _, src := range s.Sources {
		if src.Kind == kind {
			return src
		}
	}
	t.Fatalf("no summary for %s", kind)
	return nil
}

func TestSaveDemoCorpus(t *testing.T) {
	ctx := context.Background()
	opts := demoOptions(t, "../../testdata/demo")
	sum := mustSave(t, opts)
	for _, kind := range []string{"apple-docs", "swift-evolution", "swift-book", "swift-org", "hig", "apple-archive"} {
		if s := summaryFor(t, sum, kind); s.Indexed == 0 {
			t.Errorf("%s: nothing indexed (%+v)", kind, s)
		}
	}
	if sum.Collisions != 0 {
		t.Errorf("collisions = %d", sum.Collisions)
	}
	// The demo ships an empty file, a malformed one and a 404 template.
	for _, class := range []string{door.ReasonEmptyFile, door.ReasonMalformedJSON, door.ReasonHTTPError} {
		if sum.Door.ByReason[class] != 1 {
			t.Errorf("rejections %q = %d, want 1 (all: %v)", class, sum.Door.ByReason[class], sum.Door.ByReason)
		}
	}
	entries, err := door.ReadAudit(opts.AuditPath)
	if err != nil {
		t.Fatal(err)
	}
	if entries == nil || len(entries) != sum.Door.Total {
		t.Errorf("audit log has %d lines, door judged %d files", len(entries), sum.Door.Total)
	}

	st := openIndex(t, opts.DBPath)
	for _, uri := range []string{
		"apple-docs://swift/error",
		"apple-docs://swift/floatingpoint/_=(_:_:)",
		"apple-docs://swift/floatingpoint/-=(_:_:)",
		"swift-evolution://SE-0306",
	} {
		if _, err := st.Document(ctx, uri); err != nil {
			t.Errorf("%s: %v", uri, err)
		}
	}
	if sum.Documents == 0 || sum.DBSize == 0 {
		t.Errorf("summary lacks index figures: %+v", sum)
	}
}

func TestSecondSaveIsNoOpAndChangesReindexOneSource(t *testing.T) {
	ctx := context.Background()
	corpus, opts := savedDemoCopy(t)
	before, _ := os.Stat(opts.DBPath)

	sum := mustSave(t, opts)
	if !sum.UpToDate {
		t.Fatalf("second save over an unchanged corpus was not a no-op: %+v", sum)
	}
	after, _ := os.Stat(opts.DBPath)
	if !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("an up-to-date save rewrote the index")
	}

	// Change one proposal: only swift-evolution is read again.
	var proposal string
	filepath.WalkDir(filepath.Join(corpus, "swift-evolution"), func(p string, d os.DirEntry, _ error) error {
		if proposal == "" && strings.HasSuffix(p, ".md") && strings.Contains(p, "0306") {
			proposal = p
		}
		return nil
	})
	if proposal == "" {
		t.Fatal("demo corpus lacks SE-0306")
	}
	data, _ := os.ReadFile(proposal)
	data = append(data, []byte("\n\nAn added closing paragraph about reentrancy.\n")...)
	if err := os.WriteFile(proposal, data, 0o644); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Minute)
	os.Chtimes(proposal, future, future)

	sum = mustSave(t, opts)
	if s := summaryFor(t, sum, "swift-evolution"); s.Skipped || s.Indexed == 0 {
		t.Errorf("changed source was not re-read: %+v", s)
	}
	if s := summaryFor(t, sum, "apple-docs"); !s.Skipped || s.Reason != "unchanged" {
		t.Errorf("unchanged source was re-read: %+v", s)
	}
	st := openIndex(t, opts.DBPath)
	doc, err := st.Document(ctx, "swift-evolution://SE-0306")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(doc.Markdown, "added closing paragraph") {
		t.Errorf("re-indexed proposal lacks the change")
	}
	if _, err := st.Document(ctx, "apple-docs://swift/error"); err != nil {
		t.Errorf("unchanged source lost its rows: %v", err)
	}
}

func TestDryRunWritesNothingAndMissingSourceIsSkipped(t *testing.T) {
	opts := demoOptions(t, "../../testdata/demo")
	opts.DryRun = true
	opts.Sources = append(opts.Sources[:1:1], SourceSpec{Kind: document.SourceHIG, Root: filepath.Join(t.TempDir(), "absent")})
	sum := mustSave(t, opts)
	if _, err := os.Stat(opts.DBPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("dry run created %s", opts.DBPath)
	}
	if s := summaryFor(t, sum, "hig"); !s.Skipped || s.Reason != "not found" {
		t.Errorf("missing source: %+v", s)
	}
	if s := summaryFor(t, sum, "apple-docs"); s.Indexed == 0 {
		t.Errorf("dry run judged nothing: %+v", s)
	}
}

func TestTierCCollisionFailsTheSave(t *testing.T) {
	root := t.TempDir()
	page := func(title string) string {
		return `{"identifier":{"url":"doc://com.example.docs/documentation/Demo/Thing","interfaceLanguage":"swift"},` +
			`"kind":"symbol","metadata":{"title":"` + title + `","role":"symbol","symbolKind":"struct"},` +
			`"abstract":[{"type":"text","text":"A thing called ` + title + `."}]}`
	}
	dir := filepath.Join(root, "documentation", "Demo")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "Thing.json"), []byte(page("Thing")), 0o644)
	os.WriteFile(filepath.Join(dir, "Thing-copy.json"), []byte(page("Other")), 0o644)

	opts := demoOptions(t, "../../testdata/demo")
	opts.Sources = []SourceSpec{{Kind: document.SourceAppleDocs, Root: root}}
	sum, err := Run(context.Background(), opts)
	if !errors.Is(err, ErrCollisions) {
		t.Fatalf("err = %v, want ErrCollisions", err)
	}
	if sum.Collisions != 1 {
		t.Errorf("collisions = %d, want 1", sum.Collisions)
	}
	if _, err := os.Stat(opts.DBPath); err != nil {
		t.Errorf("the index should still be written: %v", err)
	}
}

// TestSaveAppendsAvailableWhenToDeclarationSymbols saves a member of a
// constrained extension: the page's "Available when" clause joins the
// constraints its declaration has, once each, on the declaration's symbol
// and not on symbols of its code examples.
func TestSaveAppendsAvailableWhenToDeclarationSymbols(t *testing.T) {
	root := t.TempDir()
	page := `{"identifier":{"url":"doc://com.example.docs/documentation/Demo/Dial/spin(by:)","interfaceLanguage":"swift"},
"kind":"symbol","metadata":{"title":"spin(by:)","role":"symbol","roleHeading":"Instance Method","symbolKind":"method",
"conformance":{"availabilityPrefix":[{"type":"text","text":"Available when"}],"conformancePrefix":[{"type":"text","text":"Conforms when"}],
"constraints":[{"type":"codeVoice","code":"T"},{"type":"text","text":" conforms to "},{"type":"codeVoice","code":"Hashable"},
{"type":"text","text":" and "},{"type":"codeVoice","code":"Label"},{"type":"text","text":" conforms to "},{"type":"codeVoice","code":"View"},{"type":"text","text":"."}]}},
"primaryContentSections":[
{"kind":"declarations","declarations":[{"languages":["swift"],"tokens":[{"kind":"text","text":"func spin<T>(by step: T) where T : Hashable"}]}]},
{"kind":"content","content":[{"type":"codeListing","syntax":"swift","code":["struct Knob: View {}"]}]}]}`
	dir := filepath.Join(root, "documentation", "Demo", "Dial")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "spin(by:).json"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	opts := demoOptions(t, "../../testdata/demo")
	opts.Sources = []SourceSpec{{Kind: document.SourceAppleDocs, Root: root}}
	mustSave(t, opts)
	st := openIndex(t, opts.DBPath)
	rows, err := indextest.DB(t, st).Query(`SELECT s.name, s.origin, s.generic_constraints FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
		WHERE d.uri = 'apple-docs://demo/dial/spin(by:)' ORDER BY s.id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var name, origin, constraints string
		if err := rows.Scan(&name, &origin, &constraints); err != nil {
			t.Fatal(err)
		}
		got[origin+" "+name] = constraints
	}
	want := map[string]string{
		"declaration spin": "T: Hashable; Label: View",
		"example Knob":     "",
	}
	for k, w := range want {
		if c, ok := got[k]; !ok || c != w {
			t.Errorf("%s: constraints %q (present %v), want %q; all rows %q", k, c, ok, w, got)
		}
	}
}

func TestAnotherPipelineVersionRebuildsEverySource(t *testing.T) {
	ctx := context.Background()
	opts := demoOptions(t, "../../testdata/demo")
	mustSave(t, opts)
	// Pretend an older binary saved this index.
	b, err := index.CreateFrom(opts.DBPath, opts.DBPath, opts.Build)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.SetMeta(metaPipelineVersion, "0"); err != nil {
		t.Fatal(err)
	}
	if err := b.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	sum := mustSave(t, opts)
	if sum.UpToDate {
		t.Fatal("an index from another pipeline version was taken as up to date")
	}
	for _, s := range sum.Sources {
		if s.Skipped {
			t.Errorf("%s was not rebuilt: %+v", s.Kind, s)
		}
	}
	if again, err := Run(ctx, opts); err != nil || !again.UpToDate {
		t.Fatalf("the rebuilt index should be up to date: %v %+v", err, again)
	}
}
