package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// ContextFTSTable holds the prose around each Apple page's mentions.
const ContextFTSTable = "context_fts"

// Keys of the semantic table.
const (
	SemanticModel  = "model"
	SemanticMatrix = "matrix"
)

// Semantic returns a value of the semantic table, nil when the index has
// none (saved before the semantic pass, or without documentation).
func (s *Store) Semantic(ctx context.Context, key string) ([]byte, error) {
	var b []byte
	err := s.db.QueryRowContext(ctx, "SELECT value FROM semantic WHERE key = ?", key).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read semantic %s: %w", key, err)
	}
	return b, nil
}

// DocVectors returns the semantic vectors of the given documents that have
// one.
func (s *Store) DocVectors(ctx context.Context, ids []int64) (map[int64][]byte, error) {
	out := make(map[int64][]byte, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	list, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	err = sqlrows.Each(ctx, s.db, "read doc vectors", "SELECT doc_id, vec FROM doc_vectors WHERE doc_id IN (SELECT value FROM json_each(?))",
		[]any{string(list)}, func(rows *sql.Rows) error {
			var id int64
			var v []byte
			if err := rows.Scan(&id, &v); err != nil {
				return err
			}
			out[id] = v
			return nil
		})
	return out, err
}
