package mcp

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker"
)

// Searcher is what the search tool calls: the ranker's Search in production.
// It is an interface so the server can be tested without the ranker and so
// that eval can put the same contract behind a client of `cupertino serve`.
type Searcher interface {
	Search(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error)
}

// SearcherFunc adapts a function to Searcher.
type SearcherFunc func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error)

// Search calls f.
func (f SearcherFunc) Search(ctx context.Context, query string, filters ranker.Filters) ([]ranker.Result, error) {
	return f(ctx, query, filters)
}

// ErrUnknownFramework means a framework argument names no indexed framework.
var ErrUnknownFramework = errors.New("unknown framework")

// textSearcher is a plain BM25 search over docs_fts with the ranker's
// weights and filters, without its heuristics or fusion. It serves when no
// Searcher is configured, so the server never lacks a search tool.
type textSearcher struct {
	store *index.Store
}

func (t textSearcher) Search(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
	terms := ranker.Terms(query)
	if len(terms) == 0 {
		return nil, ranker.ErrEmptyQuery
	}
	f.Limit = ranker.ClampLimit(f.Limit)
	var where []string
	var args []any
	switch {
	case len(f.Sources) > 0:
		where = append(where, "d.source IN (?"+strings.Repeat(", ?", len(f.Sources)-1)+")")
		for _, s := range f.Sources {
			args = append(args, s)
		}
	case !f.IncludeArchive:
		where = append(where, "d.source != ?")
		args = append(args, document.SourceAppleArchive)
	}
	if f.Framework != "" {
		where = append(where, "d.framework = ?")
		args = append(args, f.Framework)
	}
	if f.Language != "" {
		where = append(where, "d.language = ?")
		args = append(args, f.Language)
	}
	if f.Kind != "" {
		where = append(where, "d.kind = ? COLLATE NOCASE")
		args = append(args, f.Kind)
	}
	for _, p := range platformColumns {
		if v := f.MinVersion(p.name); v != "" {
			where = append(where, "d."+p.column+" IS NOT NULL AND d."+p.column+" <= ?")
			args = append(args, index.PackVersion(v))
		}
	}
	cond := ""
	if len(where) > 0 {
		cond = " AND " + strings.Join(where, " AND ")
	}
	sqlText := `SELECT d.uri, d.title, d.source, d.framework, d.kind, d.summary, d.deprecated,
	d.min_ios, d.min_macos, d.min_tvos, d.min_watchos, d.min_visionos, ` + index.BM25Expr + ` AS rank
FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
WHERE docs_fts MATCH ?` + cond + `
ORDER BY (d.title_lower = ?) DESC, rank LIMIT ?`
	// All terms first; when that finds nothing, any term.
	for _, match := range []string{ranker.MatchAll(terms), ranker.MatchAny(terms)} {
		a := append(append([]any{match}, args...), strings.ToLower(strings.Join(terms, " ")), f.Limit)
		out, err := t.query(ctx, sqlText, a)
		if err != nil || len(out) > 0 || len(terms) == 1 {
			return out, err
		}
	}
	return nil, nil
}

func (t textSearcher) query(ctx context.Context, sqlText string, args []any) ([]ranker.Result, error) {
	rows, err := t.store.DB().QueryContext(ctx, sqlText, args...)
	if err != nil {
		return nil, fmt.Errorf("search: %w", err)
	}
	defer rows.Close()
	var out []ranker.Result
	for rows.Next() {
		var r ranker.Result
		var deprecated int
		var mins [5]sql.NullInt64
		var rank float64
		if err := rows.Scan(&r.URI, &r.Title, &r.Source, &r.Framework, &r.Kind, &r.Summary, &deprecated,
			&mins[0], &mins[1], &mins[2], &mins[3], &mins[4], &rank); err != nil {
			return nil, fmt.Errorf("search: %w", err)
		}
		r.Deprecated = deprecated != 0
		r.Score = -rank
		for i, p := range platformColumns {
			if mins[i].Valid {
				if r.Availability == nil {
					r.Availability = map[string]string{}
				}
				r.Availability[p.name] = index.UnpackVersion(int(mins[i].Int64))
			}
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// platformColumns pairs the ranker's platform names with docs columns, in
// display order.
var platformColumns = []struct{ name, column string }{
	{ranker.PlatformIOS, "min_ios"},
	{ranker.PlatformMacOS, "min_macos"},
	{ranker.PlatformTvOS, "min_tvos"},
	{ranker.PlatformWatchOS, "min_watchos"},
	{ranker.PlatformVisionOS, "min_visionos"},
}

// frameworkResolver maps what an agent types for a framework ("SwiftUI",
// "Core Data", "coredata") to the identifier used in docs.framework.
type frameworkResolver struct {
	byName map[string]string
}

func newFrameworkResolver(list []index.Framework) *frameworkResolver {
	r := &frameworkResolver{byName: map[string]string{}}
	for _, f := range list {
		for _, n := range []string{f.Identifier, f.DisplayName, f.ImportName} {
			if n != "" {
				r.byName[normalizeFramework(n)] = f.Identifier
			}
		}
	}
	return r
}

func normalizeFramework(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '.':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(s)))
}

// resolve returns the identifier for name, or ErrUnknownFramework with the
// closest names as a hint.
func (r *frameworkResolver) resolve(name string) (string, error) {
	if id, ok := r.byName[normalizeFramework(name)]; ok {
		return id, nil
	}
	var near []string
	key := normalizeFramework(name)
	for n, id := range r.byName {
		if key != "" && (strings.Contains(n, key) || strings.Contains(key, n)) && !containsFold(near, id) {
			near = append(near, id)
		}
	}
	slices.Sort(near)
	if len(near) > 5 {
		near = near[:5]
	}
	if len(near) > 0 {
		return "", fmt.Errorf("%w %q: did you mean %s? (list_frameworks lists them all)", ErrUnknownFramework, name, strings.Join(near, ", "))
	}
	return "", fmt.Errorf("%w %q: call list_frameworks for the identifiers", ErrUnknownFramework, name)
}
