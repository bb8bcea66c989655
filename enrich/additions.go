package enrich

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// enrich_constraints (index schema) records, per doc_symbols row and pass,
// the constraints the pass appended to generic_constraints. It is what makes
// the appending passes idempotent and re-appliable: a run first takes its own
// earlier additions away (leaving the row as the index wrote it), then appends
// what it finds now, so nothing is ever added twice and a new pass version
// replaces the old version's output instead of piling onto it.

// additions collects what one pass wants appended to which symbol rows.
type additions struct {
	pass string
	want map[int64][]string // symbol id -> constraints to append
	doc  map[int64]int64    // symbol id -> doc id
}

func newAdditions(pass string) *additions {
	return &additions{pass: pass, want: map[int64][]string{}, doc: map[int64]int64{}}
}

// add appends constraints for a symbol row, keeping order and dropping
// repeats.
func (a *additions) add(symbolID, docID int64, constraints []string) {
	if len(constraints) == 0 {
		return
	}
	a.doc[symbolID] = docID
	a.want[symbolID] = appendNew(a.want[symbolID], constraints...)
}

// appendNew appends the values not already in list.
func appendNew(list []string, values ...string) []string {
	for _, v := range values {
		v = strings.TrimSpace(v)
		if v == "" || contains(list, v) {
			continue
		}
		list = append(list, v)
	}
	return list
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func without(list, drop []string) []string {
	var out []string
	for _, x := range list {
		if !contains(drop, x) {
			out = append(out, x)
		}
	}
	return out
}

// layerOrder is the order in which the appending passes' additions follow
// a row's own constraints. A fixed order keeps each pass's re-run from
// reshuffling the other's additions.
var layerOrder = []string{passConstraints, passHierarchy}

// apply brings doc_symbols and enrich_constraints to the wanted state and
// returns the number of doc_symbols rows it changed and the number of rows
// that now carry an addition of this pass. A row reads: the constraints the
// index wrote, then each pass's additions in layerOrder, each constraint
// once; a constraint another pass already added is not recorded again.
func (a *additions) apply(ctx context.Context, tx *sql.Tx) (changed, carrying int64, err error) {
	if err := index.EnsureEnrichConstraints(ctx, tx); err != nil {
		return 0, 0, err
	}
	// Records whose row is gone (a re-save removed the document) or now
	// belongs to another document are stale.
	if _, err := tx.ExecContext(ctx, `DELETE FROM enrich_constraints WHERE NOT EXISTS
		(SELECT 1 FROM doc_symbols s WHERE s.id = enrich_constraints.symbol_id AND s.doc_id = enrich_constraints.doc_id)`); err != nil {
		return 0, 0, fmt.Errorf("prune enrich_constraints: %w", err)
	}
	recorded := map[string]map[int64][]string{} // pass -> symbol -> added
	err = sqlrows.Each(ctx, tx, "read enrich_constraints", "SELECT symbol_id, doc_id, pass, added FROM enrich_constraints", nil,
		func(rows *sql.Rows) error {
			var id, docID int64
			var pass, added string
			if err := rows.Scan(&id, &docID, &pass, &added); err != nil {
				return err
			}
			if recorded[pass] == nil {
				recorded[pass] = map[int64][]string{}
			}
			recorded[pass][id] = index.SplitList(added)
			if _, ok := a.doc[id]; !ok && pass == a.pass {
				a.doc[id] = docID
			}
			return nil
		})
	if err != nil {
		return 0, 0, err
	}

	ids := make([]int64, 0, len(a.doc))
	for id := range a.doc {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	getRow, err := tx.PrepareContext(ctx, "SELECT generic_constraints FROM doc_symbols WHERE id = ?")
	if err != nil {
		return 0, 0, err
	}
	defer getRow.Close()
	setRow, err := tx.PrepareContext(ctx, "UPDATE doc_symbols SET generic_constraints = ? WHERE id = ?")
	if err != nil {
		return 0, 0, err
	}
	defer setRow.Close()
	for _, id := range ids {
		var current string
		if err := getRow.QueryRowContext(ctx, id).Scan(&current); err == sql.ErrNoRows {
			continue
		} else if err != nil {
			return 0, 0, fmt.Errorf("read symbol %d: %w", id, err)
		}
		base := index.SplitList(current)
		for _, byID := range recorded {
			base = without(base, byID[id])
		}
		desired := append([]string(nil), base...)
		var added []string
		for _, pass := range layerOrder {
			layer := recorded[pass][id]
			if pass == a.pass {
				layer = a.want[id]
			}
			for _, c := range layer {
				if c = strings.TrimSpace(c); c == "" || contains(desired, c) {
					continue
				}
				desired = append(desired, c)
				if pass == a.pass {
					added = append(added, c)
				}
			}
		}
		if joined := index.JoinList(desired); joined != current {
			if _, err := setRow.ExecContext(ctx, joined, id); err != nil {
				return 0, 0, fmt.Errorf("update symbol %d: %w", id, err)
			}
			changed++
		}
		if len(added) > 0 {
			carrying++
		}
		if index.JoinList(added) == index.JoinList(recorded[a.pass][id]) {
			continue
		}
		if len(added) == 0 {
			_, err = tx.ExecContext(ctx, "DELETE FROM enrich_constraints WHERE symbol_id = ? AND pass = ?", id, a.pass)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT OR REPLACE INTO enrich_constraints(symbol_id, doc_id, pass, added) VALUES (?,?,?,?)`,
				id, a.doc[id], a.pass, index.JoinList(added))
		}
		if err != nil {
			return 0, 0, fmt.Errorf("record additions of symbol %d: %w", id, err)
		}
	}
	return changed, carrying, nil
}
