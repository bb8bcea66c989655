package index

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The full-text side of the retrieval API: match counts, bm25-scored pages
// with their docs row, the rows of pages found otherwise, the filtered
// searches, and the contexts and passage searches.

// ErrNotFullText is returned for a table name that is not one of the
// index's full-text tables.
var ErrNotFullText = errors.New("not a full-text table")

// searchTables are the tables CountMatches accepts; the two page tables
// map to their bm25 expression (ScorePages, FilteredMatchIDs).
var searchTables = map[string]string{
	FTSTable:        BM25Expr,
	PartsFTSTable:   PartsBM25Expr,
	ContextFTSTable: "",
	PassageFTSTable: "",
}

// RowSpan bounds a full-text search to the rowids in [Lo, Hi] (one
// source's span of ids); the zero value does not bound it.
type RowSpan struct{ Lo, Hi int64 }

// clause is the span's condition on table's rowid, appended after
// "WHERE <table> MATCH ?", and its arguments.
func (r RowSpan) clause(table string) (string, []any) {
	if r.Hi <= 0 {
		return "", nil
	}
	return " AND " + table + ".rowid BETWEEN ? AND ?", []any{r.Lo, r.Hi}
}

// CountMatches counts the rows of the full-text table (FTSTable,
// PartsFTSTable, ContextFTSTable or PassageFTSTable) matching the FTS5
// expression expr within span, up to limit.
func (s *Store) CountMatches(ctx context.Context, table, expr string, span RowSpan, limit int) (int, error) {
	if _, ok := searchTables[table]; !ok {
		return 0, fmt.Errorf("count matches: %w: %q", ErrNotFullText, table)
	}
	key := countKey{table: table, expr: expr, span: span, limit: limit}
	if n, ok := s.counts.Get(key); ok {
		return n, nil
	}
	clause, spanArgs := span.clause(table)
	var n int
	err := s.queryRow(ctx, []any{&n}, `SELECT count(*) FROM (SELECT rowid FROM `+table+` WHERE `+table+` MATCH ?`+clause+` LIMIT ?)`,
		append(append([]any{expr}, spanArgs...), limit)...)
	if err != nil {
		return 0, fmt.Errorf("count matches: %w", err)
	}
	s.counts.Put(key, n)
	return n, nil
}

// countKey names one CountMatches answer: the same expression counted in
// another table, span or up to another limit is another answer.
type countKey struct {
	table, expr string
	span        RowSpan
	limit       int
}

// PageRow is the docs row of a page, as a ranker reads it for a candidate.
type PageRow struct {
	ID                                                     int64
	URI, Source, Framework, Title, Kind, Summary, Language string
	Deprecated                                             bool
	Depth                                                  int
	// MinVersions are the packed versions (PackVersion) of PlatformColumns,
	// in that order; 0 when the page does not list the platform.
	MinVersions [5]int
	RoleHeading string
}

// pageRowColumns are the docs columns of a PageRow, in scanPageRow's order.
const pageRowColumns = `d.id, d.uri, d.source, d.framework, d.title, d.kind, d.summary, d.language,
	d.deprecated, d.depth, d.min_ios, d.min_macos, d.min_tvos, d.min_watchos, d.min_visionos, d.role_heading`

// scanPageRow reads pageRowColumns into p, after any leading columns.
func scanPageRow(rows *sql.Rows, p *PageRow, leading ...any) error {
	var dep int
	var mins [5]sql.NullInt64
	var role sql.NullString
	dest := append(leading, &p.ID, &p.URI, &p.Source, &p.Framework, &p.Title, &p.Kind, &p.Summary, &p.Language,
		&dep, &p.Depth, &mins[0], &mins[1], &mins[2], &mins[3], &mins[4], &role)
	if err := rows.Scan(dest...); err != nil {
		return err
	}
	p.Deprecated = dep != 0
	p.RoleHeading = role.String
	for i, m := range mins {
		if m.Valid {
			p.MinVersions[i] = int(m.Int64)
		}
	}
	return nil
}

