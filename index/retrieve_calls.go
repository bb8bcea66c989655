package index

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// A call's member pages: the lookups that find the page a member call in
// code means (.padding(, URLSession.shared.dataTask(with:)). All read
// Apple's documentation only.

// MemberPage is a member page a call may mean.
type MemberPage struct {
	ID         int64
	URI, Title string
	Depth      int
	// Owner is the lower-cased title of the type page it belongs to; only
	// TypeMemberPages sets it.
	Owner string
}

// memberPages runs a cached statement of (id, uri, title, depth) rows.
func (s *Store) memberPages(ctx context.Context, what, query string, args ...any) ([]MemberPage, error) {
	return sqlrows.All(ctx, sqlrows.QueryFunc(s.query), what, query, args, func(rows *sql.Rows) (MemberPage, error) {
		var p MemberPage
		err := rows.Scan(&p.ID, &p.URI, &p.Title, &p.Depth)
		return p, err
	})
}

// TypePage returns the shallowest Apple type page (TypeKinds) titled
// typeLower in any case, or none.
func (s *Store) TypePage(ctx context.Context, typeLower string) ([]MemberPage, error) {
	return s.memberPages(ctx, "type page", `SELECT id, uri, title, depth FROM docs
		WHERE title_lower = ? AND kind IN `+typeKindList+` AND source = 'apple-docs' ORDER BY depth, id LIMIT 1`, typeLower)
}

// ChildPagesFrom returns up to limit Apple pages whose parent is a type page
// titled typeLower and whose lower-cased title starts with prefixLower
// (an Objective-C initializer: initwithframe:), shallowest first.
func (s *Store) ChildPagesFrom(ctx context.Context, typeLower, prefixLower string, limit int) ([]MemberPage, error) {
	return s.memberPages(ctx, "child pages", `SELECT c.id, c.uri, c.title, c.depth FROM docs p JOIN docs c ON c.parent_uri = p.uri
				WHERE p.title_lower = ? AND p.kind IN `+typeKindList+` AND c.source = 'apple-docs'
				AND c.title_lower >= ? AND c.title_lower < ? ORDER BY c.depth, c.id LIMIT ?`,
		typeLower, prefixLower, prefixLower+titleEnd, limit)
}

// RequirementPages returns up to limit Apple pages of protocol members
// titled nameLower, or with a lower-cased title in [lo, hi).
func (s *Store) RequirementPages(ctx context.Context, nameLower, lo, hi string, limit int) ([]MemberPage, error) {
	return s.memberPages(ctx, "requirement pages", `SELECT c.id, c.uri, c.title, c.depth FROM docs c JOIN docs p ON p.uri = c.parent_uri
			WHERE (c.title_lower = ? OR c.title_lower >= ? AND c.title_lower < ?) AND c.source = 'apple-docs' AND p.kind = 'protocol' LIMIT ?`,
		nameLower, lo, hi, limit)
}

// TitlePrefixPages returns up to limit Apple pages whose lower-cased title
// starts with prefixLower; with frameworks (constant names), only those
// frameworks' pages.
func (s *Store) TitlePrefixPages(ctx context.Context, prefixLower string, frameworks []string, limit int) ([]MemberPage, error) {
	args := []any{prefixLower, prefixLower + titleEnd, limit}
	if len(frameworks) > 0 {
		return s.memberPages(ctx, "title prefix pages",
			`SELECT id, uri, title, depth FROM docs WHERE title_lower >= ? AND title_lower < ? AND source = 'apple-docs' AND framework IN `+sqlList(frameworks)+` LIMIT ?`, args...)
	}
	return s.memberPages(ctx, "title prefix pages",
		`SELECT id, uri, title, depth FROM docs WHERE title_lower >= ? AND title_lower < ? AND source = 'apple-docs' LIMIT ?`, args...)
}

// TitlePages returns up to limit Apple pages titled title exactly, case
// included: the member contextMenu, not the type ContextMenu.
func (s *Store) TitlePages(ctx context.Context, titleLower, title string, limit int) ([]MemberPage, error) {
	return s.memberPages(ctx, "title pages",
		`SELECT id, uri, title, depth FROM docs WHERE title_lower = ? AND title = ? AND source = 'apple-docs' LIMIT ?`, titleLower, title, limit)
}

// TypeMemberPages returns up to limit Apple pages of memberLower (its name
// alone, or followed by its selector, or qualified by the type as an
// enumeration case is: DecodingError.typeMismatch(_:_:)) that are children
// of a type page titled like one of typesLower (distinct, lower-case), in
// that order of types, an AuthorityFrameworks type first, not deprecated
// first, shallowest first. Owner is set.
func (s *Store) TypeMemberPages(ctx context.Context, typesLower []string, memberLower string, limit int) ([]MemberPage, error) {
	if len(typesLower) == 0 {
		return nil, nil
	}
	list := placeholders(len(typesLower))
	args := make([]any, 0, 2*len(typesLower)+7)
	for _, n := range typesLower {
		args = append(args, n)
	}
	m := memberLower
	args = append(args, m, m+"(", m+"("+titleEnd, "."+m, "."+m+"(", "."+m+"("+titleEnd)
	order := "CASE p.title_lower"
	for i, n := range typesLower {
		order += fmt.Sprintf(" WHEN ? THEN %d", i)
		args = append(args, n)
	}
	args = append(args, limit)
	return sqlrows.All(ctx, sqlrows.QueryFunc(s.query), "type member pages",
		`SELECT c.id, c.uri, c.title, c.depth, p.title_lower FROM docs p JOIN docs c ON c.parent_uri = p.uri
		WHERE p.title_lower IN (`+list+`) AND p.kind IN `+typeKindList+` AND c.source = 'apple-docs'
		AND (c.title_lower = ? OR (c.title_lower > ? AND c.title_lower < ?)
			OR c.title_lower = p.title_lower || ? OR (c.title_lower > p.title_lower || ? AND c.title_lower < p.title_lower || ?))
		ORDER BY `+order+` END, p.framework NOT IN `+authorityList+`, c.deprecated, c.depth, c.id LIMIT ?`,
		args, func(rows *sql.Rows) (p MemberPage, err error) {
			err = rows.Scan(&p.ID, &p.URI, &p.Title, &p.Depth, &p.Owner)
			return p, err
		})
}

// ProtocolMemberIDs returns which of ids are pages of a protocol's members.
func (s *Store) ProtocolMemberIDs(ctx context.Context, ids []int64) ([]int64, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	args := anyArgs(ids)
	return s.ids(ctx, "protocol members",
		`SELECT c.id FROM docs c JOIN docs p ON p.uri = c.parent_uri WHERE p.kind = 'protocol' AND c.id IN (`+placeholders(len(ids))+`)`, args...)
}
