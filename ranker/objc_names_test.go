package ranker_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// The least share of the generated questions whose top 10 must hold the
// page of the old name they ask about (an Objective-C name, a Swift 2 chain).
const (
	objcConstantsMinimumHits = 0.93 // 0.906 before a lone constant reached nested types and qualified cases (round 38), 0.950 after
	objcSelectorsMinimumHits = 0.78
	objcMessagesMinimumHits  = 0.78
	swift2ChainsMinimumHits  = 0.95 // chains_test.go
	deprecationsMinimumHits  = 0.60 // deprecations_test.go
)

// objcMessageForms are the forms of the questions about a method written in
// Objective-C's message syntax, its receiving type and its whole selector.
var objcMessageForms = []string{
	"[%s %s] returns nil",
	"How to call [%s %s] in Swift?",
	"-[%s %s] crash",
	"[%s %s] not working",
}

// objcDeclared reads the Objective-C name an Apple page declares its symbol
// under, on the line under its title.
var objcDeclared = regexp.MustCompile("Objective-C: \\[`([A-Za-z0-9_:]+)`\\]")

// objcConstant is a name spelt as Objective-C's constants are: a prefix of
// capitals and three CamelCase parts or more.
var objcConstant = regexp.MustCompile(`^k?[A-Z]{2,}[a-z0-9]+(?:[A-Z][a-z0-9]+){2,}$`)

// objcPage is a generated question's page: its Objective-C name (and a
// selector's first part), its Swift title and its type's.
type objcPage struct{ uri, objc, first, title, parent string }

// objcPages returns, among a fixed sample of 3,000 Apple pages of kinds
// (in a hashed order of ids, so the same index gives the same sample), the
// pages whose Objective-C name is not their Swift title.
func objcPages(t *testing.T, store *index.Store, kinds string) []objcPage {
	t.Helper()
	rows := indextest.Column[string](t, indextest.DB(t, store), `
SELECT d.uri || char(9) || d.title || char(9) || coalesce(p.title, '') FROM docs d LEFT JOIN docs p ON p.uri = d.parent_uri
WHERE d.source = 'apple-docs' AND d.kind IN (`+kinds+`)
ORDER BY (d.id * 2654435761) % 1000003 LIMIT 3000`)
	var pages []objcPage
	var uris []string
	for _, r := range rows {
		f := strings.Split(r, "\t")
		pages, uris = append(pages, objcPage{uri: f[0], title: f[1], parent: f[2]}), append(uris, f[0])
	}
	markdown, err := store.MarkdownOf(context.Background(), uris)
	if err != nil {
		t.Fatal(err)
	}
	var out []objcPage
	for _, p := range pages {
		m := objcDeclared.FindStringSubmatch(markdown[p.uri])
		if m == nil {
			continue
		}
		p.objc = m[1]
		out = append(out, p)
	}
	return out
}

// TestObjCNamesRealIndex is a set generated from the full index
// ($CUPERTINO_DB): Apple's cases and properties whose Objective-C name is
// a constant's other than the Swift title (UIControlStateHighlighted for
// UIControl.State.highlighted), each asked about in one of
// oldNameQuestionForms in turn, judged by that page.
func TestObjCNamesRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "objc-constants", Kind: search.KindTask}
	for _, p := range objcPages(t, store, "'case', 'property', 'var', 'let'") {
		if objcConstant.MatchString(p.objc) && !strings.EqualFold(p.objc, p.title) {
			addQuestion(&b, oldNameQuestionForms, p.uri, p.objc)
		}
	}
	runGeneratedQuestions(t, store, "Objective-C constants", b, objcConstantsMinimumHits)
}

// TestObjCSelectorsRealIndex is the same for methods: Apple's functions and
// initializers whose selector's first part (initWithContentsOfURL,
// contentsOfDirectoryAtPath) is ten letters or more and not the Swift
// name, asked about alone or, every other question, after the Swift name of
// its type ("AVAudioPlayer initWithContentsOfURL in Swift 5"), as askers
// write them. A selector several types declare, asked alone, has one
// answer of several, which caps what the set can reach.
func TestObjCSelectorsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "objc-selectors", Kind: search.KindTask}
	for _, p := range objcMethodPages(t, store) {
		name := p.first
		if len(b.Cases)%2 == 0 && p.parent != "" {
			name = p.parent + " " + name
		}
		addQuestion(&b, oldNameQuestionForms, p.uri, name)
	}
	runGeneratedQuestions(t, store, "Objective-C selectors", b, objcSelectorsMinimumHits)
}

// objcMethodPages are objcPages' functions and initializers whose
// selector's first part is ten letters or more and not the Swift name.
func objcMethodPages(t *testing.T, store *index.Store) []objcPage {
	var out []objcPage
	for _, p := range objcPages(t, store, "'func', 'init', 'method'") {
		p.first, _, _ = strings.Cut(p.objc, ":")
		swift, _, _ := strings.Cut(p.title, "(")
		if len(p.first) >= 10 && !strings.EqualFold(p.first, swift) {
			out = append(out, p)
		}
	}
	return out
}

// TestObjCMessagesRealIndex is the selectors' set written in Objective-C's
// message syntax, the receiving type's Swift name and the whole selector
// in brackets ("[AVAudioPlayer initWithContentsOfURL:error:] returns nil"),
// in one of objcMessageForms in turn.
func TestObjCMessagesRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	b := search.Battery{Name: "objc-messages", Kind: search.KindTask}
	for _, p := range objcMethodPages(t, store) {
		if p.parent != "" && !strings.Contains(p.parent, ".") {
			addQuestion(&b, objcMessageForms, p.uri, p.parent, p.objc)
		}
	}
	runGeneratedQuestions(t, store, "Objective-C messages", b, objcMessagesMinimumHits)
}
