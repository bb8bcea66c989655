package sqlrows

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

func testDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec("CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)"); err != nil {
		t.Fatal(err)
	}
	return db
}

func scanInt(rows *sql.Rows) (int, error) {
	var n int
	err := rows.Scan(&n)
	return n, err
}

func TestAllReadsEveryRowInOrder(t *testing.T) {
	db := testDB(t)
	got, err := All(context.Background(), db, "read t", "SELECT n FROM t WHERE n > ? ORDER BY n", []any{1}, scanInt)
	if err != nil || len(got) != 2 || got[0] != 2 || got[1] != 3 {
		t.Fatalf("All = %v, %v; want [2 3]", got, err)
	}
}

func TestEachLabelsTheQueryAndRowErrors(t *testing.T) {
	db := testDB(t)
	err := Each(context.Background(), db, "read t", "SELECT nope FROM t", nil, func(*sql.Rows) error { return nil })
	if err == nil || err.Error()[:8] != "read t: " {
		t.Errorf("a bad query = %v, want it labelled \"read t: \"", err)
	}
	stop := errors.New("stop")
	calls := 0
	err = Each(context.Background(), db, "read t", "SELECT n FROM t", nil, func(*sql.Rows) error { calls++; return stop })
	if !errors.Is(err, stop) || err.Error() != "read t: stop" || calls != 1 {
		t.Errorf("a failing row = %v after %d calls, want \"read t: stop\" after 1", err, calls)
	}
}

func TestQueryFuncIsAQuerier(t *testing.T) {
	db := testDB(t)
	var asked string
	q := QueryFunc(func(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
		asked = query
		return db.QueryContext(ctx, query, args...)
	})
	got, err := All(context.Background(), q, "read t", "SELECT count(*) FROM t", nil, scanInt)
	if err != nil || len(got) != 1 || got[0] != 3 || asked != "SELECT count(*) FROM t" {
		t.Errorf("All through QueryFunc = %v, %v (asked %q)", got, err, asked)
	}
}

func TestMapKeysTheFirstColumn(t *testing.T) {
	db := testDB(t)
	got, err := Map[int, string](context.Background(), db, "read t", "SELECT n, 'v' || n FROM t", nil)
	if err != nil || len(got) != 3 || got[2] != "v2" {
		t.Errorf("Map = %v, %v; want 1..3 to v1..v3", got, err)
	}
}

func TestColumnReadsTheOneColumnInOrder(t *testing.T) {
	db := testDB(t)
	got, err := Column[int](context.Background(), db, "read t", "SELECT n FROM t WHERE n > ? ORDER BY n DESC", []any{1})
	if err != nil || len(got) != 2 || got[0] != 3 || got[1] != 2 {
		t.Fatalf("Column = %v, %v; want [3 2]", got, err)
	}
	if _, err := Column[int](context.Background(), db, "read t", "SELECT n, n FROM t", nil); err == nil {
		t.Error("Column of a two-column query read without an error")
	}
}
