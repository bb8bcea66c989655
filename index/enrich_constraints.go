package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The constraints and hierarchy passes' statements: doc_symbols'
// generic_constraints and the enrich_constraints records of what each pass
// appended to them.

// prepared returns the transaction's prepared statement for query,
// preparing it on first use; the transaction closes it when it ends.
func (w *EnrichTx) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	if st := w.stmts[query]; st != nil {
		return st, nil
	}
	st, err := w.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if w.stmts == nil {
		w.stmts = map[string]*sql.Stmt{}
	}
	w.stmts[query] = st
	return st, nil
}

// queryPrepared runs query as the transaction's prepared statement
// (prepared), for sqlrows.QueryFunc.
func (w *EnrichTx) queryPrepared(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	st, err := w.prepared(ctx, query)
	if err != nil {
		return nil, err
	}
	return st.QueryContext(ctx, args...)
}

// EnsureEnrichConstraints is the package's EnsureEnrichConstraints on the
// pass's transaction.
func (w *EnrichTx) EnsureEnrichConstraints(ctx context.Context) error {
	return EnsureEnrichConstraints(ctx, w.tx)
}

// PruneConstraintRecords deletes the enrich_constraints records whose
// symbol row is gone (a re-save removed the document) or now belongs to
// another document.
func (w *EnrichTx) PruneConstraintRecords(ctx context.Context) error {
	if _, err := w.tx.ExecContext(ctx, `DELETE FROM enrich_constraints WHERE NOT EXISTS
		(SELECT 1 FROM doc_symbols s WHERE s.id = enrich_constraints.symbol_id AND s.doc_id = enrich_constraints.doc_id)`); err != nil {
		return fmt.Errorf("prune enrich_constraints: %w", err)
	}
	return nil
}

// EachConstraintRecord calls fn with every enrich_constraints record.
func (w *EnrichTx) EachConstraintRecord(ctx context.Context, fn func(symbolID, docID int64, pass, added string)) error {
	return sqlrows.Each(ctx, w.tx, "read enrich_constraints", "SELECT symbol_id, doc_id, pass, added FROM enrich_constraints", nil,
		func(rows *sql.Rows) error {
			var id, docID int64
			var pass, added string
			if err := rows.Scan(&id, &docID, &pass, &added); err != nil {
				return err
			}
			fn(id, docID, pass, added)
			return nil
		})
}

// EachConstraintRecordOf calls fn with the symbol and the added list of
// every enrich_constraints record of pass.
func (w *EnrichTx) EachConstraintRecordOf(ctx context.Context, pass string, fn func(symbolID int64, added string)) error {
	return sqlrows.Each(ctx, w.tx, "read enrich_constraints", "SELECT symbol_id, added FROM enrich_constraints WHERE pass = ?", []any{pass},
		func(rows *sql.Rows) error {
			var id int64
			var added string
			if err := rows.Scan(&id, &added); err != nil {
				return err
			}
			fn(id, added)
			return nil
		})
}

// SymbolConstraints returns the generic_constraints of doc_symbols row id;
// found is false when there is no such row.
func (w *EnrichTx) SymbolConstraints(ctx context.Context, id int64) (constraints string, found bool, err error) {
	st, err := w.prepared(ctx, "SELECT generic_constraints FROM doc_symbols WHERE id = ?")
	if err != nil {
		return "", false, err
	}
	err = st.QueryRowContext(ctx, id).Scan(&constraints)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read symbol %d: %w", id, err)
	}
	return constraints, true, nil
}

// SetSymbolConstraints sets the generic_constraints of doc_symbols row id.
func (w *EnrichTx) SetSymbolConstraints(ctx context.Context, id int64, constraints string) error {
	st, err := w.prepared(ctx, "UPDATE doc_symbols SET generic_constraints = ? WHERE id = ?")
	if err != nil {
		return err
	}
	if _, err := st.ExecContext(ctx, constraints, id); err != nil {
		return fmt.Errorf("update symbol %d: %w", id, err)
	}
	return nil
}

// PutConstraintRecord records what pass appended to the constraints of
// symbol row symbolID of page docID, replacing its earlier record.
func (w *EnrichTx) PutConstraintRecord(ctx context.Context, symbolID, docID int64, pass, added string) error {
	if _, err := w.tx.ExecContext(ctx, `INSERT OR REPLACE INTO enrich_constraints(symbol_id, doc_id, pass, added) VALUES (?,?,?,?)`,
		symbolID, docID, pass, added); err != nil {
		return fmt.Errorf("record additions of symbol %d: %w", symbolID, err)
	}
	return nil
}

