package ranker

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// TestCodeKeywords: only one-word code spans that are Swift keywords
// count, lower-cased; prose words and longer spans do not.
func TestCodeKeywords(t *testing.T) {
	got := codeKeywords("A `weak` reference, `weak var x`, `didSet` and `didSet`; weak in prose; `Weak` no; `open")
	if len(got) != 2 || got["weak"] != 1 || got["didset"] != 2 {
		t.Errorf("codeKeywords = %v, want weak 1 and didset 2", got)
	}
}

// TestKeywordSections: a keyword's section is the one that writes it most
// as code, a heading that names it counting keywordHeadingBonus more; the
// first wins a tie.
func TestKeywordSections(t *testing.T) {
	hits := []index.PassageHit{
		{ID: 1, DocID: 10, Heading: "Declaration Modifiers"},
		{ID: 2, DocID: 20, Heading: "Weak References"},
		{ID: 3, DocID: 30, Heading: "Half-Open Ranges"},
		{ID: 4, DocID: 40, Heading: "Access Levels"},
		{ID: 5, DocID: 50, Heading: "Tied"},
	}
	texts := map[int64]string{
		1: "`weak`, `unowned`, `weak` and `lazy` modify a declaration.",
		2: "Mark it `weak`.",
		3: "The open range, with no `lazy`.",
		4: "An `open` class, `open` members.",
		5: "`lazy` here.",
	}
	got := keywordSections(hits, texts)
	for kw, doc := range map[string]int64{"weak": 20, "unowned": 10, "open": 40, "lazy": 10} {
		if got[kw].doc != doc {
			t.Errorf("%s: section of page %d (%q), want page %d", kw, got[kw].doc, got[kw].heading, doc)
		}
	}
}

// TestAskedKeyword: a question (not a comparison) whose terms are one
// Swift keyword, with "keyword" or "statement" beside it, asks about the
// keyword; more words, or no question, do not.
func TestAskedKeyword(t *testing.T) {
	for _, c := range []struct {
		terms []string
		asked bool
		want  string
	}{
		{[]string{"weak"}, true, "weak"},
		{[]string{"'open'", "keyword"}, true, "open"},
		{[]string{"`didSet`"}, true, "didset"},
		{[]string{"defer", "statement"}, true, "defer"},
		{[]string{"weak"}, false, ""},
		{[]string{"weak", "self"}, true, ""},
		{[]string{"weak", "delegate"}, true, ""},
		{[]string{"keyword"}, true, ""},
	} {
		if got := askedKeyword(&Query{Terms: c.terms}, c.asked); got != c.want {
			t.Errorf("askedKeyword(%q, %v) = %q, want %q", c.terms, c.asked, got, c.want)
		}
	}
}

// keywordFixture: the book's chapter that teaches weak references, the
// reference's list of modifiers, Apple pages named weak and proposals
// about the weak keyword.
var keywordFixture = &fixtureIndex{
	pages: func() []*document.Document {
		return []*document.Document{
			page("apple-docs://os/os_weak", "OS_WEAK", "macro", "Generated: marks a symbol weak."),
			page("apple-docs://gamekit/gk_extern_weak", "GK_EXTERN_WEAK", "macro", "Generated: a weak external symbol."),
			page("apple-docs://foundation/nspointerfunctions/weakmemory", "weakMemory", "property", "Generated: weak memory."),
			page("swift-book://languageguide/automaticreferencecounting", "Automatic Reference Counting", "article",
				"Generated: how the language frees the memory of class instances."),
			page("swift-book://referencemanual/declarations", "Declarations", "article", "Generated: the forms of declarations."),
			page("swift-evolution://SE-9101", "Remove the weak keyword from protocols", "proposal",
				"Generated: the weak keyword and the unowned keyword leave protocol property requirements."),
			page("swift-evolution://SE-9102", "weak let", "proposal", "Generated: the weak keyword on a let, as a weak keyword on var."),
			page("swift-evolution://SE-9103", "Keywords as argument labels", "proposal", "Generated: a keyword such as weak may be a label."),
		}
	},
	passages: func() map[string][]index.Passage {
		return map[string][]index.Passage{
			"swift-book://languageguide/automaticreferencecounting": {
				{Anchor: "Strong Reference Cycles", Heading: "Weak References", Title: "Automatic Reference Counting",
					Text: "Generated: a reference marked `weak` does not keep its instance alive."},
			},
			"swift-book://referencemanual/declarations": {
				{Anchor: "Declaration Modifiers", Heading: "Declaration Modifiers", Title: "Declarations",
					Text: "Generated: `weak`, `unowned` and `lazy` modify a variable; a `weak` variable is optional."},
			},
		}
	},
}

