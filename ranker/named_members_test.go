package ranker

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestNamedMembersOfAFewTypes: a request naming one type proposes the member
// its other words name; one naming more than maxNamedTypes types (a list,
// a comparison) proposes none, and a code query none either.
func TestNamedMembersOfAFewTypes(t *testing.T) {
	e := openScoringEngine(t)
	ctx := context.Background()
	proposed := func(q string) bool {
		resp, err := e.SearchQuery(ctx, q, Filters{})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range resp.Results {
			if strings.Contains(r.ExplainText(), "named member") {
				return true
			}
		}
		return false
	}
	if !proposed("why does the data task of my URLSession never start") {
		t.Error("URLSession's dataTask, named by data task, was not proposed")
	}
	if proposed("why does the data task of my URLSession and NSURL and Bundle never start") {
		t.Error("a request naming three types proposed a member")
	}
	if proposed("URLSession dataTask") {
		t.Error("a type and a member name (not a sentence) went through the sentence's proposals")
	}
	// A member is named by its last word ("touch": isExclusiveTouch), but
	// not by a word of the type's own name, which says which type.
	if !proposed("why does UIView ignore a second touch") {
		t.Error("UIView's isExclusiveTouch, named by its last word, was not proposed")
	}
	if proposed("why does UIView view ignore it") {
		t.Error("a word of the type's own name (view) proposed a member ending in it")
	}
}

// TestPlatformWordNamesNoTitle: "iOS" in "Close iOS keyboard…" is where the
// code runs; a page titled iOS (a typealias of some framework) is not the
// name the question mentions, as a type's name would be.
func TestPlatformWordNamesNoTitle(t *testing.T) {
	e := openScoringEngine(t)
	for _, c := range []struct {
		word  string
		names bool
	}{{"iOS", false}, {"iPhone", false}, {"NavigationStack", true}} {
		q := &Query{Raw: "close the " + c.word + " keyboard by touching anywhere", Keywords: []string{c.word, "keyboard", "touching"}}
		s := &search{e: e, q: q}
		if got := s.titleIsNameKeyword(&candidate{title: c.word}); got != c.names {
			t.Errorf("a page titled %s is the name the question mentions: %v; want %v", c.word, got, c.names)
		}
	}
}

// TestFamilyMembers: a type's family is the type and its superclasses
// (UIButton: UIControl); the family search proposes at most
// familyMemberPages members, the best first, each at familyMemberBase
// over its place.
func TestFamilyMembers(t *testing.T) {
	e := openScoringEngine(t)
	ctx := context.Background()
	s := &search{e: e, q: &Query{}, cands: map[int64]*candidate{}}
	owners, err := s.family(ctx, "UIButton")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"apple-docs://uikit/uibutton", "apple-docs://uikit/uicontrol"}; !slices.Equal(owners, want) {
		t.Errorf("UIButton's family: %q, want %q", owners, want)
	}
	// Every generated summary says "generated": four members match, of
	// UIView (two), UIButton's superclass UIControl and UIApplication.
	if err := s.familyMemberStage(ctx, []string{"UIView", "UIButton", "UIApplication"}, []string{"generated"}); err != nil {
		t.Fatal(err)
	}
	if len(s.familyMembers) != familyMemberPages {
		t.Fatalf("%d members proposed, want familyMemberPages (%d): %v", len(s.familyMembers), familyMemberPages, s.familyMembers)
	}
	places := map[int]bool{}
	for id, place := range s.familyMembers {
		places[place] = true
		if got, want := s.familyMemberRelevance(&candidate{id: id}), familyMemberBase/float64(place); got != want {
			t.Errorf("member at place %d adds %g, want %g", place, got, want)
		}
	}
	for p := 1; p <= familyMemberPages; p++ {
		if !places[p] {
			t.Errorf("no member at place %d: %v", p, s.familyMembers)
		}
	}
}

