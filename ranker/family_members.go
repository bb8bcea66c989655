package ranker

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/index"
)

// familyMemberStage proposes, for a request that names a type and says
// what it wants in other words ("CABasicAnimation resets to initial value
// after animation completes"), the members of that type's family (the type
// and its superclasses) whose pages those words match best. The answer to
// a question about a type is often a member it inherits (CAAnimation's
// isRemovedOnCompletion, UIView's clipsToBounds), found by its summary's
// words, not its name. A proposal: the words' own matches still compete.
func (s *search) familyMemberStage(ctx context.Context, types, words []string) error {
	if len(words) == 0 {
		return nil
	}
	defer s.trace(ctx, "family members", time.Now())
	var found []index.ScoredMember
	for _, t := range types {
		own := titleStems(t)
		var terms []string
		for _, w := range words {
			if !slices.Contains(own, stem(w)) {
				terms = append(terms, w)
			}
		}
		if len(terms) == 0 {
			continue
		}
		owners, err := s.family(ctx, t)
		if err != nil {
			return err
		}
		expr := MatchAny(terms)
		for _, o := range owners {
			hits, err := s.e.store.MembersMatching(ctx, o, expr, familyMemberPages)
			if err != nil {
				return err
			}
			found = append(found, hits...)
		}
	}
	slices.SortStableFunc(found, func(a, b index.ScoredMember) int {
		switch {
		case a.Rank < b.Rank:
			return -1
		case a.Rank > b.Rank:
			return 1
		}
		return 0
	})
	for i, m := range found {
		if i == familyMemberPages {
			break
		}
		if s.familyMembers == nil {
			s.familyMembers = map[int64]int{}
		}
		if _, seen := s.familyMembers[m.ID]; !seen {
			s.familyMembers[m.ID] = i + 1
			s.add(m.ID, viaNamedMember)
		}
	}
	return nil
}

// family returns the addresses of the type page titled t and of the pages
// whose members it has too: its superclasses but NSObject.
func (s *search) family(ctx context.Context, t string) ([]string, error) {
	pages, err := s.e.store.TypePage(ctx, strings.ToLower(t))
	if err != nil || len(pages) == 0 {
		return nil, err
	}
	root := pages[0].URI
	owners := []string{root}
	h, err := s.e.store.Inheritance(ctx, index.TypeRef{URI: root}, true, familyDepth, familyEdges)
	if err != nil {
		return nil, err
	}
	titles := []string{t}
	for _, e := range h.Edges {
		// Its conformances, even to its own framework's protocols
		// (CAMediaTiming), were measured to add nothing.
		u := e.To.URI
		if e.Relation != index.RelationInheritsFrom || u == "" || slices.Contains(owners, u) || e.To.Title == "NSObject" {
			continue
		}
		owners = append(owners, u)
		titles = append(titles, e.To.Title)
	}
	// The family's delegates: what a type tells of its events and asks
	// of its owner ("new location data is available" is
	// CLLocationManagerDelegate's locationManager(_:didUpdateLocations:),
	// "scrolled to the bottom" of a table view UIScrollViewDelegate's
	// scrollViewDidScroll(_:)) is a member of its delegate protocol.
	for _, title := range titles {
		pages, err := s.e.store.TypePage(ctx, strings.ToLower(title)+"delegate")
		if err != nil {
			return nil, err
		}
		if len(pages) > 0 && !slices.Contains(owners, pages[0].URI) {
			owners = append(owners, pages[0].URI)
		}
	}
	return owners, nil
}

// familyMemberRelevance is what a member familyMemberStage proposed adds to
// its base: the best match the most.
func (s *search) familyMemberRelevance(c *candidate) float64 {
	if r, ok := s.familyMembers[c.id]; ok {
		return familyMemberBase / float64(r)
	}
	return 0
}
