package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The retrieval API: the named lookups a ranker builds its candidates from
// (exact titles and names, title prefixes, a type's members, declarations
// by kind or modifier, whole pages, pages by URI). Each runs a prepared
// statement the Store keeps (stmts.go); every caller-supplied value is a
// bound parameter. The page-row, full-text and filtered queries are in
// retrieve_fts.go, a call's member pages in retrieve_calls.go.

// TypeKinds are the page kinds that declare a type, in the order of the
// SQL list the type lookups use.
var TypeKinds = []string{"class", "struct", "enum", "protocol", "actor", "typealias"}

// typeKindList is TypeKinds as an SQL list.
var typeKindList = sqlList(TypeKinds)

// AuthorityFrameworks are the frameworks whose type wins a shared name
// (View is SwiftUI's): a type's member lookups read their pages first.
var AuthorityFrameworks = []string{"swift", "swiftui", "foundation"}

// authorityList is AuthorityFrameworks as an SQL list.
var authorityList = sqlList(AuthorityFrameworks)

// sqlList writes constant names as an SQL list of literals: ('a', 'b').
func sqlList(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "'" + strings.ReplaceAll(n, "'", "''") + "'"
	}
	return "(" + strings.Join(quoted, ", ") + ")"
}

// placeholders is "?" repeated n times, comma-separated (n > 0).
func placeholders(n int) string { return "?" + strings.Repeat(",?", n-1) }

// anyArgs converts values to the arguments of a query.
func anyArgs[T any](values []T) []any {
	args := make([]any, len(values))
	for i, v := range values {
		args[i] = v
	}
	return args
}

// sqlConds gathers the conditions of a WHERE clause, joined by AND, and
// their arguments in order.
type sqlConds struct {
	conds []string
	args  []any
}

// add appends cond, whose placeholders take args.
func (c *sqlConds) add(cond string, args ...any) {
	c.conds = append(c.conds, cond)
	c.args = append(c.args, args...)
}

// in appends "column IN (?, …)" over values; no values add nothing.
func (c *sqlConds) in(column string, values []string) {
	if len(values) > 0 {
		c.add(column+" IN ("+placeholders(len(values))+")", anyArgs(values)...)
	}
}

// sql is the conditions joined by AND ("" for none) and their arguments.
func (c *sqlConds) sql() (string, []any) { return strings.Join(c.conds, " AND "), c.args }

// likeEscape escapes LIKE wildcards with '\'.
func likeEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// titleEnd bounds a title range: every title starting with p sorts below
// p + titleEnd.
const titleEnd = "\U0010FFFF"

// ids runs a cached statement returning one id per row.
//
// The answers of lookups by name, title or path (no full-text MATCH) are
// kept per Store: the index is read-only while open, and the same names
// (view, text, init, datatask) are looked up search after search. A
// full-text search's answer is not kept.
func (s *Store) ids(ctx context.Context, what, query string, args ...any) ([]int64, error) {
	cacheable := !strings.Contains(query, " MATCH ")
	var key string
	if cacheable {
		// Keyed by the statement, not its name: a filtered search's text
		// depends on its filter (kind IN or source IN), its arguments may not.
		key = query + "\x00" + fmt.Sprintf("%#v", args)
		if ids, ok := s.lookups.Get(key); ok {
			return slices.Clone(ids), nil
		}
	}
	ids, err := sqlrows.Column[int64](ctx, sqlrows.QueryFunc(s.query), what, query, args)
	if err == nil && cacheable {
		s.lookups.Put(key, slices.Clone(ids))
	}
	return ids, err
}

// ExactTitleIDs returns up to limit pages whose lower-cased title is
// titleLower.
func (s *Store) ExactTitleIDs(ctx context.Context, titleLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "exact title", `SELECT id FROM docs WHERE title_lower = ? LIMIT ?`, titleLower, limit)
}

// NameIDs returns up to limit pages declaring a symbol whose lower-cased
// name is nameLower (symbol_names).
func (s *Store) NameIDs(ctx context.Context, nameLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "exact name", `SELECT doc_id FROM symbol_names WHERE name_lower = ? LIMIT ?`, nameLower, limit)
}

// TitleExtensionIDs returns up to limit pages whose lower-cased title
// starts with titleLower and is longer: text finds TextField and Text.Scale.
func (s *Store) TitleExtensionIDs(ctx context.Context, titleLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "title prefix", `SELECT id FROM docs WHERE title_lower > ? AND title_lower < ? LIMIT ?`,
		titleLower, titleLower+titleEnd, limit)
}

