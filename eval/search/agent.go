package search

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/ranker"
)

// The agent batteries of issue #11: what a coding agent sends while it
// writes code. Each kind's class is the kind's own name, so `eval search`
// reports each class apart.
const (
	KindTask   = "task"   // a task or a paraphrase of an API's purpose
	KindError  = "error"  // a compiler or runtime message, pasted verbatim
	KindSyntax = "syntax" // a Swift snippet pasted as the query
	KindTypo   = "typo"   // a misspelled type or member name
	KindFilter = "filter" // a generic word with framework, kind or source filters
)

// agentKinds lists them; the file of an untuned final set adds "-final"
// to the kind ("task-final.tsv"), and the last set, written after the
// tuning ended and measured once, adds "-last" ("task-last.tsv").
var agentKinds = []string{KindTask, KindError, KindSyntax, KindTypo, KindFilter}

// finalSuffix marks a final or last battery, never tuned on.
var finalSuffix = regexp.MustCompile(`-(final|last)$`)

// filterColumns are the filter battery's optional filter columns; a row
// sets at least one.
var filterColumns = []string{"framework", "kind", "source"}

func init() {
	for _, k := range agentKinds {
		kindClass[k] = k
		kindColumns[k] = []string{"expected_uri_regex"}
		singleTarget[k] = true
	}
}

// agentKindOf maps "task-final" and "task-last" to task, or returns "".
func agentKindOf(name string) string {
	base := finalSuffix.ReplaceAllString(name, "")
	for _, k := range agentKinds {
		if base == k {
			return k
		}
	}
	return ""
}

// parseAgentCase fills an agent row. Task and error regexes match anywhere
// in the URI, like prose; syntax, typo and filter ones are anchored, like
// canonical. A filter row's filters are validated the way the ranker
// resolves them, so a bad kind or source fails the load, not the run.
func parseAgentCase(kind string, c *Case, get func(string) string) error {
	var err error
	c.Expect, err = uriRegexp(get("expected_uri_regex"), kind != KindTask && kind != KindError)
	if err != nil || kind != KindFilter {
		return err
	}
	f := ranker.Filters{Framework: strings.ToLower(get("framework"))}
	if k := get("kind"); k != "" {
		if f.Kind, err = ranker.ResolveKind(k); err != nil {
			return err
		}
	}
	if s := get("source"); s != "" {
		src, err := ranker.ResolveSource(s)
		if err != nil {
			return err
		}
		f.Sources = []string{src}
	}
	if f.Framework == "" && f.Kind == "" && len(f.Sources) == 0 {
		return errors.New("a filter row needs a framework, kind or source")
	}
	c.Filter = &f
	return nil
}

// Obeys reports whether a result satisfies a filter row's filters: its
// framework id, kind (as the ranker's kind filter keeps it) and source.
func (c Case) Obeys(r ranker.Result) bool {
	f := c.Filter
	if f == nil {
		return true
	}
	if f.Framework != "" && !strings.EqualFold(r.Framework, f.Framework) {
		return false
	}
	if f.Kind != "" && !f.KeepsKind(r.Kind, false) {
		return false
	}
	if len(f.Sources) > 0 && !strings.EqualFold(r.Source, f.Sources[0]) {
		return false
	}
	return true
}

// FilterText renders a filter row's filters for reports.
func (c Case) FilterText() string {
	if c.Filter == nil {
		return ""
	}
	var parts []string
	if c.Filter.Framework != "" {
		parts = append(parts, "framework="+c.Filter.Framework)
	}
	if c.Filter.Kind != "" {
		parts = append(parts, "kind="+c.Filter.Kind)
	}
	for _, s := range c.Filter.Sources {
		parts = append(parts, "source="+s)
	}
	return strings.Join(parts, " ")
}

// withCaseFilter adds a filter row's filters to the run's.
func withCaseFilter(opts ranker.Filters, c Case) ranker.Filters {
	if c.Filter == nil {
		return opts
	}
	if c.Filter.Framework != "" {
		opts.Framework = c.Filter.Framework
	}
	if c.Filter.Kind != "" {
		opts.Kind = c.Filter.Kind
	}
	if len(c.Filter.Sources) > 0 {
		opts.Sources = c.Filter.Sources
	}
	return opts
}

// judgeAgent fills Relevant, Rank, Disobeying and Pass for an agent row.
// A filter row's result is relevant only when it is the canonical page and
// obeys the filters; the row passes when the list is not empty, every
// result obeys, and the canonical page is in the top 3.
func judgeAgent(kind string, c Case, results []ranker.Result, cr *CaseResult) {
	for i, r := range results {
		cr.Relevant[i] = c.Expect.MatchString(r.URI)
		if kind == KindFilter {
			if !c.Obeys(r) {
				cr.Disobeying++
				cr.Relevant[i] = false
			}
		}
	}
	cr.Filter = c.FilterText()
	cr.Rank = firstRelevant(cr.Relevant)
	switch kind {
	case KindTask, KindError:
		cr.Pass = cr.Rank >= 1 && cr.Rank <= 10
	case KindSyntax, KindTypo:
		cr.Pass = cr.Rank >= 1 && cr.Rank <= 3
	case KindFilter:
		cr.Pass = len(results) > 0 && cr.Disobeying == 0 && cr.Rank >= 1 && cr.Rank <= 3
	}
}

func firstRelevant(rel []bool) int {
	for i, r := range rel {
		if r {
			return i + 1
		}
	}
	return 0
}

func isAgentKind(kind string) bool { return kindClass[kind] == kind && kind != "" }

// agentHeadline phrases an agent battery's result by the measures.
func agentHeadline(kind string, s Summary) string {
	n := s.Queries
	hits := func(k float64) int { return int(k*float64(n) + 0.5) }
	switch kind {
	case KindTask:
		return fmt.Sprintf("MRR %.4f, hit@10 %d/%d", s.MRR, hits(s.Recall10), n)
	case KindError:
		return fmt.Sprintf("hit@10 %d/%d", hits(s.Recall10), n)
	case KindSyntax:
		return fmt.Sprintf("top-3 %d/%d, MRR %.4f", hits(s.Recall3), n, s.MRR)
	case KindTypo:
		return fmt.Sprintf("top-3 %d/%d", hits(s.Recall3), n)
	case KindFilter:
		return fmt.Sprintf("non-empty %d/%d, obeying %d/%d, top-3 %d/%d", hits(s.NonEmpty), n, hits(s.Obeying), n, hits(s.Recall3), n)
	}
	return ""
}
