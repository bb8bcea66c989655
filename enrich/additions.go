package enrich

import (
	"context"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
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
		if v == "" || slices.Contains(list, v) {
			continue
		}
		list = append(list, v)
	}
	return list
}

func without(list, drop []string) []string {
	var out []string
	for _, x := range list {
		if !slices.Contains(drop, x) {
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
func (a *additions) apply(ctx context.Context, w *index.EnrichTx) (changed, carrying int64, err error) {
	if err := w.EnsureEnrichConstraints(ctx); err != nil {
		return 0, 0, err
	}
	// Records whose row is gone (a re-save removed the document) or now
	// belongs to another document are stale.
	if err := w.PruneConstraintRecords(ctx); err != nil {
		return 0, 0, err
	}
	recorded := map[string]map[int64][]string{} // pass -> symbol -> added
	err = w.EachConstraintRecord(ctx, func(id, docID int64, pass, added string) {
		if recorded[pass] == nil {
			recorded[pass] = map[int64][]string{}
		}
		recorded[pass][id] = index.SplitList(added)
		if _, ok := a.doc[id]; !ok && pass == a.pass {
			a.doc[id] = docID
		}
	})
	if err != nil {
		return 0, 0, err
	}

	ids := make([]int64, 0, len(a.doc))
	for id := range a.doc {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		current, found, err := w.SymbolConstraints(ctx, id)
		if err != nil {
			return 0, 0, err
		}
		if !found {
			continue
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
				if c = strings.TrimSpace(c); c == "" || slices.Contains(desired, c) {
					continue
				}
				desired = append(desired, c)
				if pass == a.pass {
					added = append(added, c)
				}
			}
		}
		if joined := index.JoinList(desired); joined != current {
			if err := w.SetSymbolConstraints(ctx, id, joined); err != nil {
				return 0, 0, err
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
			err = w.DeleteConstraintRecord(ctx, id, a.pass)
		} else {
			err = w.PutConstraintRecord(ctx, id, a.doc[id], a.pass, index.JoinList(added))
		}
		if err != nil {
			return 0, 0, err
		}
	}
	return changed, carrying, nil
}
