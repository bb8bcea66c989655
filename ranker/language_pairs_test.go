package ranker_test

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// languageConcepts are constructs of the Swift language by the plural
// names questions give them, each with the book's chapter that teaches it.
var languageConcepts = []struct{ name, chapter string }{
	{"variables", "thebasics"}, {"constants", "thebasics"}, {"extensions", "extensions"},
	{"protocols", "protocols"}, {"structs", "classesandstructures"}, {"classes", "classesandstructures"},
	{"enums", "enumerations"}, {"closures", "closures"}, {"generics", "generics"},
	{"initializers", "initialization"}, {"subscripts", "subscripts"}, {"methods", "methods"},
	{"stored properties", "properties"}, {"computed properties", "properties"}, {"static properties", "properties"},
	{"optionals", "thebasics"}, {"tuples", "thebasics"}, {"nested types", "nestedtypes"},
	{"throwing functions", "errorhandling"}, {"actors", "concurrency"}, {"deinitializers", "deinitialization"},
	{"type casts", "typecasting"}, {"enumerations", "enumerations"}, {"structures", "classesandstructures"},
}

// languagePairForms put one construct inside another, as short questions
// about the language do; none says "Swift".
var languagePairForms = []string{"%s in %s", "can %[2]s have %[1]s", "%s inside %s", "using %s with %s"}

// TestLanguagePairsRealIndex: every ordered pair of different constructs
// (whose chapters differ) in one of languagePairForms in turn, judged by
// either construct's chapter of the book, on the full index ($CUPERTINO_DB).
// Before the plural nouns joined swiftConstructWords (sections.go): MRR
// 0.5497, hit@10 396 of 526 (75.3%); after, 0.7031, 513 (97.5%).
func TestLanguagePairsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "language-pairs", Kind: search.KindTask}
	for _, x := range languageConcepts {
		for _, y := range languageConcepts {
			if x.chapter == y.chapter {
				continue
			}
			form := languagePairForms[len(b.Cases)%len(languagePairForms)]
			b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, x.name, y.name),
				Expect: regexp.MustCompile(`^swift-book://languageguide/(?:` + x.chapter + `|` + y.chapter + `)$`)})
		}
	}
	searchQuestions(t, store, "language pairs", b, 0.95)
}
