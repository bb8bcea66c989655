package ranker

import (
	"context"
	"fmt"
	"github.com/cupertino-go/cupertino/internal/memo"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Engine searches one index. Build it once per process (New loads the
// framework names and the source id ranges) and share it: it is safe for
// concurrent use.
type Engine struct {
	// Semantic selects the semantic layer's ablation; the zero value fuses
	// it with the lexical ranking. Set it before the first search.
	Semantic SemanticMode
	// NoLexicon leaves the task lexicon out (lexicon.go), for its
	// ablation.
	NoLexicon bool

	store  *index.Store
	sem    semanticData
	fw     *Frameworks
	ranges map[string]idRange
	// sections is what the engine knows of the passage rows, read at
	// first need (sectionIndexOf).
	sections     atomic.Pointer[sectionIndex]
	sectionsRead sync.Mutex
	// summaryStems keeps the stems of the summaries requests read
	// (search.summaryStems): a page's summary is stemmed again by every
	// prose request it is a candidate of, 4.5% of a sentence's CPU.
	summaryStems *memo.Map[string, []string]
	// titleStems keeps the stems of candidates' titles (titleStemsOf),
	// for the same reason: 2.8% of a sentence's CPU.
	titleStems *memo.Map[string, []string]
	log        *slog.Logger
	// fullScoreCap is FullScoreCap; tests lower it to reach the bounded path
	// on a small index.
	fullScoreCap int
	// memberPages keeps typeMemberPages' answers.
	memberPages *memo.Map[string, []callPage]
	// typoTitles keeps the titles a misspelling's first two letters
	// start (titlesFrom).
	typoTitles *memo.Map[string, []typoTitle]
	// typeTitles keeps typeTitle's answers, "" included: recaseNames asks
	// for every capitalised word of a query.
	typeTitles *memo.Map[string, string]
	uses       useCache
	whole      wholePageList
}

// idRange is the span of document ids of one source.
type idRange struct {
	lo, hi, count int64
}

// contiguous reports whether the range holds only that source's documents,
// which makes a rowid-range FTS query over it cost what the source costs.
func (r idRange) contiguous() bool { return r.count > 0 && r.hi-r.lo+1 == r.count }

// StoreAliases is the AliasSource of an index: every framework with
// documents, with the names and synonyms enrich recorded in
// framework_aliases.
type StoreAliases struct{ Store *index.Store }

// FrameworkAliases lists the index's frameworks.
func (s StoreAliases) FrameworkAliases(ctx context.Context) ([]FrameworkAlias, error) {
	list, err := s.Store.Frameworks(ctx)
	if err != nil {
		return nil, err
	}
	return AliasesOf(list), nil
}

// AliasesOf turns the index's framework list into the resolver's aliases.
func AliasesOf(list []index.Framework) []FrameworkAlias {
	out := make([]FrameworkAlias, len(list))
	for i, f := range list {
		out[i] = FrameworkAlias{Identifier: f.Identifier, ImportName: f.ImportName, DisplayName: f.DisplayName, Synonyms: f.Synonyms}
	}
	return out
}

// New prepares an Engine over an open index. logger may be nil.
func New(ctx context.Context, store *index.Store, logger *slog.Logger) (*Engine, error) {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	fw, err := LoadFrameworks(ctx, StoreAliases{Store: store})
	if err != nil {
		return nil, fmt.Errorf("ranker: %w", err)
	}
	e := &Engine{store: store, fw: fw, ranges: map[string]idRange{}, log: logger, fullScoreCap: FullScoreCap,
		memberPages: memo.New[string, []callPage](memberPagesCacheSize), typoTitles: memo.New[string, []typoTitle](typoPrefixCacheSize),
		typeTitles: memo.New[string, string](typeTitleCacheSize), summaryStems: memo.New[string, []string](summaryStemsCacheSize),
		titleStems: memo.New[string, []string](titleStemsCacheSize)}
	spans, err := store.SourceSpans(ctx)
	if err != nil {
		return nil, fmt.Errorf("ranker: %w", err)
	}
	for _, sp := range spans {
		e.ranges[sp.Source] = idRange{lo: sp.Lo, hi: sp.Hi, count: sp.Count}
	}
	return e, nil
}

// Frameworks returns the engine's framework resolver.
func (e *Engine) Frameworks() *Frameworks { return e.fw }

// Search runs one query against an index, building a throwaway Engine.
// Long-lived callers (the MCP server) should keep an Engine instead.
func Search(ctx context.Context, store *index.Store, query string, filters Filters) ([]Result, error) {
	e, err := New(ctx, store, nil)
	if err != nil {
		return nil, err
	}
	defer e.Close()
	return e.Search(ctx, query, filters)
}

// symbolSources are the sources where a bare identifier has a canonical
// answer; an identifier query is not fanned out to prose sources, whose
// rank-1 hit would otherwise fuse level with a real API page.
var symbolSources = source.With(func(s source.Source) bool { return s.Symbols })

// Search runs a query and returns its results (SearchQuery without the
// reading). It returns ErrEmptyQuery for a query with nothing searchable and
// the Filters.Normalize errors for bad filters.
func (e *Engine) Search(ctx context.Context, raw string, filters Filters) ([]Result, error) {
	resp, err := e.SearchQuery(ctx, raw, filters)
	return resp.Results, err
}

// run searches one parsed query with normalised filters; call is the member
// use a reading of code found, or nil.
func (e *Engine) run(ctx context.Context, q *Query, f Filters, call *readCall) ([]Result, error) {
	if len(f.Sources) == 0 && len(q.Sources) > 0 {
		f.Sources = q.Sources
	}
	s := &search{e: e, q: q, call: call, identifier: isIdentifierQuery(q), cands: map[int64]*candidate{}, part: documentation()}
	asked := questionAsked(ctx)
	s.swiftQuestion, s.framedQuestion, s.platform = asked.swift, asked.framed, asked.platform
	s.keywordQuestion = asked.framed && !asked.compares
	s.spreadQuestion = asked.framed && asked.inWords
	s.directiveOnly = directiveOnlyQuery(q)
	if q.Prose {
		s.concepts = buildConcepts(q.Terms)
		if s.framedQuestion {
			if err := s.weighConcepts(ctx); err != nil {
				return nil, err
			}
		}
	}
	s.dataIntent = e.dataIntent(q, f)
	scope := e.scope(f, q, s.identifier)
	if len(q.Attributes) > 0 || len(q.Directives) > 0 || len(q.Keywords) >= minTopicWords || q.Prose || s.swiftQuestion {
		// What sectionStage, the topics and the attributes' topics read;
		// one name reads no section and can name no topic.
		x, err := e.sectionIndexOf(ctx)
		if err != nil {
			return nil, err
		}
		s.sectionIndex = x
	}
	nameTopics, err := s.sectionIndex.namedNameTopics(ctx, q, s.keywordQuestion, asked.compares)
	if err != nil {
		return nil, err
	}
	s.nameTopics = nameTopics
	if len(f.Sources) == 0 && !containsString(scope, sectionFusionSource) && len(s.nameTopics) > 0 {
		// An @attribute or a keyword the book's section names brings the
		// book into a scope of declaring pages.
		scope = append(scope, sectionFusionSource)
		sort.Strings(scope)
	}
	s.filter = requestFilter{f: f, scope: scope}
	if err := s.gather(ctx); err != nil {
		return nil, err
	}
	if err := s.loadProminence(ctx); err != nil {
		return nil, err
	}
	if err := s.loadOwnerProminence(ctx); err != nil {
		return nil, err
	}
	s.rivals = s.rivalsOfNamedTypes()
	results := s.rank()
	if s.filter.narrowed() && len(results) < f.Limit {
		// A filter is exact: what the bounded stages missed, SQL finds.
		added, err := s.filteredFullText(ctx)
		if err != nil {
			return nil, err
		}
		if added {
			if err := s.loadMetadata(ctx); err != nil {
				return nil, err
			}
			if err := s.loadProminence(ctx); err != nil {
				return nil, err
			}
			results = s.rank()
		}
	}
	if results, err = s.swiftTwins(ctx, results); err != nil {
		return nil, err
	}
	results = results[:min(len(results), f.Limit)]
	s.passages(ctx, results)
	s.sectionSummaries(ctx, results)
	return results, nil
}

// declarationSources hold pages that declare API: where a query for an
// @attribute or a symbol shape ("actor type") has its answers.
var declarationSources = source.With(func(s source.Source) bool { return s.Declarations })

// onRequest are the sources an identifier query searches only when asked
// for (source.OnRequest: apple-archive, samples, wwdc, packages).
var onRequest = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range source.All {
		m[s.ID] = s.OnRequest
	}
	return m
}()

// scope lists the sources a query searches: the filter's, else the sources
// the query's shape calls for.
func (e *Engine) scope(f Filters, q *Query, identifier bool) []string {
	var out []string
	for _, src := range AllSources {
		if !f.sourceInScope(src, !identifier) {
			continue
		}
		if len(f.Sources) == 0 {
			switch {
			case src == q.SourceHint:
			case onRequest[src] && f.IncludeArchive:
			case isDeclarationQuery(q) && !containsString(declarationSources, src):
				continue
			case identifier && !containsString(symbolSources, src):
				continue
			}
		}
		out = append(out, src)
	}
	sort.Strings(out)
	return out
}

// isDeclarationQuery: only @attributes, or a symbol intent.
func isDeclarationQuery(q *Query) bool {
	return (len(q.Terms) == 0 && len(q.Attributes) > 0) || !q.Symbol.IsZero()
}

// isIdentifierQuery: one term shaped like a Swift name starting upper-case
// (Task, URLSession, Text.Scale), a "Type member" query or @attributes alone.
// Lower-case single words ("concurrency", "wifi") are topics, not symbols.
func isIdentifierQuery(q *Query) bool {
	if q.TypeName != "" {
		return true
	}
	if len(q.Terms) == 0 {
		return len(q.Attributes) > 0
	}
	if len(q.Terms) != 1 {
		return false
	}
	t := q.Terms[0]
	return swiftlex.IsTypeName(swiftlex.IdentifierPrefix(t)) && swiftlex.IdentifierPrefix(t) != ""
}

func containsString(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// dataWords mark a query about web services, JSON or JavaScript.
var dataWords = map[string]bool{
	"api": true, "apis": true, "endpoint": true, "endpoints": true, "rest": true, "json": true, "http": true,
	"javascript": true, "js": true, "webhook": true, "server": true, "web": true, "response": true, "request": true,
}

// dataIntent reports whether a query asks for pages of language "data"
// (REST endpoints, JSON objects, JavaScript): a data word, a framework
// whose pages are such (App Store Connect API, MapKit JS) as hint or
// filter, or a language filter.
func (e *Engine) dataIntent(q *Query, f Filters) bool {
	if f.Language != "" {
		return true
	}
	for _, t := range q.Terms {
		for _, w := range words(strings.ToLower(t)) {
			if dataWords[w] {
				return true
			}
		}
	}
	for _, fw := range []string{q.FrameworkHint, f.Framework} {
		if strings.HasSuffix(fw, "js") || strings.HasSuffix(fw, "api") {
			return true
		}
	}
	return false
}