// AttributePageIDs returns up to limit pages of Apple's that are written as
// the attribute nameLower, shortest title first: a property wrapper or
// result builder type titled with the name (State, ViewBuilder) or an
// attached macro titled with it and its labels (Query(filter:sort:
// animation:)), known by their declarations' attributes (or, where the
// symbol reader missed them, Published's, the declaration's text). Not a global actor: "@MainActor" alone asks for what is declared
// on the main actor (the dev battery symbol-attribute).
func (s *Store) AttributePageIDs(ctx context.Context, nameLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "attribute pages", `SELECT d.id FROM docs d WHERE d.source = 'apple-docs' AND (
  d.title_lower = ? AND d.kind IN `+typeKindList+` AND EXISTS (SELECT 1 FROM doc_symbols s WHERE s.doc_id = d.id AND (
    s.attributes LIKE '%propertyWrapper%' OR s.attributes LIKE '%resultBuilder%' OR
    s.origin = 'declaration' AND s.signature LIKE '@propertyWrapper %')) OR
  d.kind = 'macro' AND (d.title_lower = ? OR d.title_lower > ? AND d.title_lower < ?) AND EXISTS (SELECT 1 FROM doc_symbols s WHERE s.doc_id = d.id AND s.attributes LIKE 'attached%'))
ORDER BY length(d.title_lower), d.id LIMIT ?`, nameLower, nameLower+"()", nameLower+"(", nameLower+")", limit)
}

// TypeIDs returns up to limit type pages (TypeKinds) titled titleLower in
// any case.
func (s *Store) TypeIDs(ctx context.Context, titleLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "type pages", `SELECT id FROM docs WHERE title_lower = ? AND kind IN `+typeKindList+` LIMIT ?`,
		titleLower, limit)
}

// WholePage is a page that stands for a whole sample project, package or
// session, as the ranker matches its title.
type WholePage struct {
	ID         int64
	Source     string
	TitleLower string
}

// WholePages returns every page of one of kinds (constant names: a
// source's whole project, package or session), found through docs_kind and
// in its order: kind, source, lower-cased title, id. There are about two
// thousand; the ranker keeps them for the life of the index.
func (s *Store) WholePages(ctx context.Context, kinds []string) ([]WholePage, error) {
	return sqlrows.All(ctx, sqlrows.QueryFunc(s.query), "whole pages",
		`SELECT id, source, title_lower FROM docs INDEXED BY docs_kind WHERE kind IN `+sqlList(kinds)+
			` ORDER BY kind, source, title_lower, id`, nil,
		func(rows *sql.Rows) (p WholePage, err error) {
			err = rows.Scan(&p.ID, &p.Source, &p.TitleLower)
			return p, err
		})
}

// PageIDKind returns the id and kind of the page at uri; found is false when
// the index does not hold it.
func (s *Store) PageIDKind(ctx context.Context, uri string) (id int64, kind string, found bool, err error) {
	p, err := s.pageByURI(ctx, uri)
	if err != nil {
		return 0, "", false, fmt.Errorf("page by uri: %w", err)
	}
	return p.id, p.kind, p.found, nil
}

// PageID returns the id of the page at uri; found is false when the index
// does not hold it.
func (s *Store) PageID(ctx context.Context, uri string) (id int64, found bool, err error) {
	p, err := s.pageByURI(ctx, uri)
	return p.id, p.found, err
}

// pageAt is what the index says of an address: the page's id and kind, or
// that it holds none.
type pageAt struct {
	id    int64
	kind  string
	found bool
}

// pageByURI looks an address up, once per Store (the ranker resolves the
// same lexicon and call addresses search after search).
func (s *Store) pageByURI(ctx context.Context, uri string) (pageAt, error) {
	if p, ok := s.addresses.Get(uri); ok {
		return p, nil
	}
	var p pageAt
	err := s.queryRow(ctx, []any{&p.id, &p.kind}, `SELECT id, kind FROM docs WHERE uri = ?`, uri)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		p = pageAt{}
	case err != nil:
		return pageAt{}, err
	default:
		p.found = true
	}
	s.addresses.Put(uri, p)
	return p, nil
}

// MemberIDsUnderPath returns up to limit pages declaring a symbol named
// memberLower whose URI has typePath (lower-case, segments joined by "/")
// as a whole path segment run, shallowest first.
func (s *Store) MemberIDsUnderPath(ctx context.Context, memberLower, typePath string, limit int) ([]int64, error) {
	return s.ids(ctx, "member under path", `SELECT d.id FROM symbol_names n JOIN docs d ON d.id = n.doc_id
		WHERE n.name_lower = ? AND d.uri LIKE ? ESCAPE '\' ORDER BY d.depth, d.id LIMIT ?`, memberLower, "%/"+likeEscape(typePath)+"/%", limit)
}

