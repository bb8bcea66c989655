package enrich

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// ErrEmptyType means SearchGenerics was given no type name.
var ErrEmptyType = errors.New("search generics: empty type name")

// GenericMatch is one symbol whose generic constraints name the type.
type GenericMatch struct {
	URI        string
	Title      string
	Framework  string
	PageKind   string
	Symbol     string // doc_symbols.name
	SymbolKind string
	Origin     string // declaration, example, symbolgraph
	// Clause is the matching constraint, as stored: "Label: View",
	// "Element == View".
	Clause string
	// Constraints are all the symbol's constraints.
	Constraints []string
	// Inherited means the clause is the enclosing type's, appended by the
	// hierarchy pass, rather than written on the symbol itself.
	Inherited bool
}

// SearchGenerics returns the symbols constrained on typeName (a requirement
// whose right-hand side names it: "T: View", "Content: View & Sendable",
// "Element == View"), best first: the symbol's own clauses before inherited
// ones, declarations before code examples, normal pages before recovered
// ones, shallow pages (the types) before their members. db may be a
// read-only Store pool. The SQL, for tools that want their own:
//
//	SELECT s.name, s.kind, s.generic_constraints, d.uri, d.title
//	FROM doc_symbols_fts f JOIN doc_symbols s ON s.id = f.rowid JOIN docs d ON d.id = s.doc_id
//	WHERE doc_symbols_fts MATCH 'generic_constraints : "View"'
//
// then keep the clauses (generic_constraints split on "; ") whose text after
// ": " or " == " contains the identifier; enrich_constraints(symbol_id, pass
// 'hierarchy', added) lists the inherited ones.
func SearchGenerics(ctx context.Context, db *sql.DB, typeName string, limit int) ([]GenericMatch, error) {
	typeName = strings.TrimSpace(typeName)
	if typeName == "" {
		return nil, ErrEmptyType
	}
	if limit <= 0 {
		limit = 20
	}
	inheritedJoin := "'' AS added"
	var hasTable int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'enrich_constraints'").Scan(&hasTable); err != nil {
		return nil, fmt.Errorf("search generics: %w", err)
	}
	if hasTable > 0 {
		inheritedJoin = "coalesce((SELECT added FROM enrich_constraints ec WHERE ec.symbol_id = s.id AND ec.pass = 'hierarchy'), '') AS added"
	}
	query := `SELECT s.name, s.kind, s.origin, s.generic_constraints, d.uri, d.title, d.framework, d.kind, ` + inheritedJoin + `
FROM doc_symbols_fts f JOIN doc_symbols s ON s.id = f.rowid JOIN docs d ON d.id = s.doc_id
WHERE doc_symbols_fts MATCH ?
ORDER BY (s.origin = 'example'), d.is_recovered, d.depth, d.title, s.id`
	rows, err := db.QueryContext(ctx, query, `generic_constraints : "`+strings.ReplaceAll(typeName, `"`, `""`)+`"`)
	if err != nil {
		return nil, fmt.Errorf("search generics: %w", err)
	}
	defer rows.Close()
	var own, inherited []GenericMatch
	seen := map[string]bool{} // one answer per page and clause
	for rows.Next() {
		var m GenericMatch
		var constraints, added string
		if err := rows.Scan(&m.Symbol, &m.SymbolKind, &m.Origin, &constraints, &m.URI, &m.Title, &m.Framework, &m.PageKind, &added); err != nil {
			return nil, fmt.Errorf("search generics: %w", err)
		}
		m.Constraints = splitList(constraints)
		addedList := splitList(added)
		clause, isInherited := "", false
		for _, c := range m.Constraints {
			if !clauseNames(c, typeName) {
				continue
			}
			if !contains(addedList, c) {
				clause, isInherited = c, false
				break
			}
			if clause == "" {
				clause, isInherited = c, true
			}
		}
		if clause == "" {
			continue
		}
		m.Clause, m.Inherited = clause, isInherited
		if key := m.URI + "\x00" + clause; seen[key] {
			continue
		} else {
			seen[key] = true
		}
		if isInherited {
			if len(inherited) < limit {
				inherited = append(inherited, m)
			}
			continue
		}
		own = append(own, m)
		if len(own) >= limit {
			break
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("search generics: %w", err)
	}
	out := append(own, inherited...)
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// clauseNames reports whether a constraint's requirement side names the
// type as a whole identifier: "Content: View & Sendable" names View,
// "Content: ViewModifier" does not.
func clauseNames(clause, typeName string) bool {
	rhs := ""
	if _, r, ok := strings.Cut(clause, " == "); ok {
		rhs = r
	} else if _, r, ok := strings.Cut(clause, ": "); ok {
		rhs = r
	} else {
		return false
	}
	for _, tok := range strings.FieldsFunc(rhs, func(r rune) bool {
		return !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f)
	}) {
		if strings.EqualFold(tok, typeName) {
			return true
		}
	}
	return false
}
