package mcp

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/cupertino-go/cupertino/internal/document"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/index"
)

// This file is the query layer behind the symbol and structural tools: plain
// functions over the index's *sql.DB (see the index package comment for the
// tables), so they can be tested and benchmarked without the MCP plumbing.

// SymbolRow is one declared symbol and the page it was found on.
type SymbolRow struct {
	// The declared symbol, as the index stores it (its JSON fields inline).
	document.Symbol
	// Matched lists the generic constraints that matched a search_generics
	// query, so the agent sees the clause and not only the declaration.
	Matched   []string `json:"matched,omitempty"`
	URI       string   `json:"uri"`
	Title     string   `json:"title"`
	Framework string   `json:"framework"`
	Source    string   `json:"source"`
}

// SymbolQuery selects rows of doc_symbols. Every set field must hold.
type SymbolQuery struct {
	// Text is matched against symbol names and signatures (word prefixes).
	Text string
	// Match is an extra raw FTS5 expression over doc_symbols_fts, built by
	// the concurrency patterns; callers outside this file leave it empty.
	Match string
	Kind  string
	// Async, when set, requires is_async to equal it.
	Async     *bool
	Framework string
	// Attribute and Conformance must appear in the symbol's lists (case-insensitive).
	Attribute   string
	Conformance string
	// Constraint must occur in one of the symbol's generic constraints;
	// matching entries are reported in SymbolRow.Matched.
	Constraint string
	Limit      int
}

// symbolScanCap bounds the rows read to fill one page after Go-side
// filtering and de-duplication, so one call costs at most a few milliseconds
// of row decoding however common the term.
const symbolScanCap = 5000

// SearchSymbols returns up to q.Limit distinct symbols (by name and
// signature), declarations before code-example symbols.
func SearchSymbols(ctx context.Context, db *sql.DB, q SymbolQuery) ([]SymbolRow, error) {
	limit := q.Limit
	if limit <= 0 {
		limit = 20
	}
	var match []string
	if expr := ftsTerms(q.Text, "{name signature}"); expr != "" {
		match = append(match, expr)
	}
	if q.Match != "" {
		match = append(match, q.Match)
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
		rows, err := db.QueryContext(ctx, query, queryArgs[i]...)
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
			r.Attributes, r.Conformances = splitList(attrs), splitList(confs)
			r.GenericParams, r.GenericConstraints = splitList(params), splitList(constraints)
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
// required. The words are split the way the unicode61 tokenizer splits them.
func ftsTerms(text, column string) string {
	words := tokenWords(text)
	if len(words) == 0 {
		return ""
	}
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + w + `"*`
	}
	return column + " : (" + strings.Join(quoted, " AND ") + ")"
}

// ftsAny is an FTS5 expression matching any of words exactly in column.
func ftsAny(column string, words ...string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = `"` + strings.ReplaceAll(w, `"`, "") + `"`
	}
	return column + " : (" + strings.Join(quoted, " OR ") + ")"
}