// DeleteConstraintRecord deletes pass's record of symbol row symbolID.
func (w *EnrichTx) DeleteConstraintRecord(ctx context.Context, symbolID int64, pass string) error {
	if _, err := w.tx.ExecContext(ctx, "DELETE FROM enrich_constraints WHERE symbol_id = ? AND pass = ?", symbolID, pass); err != nil {
		return fmt.Errorf("record additions of symbol %d: %w", symbolID, err)
	}
	return nil
}

// DeleteConstraintRecords deletes every record of pass and returns how
// many there were.
func (w *EnrichTx) DeleteConstraintRecords(ctx context.Context, pass string) (int64, error) {
	res, err := w.tx.ExecContext(ctx, "DELETE FROM enrich_constraints WHERE pass = ?", pass)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// ConstraintCounts returns how many doc_symbols rows there are and how
// many of them carry generic constraints.
func (w *EnrichTx) ConstraintCounts(ctx context.Context) (total, constrained int64, err error) {
	if err := w.tx.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(generic_constraints != ''), 0) FROM doc_symbols").Scan(&total, &constrained); err != nil {
		return 0, 0, fmt.Errorf("count constraints: %w", err)
	}
	return total, constrained, nil
}

// Version1Runs counts the enrich_runs records of pass at version "1" and
// at any other version.
func (w *EnrichTx) Version1Runs(ctx context.Context, pass string) (v1, later int, err error) {
	err = w.tx.QueryRowContext(ctx, `SELECT coalesce(sum(version = '1'), 0), coalesce(sum(version != '1'), 0)
		FROM enrich_runs WHERE pass = ?`, pass).Scan(&v1, &later)
	if err != nil {
		return 0, 0, fmt.Errorf("read enrich_runs: %w", err)
	}
	return v1, later, nil
}

// Declaration is one doc_symbols row of a page, with the page.
type Declaration struct {
	Doc, Parent int64 // the page and its parent page (0 when none)
	Title       string
	Symbol      int64
	Name, Kind  string
	Constraints string
}

// EachDeclaration calls fn with every doc_symbols row of origin, by page
// and then row id.
func (w *EnrichTx) EachDeclaration(ctx context.Context, origin string, fn func(Declaration)) error {
	return sqlrows.Each(ctx, w.tx, "read declarations", `
SELECT d.id, coalesce(p.id, 0), d.title, s.id, s.name, s.kind, s.generic_constraints
FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
LEFT JOIN docs p ON p.uri = d.parent_uri AND d.parent_uri != ''
WHERE s.origin = ?
ORDER BY d.id, s.id`, []any{origin}, func(rows *sql.Rows) error {
		var d Declaration
		if err := rows.Scan(&d.Doc, &d.Parent, &d.Title, &d.Symbol, &d.Name, &d.Kind, &d.Constraints); err != nil {
			return err
		}
		fn(d)
		return nil
	})
}

// DeclarationGap is a doc_symbols row with generic parameters and no
// constraints on a page whose declaration has a where clause or an inline
// requirement.
type DeclarationGap struct {
	Symbol, Doc             int64
	Name, Kind, Declaration string
}

// EachDeclarationGap calls fn with every declaration gap of origin.
func (w *EnrichTx) EachDeclarationGap(ctx context.Context, origin string, fn func(DeclarationGap)) error {
	return sqlrows.Each(ctx, w.tx, "find declaration gaps", `
SELECT s.id, s.doc_id, s.name, s.kind, st.declaration FROM doc_symbols s
JOIN docs_structured st ON st.doc_id = s.doc_id
WHERE s.origin = ? AND s.generic_params != '' AND s.generic_constraints = ''
	AND (st.declaration LIKE '% where %' OR st.declaration LIKE '%<%:%>%')`, []any{origin},
		func(rows *sql.Rows) error {
			var g DeclarationGap
			if err := rows.Scan(&g.Symbol, &g.Doc, &g.Name, &g.Kind, &g.Declaration); err != nil {
				return err
			}
			fn(g)
			return nil
		})
}
