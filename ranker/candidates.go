package ranker

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// How a candidate was found, for scoring and --explain.
const (
	viaFTS = 1 << iota
	viaExactTitle
	viaExactSymbol
	viaTitlePrefix
	viaRoot
	viaSynonymRoot
	viaCanonical
	viaTypeMember
	viaAttribute
	viaSymbolIntent
	// viaKeywordSymbol: one keyword of a multi-word query is a symbol name
	// of the page, a weaker signal than the whole query being one.
	viaKeywordSymbol
	// viaNounType: a type page titled by a noun of a prose query.
	viaNounType
	// viaWholeTitle: a sample project, package or session whose title
	// holds every keyword.
	viaWholeTitle
	// viaFilterTitle: a page of the framework or kind filtered on, found
	// in SQL before any cap (filtered.go).
	viaFilterTitle
	// viaSemantic: a type or article page near a request in meaning.
	viaSemantic
	// viaContext: an API whose mentions elsewhere are worded like the
	// request (contexts.go).
	viaContext
	// viaLexicon: a page the task lexicon names for the request's words
	// (lexicon.go).
	viaLexicon
	// viaSection: a page one of whose sections matches the request
	// (sections.go).
	viaSection
	// viaNamedMember: a member of a type a request names, named by the
	// request's other words (named_members.go).
	viaNamedMember
	// viaAttributePage: the property wrapper or attached macro an
	// @attribute of the request is written as (lookups.go).
	viaAttributePage
)

// candidate is one document under consideration.
type candidate struct {
	id         int64
	via        int
	rel        float64 // -bm25 when viaFTS
	forcedRank int     // order among forced pages (root, canonical, member)

	uri, source, framework, title, kind, summary, language string
	deprecated                                             bool
	// configKey marks an Info.plist or entitlement key, which the corpus
	// files as a typealias: configuration, not an API type.
	configKey  bool
	depth      int
	introduced map[string]string

	titleLower, titleNorm, baseLower, baseNorm string   // set by prepare
	titleWords                                 []string // lower-case
	titleStems                                 []string // see titleStemsOf
}

// search is the state of one query.
type search struct {
	e          *Engine
	q          *Query
	identifier bool
	// filter is the request's filters, applied by every stage through
	// it (request_filter.go).
	filter     requestFilter
	cands      map[int64]*candidate
	forced     int
	ftsExpr    string // the full-text expression finally used, for --explain
	view       queryView
	lookupHits int // candidates found by stage 1
	// concepts are a prose query's keywords with their alternatives.
	concepts []concept
	// conceptWeights are the concepts' rarities (weighConcepts).
	conceptWeights []float64
	named          map[string]bool // frameworks a prose query names (frameworksNamed)
	rivals         map[string]bool // frameworks rival to those of the types it names (rivalsOfNamedTypes)
	// memberHits counts the member pages forced for "Type member".
	memberHits int
	// uses counts the code files using each candidate type, for a
	// filtered common word (prominence.go); nil when it does not apply.
	uses map[int64]int
	// ownerUses counts the code files using each member page's owner,
	// for a query that is a member's name (prominence.go).
	ownerUses map[int64]int
	// dataIntent: the query asks for a web service, JSON or JavaScript
	// reference, which lifts the penalty on language "data" pages.
	dataIntent bool
	// comparable is set when one unrestricted bm25 scored every source, so
	// raw scores compare across sources (see sourceWeights).
	comparable bool
	// part is the partition the full-text stage is searching.
	part partition
	// call is the member use read from code (Reading), or nil.
	call *readCall
	// queryVector and similarity are the semantic layer's (semantic.go):
	// the request's vector and each candidate's similarity to it.
	queryVector []byte
	similarity  map[int64]float32
	// contextRank is each API's rank in the context search.
	contextRank map[int64]int
	// lexiconRank is each page's rank among those the task lexicon named.
	lexiconRank map[int64]int
	// namedMembers are the members of a named type that the request's
	// other words name, with the words (namedMemberStage).
	namedMembers map[int64]string
	// familyMembers are the members of a named type's family that the
	// request's other words match, with their rank (familyMemberStage).
	familyMembers map[int64]int
	// requirements are the protocol requirements titled like the member
	// name the query is (addRequirements).
	requirements map[int64]bool
	// conversions are the initializers a conversion request proposes, with
	// the conversion (conversionStage).
	conversions map[int64]string
	// sections holds, per page, the best section the request matched.
	sections map[int64]sectionHit
	// nameTopics are the book's sections the request names by a name
	// (sectionIndex.namedNameTopics), read once per request.
	nameTopics []bookTopic
	// swiftQuestion: the request is a question framed as about Swift
	// (QuestionForm.NamesSwift).
	swiftQuestion bool
	// framedQuestion: the request is a question (its form stripped
	// scaffolding).
	framedQuestion bool
	// keywordQuestion: a question that is no comparison, whose one
	// keyword may name the book's section that teaches it (askedKeyword);
	// a comparison's sides ("let" of "let vs var") name the concept they
	// share instead.
	keywordQuestion bool
	// directiveOnly: every keyword is a # word of the compiler's
	// ("#available"), which the book's section defines (definesDirective).
	directiveOnly bool
	// spreadQuestion: a question in words, whose first results spread
	// over names (spread.go).
	spreadQuestion bool
	// platform: the one platform the question names (askedAs).
	platform string
	// sectionIndex is the engine's, read by run for a request
	// that may search sections or name a topic; nil for the others.
	sectionIndex *sectionIndex
	// topics are the book's section titles the request names, read once
	// (topicsRead) by namedTopics.
	topics     []bookTopic
	topicsRead bool
}