// ScorePages calls fn with the up to limit pages of the page table FTSTable
// or PartsFTSTable matching the FTS5 expression expr within span, best
// first, with their bm25 rank (lower is better) under the table's weights.
func (s *Store) ScorePages(ctx context.Context, table, expr string, span RowSpan, limit int, fn func(rank float64, p *PageRow) error) error {
	bm25 := searchTables[table]
	if bm25 == "" {
		return fmt.Errorf("score pages: %w: %q", ErrNotFullText, table)
	}
	clause, spanArgs := span.clause(table)
	// The best limit matches first, then their docs rows: joining before
	// the sort read the docs row of every match (a sentence's relaxed
	// expression matches thousands). One statement: reading the rows from
	// the cache took a second one, and under load every statement waits
	// for one of the pool's few connections. The rows read are kept for
	// EachPageRow.
	query := `SELECT m.r, ` + pageRowColumns + `
		FROM (SELECT ` + table + `.rowid AS id, ` + bm25 + ` AS r FROM ` + table + ` WHERE ` + table + ` MATCH ?` + clause + ` ORDER BY r LIMIT ?) m
		JOIN docs d ON d.id = m.id ORDER BY m.r`
	args := append(append([]any{expr}, spanArgs...), limit)
	return sqlrows.Each(ctx, sqlrows.QueryFunc(s.query), "score pages", query, args, func(rows *sql.Rows) error {
		var rank float64
		p := new(PageRow)
		if err := scanPageRow(rows, p, &rank); err != nil {
			return err
		}
		s.rows.Put(p.ID, p)
		return fn(rank, p)
	})
}

// EachPageRow calls fn with the docs row of each of the pages ids, in no
// set order; ids the index does not hold are skipped.
func (s *Store) EachPageRow(ctx context.Context, ids []int64, fn func(*PageRow) error) error {
	rows, err := s.pageRows(ctx, ids)
	if err != nil {
		return fmt.Errorf("page rows: %w", err)
	}
	for _, p := range rows {
		if err := fn(p); err != nil {
			return err
		}
	}
	return nil
}

// pageRows returns the docs rows of the pages ids that the index holds,
// from the row cache where it has them. The rows are shared: callers read
// them and never change them.
func (s *Store) pageRows(ctx context.Context, ids []int64) (map[int64]*PageRow, error) {
	out := make(map[int64]*PageRow, len(ids))
	var missing []int64
	for _, id := range ids {
		if p, ok := s.rows.Get(id); ok {
			out[id] = p
		} else {
			missing = append(missing, id)
		}
	}
	if len(missing) == 0 {
		return out, nil
	}
	// One statement for any number of ids: they travel as a JSON array.
	list, err := json.Marshal(missing)
	if err != nil {
		return nil, err
	}
	err = sqlrows.Each(ctx, sqlrows.QueryFunc(s.query), "page rows",
		`SELECT `+pageRowColumns+` FROM docs d WHERE d.id IN (SELECT value FROM json_each(?))`, []any{string(list)},
		func(rows *sql.Rows) error {
			p := new(PageRow)
			if err := scanPageRow(rows, p); err != nil {
				return err
			}
			s.rows.Put(p.ID, p)
			out[p.ID] = p
			return nil
		})
	return out, err
}

// PageFilter narrows the filtered searches to a framework, to stored kinds
// and to sources; its zero value narrows nothing.
type PageFilter struct {
	Framework string
	Kinds     []string
	Sources   []string
}

// where is the filter's SQL condition over the docs columns of table alias
// d, and its arguments.
func (f PageFilter) where() (string, []any) {
	var c sqlConds
	if f.Framework != "" {
		c.add("d.framework = ?", f.Framework)
	}
	c.in("d.kind", f.Kinds)
	c.in("d.source", f.Sources)
	return c.sql()
}

