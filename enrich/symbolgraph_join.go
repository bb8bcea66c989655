package enrich

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
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
	m, err := newMatcher(ctx, e.tx)
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
	changed, withConstraints, err := writeGraphSymbols(ctx, e.tx, byDoc, order)
	if err != nil {
		return 0, "", err
	}
	filled, n, err := fillAvailability(ctx, e.tx, byDoc, order)
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
	exact    *sql.Stmt
	variants *sql.Stmt
}

func newMatcher(ctx context.Context, tx *sql.Tx) (*matcher, error) {
	exact, err := tx.PrepareContext(ctx, `SELECT d.id, coalesce(st.declaration, '') FROM docs d
		LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.uri = ?`)
	if err != nil {
		return nil, err
	}
	// '-' sorts just before '.', so this range is every "<base>-…" URI.
	variants, err := tx.PrepareContext(ctx, `SELECT d.id, d.uri, coalesce(st.declaration, '') FROM docs d
		LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.uri >= ? || '-' AND d.uri < ? || '.' ORDER BY d.uri`)
	if err != nil {
		exact.Close()
		return nil, err
	}
	return &matcher{exact: exact, variants: variants}, nil
}

func (m *matcher) close() {
	m.exact.Close()
	m.variants.Close()
}

func (m *matcher) match(ctx context.Context, gs *graphSymbol, overloaded bool) (int64, bool, error) {
	for _, base := range gs.candidateURIs() {
		var id int64
		var decl string
		err := m.exact.QueryRowContext(ctx, base).Scan(&id, &decl)
		switch {
		case err == nil:
			if !overloaded || sameDeclaration(decl, gs.declaration) {
				return id, true, nil
			}
		case !errors.Is(err, sql.ErrNoRows):
			return 0, false, fmt.Errorf("match %s: %w", base, err)
		}
		id, ok, err := m.matchVariant(ctx, base, gs, overloaded)
		if err != nil || ok {
			return id, ok, err
		}
	}
	return 0, false, nil
}

func (m *matcher) matchVariant(ctx context.Context, base string, gs *graphSymbol, overloaded bool) (int64, bool, error) {
	rows, err := m.variants.QueryContext(ctx, base, base)
	if err != nil {
		return 0, false, fmt.Errorf("match %s: %w", base, err)
	}
	defer rows.Close()
	kindSuffix := base + "-" + strings.ToLower(gs.kindID)
	var ids []int64
	var byDecl int64
	declMatches := 0
	for rows.Next() {
		var id int64
		var uri, decl string
		if err := rows.Scan(&id, &uri, &decl); err != nil {
			return 0, false, fmt.Errorf("match %s: %w", base, err)
		}
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
	if err := rows.Err(); err != nil {
		return 0, false, fmt.Errorf("match %s: %w", base, err)
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
func writeGraphSymbols(ctx context.Context, tx *sql.Tx, byDoc map[int64]*graphSymbol, order []int64) (changed, withConstraints int64, err error) {
	existing := map[int64][]string{}
	err = sqlrows.Each(ctx, tx, "read symbol-graph rows", `SELECT doc_id, name, kind, signature, is_async, is_throws, is_static, attributes,
		conformances, generic_params, generic_constraints FROM doc_symbols WHERE origin = ? ORDER BY id`, []any{originSymbolGraph},
		func(rows *sql.Rows) error {
			var docID int64
			var r symbolRow
			if err := rows.Scan(&docID, &r.name, &r.kind, &r.signature, &r.async, &r.throws, &r.static, &r.attributes,
				&r.conformances, &r.params, &r.constraints); err != nil {
				return err
			}
			existing[docID] = append(existing[docID], r.fingerprint())
			return nil
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
		res, err := tx.ExecContext(ctx, "DELETE FROM doc_symbols WHERE doc_id = ? AND origin = ?", docID, originSymbolGraph)
		if err != nil {
			return 0, 0, fmt.Errorf("replace symbol-graph row: %w", err)
		}
		n, _ := res.RowsAffected()
		delete(existing, docID)
		if _, err := tx.ExecContext(ctx, `INSERT INTO doc_symbols(doc_id, name, kind, signature, is_async, is_throws, is_static,
			attributes, conformances, generic_params, generic_constraints, origin) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
			docID, want.name, want.kind, want.signature, want.async, want.throws, want.static, want.attributes,
			want.conformances, want.params, want.constraints, originSymbolGraph); err != nil {
			return 0, 0, fmt.Errorf("insert symbol-graph row: %w", err)
		}
		changed += n + 1
	}
	for _, docID := range slices.Sorted(maps.Keys(existing)) {
		res, err := tx.ExecContext(ctx, "DELETE FROM doc_symbols WHERE doc_id = ? AND origin = ?", docID, originSymbolGraph)
		if err != nil {
			return 0, 0, fmt.Errorf("remove stale symbol-graph rows: %w", err)
		}
		n, _ := res.RowsAffected()
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
func fillAvailability(ctx context.Context, tx *sql.Tx, byDoc map[int64]*graphSymbol, order []int64) (filled int, changed int64, err error) {
	read, err := tx.PrepareContext(ctx, `SELECT d.availability_source, d.deprecated,
		coalesce(d.min_ios, 0), coalesce(d.min_macos, 0), coalesce(d.min_tvos, 0), coalesce(d.min_watchos, 0), coalesce(d.min_visionos, 0),
		coalesce(st.platforms, '[]') FROM docs d LEFT JOIN docs_structured st ON st.doc_id = d.id WHERE d.id = ?`)
	if err != nil {
		return 0, 0, err
	}
	defer read.Close()
	for _, docID := range order {
		gs := byDoc[docID]
		if len(gs.platforms) == 0 {
			continue
		}
		var source, platforms string
		var deprecated int
		mins := make([]int, len(index.PlatformColumns))
		if err := read.QueryRowContext(ctx, docID).Scan(&source, &deprecated, &mins[0], &mins[1], &mins[2], &mins[3], &mins[4], &platforms); err != nil {
			return 0, 0, fmt.Errorf("read availability: %w", err)
		}
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
		args := []any{originSymbolGraph, wantDeprecated}
		for _, v := range wantMins {
			args = append(args, nullable(v))
		}
		args = append(args, docID)
		if _, err := tx.ExecContext(ctx, `UPDATE docs SET availability_source = ?, deprecated = ?,
			min_ios = ?, min_macos = ?, min_tvos = ?, min_watchos = ?, min_visionos = ? WHERE id = ?`, args...); err != nil {
			return 0, 0, fmt.Errorf("fill availability: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO docs_structured(doc_id, platforms) VALUES (?, ?)
			ON CONFLICT(doc_id) DO UPDATE SET platforms = excluded.platforms`, docID, string(data)); err != nil {
			return 0, 0, fmt.Errorf("fill availability: %w", err)
		}
		changed += 2
	}
	return filled, changed, nil
}

func nullable(v int) any {
	if v == 0 {
		return nil
	}
	return v
}