// TestNamedMemberFirst: the best-placed named member of a type goes just
// above the type's page, one member a type, and only within
// namedMemberFirstReach.
func TestNamedMemberFirst(t *testing.T) {
	const typ = "apple-docs://uikit/uiview"
	uris := []string{typ, "apple-docs://uikit/uilabel", "apple-docs://uikit/uiview/mask", "apple-docs://uikit/uiview/alpha"}
	for len(uris) < namedMemberFirstReach {
		uris = append(uris, fmt.Sprintf("apple-docs://kit/filler%d", len(uris)))
	}
	uris = append(uris, "apple-docs://uikit/uitableview", "apple-docs://uikit/uitableview/separatorinset")
	s := &search{namedMembers: map[int64]string{}}
	byURI := map[string]*scored{}
	var fused []Fused
	for i, u := range uris {
		byURI[u] = &scored{c: &candidate{id: int64(i + 1), uri: u}}
		fused = append(fused, Fused{URI: u})
	}
	for _, named := range []int{2, 3, len(uris) - 1} { // mask, alpha, separatorInset
		s.namedMembers[int64(named+1)] = "named"
	}
	var got []string
	for _, f := range s.namedMemberFirst(fused, byURI) {
		got = append(got, strings.TrimPrefix(f.URI, "apple-docs://"))
	}
	want := []string{"uikit/uiview/mask", "uikit/uiview", "uikit/uilabel", "uikit/uiview/alpha"}
	if !slices.Equal(got[:4], want) {
		t.Errorf("first four %q, want %q", got[:4], want)
	}
	// Past the reach, the type keeps its place over its member.
	if tail := got[len(got)-2:]; tail[0] != "uikit/uitableview" {
		t.Errorf("last two %q: a member past the reach moved", tail)
	}
}

// TestLexiconBeforeNamedType: the lexicon's first page goes above a named
// class in first place, not above a named protocol, and not in a request
// that names neither; and above an Apple page in first place that no
// reading proposed, unless the request names it or its framework, or the
// page is the book's.
func TestLexiconBeforeNamedType(t *testing.T) {
	for _, tc := range []struct {
		query, kind string
		swapped     bool
	}{
		{"detect UIScrollView bottom reached", "class", true},
		{"how to make a type UIScrollView", "protocol", false},
		{"detect the bottom of a scroll view", "class", false},
	} {
		q, err := Parse(tc.query, nil)
		if err != nil {
			t.Fatal(err)
		}
		typ := &candidate{id: 1, uri: "apple-docs://uikit/uiscrollview", title: "UIScrollView", kind: tc.kind}
		member := &candidate{id: 2, uri: "apple-docs://uikit/uiscrollviewdelegate/scrollviewdidscroll(_:)", title: "scrollViewDidScroll(_:)", kind: "func"}
		s := &search{q: &q, lexiconRank: map[int64]int{2: 1}}
		fused := []Fused{{URI: typ.uri}, {URI: member.uri}}
		s.lexiconBeforeNamedType(fused, map[string]*scored{typ.uri: {c: typ}, member.uri: {c: member}})
		if got := fused[0].URI == member.uri; got != tc.swapped {
			t.Errorf("%q (%s): swapped %v, want %v", tc.query, tc.kind, got, tc.swapped)
		}
	}
}

