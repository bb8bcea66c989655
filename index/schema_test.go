package index

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// TestSchemaDDLApplies proves the DDL is valid for the bundled SQLite,
// including the contentless_delete option it relies on.
func TestSchemaDDLApplies(t *testing.T) {
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "s.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(schemaDDL); err != nil {
		t.Fatalf("apply schema: %v", err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type='table' AND name IN
		('docs','docs_fts','doc_body','docs_structured','doc_symbols','doc_symbols_fts','symbol_names',
		 'doc_code_examples','doc_children','inheritance_edges','framework_aliases','source_files','meta','enrich_runs')`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 14 {
		t.Fatalf("tables created = %d, want 14", n)
	}
	if BM25Expr != "bm25(docs_fts, 1, 1, 2, 1, 10, 1, 3, 5, 1.5)" {
		t.Fatalf("BM25Expr = %q", BM25Expr)
	}
}

// TestCheckSchemaToleratesOptionalIndexes: a file saved before the indexes
// added to this schema version later (doc_children_title,
// doc_children_leaf) is not reported damaged; one missing any other index
// is.
func TestCheckSchemaToleratesOptionalIndexes(t *testing.T) {
	path := buildFixture(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for name := range optionalIndexes {
		if _, err := db.Exec("DROP INDEX " + name); err != nil {
			t.Fatal(err)
		}
	}
	st := openStore(t, path)
	if err := st.CheckSchema(context.Background()); err != nil {
		t.Errorf("CheckSchema without the optional indexes: %v", err)
	}
	if _, err := db.Exec("DROP INDEX doc_children_child"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	// A Store reads its file as immutable: a changed file is a new Store.
	if err := openStore(t, path).CheckSchema(context.Background()); !errors.Is(err, ErrCorrupt) {
		t.Errorf("CheckSchema without doc_children_child = %v, want ErrCorrupt", err)
	}
}