// FilteredTitleIDs returns up to limit pages passing f (which must narrow
// something) whose lower-cased title holds every one of wordsLower, the
// shortest title first, through the index that narrows most: a
// framework's pages, else a kind's.
func (s *Store) FilteredTitleIDs(ctx context.Context, f PageFilter, wordsLower []string, limit int) ([]int64, error) {
	where, args := f.where()
	indexed := "docs_kind"
	if f.Framework != "" {
		indexed = "docs_framework_title"
	}
	query := `SELECT d.id FROM docs d INDEXED BY ` + indexed + ` WHERE ` + where
	for _, w := range wordsLower {
		query += ` AND d.title_lower LIKE ? ESCAPE '\'`
		args = append(args, "%"+likeEscape(w)+"%")
	}
	query += ` ORDER BY length(d.title_lower), d.id LIMIT ?`
	return s.ids(ctx, "filtered titles", query, append(args, limit)...)
}

// FilteredMatchIDs returns up to limit pages of the page table FTSTable or
// PartsFTSTable matching the FTS5 expression expr and passing f (which
// must narrow something).
func (s *Store) FilteredMatchIDs(ctx context.Context, table, expr string, f PageFilter, limit int) ([]int64, error) {
	if searchTables[table] == "" {
		return nil, fmt.Errorf("filtered matches: %w: %q", ErrNotFullText, table)
	}
	where, args := f.where()
	query := `SELECT d.id FROM ` + table + ` JOIN docs d ON d.id = ` + table + `.rowid WHERE ` + table + ` MATCH ? AND ` + where + ` LIMIT ?`
	return s.ids(ctx, "filtered matches", query, append(append([]any{expr}, args...), limit)...)
}

// ContextIDs returns the up to limit pages whose contexts (ContextFTSTable)
// match the FTS5 expression expr, best first.
func (s *Store) ContextIDs(ctx context.Context, expr string, limit int) ([]int64, error) {
	return s.ids(ctx, "contexts",
		`SELECT rowid FROM `+ContextFTSTable+` WHERE `+ContextFTSTable+` MATCH ? ORDER BY bm25(`+ContextFTSTable+`) LIMIT ?`, expr, limit)
}

// SearchPassages returns the up to limit passages matching the FTS5
// expression expr whose ids lie in span (one source's PassageSpan), best
// first (PassageSearchSQL).
func (s *Store) SearchPassages(ctx context.Context, expr string, span RowSpan, limit int) ([]PassageHit, error) {
	return sqlrows.All(ctx, sqlrows.QueryFunc(s.query), "search passages", PassageSearchSQL,
		[]any{expr, span.Lo, span.Hi, limit}, func(rows *sql.Rows) (h PassageHit, err error) {
			err = rows.Scan(&h.ID, &h.DocID, &h.Anchor, &h.Heading)
			return h, err
		})
}

// PassageSpan is the package's PassageSpan over the Store's pool (it runs
// once per engine, so it is not kept prepared).
func (s *Store) PassageSpan(ctx context.Context, lo, hi int64) (first, last int64, ok bool, err error) {
	return PassageSpan(ctx, s.db, lo, hi)
}

// PassageTexts is the package's PassageTexts over the Store's statements.
func (s *Store) PassageTexts(ctx context.Context, ids []int64) (map[int64]string, error) {
	return PassageTexts(ctx, sqlrows.QueryFunc(s.query), ids)
}

// MarkdownOf is the package's MarkdownOf over the Store's pool.
func (s *Store) MarkdownOf(ctx context.Context, uris []string) (map[string]string, error) {
	return MarkdownOf(ctx, s.db, uris)
}

