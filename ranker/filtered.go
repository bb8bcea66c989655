package ranker

import (
	"context"
	"strings"
	"time"
)

// filterKeywords are the lower-case words a filtered search looks for in
// titles: the keywords, else every term.
func (s *search) filterKeywords() []string {
	words := s.q.Keywords
	if len(words) == 0 {
		words = s.q.Terms
	}
	out := make([]string, 0, len(words))
	for _, w := range words {
		if w = strings.ToLower(strings.Trim(w, ".")); w != "" {
			out = append(out, w)
		}
	}
	return out
}

// filteredTitles is step 1: the filter's pages titled with every keyword,
// else, for several keywords, with the rarest-looking (longest) one.
func (s *search) filteredTitles(ctx context.Context) error {
	if !s.filter.narrowed() {
		return nil
	}
	words := s.filterKeywords()
	if len(words) == 0 {
		return nil
	}
	defer s.trace(ctx, "filtered titles", time.Now())
	before := len(s.cands)
	if err := s.filteredTitleQuery(ctx, words); err != nil || len(words) == 1 || len(s.cands) > before {
		return err
	}
	longest := words[0]
	for _, w := range words[1:] {
		if len(w) > len(longest) {
			longest = w
		}
	}
	return s.filteredTitleQuery(ctx, []string{longest})
}

func (s *search) filteredTitleQuery(ctx context.Context, words []string) error {
	return s.addIDs(ctx, viaFilterTitle)(s.e.store.FilteredTitleIDs(ctx, s.filter.page(), words, filteredTitleLimit))
}

// filteredFullText is step 2: full-text matches of the keywords (all of
// them, else any) that pass the filter, in each full-text table the scope
// touches. It reports whether it added candidates.
func (s *search) filteredFullText(ctx context.Context) (bool, error) {
	words := s.filterKeywords()
	if len(words) == 0 {
		return false, nil
	}
	defer s.trace(ctx, "filtered full text", time.Now())
	before := len(s.cands)
	filter := s.filter.page()
	tables := map[string]bool{}
	for _, p := range s.partitions() {
		tables[p.table] = true
	}
	for _, expr := range []string{MatchAll(words), MatchAny(words)} {
		for table := range tables {
			if err := s.addIDs(ctx, viaFilterTitle)(s.e.store.FilteredMatchIDs(ctx, table, expr, filter, filteredFTSLimit)); err != nil {
				return false, err
			}
		}
		if len(s.cands) > before || len(words) == 1 {
			break
		}
	}
	return len(s.cands) > before, nil
}
