package ranker

import (
	"context"
	"fmt"
	"math"
	"strings"
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
const (
	prominenceWeight     = 1.0
	prominenceSaturation = 500
	// prominenceKeywords is the longest query prominence reads: a common
	// word or two, which name a family of pages rather than one.
	prominenceKeywords = 2
)

// prominenceApplies: a filtered search for a word or two ("pan gesture"
// reads as prose, and is the same question as "gesture") that is not an
// identifier.
func (s *search) prominenceApplies() bool {
	return s.narrowed() && !s.identifier && len(s.q.Keywords) >= 1 &&
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
	counts, err := s.e.store.CodeUseCounts(ctx, names)
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
