package ranker

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

// contextStage adds a prose query's best APIs by context.
func (s *search) contextStage(ctx context.Context) error {
	if !s.q.Prose || s.e.Semantic != SemanticFused {
		return nil
	}
	defer s.trace(ctx, "contexts", time.Now())
	var words []string
	for _, k := range s.q.Keywords {
		if w := strings.ToLower(k); !stopWords[w] && hasTokenChar(w) {
			words = append(words, w)
		}
	}
	if len(words) == 0 {
		return nil
	}
	count := func(ws []string) (int, error) {
		n, err := s.e.countRows(ctx, index.ContextFTSTable, MatchAll(ws), contextMaxMatches+1)
		if err != nil {
			return 0, fmt.Errorf("ranker contexts: %w", err)
		}
		return n, nil
	}
	// Each word's own count is per index and cached, and it bounds any AND
	// holding the word: when the rarest word is below the minimum, no AND
	// can reach it and the relaxation below ends on that word alone, so the
	// AND of every word need not be counted at all.
	freq := make(map[string]int, len(words))
	for _, w := range words {
		var err error
		if freq[w], err = s.e.countRows(ctx, index.ContextFTSTable, MatchAll([]string{w}), contextMaxMatches+1); err != nil {
			return fmt.Errorf("ranker contexts: %w", err)
		}
	}
	kept := append([]string(nil), words...)
	sort.SliceStable(kept, func(i, j int) bool { return freq[kept[i]] < freq[kept[j]] })
	var n int
	switch rarest := kept[0]; {
	case len(words) == 1 || freq[rarest] < contextMinMatches:
		kept, n = kept[:1], freq[rarest]
	default:
		var err error
		if n, err = count(words); err != nil {
			return err
		}
		// Drop the most common words first: the rare ones carry the
		// request ("spinner", "vibrate").
		for len(kept) > 1 && n < contextMinMatches {
			kept = kept[:len(kept)-1]
			if n, err = count(kept); err != nil {
				return err
			}
		}
		if len(kept) == len(words) {
			kept = words
		}
	}
	words = kept
	if n == 0 || n > contextMaxMatches {
		return nil
	}
	s.contextRank = map[int64]int{}
	ids, err := s.e.store.ContextIDs(ctx, MatchAll(words), contextLimit)
	if err != nil {
		return fmt.Errorf("ranker contexts: %w", err)
	}
	for rank, id := range ids {
		s.contextRank[id] = rank + 1
		s.add(id, viaContext)
	}
	return nil
}

// contextRelevance is what an API's rank by context adds to its base.
func (s *search) contextRelevance(c *candidate) float64 {
	r, ok := s.contextRank[c.id]
	if !ok {
		return 0
	}
	return contextBase * (1 - float64(r-1)/contextLimit)
}
