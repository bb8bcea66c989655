package search

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/cupertino-go/cupertino/ranker"
)

// Depth is how many results the harness asks for per query: the deepest
// rule (deprecation) looks at the top 20.
const Depth = 20

// Searcher is what the harness evaluates: the in-process ranker, or a
// client of `cupertino serve`.
type Searcher interface {
	Search(ctx context.Context, query string, opts ranker.Filters) ([]ranker.Result, error)
}

// Config is one evaluation run.
type Config struct {
	Label     string // names the run in reports: an index path, a build
	Searcher  Searcher
	Symbols   SymbolSource // required when a symbol-attribute battery is loaded
	Batteries []Battery
	// Filters are passed with every query; Limit is forced to Depth.
	Filters ranker.Filters
	Logger  *slog.Logger
}

// ErrNoSymbolSource means a symbol-attribute battery has no SymbolSource to
// judge it.
var ErrNoSymbolSource = errors.New("symbol-attribute battery needs a symbol source")

// CaseResult is one query's outcome.
type CaseResult struct {
	Battery string   `json:"battery"`
	Kind    string   `json:"kind"`
	Class   string   `json:"class"`
	Line    int      `json:"line"`
	Query   string   `json:"query"`
	URIs    []string `json:"uris"`
	// Relevant[i] judges URIs[i] by the battery's rule.
	Relevant []bool `json:"relevant"`
	// Rank of the first relevant result, 1-based; 0 when none.
	Rank int `json:"rank"`
	// LegacyRank is the deprecated page's rank in a deprecation row.
	LegacyRank int `json:"legacyRank,omitempty"`
	// Filter is a filter row's filters ("framework=uikit kind=class").
	Filter string `json:"filter,omitempty"`
	// Disobeying counts the results of a filter row that break its filters.
	Disobeying int    `json:"disobeying,omitempty"`
	Pass       bool   `json:"pass"`
	Millis     int64  `json:"millis"`
	Error      string `json:"error,omitempty"`
}

// Run evaluates every battery. A query that fails is recorded with its error
// and judged as finding nothing; Run itself fails only on a cancelled context
// or a missing SymbolSource.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	for _, b := range cfg.Batteries {
		if b.Kind == KindSymbolAttribute && cfg.Symbols == nil {
			return nil, fmt.Errorf("%w (%s)", ErrNoSymbolSource, b.Name)
		}
	}
	opts := cfg.Filters
	opts.Limit = Depth
	rep := &Report{Label: cfg.Label, Started: time.Now().UTC()}
	symbols := &symbolCache{src: cfg.Symbols, pages: map[string]PageSymbols{}}
	for _, b := range cfg.Batteries {
		for _, c := range b.Cases {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			start := time.Now()
			scoped := withCaseFilter(opts, c)
			if b.Scope != "" {
				scoped.Sources = []string{b.Scope}
			}
			results, err := cfg.Searcher.Search(ctx, c.Query, scoped)
			cr := CaseResult{Battery: b.Name, Kind: b.Kind, Class: c.Class, Line: c.Line, Query: c.Query,
				Millis: time.Since(start).Milliseconds()}
			if err != nil {
				if ctx.Err() != nil {
					return nil, ctx.Err()
				}
				cr.Error = err.Error()
				log.Warn("eval query failed", "battery", b.Name, "query", c.Query, "err", err)
			}
			if len(results) > Depth {
				results = results[:Depth]
			}
			if err := judge(ctx, b.Kind, c, results, symbols, &cr); err != nil {
				return nil, err
			}
			rep.Cases = append(rep.Cases, cr)
		}
	}
	rep.summarize(cfg.Batteries)
	rep.Finished = time.Now().UTC()
	return rep, nil
}

// judge fills URIs, Relevant, Rank, LegacyRank and Pass.
func judge(ctx context.Context, kind string, c Case, results []ranker.Result, symbols *symbolCache, cr *CaseResult) error {
	cr.URIs = make([]string, len(results))
	cr.Relevant = make([]bool, len(results))
	if isAgentKind(kind) || kind == KindRealQ {
		for i, r := range results {
			cr.URIs[i] = r.URI
		}
		if kind == KindRealQ {
			judgeRealQ(c, results, cr)
		} else {
			judgeAgent(kind, c, results, cr)
		}
		return nil
	}
	for i, r := range results {
		cr.URIs[i] = r.URI
		switch kind {
		case KindCanonical, KindAcronym, KindProse, KindDeprecation:
			cr.Relevant[i] = c.Expect.MatchString(r.URI)
		case KindFragment:
			cr.Relevant[i] = segmentContains(r.URI, c.Query)
		case KindCrossSource:
			cr.Relevant[i] = r.Source == c.Source
		case KindSymbolAttribute:
			ps, err := symbols.get(ctx, r.URI)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				cr.Error = fmt.Sprintf("symbols of %s: %v", r.URI, err)
				continue
			}
			cr.Relevant[i] = c.Predicate.Match(ps)
		}
		if kind == KindDeprecation && cr.LegacyRank == 0 && c.Legacy.MatchString(r.URI) {
			cr.LegacyRank = i + 1
		}
	}
	for i, rel := range cr.Relevant {
		if rel {
			cr.Rank = i + 1
			break
		}
	}
	switch kind {
	case KindCanonical, KindAcronym:
		cr.Pass = cr.Rank == 1
	case KindDeprecation:
		cr.Pass = cr.Rank >= 1 && (cr.LegacyRank == 0 || cr.Rank < cr.LegacyRank)
	case KindProse, KindCrossSource:
		cr.Pass = cr.Rank >= 1 && cr.Rank <= 3
	case KindFragment, KindSymbolAttribute:
		cr.Pass = len(cr.Relevant) >= 5 && precisionAt(cr.Relevant, 5) == 1
	}
	return nil
}

// symbolCache fetches each page's symbols once per run: several queries
// return the same pages.
type symbolCache struct {
	src   SymbolSource
	pages map[string]PageSymbols
}

func (s *symbolCache) get(ctx context.Context, uri string) (PageSymbols, error) {
	if ps, ok := s.pages[uri]; ok {
		return ps, nil
	}
	ps, err := s.src.PageSymbols(ctx, uri)
	if err != nil {
		return ps, err
	}
	s.pages[uri] = ps
	return ps, nil
}
