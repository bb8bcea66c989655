package index

import (
	"context"
	"database/sql"
	"strings"

	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// TextQuery is one plain full-text search: docs_fts ranked by bm25 with
// BM25Weights, without the ranker's candidate stages, heuristics or fusion.
// It is what the MCP server answers search with when no ranker is
// available.
type TextQuery struct {
	// Match is the FTS5 expression (ranker.MatchAll or MatchAny of the
	// query's terms).
	Match string
	// TitleLower ranks a page whose lowercased title equals it first.
	TitleLower string
	// Sources keeps only these sources; when empty, ExcludeSource (if set)
	// is left out instead.
	Sources       []string
	ExcludeSource string
	Framework     string
	Language      string
	// Kind compares without case.
	Kind string
	// AvailableBy keeps pages introduced on a platform (a PlatformColumns
	// name: "iOS") at this dotted version or earlier; pages that do not list
	// the platform are dropped.
	AvailableBy map[string]string
	Limit       int
}

// TextHit is one page a TextQuery found.
type TextHit struct {
	URI, Title, Source, Framework, Kind, Summary string
	Deprecated                                   bool
	// Introduced maps a PlatformColumns name to the dotted version the page
	// lists for it; nil when it lists none of them.
	Introduced map[string]string
	// Rank is bm25's: lower is better.
	Rank float64
}

// SearchText runs q and returns its hits, best first.
func (s *Store) SearchText(ctx context.Context, q TextQuery) ([]TextHit, error) {
	var where []string
	var args []any
	switch {
	case len(q.Sources) > 0:
		where = append(where, "d.source IN (?"+strings.Repeat(", ?", len(q.Sources)-1)+")")
		for _, src := range q.Sources {
			args = append(args, src)
		}
	case q.ExcludeSource != "":
		where = append(where, "d.source != ?")
		args = append(args, q.ExcludeSource)
	}
	if q.Framework != "" {
		where = append(where, "d.framework = ?")
		args = append(args, q.Framework)
	}
	if q.Language != "" {
		where = append(where, "d.language = ?")
		args = append(args, q.Language)
	}
	if q.Kind != "" {
		where = append(where, "d.kind = ? COLLATE NOCASE")
		args = append(args, q.Kind)
	}
	for _, p := range PlatformColumns {
		if v := q.AvailableBy[p.Platform]; v != "" {
			where = append(where, "d."+p.Column+" IS NOT NULL AND d."+p.Column+" <= ?")
			args = append(args, PackVersion(v))
		}
	}
	cond := ""
	if len(where) > 0 {
		cond = " AND " + strings.Join(where, " AND ")
	}
	sqlText := `SELECT d.uri, d.title, d.source, d.framework, d.kind, d.summary, d.deprecated,
	d.min_ios, d.min_macos, d.min_tvos, d.min_watchos, d.min_visionos, ` + BM25Expr + ` AS rank
FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
WHERE docs_fts MATCH ?` + cond + `
ORDER BY (d.title_lower = ?) DESC, rank LIMIT ?`
	args = append(append([]any{q.Match}, args...), q.TitleLower, q.Limit)

	return sqlrows.All(ctx, s.db, "search", sqlText, args, scanTextHit)
}

// scanTextHit reads a row of SearchText's query.
func scanTextHit(rows *sql.Rows) (TextHit, error) {
	var h TextHit
	var deprecated int
	// In PlatformColumns order, as selected above.
	var mins [5]sql.NullInt64
	if err := rows.Scan(&h.URI, &h.Title, &h.Source, &h.Framework, &h.Kind, &h.Summary, &deprecated,
		&mins[0], &mins[1], &mins[2], &mins[3], &mins[4], &h.Rank); err != nil {
		return h, err
	}
	h.Deprecated = deprecated != 0
	for i, p := range PlatformColumns {
		if mins[i].Valid {
			if h.Introduced == nil {
				h.Introduced = map[string]string{}
			}
			h.Introduced[p.Platform] = UnpackVersion(int(mins[i].Int64))
		}
	}
	return h, nil
}
