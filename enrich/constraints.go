package enrich

import (
	"context"
	"fmt"

	"github.com/cupertino-go/cupertino/index"
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
	adopted, err := adoptVersion1(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	adds := newAdditions(passConstraints)
	refilled, err := declarationGaps(ctx, e.w, adds)
	if err != nil {
		return 0, "", err
	}
	changed, carrying, err := adds.apply(ctx, e.w)
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
	total, constrained, err := e.w.ConstraintCounts(ctx)
	if err != nil {
		return 0, "", err
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
func adoptVersion1(ctx context.Context, w *index.EnrichTx) (int64, error) {
	v1, later, err := w.Version1Runs(ctx, passConstraints)
	if err != nil {
		return 0, err
	}
	if v1 == 0 || later > 0 {
		return 0, nil
	}
	if err := w.EnsureEnrichConstraints(ctx); err != nil {
		return 0, err
	}
	n, err := w.DeleteConstraintRecords(ctx, passConstraints)
	if err != nil {
		return 0, fmt.Errorf("adopt version 1 additions: %w", err)
	}
	return n, nil
}

// declarationGaps re-extracts declaration symbols that have generic
// parameters and no constraints while their page's declaration has a where
// clause or an inline requirement.
func declarationGaps(ctx context.Context, w *index.EnrichTx, adds *additions) (int, error) {
	n := 0
	err := w.EachDeclarationGap(ctx, swiftsym.OriginDeclaration, func(g index.DeclarationGap) {
		for _, sym := range swiftsym.ExtractDeclaration(g.Declaration) {
			if sym.Name == g.Name && sym.Kind == g.Kind && len(sym.GenericConstraints) > 0 {
				adds.add(g.Symbol, g.Doc, sym.GenericConstraints)
				n++
				break
			}
		}
	})
	return n, err
}
