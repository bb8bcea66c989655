package index

import (
	"context"
	"database/sql"
	"sync"
)

// maxCachedStatements bounds the cache: the Store's texts are fixed but for a
// few built with a table name or a count of placeholders, and past the bound
// a text is simply prepared for the call as before.
const maxCachedStatements = 256

// stmtCache prepares each query text once per Store and reuses it: parsing
// and planning the SQL was about a sixth of read_document's CPU on a large
// page, which sends a dozen queries. A *sql.Stmt is safe for concurrent use;
// database/sql prepares it again on each pool connection that runs it.
type stmtCache struct {
	db    *sql.DB
	mu    sync.RWMutex
	stmts map[string]*sql.Stmt
}

// stmt is query's prepared statement, or nil when the cache is full.
func (c *stmtCache) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	c.mu.RLock()
	st := c.stmts[query]
	c.mu.RUnlock()
	if st != nil {
		return st, nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if st := c.stmts[query]; st != nil {
		return st, nil
	}
	if len(c.stmts) >= maxCachedStatements {
		return nil, nil
	}
	st, err := c.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if c.stmts == nil {
		c.stmts = make(map[string]*sql.Stmt)
	}
	c.stmts[query] = st
	return st, nil
}

// QueryContext runs query through its cached statement (sqlrows.Querier).
func (c *stmtCache) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	if st == nil {
		return c.db.QueryContext(ctx, query, args...)
	}
	return st.QueryContext(ctx, args...)
}

// QueryRowContext is QueryContext for one row. A text that does not prepare
// runs unprepared, so that its error comes back through the Row as before.
func (c *stmtCache) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := c.stmt(ctx, query)
	if err != nil || st == nil {
		return c.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// close releases every cached statement.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.stmts {
		st.Close()
		delete(c.stmts, q)
	}
}