func (s *search) add(id int64, via int) *candidate {
	c := s.cands[id]
	if c == nil {
		c = &candidate{id: id}
		s.cands[id] = c
	}
	c.via |= via
	return c
}

func (s *search) force(id int64, via int) {
	c := s.add(id, via)
	if c.forcedRank == 0 {
		s.forced++
		c.forcedRank = s.forced
	}
}

// gather runs the lookups and the full-text stage, then loads metadata.
func (s *search) gather(ctx context.Context) error {
	// The similarity search reads no candidate: it runs beside the
	// lexical stages, on another core. The channel is buffered, so an
	// early return leaves nothing waiting.
	type nearest struct {
		vector []byte
		ids    []int64
	}
	near := make(chan nearest, 1)
	go func() {
		v, ids := s.nearestPages(ctx)
		near <- nearest{v, ids}
	}()
	// The member pages a call in code names lead its other lookups.
	if err := s.callPages(ctx); err != nil {
		return err
	}
	if err := s.lookups(ctx); err != nil {
		return err
	}
	if err := s.filteredTitles(ctx); err != nil {
		return err
	}
	// The lookups' hits in the documentation decide whether its full-text
	// pass needs name-field candidates; a package's hundred "Continuation"
	// symbol pages say nothing about that.
	for id := range s.cands {
		if !s.inSeparateRange(id) {
			s.lookupHits++
		}
	}
	for i, part := range s.partitions() {
		s.part = part
		expr, comparable := s.ftsExpr, s.comparable
		if err := s.fullText(ctx); err != nil {
			return err
		}
		if i > 0 {
			// --explain and the fusion weights describe the
			// documentation's pass, not the separate sources'.
			s.ftsExpr, s.comparable = expr, comparable
		}
	}
	s.part = documentation()
	n := <-near
	s.addNeighbours(n.vector, n.ids)
	if err := s.contextStage(ctx); err != nil {
		return err
	}
	if err := s.lexiconStage(ctx); err != nil {
		return err
	}
	if err := s.sectionStage(ctx); err != nil {
		return err
	}
	if err := s.namedMemberStage(ctx); err != nil {
		return err
	}
	if err := s.objcNameStage(ctx); err != nil {
		return err
	}
	if err := s.deprecationStage(ctx); err != nil {
		return err
	}
	if err := s.conversionStage(ctx); err != nil {
		return err
	}
	if err := s.loadMetadata(ctx); err != nil {
		return err
	}
	return s.semanticSimilarity(ctx)
}

// asked reports whether the query asked for src: a source filter, a source
// prefix or a hint word naming it.
func (s *search) asked(src string) bool {
	return containsString(s.filter.f.Sources, src) || s.q.SourceHint == src
}

