package search

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/ranker"
)

// KindRealQ is issue #27's battery of real developers' questions: a
// question's title as it was asked in public (Stack Overflow and its
// mirrors, Apple Developer Forums, Swift Forums, Technical Q&As), and the
// pages its accepted or top answer uses. "realq-dev.tsv" and
// "realq-dev2.tsv" are dev sets, "realq-final.tsv" the final set, never
// tuned on.
const KindRealQ = "realq"

// realqClasses are the buckets a real question's row names in its class
// column. Each is reported as its own class, prefixed with the kind, so
// that real tasks and errors never mix with the agent kinds' task and
// error classes.
var realqClasses = map[string]bool{"task": true, "error": true, "concept": true, "api": true}

// realqName matches a real-question battery's file name without ".tsv"
// (and without a "-vN" suffix, which KindOf strips first): the dev set,
// a later numbered dev set ("realq-dev2"), or the final set.
var realqName = regexp.MustCompile(`^realq(-(dev[0-9]*|final))?$`)

func init() {
	kindColumns[KindRealQ] = []string{"expected_uri_regex", "class"}
	singleTarget[KindRealQ] = true
}

// realqKindOf maps "realq-dev", "realq-dev2" and "realq-final" to
// KindRealQ, or returns "".
func realqKindOf(name string) string {
	if realqName.MatchString(name) {
		return KindRealQ
	}
	return ""
}

// parseRealQCase fills a real question's row: its class is one of the
// buckets, and its regex matches anywhere in the URI, like a task row's.
func parseRealQCase(c *Case, get func(string) string) error {
	class := strings.ToLower(get("class"))
	if !realqClasses[class] {
		return fmt.Errorf("class %q: want task, error, concept or api", get("class"))
	}
	c.Class = KindRealQ + "-" + class
	var err error
	c.Expect, err = uriRegexp(get("expected_uri_regex"), false)
	return err
}

// judgeRealQ fills Relevant, Rank and Pass for a real question: a result
// is relevant when its URI matches the row's regex; the row passes when a
// relevant result is in the top 10 (hit@10). MRR over all rows is the
// other headline measure, as for the task kind.
func judgeRealQ(c Case, results []ranker.Result, cr *CaseResult) {
	for i, r := range results {
		cr.Relevant[i] = c.Expect.MatchString(r.URI)
	}
	cr.Rank = firstRelevant(cr.Relevant)
	cr.Pass = cr.Rank >= 1 && cr.Rank <= 10
}

// realqHeadline phrases a real-question battery's result: MRR and hit@10
// over all its rows.
func realqHeadline(s Summary) string {
	n := s.Queries
	return fmt.Sprintf("MRR %.4f, hit@10 %d/%d", s.MRR, int(s.Recall10*float64(n)+0.5), n)
}
