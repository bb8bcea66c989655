package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/document"
)

// This file is the symbol search behind the MCP server's search_symbols,
// search_property_wrappers, search_concurrency, search_conformances and
// search_generics tools: doc_symbols_fts for the words, doc_symbols and docs
// for the filters.

// SymbolRow is one declared symbol and the page it was found on. The JSON
// names are the ones the MCP tools return.
type SymbolRow struct {
	// The declared symbol, as the index stores it (its JSON fields inline).
	document.Symbol
	// Matched lists the generic constraints that matched a Constraint
	// query, so the agent sees the clause and not only the declaration.
	Matched   []string `json:"matched,omitempty"`
	URI       string   `json:"uri"`
	Title     string   `json:"title"`
	Framework string   `json:"framework"`
	Source    string   `json:"source"`
}

// SymbolColumn is a column of doc_symbols_fts that AnyWordIn can name.
type SymbolColumn string

// The doc_symbols_fts columns a query can ask for a word in.
const (
	SymbolName         SymbolColumn = "name"
	SymbolSignature    SymbolColumn = "signature"
	SymbolAttributes   SymbolColumn = "attributes"
	SymbolConformances SymbolColumn = "conformances"
)

// SymbolQuery selects rows of doc_symbols. Every set field must hold.
type SymbolQuery struct {
	// Text is matched against symbol names and signatures (word prefixes).
	Text string
	// AnyWord requires one of these words, matched whole, in one of the
	// AnyWordIn columns: how search_concurrency asks for "Task or
	// TaskGroup in the name or signature".
	AnyWord   []string
	AnyWordIn []SymbolColumn
	Kind      string
	// Async, when set, requires is_async to equal it.
	Async     *bool
	Framework string
	// Attribute and Conformance must appear in the symbol's lists (case-insensitive).
	Attribute   string
	Conformance string
	// Constraint is search_generics: it must occur in one of the symbol's
	// generic constraints ("View" finds "Content: View", "Element == Int"
	// finds that requirement); matching entries are reported in
	// SymbolRow.Matched.
	Constraint string
	Limit      int
}

// symbolScanCap bounds the rows read to fill one page after Go-side
// filtering and de-duplication, so one call costs at most a few milliseconds
// of row decoding however common the term.
const symbolScanCap = 5000

