// Package ranker turns a user query into ranked documents: query parsing,
// FTS5 sanitising, BM25F candidates, the ranking heuristics ported from the
// original Cupertino, per-source fan-out and weighted reciprocal rank fusion.
//
// # Query
//
// Parse takes a query apart (source prefix, @attributes, a framework word at
// either end, "Type member" shapes, deprecated intent, source-hint words such
// as "proposal", symbol intents such as "Sendable conformance") and leaves
// the rest as full-text terms. Every term reaches FTS5 double-quoted (Quote,
// Sanitize), so no user input is ever FTS5 syntax. Two plain words ("Task
// sleep", "View frame") are read as a type and a member only when the index
// has such a member (resolveTypeMember), so "Dark mode" stays words. Two or
// more keywords with a lower-case one ("schedule a local notification",
// "how to pause an audio player", "structured concurrency") are prose,
// searched and scored as prose.go and vocab.go describe; a name, a "Type
// member" pair or a title-cased phrase ("Undo Architecture Overview") is not.
//
// # Why the search is shaped the way it is
//
// Latency goal on the full 185k-document index: p50 ≤ 5 ms, p99 ≤ 50 ms.
// Measured on modernc's FTS5, bm25() costs 3–30 µs per matching row (more
// for long pages), and FTS5 has no top-k pruning: ORDER BY bm25 LIMIT 20
// still scores every row that matches, so "view" alone would cost about
// half a second. Counting matches with a LIMIT stops early and costs well
// under a millisecond. Walking a term's doclist is the other cost: a column
// filter saves bm25 calls, not the walk, so an AND holding a near-universal
// token ("swift") costs as much restricted as not. A column filter ({title}: …) walks every row holding
// the term but computes bm25 only for rows passing it (a few ms). "rowid IN
// (…)" makes FTS5 re-walk the doclist per value (milliseconds each), so bm25
// cannot be fetched for an arbitrary candidate set; a rowid range (BETWEEN)
// is cheap, and the save pipeline writes each source contiguously, so the
// small sources are one or a few ranges. FTS5's bm25 also counts, on every
// statement, the rows holding each phrase (its IDF), walking the phrase's
// whole doclist; the read pool's bm25 (index/bm25.go) gives the same scores
// with those counts kept per index, so a statement pays for its matches,
// not for its words' frequency. BenchmarkSearchRealIndex reports p50 and p99
// over the quality batteries' queries.
//
// Search therefore works in stages, each bounded:
//
//  1. Lookups through ordinary B-tree indexes, microseconds each: the exact
//     title (docs_title_lower), exact symbol names (symbol_names), title
//     prefixes of an identifier, and forced pages: the canonical type page of
//     Swift, SwiftUI and Foundation for a bare identifier
//     (apple-docs://swift/task, and IteratorProtocol for Iterator), the
//     framework root when the query names a framework (by name, or by
//     synonym for a lower-case word such as "wifi"), a proposal named by
//     number (SE-0306) and the member pages of "Type member". @attributes and
//     symbol intents take the first qualifying declarations from
//     doc_symbols_fts and inheritance_edges, never a table scan.
//  2. A guarded full-text stage over the AND of the keywords (plus a
//     framework word taken off the query unless it is a language word such
//     as "Swift", which 150k rows hold in their language column, and a
//     --framework filter as a framework-column phrase), counted with LIMIT
//     FullScoreCap+1. At or under the cap every match is scored with bm25
//     (index.BM25Weights) in one query that also reads the docs row. Over
//     the cap the lookups usually hold the answer; when they found little,
//     the best matches by title or symbol name (whole or CamelCase part:
//     "Wrapper" finds FileWrapper) are added, and the small sources are
//     scored inside their id ranges. An AND matching almost nothing is
//     relaxed: keywords matching nothing are dropped, then the most
//     frequent ones. "Type member" queries whose member pages were found,
//     and queries of stop words only ("the"), skip this stage. Prose is
//     the AND of its concepts (a keyword or any of its alternatives),
//     scored in full up to a higher cap and relaxed by dropping its most
//     common concept while too few pages match (document frequencies are
//     counted once per process and cached).
//  3. Scoring inside each source: a base relevance (bm25 normalised to the
//     source's best match ×10, plus a field-match score computed in Go from
//     title, summary and framework so that lookup-only candidates share the
//     scale) divided by cost multipliers — exact title, framework authority,
//     kind, nesting, symbol match, attribute, deprecation, framework and
//     source hints, release notes, verbose titles, forced pages — each
//     recorded as a Factor for --explain (computed for the returned page
//     only).
//  4. Per-source lists fused with weighted reciprocal rank fusion (Fuse,
//     k = 60, DefaultSourceWeights), then ordered by match tier before fused
//     score: forced pages, then exact titles, then titles holding every
//     word, then the rest. Each source promotes only its best page into the
//     exact and every-word tiers, so one exact HIG page for "Dark mode"
//     surfaces above Apple's loose matches while three proposals mentioning
//     "result builders" do not bury every Apple page; pages answering a
//     declaration query (@MainActor, "actor type") all keep their tier.
//
// Prose scoring replaces the name heuristics (a request's first word is a
// verb, and its words name thousands of unrelated symbols): the share of
// the request's concepts a title covers, by Porter stem as FTS5 matches
// them; type and article pages first; pages of a framework the request
// names by a phrase or a specific word through enrich's synonyms ("speech
// to text", "keychain") ahead; and, since one bm25 over the whole
// corpus makes scores comparable across sources, each source's fusion
// weight scaled by its best match relative to the best anywhere.
//
// The ranker holds no SQL: every lookup, count and full-text pass is a
// named method of index.Store (index/retrieve*.go), whose statements are
// fixed (expressions and values are bound) and prepared once per Store.
//
// Before any of this, SearchQuery reads the raw query once (package
// ranker/reading, which asks nothing of the index) and checks the reading
// against the index (understand.go, call_pages.go): Swift code is searched as the calls it
// makes, each forcing its member's pages, a compiler
// or runtime message as the names and concepts it holds (several searches
// fused by RRF), and a name that names nothing as its nearest title
// (typos.go). Prose also gets the semantic layer's nearest types and
// articles, the APIs whose contexts match (semantic.go, contexts.go) and the
// pages the task lexicon names for its words (lexicon.go). A question about
// the Swift language also searches the book's sections (enrich's passages):
// the chapter of the best ones joins the candidates named by its section,
// and the book then fuses at Apple's weight (sections.go).
//
// Filters are one value per request, requestFilter (request_filter.go),
// through which every stage applies them: they are tested on the fetched
// rows before they are scored (keeps), the sources in scope decide which
// stages run, a framework or year filter narrows the full-text MATCH
// (constrain), and a framework or kind filter also asks SQL for its pages
// before any cap (page), so it is exact (filtered.go). A filtered word or
// two orders its near-ties by how much sample and package code uses each
// type (prominence.go).
//
// Identifier queries (one upper-case name, "Type member", @attributes
// alone) search only the sources where a symbol has a canonical answer
// (source.Source.Symbols: apple-docs, swift-evolution, packages) and none
// of the on-request ones (apple-archive, samples, wwdc, packages), so
// apple-docs and swift-evolution. Declaration queries keep only the
// declaration sources (apple-docs, packages) of their scope.
// IncludeArchive admits the four on-request sources to both. Every other
// query, a lone lower-case word included, reaches every source; samples,
// wwdc and packages then bring only what the lookups find, unless a
// filter, prefix or hint word asks for one (scope, partitions).
package ranker
