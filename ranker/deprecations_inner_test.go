package ranker

import (
	"context"
	"slices"
	"testing"
)

// TestDeprecationNamedPages: the names a deprecation question writes are
// looked up as a type's member (the type nested or not, a Swift base name
// or an Objective-C selector), a title with its selector, or a symbol's
// name; a word of prose names nothing. The note's names keep a type's
// member and a selector whole.
func TestDeprecationNamedPages(t *testing.T) {
	e := openScoringEngine(t)
	s := &search{e: e, q: &Query{}, cands: map[int64]*candidate{}}
	ctx := context.Background()
	for _, k := range []string{"UIButton.adjustsImageWhenHighlighted", "adjustsImageWhenHighlighted", "UIButton.adjustsImageWhenHighlighted()"} {
		ids, err := s.namedPages(ctx, k)
		if err != nil {
			t.Fatal(err)
		}
		if len(ids) != 1 {
			t.Errorf("%s names %d pages, want the one", k, len(ids))
		}
	}
	if ids, err := s.namedPages(ctx, "highlighted"); err != nil || len(ids) != 0 {
		t.Errorf("a word of prose named %v (%v)", ids, err)
	}
	got := noteNameRE.FindAllString("Use EKWeekday.monday or loadEntries(for:timeScope:) instead.", -1)
	if want := []string{"Use", "EKWeekday.monday", "or", "loadEntries(for:timeScope:)", "instead"}; !slices.Equal(got, want) {
		t.Errorf("note names %q, want %q", got, want)
	}
}
