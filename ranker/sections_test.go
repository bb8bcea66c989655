package ranker

import (
	"math"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
)

// sectionFixture is an index where a language question's answer is one
// section of a book chapter (words no task lexicon idea holds stand for
// willSet and didSet, so only the sections decide): five Apple pages say the question's words,
// the "Properties" chapter answers it in its "Property Observers"
// section, and the "Declarations" chapter repeats each word more often
// but never both in one section.
func sectionFixture(t *testing.T) *Engine {
	t.Helper()
	var docs []*document.Document
	for _, name := range []string{"alpha", "beta", "gamma", "delta", "epsilon"} {
		docs = append(docs, page("apple-docs://observation/"+name, "Observation "+name, "article",
			"How the "+name+" registrar calls zorbitSet and plinthSet of a tracked var."))
	}
	observers := "Property observers observe and respond to changes in a var's value: zorbitSet is called just " +
		"before the value is stored, and plinthSet is called immediately after the new value is stored."
	docs = append(docs,
		page("swift-book://languageguide/properties", "Properties", "article",
			"Access stored and computed values that are part of an instance or type.", content(observers)),
		page("swift-book://referencemanual/declarations", "Declarations", "article",
			"The zorbitSet and plinthSet observers of a var, and other names and constructs.",
			content(strings.Repeat("zorbitSet ", 6)+strings.Repeat("plinthSet ", 6))))
	docs = append(docs, page("swift-evolution://SE-9001", "Observers for every var", "proposal",
		"Adds zorbitSet and plinthSet observers to a var.", content(observers)))
	path := indextest.Build(t, docs...)
	err := addFixturePassages(path, map[string][]index.Passage{
		"swift-book://languageguide/properties": {
			{Anchor: "Stored Properties", Heading: "Stored Properties", Title: "Properties",
				Text: "In its simplest form, a stored property is a constant or variable stored as part of an instance."},
			{Anchor: "Property Observers", Heading: "Property Observers", Title: "Properties", Text: observers},
		},
		"swift-book://referencemanual/declarations": {
			{Anchor: "Variable Declaration", Heading: "Variable Declaration", Title: "Declarations",
				Text: strings.Repeat("A zorbitSet observer runs first on a var. ", 6)},
			{Anchor: "Variable Declaration", Heading: "Observers", Title: "Declarations",
				Text: strings.Repeat("A plinthSet observer runs after. ", 6)},
		},
		"swift-evolution://SE-9001": {
			{Anchor: "Proposed solution", Heading: "Proposed solution", Title: "Observers for every var", Text: observers},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return openEngineAt(t, path)
}

// TestSectionHitNamesItsSection: a page found through a section names the
// section (the anchor read_document opens) and shows its text.
func TestSectionHitNamesItsSection(t *testing.T) {
	e := sectionFixture(t)
	rs := mustSearch(t, e, "what is the purpose of zorbitSet and plinthSet on a var", Filters{})
	i := rankOf(rs, "swift-book://languageguide/properties") - 1
	if i < 0 {
		t.Fatalf("the Properties chapter is not found: %v", uris(rs))
	}
	if r := rs[i]; r.Section != "Property Observers" || !strings.Contains(r.Summary, "zorbitSet is called just before") {
		t.Fatalf("section %q, summary %q: want the Property Observers section's text", r.Section, r.Summary)
	}
	for _, r := range rs {
		if r.Source == document.SourceAppleDocs && r.Section != "" {
			t.Errorf("%s names section %q, but was not found through one", r.URI, r.Section)
		}
	}
}

// TestSectionBaseLiftsTheAnsweringChapter pins sectionBase: the chapter one
// of whose sections holds every word of the question ranks above the
// chapter that repeats the words more often, in separate sections, and
// whose whole text bm25 therefore prefers.
func TestSectionBaseLiftsTheAnsweringChapter(t *testing.T) {
	e := sectionFixture(t)
	rs := mustSearch(t, e, "what is the purpose of zorbitSet and plinthSet on a var", Filters{})
	props, decls := rankOf(rs, "swift-book://languageguide/properties"), rankOf(rs, "swift-book://referencemanual/declarations")
	if props <= 0 || decls > 0 && props > decls {
		t.Fatalf("Properties at %d, Declarations at %d: the chapter whose section answers must lead (%v)", props, decls, uris(rs))
	}
}

// TestSectionFusionMeetsAppleOnEqualTerms pins weightSectionFusion: for a
// request naming the language ("var"), the book's best section holding
// every word fuses at apple-docs' weight, so
// the chapter comes second after Apple's first page, not sixth after all
// five (at the book's own weight, 1/61 is below Apple's fifth, 3/65).
func TestSectionFusionMeetsAppleOnEqualTerms(t *testing.T) {
	// A request no section holds every word of keeps the book's weight.
	checkBookLift(t, sectionFixture(t), "what is the purpose of zorbitSet and plinthSet on a var", "tracked registrar zorbitSet")
}

// checkBookLift: for lifted, the Properties chapter comes first or second
// (the book fuses at apple-docs' weight); for kept, it stays below the five
// Apple pages that say the words (the book keeps its own weight).
func checkBookLift(t *testing.T, e *Engine, lifted, kept string) {
	t.Helper()
	rs := mustSearch(t, e, lifted, Filters{})
	if r := rankOf(rs, "swift-book://languageguide/properties"); r <= 0 || r > 2 {
		t.Fatalf("%q: Properties at %d, want 1 or 2: %v", lifted, r, uris(rs))
	}
	rs = mustSearch(t, e, kept, Filters{})
	if r := rankOf(rs, "swift-book://languageguide/properties"); r > 0 && r <= 5 {
		t.Fatalf("%q: Properties at %d, want below Apple's five pages: %v", kept, r, uris(rs))
	}
}

// TestEvolutionSectionsWhenAsked: a proposal's sections answer a request
// that asks for Swift Evolution; otherwise the proposal competes as a
// whole page, without a section.
func TestEvolutionSectionsWhenAsked(t *testing.T) {
	e := sectionFixture(t)
	const q = "what is the purpose of zorbitSet and plinthSet on a var"
	for _, c := range []struct {
		f    Filters
		want string
	}{{Filters{}, ""}, {Filters{Sources: []string{"swift-evolution"}}, "Proposed solution"}} {
		rs := mustSearch(t, e, q, c.f)
		i := rankOf(rs, "swift-evolution://SE-9001") - 1
		if i < 0 {
			t.Fatalf("sources %v: the proposal is not found: %v", c.f.Sources, uris(rs))
		}
		if rs[i].Section != c.want {
			t.Errorf("sources %v: section %q, want %q", c.f.Sources, rs[i].Section, c.want)
		}
	}
}

// TestOnlyLanguageMeetsAppleOnEqualTerms pins the rule for a request every
// word of which names the language ("let vs var"): the book fuses at
// apple-docs' weight though no section holds every word; a request with
// one other word keeps the book's own weight.
func TestOnlyLanguageMeetsAppleOnEqualTerms(t *testing.T) {
	weights := map[string]float64{document.SourceAppleDocs: 3, sectionFusionSource: 1}
	for _, c := range []struct {
		keywords []string
		want     float64
	}{
		{[]string{"let", "var"}, 3},
		{[]string{"static", "func", "class"}, 3},
		{[]string{"let", "timer"}, 1},
		// Constructs by the plural nouns questions use ("variables in
		// extensions"): TestLanguagePairsRealIndex measures them.
		{[]string{"variables", "extensions"}, 3},
		{[]string{"methods", "enumerations"}, 3},
		{[]string{"subscripts", "actors", "structures", "deinitializers", "constants", "classes"}, 3},
		{[]string{"variables", "timer"}, 1},
	} {
		s := &search{q: &Query{Keywords: c.keywords}}
		if got := s.sectionFusionWeights(weights)[sectionFusionSource]; got != c.want {
			t.Errorf("%v: the book fuses at %v, want %v", c.keywords, got, c.want)
		}
	}
}

// TestSwiftQuestionSearchesTheBook: a question framed as about Swift
// searches the book's sections though no word of it names a construct of
// the language, and the chapter whose section holds every word meets
// Apple's pages on equal terms; the same words without the frame leave
// the book at its own weight, behind the five Apple pages that say them.
func TestSwiftQuestionSearchesTheBook(t *testing.T) {
	checkBookLift(t, sectionFixture(t), "What do zorbitSet and plinthSet do in Swift?", "zorbitSet and plinthSet")
}

// TestNamedTopics pins minTopicWords and maxTopicWords: a run of the
// request's content words equal to a book section's title of two to four
// words names that topic, longest first, whatever the words' endings; a
// one-word title names nothing. Keywords name topics by the book's words
// for them (keywordConcepts: "let vs var" is "Constants and Variables").
func TestNamedTopics(t *testing.T) {
	x := &sectionIndex{topics: map[string]bookTopic{}}
	for i, heading := range []string{"Properties", "Property Observers", "Implicitly Unwrapped Optionals",
		"Unwrapped Optionals", "Failable Initializers", "Setting Initial Values for Stored Properties Of Types",
		"Constants and Variables", "Type Properties"} {
		if words := topicStems(heading); len(words) >= minTopicWords && len(words) <= maxTopicWords {
			x.topics[strings.Join(words, " ")] = bookTopic{doc: int64(i + 1), heading: heading}
		}
	}
	for _, c := range []struct {
		keywords []string
		want     []string
	}{
		{[]string{"swift", "property", "observer", "initial", "value"}, []string{"Property Observers"}},
		{[]string{"declare", "implicitly", "unwrapped", "optional", "constant"}, []string{"Implicitly Unwrapped Optionals"}},
		{[]string{"best", "practice", "failable", "initializers"}, []string{"Failable Initializers"}},
		{[]string{"properties", "of", "a", "struct"}, nil},
		// Keywords named as the book's headings name them (keywordConcepts).
		{[]string{"let", "var"}, []string{"Constants and Variables"}},
		{[]string{"static", "properties", "enum"}, []string{"Type Properties"}},
		{[]string{"let", "timer"}, nil},
		{[]string{"setting", "initial", "values", "stored", "properties", "types"}, nil},
	} {
		s := &search{sectionIndex: x, q: &Query{Keywords: c.keywords}}
		var got []string
		for _, tp := range s.namedTopics() {
			got = append(got, tp.heading)
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%v names %q, want %q", c.keywords, got, c.want)
		}
	}
}

// TestNamedTopicProposesItsChapter: a request naming a book section's
// title, with no word that names the language, finds the chapter through
// that section (it names it), and the book fuses at apple-docs' weight.
func TestNamedTopicProposesItsChapter(t *testing.T) {
	e := sectionFixture(t)
	rs := mustSearch(t, e, "initial value of property observers", Filters{})
	i := rankOf(rs, "swift-book://languageguide/properties") - 1
	if i < 0 || rs[i].Section != "Property Observers" {
		t.Fatalf("the Properties chapter is not found through Property Observers: %v", rs)
	}
	x, err := e.sectionIndexOf(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	s := &search{e: e, sectionIndex: x, q: &Query{Keywords: []string{"property", "observers"}}, cands: map[int64]*candidate{7: {source: sectionFusionSource}},
		sections: map[int64]sectionHit{7: {rank: 3, namedTopic: true}}}
	if got := s.sectionFusionWeights(map[string]float64{"apple-docs": 3, sectionFusionSource: 1})[sectionFusionSource]; got != 3 {
		t.Errorf("a named topic's book fuses at %v, want apple-docs' 3", got)
	}
}

// TestBookMeetsAppleAtItsOwnStanding: when sourceWeights has scaled
// apple-docs below the book (Apple's best match is weak: "failable
// initializer"), equal terms are Apple's default weight at the book's own
// scale, not Apple's lowered weight, which would leave the book at its own
// 1.0 under every proposal at 1.5.
func TestBookMeetsAppleAtItsOwnStanding(t *testing.T) {
	for _, c := range []struct {
		apple, book, want float64
	}{
		{0.86, 1, 3},    // the book's page named by the lexicon: unscaled
		{0.3, 0.5, 1.5}, // both scaled: Apple's 3 at the book's half
		{3, 1, 3},       // Apple unscaled: Apple's weight, as before
		{0.9, 0.2, 0.9}, // the book's own standing is lower: Apple's weight
	} {
		s := &search{q: &Query{Keywords: []string{"failable", "initializer"}}, cands: map[int64]*candidate{7: {source: sectionFusionSource}},
			sections: map[int64]sectionHit{7: {rank: 1, matchedAllWords: true}}}
		got := s.sectionFusionWeights(map[string]float64{document.SourceAppleDocs: c.apple, sectionFusionSource: c.book})[sectionFusionSource]
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("apple-docs %v, book %v: the book fuses at %v, want %v", c.apple, c.book, got, c.want)
		}
	}
}

// TestSwiftQuestionOfNamesSearchesTheBook: a question framed as about
// Swift whose words are capitalised names ("Difference between Array, Set
// and Dictionary in Swift", "ZorbitSet PlinthSet in Swift?") is no prose
// to the parser, yet it asks about the language: the book's sections are
// searched and the chapter meets Apple's pages; the names alone, unframed,
// leave the book at its own weight.
func TestSwiftQuestionOfNamesSearchesTheBook(t *testing.T) {
	checkBookLift(t, sectionFixture(t), "ZorbitSet PlinthSet in Swift?", "ZorbitSet PlinthSet")
}

// TestProposalTitledWithTheQuestionMeetsApple pins proposalTitleCoverage:
// a language question whose best proposal's title holds half of its words
// or more, and two of them at least ("failing to implicitly open
// existentials": SE-0352 "Implicitly Opened Existentials", three of four;
// "Opening existential arguments …", two) fuses Swift Evolution at
// apple-docs' weight; a title holding one of them, or a question not about
// the language, keeps Evolution's own.
func TestProposalTitledWithTheQuestionMeetsApple(t *testing.T) {
	weights := map[string]float64{document.SourceAppleDocs: 3, document.SourceSwiftEvolution: 1.5}
	for _, c := range []struct {
		title         string
		swiftQuestion bool
		attributes    []string
		want          float64
	}{
		// A question wins a tie of ranks (bookTieBreak).
		{"Implicitly Opened Existentials", true, nil, 3 * (1 + bookTieBreak)},
		{"Implicitly Opened Existentials", false, []string{"escaping"}, 3},
		{"Opening existential arguments to optional parameters", true, nil, 3 * (1 + bookTieBreak)},
		{"Introduce existential any", true, nil, 1.5},
		{"Implicitly Opened Existentials", false, nil, 1.5},
	} {
		terms := []string{"failing", "implicitly", "open", "existentials"}
		s := &search{q: &Query{Prose: true, Terms: terms, Keywords: terms, Attributes: c.attributes}, concepts: buildConcepts(terms), swiftQuestion: c.swiftQuestion}
		list := []*scored{{c: &candidate{title: c.title, source: document.SourceSwiftEvolution}}}
		if got := s.proposalFusionWeights(weights, list)[document.SourceSwiftEvolution]; math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%q (framed as Swift: %v): Evolution fuses at %v, want %v", c.title, c.swiftQuestion, got, c.want)
		}
	}
	// Half of "let vs var" is one word: a proposal titled with "var"
	// alone keeps Evolution's own weight.
	terms := []string{"let", "var"}
	s := &search{q: &Query{Prose: true, Terms: terms, Keywords: terms}, concepts: buildConcepts(terms), swiftQuestion: true}
	list := []*scored{{c: &candidate{title: "Removing var from Function Parameters", source: document.SourceSwiftEvolution}}}
	if got := s.proposalFusionWeights(weights, list)[document.SourceSwiftEvolution]; got != 1.5 {
		t.Errorf("let vs var: a title holding one word raises Evolution to %v", got)
	}
}

// TestQuestionGivesTheBookTheTie pins bookTieBreak: a language question
// (framed, framed as about Swift, or an attribute) fuses the book a
// hundredth above apple-docs, so its chapter wins a tie of ranks; the same
// words unframed fuse it at Apple's weight exactly, and Apple keeps the tie.
func TestQuestionGivesTheBookTheTie(t *testing.T) {
	weights := map[string]float64{document.SourceAppleDocs: 3, sectionFusionSource: 1}
	for _, c := range []struct {
		name          string
		framed, swift bool
		attributes    []string
		above         bool // the book fuses above Apple's 3
	}{
		{"unframed", false, false, nil, false},
		{"framed", true, false, nil, true},
		{"framed as about Swift", false, true, nil, true},
		{"an attribute", false, false, []string{"escaping"}, true},
	} {
		s := &search{q: &Query{Keywords: []string{"let", "var"}, Attributes: c.attributes}, framedQuestion: c.framed, swiftQuestion: c.swift}
		got := s.sectionFusionWeights(weights)[sectionFusionSource]
		if c.above && (got <= 3 || got > 3.1) || !c.above && got != 3 {
			t.Errorf("%s: the book fuses at %v, want above Apple's 3: %v (by a tie-break, under 3.1)", c.name, got, c.above)
		}
	}
}

// TestAttributeTopicsAreOneNameHeadings: the book's sections titled by one
// Swift name are the topics an @attribute names; a heading of words
// ("Declaration Attributes") is not, and an attribute no heading names
// proposes nothing.
func TestAttributeTopicsAreOneNameHeadings(t *testing.T) {
	x, err := openScoringEngine(t).sectionIndexOf(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"discardableresult", "available"} {
		if _, ok := x.attributeTopics[name]; !ok {
			t.Errorf("no attribute topic %q among %v", name, x.attributeTopics)
		}
	}
	if _, ok := x.attributeTopics["declaration attributes"]; ok {
		t.Error("a heading of words became an attribute topic")
	}
	if got := x.namedAttributeTopics(&Query{Attributes: []string{"DiscardableResult", "MainActor"}}); len(got) != 1 || got[0].heading != "discardableResult" {
		t.Errorf("namedAttributeTopics(@DiscardableResult @MainActor) = %+v, want the discardableResult section alone", got)
	}
}

// TestNameReadsNoSectionIndex: the section index is read at the first
// request that may search sections or name a topic, not by New and not by
// a name, which a fresh server's first request often is (start-up).
func TestNameReadsNoSectionIndex(t *testing.T) {
	e := openScoringEngine(t)
	if e.sections.Load() != nil {
		t.Fatal("New read the section index")
	}
	mustSearch(t, e, "ProgressView", Filters{})
	if e.sections.Load() != nil {
		t.Error("a name's search read the section index")
	}
	mustSearch(t, e, "Optional Chaining", Filters{})
	if e.sections.Load() == nil {
		t.Error("two words that may name a book topic did not read the section index")
	}
	// A server's Preload, after its first answer, reads it.
	e = openScoringEngine(t)
	if err := e.Preload(t.Context()); err != nil {
		t.Fatal(err)
	}
	if e.sections.Load() == nil {
		t.Error("Preload did not read the section index")
	}
}

// TestLexiconNamedChapterMeetsAppleOnEqualTerms pins the rule for a
// question about Swift whose lexicon idea names a chapter of the book
// ("dealloc in swift" is Deinitialization's): the book fuses at apple-docs'
// weight though no section holds the word; the same question whose ideas
// name only Apple's pages keeps the book's own weight.
func TestLexiconNamedChapterMeetsAppleOnEqualTerms(t *testing.T) {
	weights := map[string]float64{document.SourceAppleDocs: 3, sectionFusionSource: 1}
	for _, c := range []struct {
		source string // the source of the page the lexicon names
		lifted bool
	}{
		{sectionFusionSource, true},
		{document.SourceAppleDocs, false},
	} {
		s := &search{q: &Query{Keywords: []string{"dealloc"}}, swiftQuestion: true,
			cands: map[int64]*candidate{1: {id: 1, source: c.source}}, lexiconRank: map[int64]int{1: 1}}
		got := s.sectionFusionWeights(weights)[sectionFusionSource]
		if lifted := got >= weights[document.SourceAppleDocs]; lifted != c.lifted {
			t.Errorf("lexicon page in %s: the book fuses at %v, want lifted %v", c.source, got, c.lifted)
		}
	}
}