// inSeparateRange reports whether a document id falls in the id range of a
// source searched apart.
func (s *search) inSeparateRange(id int64) bool {
	for src := range separateSources {
		if r, ok := s.e.ranges[src]; ok && id >= r.lo && id <= r.hi {
			return true
		}
	}
	return false
}

// partition is the part of the index one full-text pass searches: the
// documentation, or one source searched apart (source.Source.Separate),
// each in its own full-text table with its own bm25 statistics.
type partition struct {
	sources []string // the in-scope sources it covers
	table   string   // the full-text table: index.FTSTable or index.PartsFTSTable
	span    index.RowSpan
}

// documentation is the partition of the documentation's pages.
func documentation() partition {
	return partition{table: index.FTSTable}
}

// partitions splits the scope for the full-text stage. Sample code, WWDC
// transcripts and package sources live in a full-text table of their own
// (index.PartsFTSTable) and are each searched there within their id range:
// their tens of thousands of code and transcript pages would otherwise fill
// the documentation's match counts, tip common words over the full-score
// cap and change its bm25 statistics. The documentation's pass comes first.
func (s *search) partitions() []partition {
	main := documentation()
	var apart []partition
	for _, src := range s.filter.scope {
		r, ok := s.e.ranges[src]
		if !separateSources[src] || !ok {
			main.sources = append(main.sources, src)
			continue
		}
		if !s.asked(src) {
			// Joining a query that did not ask for it, a source searched
			// apart brings only what the lookups found (its whole
			// projects, packages or sessions titled with the words, its
			// declarations named like the query): a full-text pass over
			// its code and transcripts costs more than the documentation's
			// whole search, since their common words are everywhere.
			continue
		}
		apart = append(apart, partition{sources: []string{src}, table: index.PartsFTSTable, span: index.RowSpan{Lo: r.lo, Hi: r.hi}})
	}
	if len(main.sources) == 0 {
		return apart
	}
	return append([]partition{main}, apart...)
}

// addIDs returns the function that adds a lookup's pages as candidates
// found through via, in order, or passes on its error:
// s.addIDs(ctx, via)(store.SomeIDs(…)). The lookup's time is traced from
// the call of addIDs.
func (s *search) addIDs(ctx context.Context, via int) func([]int64, error) error {
	start := time.Now()
	return func(ids []int64, err error) error {
		defer s.trace(ctx, "lookup", start, "via", via)
		if err != nil {
			return fmt.Errorf("ranker lookup: %w", err)
		}
		for _, id := range ids {
			s.add(id, via)
		}
		return nil
	}
}

// fullText is stage 2, the guarded FTS stage.
func (s *search) fullText(ctx context.Context) error {
	switch {
	case s.memberHits > 0:
		// "Type member" found its member pages: they are the answer, and
		// the pages merely mentioning both words cost milliseconds to score.
		return nil
	case onlyStopWords(s.q.Terms), len(s.q.Terms) == 1 && universalWord(s.q.Terms[0]):
		// "the" has no content to match, and "Swift" alone names the
		// framework its lookups found; scoring their matches would cost a
		// large share of the corpus.
		return nil
	case s.q.Prose && len(s.concepts) > 0:
		return s.proseFullText(ctx)
	}
	keywords := s.q.Keywords
	if s.q.FrameworkWord != "" && !universalWord(s.q.FrameworkWord) {
		keywords = s.q.allWords()
	}
	if len(keywords) == 0 {
		keywords = s.q.Attributes
	}
	if len(keywords) == 0 {
		return nil
	}
	expr, n, err := s.relaxedExpr(ctx, keywords)
	if err != nil || n == 0 {
		return err
	}
	s.ftsExpr = expr
	if n <= s.e.fullScoreCap {
		return s.scoreFTS(ctx, expr, 0, 0, s.e.fullScoreCap)
	}
	// Over the cap: the lookups usually hold the answer for the big source.
	// When they found little (a topic word such as "Generics", a name
	// fragment such as "Wrapper"), the best matches by name are worth their
	// few milliseconds: bm25 is then computed only for rows whose title or
	// symbol names (whole, or CamelCase parts: FileWrapper) hold the
	// keywords.
	if s.lookupHits < minLookupHits || s.part.table == index.PartsFTSTable {
		if err := s.scoreFTS(ctx, MatchColumns(nameFields, "("+expr+")"), 0, 0, titleFTSLimit); err != nil {
			return err
		}
	}
	// The small sources are cheap to score inside their id ranges, merged
	// where they touch so one query covers them. A word common enough to be
	// over the cap is in nearly every one of their long pages (the Swift
	// book says "Swift" thousands of times): those pages are scored where
	// the word names them, in their title, summary or symbols.
	small := expr
	if len(keywords) == 1 {
		small = MatchColumns(proseFields, "("+expr+")")
	}
	for _, r := range s.smallRanges() {
		if err := s.scoreFTS(ctx, small, r.lo, r.hi, int(r.hi-r.lo+1)); err != nil {
			return err
		}
	}
	return nil
}

