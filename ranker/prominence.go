package ranker

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"
)

// Prominence. A filter on a common word leaves dozens of pages that match
// equally well: every UIKit class whose title holds "controller", every
// SwiftUI struct holding "stack". Text cannot tell UIViewController from
// NSTextViewportLayoutController; how much real code uses each can. The
// index counts, per type, the sample-code and package files that use it
// (Store.CodeUseCounts), and a type used widely gains up to
// prominenceWeight, on a log scale that saturates at prominenceSaturation
// files, so prominence orders near-ties and never outweighs a better match.
// The numbers are in weights.go, with every other number of the ranker.

// prominenceApplies: a filtered search for a word or two ("pan gesture"
// reads as prose, and is the same question as "gesture") that is not an
// identifier.
func (s *search) prominenceApplies() bool {
	return s.filter.narrowed() && !s.identifier && len(s.q.Keywords) >= 1 &&
		len(s.q.Keywords) <= prominenceKeywords
}

// loadProminence counts the code uses of every type among the candidates
// that has none recorded yet.
func (s *search) loadProminence(ctx context.Context) error {
	if !s.prominenceApplies() {
		return nil
	}
	defer s.trace(ctx, "prominence", time.Now())
	if s.uses == nil {
		s.uses = map[int64]int{}
	}
	byName := map[string][]int64{}
	for id, c := range s.cands {
		if _, done := s.uses[id]; done || c.uri == "" || !canonicalTypeKinds[c.kind] {
			continue
		}
		s.uses[id] = 0
		name := strings.ToLower(baseName(c.title))
		byName[name] = append(byName[name], id)
	}
	if len(byName) == 0 {
		return nil
	}
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	counts, err := s.e.codeUses(ctx, names)
	if err != nil {
		return fmt.Errorf("prominence: %w", err)
	}
	for n, uses := range counts {
		for _, id := range byName[n] {
			s.uses[id] = uses
		}
	}
	return nil
}

// prominence applies a candidate's prominence to its score.
func (s *search) prominence(sc *Score, c *candidate) {
	n := s.uses[c.id]
	if n == 0 {
		return
	}
	p := min(1, math.Log1p(float64(n))/math.Log1p(prominenceSaturation))
	sc.Multiply(FactorProminence, 1/(1+prominenceWeight*p), fmt.Sprintf("used in %d sample and package files", n))
}

// useCacheMax bounds the code-use cache: about the number of types that
// sample and package code use.
const useCacheMax = 20000

// useCache keeps the code-use counts of types already asked for: they are
// fixed for the index's life, and the same types come back query after
// query.
type useCache struct {
	mu sync.Mutex
	m  map[string]int
}

// codeUses returns Store.CodeUseCounts for names (lower case), asking the
// index only for the names not asked before.
func (e *Engine) codeUses(ctx context.Context, names []string) (map[string]int, error) {
	out := make(map[string]int, len(names))
	var missing []string
	e.uses.mu.Lock()
	for _, n := range names {
		if c, ok := e.uses.m[n]; ok {
			out[n] = c
		} else {
			missing = append(missing, n)
		}
	}
	e.uses.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	counts, err := e.store.CodeUseCounts(ctx, missing)
	if err != nil {
		return nil, err
	}
	e.uses.mu.Lock()
	defer e.uses.mu.Unlock()
	if e.uses.m == nil || len(e.uses.m)+len(missing) > useCacheMax {
		e.uses.m = make(map[string]int)
	}
	for _, n := range missing {
		e.uses.m[n] = counts[n]
		out[n] = counts[n]
	}
	return out, nil
}