// TypeMemberIDs returns up to limit pages declaring a symbol named
// memberLower whose parent is a type page titled typeLower: not deprecated
// first, an AuthorityFrameworks type first, then shallowest.
func (s *Store) TypeMemberIDs(ctx context.Context, typeLower, memberLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "type member", `SELECT c.id FROM symbol_names n JOIN docs c ON c.id = n.doc_id JOIN docs p ON p.uri = c.parent_uri
		WHERE n.name_lower = ? AND p.title_lower = ? AND p.kind IN `+typeKindList+`
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, c.depth, c.id LIMIT ?`, memberLower, typeLower, limit)
}

// TypeMemberPrefixIDs is TypeMemberIDs for the children whose lower-cased
// title extends prefixLower, the shortest title first after the same
// order.
func (s *Store) TypeMemberPrefixIDs(ctx context.Context, typeLower, prefixLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "type member prefix", `SELECT c.id FROM docs p JOIN docs c ON c.parent_uri = p.uri
		WHERE p.title_lower = ? AND p.kind IN `+typeKindList+` AND c.title_lower > ? AND c.title_lower < ?
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, length(c.title), c.depth, c.id LIMIT ?`, typeLower, prefixLower, prefixLower+titleEnd, limit)
}

// TypeMemberEndingIDs is TypeMemberIDs for the properties whose name ends
// with word as its last CamelCase part (word "lines": numberOfLines), the
// shortest title first after the same order. word is ASCII lower-case
// letters and digits (anything else finds nothing: it could be a GLOB
// pattern); the children of one type are read through the parent index.
func (s *Store) TypeMemberEndingIDs(ctx context.Context, typeLower, word string, limit int) ([]int64, error) {
	if word == "" || strings.IndexFunc(word, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9') }) >= 0 {
		return nil, nil
	}
	glob := "*[a-z0-9]" + strings.ToUpper(word[:1]) + word[1:]
	return s.ids(ctx, "type member ending", `SELECT c.id FROM docs p JOIN docs c ON c.parent_uri = p.uri
		WHERE p.title_lower = ? AND p.kind IN `+typeKindList+` AND c.title GLOB ? AND c.kind = 'property'
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, length(c.title), c.depth, c.id LIMIT ?`, typeLower, glob, limit)
}

// SymbolFilter narrows SymbolIDs to declarations of a kind or with
// modifiers; the zero value keeps every declaration.
type SymbolFilter struct {
	Kind                  string
	GenericConstraint     bool
	Async, Throws, Static bool
}

// where is the filter as SQL conditions over doc_symbols, and their
// arguments.
func (f SymbolFilter) where() (string, []any) {
	var c sqlConds
	if f.Kind != "" {
		c.add("kind = ?", f.Kind)
	}
	if f.GenericConstraint {
		c.add("generic_constraints != ''")
	}
	for _, m := range []struct {
		on   bool
		cond string
	}{{f.Async, "is_async = 1"}, {f.Throws, "is_throws = 1"}, {f.Static, "is_static = 1"}} {
		if m.on {
			c.add(m.cond)
		}
	}
	return c.sql()
}

// SymbolIDs returns up to limit pages with a declaration (not an example's)
// matching the doc_symbols_fts expression expr and the filter, among the
// first scan matches: a bounded set of pages that certainly qualify,
// found in well under a millisecond, where a scan of doc_symbols or
// docs.kind costs 100 ms.
func (s *Store) SymbolIDs(ctx context.Context, expr string, f SymbolFilter, scan, limit int) ([]int64, error) {
	query := `SELECT DISTINCT doc_id FROM doc_symbols WHERE id IN
		(SELECT rowid FROM doc_symbols_fts WHERE doc_symbols_fts MATCH ? LIMIT ?) AND origin != 'example'`
	where, whereArgs := f.where()
	if where != "" {
		query += " AND " + where
	}
	return s.ids(ctx, "symbol declarations", query+" LIMIT ?", append(append([]any{expr, scan}, whereArgs...), limit)...)
}