// TestUIKitBeforeAppKit: a UIKit page goes above the AppKit page of the
// same title the list has before it, but not in a request about the Mac,
// nor when the request names the AppKit page's own type, nor past
// platformTwinReach.
func TestUIKitBeforeAppKit(t *testing.T) {
	pages := []*candidate{
		{id: 1, uri: "apple-docs://appkit/nstableview/reloaddata()", title: "reloadData()", framework: "appkit"},
		{id: 2, uri: "apple-docs://swiftui/list", title: "List", framework: "swiftui"},
		{id: 3, uri: "apple-docs://uikit/uitableview/reloaddata()", title: "reloadData()", framework: "uikit"},
	}
	for _, tc := range []struct {
		query string
		first string
	}{
		{"table does not show new rows after reloadData", "uikit"},
		{"table does not show new rows after reloadData on the Mac", "appkit"},
		{"NSTableView does not show new rows after reloadData", "appkit"},
	} {
		q, err := Parse(tc.query, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := &search{q: &q}
		byURI := map[string]*scored{}
		var fused []Fused
		for _, c := range pages {
			byURI[c.uri] = &scored{c: c}
			fused = append(fused, Fused{URI: c.uri})
		}
		s.uikitBeforeAppKit(fused, byURI)
		if got := byURI[fused[0].URI].c.framework; got != tc.first {
			t.Errorf("%q: %s first, want %s", tc.query, got, tc.first)
		}
	}
	// Past the reach, nothing moves.
	var fused []Fused
	byURI := map[string]*scored{}
	for i := range platformTwinReach + 1 {
		c := &candidate{id: int64(i + 1), uri: fmt.Sprintf("apple-docs://kit/filler%d", i), framework: "kit"}
		switch i {
		case 0:
			c = pages[0]
		case platformTwinReach:
			c = pages[2]
		}
		byURI[c.uri] = &scored{c: c}
		fused = append(fused, Fused{URI: c.uri})
	}
	q, _ := Parse("reloadData shows no new rows", nil)
	(&search{q: &q}).uikitBeforeAppKit(fused, byURI)
	if fused[0].URI != pages[0].uri {
		t.Errorf("a UIKit page past platformTwinReach moved first: %s", fused[0].URI)
	}
}

// TestLexiconBeforeUnproposedPage: the second branch of
// lexiconBeforeNamedType.
func TestLexiconBeforeUnproposedPage(t *testing.T) {
	q, err := Parse("detect the bottom of a scroll view", nil)
	if err != nil {
		t.Fatal(err)
	}
	answer := &candidate{id: 2, uri: "apple-docs://uikit/uiscrollviewdelegate/scrollviewdidscroll(_:)", title: "scrollViewDidScroll(_:)",
		source: "apple-docs", framework: "uikit"}
	for _, tc := range []struct {
		name    string
		lead    *candidate
		tier    int
		named   string // a framework the request names
		lexicon bool   // the lead is a page the lexicon names
		swapped bool
	}{
		{"a page only its words found", &candidate{id: 1, uri: "apple-docs://kit/edgeinsets", title: "EdgeInsets", source: "apple-docs", framework: "kit"}, tierOther, "", false, true},
		{"a page of a named framework", &candidate{id: 1, uri: "apple-docs://kit/edgeinsets", title: "EdgeInsets", source: "apple-docs", framework: "kit"}, tierOther, "kit", false, false},
		{"a page the lexicon names", &candidate{id: 1, uri: "apple-docs://kit/edgeinsets", title: "EdgeInsets", source: "apple-docs", framework: "kit"}, tierOther, "", true, false},
		{"a page in a match tier", &candidate{id: 1, uri: "apple-docs://kit/edgeinsets", title: "EdgeInsets", source: "apple-docs", framework: "kit"}, tierAllInTitle, "", false, false},
		{"a page the request names", &candidate{id: 1, uri: "apple-docs://kit/scroll", title: "scroll", source: "apple-docs", framework: "kit"}, tierOther, "", false, false},
		{"the book's page", &candidate{id: 1, uri: "swift-book://languageguide/closures", title: "Closures", source: "swift-book"}, tierOther, "", false, false},
	} {
		s := &search{q: &q, lexiconRank: map[int64]int{2: 1}, named: map[string]bool{}}
		if tc.named != "" {
			s.named[tc.named] = true
		}
		if tc.lexicon {
			s.lexiconRank[1] = 3
		}
		fused := []Fused{{URI: tc.lead.uri}, {URI: answer.uri}}
		s.lexiconBeforeNamedType(fused, map[string]*scored{tc.lead.uri: {c: tc.lead, tier: tc.tier}, answer.uri: {c: answer, tier: tierOther}})
		if got := fused[0].URI == answer.uri; got != tc.swapped {
			t.Errorf("%s: swapped %v, want %v", tc.name, got, tc.swapped)
		}
	}
}

// TestSpelledNames: runs of three to five words spell a member's name,
// function words inside a run and not at its ends; a name or a mark ends a
// run; names already tried are not repeated.
func TestSpelledNames(t *testing.T) {
	for _, tc := range []struct {
		terms, have, want []string
	}{
		{[]string{"active", "presentation", "controller"}, nil, []string{"activepresentationcontroller"}},
		{[]string{"is", "playback", "likely", "to", "keep", "up"}, nil,
			[]string{"playbacklikelytokeep", "playbacklikelytokeepup", "likelytokeep", "likelytokeepup"}},
		{[]string{"line", "spacing"}, nil, nil},
		{[]string{"minimum", "line", "spacing"}, []string{"minimumlinespacing"}, nil},
		{[]string{"the", "UIView", "layout", "margins", "guide"}, nil, []string{"layoutmarginsguide"}},
	} {
		if got := spelledNames(tc.terms, tc.have); !slices.Equal(got, tc.want) {
			t.Errorf("spelledNames(%q) = %q, want %q", tc.terms, got, tc.want)
		}
	}
}
