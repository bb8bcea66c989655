package ranker_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/eval/search"
	"github.com/cupertino-go/cupertino/index/indextest"
)

// deprecationQuestionForms are the forms of the questions about a
// deprecated API: the compiler's warning and an asker's words.
var deprecationQuestionForms = []string{
	"%s is deprecated, what should I use instead",
	"'%s' was deprecated in iOS 13.0",
	"Replacement for deprecated %s",
	"%s deprecated warning in Swift",
}

// TestDeprecationsRealIndex is a set generated from the full index
// ($CUPERTINO_DB): Apple's deprecated members (a fixed hashed sample of
// 400) whose deprecation note names a member of the same type by its title
// ("Use finishWriting(completionHandler:) instead."), asked about in one of
// deprecationQuestionForms in turn, alone or, every other question, after
// their type's name, judged by the members the note names.
func TestDeprecationsRealIndex(t *testing.T) {
	store := indextest.OpenFull(t)
	rows := indextest.Column[string](t, indextest.DB(t, store), `
SELECT d.title || char(9) || p.title || char(9) || group_concat(s.uri, char(9))
FROM docs d JOIN docs p ON p.uri = d.parent_uri
JOIN docs s ON s.parent_uri = d.parent_uri AND s.id != d.id AND s.deprecated = 0 AND length(s.title) >= 6
  AND instr(d.deprecated_note, s.title) > 0 AND instr(s.title, d.title) = 0
WHERE d.source = 'apple-docs' AND d.deprecated = 1 AND d.deprecated_note != ''
  AND d.kind IN ('func', 'property', 'init', 'method', 'case')
  AND p.kind IN ('class', 'struct', 'protocol', 'enum', 'actor')
GROUP BY d.id HAVING count(*) <= 4 ORDER BY (d.id * 2654435761) % 1000003 LIMIT 400`)
	b := search.Battery{Name: "deprecations", Kind: search.KindTask}
	for _, r := range rows {
		f := strings.Split(r, "\t")
		name := f[0]
		if len(b.Cases)%2 == 0 {
			name = f[1] + "." + f[0]
		}
		var alts []string
		for _, u := range f[2:] {
			alts = append(alts, regexp.QuoteMeta(u)+"$")
		}
		addQuestion(&b, deprecationQuestionForms, "", name)
		b.Cases[len(b.Cases)-1].Expect = regexp.MustCompile(strings.Join(alts, "|"))
	}
	runGeneratedQuestions(t, store, "deprecations", b, deprecationsMinimumHits)
}
