package ranker_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/ranker"
)

// objcNamesMinimumHits is the share of TestObjCNamesRealIndex's questions
// whose top 10 must hold the page of the Objective-C name they ask about.
const objcNamesMinimumHits = 0.90

// objcQuestionForms are the forms the generated questions take around an
// Objective-C constant's name: the scaffolding of real questions about
// old names (a compiler's message for a name Swift spells otherwise, a
// request for Swift's equivalent), none naming the answer.
var objcQuestionForms = []string{
	"%s not working",
	"How to use %s in Swift?",
	"%s in Swift 5",
	"Swift equivalent of %s",
	"%s is deprecated, what should I use instead",
	"Use of unresolved identifier '%s'",
}

// objcDeclared reads the Objective-C name an Apple page declares its symbol
// under, on the line under its title.
var objcDeclared = regexp.MustCompile("Objective-C: \\[`([A-Za-z0-9_]+)`\\]")

// objcConstant is a name spelt as Objective-C's constants are: a prefix of
// capitals and three CamelCase parts or more.
var objcConstant = regexp.MustCompile(`^k?[A-Z]{2,}[a-z0-9]+(?:[A-Z][a-z0-9]+){2,}$`)

// TestObjCNamesRealIndex is a set generated from the full index
// ($CUPERTINO_DB): Apple's pages of cases and properties (a fixed sample of
// 3,000 in a hashed order) whose Objective-C name is a constant's name
// other than the Swift title (UIControlStateHighlighted for
// UIControl.State.highlighted), each asked about in one of
// objcQuestionForms in turn, judged by that page. It logs MRR and hit@10,
// and fails under objcNamesMinimumHits.
func TestObjCNamesRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	db := indextest.DB(t, store)
	rows := indextest.Column[string](t, db, `
SELECT uri || char(9) || title FROM docs
WHERE source = 'apple-docs' AND kind IN ('case', 'property', 'var', 'let')
ORDER BY (id * 2654435761) % 1000003 LIMIT 3000`)
	ctx := context.Background()
	titles := map[string]string{}
	var uris []string
	for _, r := range rows {
		uri, title, _ := strings.Cut(r, "\t")
		titles[uri] = title
		uris = append(uris, uri)
	}
	markdown, err := store.MarkdownOf(ctx, uris)
	if err != nil {
		t.Fatal(err)
	}
	b := search.Battery{Name: "objc-names", Kind: search.KindTask}
	for _, uri := range uris {
		m := objcDeclared.FindStringSubmatch(markdown[uri])
		if m == nil || !objcConstant.MatchString(m[1]) || strings.EqualFold(m[1], titles[uri]) {
			continue
		}
		form := objcQuestionForms[len(b.Cases)%len(objcQuestionForms)]
		b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, m[1]),
			Expect: regexp.MustCompile(regexp.QuoteMeta(uri) + "$")})
	}
	if len(b.Cases) < 200 {
		t.Fatalf("generated %d questions, want 200 at least", len(b.Cases))
	}
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	rep, err := search.Run(ctx, search.Config{Label: "objc-names", Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: []search.Battery{b}})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Overall
	t.Logf("Objective-C names: %d questions, MRR %.4f, hit@10 %d (%.1f%%)", s.Queries, s.MRR, s.Pass, 100*float64(s.Pass)/float64(s.Queries))
	for _, c := range rep.Cases {
		if !c.Pass && testing.Verbose() {
			t.Logf("miss: %q (rank %d)", c.Query, c.Rank)
		}
	}
	if share := float64(s.Pass) / float64(s.Queries); share < objcNamesMinimumHits {
		t.Errorf("hit@10 %.3f, want at least %.2f", share, objcNamesMinimumHits)
	}
}
