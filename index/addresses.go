package index

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// legacyURIGlob matches an apple-docs URI with a legacy numeric segment
// (docuri.IsLegacySegment: six digits or more, then "-"); Go checks each
// match again.
const legacyURIGlob = "apple-docs://*/[0-9][0-9][0-9][0-9][0-9][0-9]*-?*"

// buildAddressKeys rebuilds address_keys: the modern address of every page
// stored under a legacy numeric path (see the package comment). A legacy
// page's ancestors that are legacy too are among the rows read, so their
// titles are at hand whatever order the pages were saved in.
func (b *Builder) buildAddressKeys(ctx context.Context) error {
	type page struct {
		id         int64
		uri, title string
	}
	pages, err := sqlrows.All(ctx, b.db, "read legacy pages",
		"SELECT id, uri, title FROM docs WHERE source = 'apple-docs' AND uri GLOB ? ORDER BY id", []any{legacyURIGlob},
		func(rows *sql.Rows) (p page, err error) {
			err = rows.Scan(&p.id, &p.uri, &p.title)
			return p, err
		})
	if err != nil {
		return err
	}
	titles := make(map[string]string, len(pages))
	for _, p := range pages {
		titles[p.uri] = p.title
	}
	titleOf := func(uri string) string { return titles[uri] }
	tx, err := b.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "DELETE FROM address_keys"); err != nil {
		return err
	}
	insert, err := tx.PrepareContext(ctx, "INSERT OR IGNORE INTO address_keys(key, doc_id) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer insert.Close()
	for _, p := range pages {
		modern := docuri.ModernAddress(p.uri, titleOf)
		if modern == "" {
			continue
		}
		if _, err := insert.ExecContext(ctx, docuri.Key(modern), p.id); err != nil {
			return fmt.Errorf("address key of %s: %w", p.uri, err)
		}
	}
	return tx.Commit()
}
