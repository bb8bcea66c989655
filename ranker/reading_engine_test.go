package ranker

// The reading's tests that need the engine: the index confirms or
// turns what ranker/reading read.

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// TestCallOfAnUndocumentedMemberAnswersWithItsType: a member the crawl
// lacks, of a type the code names or conforms to, finds that type's page,
// not other pages that share the code's words.
func TestCallOfAnUndocumentedMemberAnswersWithItsType(t *testing.T) {
	e := openTestEngine(t)
	for code, want := range map[string]string{
		`MainActor.shared.undocumentedSwitch = true`:                          "apple-docs://swift/mainactor",
		`struct Badge: View { func undocumentedRequirement(for value: Int) {`: "apple-docs://swiftui/view",
	} {
		resp, err := e.SearchQuery(context.Background(), code, Filters{})
		if err != nil {
			t.Fatal(err)
		}
		if len(resp.Results) == 0 || resp.Results[0].URI != want {
			t.Errorf("%s: results %v, want %s first", code, uris(resp.Results), want)
		}
	}
}

// TestPromoteTypedCallsDropsUnconfirmedReads: a property read whose name
// no guessed type has and many pages bear is not searched.
func TestPromoteTypedCallsDropsUnconfirmedReads(t *testing.T) {
	e := openTestEngine(t)
	r := reading.Read(`let n = order.customer.name`)
	if !slices.Contains(r.SearchTexts(), "name") {
		t.Fatalf("searches = %q, want the read among them before the index is asked", r.SearchTexts())
	}
	if err := e.promoteTypedCalls(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(r.SearchTexts(), "name") {
		t.Errorf("searches = %q: an unconfirmed read of a name no page bears is still searched", r.SearchTexts())
	}
}

// TestNoArgumentsAndAssignedValues: empty parentheses ask for the overload
// without parameters; an assigned value whose name few pages bear keeps
// its lead over the property set (the full index's figures cover a common
// one, which follows it).
func TestNoArgumentsAndAssignedValues(t *testing.T) {
	r := reading.Read(`func encode() throws -> Data {`)
	if len(r.Calls) == 0 || !r.Calls[0].NoArguments {
		t.Errorf("func encode(): calls = %+v, want NoArguments", r.Calls)
	}
	if r := reading.Read(`try await session.start(with: config)`); len(r.Calls) == 0 || r.Calls[0].NoArguments {
		t.Errorf("a call with arguments: calls = %+v", r.Calls)
	}
	e := openTestEngine(t)
	r = reading.Read(`recorder.captureMode = .quietMode`)
	if err := e.promoteTypedCalls(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "quietMode" {
		t.Errorf("searches = %q, want the rare assigned value first", r.SearchTexts())
	}
}

// TestKnownSearchesTurnFreeFunctions: a capitalised call that names no
// type but a function's title is that function, and is searched once.
func TestKnownSearchesTurnFreeFunctions(t *testing.T) {
	e := openTestEngine(t)
	// The fixture titles a function schedule(after:_:) and no type Schedule.
	r := reading.Read(`let token = Schedule(after: deadline)`)
	r.Searches = append(r.Searches, reading.Search{Words: "Unscheduled"})
	if err := e.knownSearches(context.Background(), `let token = Schedule(after: deadline)`, &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Calls) == 0 || r.Calls[0].Member != "Schedule" || r.Calls[0].Type != "" {
		t.Errorf("calls = %+v: want the function Schedule", r.Calls)
	}
	if !slices.Equal(r.SearchTexts(), []string{"Schedule"}) {
		t.Errorf("searches = %q, want the function once and the unknown name dropped", r.SearchTexts())
	}
}

// TestEnvironmentActionsAndRequirementsRealIndex: on the full index, a
// free call an action answers becomes its callAsFunction, and a declared
// property no protocol requires is not searched.
func TestEnvironmentActionsAndRequirementsRealIndex(t *testing.T) {
	e, err := New(context.Background(), indextest.OpenFull(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	r := reading.Read(`openWindow(id: "detail", value: item.id)`)
	if err := e.environmentActions(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if len(r.SearchTexts()) == 0 || r.SearchTexts()[0] != "OpenWindowAction.callAsFunction" {
		t.Errorf("openWindow(id:value:): searches = %q, want OpenWindowAction.callAsFunction first", r.SearchTexts())
	}
	r = reading.Read(`extension Optional where Wrapped: Collection { var isBlank: Bool { self?.isEmpty ?? true } }`)
	if err := e.promoteTypedCalls(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(r.SearchTexts(), "isBlank") {
		t.Errorf("an own property no protocol requires is searched: %q", r.SearchTexts())
	}
	r = reading.Read(`dismiss(animated: true) { self.finish() }`)
	if err := e.environmentActions(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(r.SearchTexts(), func(q string) bool { return strings.HasPrefix(q, "DismissAction") }) {
		t.Errorf("dismiss(animated:) takes labels DismissAction has not: searches = %q", r.SearchTexts())
	}
	r = reading.Read(`func sizeThatFits(proposal: ProposedViewSize, subviews: Subviews, cache: inout ()) -> CGSize {`)
	if err := e.promoteTypedCalls(context.Background(), &r, memberPages{}); err != nil {
		t.Fatal(err)
	}
	if slices.Contains(r.SearchTexts(), "ProposedViewSize") {
		t.Errorf("a requirement's signature types are searched through it: searches = %q", r.SearchTexts())
	}
}

// TestSentenceStartIsNoName: a long request's capitalised first word is
// grammar; a short query's, or a camel-case one, names a type.
func TestSentenceStartIsNoName(t *testing.T) {
	for _, tc := range []struct {
		raw, word string
		want      bool
	}{
		{"Place a 3D object on a table in AR", "Place", true},
		{"Image with rounded corners", "Image", true},
		{"Image resizable", "Image", false},
		{"NavigationStack with a path binding", "NavigationStack", false},
		{"show a Picker in a form", "Picker", false},
	} {
		if got := sentenceStart(tc.raw, tc.word); got != tc.want {
			t.Errorf("sentenceStart(%q, %q) = %v, want %v", tc.raw, tc.word, got, tc.want)
		}
	}
}

// TestCallProminenceAndStandardMembersRealIndex: on the full index, a
// member on several untyped candidates goes to the type code uses most,
// and a labelled call on an untyped string is StringProtocol's.
func TestCallProminenceAndStandardMembersRealIndex(t *testing.T) {
	e, err := New(context.Background(), indextest.OpenFull(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for code, want := range map[string]string{
		`prefs.set(true, forKey: "seenIntro")`:           "/userdefaults/",
		`if let at = email.range(of: "@") { print(at) }`: "/stringprotocol/range(of:",
	} {
		res, err := e.SearchQuery(context.Background(), code, Filters{Limit: 5})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Results) == 0 || !strings.Contains(res.Results[0].URI, want) {
			top := ""
			if len(res.Results) > 0 {
				top = res.Results[0].URI
			}
			t.Errorf("%s: top %s, want a page under %s", code, top, want)
		}
	}
}

func TestCallOwnerNames(t *testing.T) {
	if got := ownerName("apple-docs://foundation/userdefaults/1408905-set"); got != "userdefaults" {
		t.Errorf("ownerName = %q", got)
	}
	if got := ownerName("apple-docs://swiftui"); got != "" {
		t.Errorf("ownerName of a framework = %q", got)
	}
	if !standardOwner("apple-docs://swift/stringprotocol/range(of:options:range:locale:)") || standardOwner("apple-docs://foundation/nsstring/1410144-range") {
		t.Error("standardOwner: want the standard library's string protocol only")
	}
	if callProminence(0) != 0 || callProminence(100000) != callProminenceWeight || callProminence(20) >= callProminenceWeight {
		t.Errorf("callProminence: 0 -> %d, 100000 -> %d, 20 -> %d", callProminence(0), callProminence(100000), callProminence(20))
	}
}
func TestOSADistance(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"uiviewcontroller", "uiviewcontroller", 2, 0},
		{"uiveiwcontroller", "uiviewcontroller", 2, 1}, // transposition
		{"uiviewcontrolller", "uiviewcontroller", 2, 1},
		{"navigatonlink", "navigationlink", 2, 1},
		{"textfeld", "textfield", 2, 1},
		{"abc", "xyz", 1, 2}, // gives up at limit+1
	} {
		if got := osaDistance(tc.a, tc.b, tc.limit); got != tc.want {
			t.Errorf("osaDistance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.want)
		}
	}
}

func TestSelectorLabelsSubsequence(t *testing.T) {
	have := selectorLabels("frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)")
	if !isSubsequence([]string{"maxWidth", "alignment"}, have) || isSubsequence([]string{"alignment", "maxWidth"}, have) {
		t.Errorf("labels %v: written labels are matched in order", have)
	}
	if got := selectorLabels("initWithKey:ascending:"); !slices.Equal(got, []string{"key", "ascending"}) {
		t.Errorf("Objective-C initializer labels = %q, want key, ascending", got)
	}
	for _, title := range []string{"initWith:", "initWith", "init"} {
		if got := selectorLabels(title); got != nil {
			t.Errorf("selectorLabels(%q) = %q, want none", title, got)
		}
	}
}

func TestMessageSearchesInterleave(t *testing.T) {
	lists := []RankedList{{Source: "0", URIs: []string{"a1", "a2", "a3"}}, {Source: "1", URIs: []string{"b1", "b2"}}}
	fused := Fuse(lists, map[string]float64{"0": messageLeadWeight, "1": 1}, messageRRFK)
	var order []string
	for _, f := range fused {
		order = append(order, f.URI)
	}
	// The second search's best page comes right after the lead's best
	// ones, not after all of them.
	if i := slices.Index(order, "b1"); i < 0 || i > 2 {
		t.Errorf("fused order %v: the second search's first page should be in the top 3", order)
	}
}

// TestKnownSearchesDropTheCodesOwnTypes: a bare name or initializer of a
// type no page names is dropped; a documented type, a member call on an
// undocumented name, and an attribute stay.
func TestKnownSearchesDropTheCodesOwnTypes(t *testing.T) {
	e := openTestEngine(t)
	code := `@Observable final class Trips {}; RouteCard(trip: trip).task { }; NSApp.activate(); URLSession.shared.data(from: u)`
	r := Reading{Searches: reading.WordSearches("RouteCard.init", "RouteCard", "NSApp.activate", "URLSession.data", "URLSession", "Observable")}
	if err := e.knownSearches(context.Background(), code, &r); err != nil {
		t.Fatal(err)
	}
	if want := []string{"NSApp.activate", "URLSession.data", "URLSession", "Observable"}; !slices.Equal(r.SearchTexts(), want) {
		t.Errorf("knownSearches = %q, want %q", r.SearchTexts(), want)
	}
}

// TestUnsureReadingKeepsTheWordsPages: a question read as code because of
// one call in it ("Color(x)") still finds what its words find (the Dark
// Mode pages); before readings only proposed, the call's search replaced
// the query and the words' pages were never candidates.
func TestUnsureReadingKeepsTheWordsPages(t *testing.T) {
	e := openTestEngine(t)
	resp, err := e.SearchQuery(context.Background(), "Why does Color(x) not adapt to dark mode?", Filters{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Reading.Class != ClassSyntax || resp.Reading.Confidence >= 1 {
		t.Fatalf("reading %s, confidence %v; want an unsure syntax reading", resp.Reading.Class, resp.Reading.Confidence)
	}
	got := uris(resp.Results)
	for _, want := range []string{"apple-docs://swiftui/color", "apple-docs://uikit/supporting-dark-mode-in-your-interface"} {
		if !slices.Contains(got, want) {
			t.Errorf("results %q lack %s", got, want)
		}
	}
}