// ConformingIDs returns up to limit pages whose relationships say they
// conform to protocol (any case), from inheritance_edges.
func (s *Store) ConformingIDs(ctx context.Context, protocol string, limit int) ([]int64, error) {
	return s.ids(ctx, "conforming types", `SELECT d.id FROM inheritance_edges e JOIN docs d ON d.uri = e.child_uri
			WHERE e.parent_title = ? COLLATE NOCASE AND e.relation = ? LIMIT ?`, protocol, RelationConformsTo, limit)
}

// KnownName reports whether some page's lower-cased title starts with
// lower or some declaration's lower-cased name is lower: the spelling
// check asks it of every word, so its statements are the Store's
// prepared ones.
func (s *Store) KnownName(ctx context.Context, lower string) (bool, error) {
	var one int
	for _, probe := range []struct {
		query string
		args  []any
	}{
		{titlePrefixExistsSQL, []any{lower, lower + titleEnd}},
		{`SELECT 1 FROM symbol_names WHERE name_lower = ? LIMIT 1`, []any{lower}},
	} {
		err := s.queryRow(ctx, []any{&one}, probe.query, probe.args...)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return false, fmt.Errorf("known name: %w", err)
		}
	}
	return false, nil
}

// TypeTitle returns the title of the shallowest Apple type page
// (TypeKinds) titled titleLower in any case, or "".
func (s *Store) TypeTitle(ctx context.Context, titleLower string) (string, error) {
	var title, kind string
	err := s.queryRow(ctx, []any{&title, &kind}, `SELECT title, kind FROM docs WHERE title_lower = ? AND source = 'apple-docs'
		AND kind IN `+typeKindList+` ORDER BY depth LIMIT 1`, titleLower)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("type title: %w", err)
	}
	return title, nil
}

// MemberOfType returns the title of an Apple member page titled
// memberLower (in any case) whose parent is a type page titled typeLower,
// or whose parent's title starts with typeLower when prefix is set, and
// that type's title: not deprecated first, then shallowest. "" when none.
func (s *Store) MemberOfType(ctx context.Context, typeLower, memberLower string, prefix bool) (member, typ string, err error) {
	hi := typeLower + "\x00" // the type's title alone
	if prefix {
		hi = typeLower + titleEnd
	}
	err = s.queryRow(ctx, []any{&member, &typ}, `SELECT c.title, p.title FROM docs c JOIN docs p ON p.uri = c.parent_uri
		WHERE c.title_lower = ? AND c.source = 'apple-docs' AND p.title_lower >= ? AND p.title_lower < ? AND p.kind IN `+typeKindList+`
		ORDER BY c.deprecated, c.depth, c.id LIMIT 1`, memberLower, typeLower, hi)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	if err != nil {
		return "", "", fmt.Errorf("member of type: %w", err)
	}
	return member, typ, nil
}

// TitleRow is one page's title, kind and source.
type TitleRow struct{ Title, Kind, Source string }

// EachTitleFrom calls fn, in title order, with the pages among the first
// limit whose lower-cased title starts with prefixLower that have a title
// of minLen to maxLen characters. The limit counts every title of the
// prefix, so a length window only leaves out rows; the window is tested on
// the title index, and only the pages within it are read.
func (s *Store) EachTitleFrom(ctx context.Context, prefixLower string, limit, minLen, maxLen int, fn func(TitleRow)) error {
	return sqlrows.Each(ctx, sqlrows.QueryFunc(s.query), "titles from prefix",
		`SELECT d.title, d.kind, d.source FROM (
			SELECT id, title_lower FROM docs WHERE title_lower >= ? AND title_lower < ? ORDER BY title_lower, id LIMIT ?
		) AS f JOIN docs AS d ON d.id = f.id WHERE length(f.title_lower) BETWEEN ? AND ? ORDER BY f.title_lower, f.id`,
		[]any{prefixLower, prefixLower + titleEnd, limit, minLen, maxLen}, func(rows *sql.Rows) error {
			var r TitleRow
			if err := rows.Scan(&r.Title, &r.Kind, &r.Source); err != nil {
				return err
			}
			fn(r)
			return nil
		})
}

// RequirementIDs returns up to limit Apple pages of protocol members titled
// nameLower in any case, those of the authority frameworks first
// (Hashable's hash(into:) before DistributedActor's), deprecated ones
// last.
func (s *Store) RequirementIDs(ctx context.Context, nameLower string, limit int) ([]int64, error) {
	return s.ids(ctx, "requirement ids", `SELECT c.id FROM docs c JOIN docs p ON p.uri = c.parent_uri
		WHERE c.title_lower = ? AND c.source = 'apple-docs' AND p.kind = 'protocol'
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, c.depth, c.id LIMIT ?`, nameLower, limit)
}
