package index

import (
	"context"
	"database/sql"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// DeprecatedPage is a deprecated page and what its deprecation says
// (docs.deprecated_note: "Use finishWriting(completionHandler:) instead.").
type DeprecatedPage struct {
	ID                  int64
	Title, Parent, Note string
}

// DeprecatedPages returns those of the pages ids that are deprecated with
// a note, in id order.
func (s *Store) DeprecatedPages(ctx context.Context, ids []int64) ([]DeprecatedPage, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	query := `SELECT id, title, parent_uri, deprecated_note FROM docs
		WHERE id IN (` + placeholders(len(ids)) + `) AND deprecated = 1 AND deprecated_note != '' ORDER BY id`
	var out []DeprecatedPage
	err := sqlrows.Each(ctx, sqlrows.QueryFunc(s.query), "deprecated pages", query, anyArgs(ids), func(rows *sql.Rows) error {
		var p DeprecatedPage
		if err := rows.Scan(&p.ID, &p.Title, &p.Parent, &p.Note); err != nil {
			return err
		}
		out = append(out, p)
		return nil
	})
	return out, err
}

// ChildIDsTitled returns up to limit pages that are not deprecated, under
// the page parentURI, titled titleLower in any case: the member a
// deprecation note names in place of its sibling.
func (s *Store) ChildIDsTitled(ctx context.Context, parentURI, titleLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "children titled", `SELECT id FROM docs WHERE parent_uri = ? AND title_lower = ? AND deprecated = 0 ORDER BY id LIMIT ?`,
		parentURI, titleLower, limit)
}
