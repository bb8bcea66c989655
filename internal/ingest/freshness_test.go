package ingest

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// TestSaveRecordsFreshness: a save records each source's fetch date (from
// the fetch record when there is one, else its newest file, said so) and the
// newest platform versions of the documentation; a later save that finds no
// file changed but a newer fetch date records that date and nothing else.
func TestSaveRecordsFreshness(t *testing.T) {
	corpus := t.TempDir()
	copyTree(t, "../../testdata/demo", corpus)
	opts := demoOptions(t, corpus)
	crawled := time.Date(2026, 5, 1, 10, 0, 0, 0, time.UTC)
	opts.FetchedAt = func(_ context.Context, kind, root string) (index.SourceFreshness, bool) {
		if kind != document.SourceAppleDocs {
			return index.SourceFreshness{}, false
		}
		return index.SourceFreshness{FetchedAt: crawled, Basis: index.FetchedByCrawl}, true
	}
	old := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := filepath.WalkDir(filepath.Join(corpus, "swift-book"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			err = os.Chtimes(p, old, old)
		}
		return err
	}); err != nil {
		t.Fatal(err)
	}
	mustSave(t, opts)
	f, err := openIndex(t, opts.DBPath).Freshness(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Sources[document.SourceAppleDocs]; !got.FetchedAt.Equal(crawled) || got.Basis != index.FetchedByCrawl {
		t.Errorf("apple-docs: %+v", got)
	}
	if got := f.Sources[document.SourceSwiftBook]; !got.FetchedAt.Equal(old) || got.Basis != index.FetchedByFileTime {
		t.Errorf("swift-book (no fetch record): %+v, want its newest file %s", got, old)
	}
	if f.NewestPlatforms["iOS"] == "" {
		t.Errorf("no newest iOS version recorded: %v", f.NewestPlatforms)
	}
	if d := f.Describe(document.SourceSwiftBook); d != "2025-01-02 (newest file; no fetch record)" {
		t.Errorf("Describe = %q", d)
	}

	// A fetch that changed no file, a day later.
	crawled = crawled.Add(24 * time.Hour)
	before, _ := os.Stat(opts.DBPath)
	sum := mustSave(t, opts)
	if !sum.UpToDate || !sum.FreshnessOnly {
		t.Fatalf("second save: up to date %v, freshness only %v", sum.UpToDate, sum.FreshnessOnly)
	}
	st := openIndex(t, opts.DBPath)
	f, _ = st.Freshness(context.Background())
	if got := f.Sources[document.SourceAppleDocs].FetchedAt; !got.Equal(crawled) {
		t.Errorf("after a fetch with no change: %s, want %s", got, crawled)
	}
	if counts, _ := st.Sources(context.Background()); counts[document.SourceAppleDocs] == 0 {
		t.Error("the meta rewrite lost the documents")
	}
	after, _ := os.Stat(opts.DBPath)
	if os.SameFile(before, after) {
		t.Error("the index was edited in place, not replaced")
	}
	// And a third save with nothing new does nothing.
	if sum := mustSave(t, opts); !sum.UpToDate || sum.FreshnessOnly {
		t.Errorf("third save: up to date %v, freshness only %v", sum.UpToDate, sum.FreshnessOnly)
	}
}