// TestKeywordQuestionProposesItsSection: "What does weak mean in Swift?"
// ranks the chapter whose section teaches `weak` first, above the pages
// named weak and the reference's list; "What is the 'weak' keyword in
// Swift?" ranks the book above the proposals that say "weak keyword" more
// (the section a question names meets the strongest source); the name
// alone does not propose the chapter.
func TestKeywordQuestionProposesItsSection(t *testing.T) {
	e := openEngineAt(t, keywordFixture.build(t))
	ranked := func(q string) []string { return queryURIs(t, e, q) }
	first := func(q string) string {
		if uris := ranked(q); len(uris) > 0 {
			return uris[0]
		}
		return ""
	}
	const arc = "swift-book://languageguide/automaticreferencecounting"
	if got := first("What does weak mean in Swift?"); got != arc {
		t.Errorf("keyword question: first %s, want %s", got, arc)
	}
	// The proposals say "weak keyword" more than the chapter: the section
	// the question names meets the strongest source, not Apple's alone.
	if got := ranked("What is the 'weak' keyword in Swift?"); len(got) == 0 || !strings.HasPrefix(got[0], "swift-book://") || !slices.Contains(got, arc) {
		t.Errorf("keyword question with the word keyword: %v, want the book first and %s among them", got, arc)
	}
	if got := first("weak"); got == arc {
		t.Errorf("the name alone proposed the chapter")
	}
}

// TestNamedSectionMeetsTheStrongestSource: when the request names a book
// section (namedTopic), the book fuses at least at the strongest source's
// weight, a proposal's too ("weak keyword": Swift Evolution 1.5, Apple's
// weak match 0.45); a section found by its words alone meets Apple's.
func TestNamedSectionMeetsTheStrongestSource(t *testing.T) {
	weights := map[string]float64{document.SourceAppleDocs: 0.45, document.SourceSwiftEvolution: 1.5, sectionFusionSource: 0.3}
	for _, named := range []bool{true, false} {
		book := &candidate{id: 1, source: sectionFusionSource}
		s := &search{q: &Query{Keywords: []string{"weak"}}, swiftQuestion: true, topicsRead: true,
			cands:    map[int64]*candidate{1: book},
			sections: map[int64]sectionHit{1: {rank: 1, matchedAllWords: true, namedTopic: named}}}
		got := s.sectionFusionWeights(weights)[sectionFusionSource]
		if named && got < 1.5 || !named && got >= 1.5 {
			t.Errorf("named %v: the book fuses at %v; want at least Swift Evolution's 1.5 only when named", named, got)
		}
	}
}

// TestKeywordTopicsReadAtTheFirstKeywordQuestion: the keyword topics, a
// read of every book section's text, wait for the first question about a
// keyword (or Preload): a fresh server's first sentence of another kind
// does not pay for them.
func TestKeywordTopicsReadAtTheFirstKeywordQuestion(t *testing.T) {
	e := openEngineAt(t, keywordFixture.build(t))
	if _, err := e.SearchQuery(context.Background(), "play a sound when a button is tapped", Filters{Limit: 10}); err != nil {
		t.Fatal(err)
	}
	x := e.sections.Load()
	if x == nil {
		t.Fatal("a sentence read no section index")
	}
	if x.keywordTopics != nil {
		t.Errorf("a sentence about no keyword read the keyword topics")
	}
	if _, err := e.SearchQuery(context.Background(), "What does weak mean in Swift?", Filters{Limit: 10}); err != nil {
		t.Fatal(err)
	}
	if x.keywordTopics["weak"].doc == 0 {
		t.Errorf("a keyword question left the keyword topics unread: %v", x.keywordTopics)
	}
}
