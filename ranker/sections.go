package ranker

import (
	"context"
	"fmt"
	"maps"
	"sort"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Sections: the Swift book's chapters, Swift Evolution's proposals and
// swift.org's pages are long, and a question about one of their sections
// ("willSet and didSet", "static func vs class func") shares its words with
// that section, not with the chapter as a whole, which every other page
// outweighs. enrich's passages pass indexes each section (index.Passage);
// a request searches them, and the page of each of the best sections joins
// the candidates, found through that section: its summary is the section's
// text and its Section the anchor read_document opens. The words' own
// candidates stay: a section adds a page, it never removes one.

// sectionHit is the best section a search found on a page.
type sectionHit struct {
	rank            int // 1-based among the passages the search read
	passage         int64
	anchor, heading string
	matchedAllWords bool // the section holds every keyword of the request
	// namedTopic: the request names this section's title (topics.go).
	namedTopic bool
}

// sectionStage adds the pages of the request's best sections, searched
// in each source apart: Swift Evolution's six thousand sections would
// otherwise fill the list before the book's chapter that teaches the
// feature.
func (s *search) sectionStage(ctx context.Context) error {
	if !s.sectionsApply() {
		if (len(s.nameTopics) > 0 || s.namesWholeTopic()) && s.inScope(sectionFusionSource) {
			// A bare @attribute, or a keyword a question asks about,
			// searches no section, but the one it names joins; so does
			// the book's heading typed as a title ("Computed Properties").
			s.sections = map[int64]sectionHit{}
			s.topicStage()
		}
		return nil
	}
	defer s.trace(ctx, "sections", time.Now())
	words := s.contentWords()
	if len(words) == 0 {
		return nil
	}
	s.sections = map[int64]sectionHit{}
	for _, src := range index.PassageSources {
		r, ok := s.sectionIndex.spans[src]
		if !ok || !s.inScope(src) || src != sectionFusionSource && !s.asked(src) {
			// Swift Evolution's and swift.org's sections answer a request
			// that asks for them (a source filter, "proposal"): searched
			// for every language question, they changed no battery's
			// score, lowered one dev row (SE-0169 1 -> 2 under a proposal
			// whose section holds both words) and cost 4-7 ms of CPU
			// per sentence.
			continue
		}
		if err := s.sourceSections(ctx, src, words, r); err != nil {
			return err
		}
	}
	if s.inScope(sectionFusionSource) {
		s.topicStage()
	}
	return nil
}

// sourceSections adds the pages of one source's best sections for words:
// their AND, which, in the book alone, is relaxed by dropping the most
// common word while it matches nothing. Swift Evolution's and swift.org's
// sections join only when one holds every word: relaxed, their thousands
// of sections answer with whatever repeats the rarest word, and each retry
// costs a search.
func (s *search) sourceSections(ctx context.Context, src string, words []string, r idRange) error {
	df := map[string]int{}
	for _, w := range words {
		n, err := s.e.countRows(ctx, index.PassageFTSTable, MatchAll([]string{w}), sectionMaxMatches+1)
		if err != nil {
			return fmt.Errorf("ranker sections: %w", err)
		}
		df[w] = n
	}
	relax := true
	var kept []string
	for _, w := range words {
		// A word no section holds leaves every AND empty.
		if df[w] > 0 {
			kept = append(kept, w)
		} else if !relax {
			return nil
		}
	}
	if len(kept) == 0 {
		return nil
	}
	sort.SliceStable(kept, func(i, j int) bool { return df[kept[i]] < df[kept[j]] })
	for {
		if df[kept[0]] > sectionMaxMatches {
			// Even the rarest word is in too many sections to tell one.
			return nil
		}
		found, err := s.searchSections(ctx, kept, r, len(kept) == len(words))
		if err != nil || found > 0 || !relax || len(kept) == 1 {
			return err
		}
		kept = kept[:len(kept)-1]
	}
}

// searchSections adds the pages of the best sections in r holding every
// word, and returns how many sections it read.
func (s *search) searchSections(ctx context.Context, words []string, r idRange, all bool) (int, error) {
	found, err := s.e.store.SearchPassages(ctx, MatchAll(words), index.RowSpan{Lo: r.lo, Hi: r.hi}, sectionLimit)
	if err != nil {
		return 0, fmt.Errorf("ranker sections: %w", err)
	}
	for i, p := range found {
		if _, seen := s.sections[p.DocID]; seen {
			continue // a page is found through its best section
		}
		s.sections[p.DocID] = sectionHit{passage: p.ID, anchor: p.Anchor, heading: p.Heading, rank: i + 1, matchedAllWords: all}
		s.add(p.DocID, viaSection)
	}
	return len(found), nil
}

// sectionsApply: sections answer questions about the language
// (namesLanguage), in words or about an attribute ("@escaping and
// completion handler"), or framed as about Swift over several names
// ("Difference between Array, Set and Dictionary in Swift", no prose to
// the parser), within a scope that holds a source cut into passages. Other requests gain nothing measurable from them (the dev and
// held-out batteries score the same with sections for every request) and
// would pay the searches: about 4 ms of CPU per sentence.
func (s *search) sectionsApply() bool {
	if s.identifier || !(s.q.Prose || len(s.q.Attributes) > 0 && len(s.q.Keywords) > 0 || s.swiftQuestion && len(s.q.Terms) > 1) || !s.namesLanguage() {
		return false
	}
	for _, src := range index.PassageSources {
		if s.inScope(src) {
			return true
		}
	}
	return false
}

// namesWholeTopic reports a request whose every content word, in order,
// is a heading of the book's ("Computed Properties", "Function Types"):
// typed as a title it is a name, not prose, and searches no section.
func (s *search) namesWholeTopic() bool {
	if s.identifier || s.sectionIndex == nil {
		return false
	}
	// Split as the headings are (topicStems): "In-Out Parameters" is the
	// heading's "in", "out" and "parameters".
	stems := topicStems(strings.Join(s.contentWords(), " "))
	if len(stems) < minTopicWords || len(stems) > maxTopicWords {
		return false
	}
	_, ok := s.sectionIndex.topics[strings.Join(stems, " ")]
	return ok
}

// sectionScaffolding are the words of a question's frame, which say what
// is asked, not about what ("what is the difference between…", "what does
// … mean", "the purpose of…"), and "swift", which every passage is about.
var sectionScaffolding = map[string]bool{"swift": true, "difference": true, "differences": true, "purpose": true,
	"mean": true, "means": true, "meaning": true, "example": true, "examples": true, "explain": true,
	"good": true, "better": true, "best": true, "understand": true, "use": true, "using": true, "usage": true}

// contentWords are the request's keywords without function words and a
// question's frame.
func (s *search) contentWords() []string {
	var out []string
	for _, k := range append(append([]string(nil), s.q.Attributes...), s.q.Keywords...) {
		if w := strings.ToLower(k); !stopWords[w] && !sectionScaffolding[w] && hasTokenChar(w) && !containsString(out, w) {
			out = append(out, w)
		}
	}
	return out
}

// sectionRelevance is what a page's best section adds to its base: the
// first section sectionBase, falling linearly to nothing at sectionLimit.
func (s *search) sectionRelevance(c *candidate) float64 {
	h, ok := s.sections[c.id]
	if !ok {
		return 0
	}
	return sectionBase * (1 - float64(h.rank-1)/sectionLimit)
}

// sectionFusionWeights raises the fusion weight of the Swift book to
// apple-docs' (times weightSectionFusion) when the request names the
// language and the book's best section holds every content word of it: a language question's chapter then meets
// the API pages on equal terms. The book teaches the language; Swift
// Evolution's and swift.org's sections join the candidates at their own
// weights.
func (s *search) sectionFusionWeights(w map[string]float64) map[string]float64 {
	if !s.namesLanguage() {
		return w
	}
	strong, named := false, false
	for id, h := range s.sections {
		if c := s.cands[id]; c != nil && c.source == sectionFusionSource && (h.matchedAllWords && h.rank == 1 || h.namedTopic) {
			strong = true
			named = named || h.namedTopic
		}
	}
	for id := range s.lexiconRank {
		// The lexicon names a chapter of the book ("dealloc" is
		// Deinitialization's): the book is the answer it knows.
		if c := s.cands[id]; c != nil && c.source == sectionFusionSource {
			strong = true
		}
	}
	// Equal terms are the weight Apple's pages would have at the book's
	// standing: sourceWeights scales each source by its best match against
	// the best anywhere, so when Apple's best match is weak its weight
	// falls below the book's own and raising the book to it would lower
	// it; the book then takes Apple's default weight times its own scale
	// (1 when the task lexicon named its page). "failable initializer":
	// Apple's weight 0.86, the book's 1, the book's chapter 32nd under
	// every proposal whose text says "initializer".
	bookScale := 1.0
	if d := DefaultSourceWeights[sectionFusionSource]; d > 0 && w[sectionFusionSource] > 0 {
		bookScale = w[sectionFusionSource] / d
	}
	target := max(w[document.SourceAppleDocs], DefaultSourceWeights[document.SourceAppleDocs]*bookScale) * weightSectionFusion
	if s.onlyLanguage() {
		// Every word names the language ("let vs var", "static func vs
		// class func"): Apple's pages match such words only through titles
		// that hold a keyword (IOHistogramReporter_IVars, a property named
		// lazy), so the book meets them on equal terms whether or not one
		// section holds every word. At twice Apple's weight the book's
		// generic chapters crowded out the API page cross-source wants for
		// "async await".
		strong = true
	}
	if s.swiftQuestion || s.framedQuestion || len(s.q.Attributes) > 0 {
		// A question ("What does $0 mean in Swift closures?", "Is protocol
		// inheritance the same thing as …?") or an attribute asks what
		// the language does: the book's chapter wins a tie of ranks with
		// Apple's page, which it lost by the lists' order. Plain words
		// ("Binding property wrapper", "async await") keep the tie Apple's:
		// given to the book there, six batteries lost a rank.
		target *= 1 + bookTieBreak
	}
	if named {
		// The request names the section (a heading's words, an
		// @attribute, a keyword the section teaches): the book meets the
		// strongest source, whichever it is, not Apple's alone.
		for _, v := range w {
			target = max(target, v)
		}
	}
	if !strong || w[sectionFusionSource] >= target {
		return w
	}
	out := make(map[string]float64, len(w))
	for k, v := range w {
		out[k] = v
	}
	out[sectionFusionSource] = target
	return out
}

// swiftConstructWords are the words that name a construct of the Swift language:
// its keywords (swiftlex.LanguageWords: the book's "Keywords and Punctuation",
// less those English uses every day: "open", "set", "case", "return"…) and the
// names of its concepts, with the plural nouns short questions use ("variables in
// extensions", "can enumerations have methods"; TestLanguagePairsRealIndex, 526
// questions pairing 24 constructs, judged by either's chapter: hit@10 75.3% ->
// 97.5%, MRR 0.5497 -> 0.7031; "properties" and "functions" added one question
// more and were left out). A request holding one asks about the language, and the
// book's section may meet Apple's pages on equal terms; "run code after a delay",
// whose words a book chapter holds too, is no language question.
var swiftConstructWords = map[string]bool{}

func init() {
	maps.Copy(swiftConstructWords, swiftlex.LanguageWords)
	for _, w := range strings.Fields(`optionals escaping nonescaping autoclosure closure closures generic generics
		tuple tuples unwrap unwrapping unwrapped structs enums protocols initializer initializers subclass
		subclassing keyword keywords extensions subscripts actors enumerations structures deinitializers
		variables constants methods classes`) {
		swiftConstructWords[w] = true
	}
}

// namesLanguage reports a request about the Swift language: an attribute,
// a word of swiftConstructWords, or a question framed as about Swift
// ("What does an exclamation mark mean in the Swift language?", "[swift]
// Difference between Array, Set and Dictionary"). A framed question about
// an API ("How do I play a sound in Swift?") searches the book's sections
// too, but its chapter fuses at apple-docs' weight only when one section
// holds every word (sectionFusionWeights). On realq-dev: MRR 0.2807 ->
// 0.2886, hit@10 52 -> 55; no other dev or held-out battery moved.
func (s *search) namesLanguage() bool {
	if len(s.q.Attributes) > 0 || s.swiftQuestion || len(s.namedTopics()) > 0 {
		return true
	}
	for _, w := range s.contentWords() {
		if swiftConstructWords[w] {
			return true
		}
	}
	return false
}

// onlyLanguage reports a request every content word of which names a
// construct of the language.
func (s *search) onlyLanguage() bool {
	words := s.contentWords()
	for _, w := range words {
		if !swiftConstructWords[w] {
			return false
		}
	}
	return len(words) > 0
}

// sectionFusionSource is the source whose best section fuses at Apple's
// weight.
const sectionFusionSource = "swift-book"

// sectionSummaries gives each result found through a section that
// section's anchor, and as its summary the section's paragraph holding the
// most of the request's keywords (its first paragraph when none does).
func (s *search) sectionSummaries(ctx context.Context, results []Result) {
	if len(s.sections) == 0 {
		return
	}
	byURI := make(map[string]int64, len(s.sections))
	for id := range s.sections {
		if c := s.cands[id]; c != nil {
			byURI[c.uri] = id
		}
	}
	var ids []int64
	at := map[int64]int{}
	for i, r := range results {
		if h, ok := s.sections[byURI[r.URI]]; ok {
			ids = append(ids, h.passage)
			at[h.passage] = i
			results[i].Section = h.anchor
		}
	}
	texts, err := s.e.store.PassageTexts(ctx, ids)
	if err != nil {
		s.e.log.Warn("read sections for summaries", "err", err)
		return
	}
	stems := s.keywordStems()
	for id, text := range texts {
		if p := bestParagraph(text, stems); p != "" {
			results[at[id]].Summary = p
		}
	}
}

// proposalFusionWeights raises Swift Evolution to apple-docs' weight for a
// language question whose best proposal is titled with half of its words or
// more, two at least (proposalTitled): "Swift 6 failing to implicitly open
// existentials" is SE-0352 "Implicitly Opened Existentials", which at
// Evolution's own 1.5 ranked below Apple's tenth page matching one word.
// list is Evolution's ranked list.
func (s *search) proposalFusionWeights(w map[string]float64, list []*scored) map[string]float64 {
	src := document.SourceSwiftEvolution
	if len(list) == 0 || !s.q.Prose || len(s.concepts) < 2 || !s.namesLanguage() ||
		!s.proposalTitled(list[0].c) || w[src] >= w[document.SourceAppleDocs] {
		return w
	}
	out := maps.Clone(w)
	out[src] = w[document.SourceAppleDocs]
	if s.swiftQuestion || s.framedQuestion {
		out[src] *= 1 + bookTieBreak
	}
	return out
}

// proposalTitled: a proposal's title holds at least proposalTitleCoverage
// of the question's words, and two of them or more.
func (s *search) proposalTitled(c *candidate) bool {
	n := s.titleCovered(c)
	return n >= 2 && float64(n) >= proposalTitleCoverage*float64(len(s.concepts))
}
