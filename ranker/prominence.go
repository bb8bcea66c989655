package ranker

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/ranker/reading"
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

// prominence applies a candidate's prominence to its score: its own use
// (a type page), else its owner's (a member page, loadOwnerProminence).
func (s *search) prominence(sc *Score, c *candidate) {
	if n := s.uses[c.id]; n > 0 {
		applyProminence(sc, n, "used in %d sample and package files")
	} else if n := s.ownerUses[c.id]; n > 0 {
		applyProminence(sc, n, "its type used in %d sample and package files")
	}
}

// applyProminence multiplies sc by the prominence of n files of use, on a
// log scale that saturates at prominenceSaturation; reason takes n.
func applyProminence(sc *Score, n int, reason string) {
	p := min(1, math.Log1p(float64(n))/math.Log1p(prominenceSaturation))
	sc.Multiply(FactorProminence, 1/(1+prominenceWeight*p), fmt.Sprintf(reason, n))
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

// Owner prominence. A member's name alone ("viewDidLoad", "prepareForReuse()")
// titles the copies of every type that declares or overrides it, which bm25
// cannot tell apart (their pages are alike but for length): ImagePlayground's
// view controller came before UIViewController's, whose method the others
// override. The copy on the type real code uses most is the one people mean,
// so among the pages titled with the member's name each gains its owner's
// use in sample and package code, as a type's prominence does
// (prominenceWeight, on the same scale).

// ownerProminenceApplies: the query is one member's name, nothing else.
func (s *search) ownerProminenceApplies() bool {
	return len(s.q.Terms) == 1 && s.q.TypeName == "" && reading.IsMemberName(s.q.Terms[0]) &&
		(reading.CodeLike(swiftlex.IdentifierPrefix(s.q.Terms[0])) || strings.Contains(s.q.Terms[0], "("))
}

// loadOwnerProminence counts the code uses of the owners of the member
// pages titled with the query's name.
func (s *search) loadOwnerProminence(ctx context.Context) error {
	if !s.ownerProminenceApplies() {
		return nil
	}
	name := strings.ToLower(baseName(s.q.Terms[0]))
	byOwner := map[string][]int64{}
	for id, c := range s.cands {
		if _, done := s.ownerUses[id]; done || c.uri == "" || !memberKinds[c.kind] || strings.ToLower(baseName(c.title)) != name {
			continue
		}
		if owner := ownerName(c.uri); owner != "" {
			byOwner[owner] = append(byOwner[owner], id)
		}
	}
	if len(byOwner) < 2 {
		return nil
	}
	defer s.trace(ctx, "owner prominence", time.Now())
	counts, err := s.e.codeUses(ctx, slices.Collect(maps.Keys(byOwner)))
	if err != nil {
		return fmt.Errorf("owner prominence: %w", err)
	}
	if s.ownerUses == nil {
		s.ownerUses = map[int64]int{}
	}
	for owner, ids := range byOwner {
		for _, id := range ids {
			s.ownerUses[id] = counts[owner]
		}
	}
	return nil
}
