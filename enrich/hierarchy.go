package enrich

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftsym"

	"github.com/cupertino-go/cupertino/index"
)

const passHierarchy = "hierarchy"

// typeKinds are the declaration kinds whose generic context their members
// share.
var typeKinds = map[string]bool{
	"struct": true, "class": true, "enum": true, "actor": true, "protocol": true,
}

// hierDoc is one page as the hierarchy pass sees it.
type hierDoc struct {
	id, parentID int64
	title        string
	rows         []hierRow // its declaration symbols
}

type hierRow struct {
	id   int64
	name string
	kind string
	own  []string // constraints without this pass's earlier additions
}

// runHierarchy appends a generic type's constraints to the declaration
// symbols of its members (pages whose parent_uri is the type's page), so
// that NavigationLink.init(destination:label:) carries "Label: View;
// Destination: View" from `struct NavigationLink<Label, Destination> where
// Label : View, Destination : View`. A nested type passes on its own
// constraints plus its parent's. The additions are recorded in
// enrich_constraints (pass "hierarchy"): a re-run first discounts them, so
// nothing is appended twice.
func runHierarchy(ctx context.Context, e *env) (int64, string, error) {
	if err := e.w.EnsureEnrichConstraints(ctx); err != nil {
		return 0, "", err
	}
	docs, err := loadHierarchy(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	// parent_uri follows DocC's hierarchy, not the URL, so a parent may sit
	// at any depth: resolve each page's inheritance through its parent chain,
	// memoised, with a guard against cycles.
	effective := map[int64][]string{} // type page -> constraints its members inherit
	done := map[int64]bool{}
	var effectiveOf func(id int64, visiting map[int64]bool) []string
	effectiveOf = func(id int64, visiting map[int64]bool) []string {
		if done[id] {
			return effective[id]
		}
		d, ok := docs[id]
		if !ok || visiting[id] {
			return nil
		}
		visiting[id] = true
		defer delete(visiting, id)
		var eff []string
		if row := d.typeRow(); row != nil {
			eff = appendNew(append([]string(nil), row.own...), effectiveOf(d.parentID, visiting)...)
		}
		done[id] = true
		effective[id] = eff
		return eff
	}
	ids := make([]int64, 0, len(docs))
	for id := range docs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	adds := newAdditions(passHierarchy)
	var parents int
	for _, id := range ids {
		d := docs[id]
		if inherited := effectiveOf(d.parentID, map[int64]bool{id: true}); len(inherited) > 0 {
			for _, r := range d.rows {
				adds.add(r.id, d.id, inherited)
			}
		}
		if row := d.typeRow(); row != nil && len(row.own) > 0 {
			parents++
		}
	}
	changed, carrying, err := adds.apply(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	total, constrained, err := e.w.ConstraintCounts(ctx)
	if err != nil {
		return 0, "", err
	}
	return changed, fmt.Sprintf("%d constrained types, %d member symbols carry inherited constraints; %s of %d symbols now carry constraints",
		parents, carrying, percent(constrained, total), total), nil
}

// typeRow is the page's own type declaration: the type-kind symbol named
// like the page ("Keys" on "Dictionary.Keys"), else its first type symbol.
func (d *hierDoc) typeRow() *hierRow {
	name := baseTitle(d.title, nil)
	var first *hierRow
	for i := range d.rows {
		r := &d.rows[i]
		if !typeKinds[r.kind] {
			continue
		}
		if r.name == name {
			return r
		}
		if first == nil {
			first = r
		}
	}
	return first
}

// loadHierarchy reads every page that has declaration symbols, with its
// parent's id, and each symbol's constraints minus this pass's additions.
func loadHierarchy(ctx context.Context, w *index.EnrichTx) (map[int64]*hierDoc, error) {
	recorded := map[int64][]string{}
	err := w.EachConstraintRecordOf(ctx, passHierarchy, func(id int64, added string) {
		recorded[id] = index.SplitList(added)
	})
	if err != nil {
		return nil, err
	}

	docs := map[int64]*hierDoc{}
	err = w.EachDeclaration(ctx, swiftsym.OriginDeclaration, func(row index.Declaration) {
		d := hierDoc{id: row.Doc, parentID: row.Parent, title: row.Title}
		r := hierRow{id: row.Symbol, name: row.Name, kind: row.Kind}
		r.own = without(index.SplitList(row.Constraints), recorded[r.id])
		if old, ok := docs[d.id]; ok {
			old.rows = append(old.rows, r)
			return
		}
		d.rows = []hierRow{r}
		d.title = strings.TrimSpace(d.title)
		docs[d.id] = &d
	})
	return docs, err
}
