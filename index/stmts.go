package index

import (
	"context"
	"database/sql"
	"fmt"
	"sync"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// Every retrieval query (retrieve*.go) has a fixed text (FTS5 expressions,
// ids and names are bound parameters), so each is prepared once per Store
// and reused: parsing SQL was a seventh of a typical search's CPU.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// prepared returns the prepared statement for query on db, preparing it on
// first use. Only fixed query texts belong here: one built per call would
// grow the cache with every call.
func (c *stmtCache) prepared(ctx context.Context, db *sql.DB, query string) (*sql.Stmt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if st := c.stmts[query]; st != nil {
		return st, nil
	}
	st, err := db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("index prepare: %w", err)
	}
	if c.stmts == nil {
		c.stmts = make(map[string]*sql.Stmt)
	}
	c.stmts[query] = st
	return st, nil
}

// closeAll releases the cached statements.
func (c *stmtCache) closeAll() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	var first error
	for q, st := range c.stmts {
		if err := st.Close(); err != nil && first == nil {
			first = err
		}
		delete(c.stmts, q)
	}
	return first
}

// stmt returns the Store's prepared statement for query.
func (s *Store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	return s.cache.prepared(ctx, s.db, query)
}

// prepared is the Querier that runs fixed query texts as the Store's
// prepared statements. A page's first read runs a dozen of them (its row,
// symbols, examples, children, link probes), and preparing each anew was a
// sixth of a read's CPU.
func (s *Store) prepared() sqlrows.Querier { return sqlrows.QueryFunc(s.query) }

// query runs a cached statement.
func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// queryRow runs a cached statement returning one row.
func (s *Store) queryRow(ctx context.Context, dest []any, query string, args ...any) error {
	st, err := s.stmt(ctx, query)
	if err != nil {
		return err
	}
	return st.QueryRowContext(ctx, args...).Scan(dest...)
}

// closeStatements releases the Store's prepared statements.
func (s *Store) closeStatements() error { return s.cache.closeAll() }

// PoolConnection is what one connection of a Store's read pool runs with:
// its PRAGMA mmap_size and cache_size (negative: KiB).
type PoolConnection struct{ MmapSize, CacheSize int64 }

// ReadPool returns the read pool's size and what each of its connections
// runs with, holding all of them at once so that each one is asked: a
// server's ReadLimits must reach every connection, not the first.
func (s *Store) ReadPool(ctx context.Context) (maxOpen int, conns []PoolConnection, err error) {
	maxOpen = s.db.Stats().MaxOpenConnections
	for range maxOpen {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return maxOpen, conns, fmt.Errorf("read pool: %w", err)
		}
		defer c.Close()
		var p PoolConnection
		if err := c.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&p.MmapSize); err != nil {
			return maxOpen, conns, fmt.Errorf("read pool: %w", err)
		}
		if err := c.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&p.CacheSize); err != nil {
			return maxOpen, conns, fmt.Errorf("read pool: %w", err)
		}
		conns = append(conns, p)
	}
	return maxOpen, conns, nil
}
