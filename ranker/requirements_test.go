package ranker_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/ranker"
)

// requirementMinimumMRR is what a member name shared by many pages must
// reach when the name is a requirement of a protocol of the core
// frameworks: the requirement is the page the name means.
const requirementMinimumMRR = 0.80

// TestRequirementNamesRealIndex is a set generated from the full index
// ($CUPERTINO_DB): each requirement of a protocol of Swift, Foundation,
// SwiftUI, UIKit, Combine or Observation whose title ten pages or more
// share (hash(into:), encode(to:), init(coder:)), searched as its title,
// is judged by the protocol's page (any of its overloads). It logs MRR and
// P@1, and fails under requirementMinimumMRR.
func TestRequirementNamesRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	db := indextest.DB(t, store)
	rows := indextest.Column[string](t, db, `
WITH req AS (
  SELECT c.title AS title, c.title_lower AS tl, c.uri AS uri, p.framework AS fw
  FROM docs c JOIN docs p ON p.uri = c.parent_uri
  WHERE p.kind = 'protocol' AND c.source = 'apple-docs'
    AND p.framework IN ('swift', 'foundation', 'swiftui', 'uikit', 'combine', 'observation')
    AND c.kind IN ('func', 'property', 'init', 'method', 'subscript')),
shared AS (SELECT title_lower, count(*) AS n FROM docs WHERE source = 'apple-docs' GROUP BY title_lower HAVING n >= 10)
SELECT r.title || char(9) || group_concat(r.uri, '|') FROM req r JOIN shared s ON s.title_lower = r.tl
GROUP BY r.tl HAVING count(DISTINCT r.fw) = 1 AND count(*) <= 4 ORDER BY r.tl`)
	if len(rows) < 100 {
		t.Fatalf("generated %d rows, want 100 at least", len(rows))
	}
	b := search.Battery{Name: "requirement-names", Kind: search.KindCanonical}
	for i, r := range rows {
		title, uris, _ := strings.Cut(r, "\t")
		var alts []string
		for _, u := range strings.Split(uris, "|") {
			alts = append(alts, regexp.QuoteMeta(u)+"$")
		}
		b.Cases = append(b.Cases, search.Case{Line: i + 2, Query: title, Expect: regexp.MustCompile(strings.Join(alts, "|"))})
	}
	ctx := context.Background()
	engine, err := ranker.New(ctx, store, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer engine.Close()
	rep, err := search.Run(ctx, search.Config{Label: "requirements", Searcher: engine, Symbols: search.StoreSymbols{Store: store}, Batteries: []search.Battery{b}})
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Overall
	t.Logf("requirement names: %d rows, MRR %.4f, P@1 %.4f", s.Queries, s.MRR, s.P1)
	if s.MRR < requirementMinimumMRR {
		t.Errorf("MRR %.4f, want at least %.2f", s.MRR, requirementMinimumMRR)
	}
}
