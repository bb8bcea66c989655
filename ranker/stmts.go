package ranker

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// Every query the ranker sends has a fixed text (FTS5 expressions, ids and
// names are bound parameters), so each is prepared once per engine and
// reused: parsing SQL was a seventh of a typical search's CPU.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// stmt returns the prepared statement for query, preparing it on first use.
func (e *Engine) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	e.cache.mu.Lock()
	defer e.cache.mu.Unlock()
	if st := e.cache.stmts[query]; st != nil {
		return st, nil
	}
	st, err := e.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("ranker prepare: %w", err)
	}
	if e.cache.stmts == nil {
		e.cache.stmts = make(map[string]*sql.Stmt)
	}
	e.cache.stmts[query] = st
	return st, nil
}

// query runs a cached statement.
func (e *Engine) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := e.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// queryRow runs a cached statement returning one row.
func (e *Engine) queryRow(ctx context.Context, dest []any, query string, args ...any) error {
	st, err := e.stmt(ctx, query)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// Close releases the engine's prepared statements. The engine must not be
// used afterwards; the Store stays open.
func (e *Engine) Close() error {
	e.cache.mu.Lock()
	defer e.cache.mu.Unlock()
	var first error
	for q, st := range e.cache.stmts {
		if err := st.Close(); err != nil && first == nil {
			first = err
		}
		delete(e.cache.stmts, q)
	}
	return first
}

// dfCacheMax bounds the document-frequency cache; past it the cache starts
// over (a server sees a few thousand distinct words a day).
const dfCacheMax = 8192

// dfLimit caps a counted document frequency: above it a word is simply
// common, and counting further would cost for nothing.
const dfLimit = 20000

// countRows counts the rows of an FTS table matching expr, up to limit.
func (e *Engine) countRows(ctx context.Context, table, expr string, limit int) (int, error) {
	var n int
	if err := e.queryRow(ctx, []any{&n}, `SELECT count(*) FROM (SELECT rowid FROM `+table+` WHERE `+table+` MATCH ? LIMIT ?)`,
		expr, limit); err != nil {
		return 0, fmt.Errorf("ranker count: %w", err)
	}
	return n, nil
}

// dfCache remembers how many rows of an FTS table match a single-word
// expression (cachedCount).
type dfCache struct {
	mu sync.Mutex
	m  map[string]int
}

// docFreq returns the number of documents matching expr (one concept's
// expression), up to dfLimit. The count walks the word's doclist once per
// process: FTS5 exposes no cheaper document frequency, and bm25 itself
// walks it on every query for its IDF.
func (e *Engine) docFreq(ctx context.Context, expr string) (int, error) {
	return e.cachedCount(ctx, "docs_fts", expr, dfLimit)
}

// cachedCount counts, once per process, the rows of an FTS table matching
// expr, up to limit: a single word's frequency never changes while the
// index is open, and common words come back query after query.
func (e *Engine) cachedCount(ctx context.Context, table, expr string, limit int) (int, error) {
	key := table + "\x00" + expr
	e.df.mu.Lock()
	n, ok := e.df.m[key]
	e.df.mu.Unlock()
	if ok {
		return n, nil
	}
	n, err := e.countRows(ctx, table, expr, limit)
	if err != nil {
		return 0, err
	}
	e.df.mu.Lock()
	defer e.df.mu.Unlock()
	if e.df.m == nil || len(e.df.m) >= dfCacheMax {
		e.df.m = make(map[string]int)
	}
	e.df.m[key] = n
	return n, nil
}
