package ranker_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// attributeQuestionForms are real questions' ways of asking about a
// property wrapper or an attached macro written as the attribute it is
// used as; none names what it does.
var attributeQuestionForms = []string{
	"@%s not updating view",
	"Why is my @%s not working?",
	"How to use @%s with a List",
	"@%s inside a sheet",
	"@%s vs a plain property",
	"@%s causes a crash at runtime",
}

// TestAttributePagesRealIndex is a set generated from the full index
// ($CUPERTINO_DB): every property wrapper (a type whose declaration carries
// @propertyWrapper) and attached macro of Apple's pages, asked about as the
// attribute it is written as, in every question form, judged by the pages
// titled with its name (a macro's overloads, a type of that name). It
// logs MRR and hit@10, and fails under 0.80 of questions in the top 10.
// Before the reading proposed these pages, 528 questions (88 attributes):
// MRR 0.1315, hit@10 83 (15.7%): "@State" alone answered hv_apic_state,
// and the pages declaring @Published came before Published. After: MRR
// 0.8565, hit@10 528 (100%).
func TestAttributePagesRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	db := indextest.DB(t, store)
	rows := indextest.Column[string](t, db, `
SELECT DISTINCT d.title || char(9) || d.framework FROM doc_symbols s JOIN docs d ON d.id = s.doc_id
WHERE d.source = 'apple-docs' AND d.parent_uri = 'apple-docs://' || d.framework AND (
  d.kind IN ('struct', 'class', 'enum') AND (s.attributes LIKE '%propertyWrapper%' OR s.attributes LIKE '%resultBuilder%' OR s.origin = 'declaration' AND s.signature LIKE '@propertyWrapper %') OR
  d.kind = 'macro' AND s.attributes LIKE 'attached%')
ORDER BY 1`)
	names := map[string][]string{}
	var order []string
	for _, r := range rows {
		title, framework, _ := strings.Cut(r, "\t")
		name, _, _ := strings.Cut(title, "(")
		if _, ok := names[name]; !ok {
			order = append(order, name)
		}
		names[name] = append(names[name], framework)
	}
	if len(order) < 20 {
		t.Fatalf("generated %d attributes, want 20 at least", len(order))
	}
	b := search.Battery{Name: "attribute-pages", Kind: search.KindTask}
	for _, name := range order {
		var alts []string
		for _, fw := range names[name] {
			prefix := regexp.QuoteMeta("apple-docs://" + fw + "/" + strings.ToLower(name))
			alts = append(alts, prefix+`$`, prefix+`\(.*\)$`)
		}
		expect := regexp.MustCompile(strings.Join(alts, "|"))
		for _, form := range attributeQuestionForms {
			b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: fmt.Sprintf(form, name), Expect: expect})
		}
	}
	searchQuestions(t, store, "attribute pages", b, 0.80)
}
