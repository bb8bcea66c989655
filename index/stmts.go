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
