package ranker

// weight is one cost multiplier of score(): below 1 lifts a page in its
// source's list, above 1 sinks it. Every multiplier score() applies comes
// from this file, a named weight or a frameworkAuthority entry, except
// prominence's (prominence.go: 1/(1+prominenceWeight×p)); the coverage
// multiplier of a request is built from weightProseCoverageSlope.
// `--explain` prints a weight's factor group and reason. The additive
// parts of a candidate's relevance are bm25Scale, the field* constants and
// sectionBase here, and semanticBase, contextBase, lexiconBase and
// lexiconStep beside their stages; the caps on what is considered
// (candidates.go, prose.go, filtered.go, ...) and the order of a member's
// pages by its type's use in code (callProminenceWeight, call_pages.go)
// are outside this table too.
type weight struct {
	factor string  // the Factor* group --explain prints
	value  float64 // the multiplier
	reason string  // --explain's detail when the call site adds none
}

// The weights, grouped as score() applies them. Their values were tuned by
// hand on the dev batteries (../shared/quality and eval/batteries) by class
// (exact names, Type member, prose), never on a row, and checked once on the
// held-out sets; see docs/search.md. testdata/scoring.golden holds each
// weight's factor line for a query and a page (TestScoreFactors).
var (
	// Title equals the query: the strongest signal there is.
	weightExactTitle = weight{FactorExactTitle, 0.05, "title equals the query"}
	// The top-level page of a framework titled as the query (Swift's
	// "Error" protocol page over an "error" property).
	weightExactTopLevel = weight{FactorExactTitle, 0.6, "top-level page of its framework"}
	// Among exact titles, a type page beats a member of the same name.
	weightExactTypeKind   = weight{FactorKind, 0.3, "type page among exact titles"}
	weightExactMemberKind = weight{FactorKind, 1.5, "member page among exact titles"}
	// A declaration available on no platform belongs to a file format, a
	// package manifest or a script API (Apple News Format,
	// PackageDescription, TVMLKit JS), not to the SDK an app is written
	// against.
	weightNoPlatform = weight{FactorFrameworkAuthority, 1.5, "available on no platform"}

	// A request that names a type ("…with NavigationStack") wants that page.
	weightProseNamesTitle = weight{FactorTitleWords, 0.15, "title is the name the query mentions"}
	// A request's title coverage: the multiplier is 1 - slope × coverage, so
	// a title covering every keyword costs 0.3.
	weightProseCoverageSlope = weight{FactorTitleWords, 0.7, "title covers part of the keywords"}
	weightTitleStartsWith    = weight{FactorTitleWords, 0.15, "title starts with the first keyword"}
	weightTitleHoldsAll      = weight{FactorTitleWords, 0.3, "title holds every keyword"}
	weightTitleHoldsOne      = weight{FactorTitleWords, 0.6, "title holds a keyword"}

	// Text over Text.Scale when the query has no dot.
	weightNestedType = weight{FactorNesting, 2, "nested type for an unnested query"}

	// A whole sample project, package or WWDC session for a name query:
	// "Composable Architecture" is the package, not a file naming it.
	weightWholeKind = weight{FactorKind, 0.25, "whole project, package or session"}
	// Kinds for a name query: types and frameworks up, members down.
	weightTypeKind   = weight{FactorKind, 0.5, "type or framework page"}
	weightMemberKind = weight{FactorKind, 2, "member page"}
	// Kinds for a request: the type that does the job first, the article
	// that explains it close behind, a member page less so.
	weightProseTypeKind   = weight{FactorKind, 0.5, "type page for a request"}
	weightProseGuideKind  = weight{FactorKind, 0.75, "article or sample for a request"}
	weightProseMemberKind = weight{FactorKind, 1.5, "member page for a request"}
	// A whole sample project, package or WWDC session answers a request
	// better than one of its files or symbol pages.
	weightProseWholeKind = weight{FactorKind, 0.25, "whole project, package or session for a request"}
	// REST, JSON and JavaScript references reuse every common noun.
	weightDataLanguage = weight{FactorKind, 1.5, "REST, JSON or JavaScript reference for a Swift query"}
	// "protocol types": the query names the page's kind.
	weightKindWordAsked = weight{FactorKind, 0.4, "query asks for this kind"}

	// Long titles for short queries are rarely the answer.
	weightVerboseTitle = weight{FactorVerboseTitle, 1.3, "long title for a short query"}
	// Release notes match everything and answer nothing.
	weightReleaseNotes = weight{FactorReleaseNotes, 2.5, ""}

	// Symbols: the page declares what the query names.
	weightExactSymbol   = weight{FactorSymbolMatch, 0.33, "declares a symbol named like the query"}
	weightKeywordSymbol = weight{FactorSymbolMatch, 0.33, "declares a symbol named like a query word"}
	weightNounType      = weight{FactorSymbolMatch, 0.5, "a type named by a noun of the request"}
	weightAttribute     = weight{FactorAttribute, 0.3, "declares the @attribute asked for"}
	weightSymbolIntent  = weight{FactorAttribute, 0.3, "declares the symbol the query describes"}
	// A whole project, package or session titled with every keyword: its
	// long page has a weak bm25 and no full-text score when a lookup
	// found it, yet it is what the words name.
	weightWholeTitle = weight{FactorTitleWords, 0.2, "whole project, package or session titled with every keyword"}

	// Deprecated pages sink below their replacements unless asked for.
	weightDeprecated      = weight{FactorDeprecation, 2, "deprecated"}
	weightDeprecatedAsked = weight{FactorDeprecation, 0.5, "deprecated, as asked"}

	// Hints from query words.
	weightSourceHint     = weight{FactorSourceHint, 0.3, "the query points to this source"}
	weightNamedFramework = weight{FactorSynonym, 0.6, "in a framework the request names"}
	weightFrameworkHint  = weight{FactorFrameworkHint, 0.25, "in the framework the query names"}

	// Pages a lookup found for the query as a whole: each nearly forces
	// its page to the top of its source's list.
	weightFrameworkRoot = weight{FactorFrameworkRoot, 0.01, "the query names this framework"}
	weightSynonymRoot   = weight{FactorSynonym, 0.01, "the query is a synonym of this framework"}
	weightCanonicalType = weight{FactorForced, 0.01, "canonical type page"}
	weightTypeMember    = weight{FactorTypeMember, 0.01, "member of the type the query names"}
)

