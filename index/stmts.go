package index

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
)

// Every retrieval query (retrieve*.go) has a fixed text (FTS5 expressions,
// ids and names are bound parameters), so each is prepared once per Store
// and reused: parsing SQL was a seventh of a typical search's CPU.
type stmtCache struct {
	mu    sync.Mutex
	stmts map[string]*sql.Stmt
}

// stmt returns the prepared statement for query, preparing it on first use.
func (s *Store) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if st := s.cache.stmts[query]; st != nil {
		return st, nil
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("index prepare: %w", err)
	}
	if s.cache.stmts == nil {
		s.cache.stmts = make(map[string]*sql.Stmt)
	}
	s.cache.stmts[query] = st
	return st, nil
}

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
func (s *Store) closeStatements() error {
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	var first error
	for q, st := range s.cache.stmts {
		if err := st.Close(); err != nil && first == nil {
			first = err
		}
		delete(s.cache.stmts, q)
	}
	return first
}

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
