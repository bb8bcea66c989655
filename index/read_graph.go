package index

import (
	"context"
	"database/sql"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The reads behind `cupertino verify`'s type-aware checks: every Apple page
// with its parent and declaration, every entry of a type's Topics (its
// children list, which names members whose own page the crawl missed), and
// the inheritance and conformance edges. The checker holds them in memory as
// a symbol graph, built once per process.

// GraphPage is one Apple documentation page: a type or a member.
type GraphPage struct {
	URI, Title, Kind, Framework, ParentURI string
	// Declaration is the page's Swift declaration ("class var current:
	// UIDevice { get }"); "" when the index has none.
	Declaration string
}

// GraphChild is one entry of a page's Topics: a member listed under its
// type, whether or not its own page was crawled.
type GraphChild struct {
	ParentURI, URI, Title string
}

// GraphEdge is a type's superclass (Relation "inheritsFrom") or adopted
// protocol ("conformsTo").
type GraphEdge struct {
	ChildURI, ParentURI, ParentTitle, Relation string
}

// Graph is what GraphData reads.
type Graph struct {
	Pages    []GraphPage
	Children []GraphChild
	Edges    []GraphEdge
}

// GraphData reads the symbol graph (about 0.6 s on the full index). An
// index without doc_children, doc_symbols or inheritance_edges gives fewer
// facts, not an error.
func (l *NameLookup) GraphData(ctx context.Context) (*Graph, error) {
	g := &Graph{}
	// Three plain scans joined in memory: a join per row costs an index
	// probe for each of the 183,000 pages and 297,000 Topics entries.
	uriOf := map[int64]int{} // doc id -> index in g.Pages
	err := sqlrows.Each(ctx, l.db, "graph pages",
		"SELECT id, uri, title, kind, framework, parent_uri FROM docs WHERE source = ?",
		[]any{document.SourceAppleDocs}, func(rows *sql.Rows) error {
			var id int64
			var p GraphPage
			if err := rows.Scan(&id, &p.URI, &p.Title, &p.Kind, &p.Framework, &p.ParentURI); err != nil {
				return err
			}
			uriOf[id] = len(g.Pages)
			g.Pages = append(g.Pages, p)
			return nil
		})
	if err != nil {
		return nil, err
	}
	if l.hasTable("doc_symbols") {
		err = sqlrows.Each(ctx, l.db, "graph declarations",
			"SELECT doc_id, signature FROM doc_symbols WHERE origin = 'declaration'", nil,
			func(rows *sql.Rows) error {
				var id int64
				var decl string
				if err := rows.Scan(&id, &decl); err != nil {
					return err
				}
				if i, ok := uriOf[id]; ok {
					if g.Pages[i].Declaration == "" {
						g.Pages[i].Declaration = decl
					} else {
						// Overloads on one page: each declaration counts.
						p := g.Pages[i]
						p.Declaration = decl
						g.Pages = append(g.Pages, p)
					}
				}
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	if l.hasTable("doc_children") {
		err = sqlrows.Each(ctx, l.db, "graph children",
			"SELECT doc_id, child_uri, child_title FROM doc_children", nil,
			func(rows *sql.Rows) error {
				var id int64
				var c GraphChild
				if err := rows.Scan(&id, &c.URI, &c.Title); err != nil {
					return err
				}
				if i, ok := uriOf[id]; ok {
					c.ParentURI = g.Pages[i].URI
					g.Children = append(g.Children, c)
				}
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	if l.hasTable("inheritance_edges") {
		err = sqlrows.Each(ctx, l.db, "graph edges",
			"SELECT child_uri, parent_uri, parent_title, relation FROM inheritance_edges", nil,
			func(rows *sql.Rows) error {
				var e GraphEdge
				if err := rows.Scan(&e.ChildURI, &e.ParentURI, &e.ParentTitle, &e.Relation); err != nil {
					return err
				}
				g.Edges = append(g.Edges, e)
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	return g, nil
}
