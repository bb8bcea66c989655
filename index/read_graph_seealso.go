package index

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// GraphSibling is one member page under an address, with the See Also
// entries its page lists: DocC fills a member's See Also with the other
// entries of the Topics group its type lists it in, so the members' See
// Also lists tell a type's Topics even where the crawl lacks the type's own
// page (UIButton.ButtonType: eight of its nine case pages, and each one's
// See Also names the ninth, `system`).
type GraphSibling struct {
	Page    GraphPage
	SeeAlso []GraphChild
}

// maxSiblingPages bounds the member pages whose See Also one read
// inflates: an enumeration or an option set has far fewer.
const maxSiblingPages = 256

// GraphSiblings reads the pages whose parent is uri, each with its
// declaration and its See Also entries (ParentURI: the member page), in one
// indexed read of docs_parent_uri and their doc_body pages. An index
// without doc_body gives nothing.
func (l *NameLookup) GraphSiblings(ctx context.Context, uri string) ([]GraphSibling, error) {
	if !l.hasTable("doc_body") {
		return nil, nil
	}
	symbols, _, _ := l.graphTables()
	decl, join := "''", ""
	if symbols {
		decl, join = "COALESCE(s.signature, '')", declarationJoin
	}
	return sqlrows.All(ctx, l.fixed(), "graph siblings "+uri,
		"SELECT d.uri, d.title, d.kind, d.framework, d.parent_uri, "+decl+", b.page FROM docs d"+join+
			" JOIN doc_body b ON b.doc_id = d.id WHERE d.parent_uri = ?1 AND d.source = ?2 LIMIT ?3",
		[]any{uri, document.SourceAppleDocs, maxSiblingPages}, func(rows *sql.Rows) (GraphSibling, error) {
			var s GraphSibling
			var page []byte
			if err := rows.Scan(&s.Page.URI, &s.Page.Title, &s.Page.Kind, &s.Page.Framework, &s.Page.ParentURI, &s.Page.Declaration, &page); err != nil {
				return s, err
			}
			data, err := decompress(page)
			if err != nil || len(data) == 0 {
				return s, err
			}
			var extra struct {
				SeeAlso []document.Ref `json:"seeAlso"`
			}
			if err := json.Unmarshal(data, &extra); err != nil {
				return s, err
			}
			for _, r := range extra.SeeAlso {
				s.SeeAlso = append(s.SeeAlso, GraphChild{ParentURI: s.Page.URI, URI: r.URI, Title: r.Title, Section: r.Section})
			}
			return s, nil
		})
}
