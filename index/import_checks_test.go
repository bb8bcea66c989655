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

// alterPart runs statements against a part file, as a forger would.
func alterPart(t *testing.T, path string, statements ...string) {
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
	alterPart(t, paths[PartSearch], "UPDATE "+FTSTable+"_data SET block = substr(block, 1, 4) || zeroblob(length(block) - 4) WHERE id > 10 AND length(block) > 8")
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
// only the tables the caller names (enrich's) may come, with the caller's
// DDL.
func TestImportRefusesUnknownTables(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	parts := pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution)
	alterPart(t, paths[PartShared], "CREATE TABLE planted (x TEXT)", "INSERT INTO planted VALUES ('from the part')")
	dst := filepath.Join(t.TempDir(), "search.db")
	_, err := ImportParts(context.Background(), dst, parts, ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "planted") {
		t.Errorf("a part with an unknown table: %v, want ErrCorrupt naming it", err)
	}
	if _, err := os.Stat(dst); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an index was installed with an unknown table")
	}

	// A table named by the caller comes, created with the caller's DDL.
	paths = exportAll(t, buildFixture(t), t.TempDir())
	parts = pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution)
	alterPart(t, paths[document.SourceAppleDocs], "CREATE TABLE owned (doc_id INTEGER, note TEXT)",
		"INSERT INTO owned SELECT id, 'kept' FROM docs LIMIT 2")
	const ownedDDL = "CREATE TABLE owned (doc_id INTEGER NOT NULL, note TEXT NOT NULL DEFAULT '')"
	_, err = ImportParts(context.Background(), dst, parts, ImportOptions{SkipDiskCheck: true, ExtraTables: map[string]string{"owned": ownedDDL}})
	mustNoErr(t, err)
	st := openStore(t, dst)
	if n := queryInt(t, st.DB(), "SELECT count(*) FROM owned WHERE note = 'kept'"); n != 2 {
		t.Errorf("%d rows of the named table imported, want 2", n)
	}
	var ddl string
	mustNoErr(t, st.DB().QueryRow("SELECT sql FROM sqlite_master WHERE name = 'owned'").Scan(&ddl))
	if ddl != ownedDDL {
		t.Errorf("the named table was created as %q, want the caller's DDL", ddl)
	}
}