// tokenWords splits on everything that is not a letter or digit, as
// unicode61 does, and caps the count so a hostile query stays cheap.
func tokenWords(text string) []string {
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
	single := len(tokenWords(want)) == 1
	var out []string
	for _, c := range constraints {
		if single {
			for _, word := range tokenWords(c) {
				if strings.EqualFold(word, tokenWords(want)[0]) {
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

// TypeRef is a type named by an inheritance edge, with what the index knows
// of its page.
type TypeRef struct {
	URI       string `json:"uri,omitempty"`
	Title     string `json:"title"`
	Framework string `json:"framework,omitempty"`
	Kind      string `json:"kind,omitempty"`
}

// coreFrameworks come first in conformer lists: an agent asking what
// conforms to Sendable wants the standard library before Accelerate.
const coreFrameworks = `CASE fw WHEN 'swift' THEN 0 WHEN 'foundation' THEN 1 WHEN 'swiftui' THEN 2 WHEN 'observation' THEN 3
	WHEN 'swiftdata' THEN 4 WHEN 'uikit' THEN 5 WHEN 'appkit' THEN 6 WHEN 'combine' THEN 7 WHEN 'dispatch' THEN 8 ELSE 9 END`

// Conformers returns the types documented as conforming to protocol (a title
// or a URI), core frameworks first, then by title, and the total count.
//
// The framework of a conformer is read from its apple-docs:// URI rather
// than by joining docs, so that ordering thousands of Sendable conformers
// costs a scan of the edge index and not thousands of lookups.
func Conformers(ctx context.Context, db *sql.DB, protocol, framework string, limit int) ([]TypeRef, int, error) {
	cond := "relation = 'conformsTo' AND parent_title = ? COLLATE NOCASE"
	if strings.Contains(protocol, "://") {
		cond = "relation = 'conformsTo' AND parent_uri = ?"
	}
	edges := `(SELECT child_uri, child_title, CASE WHEN child_uri LIKE 'apple-docs://%' THEN
		substr(child_uri, 14, instr(substr(child_uri, 14) || '/', '/') - 1) ELSE '' END AS fw
	FROM inheritance_edges WHERE ` + cond + `)`
	args := []any{protocol}
	filter := ""
	if framework != "" {
		filter = " WHERE fw = ?"
		args = append(args, framework)
	}
	var total int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+edges+filter, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("conformers: %w", err)
	}
	rows, err := db.QueryContext(ctx, `SELECT e.child_uri, e.child_title, coalesce(d.framework, e.fw), coalesce(d.kind, '')
FROM (SELECT * FROM `+edges+filter+` ORDER BY `+coreFrameworks+`, child_title COLLATE NOCASE LIMIT ?) e
LEFT JOIN docs d ON d.uri = e.child_uri AND e.child_uri != ''`, append(args, limit)...)
	if err != nil {
		return nil, 0, fmt.Errorf("conformers: %w", err)
	}
	defer rows.Close()
	var out []TypeRef
	for rows.Next() {
		var t TypeRef
		if err := rows.Scan(&t.URI, &t.Title, &t.Framework, &t.Kind); err != nil {
			return nil, 0, fmt.Errorf("conformers: %w", err)
		}
		out = append(out, t)
	}
	return out, total, rows.Err()
}

// ResolveType finds the pages whose title is name and whose kind is a type,
// in framework when given; URIs are looked up directly. Candidates with the
// most inheritance edges come first.
func ResolveType(ctx context.Context, db *sql.DB, name, framework string) ([]TypeRef, error) {
	query := `SELECT d.uri, d.title, d.framework, d.kind,
	(SELECT count(*) FROM inheritance_edges e WHERE e.child_uri = d.uri) +
	(SELECT count(*) FROM inheritance_edges e WHERE e.parent_uri = d.uri) AS edges
FROM docs d WHERE `
	var args []any
	if strings.Contains(name, "://") {
		query += "d.uri = ?"
		args = append(args, name)
	} else {
		query += "d.title_lower = ? AND d.kind IN ('class','protocol','struct','enum','actor','typealias','type')"
		args = append(args, strings.ToLower(name))
		if framework != "" {
			query += " AND d.framework = ?"
			args = append(args, framework)
		}
	}
	rows, err := db.QueryContext(ctx, query+" ORDER BY edges DESC, d.depth, d.uri LIMIT 20", args...)
	if err != nil {
		return nil, fmt.Errorf("resolve type: %w", err)
	}
	defer rows.Close()
	var out []TypeRef
	for rows.Next() {
		var t TypeRef
		var edges int
		if err := rows.Scan(&t.URI, &t.Title, &t.Framework, &t.Kind, &edges); err != nil {
			return nil, fmt.Errorf("resolve type: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Edge is one inheritance or conformance relationship met while walking.
type Edge struct {
	From     TypeRef `json:"from"`
	To       TypeRef `json:"to"`
	Relation string  `json:"relation"` // inheritsFrom | conformsTo
	Depth    int     `json:"depth"`    // 1 for the root's own edges
}

// Hierarchy is one direction of a type's relationships.
type Hierarchy struct {
	Edges []Edge
	// Conformances counts the root's own conformance edges: the protocols
	// it adopts (up) or the types adopting it (down). Edges holds at most
	// maxConformances of them.
	Conformances int
	// Truncated reports that depth or the edge cap stopped the walk while
	// more inheritance remained.
	Truncated bool
}

// maxConformances bounds the conformance edges of the root: View has
// thousands of conforming types.
const maxConformances = 100

// Inheritance walks inheritance_edges from root breadth-first. up follows
// child->parent edges, down the reverse. Inheritance (superclasses,
// subclasses, protocol refinement) is followed to depth levels; conformance
// only at the root, because Apple lists every inherited conformance on each
// class and repeating them per level says nothing new.
func Inheritance(ctx context.Context, db *sql.DB, root TypeRef, up bool, depth, maxEdges int) (Hierarchy, error) {
	near, far := "child", "parent"
	if !up {
		near, far = "parent", "child"
	}
	query := fmt.Sprintf(`SELECT e.%[2]s_uri, e.%[2]s_title, coalesce(d.framework, ''), coalesce(d.kind, '')
FROM inheritance_edges e LEFT JOIN docs d ON d.uri = e.%[2]s_uri AND e.%[2]s_uri != ''
WHERE %%s AND e.relation = ? ORDER BY e.%[2]s_title COLLATE NOCASE LIMIT ?`, near, far)
	cond := func(t TypeRef) (string, string) {
		if t.URI != "" {
			return "e." + near + "_uri = ?", t.URI
		}
		return "e." + near + "_uri = '' AND e." + near + "_title = ? COLLATE NOCASE", t.Title
	}
	edges := func(node TypeRef, relation string, limit, level int) ([]Edge, error) {
		where, arg := cond(node)
		rows, err := db.QueryContext(ctx, fmt.Sprintf(query, where), arg, relation, limit)
		if err != nil {
			return nil, fmt.Errorf("inheritance: %w", err)
		}
		defer rows.Close()
		var out []Edge
		for rows.Next() {
			var t TypeRef
			if err := rows.Scan(&t.URI, &t.Title, &t.Framework, &t.Kind); err != nil {
				return nil, fmt.Errorf("inheritance: %w", err)
			}
			e := Edge{From: node, To: t, Relation: relation, Depth: level}
			if !up {
				e.From, e.To = t, node
			}
			out = append(out, e)
		}
		return out, rows.Err()
	}
	key := func(t TypeRef) string {
		if t.URI != "" {
			return t.URI
		}
		return "title:" + strings.ToLower(t.Title)
	}

	var h Hierarchy
	seen := map[string]bool{key(root): true}
	frontier := []TypeRef{root}
	for level := 1; level <= depth && len(frontier) > 0 && !h.Truncated; level++ {
		var next []TypeRef
		for _, node := range frontier {
			found, err := edges(node, index.RelationInheritsFrom, maxEdges-len(h.Edges)+1, level)
			if err != nil {
				return h, err
			}
			for _, e := range found {
				if len(h.Edges) >= maxEdges {
					h.Truncated = true
					break
				}
				h.Edges = append(h.Edges, e)
				other := e.To
				if !up {
					other = e.From
				}
				if !seen[key(other)] {
					seen[key(other)] = true
					next = append(next, other)
				}
			}
		}
		frontier = next
	}
	for _, t := range frontier {
		if h.Truncated {
			break
		}
		more, err := edges(t, index.RelationInheritsFrom, 1, depth+1)
		if err != nil {
			return h, err
		}
		h.Truncated = len(more) > 0
	}

	where, arg := cond(root)
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM inheritance_edges e WHERE "+where+" AND e.relation = ?",
		arg, index.RelationConformsTo).Scan(&h.Conformances); err != nil {
		return h, fmt.Errorf("inheritance: %w", err)
	}
	conf, err := edges(root, index.RelationConformsTo, maxConformances, 1)
	if err != nil {
		return h, err
	}
	h.Edges = append(h.Edges, conf...)
	return h, nil
}

// CountDocuments counts the documents of a framework ("" counts documents
// without one), for list_documents paging.
func CountDocuments(ctx context.Context, db *sql.DB, framework string) (int, error) {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM docs WHERE framework = ?", framework).Scan(&n); err != nil {
		return 0, fmt.Errorf("count documents: %w", err)
	}
	return n, nil
}

// HasRows reports whether table has at least one row; the server registers a
// tool only when the table it reads is filled.
func HasRows(ctx context.Context, db *sql.DB, table string) (bool, error) {
	switch table {
	case "doc_symbols", "inheritance_edges", "docs":
	default:
		return false, fmt.Errorf("has rows: unexpected table %q", table)
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM "+table+")").Scan(&n); err != nil {
		return false, fmt.Errorf("has rows in %s: %w", table, err)
	}
	return n != 0, nil
}

func splitList(s string) []string {
	if s == "" {
		return nil
	}
	parts := strings.Split(s, "; ")
	out := parts[:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
