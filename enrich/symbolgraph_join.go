package enrich

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// joinSymbolGraphs matches every symbol of the graphs in dir to its page and
// writes one doc_symbols row with origin 'symbolgraph' per matched page
// (constraints, parameters, attributes, conformances, effects), and fills the
// availability of matched pages that have none. The join owns every
// 'symbolgraph' row: rows of pages it no longer matches are removed, so the
// index reflects the last directory joined.
//
// Matching: framework = module name lowercased, then the path components,
// canonicalised like any apple-docs URI. An extension graph A@B is tried as
// A/B/…, A/… and B/…. DocC adds a suffix to overloaded or kind-ambiguous
// pages ("body-swift.property", "map(_:)-3ursx"): a suffixed page is taken
// when its suffix names the symbol's kind, when its declaration equals the
// symbol's, or when it is the only candidate of a symbol that has no
// overloads.
func joinSymbolGraphs(ctx context.Context, e *env, dir string) (int64, string, error) {
	set, err := readSymbolGraphs(ctx, dir)
	if errors.Is(err, ErrNoSymbolGraphs) {
		return 0, fmt.Sprintf("no *.symbols.json in %s", dir), nil
	}
	if err != nil {
		return 0, "", err
	}
	m, err := newMatcher(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	defer m.close()
	overloads, sameDecl := map[string]int{}, map[string]int{}
	for _, gs := range set.symbols {
		overloads[gs.key()]++
		sameDecl[gs.key()+"\x00"+strings.Join(strings.Fields(gs.declaration), "")]++
	}
	byDoc := map[int64]*graphSymbol{}
	var order []int64
	matched, ambiguous := 0, 0
	for _, gs := range set.symbols {
		// Overloads that print the same declaration (they differ only in
		// constraints) cannot be told apart by page: leave them out rather
		// than give one page another's constraints.
		if sameDecl[gs.key()+"\x00"+strings.Join(strings.Fields(gs.declaration), "")] > 1 {
			ambiguous++
			continue
		}
		docID, ok, err := m.match(ctx, gs, overloads[gs.key()] > 1)
		if err != nil {
			return 0, "", err
		}
		if !ok {
			continue
		}
		matched++
		if old, ok := byDoc[docID]; ok {
			mergeSymbol(old, gs)
			continue
		}
		copied := *gs
		byDoc[docID] = &copied
		order = append(order, docID)
	}
	changed, withConstraints, err := writeGraphSymbols(ctx, e.w, byDoc, order)
	if err != nil {
		return 0, "", err
	}
	filled, n, err := fillAvailability(ctx, e.w, byDoc, order)
	if err != nil {
		return 0, "", err
	}
	changed += n
	line := fmt.Sprintf("%d files", set.files)
	if set.badFiles > 0 {
		line += fmt.Sprintf(" (%d unreadable)", set.badFiles)
	}
	line += fmt.Sprintf(", %d symbols, %d matched to %d pages (%d ambiguous overloads left out), %d rows with constraints, availability filled on %d pages",
		len(set.symbols), matched, len(byDoc), ambiguous, withConstraints, filled)
	return changed, line, nil
}

// key groups the symbols that share a documentation path (overloads).
func (gs *graphSymbol) key() string {
	return strings.ToLower(gs.module + "\x00" + gs.extended + "\x00" + strings.Join(gs.path, "\x00"))
}

type matcher struct {
	w *index.EnrichTx
}

func newMatcher(ctx context.Context, w *index.EnrichTx) (*matcher, error) {
	return &matcher{w: w}, nil
}

// close is a no-op: the statements are the pass transaction's.
func (m *matcher) close() {}

func (m *matcher) match(ctx context.Context, gs *graphSymbol, overloaded bool) (int64, bool, error) {
	for _, base := range gs.candidateURIs() {
		id, decl, found, err := m.w.PageDeclaration(ctx, base)
		switch {
		case err != nil:
			return 0, false, fmt.Errorf("match %s: %w", base, err)
		case found:
			if !overloaded || sameDeclaration(decl, gs.declaration) {
				return id, true, nil
			}
		}
		id, ok, err := m.matchVariant(ctx, base, gs, overloaded)
		if err != nil || ok {
			return id, ok, err
		}
	}
	return 0, false, nil
}

func (m *matcher) matchVariant(ctx context.Context, base string, gs *graphSymbol, overloaded bool) (int64, bool, error) {
	variants, err := m.w.URIVariants(ctx, base)
	if err != nil {
		return 0, false, fmt.Errorf("match %s: %w", base, err)
	}
	kindSuffix := base + "-" + strings.ToLower(gs.kindID)
	var ids []int64
	var byDecl int64
	declMatches := 0
	for _, v := range variants {
		id, uri, decl := v.ID, v.URI, v.Declaration
		// "<base>-swift.method" names the kind; a deeper path ("<base>-x/y")
		// is another page's child.
		if strings.Contains(uri[len(base):], "/") {
			continue
		}
		if uri == kindSuffix && !overloaded {
			return id, true, nil
		}
		if sameDeclaration(decl, gs.declaration) {
			declMatches++
			byDecl = id
		}
		ids = append(ids, id)
	}
	switch {
	case declMatches == 1:
		return byDecl, true, nil
	case len(ids) == 1 && !overloaded:
		return ids[0], true, nil
	}
	return 0, false, nil
}

// sameDeclaration compares declarations ignoring spacing, which DocC and
// SymbolKit lay out differently.
func sameDeclaration(a, b string) bool {
	a, b = strings.Join(strings.Fields(a), ""), strings.Join(strings.Fields(b), "")
	return a != "" && a == b
}

// writeGraphSymbols makes the 'symbolgraph' rows equal to byDoc.
func writeGraphSymbols(ctx context.Context, w *index.EnrichTx, byDoc map[int64]*graphSymbol, order []int64) (changed, withConstraints int64, err error) {
	existing := map[int64][]string{}
	err = w.EachSymbolOf(ctx, originSymbolGraph, func(docID int64, c index.SymbolColumns) {
		existing[docID] = append(existing[docID], symbolRowOf(c).fingerprint())
	})
	if err != nil {
		return 0, 0, err
	}
	for _, docID := range order {
		sym := &byDoc[docID].symbol
		if len(sym.GenericConstraints) > 0 {
			withConstraints++
		}
		want := rowOf(sym)
		if old := existing[docID]; len(old) == 1 && old[0] == want.fingerprint() {
			delete(existing, docID)
			continue
		}
		n, err := w.DeleteSymbolsOf(ctx, docID, originSymbolGraph)
		if err != nil {
			return 0, 0, fmt.Errorf("replace symbol-graph row: %w", err)
		}
		delete(existing, docID)
		if err := w.InsertSymbol(ctx, docID, want.columns(), originSymbolGraph); err != nil {
			return 0, 0, fmt.Errorf("insert symbol-graph row: %w", err)
		}
		changed += n + 1
	}
	for _, docID := range slices.Sorted(maps.Keys(existing)) {
		n, err := w.DeleteSymbolsOf(ctx, docID, originSymbolGraph)
		if err != nil {
			return 0, 0, fmt.Errorf("remove stale symbol-graph rows: %w", err)
		}
		changed += n
	}
	return changed, withConstraints, nil
}

// symbolRow is a doc_symbols row in column form.
type symbolRow struct {
	name, kind, signature            string
	async, throws, static            int
	attributes, conformances, params string
	constraints                      string
}

func rowOf(s *document.Symbol) symbolRow {
	return symbolRow{
		name: s.Name, kind: s.Kind, signature: s.Signature,
		async: boolInt(s.IsAsync), throws: boolInt(s.IsThrows), static: boolInt(s.IsStatic),
		attributes: index.JoinList(s.Attributes), conformances: index.JoinList(s.Conformances),
		params: index.JoinList(s.GenericParams), constraints: index.JoinList(s.GenericConstraints),
	}
}

// columns is the row as index writes it.
func (r symbolRow) columns() index.SymbolColumns {
	return index.SymbolColumns{Name: r.name, Kind: r.kind, Signature: r.signature, Async: r.async, Throws: r.throws, Static: r.static,
		Attributes: r.attributes, Conformances: r.conformances, GenericParams: r.params, GenericConstraints: r.constraints}
}

// symbolRowOf is the row index read.
func symbolRowOf(c index.SymbolColumns) symbolRow {
	return symbolRow{name: c.Name, kind: c.Kind, signature: c.Signature, async: c.Async, throws: c.Throws, static: c.Static,
		attributes: c.Attributes, conformances: c.Conformances, params: c.GenericParams, constraints: c.GenericConstraints}
}

func (r symbolRow) fingerprint() string {
	return strings.Join([]string{r.name, r.kind, r.signature, fmt.Sprint(r.async, r.throws, r.static),
		r.attributes, r.conformances, r.params, r.constraints}, "\x00")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// fillAvailability gives matched pages without availability the graph's.
// Pages it filled before (availability_source 'symbolgraph') are refreshed;
// pages with availability from their own documentation are never touched.
func fillAvailability(ctx context.Context, w *index.EnrichTx, byDoc map[int64]*graphSymbol, order []int64) (filled int, changed int64, err error) {
	for _, docID := range order {
		gs := byDoc[docID]
		if len(gs.platforms) == 0 {
			continue
		}
		have, err := w.PageAvailability(ctx, docID)
		if err != nil {
			return 0, 0, err
		}
		source, platforms, deprecated, mins := have.Source, have.PlatformsJS, have.Deprecated, have.Mins[:]
		empty := platforms == "[]" && source == "" && mins[0]+mins[1]+mins[2]+mins[3]+mins[4] == 0
		if !empty && source != originSymbolGraph {
			continue
		}
		filled++
		wantMins := make([]int, len(index.PlatformColumns))
		for _, p := range gs.platforms {
			// Symbol graphs spell the platforms as Apple does ("iOS");
			// their column is the one of the same name.
			for i, c := range index.PlatformColumns {
				if c.Platform == p.Name {
					if v := index.PackVersion(p.Introduced); v > 0 && (wantMins[i] == 0 || v < wantMins[i]) {
						wantMins[i] = v
					}
				}
			}
		}
		data, err := json.Marshal(gs.platforms)
		if err != nil {
			return 0, 0, fmt.Errorf("encode platforms: %w", err)
		}
		wantDeprecated := deprecated
		if gs.deprecated {
			wantDeprecated = 1
		}
		if source == originSymbolGraph && platforms == string(data) && wantDeprecated == deprecated && slices.Equal(mins, wantMins) {
			continue
		}
		set := index.Availability{Source: originSymbolGraph, Deprecated: wantDeprecated, PlatformsJS: string(data)}
		copy(set.Mins[:], wantMins)
		if err := w.SetAvailability(ctx, docID, set); err != nil {
			return 0, 0, err
		}
		changed += 2
	}
	return filled, changed, nil
}
