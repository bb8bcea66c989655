package index

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// alterDB runs statements against a database file outside any Store, as
// a forger, an older cupertino or another program would.
func alterDB(t *testing.T, path string, statements ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	mustNoErr(t, err)
	defer db.Close()
	for _, s := range statements {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

// A search part whose full-text segments are damaged (their checksummed
// bundle file can be forged as a whole) copied and installed without a
// complaint; the new index is now checked before its rename.
func TestImportRefusesCorruptFullTextSegments(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	// Zero every leaf of docs_fts's segments but their first bytes: ids
	// 1 and 10 are the averages and the structure record.
	alterDB(t, paths[PartSearch], "UPDATE "+FTSTable+"_data SET block = substr(block, 1, 4) || zeroblob(length(block) - 4) WHERE id > 10 AND length(block) > 8")
	dst := filepath.Join(t.TempDir(), "search.db")
	mustNoErr(t, os.WriteFile(dst, []byte("previous"), 0o644))
	_, err := ImportParts(context.Background(), dst, pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution),
		ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), FTSTable) {
		t.Errorf("import of damaged full-text segments: %v, want ErrCorrupt naming %s", err, FTSTable)
	}
	if got, _ := os.ReadFile(dst); string(got) != "previous" {
		t.Errorf("the damaged index was installed")
	}
}

// A part bringing a table the index does not have was installed with it;
// now only the schema's tables come.
func TestImportRefusesUnknownTables(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	parts := pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution)
	alterDB(t, paths[PartShared], "CREATE TABLE planted (x TEXT)", "INSERT INTO planted VALUES ('from the part')")
	dst := filepath.Join(t.TempDir(), "search.db")
	_, err := ImportParts(context.Background(), dst, parts, ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "planted") {
		t.Errorf("a part with an unknown table: %v, want ErrCorrupt naming it", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an index was installed with an unknown table")
	}
}

// enrich_constraints is the schema's now: the rows enrich recorded travel in
// their page's source part. Before, the full index's parts were refused
// unless the caller named the table (TestPartsOfTheFullIndex failed so; its
// checks are now TestSetupTheFullBundle's, cmd/cupertino).
func TestEnrichConstraintsTravelInParts(t *testing.T) {
	db := buildFixture(t)
	alterDB(t, db, `INSERT INTO enrich_constraints(symbol_id, doc_id, pass, added)
		SELECT 1, id, 'hierarchy', 'Content: View' FROM docs WHERE source = 'apple-docs' LIMIT 1`)
	paths := exportAll(t, db, t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	_, err := ImportParts(context.Background(), dst, pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution),
		ImportOptions{SkipDiskCheck: true})
	mustNoErr(t, err)
	st := openStore(t, dst)
	if n := queryInt(t, st.db, "SELECT count(*) FROM enrich_constraints WHERE added = 'Content: View'"); n != 1 {
		t.Errorf("%d enrich_constraints rows imported, want 1", n)
	}
}