// The additive part of a candidate's relevance, before the weights: the
// field match of fieldScore plus the candidate's bm25 relative to the best
// of its source.
const (
	// bm25Scale: a candidate with its source's best bm25 gets this much
	// over its field match; bm25 orders within a field-match level.
	bm25Scale = 10
	// Field match per keyword, by the best field holding it. They mirror
	// the BM25F column weights, so lookup-only candidates and full-text
	// candidates share one scale.
	fieldTitleWord  = 4   // a word of the title
	fieldInTitle    = 2.5 // inside a title word
	fieldSummary    = 1.5 // a word of the summary
	fieldFramework  = 1   // the framework's identifier
	fieldBrevityMax = 2   // bonus for a title no longer than the query, divided by 1 + the title's extra words
	// A title over verboseTitleRunes for a query of at most
	// shortQueryKeywords keywords takes weightVerboseTitle.
	verboseTitleRunes  = 50
	shortQueryKeywords = 2
)

// frameworkAuthority multiplies the cost of an exact-title Apple page by its
// framework (factor framework_authority): the language and the two most used
// frameworks win ties for bare names (Result, Task, Data), JavaScript and
// device-management references — which reuse every common noun — lose them.
var frameworkAuthority = map[string]float64{
	"swift":            0.5,
	"swiftui":          0.7,
	"foundation":       0.7,
	"webkitjs":         1.4,
	"installer_js":     1.4,
	"javascriptcore":   1.2,
	"devicemanagement": 1.2,
}

// apply multiplies the score by w; detail, when given, replaces w's reason
// in --explain (a framework name, the attributes asked for).
func (s *Score) apply(w weight, detail ...string) {
	why := w.reason
	if len(detail) > 0 {
		why = detail[0]
	}
	s.Multiply(w.factor, w.value, why)
}

// Readings propose; retrieval decides (reading_weight.go, issue #27).
// The words' list weighs (1 - confidence) × the reading's lead weight,
// never less than wordsWeightFloor × it, and the reading's lists are
// multiplied by the confidence, never less than readingWeightFloor.
const (
	// wordsWeightFloor: a reading whose code is mostly words still
	// weighs its words' list a tenth of the lead at least. (A sure
	// reading, of pasted code or a diagnostic, is not fused with its
	// words, which are searched only when its searches find nothing.
	// Fused at a tenth, they reordered the code's own pages: syntax MRR
	// fell by 0.03 to 0.14 on every battery; filling the rows its
	// searches left doubled the p99 of pasted code, 35 -> 100 ms.)
	wordsWeightFloor = 0.1
	// readingWeightFloor: an unsure reading still proposes its pages.
	readingWeightFloor = 0.2
)

// comparisonSideWeight: each side of a comparison ("let vs var") weighs
// half the whole query's list: the page that compares them holds both
// words and leads; each side's own page follows.
const comparisonSideWeight = 0.5

// Sections (sections.go): the sections of the Swift book, Swift Evolution
// and swift.org that a request's words match.
const (
	// sectionLimit is how many sections a request reads; a page counts at
	// its best one.
	sectionLimit = 20
	// sectionMaxMatches: when the rarest of a request's words is in more
	// sections than this, no section stands out, and none is read. An AND
	// is relaxed only while it matches nothing: a section holding every
	// word is the answer, and relaxing while fewer than 3 matched lost the
	// book's "Property Observers" to "willSet" alone in a reference chapter.
	sectionMaxMatches = 2000
	// sectionBase is the relevance the page of the best section gains,
	// falling linearly to nothing at sectionLimit (bm25 adds up to
	// bm25Scale, 10): a chapter that one section answers ranks within its
	// source as a chapter the whole request matches would.
	sectionBase = 10.0
	// weightSectionFusion: the source of a request's best section, when
	// that section holds every keyword, fuses at this share of apple-docs'
	// weight instead of its own (the book's 1.0 against 3.0 put its first
	// chapter below Apple's hundredth page at RRF k = 60).
	weightSectionFusion = 1.0
)
