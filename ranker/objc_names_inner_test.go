package ranker

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// objcCrowdFixture writes one Objective-C name on one page past
// objcNameMatches, generated in the corpus's shape.
var objcCrowdFixture = &fixtureIndex{pages: func() []*document.Document {
	out := []*document.Document{page("apple-docs://uikit/uicontrol", "UIControl", "class", "The generated base class of controls.", ios("2.0"))}
	for i := range objcNameMatches + 1 {
		out = append(out, page(fmt.Sprintf("apple-docs://uikit/uicontrol/state%d", i), fmt.Sprintf("state%d", i), "property",
			"A generated state of a control.", ios("2.0"), parent("apple-docs://uikit/uicontrol"), content("Objective-C: UIControlStateCrowded")))
	}
	return out
}}

// objcProposals runs objcNameStage over keywords and returns the pages it
// proposed.
func objcProposals(t *testing.T, e *Engine, keywords ...string) []string {
	t.Helper()
	ctx := context.Background()
	s := &search{e: e, q: &Query{Keywords: keywords}, cands: map[int64]*candidate{}, filter: requestFilter{scope: []string{document.SourceAppleDocs}}}
	if err := s.objcNameStage(ctx); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for id := range s.namedMembers {
		ids = append(ids, id)
	}
	var uris []string
	err := e.store.EachPageRow(ctx, ids, func(p *index.PageRow) error {
		uris = append(uris, p.URI)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(uris)
	return uris
}

// TestObjCNameOnManyPages: a name written on objcNameMatches pages or
// fewer proposes its page; on more, it names no one member and proposes
// nothing. A type's name, and a word not spelt as a constant, are not read.
func TestObjCNameOnManyPages(t *testing.T) {
	e := openScoringEngine(t)
	if got, want := objcProposals(t, e, "UIControlStateHighlighted", "color"), []string{"apple-docs://uikit/uicontrol/state-swift.struct/highlighted"}; !slices.Equal(got, want) {
		t.Errorf("one page writes the name: proposed %q, want %q", got, want)
	}
	for _, k := range []string{"UICollectionViewFlowLayout", "Highlighted", "highlightedState"} {
		if got := objcProposals(t, e, k, "color"); len(got) > 0 {
			t.Errorf("%s is not a constant's name: proposed %q", k, got)
		}
	}
	crowd := openEngineAt(t, objcCrowdFixture.build(t))
	if got := objcProposals(t, crowd, "UIControlStateCrowded", "color"); len(got) > 0 {
		t.Errorf("%d pages write the name: proposed %q, want none", objcNameMatches+1, got)
	}
}
