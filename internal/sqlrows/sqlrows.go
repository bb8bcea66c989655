// Package sqlrows runs a query and hands each result row to a function. The
// query, the row loop, closing the rows and labelling their errors are
// written here once instead of at every list query over the index.
package sqlrows

import (
	"context"
	"database/sql"
	"fmt"
)

// Querier runs a query: *sql.DB, *sql.Tx and *sql.Conn are Queriers, and so
// is any function of that shape through QueryFunc.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// QueryFunc adapts a query function, such as one over a cache of prepared
// statements, to Querier.
type QueryFunc func(ctx context.Context, query string, args ...any) (*sql.Rows, error)

// QueryContext calls f.
func (f QueryFunc) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return f(ctx, query, args...)
}

// Each runs query with args on q and calls row for every result row, in
// order, and closes the rows before it returns, so that the caller may run
// its next query on the same transaction. An error of the query, of row or
// of reading the rows ends it and comes back as "<what>: <error>".
func Each(ctx context.Context, q Querier, what, query string, args []any, row func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// All is Each collecting one value per row, which scan reads from the row.
func All[T any](ctx context.Context, q Querier, what, query string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	var out []T
	err := Each(ctx, q, what, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if err != nil {
			return err
		}
		out = append(out, v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Column is All for a query of one column: the column's values, in order.
func Column[T any](ctx context.Context, q Querier, what, query string, args []any) ([]T, error) {
	return All(ctx, q, what, query, args, func(rows *sql.Rows) (T, error) {
		var v T
		err := rows.Scan(&v)
		return v, err
	})
}

// Map reads a query of two columns into a map from the first column's
// value to the second's; a key met twice keeps its last value.
func Map[K comparable, V any](ctx context.Context, q Querier, what, query string, args []any) (map[K]V, error) {
	out := map[K]V{}
	err := Each(ctx, q, what, query, args, func(rows *sql.Rows) error {
		var k K
		var v V
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		out[k] = v
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
