package index

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file walks inheritance_edges for the MCP server's
// search_conformances and get_inheritance tools.

// TypeRef is a type named by an inheritance edge, with what the index knows
// of its page. The JSON names are the ones the MCP tools return.
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
func (s *Store) Conformers(ctx context.Context, protocol, framework string, limit int) ([]TypeRef, int, error) {
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
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM "+edges+filter, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("conformers: %w", err)
	}
	out, err := sqlrows.All(ctx, s.db, "conformers", `SELECT e.child_uri, e.child_title, coalesce(d.framework, e.fw), coalesce(d.kind, '')
FROM (SELECT * FROM `+edges+filter+` ORDER BY `+coreFrameworks+`, child_title COLLATE NOCASE LIMIT ?) e
LEFT JOIN docs d ON d.uri = e.child_uri AND e.child_uri != ''`, append(args, limit), scanTypeRef)
	if err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// scanTypeRef reads a row selected as uri, title, framework, kind.
func scanTypeRef(rows *sql.Rows) (t TypeRef, err error) {
	err = rows.Scan(&t.URI, &t.Title, &t.Framework, &t.Kind)
	return t, err
}

// ResolveType finds the pages whose title is name and whose kind is a type,
// in framework when given; URIs are looked up directly. Candidates with the
// most inheritance edges come first.
func (s *Store) ResolveType(ctx context.Context, name, framework string) ([]TypeRef, error) {
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
	return sqlrows.All(ctx, s.db, "resolve type", query+" ORDER BY edges DESC, d.depth, d.uri LIMIT 20", args,
		func(rows *sql.Rows) (t TypeRef, err error) {
			var edges int
			err = rows.Scan(&t.URI, &t.Title, &t.Framework, &t.Kind, &edges)
			return t, err
		})
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
func (s *Store) Inheritance(ctx context.Context, root TypeRef, up bool, depth, maxEdges int) (Hierarchy, error) {
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
		return sqlrows.All(ctx, s.db, "inheritance", fmt.Sprintf(query, where), []any{arg, relation, limit},
			func(rows *sql.Rows) (Edge, error) {
				t, err := scanTypeRef(rows)
				e := Edge{From: node, To: t, Relation: relation, Depth: level}
				if !up {
					e.From, e.To = t, node
				}
				return e, err
			})
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
			found, err := edges(node, RelationInheritsFrom, maxEdges-len(h.Edges)+1, level)
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
		more, err := edges(t, RelationInheritsFrom, 1, depth+1)
		if err != nil {
			return h, err
		}
		h.Truncated = len(more) > 0
	}

	where, arg := cond(root)
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM inheritance_edges e WHERE "+where+" AND e.relation = ?",
		arg, RelationConformsTo).Scan(&h.Conformances); err != nil {
		return h, fmt.Errorf("inheritance: %w", err)
	}
	conf, err := edges(root, RelationConformsTo, maxConformances, 1)
	if err != nil {
		return h, err
	}
	h.Edges = append(h.Edges, conf...)
	return h, nil
}
