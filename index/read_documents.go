package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// This file reads single pages and plain counts for the MCP server, eval
// search and the CLI, beside Store.Document and the listings in store.go.

// DocumentAnyCase is Document retried without case when uri names no page:
// agents retype URIs from memory ("swift-evolution://se-0306",
// "hig://Foundations/Color"), and then, for the HIG, the Swift book and
// swift.org, by the last segment alone, dashes aside (looseMatch). When no
// URI matches in any of these ways, the error is Document's.
func (s *Store) DocumentAnyCase(ctx context.Context, uri string) (*StoredDocument, error) {
	return s.documentAnyCase(ctx, uri, true)
}

// PageAnyCase is DocumentAnyCase without the rows of the page's dependent
// tables and its relationship lists: its Symbols, CodeExamples, Children,
// ConformsTo, InheritsFrom, InheritedBy and ConformingTypes are left empty.
// A page read as Markdown shows its body, which holds them already;
// reading the 838 children of a Matter cluster's page cost a millisecond
// for nothing.
func (s *Store) PageAnyCase(ctx context.Context, uri string) (*StoredDocument, error) {
	return s.documentAnyCase(ctx, uri, false)
}

func (s *Store) documentAnyCase(ctx context.Context, uri string, dependents bool) (*StoredDocument, error) {
	doc, err := s.document(ctx, uri, dependents)
	if !errors.Is(err, ErrDocumentNotFound) {
		return doc, err
	}
	var exact string
	qerr := s.db.QueryRowContext(ctx, "SELECT uri FROM docs WHERE uri = ? COLLATE NOCASE LIMIT 1", uri).Scan(&exact)
	if errors.Is(qerr, sql.ErrNoRows) {
		// A web address of the HIG or the Swift book names its page by
		// the last segment only (docuri.FromWebURL).
		loose, lerr := s.looseMatch(ctx, uri)
		if lerr != nil {
			return nil, fmt.Errorf("read document %s: %w", uri, lerr)
		}
		if loose == "" {
			return nil, err
		}
		return s.document(ctx, loose, dependents)
	}
	if qerr != nil {
		return nil, fmt.Errorf("read document %s: %w", uri, qerr)
	}
	return s.document(ctx, exact, dependents)
}

// PageTitleKind returns the title and kind of the page uri names, found as
// Document finds it (the URI, its slug key, its modern address), without
// reading the page: a member's page asks what its parent type is, and
// reading swiftui/view whole for that cost milliseconds.
func (s *Store) PageTitleKind(ctx context.Context, uri string) (title, kind string, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT title, kind FROM docs
WHERE id = (SELECT id FROM docs WHERE uri = ?1 UNION ALL SELECT id FROM docs WHERE uri_key = ?2
	UNION ALL SELECT min(doc_id) FROM address_keys WHERE key = ?2 HAVING count(*) = 1 LIMIT 1)`,
		uri, docuri.Key(uri)).Scan(&title, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", fmt.Errorf("%w: %s", ErrDocumentNotFound, uri)
	}
	if err != nil {
		return "", "", fmt.Errorf("page title and kind %s: %w", uri, err)
	}
	return title, kind, nil
}

// PageDeclarations is what a page declares: its kind, the attributes and
// conformances of its declaration (docs_structured) and the symbols of its
// declarations (doc_symbols rows not found in code examples, whose
// "@MainActor class Model" is no API of the page).
type PageDeclarations struct {
	Kind       string
	Attributes []string
	ConformsTo []document.Ref
	Symbols    []document.Symbol
}

// PageDeclarations reads what the page with uri declares, or returns
// ErrDocumentNotFound. Only the exact URI is looked up.
func (s *Store) PageDeclarations(ctx context.Context, uri string) (PageDeclarations, error) {
	var pd PageDeclarations
	var id int64
	var attrs, conforms sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT d.id, d.kind, s.attributes, s.conforms_to
		FROM docs d LEFT JOIN docs_structured s ON s.doc_id = d.id WHERE d.uri = ?`, uri).Scan(&id, &pd.Kind, &attrs, &conforms)
	if errors.Is(err, sql.ErrNoRows) {
		return pd, fmt.Errorf("%w: %s", ErrDocumentNotFound, uri)
	}
	if err != nil {
		return pd, fmt.Errorf("page declarations: %w", err)
	}
	if attrs.Valid && attrs.String != "" {
		if err := json.Unmarshal([]byte(attrs.String), &pd.Attributes); err != nil {
			return pd, fmt.Errorf("page declarations %s: attributes: %w", uri, err)
		}
	}
	if conforms.Valid && conforms.String != "" {
		if err := json.Unmarshal([]byte(conforms.String), &pd.ConformsTo); err != nil {
			return pd, fmt.Errorf("page declarations %s: conforms_to: %w", uri, err)
		}
	}
	pd.Symbols, err = sqlrows.All(ctx, s.db, "page declarations", `SELECT name, kind, signature, is_async, is_throws, is_static, attributes,
		conformances, generic_params, generic_constraints, origin FROM doc_symbols WHERE doc_id = ? AND origin != 'example'`, []any{id}, scanSymbol)
	return pd, err
}

