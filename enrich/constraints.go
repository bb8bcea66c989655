package enrich

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

const (
	passConstraints   = "constraints"
	originSymbolGraph = "symbolgraph"
)

// runConstraints completes doc_symbols.generic_constraints from what the
// index holds, with no file I/O but the optional symbol graphs:
//
//  1. declarations: a declaration symbol with generic parameters but no
//     constraints is re-extracted from docs_structured.declaration (an index
//     written by an older extractor);
//  2. symbol graphs, when Options.SymbolGraphDir is set (symbolgraph.go).
//
// The "Available when …" clause DocC prints beside a member declared in a
// constrained extension is not this pass's any more: save reads it with the
// page (docc: Document.AvailableWhen) and appends it to the page's
// declaration symbols (swiftsym.FromDocument). Version 1 re-read every
// page's render JSON from docs.source_file for it, which cost ~8 s on the
// full corpus and failed when enrich ran from another directory than the
// save. Version 2's first run on an index version 1 enriched adopts what
// version 1 added (adoptVersion1), so those clauses stay until a re-save
// writes them itself.
//
// Step 1 appends through enrich_constraints, so re-runs add nothing.
func runConstraints(ctx context.Context, e *env) (int64, string, error) {
	adopted, err := adoptVersion1(ctx, e.tx)
	if err != nil {
		return 0, "", err
	}
	adds := newAdditions(passConstraints)
	refilled, err := declarationGaps(ctx, e.tx, adds)
	if err != nil {
		return 0, "", err
	}
	changed, carrying, err := adds.apply(ctx, e.tx)
	if err != nil {
		return 0, "", err
	}
	changed += adopted
	join := "no --symbolgraph-dir, skipped"
	if e.opts.SymbolGraphDir != "" {
		n, line, err := joinSymbolGraphs(ctx, e, e.opts.SymbolGraphDir)
		if err != nil {
			return 0, "", err
		}
		changed += n
		join = line
	}
	var total, constrained int64
	if err := e.tx.QueryRowContext(ctx, "SELECT count(*), coalesce(sum(generic_constraints != ''), 0) FROM doc_symbols").Scan(&total, &constrained); err != nil {
		return 0, "", fmt.Errorf("count constraints: %w", err)
	}
	summary := fmt.Sprintf("%s of %d symbols carry constraints; %d refilled from declarations, %d rows carrying refills",
		percent(constrained, total), total, refilled, carrying)
	if adopted > 0 {
		summary += fmt.Sprintf(", %d version-1 additions adopted", adopted)
	}
	return changed, summary + "; symbol graphs: " + join, nil
}

func percent(n, of int64) string {
	if of == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// adoptVersion1 makes what version 1 of this pass appended part of the
// index's own constraints, once: on an index enriched at version 1 and
// never at a later version. Version 1 appended page clauses, which version
// 2 leaves to save; taking them away (what a new version normally does
// with the old one's output) would strip them from an index saved before
// save wrote them, and an unchanged source is never re-read. Deleting the
// records leaves doc_symbols as it is; the later version's run row keeps
// this from happening again. It returns the records adopted.
func adoptVersion1(ctx context.Context, tx *sql.Tx) (int64, error) {
	var v1, later int
	err := tx.QueryRowContext(ctx, `SELECT coalesce(sum(version = '1'), 0), coalesce(sum(version != '1'), 0)
		FROM enrich_runs WHERE pass = ?`, passConstraints).Scan(&v1, &later)
	if err != nil {
		return 0, fmt.Errorf("read enrich_runs: %w", err)
	}
	if v1 == 0 || later > 0 {
		return 0, nil
	}
	if err := index.EnsureEnrichConstraints(ctx, tx); err != nil {
		return 0, err
	}
	res, err := tx.ExecContext(ctx, "DELETE FROM enrich_constraints WHERE pass = ?", passConstraints)
	if err != nil {
		return 0, fmt.Errorf("adopt version 1 additions: %w", err)
	}
	return res.RowsAffected()
}

// declarationGaps re-extracts declaration symbols that have generic
// parameters and no constraints while their page's declaration has a where
// clause or an inline requirement.
func declarationGaps(ctx context.Context, tx *sql.Tx, adds *additions) (int, error) {
	n := 0
	err := sqlrows.Each(ctx, tx, "find declaration gaps", `
SELECT s.id, s.doc_id, s.name, s.kind, st.declaration FROM doc_symbols s
JOIN docs_structured st ON st.doc_id = s.doc_id
WHERE s.origin = ? AND s.generic_params != '' AND s.generic_constraints = ''
	AND (st.declaration LIKE '% where %' OR st.declaration LIKE '%<%:%>%')`, []any{swiftsym.OriginDeclaration},
		func(rows *sql.Rows) error {
			var id, docID int64
			var name, kind, decl string
			if err := rows.Scan(&id, &docID, &name, &kind, &decl); err != nil {
				return err
			}
			for _, sym := range swiftsym.ExtractDeclaration(decl) {
				if sym.Name == name && sym.Kind == kind && len(sym.GenericConstraints) > 0 {
					adds.add(id, docID, sym.GenericConstraints)
					n++
					break
				}
			}
			return nil
		})
	return n, err
}
