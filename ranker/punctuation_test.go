package ranker_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// punctuationAnswers are where the Swift book (or the proposal that brought
// it) explains each mark a question asks about, by the names real questions
// give it: spelled out, and written alone in backticks.
var punctuationAnswers = []struct {
	names  []string
	answer string
}{
	{[]string{"dollar sign", "`$`"}, `swift-book://languageguide/properties$|swift-evolution://SE-0258$|apple-docs://swiftui/binding$`},
	{[]string{"backslash", "`\\`"}, `swift-book://referencemanual/expressions$|swift-book://languageguide/stringsandcharacters$|swift-evolution://SE-0161$`},
	{[]string{"hash sign", "pound sign", "`#`"}, `swift-book://referencemanual/statements$|swift-book://languageguide/macros$|swift-book://referencemanual/expressions$`},
	{[]string{"at sign", "`@`"}, `swift-book://referencemanual/attributes$`},
	{[]string{"ampersand", "`&`"}, `swift-book://languageguide/functions$|swift-book://referencemanual/declarations$`},
	{[]string{"underscore", "`_`"}, `swift-book://languageguide/functions$|swift-book://referencemanual/patterns$`},
	{[]string{"tilde equals", "`~=`"}, `swift-book://referencemanual/patterns$|apple-docs://swift/range/~=\(_:_:\)$`},
	{[]string{"exclamation mark", "`!`"}, `swift-book://languageguide/thebasics$|swift-book://languageguide/optionalchaining$`},
	{[]string{"double question mark", "`??`"}, `swift-book://languageguide/basicoperators$`},
}

// punctuationQuestionForms are the scaffolding of real questions about a
// mark: none names what the mark does.
var punctuationQuestionForms = []string{
	"What does the %s mean in Swift?",
	"%s in Swift",
	"What is the %s used for in SwiftUI?",
	"Swift %s meaning",
	"Why is there a %s in this Swift code?",
	"what does %s do in swift",
	"meaning of %s in a Swift declaration",
	"When do I need the %s in Swift",
}

// TestNamedPunctuationRealIndex: every mark by each of its names in every
// question form, judged by the book's chapter (or proposal) on the mark, on
// the full index ($CUPERTINO_DB). Before the marks that are not operators
// had names (reading/operators.go), 152 questions: MRR 0.3168, hit@10 65
// (42.8%); after, MRR 0.7594, hit@10 128 (84.2%).
func TestNamedPunctuationRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "named-punctuation", Kind: search.KindTask}
	for _, p := range punctuationAnswers {
		for _, name := range p.names {
			for _, form := range punctuationQuestionForms {
				b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, name),
					Expect: regexp.MustCompile(p.answer)})
			}
		}
	}
	searchQuestions(t, store, "named punctuation", b, 0.80)
}

// captureLists are closure capture lists as questions quote them, in
// brackets a question site's tag also wears.
var captureLists = []string{"[weak self]", "[unowned self]", "[weak delegate]", "[weak viewModel]", "[unowned owner]",
	"[weak self, weak delegate]", "[unowned(unsafe) self]", "[self]"}

// captureListAnswer: the book's chapters and the proposals that explain
// capture lists and the strong reference cycles they break.
const captureListAnswer = `swift-book://languageguide/automaticreferencecounting$|swift-book://referencemanual/expressions$|` +
	`swift-book://languageguide/closures$|swift-evolution://SE-0365$|swift-evolution://SE-0079$`

// captureListQuestionForms are real questions' ways of asking about one;
// the %s after the list is where the closure runs.
var captureListQuestionForms = []string{
	"When should I use %s in %s?",
	"Do I need %s in %s?",
	"%s inside %s",
	"Is %s necessary in %s",
	"[swift] %s in %s",
	"why use %s in %s",
}

// captureListPlaces are the closures real questions ask about.
var captureListPlaces = []string{"a Task", "DispatchQueue.main.async", "UIView.animate", "a Combine sink",
	"a URLSession completion handler", "a closure"}

// TestCaptureListsRealIndex: a capture list quoted in brackets, in every
// question form, judged by where the book explains capture lists, on the
// full index ($CUPERTINO_DB). The first five lists (180 questions): while a
// capture list was read as a site's tag and stripped (or as a bracketed
// expression), MRR 0.1296, hit@10 26 (14.4%); read as its words, 0.6741 /
// 149 (82.8%); with the name the book gives it, "capture list", 0.7903 / 168
// (93.3%). All eight (288): 0.2397 / 78 (27.1%) before any of it, 0.6526 /
// 220 (76.4%) with a single weak or unowned item read, 0.7659 / 252 (87.5%)
// with lists of several items, unowned(unsafe) and [self].
func TestCaptureListsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "capture-lists", Kind: search.KindTask}
	for _, list := range captureLists {
		for _, form := range captureListQuestionForms {
			for _, place := range captureListPlaces {
				b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, list, place),
					Expect: regexp.MustCompile(captureListAnswer)})
			}
		}
	}
	searchQuestions(t, store, "capture lists", b, 0.80)
}
