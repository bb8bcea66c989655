package mcp

import (
	"context"
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

// ErrUnknownFramework means a framework argument names no indexed framework;
// it is the ranker's, so search and the symbol tools fail alike.
var ErrUnknownFramework = ranker.ErrUnknownFramework

// textSearcher is a plain BM25 search over docs_fts with the ranker's
// weights and filters, without its heuristics or fusion (index.SearchText).
// It serves when no Searcher is configured, so the server never lacks a
// search tool.
type textSearcher struct {
	store *index.Store
}

func (t textSearcher) Search(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
	terms := ranker.Terms(query)
	if len(terms) == 0 {
		return nil, ranker.ErrEmptyQuery
	}
	q := index.TextQuery{
		TitleLower: strings.ToLower(strings.Join(terms, " ")),
		Sources:    f.Sources,
		Framework:  f.Framework,
		Language:   f.Language,
		Kind:       f.Kind,
		Limit:      ranker.ClampLimit(f.Limit),
	}
	if !f.IncludeArchive {
		q.ExcludeSource = document.SourceAppleArchive
	}
	for _, p := range index.PlatformColumns {
		if v := f.MinVersion(p.Platform); v != "" {
			if q.AvailableBy == nil {
				q.AvailableBy = map[string]string{}
			}
			q.AvailableBy[p.Platform] = v
		}
	}
	// All terms first; when that finds nothing, any term.
	for _, match := range []string{ranker.MatchAll(terms), ranker.MatchAny(terms)} {
		q.Match = match
		hits, err := t.store.SearchText(ctx, q)
		if err != nil || len(hits) > 0 || len(terms) == 1 {
			return results(hits), err
		}
	}
	return nil, nil
}

// results turns the plain search's hits into the ranker's results.
func results(hits []index.TextHit) []ranker.Result {
	var out []ranker.Result
	for _, h := range hits {
		out = append(out, ranker.Result{URI: h.URI, Title: h.Title, Source: h.Source, Framework: h.Framework,
			Kind: h.Kind, Summary: h.Summary, Deprecated: h.Deprecated, Score: -h.Rank, Availability: h.Introduced})
	}
	return out
}