// onlyStopWords reports whether every term is a stop word.
func onlyStopWords(terms []string) bool {
	for _, t := range terms {
		if !stopWords[strings.ToLower(t)] {
			return false
		}
	}
	return len(terms) > 0
}

// languageWords are the values of docs_fts's language column: as tokens
// they occur in most rows ("swift" in 150k of 184k), so requiring one in a
// full-text AND filters nothing and makes FTS5 walk its whole doclist.
var languageWords = map[string]bool{"swift": true, "objc": true}

// universalWord reports whether a query word is one of languageWords: it
// still steers ranking (as a framework hint) but is left out of the AND.
func universalWord(w string) bool { return languageWords[strings.ToLower(w)] }

// smallRanges returns the id ranges of the in-scope sources other than
// apple-docs whose span is at most smallSourceMax, adjacent ranges merged.
func (s *search) smallRanges() []idRange {
	var rs []idRange
	for _, src := range s.part.sources {
		r, ok := s.e.ranges[src]
		// A source searched apart is over the cap in its own pass: its
		// code files and transcripts are many and long, and scoring all
		// of their matches is what the cap is there to avoid.
		if ok && src != document.SourceAppleDocs && !separateSources[src] && r.hi-r.lo+1 <= smallSourceMax {
			rs = append(rs, r)
		}
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].lo < rs[j].lo })
	var merged []idRange
	for _, r := range rs {
		if n := len(merged); n > 0 && merged[n-1].hi+1 >= r.lo {
			merged[n-1].hi = max(merged[n-1].hi, r.hi)
			merged[n-1].count += r.count
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// matchExpr is the AND of keywords, with a framework filter as a column
// phrase so the count reflects it.
func (s *search) matchExpr(keywords []string) string {
	return s.filter.constrain(MatchAll(keywords))
}

// countMatches counts matches up to the cap plus one.
func (s *search) countMatches(ctx context.Context, expr string) (int, error) {
	return s.countUpTo(ctx, expr, s.e.fullScoreCap)
}

// countUpTo counts matches up to limit plus one.
func (s *search) countUpTo(ctx context.Context, expr string, limit int) (int, error) {
	defer s.trace(ctx, "count", time.Now(), "expr", expr)
	n, err := s.e.store.CountMatches(ctx, s.part.table, expr, s.part.span, limit+1)
	if err != nil {
		return 0, fmt.Errorf("ranker count: %w", err)
	}
	return n, nil
}

// relaxedExpr returns the AND of the keywords or, when that matches fewer
// than minMatches documents, a relaxed AND: keywords matching nothing are
// dropped first (a misspelling, or a word the corpus does not use), then
// the most frequent ones, one by one, keeping the rare words that carry the
// meaning. Frequencies are counted up to the cap.
func (s *search) relaxedExpr(ctx context.Context, keywords []string) (string, int, error) {
	expr := s.matchExpr(keywords)
	n, err := s.countMatches(ctx, expr)
	if err != nil || n >= minMatches || len(keywords) < 2 {
		return expr, n, err
	}
	type freq struct {
		kw string
		n  int
	}
	var kept []freq
	for _, k := range keywords {
		c, err := s.countMatches(ctx, s.matchExpr([]string{k}))
		if err != nil {
			return "", 0, err
		}
		if c > 0 {
			kept = append(kept, freq{k, c})
		}
	}
	best, bestN := expr, n
	for len(kept) > 0 {
		words := make([]string, len(kept))
		for i, f := range kept {
			words[i] = f.kw
		}
		e := s.matchExpr(words)
		c, err := s.countMatches(ctx, e)
		if err != nil {
			return "", 0, err
		}
		if c > bestN {
			best, bestN = e, c
		}
		if c >= minMatches || len(kept) == 1 {
			break
		}
		most := 0
		for i, f := range kept {
			if f.n > kept[most].n {
				most = i
			}
		}
		kept = append(kept[:most], kept[most+1:]...)
	}
	return best, bestN, nil
}

// scoreFTS adds FTS matches with their bm25 and docs row, within the rowid
// range lo..hi when hi > 0. Reading the row in the same query saves the
// metadata round trip for what is usually most of the candidates.
func (s *search) scoreFTS(ctx context.Context, expr string, lo, hi int64, limit int) error {
	defer s.trace(ctx, "score", time.Now(), "expr", expr, "lo", lo, "hi", hi, "limit", limit)
	span := s.part.span
	if hi > 0 {
		span = index.RowSpan{Lo: lo, Hi: hi}
	}
	err := s.e.store.ScorePages(ctx, s.part.table, expr, span, limit, func(bm25 float64, p *index.PageRow) error {
		var m candidate
		m.setRow(p)
		c := s.add(m.id, viaFTS)
		// A page scored by two expressions (a request and its relaxation)
		// keeps its better score.
		c.rel = max(c.rel, -bm25)
		c.setMetadata(&m)
		return nil
	})
	if err != nil {
		return fmt.Errorf("ranker fts: %w", err)
	}
	return nil
}

// nameFields are the docs_fts columns that name a page.
var nameFields = []string{"title", "symbols", "symbol_components"}

// setRow reads the index's docs row of a page into c.
func (c *candidate) setRow(p *index.PageRow) {
	c.id, c.uri, c.source, c.framework, c.title, c.kind, c.summary, c.language = p.ID, p.URI, p.Source, p.Framework, p.Title, p.Kind, p.Summary, p.Language
	c.deprecated, c.depth = p.Deprecated, p.Depth
	c.configKey = p.RoleHeading == RolePropertyListKey
	for i, v := range p.MinVersions {
		if v > 0 {
			if c.introduced == nil {
				c.introduced = map[string]string{}
			}
			c.introduced[Platforms[i]] = index.UnpackVersion(v)
		}
	}
}

// isType reports whether the page declares a type (not a configuration key
// filed as one).
func (c *candidate) isType() bool { return canonicalTypeKinds[c.kind] && !c.configKey }

// setMetadata copies the docs row fields of m.
func (c *candidate) setMetadata(m *candidate) {
	c.uri, c.source, c.framework, c.title, c.kind, c.summary, c.language = m.uri, m.source, m.framework, m.title, m.kind, m.summary, m.language
	c.deprecated, c.depth, c.introduced, c.configKey = m.deprecated, m.depth, m.introduced, m.configKey
}

// loadMetadata fills the docs row of every candidate the full-text stage did
// not already read, in chunks of bound ids.
func (s *search) loadMetadata(ctx context.Context) error {
	defer s.trace(ctx, "metadata", time.Now())
	var ids []int64
	for id, c := range s.cands {
		if c.uri == "" {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	err := s.e.store.EachPageRow(ctx, ids, func(p *index.PageRow) error {
		var m candidate
		m.setRow(p)
		if c := s.cands[m.id]; c != nil {
			c.setMetadata(&m)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("ranker metadata: %w", err)
	}
	return nil
}

// trace logs a stage's duration at debug level, for finding what makes a
// query slow (the logger is discarded unless a caller asks for debug).
func (s *search) trace(ctx context.Context, stage string, start time.Time, attrs ...any) {
	if s.e.log.Enabled(ctx, slog.LevelDebug) {
		s.e.log.DebugContext(ctx, stage, append([]any{"ms", float64(time.Since(start).Microseconds()) / 1000}, attrs...)...)
	}
}

// baseName strips a selector or generic tail: "dataTask(with:)" -> "dataTask".
func baseName(name string) string {
	if i := strings.IndexAny(name, "(<"); i > 0 {
		return name[:i]
	}
	return name
}

func (s *search) inScope(src string) bool { return s.filter.inScope(src) }
