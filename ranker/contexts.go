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
	n, err := count(words)
	if err != nil {
		return err
	}
	if n < contextMinMatches && len(words) > 1 {
		// Drop the most common words first: the rare ones carry the
		// request ("spinner", "vibrate").
		freq := map[string]int{}
		for _, w := range words {
			if freq[w], err = s.e.cachedCount(ctx, index.ContextFTSTable, MatchAll([]string{w}), contextMaxMatches+1); err != nil {
				return fmt.Errorf("ranker contexts: %w", err)
			}
		}
		kept := append([]string(nil), words...)
		sort.SliceStable(kept, func(i, j int) bool { return freq[kept[i]] < freq[kept[j]] })
		if rarest := kept[0]; freq[rarest] < contextMinMatches {
			// No AND holding the rarest word can reach the minimum, and
			// dropping the common words first keeps it to the end: the
			// relaxation ends on that word alone.
			kept, n = kept[:1], freq[rarest]
		}
		for len(kept) > 1 && n < contextMinMatches {
			kept = kept[:len(kept)-1]
			if n, err = count(kept); err != nil {
				return err
			}
		}
		words = kept
	}
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
