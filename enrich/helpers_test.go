package enrich

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// fixtureDoc is a short way to write an apple-docs page for tests: the
// symbols are extracted from the declaration by the save pipeline's own
// swiftsym.FromDocument.
func fixtureDoc(uri, title, kind, decl string) *document.Document {
	d := &document.Document{
		URI:         uri,
		Source:      document.SourceAppleDocs,
		Framework:   frameworkOf(uri),
		Title:       title,
		Kind:        kind,
		Language:    "swift",
		Declaration: decl,
		Abstract:    "Fixture page " + title + ".",
		ContentHash: fmt.Sprintf("%x", sha256.Sum256([]byte(uri+title+decl))),
		Size:        len(decl) + 100,
	}
	if i := strings.LastIndexByte(uri, '/'); i > len("apple-docs://") {
		d.Parent = uri[:i]
	}
	d.Symbols = swiftsym.FromDocument(d)
	return d
}

// buildIndex writes docs into a fresh committed index and returns its path.
func buildIndex(t *testing.T, docs ...*document.Document) string {
	t.Helper()
	return indextest.Build(t, docs...)
}

// rawDB is a read-write pool of the test's own on the file x edits, for
// looking at and changing the tables directly: the passes' SQL is index's,
// and x keeps its pool to itself. It closes when the test ends.
func rawDB(t *testing.T, x *Index) *sql.DB {
	t.Helper()
	db := indextest.Pool(t, x, x.Path(), "mode=rw&_pragma=busy_timeout(10000)")
	db.SetMaxOpenConns(1)
	return db
}

// openIndex opens a committed index for enrich and closes it at cleanup.
func openIndex(t *testing.T, path string) *Index {
	t.Helper()
	x, err := OpenIndex(context.Background(), path)
	return testenv.Closing(t, x, err)
}

// runPasses runs the named passes (all when none) standalone.
func runPasses(t *testing.T, db *Index, opts Options, passes ...string) []Result {
	t.Helper()
	opts.Passes = passes
	opts.Standalone = true
	res, err := Run(context.Background(), db, opts)
	if err != nil {
		t.Fatalf("run %v: %v", passes, err)
	}
	return res
}

// snapshotTables fingerprints every data table: row count and a hash of all
// rows in rowid order. enrich_runs is left out: it is a log that grows by
// design.
func snapshotTables(t *testing.T, db *sql.DB) map[string]string {
	t.Helper()
	tables := []string{"docs", "doc_body", "docs_structured", "doc_symbols", "symbol_names", "doc_code_examples",
		"doc_children", "inheritance_edges", "framework_aliases", "source_files", "enrich_constraints"}
	out := map[string]string{}
	for _, table := range tables {
		var exists int
		if err := db.QueryRow("SELECT count(*) FROM sqlite_master WHERE name = ?", table).Scan(&exists); err != nil {
			t.Fatal(err)
		}
		if exists == 0 {
			continue
		}
		rows, err := db.Query("SELECT * FROM " + table + " ORDER BY 1, 2")
		if err != nil {
			t.Fatalf("snapshot %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		h := sha256.New()
		n := 0
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(h, "%v\n", vals)
			n++
		}
		rows.Close()
		out[table] = fmt.Sprintf("%d rows %s", n, hex.EncodeToString(h.Sum(nil))[:16])
	}
	return out
}

func queryString(t *testing.T, db *sql.DB, query string, args ...any) string {
	t.Helper()
	var s sql.NullString
	if err := db.QueryRow(query, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return s.String
}

func queryInt(t *testing.T, db *sql.DB, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}