// PassageHeadings returns every passage whose id lies in span (one source's
// PassageSpan) with its page, anchor and heading, in id order: the ranker
// reads the Swift book's section titles once, as the topics a question may
// name.
func (s *Store) PassageHeadings(ctx context.Context, span RowSpan) ([]PassageHit, error) {
	return sqlrows.All(ctx, s.db, "passage headings",
		`SELECT id, doc_id, anchor, heading FROM passages WHERE id BETWEEN ? AND ? ORDER BY id`,
		[]any{span.Lo, span.Hi}, func(rows *sql.Rows) (h PassageHit, err error) {
			err = rows.Scan(&h.ID, &h.DocID, &h.Anchor, &h.Heading)
			return h, err
		})
}

// ScoredMember is a page under an owner page that a full-text expression
// matched, with its bm25 rank (lower is better).
type ScoredMember struct {
	ID   int64
	Rank float64
}

// MembersMatching returns up to limit pages under the page ownerURI (its
// members, and theirs: an address that starts with ownerURI + "/")
// matching the FTS5 expression expr in FTSTable, best first. The pages
// under one address are saved together, so their ids lie in one span that
// bounds the full-text search; the address check keeps the span's
// strangers out.
func (s *Store) MembersMatching(ctx context.Context, ownerURI, expr string, limit int) ([]ScoredMember, error) {
	lo, hi := ownerURI+"/", ownerURI+"0" // '0' follows '/'
	var first, last sql.NullInt64
	if err := s.queryRow(ctx, []any{&first, &last}, `SELECT min(id), max(id) FROM docs WHERE uri > ? AND uri < ?`, lo, hi); err != nil {
		return nil, fmt.Errorf("members matching: %w", err)
	}
	if !first.Valid {
		return nil, nil
	}
	query := `SELECT m.id, m.r FROM (SELECT rowid AS id, ` + BM25Expr + ` AS r FROM ` + FTSTable + ` WHERE ` + FTSTable + ` MATCH ?
		AND rowid BETWEEN ? AND ? ORDER BY r) m JOIN docs d ON d.id = m.id WHERE d.uri > ? AND d.uri < ? ORDER BY m.r, m.id LIMIT ?`
	return sqlrows.All(ctx, sqlrows.QueryFunc(s.query), "members matching", query, []any{expr, first.Int64, last.Int64, lo, hi, limit},
		func(rows *sql.Rows) (ScoredMember, error) {
			var m ScoredMember
			err := rows.Scan(&m.ID, &m.Rank)
			return m, err
		})
}

// SwiftTwin returns the Swift page of the Objective-C page at uri titled
// title, or nil: Foundation documents many classes twice, NSOperationQueue
// for Objective-C and OperationQueue for Swift, each member on both
// (nsoperationqueue/1414982-maxconcurrentoperationcount and
// operationqueue/1414982-maxconcurrentoperationcount). The twin of an
// "ns…" page is the Swift page at the address without the prefix; of a
// member of one, the Swift member of the same title under the twin.
func (s *Store) SwiftTwin(ctx context.Context, uri, title string) (*PageRow, error) {
	parent, last := docuri.Parent(uri), uri[strings.LastIndexByte(uri, '/')+1:]
	var query string
	var args []any
	switch {
	case parent == "":
		return nil, nil
	case strings.HasPrefix(last, "ns") && len(last) > 2:
		query, args = `d.uri = ?`, []any{parent + "/" + last[2:]}
	default:
		grand, up := docuri.Parent(parent), parent[strings.LastIndexByte(parent, '/')+1:]
		if !strings.HasPrefix(up, "ns") || len(up) <= 2 || grand == "" {
			return nil, nil
		}
		query, args = `d.parent_uri = ? AND d.title = ?`, []any{grand + "/" + up[2:], title}
	}
	var twin *PageRow
	err := sqlrows.Each(ctx, sqlrows.QueryFunc(s.query), "swift twin",
		`SELECT `+pageRowColumns+` FROM docs d WHERE `+query+` AND d.language = 'swift' AND d.source = 'apple-docs' ORDER BY d.id LIMIT 1`, args,
		func(rows *sql.Rows) error {
			twin = new(PageRow)
			return scanPageRow(rows, twin)
		})
	return twin, err
}
