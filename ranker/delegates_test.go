package ranker_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// TestDelegateEventsRealIndex is a set generated from the full index
// ($CUPERTINO_DB): Apple's delegate protocols' members (a fixed hashed
// sample of 300) whose summary tells of an event or asks for a decision
// ("Tells the delegate that new location data is available."), asked about
// the type whose delegate it is ("How do I know when new location data is
// available in a CLLocationManager?"), judged by the member's page. Before
// a family's delegates joined its members (family_members.go): MRR 0.0775,
// hit@10 107 (35.7%); after, 0.2011, 217 (72.3%).
func TestDelegateEventsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	rows := indextest.Column[string](t, indextest.DB(t, store), `
SELECT p.title || char(9) || c.summary || char(9) || c.uri FROM docs p JOIN docs c ON c.parent_uri = p.uri
WHERE p.kind = 'protocol' AND p.title GLOB '[A-Z][A-Z]*Delegate' AND p.source = 'apple-docs' AND c.deprecated = 0 AND c.language = 'swift'
  AND (c.summary GLOB 'Tells the delegate that *' OR c.summary GLOB 'Tells the delegate when *' OR c.summary GLOB 'Asks the delegate whether *' OR c.summary GLOB 'Asks the delegate for *')
  ORDER BY (c.id * 2654435761) % 1000003 LIMIT 300`)
	b := search.Battery{Name: "delegate-events", Kind: search.KindTask}
	for _, r := range rows {
		f := strings.Split(r, "\t")
		typ := strings.TrimSuffix(f[0], "Delegate")
		sum := strings.TrimSuffix(f[1], ".")
		var q string
		switch {
		case strings.HasPrefix(sum, "Tells the delegate that "):
			q = "How do I know when " + strings.TrimPrefix(sum, "Tells the delegate that ") + " in a " + typ + "?"
		case strings.HasPrefix(sum, "Tells the delegate when "):
			q = "How do I know when " + strings.TrimPrefix(sum, "Tells the delegate when ") + " in a " + typ + "?"
		case strings.HasPrefix(sum, "Asks the delegate whether "):
			q = "How can I decide whether " + strings.TrimPrefix(sum, "Asks the delegate whether ") + " in a " + typ + "?"
		default:
			q = "How do I provide " + strings.TrimPrefix(sum, "Asks the delegate for ") + " to a " + typ + "?"
		}
		b.Cases = append(b.Cases, search.Case{Line: len(b.Cases) + 2, Query: q, Expect: regexp.MustCompile(regexp.QuoteMeta(f[2]) + "$")})
	}
	searchQuestions(t, store, "delegate events", b, 0.65)
}
