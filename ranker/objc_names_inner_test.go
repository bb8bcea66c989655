package ranker

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// objcCrowdFixture writes an Objective-C constant's name and a selector
// on one page past objcNameMatches, one of the selector's pages a
// UIControl's member, generated in the corpus's shape.
var objcCrowdFixture = &fixtureIndex{pages: func() []*document.Document {
	out := []*document.Document{page("apple-docs://uikit/uicontrol", "UIControl", "class", "The generated base class of controls.", ios("2.0"))}
	for i := range objcNameMatches + 1 {
		out = append(out, page(fmt.Sprintf("apple-docs://uikit/uicontrol/state%d", i), fmt.Sprintf("state%d", i), "property",
			"A generated state of a control.", ios("2.0"), parent("apple-docs://uikit/uicontrol"), content("Objective-C: UIControlStateCrowded")))
		out = append(out, page(fmt.Sprintf("apple-docs://crowdkit/crowd%d/init(crowdedname:)", i), "init(crowdedName:)", "init",
			"Generated: makes a crowd.", ios("2.0"), content("Objective-C: initWithCrowdedName:")))
	}
	return append(out, page("apple-docs://uikit/uicontrol/init(crowdedname:)", "init(crowdedName:)", "init",
		"Generated: makes a control for a crowd.", ios("2.0"), parent("apple-docs://uikit/uicontrol"), content("Objective-C: initWithCrowdedName:"),
		content("See also: setOnTop:")))
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
// nothing, unless a type the request names narrows it to fewer. A type's
// name, a word not spelt as a constant and a short selector are not read.
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
	if got := objcProposals(t, crowd, "setOnTop", "color"); len(got) > 0 {
		t.Errorf("a selector's part under objcSelectorMinLen letters is read: proposed %q", got)
	}
	if got := objcProposals(t, crowd, "UIControlStateCrowded", "color"); len(got) > 0 {
		t.Errorf("%d pages write the name: proposed %q, want none", objcNameMatches+1, got)
	}
	if got := objcProposals(t, crowd, "initWithCrowdedName", "color"); len(got) > 0 {
		t.Errorf("%d pages write the selector: proposed %q, want none", objcNameMatches+2, got)
	}
	// The type the request names narrows the selector to its member.
	want := []string{"apple-docs://uikit/uicontrol/init(crowdedname:)"}
	if got := objcProposals(t, crowd, "UIControl", "initWithCrowdedName"); !slices.Equal(got, want) {
		t.Errorf("UIControl initWithCrowdedName: proposed %q, want %q", got, want)
	}
}
