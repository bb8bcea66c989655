package ranker_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// TestSwift2ChainsRealIndex is a set generated from the full index
// ($CUPERTINO_DB): for Apple's classes with a shared instance (a property
// shared, default, main, current or standard), a fixed hashed sample of
// their properties, each asked about through the instance as Swift 2 wrote
// it (UIApplication.sharedApplication().keyWindow, UIDevice.currentDevice().orientation)
// in one of oldNameQuestionForms in turn, judged by the property's page.
func TestSwift2ChainsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	rows := indextest.Column[string](t, indextest.DB(t, store), `
SELECT t.title || char(9) || a.title || char(9) || m.title || char(9) || m.uri
FROM docs t
JOIN docs a ON a.parent_uri = t.uri AND a.kind = 'property' AND a.title IN ('shared', 'default', 'main', 'current', 'standard')
JOIN docs m ON m.parent_uri = t.uri AND m.kind = 'property' AND m.title NOT IN ('shared', 'default', 'main', 'current', 'standard')
WHERE t.source = 'apple-docs' AND t.kind = 'class' AND t.language = 'swift' AND m.language = 'swift'
  AND m.title GLOB '[a-z]*' AND m.title NOT GLOB '*[^A-Za-z0-9]*'
ORDER BY (m.id * 2654435761) % 1000003 LIMIT 300`)
	b := search.Battery{Name: "swift2-chains", Kind: search.KindTask}
	for _, r := range rows {
		f := strings.Split(r, "\t")
		typ, accessor, member, uri := f[0], f[1], f[2], f[3]
		if strings.Contains(typ, ".") {
			continue
		}
		// Swift 2's accessor names the type without its prefix:
		// sharedApplication, currentDevice, defaultCenter.
		name := typ
		if words := swiftsym.CamelWords(typ); len(words) > 1 && strings.ToUpper(words[0]) == words[0] {
			name = strings.Join(words[1:], "")
		}
		chain := fmt.Sprintf("%s.%s%s().%s", typ, accessor, name, member)
		addQuestion(&b, oldNameQuestionForms, uri, chain)
	}
	runGeneratedQuestions(t, store, "Swift 2 chains", b, swift2ChainsMinimumHits)
}
