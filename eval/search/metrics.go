package search

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// Report is one run's outcome.
type Report struct {
	Label     string       `json:"label"`
	Started   time.Time    `json:"started"`
	Finished  time.Time    `json:"finished"`
	Batteries []Summary    `json:"batteries"`
	Classes   []Summary    `json:"classes"`
	Overall   Summary      `json:"overall"`
	Cases     []CaseResult `json:"cases"`
	// HideQueries makes the Markdown name failing queries by battery line
	// instead of quoting them, for reports committed to a repository that
	// must not copy the batteries' text.
	HideQueries bool `json:"-"`
}

// Summary aggregates the cases of a battery, a class or the whole run.
type Summary struct {
	Name     string  `json:"name"`
	Kind     string  `json:"kind,omitempty"`
	Queries  int     `json:"queries"`
	Errors   int     `json:"errors"`
	MRR      float64 `json:"mrr"`
	P1       float64 `json:"p1"`
	P5       float64 `json:"p5"`
	P10      float64 `json:"p10"`
	NDCG10   float64 `json:"ndcg10"`
	Recall1  float64 `json:"recall1"`
	Recall3  float64 `json:"recall3"`
	Recall5  float64 `json:"recall5"`
	Recall10 float64 `json:"recall10"`
	// NonEmpty and Obeying are the fractions of filter rows with at least
	// one result, and with every result obeying the row's filters (1 for
	// the other kinds, which have no filters to break).
	NonEmpty float64 `json:"nonEmpty"`
	Obeying  float64 `json:"obeying"`
	// Pass counts cases passing their battery's rule (see the package comment).
	Pass int `json:"pass"`
	// Headline states the battery's own measure the way its README does.
	Headline  string `json:"headline"`
	MillisP50 int64  `json:"millisP50"`
	MillisMax int64  `json:"millisMax"`
}

// precisionAt is the fraction of the top k that is relevant; missing results
// count as not relevant.
func precisionAt(rel []bool, k int) float64 {
	n := 0
	for i := 0; i < k && i < len(rel); i++ {
		if rel[i] {
			n++
		}
	}
	return float64(n) / float64(k)
}

// ndcgAt is binary-gain NDCG at k. With single, only the first relevant result
// gains (one target); otherwise every relevant result gains and the ideal
// puts all relevant results found (at most k) first.
func ndcgAt(rel []bool, k int, single bool) float64 {
	var dcg float64
	found := 0
	for i, r := range rel {
		if !r {
			continue
		}
		found++
		if i < k && (!single || found == 1) {
			dcg += 1 / math.Log2(float64(i+2))
		}
	}
	ideal := min(found, k)
	if single {
		ideal = min(found, 1)
	}
	var idcg float64
	for i := 0; i < ideal; i++ {
		idcg += 1 / math.Log2(float64(i+2))
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

func reciprocalRank(rank int) float64 {
	if rank <= 0 {
		return 0
	}
	return 1 / float64(rank)
}

func (r *Report) summarize(batteries []Battery) {
	r.Batteries = nil
	for _, b := range batteries {
		var cases []CaseResult
		for _, c := range r.Cases {
			if c.Battery == b.Name {
				cases = append(cases, c)
			}
		}
		s := summarize(b.Name, cases)
		s.Kind = b.Kind
		s.Headline = headline(b.Kind, s)
		r.Batteries = append(r.Batteries, s)
	}
	byClass := map[string][]CaseResult{}
	for _, c := range r.Cases {
		byClass[c.Class] = append(byClass[c.Class], c)
	}
	classes := make([]string, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	r.Classes = nil
	for _, c := range classes {
		s := summarize(c, byClass[c])
		s.Headline = fmt.Sprintf("MRR %.4f, P@1 %d/%d", s.MRR, countRank(byClass[c], 1), s.Queries)
		r.Classes = append(r.Classes, s)
	}
	r.Overall = summarize("all", r.Cases)
	r.Overall.Headline = fmt.Sprintf("pass %d/%d, MRR %.4f", r.Overall.Pass, r.Overall.Queries, r.Overall.MRR)
}

func summarize(name string, cases []CaseResult) Summary {
	s := Summary{Name: name, Queries: len(cases)}
	if len(cases) == 0 {
		return s
	}
	var millis []int64
	for _, c := range cases {
		if c.Error != "" {
			s.Errors++
		}
		if c.Pass {
			s.Pass++
		}
		if c.Kind != KindFilter || len(c.URIs) > 0 {
			s.NonEmpty++
		}
		if c.Disobeying == 0 {
			s.Obeying++
		}
		s.MRR += reciprocalRank(c.Rank)
		s.P1 += precisionAt(c.Relevant, 1)
		s.P5 += precisionAt(c.Relevant, 5)
		s.P10 += precisionAt(c.Relevant, 10)
		s.NDCG10 += ndcgAt(c.Relevant, 10, singleTarget[c.Kind])
		for _, at := range []struct {
			k int
			v *float64
		}{{1, &s.Recall1}, {3, &s.Recall3}, {5, &s.Recall5}, {10, &s.Recall10}} {
			if c.Rank >= 1 && c.Rank <= at.k {
				*at.v++
			}
		}
		millis = append(millis, c.Millis)
	}
	n := float64(len(cases))
	for _, v := range []*float64{&s.MRR, &s.P1, &s.P5, &s.P10, &s.NDCG10, &s.Recall1, &s.Recall3, &s.Recall5, &s.Recall10, &s.NonEmpty, &s.Obeying} {
		*v /= n
	}
	sort.Slice(millis, func(i, j int) bool { return millis[i] < millis[j] })
	s.MillisP50 = millis[(len(millis)-1)/2]
	s.MillisMax = millis[len(millis)-1]
	return s
}

func countRank(cases []CaseResult, atMost int) int {
	n := 0
	for _, c := range cases {
		if c.Rank >= 1 && c.Rank <= atMost {
			n++
		}
	}
	return n
}

// headline phrases a battery's result the way the batteries' README reports
// the original's baseline.
func headline(kind string, s Summary) string {
	hits := func(k float64) int { return int(math.Round(k * float64(s.Queries))) }
	if h := agentHeadline(kind, s); h != "" {
		return h
	}
	if kind == KindRealQ {
		return realqHeadline(s)
	}
	switch kind {
	case KindCanonical:
		return fmt.Sprintf("MRR %.4f, P@1 %d/%d", s.MRR, s.Pass, s.Queries)
	case KindDeprecation:
		return fmt.Sprintf("modern above legacy %d/%d", s.Pass, s.Queries)
	case KindAcronym:
		return fmt.Sprintf("top-1 %d/%d, top-5 %d/%d", s.Pass, s.Queries, hits(s.Recall5), s.Queries)
	case KindFragment, KindSymbolAttribute:
		return fmt.Sprintf("P@5 %.4f", s.P5)
	case KindProse, KindCrossSource:
		return fmt.Sprintf("top-3 %d/%d", s.Pass, s.Queries)
	}
	return fmt.Sprintf("MRR %.4f", s.MRR)
}
