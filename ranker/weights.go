package ranker

import (
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// Every number that changes an order or a candidate set is in this file,
// each with its reason: the multipliers of score() (the named weights and
// frameworkAuthority; prominence's is 1/(1+prominenceWeight×p), and the
// coverage multiplier of a request is built from weightProseCoverageSlope),
// the additive parts of a candidate's relevance (bm25Scale, the field*
// constants, sectionBase, and each stage's base below), the fusion
// constants and lead weights (the source weights are declared with the
// sources, internal/source), and the caps on what each stage considers.
// TestScoringCasesNameEveryWeight holds each name to a scoring case or a
// reason it has none (scoring_test.go).
//
// weight is one cost multiplier of score(): below 1 lifts a page in its
// source's list, above 1 sinks it. `--explain` prints a weight's factor
// group and reason.
type weight struct {
	factor string  // the Factor* group --explain prints
	value  float64 // the multiplier
	reason string  // --explain's detail when the call site adds none
}

// The weights, grouped as score() applies them. Their values were tuned by
// hand on the dev batteries (../shared/quality and eval/batteries) by class
// (exact names, Type member, prose), never on a row, and checked once on the
// held-out sets; see docs/search.md. Four were then fitted on weak labels
// drawn from the index under a guard that no dev battery lose MRR
// (eval/fit; docs/search.md, "Fitted weights"): weightNestedType,
// weightNounType, weightDeprecated and weightFrameworkHint, each noting
// its hand value. testdata/scoring.golden holds each weight's factor line
// for a query and a page (TestScoreFactors).
var (
	// Title equals the query: the strongest signal there is.
	weightExactTitle = weight{FactorExactTitle, 0.05, "title equals the query"}
	// Among exact titles, a type page beats a member of the same name.
	weightExactTypeKind = weight{FactorKind, 0.3, "type page among exact titles"}
	// Among a member name's exact titles, the protocol requirement defines
	// what the other pages implement (Hashable's hash(into:)).
	weightProtocolRequirement = weight{FactorKind, 0.2, "a protocol's requirement among exact titles"}
	// The same in a request that names the member among other words
	// ("hash vs hashValue"): the hundred conformers' pages of that title
	// repeat what the requirement defines.
	weightNamedRequirement = weight{FactorKind, 0.2, "a protocol's requirement the request names"}
	// A declaration available on no platform belongs to a file format, a
	// package manifest or a script API (Apple News Format,
	// PackageDescription, TVMLKit JS), not to the SDK an app is written
	// against.
	weightNoPlatform = weight{FactorFrameworkAuthority, 1.5, "available on no platform"}
	// weightConversionInit: an initializer of the target type whose
	// summary names the source, for "convert String to Double"
	// (conversionStage), ranks as the member a "Type member" query names
	// does: above both types, which the question names.
	weightConversionInit = weight{FactorTypeMember, 0.02, "an initializer the conversion asks for"}
	// weightOtherPlatform: a question naming a platform ("Close iOS
	// keyboard…") is not answered by a page that lists its platforms and
	// not that one (TVML's Keyboard, a macOS-only kernel call).
	weightOtherPlatform = weight{FactorPlatform, 2, "not on the platform the question names"}

	// A request that names a type ("…with NavigationStack") wants that page.
	weightProseNamesTitle = weight{FactorTitleWords, 0.15, "title is the name the query mentions"}
	// A request's title coverage: the multiplier is 1 - slope × coverage, so
	// a title covering every keyword costs 0.3.
	weightProseCoverageSlope = weight{FactorTitleWords, 0.7, "title covers part of the keywords"}
	weightTitleHoldsAll      = weight{FactorTitleWords, 0.3, "title holds every keyword"}

	// Text over Text.Scale when the query has no dot. Fitted (hand 2).
	weightNestedType = weight{FactorNesting, 1.83, "nested type for an unnested query"}

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
	// weightQuestionMemberKind: a member page for a request framed as a
	// question ("How do I dismiss the keyboard?", "…not working"). A
	// request written as a job ("dismiss the keyboard") wants the type
	// that does it; a developer's question is most often answered by the
	// one method or property the accepted answer calls.
	weightQuestionMemberKind = weight{FactorKind, 0.6, "member page for a question"}
	// A whole sample project, package or WWDC session answers a request
	// better than one of its files or symbol pages.
	weightProseWholeKind = weight{FactorKind, 0.25, "whole project, package or session for a request"}
	// REST, JSON and JavaScript references reuse every common noun.
	weightDataLanguage = weight{FactorKind, 1.5, "REST, JSON or JavaScript reference for a Swift query"}

	// Long titles for short queries are rarely the answer.
	weightVerboseTitle = weight{FactorVerboseTitle, 1.3, "long title for a short query"}
	// Release notes match everything and answer nothing.
	weightReleaseNotes = weight{FactorReleaseNotes, 2.5, ""}

	// Symbols: the page declares what the query names.
	weightExactSymbol   = weight{FactorSymbolMatch, 0.33, "declares a symbol named like the query"}
	weightKeywordSymbol = weight{FactorSymbolMatch, 0.33, "declares a symbol named like a query word"}
	weightNounType      = weight{FactorSymbolMatch, 0.707, "a type named by a noun of the request"} // fitted (hand 0.5)
	// The property wrapper or attached macro an @attribute of the request
	// is written as (viaAttributePage). Fitted on TestAttributePagesRealIndex
	// (528 questions): 0.3 MRR 0.2680 / hit@10 50.4%, 0.1 0.4582 / 73.7%,
	// 0.05 0.7206 / 94.1%, 0.02 0.8565 / 100%; no human-written row moved
	// at any of them.
	weightAttributePage = weight{FactorAttribute, 0.02, "the property wrapper or macro the @attribute is"}
	// A whole project, package or session titled with every keyword: its
	// long page has a weak bm25 and no full-text score when a lookup
	// found it, yet it is what the words name.
	weightWholeTitle = weight{FactorTitleWords, 0.2, "whole project, package or session titled with every keyword"}

	// Deprecated pages sink below their replacements unless asked for.
	// weightDeprecated is fitted (hand 2).
	weightDeprecated = weight{FactorDeprecation, 1.54, "deprecated"}

	// Hints from query words.
	weightNamedFramework = weight{FactorSynonym, 0.6, "in a framework the request names"}
	// A request naming a UIKit or AppKit type wants that framework's way,
	// not SwiftUI's (rivalsOfNamedTypes); fitted on the dev batteries by
	// full evaluation over 1.25, 1.5, 2 and 3 (flat from 2 up).
	weightRivalFramework = weight{FactorSynonym, 2, "in a user-interface framework rival to a named type's"}
	weightFrameworkHint  = weight{FactorFrameworkHint, 0.229, "in the framework the query names"} // fitted (hand 0.25)

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
// frameworks win ties for bare names (Result, Task, Data) and members of one
// name (SwiftUI's modelContainer(_:) before ModelActor's). The JavaScript
// and device-management references' costs moved no row of the batteries
// (the ablation study, docs/search.md "What each weight adds"):
// weightDataLanguage and weightNoPlatform already sink them.
var frameworkAuthority = map[string]float64{
	"swift":      0.5,
	"swiftui":    0.7,
	"foundation": 0.7,
}

// apply multiplies the score by w; detail, when given, replaces w's reason
// in --explain (a framework name, the attributes asked for).
func (s *Score) apply(w weight, detail ...string) {
	why := w.reason
	if len(detail) > 0 {
		why = detail[0]
	}
	s.multiplyRule(ruleOf[w], w.factor, w.value, why)
}

// Readings propose; retrieval decides. The reading's own numbers are
// reading/weights.go's, with their reasons (the reading package cannot see
// this file); they are named here too so that this table, --explain's
// rule names and TestScoringCasesNameEveryWeight list every number.
const (
	wordsWeightFloor      = reading.WordsWeightFloor
	readingWeightFloor    = reading.ReadingWeightFloor
	sureMessageWordsShare = reading.SureMessageWordsShare
)

// comparisonSideWeight: each side of a comparison weighs this against the
// whole query's list (reading/weights.go).
const comparisonSideWeight = reading.ComparisonSideWeight

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
	// bookTieBreak: for a question framed as about Swift, the book fuses
	// this share above apple-docs' weight, so its chapter wins a tie of
	// ranks with Apple's page.
	bookTieBreak = 0.01
	// proposalTitleCoverage is the share of a language question's words
	// its best proposal's title must hold, two words at least, for Swift
	// Evolution to fuse at apple-docs' weight (proposalFusionWeights). At
	// 0.75 "Can first trailing closure be named?" left SE-0279 "Multiple
	// Trailing Closures" out; at 0.5 without the two words, "let vs var"
	// put a proposal titled "var" above the book's chapter.
	proposalTitleCoverage = 0.5
)

// ---- Relevance a stage adds, on bm25Scale's scale (contexts.go, lexicon.go,
// semantic.go, prominence.go, call_pages.go).

// contextBase is the relevance the best API by context gains, falling
// linearly to nothing at contextLimit (bm25 adds up to bm25Scale, 10). 8
// lifted the dev tasks further (MRR 0.38) but cost prose-v3 two top-3 hits.
const contextBase = 4.0

const (
	// lexiconIdeas is how many of the best-matching ideas a request draws
	// pages from; lexiconPages caps the pages they add.
	lexiconIdeas = 3
	lexiconPages = 8
	// lexiconBase is the relevance the first page of the best idea gains,
	// falling linearly by lexiconStep per page, never below 1 (bm25 adds
	// up to bm25Scale, 10; the context stage's best API 4). Both were
	// chosen on the dev sets (docs/search.md, "The task lexicon").
	lexiconBase = 20.0
	lexiconStep = 3.0
	// lexiconQuestionScale multiplies the lexicon's relevance for a
	// request framed as a question ("How do I dismiss the keyboard?"):
	// a developer's question words the job loosely and its own words find
	// the page less often than a request written as the job. Fitted on
	// the realq dev rows (docs/search.md, "Weights of their own for
	// questions"); the requests written as jobs are not framed.
	lexiconQuestionScale = 2.0
	// namedMemberBase is the relevance a member of a type the request
	// names gains when the request's other words name it
	// (namedMemberStage); maxNamedTypes and namedMemberPages bound the
	// lookups: a request naming more types is a comparison or a list.
	// Fitted in round twenty-nine (12 by hand; 24 and 48 raised every
	// realq dev set's MRR with no other battery lower, 96 cost task a
	// rank; docs/search.md, "Fitted constants").
	namedMemberBase  = 48.0
	maxNamedTypes    = 2
	namedMemberPages = 3
	// objcNameMatches is how many pages may write an Objective-C constant's
	// name for objcNameStage to read it as one member's (a constant's name
	// is on its own page and its Objective-C twin's, a few guides at the
	// most); objcNamePages is how many of them, best first, it proposes.
	objcNameMatches = 8
	objcNamePages   = 2
	// objcSelectorMinLen is the shortest selector part objcNameStage reads
	// (initWithURL is 11 letters; shorter lowerCamel words are more often
	// a value's name in a question than a method's).
	objcSelectorMinLen = 10
	// deprecationReplacements caps the pages deprecationStage proposes for
	// a request, and deprecationLookups the pages each of its names is
	// looked up on (a member's name is shared by a few types).
	deprecationReplacements = 3
	deprecationLookups      = 8
	// familyMemberBase is the relevance the best member of a named type's
	// family that the request's other words match adds (familyMemberStage),
	// the n-th best familyMemberBase/n; familyMemberPages bounds how many,
	// familyDepth and familyEdges the superclasses walked.
	familyMemberBase = 24.0
	// requirementLookups bounds the protocol requirements a member name
	// adds (addRequirements).
	requirementLookups = 5
	// twinSpare is how many rows past the limit ranking keeps for
	// swiftTwins to fill the places of the Objective-C pages it drops.
	twinSpare = 5
	// respellRatio: a word is respelled when its known neighbour is on
	// this many times as many pages (respell); respellCount: a word on
	// this many pages or more is a word of its own.
	respellRatio      = 10
	respellCount      = 100
	familyMemberPages = 3
	familyDepth       = 4
	familyEdges       = 40
	// keywordHeadingBonus: a book section whose heading names a keyword
	// it writes as code counts as writing it this many times more
	// (keywordSections).
	keywordHeadingBonus = 5
	// spreadWindow and spreadSameName: in a question's first spreadWindow
	// results a name holds at most spreadSameName places (spread.go).
	// Fitted in round twenty-nine (2 by hand): one place raised the realq
	// dev sets and prose-v6 (44 -> 47 in the top 3), no battery lower.
	spreadWindow   = 10
	spreadSameName = 1
	// conversionInits bounds the initializers a conversion proposes
	// (conversionStage), among the first conversionInitScan of the
	// target's initializers.
	conversionInits    = 3
	conversionInitScan = 60
	// attributePageLookups bounds the pages one @attribute proposes (a
	// macro's overloads: Query has eight).
	attributePageLookups = 10
	// A loose match needs lexiconLooseWords of an idea's words worth
	// lexiconLooseMin together; a whole phrase's words each add
	// lexiconWholeWeight to the idea's score besides their worth.
	lexiconLooseWords  = 2
	lexiconLooseMin    = 8.0
	lexiconWholeWeight = 1.0
)

const (
	// semanticNeighbours is how many pages the similarity search adds.
	semanticNeighbours = 40
	// semanticBase scales similarity (in [-1, 1]) into base relevance,
	// where bm25 contributes up to bm25Scale.
	semanticBase = 6
	// semanticFloor: similarities at or below it add nothing; unrelated
	// texts of this corpus sit below it.
	semanticFloor = 0.35
)

// conceptRarityPower: in a framed question's title coverage each concept
// weighs its rarity (weighConcepts) to this power. Chosen on the dev sets
// over 0, 0.25, 0.5, 0.75 and 1: realq dev 0.5197, 0.5223, 0.5223 (and
// realq-dev9 19 -> 17), 0.5223 and 0.5228 with realq-dev3 losing its first
// place at 0.75 and 1; 0.5 is the largest without a battery lower.
const (
	conceptRarityPower = 0.5
	// dfScale is above every document frequency docFreq returns
	// (dfLimit), so that every concept's rarity is positive.
	dfScale = 10 * dfLimit
)

// prominenceWeight and prominenceSaturation: a type used widely in sample
// and package code gains up to prominenceWeight, on a log scale that
// saturates at prominenceSaturation files (prominence.go).
const (
	prominenceWeight     = 1.0
	prominenceSaturation = 500
	// prominenceKeywords is the longest query prominence reads: a common
	// word or two, which name a family of pages rather than one.
	prominenceKeywords = 2
)

// callProminenceWeight is the most a member's type's use in code moves its
// page: less than a framework's rank apart, so it orders near-ties.
const callProminenceWeight = 6

// namedMemberFirstReach is how far down the fused list namedMemberFirst
// looks for a named member to lift above its type: the first page.
const namedMemberFirstReach = 10

// maxNamedProposals bounds the proposals a read query's text may name by
// number and see first (namedProposalsFirst): each costs a lookup.
const maxNamedProposals = 3

// platformTwinReach is how far down the fused list uikitBeforeAppKit looks
// for a UIKit page to lift above its AppKit twin: the first page.
const platformTwinReach = 10

// A question names a topic of the book (topics.go) when a run of its
// content words equals a section title of minTopicWords to maxTopicWords
// content words. One word names too much ("Properties", "Methods" are
// chapters, and any API question says "methods"); titles of five words
// and more are sentences no question repeats.
const (
	minTopicWords = 2
	maxTopicWords = 4
)

// ---- Fusion (fusion.go, understand.go, rank.go).

// RRFK is the reciprocal-rank-fusion constant of Cormack, Clarke and
// Büttcher; orderings are insensitive to it within roughly [10, 100].
const RRFK = 60

// The fusion weight of a reading's first search; the others have 1
// (reading/weights.go gives the reasons).
const (
	syntaxLeadWeight  = reading.SyntaxLeadWeight
	messageLeadWeight = reading.MessageLeadWeight
)

// messageRRFK is the fusion constant of a message's searches. Each search
// returns at most a page of results, so at the usual k of 60 all ten of the
// lead's outranked the first result of the second search (1.5/70 > 1/61)
// and the chapter that explains the rule never showed. At 1 the lists
// interleave, the lead first: dev error MRR 0.78 -> 0.88 and error-v2 0.88
// -> 0.96, the same pages found (docs/benchmarks.md). Code keeps 60: what
// it calls should fill the page, and at 2 its MRR fell.
const messageRRFK = 1

// perSourceList bounds each source's ranked list before fusion.
const perSourceList = 100

// namedSourceFloor is the least share of its default fusion weight a
// source keeps, in a request scored in full, when the task lexicon named
// pages in it (sourceWeights). It kept its whole weight until round
// thirty-six; swept 0.01, 0.5, 0.6, 0.65, 0.75, 0.85: from 0.75 down the
// realq dev rows gain (0.5096 -> 0.5115), error-final's answer 2 -> 1, and
// no battery falls; below 0.65 realq-dev4 and prose fall.
const namedSourceFloor = 0.7

// A request's weak tail (weakTail, fusion.go): a source's pages scoring
// under weakTailShare of the best score of a second name in its list fuse
// at weakTailWeight of the source's weight, unless the task lexicon named
// them. Swept on the dev and held-out batteries (docs/search.md): share
// 0.25, 0.3, 0.4 and weight 0.35, 0.5, 0.65; at 0.3 and 0.35 the 350 realq
// dev rows went 255 -> 261 in the top ten, prose 14 -> 15, and no battery
// fell.
const (
	weakTailShare  = 0.3
	weakTailWeight = 0.35
)

// languageSources are what a comparison's side of Swift keywords alone
// ("let vs var") keeps of its results: the book, Swift Evolution and
// swift.org.
// Elsewhere such a word matches only names that end in it
// (IOUserNetworkEthernet_IVars); realq-dev's "let and var" 5 -> 1.
// A side searched scoped to these sources instead ranks a little better
// (realq-dev 0.5039 against 0.5000), for a second kind of search per side.
var languageSources = []string{document.SourceSwiftBook, document.SourceSwiftEvolution, document.SourceSwiftOrg}

// languageSideDepth is how deep a keyword side's results are read for
// their pages of languageSources: "var" alone has 9 of them in its first
// 50, "let" 18, "Class" none (13 in 100; at 100 realq-dev is 0.4986, at 50
// 0.5000).
const languageSideDepth = 50

// ---- Caps on what is considered (candidates.go, contexts.go, filtered.go,
// prose.go, typos.go, counts.go, understand.go; reading/question.go's is
// reading/weights.go's). Each bounds a stage's work; most bite only on the
// full corpus.

// Stage bounds; see the package comment for the measurements behind them.
const (
	// FullScoreCap is the most FTS matches scored with bm25 in one query:
	// 300 rows of common words cost about 5 ms; over it the lookups and
	// the name-field matches hold the answers of the name and topic
	// queries that reach it (prose has proseScoreCap).
	FullScoreCap = 300
	// smallSourceMax is the largest source searched by rowid range when the
	// full-text stage is over the cap.
	smallSourceMax = 20000
	// lookupLimit bounds each B-tree lookup.
	lookupLimit = 200
	// minMatches is the match count under which a multi-keyword AND is
	// relaxed by dropping its most frequent keyword.
	minMatches = 3
	// minLookupHits is the lookup candidate count under which a query over
	// the cap also gets title-restricted FTS candidates, titleFTSLimit of them.
	minLookupHits = 20
	titleFTSLimit = 50
)

// Contexts: what the corpus says around an API's mentions (enrich's
// contexts pass, index.ContextFTSTable) is written the way requests are
// ("wrap the row in a NavigationLink to push a detail screen"), so a prose
// query also searches those words, and the APIs whose contexts match best
// gain relevance by their rank there.
const (
	// contextLimit is how many APIs the context search adds.
	contextLimit = 30
	// contextMinMatches: an AND of the request's words matching fewer APIs
	// is relaxed by dropping its most common word.
	contextMinMatches = 5
	// contextMaxMatches: an AND matching more APIs is too common to rank
	// (bm25 would score them all), and is left out.
	contextMaxMatches = 3000
)

// Exact filters. The stages above find candidates across the corpus and
// bound each step (a lookup limit, the full-score cap), so a framework or
// kind filter applied to what they fetched can be left with nothing: the
// twenty best "button" pages of the corpus hold no AppKit class, yet
// NSButton exists. A filtered search therefore also asks SQL for the pages
// of its framework or kind, before any cap:
//
//  1. filteredTitles: pages of the filter whose title holds the keywords,
//     shortest titles first, through the (framework, title) or (kind,
//     source, title) index;
//  2. filteredFullText, when the ranked results are still fewer than the
//     limit: full-text matches joined with the docs row and filtered in the
//     same statement, so bm25 is never computed for a row the filter drops.
const (
	// filteredTitleLimit bounds the title stage: enough for every page of
	// a framework titled with a common word ("cell" in AppKit).
	filteredTitleLimit = 200
	// filteredFTSLimit bounds the fallback's matches.
	filteredFTSLimit = 500
)

// Prose candidate bounds.
const (
	// proseMinMatches is the match count under which the AND of every
	// concept is relaxed: a request rarely uses only words that one page
	// holds ("transcribe speech to text").
	proseMinMatches = 20
	// proseFieldLimit bounds the field-restricted scoring of a request
	// matching more than the cap.
	proseFieldLimit = 200
	// proseScoreCap is FullScoreCap for requests: their matches are
	// scored in full up to this count, because restricting a request to
	// the naming fields loses the pages that use one of its words only in
	// the text (MFMailComposeViewController for "compose an email from the
	// app").
	proseScoreCap = 2 * FullScoreCap
	// specificNounDF is the most pages a noun may appear on for the type
	// it names to count as named by a request (see nounTypes).
	specificNounDF = 2000
	// namingWordDF is the most pages a single word may appear on to name a
	// framework through its synonyms (see frameworksNamed).
	namingWordDF = 5000
)

// Typo correction. A misspelt name ("UIViewControler", "NavigatoinLink")
// matches no title, no symbol and usually no word of the full text, so the
// search finds nothing or noise. The nearest title is found among those
// sharing the name's first two letters as typed or transposed (a B-tree
// range of a few thousand titles at most), by optimal string alignment
// distance: one edit for names up to five letters, two beyond.
const (
	// typoScanLimit bounds the titles read per prefix ("ns" has ~4,000).
	typoScanLimit = 6000
)

// dfLimit caps a counted document frequency: above it a word is simply
// common, and counting further would cost for nothing.
const dfLimit = 20000

// maxReadSearches bounds the searches one reading runs: a long message
// quoting many names still costs a few searches, not dozens.
const maxReadSearches = 5

// maxReadTitles is how many pages may bear a property's name for a read of
// it on a value of unguessed type to be searched by that name.
const maxReadTitles = 3

// maxShortSide is how many words each side of a comparison may have
// (reading/weights.go).
const maxShortSide = reading.MaxShortSide
