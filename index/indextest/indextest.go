// Package indextest holds what tests of several packages ask of an index
// they built or installed (tests only), one way everywhere: the test fails
// when the index does not open, and a store it opens closes when the test
// (or benchmark) ends.
package indextest

import (
	"context"
	"database/sql"
	"net/url"
	"path/filepath"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// Open opens the index at path for the rest of the test.
func Open(tb testing.TB, path string) *index.Store {
	tb.Helper()
	st, err := index.Open(path)
	return testenv.Closing(tb, st, err)
}

// OpenFull opens the built full index named by testenv.FullIndexVar, and
// skips the test with one line when it is not set.
func OpenFull(tb testing.TB) *index.Store {
	tb.Helper()
	return Open(tb, testenv.FullIndexDB(tb))
}

// Documents returns the documents per source of the index at path.
func Documents(t testing.TB, path string) map[string]int {
	t.Helper()
	st, err := index.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, err := st.Sources(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// Shape counts what a copy of an index must keep: documents, symbol rows,
// inheritance edges, enrich's records and the full-text rows matching "view".
// A round trip (bundle parts, setup) leaves every figure equal.
func Shape(t testing.TB, path string) map[string]int {
	t.Helper()
	st := Open(t, path)
	out := map[string]int{}
	for name, q := range map[string]string{
		"docs":               "SELECT count(*) FROM docs",
		"doc_symbols":        "SELECT count(*) FROM doc_symbols",
		"inheritance_edges":  "SELECT count(*) FROM inheritance_edges",
		"enrich_constraints": "SELECT count(*) FROM enrich_constraints",
		"docs_fts view":      "SELECT count(*) FROM docs_fts WHERE docs_fts MATCH '\"view\"'",
	} {
		var n int
		if err := DB(t, st).QueryRow(q).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		out[name] = n
	}
	return out
}

// DB opens a read-only pool of its own on the file st reads, for a test's
// own queries: the Store keeps its pool to itself (every SQL text of the
// program is in package index), so a test that looks at the tables
// directly asks SQLite through a second pool. A test gets one pool per
// store however often it asks (opening one reads the schema, closing it
// syncs: 70 ms on the full index), closed when the test ends.
func DB(tb testing.TB, st *index.Store) *sql.DB {
	tb.Helper()
	return Pool(tb, st, st.Path(), "mode=ro&_pragma=busy_timeout(5000)")
}

// Pool opens a pool of the test's own on the index file at path with the
// SQLite URI parameters params, once per test and owner (the value that
// reads or edits the file: a store, enrich's index), closed when the test
// ends.
func Pool(tb testing.TB, owner any, path, params string) *sql.DB {
	tb.Helper()
	key := poolKey{tb, owner}
	if db, ok := pools.Load(key); ok {
		return db.(*sql.DB)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.Fatal(err)
	}
	db, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: abs}).String()+"?"+params)
	if err != nil {
		tb.Fatalf("open %s: %v", path, err)
	}
	pools.Store(key, db)
	tb.Cleanup(func() {
		pools.Delete(key)
		db.Close()
	})
	return db
}

// Column reads a query of one column on db (a pool of DB or Pool, say),
// for a test's own look at the tables; the test fails on any error.
func Column[T any](tb testing.TB, db sqlrows.Querier, query string, args ...any) []T {
	tb.Helper()
	out, err := sqlrows.Column[T](context.Background(), db, query, query, args)
	if err != nil {
		tb.Fatal(err)
	}
	return out
}

// poolKey names a test's pool on the file of one owner.
type poolKey struct {
	tb    testing.TB
	owner any
}

// pools holds each test's pools (tests may run in parallel).
var pools sync.Map

// Write builds an index of docs at path with index's own builder and
// commits it; each of before runs on the builder after the documents and
// before the commit (framework aliases, say). The test fails on any error.
func Write(tb testing.TB, path string, docs []*document.Document, before ...func(*index.Builder) error) {
	tb.Helper()
	b, err := index.Create(path, index.BuildOptions{SkipDiskCheck: true})
	if err != nil {
		tb.Fatalf("create %s: %v", path, err)
	}
	for _, d := range docs {
		if err := b.Put(d); err != nil {
			b.Abort()
			tb.Fatalf("put %s: %v", d.URI, err)
		}
	}
	for _, f := range before {
		if err := f(b); err != nil {
			b.Abort()
			tb.Fatal(err)
		}
	}
	if err := b.Commit(context.Background()); err != nil {
		tb.Fatalf("commit %s: %v", path, err)
	}
}

// Build is Write to search.db in a fresh temporary folder of the test, whose
// path it returns.
func Build(tb testing.TB, docs ...*document.Document) string {
	tb.Helper()
	path := filepath.Join(tb.TempDir(), "search.db")
	Write(tb, path, docs)
	return path
}
