package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The relationships pass's statements: inheritance_edges' ends and titles,
// and the relationship lists of docs_structured.

// edgeEnds are the two ends of an inheritance edge, as column prefixes.
var edgeEnds = map[string]bool{"parent": true, "child": true}

// ErrUnknownColumn is returned for an edge end or a relationship list that
// the schema does not have.
var ErrUnknownColumn = errors.New("no such column")

// checkEnd rejects an end other than "parent" and "child".
func checkEnd(end string) error {
	if !edgeEnds[end] {
		return fmt.Errorf("%w: edge end %q", ErrUnknownColumn, end)
	}
	return nil
}

// FillEdgeTitles fills the empty titles of an edge end ("parent" or
// "child") from the indexed page its URI names, and returns how many.
func (w *EnrichTx) FillEdgeTitles(ctx context.Context, end string) (int64, error) {
	if err := checkEnd(end); err != nil {
		return 0, err
	}
	res, err := w.tx.ExecContext(ctx, fmt.Sprintf(`UPDATE inheritance_edges SET %[1]s_title = (SELECT title FROM docs WHERE docs.uri = inheritance_edges.%[1]s_uri)
			WHERE %[1]s_title = '' AND %[1]s_uri != ''
			AND EXISTS (SELECT 1 FROM docs WHERE docs.uri = inheritance_edges.%[1]s_uri AND docs.title != '')`, end))
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// DanglingEnd is an edge end whose URI names no indexed page, or that has
// a title and no URI.
type DanglingEnd struct {
	Rowid      int64
	URI, Title string
	Framework  string // of the asserting page
}

// DanglingEnds returns the dangling ends of an edge end ("parent" or
// "child").
func (w *EnrichTx) DanglingEnds(ctx context.Context, end string) ([]DanglingEnd, error) {
	if err := checkEnd(end); err != nil {
		return nil, err
	}
	return sqlrows.All(ctx, w.tx, "find dangling edges", fmt.Sprintf(`SELECT e.rowid, e.%[1]s_uri, e.%[1]s_title, coalesce(d.framework, '')
			FROM inheritance_edges e LEFT JOIN docs d ON d.id = e.doc_id
			WHERE (e.%[1]s_uri = '' AND e.%[1]s_title != '') OR (e.%[1]s_uri != '' AND NOT EXISTS (SELECT 1 FROM docs WHERE docs.uri = e.%[1]s_uri))`, end), nil,
		func(rows *sql.Rows) (d DanglingEnd, err error) {
			err = rows.Scan(&d.Rowid, &d.URI, &d.Title, &d.Framework)
			return d, err
		})
}

// SetEdgeEnd points an edge end ("parent" or "child") of edge rowid at uri.
func (w *EnrichTx) SetEdgeEnd(ctx context.Context, end string, rowid int64, uri string) error {
	if err := checkEnd(end); err != nil {
		return err
	}
	_, err := w.tx.ExecContext(ctx, fmt.Sprintf("UPDATE inheritance_edges SET %[1]s_uri = ? WHERE rowid = ?", end), uri, rowid)
	return err
}

// VariantURIs returns up to three indexed URIs that are base followed by
// "-" and anything (a page DocC later disambiguated).
func (w *EnrichTx) VariantURIs(ctx context.Context, base string) ([]string, error) {
	return sqlrows.Column[string](ctx, sqlrows.QueryFunc(w.queryPrepared), "variant uris", `SELECT uri FROM docs WHERE uri >= ? || '-' AND uri < ? || '.' LIMIT 3`,
		[]any{base, base})
}

// DedupEdges removes the edges that repeat another's relation and ends
// (by URI, else by title in any case) and returns how many.
func (w *EnrichTx) DedupEdges(ctx context.Context) (int64, error) {
	res, err := w.tx.ExecContext(ctx, `DELETE FROM inheritance_edges WHERE rowid NOT IN (
	SELECT min(rowid) FROM inheritance_edges GROUP BY relation,
		CASE WHEN child_uri != '' THEN child_uri ELSE lower(child_title) END,
		CASE WHEN parent_uri != '' THEN parent_uri ELSE lower(parent_title) END)`)
	if err != nil {
		return 0, err
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// EdgeCounts returns how many edges there are and how many of them have a
// parent outside the index.
func (w *EnrichTx) EdgeCounts(ctx context.Context) (edges, dangling int64, err error) {
	if err := w.tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(NOT EXISTS (SELECT 1 FROM docs WHERE docs.uri = inheritance_edges.parent_uri)), 0)
		FROM inheritance_edges`).Scan(&edges, &dangling); err != nil {
		return 0, 0, fmt.Errorf("count edges: %w", err)
	}
	return edges, dangling, nil
}

// EachTypeTitle calls fn with the lower-cased title, URI and framework of
// every type page (a protocol, class, struct, enum, actor, typealias or
// other type), by URI.
func (w *EnrichTx) EachTypeTitle(ctx context.Context, fn func(titleLower, uri, framework string)) error {
	return sqlrows.Each(ctx, w.tx, "read type titles", `SELECT title_lower, uri, framework FROM docs
		WHERE kind IN ('protocol','class','struct','enum','actor','typealias','type') ORDER BY uri`, nil,
		func(rows *sql.Rows) error {
			var title, uri, framework string
			if err := rows.Scan(&title, &uri, &framework); err != nil {
				return err
			}
			fn(title, uri, framework)
			return nil
		})
}

// ResolvedEdge is an edge whose two ends are indexed pages.
type ResolvedEdge struct {
	Relation               string
	Child, Parent          int64
	ChildURI, ChildTitle   string
	ParentURI, ParentTitle string
}

// EachResolvedEdge calls fn with every edge between two indexed pages, in
// edge order.
func (w *EnrichTx) EachResolvedEdge(ctx context.Context, fn func(ResolvedEdge)) error {
	return sqlrows.Each(ctx, w.tx, "read edges", `SELECT e.relation, c.id, c.uri, c.title, p.id, p.uri, p.title
		FROM inheritance_edges e JOIN docs c ON c.uri = e.child_uri JOIN docs p ON p.uri = e.parent_uri
		ORDER BY e.rowid`, nil, func(rows *sql.Rows) error {
		var e ResolvedEdge
		if err := rows.Scan(&e.Relation, &e.Child, &e.ChildURI, &e.ChildTitle, &e.Parent, &e.ParentURI, &e.ParentTitle); err != nil {
			return err
		}
		fn(e)
		return nil
	})
}

// RelationshipColumns are docs_structured's relationship lists, in
// RelationshipLists' order.
var RelationshipColumns = []string{"inherits_from", "inherited_by", "conforms_to", "conforming_types"}

// RelationshipLists returns page doc's relationship lists (JSON, in
// RelationshipColumns' order); found is false when it has no
// docs_structured row.
func (w *EnrichTx) RelationshipLists(ctx context.Context, doc int64) (lists [4]string, found bool, err error) {
	st, err := w.prepared(ctx, `SELECT inherits_from, inherited_by, conforms_to, conforming_types FROM docs_structured WHERE doc_id = ?`)
	if err != nil {
		return lists, false, err
	}
	err = st.QueryRowContext(ctx, doc).Scan(&lists[0], &lists[1], &lists[2], &lists[3])
	if errors.Is(err, sql.ErrNoRows) {
		return lists, false, nil
	}
	return lists, err == nil, err
}

// InsertStructured adds an empty docs_structured row for page doc.
func (w *EnrichTx) InsertStructured(ctx context.Context, doc int64) error {
	_, err := w.tx.ExecContext(ctx, "INSERT INTO docs_structured(doc_id) VALUES (?)", doc)
	return err
}

// SetRelationshipList sets one of page doc's relationship lists (a
// RelationshipColumns name) to the JSON list.
func (w *EnrichTx) SetRelationshipList(ctx context.Context, doc int64, column, list string) error {
	known := false
	for _, c := range RelationshipColumns {
		known = known || c == column
	}
	if !known {
		return fmt.Errorf("%w: relationship list %q", ErrUnknownColumn, column)
	}
	_, err := w.tx.ExecContext(ctx, "UPDATE docs_structured SET "+column+" = ? WHERE doc_id = ?", list, doc)
	return err
}