// SearchSymbols returns up to q.Limit (default 20) distinct symbols (by name
// and signature), declarations before code-example symbols.
func (s *Store) SearchSymbols(ctx context.Context, q SymbolQuery) ([]SymbolRow, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = 20
	}
	var match []string
	if expr := ftsTerms(q.Text, "{name signature}"); expr != "" {
		match = append(match, expr)
	}
	if len(q.AnyWord) > 0 && len(q.AnyWordIn) > 0 {
		match = append(match, ftsAny(q.AnyWordIn, q.AnyWord...))
	}
	if expr := ftsTerms(q.Attribute, "attributes"); expr != "" {
		match = append(match, expr)
	}
	if expr := ftsTerms(q.Conformance, "conformances"); expr != "" {
		match = append(match, expr)
	}
	if expr := ftsTerms(q.Constraint, "generic_constraints"); expr != "" {
		match = append(match, expr)
	}

	var where []string
	var args []any
	if q.Kind != "" {
		where = append(where, "s.kind = ?")
		args = append(args, strings.ToLower(q.Kind))
	}
	if q.Async != nil {
		where = append(where, "s.is_async = ?")
		args = append(args, boolInt(*q.Async))
	}
	if q.Framework != "" {
		where = append(where, "d.framework = ?")
		args = append(args, q.Framework)
	}

	keep := func(r *SymbolRow) bool {
		if q.Attribute != "" && !containsFold(r.Attributes, strings.TrimPrefix(q.Attribute, "@")) {
			return false
		}
		if q.Conformance != "" && !containsFold(r.Conformances, q.Conformance) {
			return false
		}
		if q.Constraint != "" {
			r.Matched = matchConstraints(r.GenericConstraints, q.Constraint)
			if len(r.Matched) == 0 {
				return false
			}
		}
		return true
	}

	const columns = `s.name, s.kind, s.signature, s.is_async, s.is_throws, s.is_static, s.attributes,
	s.conformances, s.generic_params, s.generic_constraints, s.origin, d.uri, d.title, d.framework, d.source`
	var queries []string
	var queryArgs [][]any
	if len(match) > 0 {
		cond := append([]string{"doc_symbols_fts MATCH ?"}, where...)
		queries = append(queries, `SELECT `+columns+`
FROM doc_symbols_fts f JOIN doc_symbols s ON s.id = f.rowid JOIN docs d ON d.id = s.doc_id
WHERE `+strings.Join(cond, " AND ")+`
ORDER BY (lower(s.name) = ?) DESC, (s.origin = 'declaration') DESC, bm25(doc_symbols_fts, 10, 2, 1, 1, 1), s.id
LIMIT ?`)
		a := append([]any{strings.Join(match, " AND ")}, args...)
		queryArgs = append(queryArgs, append(a, strings.ToLower(strings.TrimSpace(q.Text)), symbolScanCap))
	} else {
		// No text: two cheap scans that stop at the cap (declarations first)
		// instead of one sorted scan over every symbol.
		for _, origin := range []string{"= 'declaration'", "!= 'declaration'"} {
			cond := append([]string{"s.origin " + origin}, where...)
			queries = append(queries, `SELECT `+columns+`
FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
WHERE `+strings.Join(cond, " AND ")+` LIMIT ?`)
			queryArgs = append(queryArgs, append(append([]any{}, args...), symbolScanCap))
		}
	}

	seen := map[string]bool{}
	var out []SymbolRow
	for i, query := range queries {
		rows, err := s.db.QueryContext(ctx, query, queryArgs[i]...)
		if err != nil {
			return nil, fmt.Errorf("search symbols: %w", err)
		}
		for rows.Next() && len(out) < limit {
			var r SymbolRow
			var async, throws, static int
			var attrs, confs, params, constraints string
			if err := rows.Scan(&r.Name, &r.Kind, &r.Signature, &async, &throws, &static, &attrs, &confs,
				&params, &constraints, &r.Origin, &r.URI, &r.Title, &r.Framework, &r.Source); err != nil {
				rows.Close()
				return nil, fmt.Errorf("search symbols: %w", err)
			}
			r.IsAsync, r.IsThrows, r.IsStatic = async != 0, throws != 0, static != 0
			r.Attributes, r.Conformances = SplitList(attrs), SplitList(confs)
			r.GenericParams, r.GenericConstraints = SplitList(params), SplitList(constraints)
			key := r.Name + "\x00" + r.Signature
			if seen[key] || !keep(&r) {
				continue
			}
			seen[key] = true
			out = append(out, r)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("search symbols: %w", err)
		}
		if len(out) >= limit {
			break
		}
	}
	return out, nil
}

// ftsTerms turns free text into an FTS5 expression restricted to column: every
// word quoted (so FTS syntax in the input is inert) with a prefix star, all
// required.
func ftsTerms(text, column string) string {
	words := SymbolWords(text)
	if len(words) == 0 {
		return ""
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + w + `"*`
	}
	return column + " : (" + strings.Join(quoted, " AND ") + ")"
}

// ftsAny is an FTS5 expression matching any of words exactly in any of
// columns ("signature", or "{name signature}" for several).
func ftsAny(columns []SymbolColumn, words ...string) string {
	names := make([]string, len(columns))
	for i, c := range columns {
		names[i] = string(c)
	}
	column := names[0]
	if len(names) > 1 {
		column = "{" + strings.Join(names, " ") + "}"
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + strings.ReplaceAll(w, `"`, "") + `"`
	}
	return column + " : (" + strings.Join(quoted, " OR ") + ")"
}

// SymbolWords splits text into the words the symbol search matches: on
// everything that is not a letter or digit, as doc_symbols_fts's unicode61
// tokenizer splits, and at most 12 so that a hostile query stays cheap. A
// query argument without any matches nothing.
func SymbolWords(text string) []string {
	words := strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	if len(words) > 12 {
		words = words[:12]
	}
	return words
}

// matchConstraints returns the entries of constraints that contain want,
// comparing without case and spaces ("Content:View" finds "Content: View").
// A single word matches whole words only, so "View" does not match
// "ViewModifier".
func matchConstraints(constraints []string, want string) []string {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), "")) }
	w := norm(want)
	single := len(SymbolWords(want)) == 1
	var out []string
	for _, c := range constraints {
		if single {
			for _, word := range SymbolWords(c) {
				if strings.EqualFold(word, SymbolWords(want)[0]) {
					out = append(out, c)
					break
				}
			}
			continue
		}
		if strings.Contains(norm(c), w) {
			out = append(out, c)
		}
	}
	return out
}

// containsFold reports whether list holds s, ignoring case.
func containsFold(list []string, s string) bool {
	return slices.ContainsFunc(list, func(v string) bool { return strings.EqualFold(v, s) })
}
