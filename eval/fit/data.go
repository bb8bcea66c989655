// Package fit learns the ranker's named multipliers (ranker/weights.go)
// from a weakly labelled set drawn from the index itself (issue 27, item 4):
// Generate draws (query, page) pairs, Extract reads each query's candidates
// and their factors through the ranker in process, and Fit moves the
// weights' logarithms by coordinate ascent on the mean reciprocal rank,
// with an L2 pull toward the hand values. docs/search.md, "Fitted weights",
// records the data, the model and the figures.
package fit

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/index"
)

// Pair kinds: where a weak label comes from.
const (
	KindAbstract = "abstract" // a page's first sentence, reworded → that page
	KindCode     = "code"     // a sample or package line calling an API → the API page
	KindWWDC     = "wwdc"     // a transcript sentence naming an API → that page
	KindHeading  = "heading"  // a section heading of a long page → that page
)

// Pair is one weak label: the page a query should find.
type Pair struct {
	Kind   string
	Query  string
	Target string // the page's URI
}

// Sizes bounds how many pairs of each kind Generate draws.
type Sizes struct {
	Abstracts      int // from Apple's pages, a third each of types, guides and members
	AbstractsOther int // from each other source
	Code           int
	WWDC           int
	Headings       int
}

// DefaultSizes is the set docs/search.md reports.
var DefaultSizes = Sizes{Abstracts: 2400, AbstractsOther: 100, Code: 800, WWDC: 600, Headings: 600}

// Generate draws the pairs from store with a generator seeded by seed;
// every read is in a fixed order, so the same index and seed give the same
// pairs.
func Generate(ctx context.Context, store *index.Store, seed uint64, n Sizes) ([]Pair, error) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []Pair
	// In this order: each kind draws from rng after the one before.
	for _, kind := range []func() ([]Pair, error){
		func() ([]Pair, error) { return abstractPairs(ctx, store, rng, n) },
		func() ([]Pair, error) { return codePairs(ctx, store, rng, n.Code) },
		func() ([]Pair, error) { return wwdcPairs(ctx, store, rng, n.WWDC) },
		func() ([]Pair, error) { return headingPairs(ctx, store, rng, n.Headings) },
	} {
		pairs, err := kind()
		if err != nil {
			return nil, err
		}
		out = append(out, pairs...)
	}
	return out, nil
}

// abstractSources: Apple's pages, then one quota from each other source.
var abstractSources = []string{"apple-docs", "samples", "packages", "swift-evolution", "swift-org", "wwdc", "hig"}

func abstractPairs(ctx context.Context, store *index.Store, rng *rand.Rand, n Sizes) ([]Pair, error) {
	var pages []index.TrainingPage
	shared := map[string]int{} // abstracts many pages share ("A Boolean value …") label nothing
	err := store.EachTrainingPage(ctx, abstractSources, func(p index.TrainingPage) error {
		shared[p.Summary]++
		pages = append(pages, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("abstract pairs: %w", err)
	}
	bySource := map[string][]index.TrainingPage{}
	for _, p := range pages {
		if shared[p.Summary] == 1 {
			bySource[p.Source] = append(bySource[p.Source], p)
		}
	}
	var out []Pair
	take := func(list []index.TrainingPage, want int) {
		shuffle(rng, list)
		for _, p := range list {
			if want == 0 {
				break
			}
			if q := RewordAbstract(p.Summary, p.Title); q != "" {
				out = append(out, Pair{Kind: KindAbstract, Query: q, Target: p.URI})
				want--
			}
		}
	}
	// Apple's pages by stratum, an equal share each: drawn uniformly, four
	// in five would be members (functions, properties, cases), a share no
	// user's questions have.
	strata := map[string][]index.TrainingPage{}
	for _, p := range bySource["apple-docs"] {
		if s := Stratum(p.Kind); s != "" {
			strata[s] = append(strata[s], p)
		}
	}
	for _, s := range strataOrder {
		take(strata[s], n.Abstracts/len(strataOrder))
	}
	for _, src := range abstractSources[1:] {
		take(bySource[src], n.AbstractsOther)
	}
	return out, nil
}

// The strata of Apple's pages.
var strataOrder = []string{"type", "guide", "member"}

// Stratum places an Apple page kind in a stratum; "" for the data
// references (dictionary, endpoint) and the rare kinds, left out.
func Stratum(kind string) string {
	switch kind {
	case "class", "struct", "enum", "protocol", "typealias", "actor", "macro", "framework":
		return "type"
	case "article", "sampleCode", "collectionGroup", "collection":
		return "guide"
	case "func", "property", "init", "case", "subscript", "operator", "associatedtype":
		return "member"
	}
	return ""
}

// articles are stripped from a reworded abstract.
var articles = map[string]bool{"a": true, "an": true, "the": true}

// RewordAbstract turns an abstract into a query the way a user would ask
// for what it describes: its first sentence, without the page's title
// words (which would make it a lookup) and without articles, lower-case.
// It returns "" when fewer than three words are left.
func RewordAbstract(summary, title string) string {
	sentence := FirstSentence(summary)
	drop := map[string]bool{}
	for _, w := range wordsOf(title) {
		drop[strings.ToLower(w)] = true
	}
	var kept []string
	for _, w := range strings.Fields(sentence) {
		bare := strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if bare == "" || articles[bare] || drop[bare] {
			continue
		}
		kept = append(kept, strings.TrimRight(strings.ToLower(w), ".,;:"))
	}
	if len(kept) < 3 {
		return ""
	}
	if len(kept) > 12 {
		kept = kept[:12]
	}
	return strings.Join(kept, " ")
}

// FirstSentence is s up to its first ". " (or all of s), without the
// final period.
func FirstSentence(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSuffix(s, ".")
}

// wordsOf splits a title into its words and the parts of its CamelCase
// names ("URLSession dataTask(with:)" → URLSession, URL, Session, dataTask,
// data, Task, with).
func wordsOf(title string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		out = append(out, w)
		out = append(out, camelParts(w)...)
	}
	return out
}

// camelParts splits a CamelCase name at its humps, acronyms whole.
func camelParts(w string) []string {
	rs := []rune(w)
	var out []string
	start := 0
	for i := 1; i < len(rs); i++ {
		lowerToUpper := unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i])
		acronymEnd := unicode.IsUpper(rs[i-1]) && unicode.IsUpper(rs[i]) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if lowerToUpper || acronymEnd {
			out = append(out, string(rs[start:i]))
			start = i
		}
	}
	if start > 0 {
		out = append(out, string(rs[start:]))
	}
	return out
}

// shuffle permutes list with rng (Fisher–Yates), deterministic for a seed.
func shuffle[T any](rng *rand.Rand, list []T) {
	rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
}
