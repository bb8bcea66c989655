package index

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// A finished index, saved or imported from a bundle's parts, keeps STAT4
// samples for its own tables but none for the full-text tables' term
// indexes (analyzeSQL says why), and its schema version is stamped.
func TestAnalyzeKeepsNoSamplesOfTermIndexes(t *testing.T) {
	saved := buildFixture(t)
	imported := filepath.Join(t.TempDir(), "search.db")
	_, err := ImportParts(context.Background(), imported, pick(exportAll(t, saved, t.TempDir()), "shared", "search",
		document.SourceAppleDocs, document.SourceSwiftEvolution), ImportOptions{SkipDiskCheck: true})
	mustNoErr(t, err)
	for name, path := range map[string]string{"saved": saved, "imported": imported} {
		st := openStore(t, path)
		if n := queryInt(t, st.db, "SELECT count(*) FROM sqlite_stat4 WHERE tbl GLOB '*_fts_idx'"); n != 0 {
			t.Errorf("%s: %d STAT4 samples of full-text term indexes", name, n)
		}
		if n := queryInt(t, st.db, "SELECT count(*) FROM sqlite_stat4 WHERE tbl = 'docs'"); n == 0 {
			t.Errorf("%s: no STAT4 samples of docs' indexes", name)
		}
		if n := queryInt(t, st.db, "SELECT count(*) FROM sqlite_stat1 WHERE tbl GLOB '*_fts_idx'"); n == 0 {
			t.Errorf("%s: the term indexes lost their sqlite_stat1 rows too", name)
		}
		if v := queryInt(t, st.db, "PRAGMA user_version"); v != SchemaVersion {
			t.Errorf("%s: user_version %d, want %d", name, v, SchemaVersion)
		}
	}
}
