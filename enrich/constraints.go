package enrich

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

const (
	passConstraints   = "constraints"
	originSymbolGraph = "symbolgraph"
)

// runConstraints completes doc_symbols.generic_constraints in three steps:
//
//  1. page clauses: the "Available when …" clause DocC prints beside a
//     member declared in a constrained extension (metadata.conformance in the
//     page's render JSON, re-read from docs.source_file) is appended to the
//     page's declaration symbols;
//  2. declarations: a declaration symbol with generic parameters but no
//     constraints is re-extracted from docs_structured.declaration (an index
//     written by an older extractor);
//  3. symbol graphs, when Options.SymbolGraphDir is set (symbolgraph.go).
//
// Steps 1 and 2 append through enrich_constraints, so re-runs add nothing.
func runConstraints(ctx context.Context, e *env) (int64, string, error) {
	adds := newAdditions(passConstraints)
	pages, unreadable, err := pageClauses(ctx, e.tx, adds)
	if err != nil {
		return 0, "", err
	}
	refilled, err := declarationGaps(ctx, e.tx, adds)
	if err != nil {
		return 0, "", err
	}
	changed, carrying, err := adds.apply(ctx, e.tx)
	if err != nil {
		return 0, "", err
	}
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
	summary := fmt.Sprintf("%s of %d symbols carry constraints; %d pages with an \"Available when\" clause, %d rows carrying page or declaration constraints, %d refilled from declarations",
		percent(constrained, total), total, pages, carrying, refilled)
	if unreadable > 0 {
		summary += fmt.Sprintf(", %d source files unreadable", unreadable)
	}
	return changed, summary + "; symbol graphs: " + join, nil
}

func percent(n, of int64) string {
	if of == 0 {
		return "0.0%"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(n)/float64(of))
}

// pageTarget is a page whose render JSON may carry an "Available when" clause.
type pageTarget struct {
	docID   int64
	file    string
	symbols []int64 // its declaration symbol rows
}

// pageClauses re-reads the render JSON of every Apple symbol page that has a
// declaration symbol, and queues the page's clause for those symbols. Files
// that cannot be read are counted, not fatal, and keep what an earlier run
// added: enrich may run on an index whose corpus has moved, or from another
// directory than the save that recorded relative paths.
func pageClauses(ctx context.Context, tx *sql.Tx, adds *additions) (pages, unreadable int, err error) {
	rows, err := tx.QueryContext(ctx, `
SELECT d.id, d.source_file, s.id FROM docs d JOIN doc_symbols s ON s.doc_id = d.id
WHERE d.source = 'apple-docs' AND d.source_file LIKE '%.json' AND s.origin = ?
ORDER BY d.id, s.id`, swiftsym.OriginDeclaration)
	if err != nil {
		return 0, 0, fmt.Errorf("list symbol pages: %w", err)
	}
	var targets []*pageTarget
	for rows.Next() {
		var docID, symID int64
		var file string
		if err := rows.Scan(&docID, &file, &symID); err != nil {
			rows.Close()
			return 0, 0, fmt.Errorf("list symbol pages: %w", err)
		}
		if n := len(targets); n > 0 && targets[n-1].docID == docID {
			targets[n-1].symbols = append(targets[n-1].symbols, symID)
			continue
		}
		targets = append(targets, &pageTarget{docID: docID, file: file, symbols: []int64{symID}})
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, 0, fmt.Errorf("list symbol pages: %w", err)
	}

	// Reading is the slow part (every page's JSON); the writes stay on this
	// goroutine because the transaction has one connection.
	clauses := make([][]string, len(targets))
	unread := make([]bool, len(targets))
	var missing int64
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.NumCPU(); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				raw, err := os.ReadFile(targets[i].file)
				if err != nil {
					mu.Lock()
					missing++
					mu.Unlock()
					unread[i] = true
					continue
				}
				clauses[i] = pageConstraints(raw)
			}
		}()
	}
	for i := range targets {
		if ctx.Err() != nil {
			break
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	for i, t := range targets {
		if unread[i] {
			for _, id := range t.symbols {
				adds.keepPrevious(id)
			}
			continue
		}
		if len(clauses[i]) == 0 {
			continue
		}
		pages++
		for _, id := range t.symbols {
			adds.add(id, t.docID, clauses[i])
		}
	}
	return pages, int(missing), nil
}

// declarationGaps re-extracts declaration symbols that have generic
// parameters and no constraints while their page's declaration has a where
// clause or an inline requirement.
func declarationGaps(ctx context.Context, tx *sql.Tx, adds *additions) (int, error) {
	rows, err := tx.QueryContext(ctx, `
SELECT s.id, s.doc_id, s.name, s.kind, st.declaration FROM doc_symbols s
JOIN docs_structured st ON st.doc_id = s.doc_id
WHERE s.origin = ? AND s.generic_params != '' AND s.generic_constraints = ''
	AND (st.declaration LIKE '% where %' OR st.declaration LIKE '%<%:%>%')`, swiftsym.OriginDeclaration)
	if err != nil {
		return 0, fmt.Errorf("find declaration gaps: %w", err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var id, docID int64
		var name, kind, decl string
		if err := rows.Scan(&id, &docID, &name, &kind, &decl); err != nil {
			return 0, fmt.Errorf("find declaration gaps: %w", err)
		}
		for _, sym := range swiftsym.ExtractDeclaration(decl) {
			if sym.Name == name && sym.Kind == kind && len(sym.GenericConstraints) > 0 {
				adds.add(id, docID, sym.GenericConstraints)
				n++
				break
			}
		}
	}
	return n, rows.Err()
}

// constraintList is the stored form of a constraint list, for comparisons.
func constraintList(cs []string) string { return strings.Join(cs, listSep) }
