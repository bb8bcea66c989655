package index

import (
	"database/sql"
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
