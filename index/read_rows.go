package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file reads what the MCP server adds to the rows of a result list,
// once the ranker has chosen them, and which sources an index holds.

// RowDetail is what a result row carries beyond the ranker's columns: what
// an agent needs to choose between rows that look alike.
type RowDetail struct {
	// Declaration is the page's declaration as stored
	// (docs_structured.declaration), "" for pages that declare nothing.
	Declaration string
	// DeprecatedNote is the page's deprecation message (docs.deprecated_note),
	// usually naming the replacement.
	DeprecatedNote string
}

// RowDetails returns the RowDetail of each page of uris that has one, by
// URI; pages with neither a declaration nor a note, and URIs the index does
// not hold, are left out. The answers are kept by URI (Store.details); one
// statement reads those not kept, the URIs bound as a JSON array.
func (s *Store) RowDetails(ctx context.Context, uris []string) (map[string]RowDetail, error) {
	out := map[string]RowDetail{}
	var missing []string
	for _, uri := range uris {
		if r, ok := s.details.Get(uri); ok {
			if r != (RowDetail{}) {
				out[uri] = r
			}
			continue
		}
		missing = append(missing, uri)
	}
	if len(missing) == 0 {
		return out, nil
	}
	list, err := json.Marshal(missing)
	if err != nil {
		return nil, fmt.Errorf("row details: %w", err)
	}
	read := map[string]RowDetail{}
	err = sqlrows.Each(ctx, s.db, "row details", `SELECT d.uri, coalesce(st.declaration, ''), d.deprecated_note
FROM docs d LEFT JOIN docs_structured st ON st.doc_id = d.id
WHERE d.uri IN (SELECT value FROM json_each(?))`, []any{string(list)}, func(rows *sql.Rows) error {
		var uri string
		var r RowDetail
		if err := rows.Scan(&uri, &r.Declaration, &r.DeprecatedNote); err != nil {
			return err
		}
		read[uri] = r
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A URI without a row is kept as having no details, as the index is
	// read-only: it will not gain one while it is open.
	for _, uri := range missing {
		r := read[uri]
		s.details.Put(uri, r)
		if r != (RowDetail{}) {
			out[uri] = r
		}
	}
	return out, nil
}

// HasSource reports whether the index holds a page of source (an id of
// internal/source): one probe of the docs_source_framework index, so that
// checking every source costs microseconds where counting them scans docs.
func (s *Store) HasSource(ctx context.Context, source string) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM docs WHERE source = ?)", source).Scan(&n); err != nil {
		return false, fmt.Errorf("has source %s: %w", source, err)
	}
	return n != 0, nil
}