// LargestPages returns the URIs of the n pages whose source was largest
// (docs.size, the bytes the page was read from), largest first: the pages
// with the most links and children, the worst case of read_document, which
// `cupertino bench http` and the read budget test measure. It scans docs
// (about a second on the full index); it is for benchmarks, not for
// serving.
func (s *Store) LargestPages(ctx context.Context, n int) ([]string, error) {
	return sqlrows.Column[string](ctx, s.db, "largest pages", "SELECT uri FROM docs ORDER BY size DESC, id LIMIT ?", []any{n})
}

// CountDocuments counts the documents of a framework ("" counts documents
// without one), for paging through Documents.
func (s *Store) CountDocuments(ctx context.Context, framework string) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT count(*) FROM docs WHERE framework = ?", framework).Scan(&n); err != nil {
		return 0, fmt.Errorf("count documents: %w", err)
	}
	return n, nil
}

// HasRows reports whether table (docs, doc_symbols or inheritance_edges)
// has at least one row: the MCP server offers a tool only when the table it
// reads is filled.
func (s *Store) HasRows(ctx context.Context, table string) (bool, error) {
	switch table {
	case "doc_symbols", "inheritance_edges", "docs", "code_refs":
	default:
		return false, fmt.Errorf("has rows: unexpected table %q", table)
	}
	var n int
	if err := s.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM "+table+")").Scan(&n); err != nil {
		return false, fmt.Errorf("has rows in %s: %w", table, err)
	}
	return n != 0, nil
}

// EnrichRun is one recorded run of an enrich pass (a row of enrich_runs).
type EnrichRun struct {
	Pass        string
	Version     string
	RowsTouched int64
	Millis      int64
	RanAt       string
}

// LatestEnrichRuns returns the newest run of each enrich pass, newest
// first; none when no pass ever ran.
func (s *Store) LatestEnrichRuns(ctx context.Context) ([]EnrichRun, error) {
	seen := map[string]bool{}
	var out []EnrichRun
	err := sqlrows.Each(ctx, s.db, "read enrich runs", `SELECT pass, version, rows_touched, millis, ran_at FROM enrich_runs ORDER BY ran_at DESC`, nil,
		func(rows *sql.Rows) error {
			var r EnrichRun
			if err := rows.Scan(&r.Pass, &r.Version, &r.RowsTouched, &r.Millis, &r.RanAt); err != nil {
				return err
			}
			if !seen[r.Pass] {
				seen[r.Pass] = true
				out = append(out, r)
			}
			return nil
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// NaiveSearch runs the plain full-text query `cupertino bench search`
// measures the ranker against (MATCH, ORDER BY bm25 with BM25Weights, LIMIT
// 20) and returns how many rows it read. match is an FTS5 expression, as
// ranker.Sanitize makes one. The rows are stepped through, not decoded, so
// the time is the query's.
func (s *Store) NaiveSearch(ctx context.Context, match string) (int, error) {
	rows, err := s.db.QueryContext(ctx,
		"SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? ORDER BY "+BM25Expr+" LIMIT 20", match)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	return n, rows.Err()
}
