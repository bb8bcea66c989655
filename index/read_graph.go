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
	decl := "''"
	join := ""
	if l.hasTable("doc_symbols") {
		decl = "COALESCE(s.signature, '')"
		join = " LEFT JOIN doc_symbols s ON s.doc_id = d.id AND s.origin = 'declaration'"
	}
	err := sqlrows.Each(ctx, l.db, "graph pages",
		"SELECT d.uri, d.title, d.kind, d.framework, d.parent_uri, "+decl+" FROM docs d"+join+" WHERE d.source = ?",
		[]any{document.SourceAppleDocs}, func(rows *sql.Rows) error {
			var p GraphPage
			if err := rows.Scan(&p.URI, &p.Title, &p.Kind, &p.Framework, &p.ParentURI, &p.Declaration); err != nil {
				return err
			}
			g.Pages = append(g.Pages, p)
			return nil
		})
	if err != nil {
		return nil, err
	}
	if l.hasTable("doc_children") {
		err = sqlrows.Each(ctx, l.db, "graph children",
			"SELECT d.uri, c.child_uri, c.child_title FROM doc_children c JOIN docs d ON d.id = c.doc_id WHERE d.source = ?",
			[]any{document.SourceAppleDocs}, func(rows *sql.Rows) error {
				var c GraphChild
				if err := rows.Scan(&c.ParentURI, &c.URI, &c.Title); err != nil {
					return err
				}
				g.Children = append(g.Children, c)
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
