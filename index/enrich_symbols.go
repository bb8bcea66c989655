package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The symbol-graph join's statements: pages by URI, doc_symbols rows of an
// origin, and a page's availability.

// PageDeclaration returns the id and declaration ("" when none) of the
// page at uri; found is false when the index does not hold it.
func (w *EnrichTx) PageDeclaration(ctx context.Context, uri string) (id int64, declaration string, found bool, err error) {
	st, err := w.prepared(ctx, `SELECT d.id, coalesce(st.declaration, '') FROM docs d
		LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.uri = ?`)
	if err != nil {
		return 0, "", false, err
	}
	err = st.QueryRowContext(ctx, uri).Scan(&id, &declaration)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", false, nil
	}
	if err != nil {
		return 0, "", false, err
	}
	return id, declaration, true, nil
}

// URIVariant is a page whose URI is a "<base>-…" variant of another.
type URIVariant struct {
	ID               int64
	URI, Declaration string
}

// URIVariants returns the pages whose URI is base followed by "-" and
// anything ("<base>-swift.method", "<base>-9abc1"), by URI.
func (w *EnrichTx) URIVariants(ctx context.Context, base string) ([]URIVariant, error) {
	// '-' sorts just before '.', so this range is every "<base>-…" URI.
	return sqlrows.All(ctx, sqlrows.QueryFunc(w.queryPrepared), "uri variants", `SELECT d.id, d.uri, coalesce(st.declaration, '') FROM docs d
		LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.uri >= ? || '-' AND d.uri < ? || '.' ORDER BY d.uri`,
		[]any{base, base}, func(rows *sql.Rows) (v URIVariant, err error) {
			err = rows.Scan(&v.ID, &v.URI, &v.Declaration)
			return v, err
		})
}

// SymbolColumns are the content of one doc_symbols row (its flags 0 or 1).
type SymbolColumns struct {
	Name, Kind, Signature                                       string
	Async, Throws, Static                                       int
	Attributes, Conformances, GenericParams, GenericConstraints string
}

// EachSymbolOf calls fn with the page and content of every doc_symbols row
// of origin, by row id.
func (w *EnrichTx) EachSymbolOf(ctx context.Context, origin string, fn func(doc int64, r SymbolColumns)) error {
	return sqlrows.Each(ctx, w.tx, "read symbol-graph rows", `SELECT doc_id, name, kind, signature, is_async, is_throws, is_static, attributes,
		conformances, generic_params, generic_constraints FROM doc_symbols WHERE origin = ? ORDER BY id`, []any{origin},
		func(rows *sql.Rows) error {
			var doc int64
			var r SymbolColumns
			if err := rows.Scan(&doc, &r.Name, &r.Kind, &r.Signature, &r.Async, &r.Throws, &r.Static, &r.Attributes,
				&r.Conformances, &r.GenericParams, &r.GenericConstraints); err != nil {
				return err
			}
			fn(doc, r)
			return nil
		})
}

// DeleteSymbolsOf deletes page doc's doc_symbols rows of origin and
// returns how many there were.
func (w *EnrichTx) DeleteSymbolsOf(ctx context.Context, doc int64, origin string) (int64, error) {
	res, err := w.tx.ExecContext(ctx, "DELETE FROM doc_symbols WHERE doc_id = ? AND origin = ?", doc, origin)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// InsertSymbol adds a doc_symbols row of origin to page doc.
// doc_symbols_fts is rebuilt by the caller (Commit, or enrich's refresh).
func (w *EnrichTx) InsertSymbol(ctx context.Context, doc int64, r SymbolColumns, origin string) error {
	_, err := w.tx.ExecContext(ctx, `INSERT INTO doc_symbols(doc_id, name, kind, signature, is_async, is_throws, is_static,
			attributes, conformances, generic_params, generic_constraints, origin) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
		doc, r.Name, r.Kind, r.Signature, r.Async, r.Throws, r.Static, r.Attributes,
		r.Conformances, r.GenericParams, r.GenericConstraints, origin)
	return err
}

// Availability is what a page says of its availability: where it came
// from (availability_source), deprecated (0 or 1), the packed minimum
// versions of PlatformColumns (0 when unlisted) and the platforms JSON of
// docs_structured ("[]" when none).
type Availability struct {
	Source      string
	Deprecated  int
	Mins        [5]int
	PlatformsJS string
}

// PageAvailability returns page doc's availability.
func (w *EnrichTx) PageAvailability(ctx context.Context, doc int64) (Availability, error) {
	var a Availability
	st, err := w.prepared(ctx, `SELECT d.availability_source, d.deprecated,
		coalesce(d.min_ios, 0), coalesce(d.min_macos, 0), coalesce(d.min_tvos, 0), coalesce(d.min_watchos, 0), coalesce(d.min_visionos, 0),
		coalesce(st.platforms, '[]') FROM docs d LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.id = ?`)
	if err != nil {
		return a, err
	}
	if err := st.QueryRowContext(ctx, doc).Scan(&a.Source, &a.Deprecated, &a.Mins[0], &a.Mins[1], &a.Mins[2], &a.Mins[3], &a.Mins[4], &a.PlatformsJS); err != nil {
		return a, fmt.Errorf("read availability: %w", err)
	}
	return a, nil
}

// SetAvailability writes page doc's availability (a zero minimum version
// is stored as NULL) and its platforms JSON.
func (w *EnrichTx) SetAvailability(ctx context.Context, doc int64, a Availability) error {
	args := []any{a.Source, a.Deprecated}
	for _, v := range a.Mins {
		if v == 0 {
			args = append(args, nil)
		} else {
			args = append(args, v)
		}
	}
	args = append(args, doc)
	if _, err := w.tx.ExecContext(ctx, `UPDATE docs SET availability_source = ?, deprecated = ?,
			min_ios = ?, min_macos = ?, min_tvos = ?, min_watchos = ?, min_visionos = ? WHERE id = ?`, args...); err != nil {
		return fmt.Errorf("fill availability: %w", err)
	}
	if _, err := w.tx.ExecContext(ctx, `INSERT INTO docs_structured(doc_id, platforms) VALUES (?, ?)
			ON CONFLICT(doc_id) DO UPDATE SET platforms = excluded.platforms`, doc, a.PlatformsJS); err != nil {
		return fmt.Errorf("fill availability: %w", err)
	}
	return nil
}
