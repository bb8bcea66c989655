package ranker_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

// Questions generated from the full index about old names of Apple's
// symbols (objc_names_test.go, chains_test.go): the helpers they share.

// oldNameQuestionForms are the forms the generated questions take around
// an old name (an Objective-C constant or selector, a Swift 2 chain): the
// scaffolding of real questions about old names (a compiler's message for
// a name Swift spells otherwise, a request for Swift's equivalent), none
// naming the answer.
var oldNameQuestionForms = []string{
	"%s not working",
	"How to use %s in Swift?",
	"%s in Swift 5",
	"Swift equivalent of %s",
	"%s is deprecated, what should I use instead",
	"Use of unresolved identifier '%s'",
}

// runGeneratedQuestions searches the questions, logs MRR and hit@10 under
// name and fails under minimum.
func runGeneratedQuestions(t *testing.T, store *index.Store, name string, b search.Battery, minimum float64) {
	t.Helper()
	if len(b.Cases) < 200 {
		t.Fatalf("generated %d questions, want 200 at least", len(b.Cases))
	}
	searchQuestions(t, store, name, b, minimum)
}

// searchQuestions searches the questions of b, logs MRR and hit@10 under
// name (and each miss with -v) and fails when hit@10 is under minimum.
func searchQuestions(t *testing.T, store *index.Store, name string, b search.Battery, minimum float64) {
	t.Helper()
	s := runQuestions(t, store, name, b)
	if share := float64(s.Pass) / float64(s.Queries); share < minimum {
		t.Errorf("hit@10 %.3f, want at least %.2f", share, minimum)
	}
}

// runQuestions searches b's questions on the index, logs MRR and hit@10
// under name (and, verbose, each miss) and returns the summary.
func runQuestions(t *testing.T, store *index.Store, name string, b search.Battery) search.Summary {
	t.Helper()
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	rep, err := search.Run(ctx, search.Config{Label: name, Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: []search.Battery{b}})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Overall
	t.Logf("%s: %d questions, MRR %.4f, hit@10 %d (%.1f%%)", name, s.Queries, s.MRR, s.Pass, 100*float64(s.Pass)/float64(s.Queries))
	for _, c := range rep.Cases {
		if !c.Pass && testing.Verbose() {
			t.Logf("miss: %q (rank %d)", c.Query, c.Rank)
		}
	}
	return s
}

// addQuestion adds the question about args whose answer is uri, in the
// next of forms.
func addQuestion(b *search.Battery, forms []string, uri string, args ...any) {
	form := forms[len(b.Cases)%len(forms)]
	b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, args...),
		Expect: regexp.MustCompile(regexp.QuoteMeta(uri) + "$")})
}
