package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
)

// mentionIndex builds a real index (full-text tables and all) whose pages
// mention a type the crawl has no page for: the first page the search
// finds writes it only in capitals, folded to the same word; a later one
// writes it as Swift does.
func mentionIndex(t *testing.T) string {
	t.Helper()
	return indextest.Build(t, []*document.Document{
		{URI: "apple-docs://avfaudio/avaudioformat_have_cmformatdescription", Source: document.SourceAppleDocs, Framework: "avfaudio",
			Title: "AVAUDIOFORMAT_HAVE_CMFORMATDESCRIPTION", Kind: "macro", Language: "swift", Markdown: "# AVAUDIOFORMAT_HAVE_CMFORMATDESCRIPTION\n", ContentHash: "a"},
		{URI: "apple-docs://avfaudio/avaudioplayernode", Source: document.SourceAppleDocs, Framework: "avfaudio",
			Title: "AVAudioPlayerNode", Kind: "class", Language: "swift", Content: "Schedule buffers in an AVAudioFormat the engine accepts.",
			Markdown: "# AVAudioPlayerNode\n\nSchedule buffers in an `AVAudioFormat` the engine accepts.\n", ContentHash: "b"},
		{URI: "apple-docs://swiftui/view", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "View", Kind: "protocol", Language: "swift", Markdown: "# View\n", ContentHash: "c"},
	}...)
}

// TestMentionedAsWrittenReadsSeveralPages: a real type the crawl lacks is
// "mentioned", not unknown, when any of the pages the case-folding search
// finds writes it as written, not only the first; an invented type the
// search folds onto another word stays unknown.
func TestMentionedAsWrittenReadsSeveralPages(t *testing.T) {
	table := openTable(t, mentionIndex(t))
	rep := checkCode(t, table, Options{}, File{Code: "import AVFAudio\nlet f: AVAudioFormat? = nil\nlet g: AvAudioFormat? = nil\n"})
	if got := summary(rep); got != "2:AVAudioFormat:mentioned 3:AvAudioFormat:unknown" {
		t.Errorf("got %s, want AVAudioFormat mentioned (the second page writes it) and AvAudioFormat unknown", got)
	}
}

// TestMembersOfAnUndocumentedTypeAreOneFinding: a member used on a value
// declared of a type the index lacks is not checkable (the type is the one
// finding); a member of a documented type the index lacks stays unknown.
func TestMembersOfAnUndocumentedTypeAreOneFinding(t *testing.T) {
	table := NewMemTable("UIKit", []SymbolInfo{
		{Name: "UIView", Kind: "class", Module: "uikit", URI: "apple-docs://uikit/uiview"},
		{Name: "frame", Parent: "UIView", Kind: "property", Module: "uikit", URI: "apple-docs://uikit/uiview/frame"},
	})
	code := "import UIKit\nfunc render(request: AVFooRequest, view: UIView) {\n    let context = request.renderContext\n    _ = view.hasNotchX\n}\n"
	wantStatuses(t, checkCode(t, table, Options{}, File{Code: code}), map[string]Status{"AVFooRequest": Unknown, ".renderContext": NotCheckable, ".hasNotchX": Unknown})
}

// TestMembersOfATypeKnownByATopicsEntryAreNotJudged: a nested type the
// index knows only from its outer type's Topics (the crawl has no page for
// MKLocalSearch.Request) resolves, but its members are not in the index:
// a member used on a value of it is not checkable, not unknown.
func TestMembersOfATypeKnownByATopicsEntryAreNotJudged(t *testing.T) {
	table := openTable(t, indextest.Build(t, []*document.Document{
		{URI: "apple-docs://mapkit/mklocalsearch", Source: document.SourceAppleDocs, Framework: "mapkit",
			Title: "MKLocalSearch", Kind: "class", Language: "swift", Markdown: "# MKLocalSearch\n", ContentHash: "a",
			Children: []document.Ref{{URI: "apple-docs://mapkit/mklocalsearch/request", Title: "MKLocalSearch.Request"}}},
		{URI: "apple-docs://mapkit/mkmapitem", Source: document.SourceAppleDocs, Framework: "mapkit",
			Title: "MKMapItem", Kind: "class", Language: "swift", Markdown: "# MKMapItem\n", ContentHash: "b"},
	}...))
	code := "import MapKit\nlet request = MKLocalSearch.Request()\nrequest.naturalLanguageQuery = \"coffee\"\nlet item = MKMapItem()\n_ = item.hasNotchX\n"
	wantStatuses(t, checkCode(t, table, Options{}, File{Code: code}), map[string]Status{".naturalLanguageQuery": NotCheckable, "MKMapItem.hasNotchX": Unknown})
}

// TestNestedNamesOfAConformedProtocolAreInScope: inside a type that
// conforms to a protocol, the protocol's nested names are written
// unqualified (`Subviews` in a Layout is Layout.Subviews, known from
// Layout's Topics); the same name in a file that conforms to nothing, or a
// name the protocol does not list, stays unknown.
func TestNestedNamesOfAConformedProtocolAreInScope(t *testing.T) {
	table := openTable(t, indextest.Build(t, []*document.Document{
		{URI: "apple-docs://swiftui/layout", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "Layout", Kind: "protocol", Language: "swift", Markdown: "# Layout\n", ContentHash: "a",
			Children: []document.Ref{{URI: "apple-docs://swiftui/layout/subviews", Title: "Layout.Subviews"}}},
	}...))
	conforming := "import SwiftUI\nstruct Flow: Layout {\n  func f(_ s: Subviews) {}\n  var g: Subviewz? = nil\n}\n"
	if got := summary(checkCode(t, table, Options{}, File{Code: conforming})); got != "2:Layout:resolved 3:Subviews:resolved 4:Subviewz:unknown" {
		t.Errorf("conforming: got %s", got)
	}
	alone := "import SwiftUI\nfunc f(_ s: Subviews) {}\n"
	if got := summary(checkCode(t, table, Options{}, File{Code: alone})); got != "2:Subviews:unknown" {
		t.Errorf("conforming to nothing: got %s", got)
	}
}

// TestMemberOfATypedLocalIsCitedOnItsType: a member read on a local of one
// written type is cited on that type's page, not on the first type that
// has a member of the name (JSONDecoder.decode, not CGImage.decode); a
// name no page of the type has is read alone, as before.
func TestMemberOfATypedLocalIsCitedOnItsType(t *testing.T) {
	table := NewMemTable("Foundation", []SymbolInfo{
		{Name: "CGImage", Kind: "class", Module: "coregraphics", URI: "apple-docs://coregraphics/cgimage"},
		{Name: "decode", Parent: "CGImage", Kind: "property", Module: "coregraphics", URI: "apple-docs://coregraphics/cgimage/decode"},
		{Name: "JSONDecoder", Kind: "class", Module: "foundation", URI: "apple-docs://foundation/jsondecoder"},
		{Name: "decode", Parent: "JSONDecoder", Kind: "method", Module: "foundation", URI: "apple-docs://foundation/jsondecoder/decode"},
		{Name: "userInfo", Parent: "CodingKey", Kind: "property", Module: "foundation", URI: "apple-docs://foundation/codingkey/userinfo"},
	})
	code := "import Foundation\nimport CoreGraphics\nlet d = JSONDecoder()\nlet x = d.decode(1)\nlet y = d.userInfo\n"
	rep := checkCode(t, table, Options{}, File{Code: code})
	got := map[int]string{}
	for _, r := range rep.References {
		got[r.Line] = r.URI
	}
	if got[4] != "apple-docs://foundation/jsondecoder/decode" || got[5] != "apple-docs://foundation/codingkey/userinfo" {
		t.Errorf("got %v; want line 4 cited on JSONDecoder, line 5 by its name", got)
	}
}

// TestAcronymInProseIsNoType: an acronym written as a type (`JSON(data:)`,
// SwiftyJSON's) is a word of many pages' prose; such a mention is no
// evidence of a type, so it stays unknown, while a camel-cased name a page
// writes as spelled is mentioned.
func TestAcronymInProseIsNoType(t *testing.T) {
	checkOnePage(t, &document.Document{URI: "apple-docs://foundation/jsondecoder", Source: document.SourceAppleDocs, Framework: "foundation",
		Title: "JSONDecoder", Kind: "class", Language: "swift", Content: "Decode JSON into your types, as the AVAudioFormat page says.",
		Markdown: "# JSONDecoder\n\nDecode JSON into your types, as the `AVAudioFormat` page says.\n", ContentHash: "a"},
		"import Foundation\nlet j = try JSON(data: d)\nlet f: AVAudioFormat? = nil\n",
		"2:JSON:unknown 3:AVAudioFormat:mentioned")
}

// TestTypeOnlyProseNamesIsUnknown: a type a page names only in its prose
// ("the Keychain", "a new PhotoPicker view") is unknown; one it writes in
// a code span or listing is mentioned.
func TestTypeOnlyProseNamesIsUnknown(t *testing.T) {
	checkOnePage(t, &document.Document{URI: "apple-docs://security/storing-secrets", Source: document.SourceAppleDocs, Framework: "security",
		Title: "Storing secrets", Kind: "article", Language: "swift", Content: "Keep tokens in the Keychain. Read them with SecItemCopyMatching.",
		Markdown: "# Storing secrets\n\nKeep tokens in the Keychain. Read them with\n\n```swift\nlet status = SecItemCopyMatching(query, &item)\n```\n", ContentHash: "a"},
		"import Security\nlet k = Keychain(service: s)\nlet q = SecItemCopyMatching(query, &item)\n",
		"2:Keychain:unknown 3:SecItemCopyMatching:mentioned")
}

// checkOnePage checks code over an index of one page and wants the
// report's summary.
func checkOnePage(t *testing.T, page *document.Document, code, want string) {
	t.Helper()
	table := openTable(t, indextest.Build(t, page))
	if got := summary(checkCode(t, table, Options{}, File{Code: code})); got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestWritesNameAsCode: a page writes a name as code in its title, a code
// span or a fenced listing, with its case and as a whole word; prose, a
// longer name and a span that closed before it do not count.
func TestWritesNameAsCode(t *testing.T) {
	// A case is a page's title and text.
	wantEach(t, "writesNameAsCode", func(page [2]string) bool { return writesNameAsCode(page[0], page[1], "Keychain") }, map[[2]string]bool{
		{"Keychain", ""}: true,
		{"Storing secrets", "Keep tokens in the Keychain."}:                     false,
		{"Storing secrets", "Keep tokens in a `Keychain` instance."}:            true,
		{"Storing secrets", "Keep `tokens` in the Keychain."}:                   false,
		{"Storing secrets", "Use `KeychainItem` here."}:                         false,
		{"Storing secrets", "```swift\nlet k = Keychain()\n```\n"}:              true,
		{"Storing secrets", "```swift\nlet k = 1\n```\nThe Keychain holds it."}: false,
		{"Storing secrets", "```swift\nlet k = 1 // the Keychain's\n```\n"}:     false,
	})
}

// TestSessionYears: the WWDC that introduced an iOS major version, and a
// session address's year.
func TestSessionYears(t *testing.T) {
	wantEach(t, "wwdcYearOfIOS", wwdcYearOfIOS, map[int]int{17: 2023, 18: 2024, 26: 2025, 27: 2026})
	if y, ok := wwdcYear("wwdc://2025/230"); !ok || y != 2025 {
		t.Errorf("wwdcYear(wwdc://2025/230) = %d, %v", y, ok)
	}
	if _, ok := wwdcYear("apple-docs://swiftui/view"); ok {
		t.Error("an Apple page has no session year")
	}
}

// TestProposalIsNoEvidenceOfAType: a type a Swift Evolution proposal
// writes as code (SE-0258 shows RxCocoa's BehaviorRelay) is unknown when
// no other page mentions it, unless the proposal declares it public API
// (SE-0453's `public struct InlineArray`); an Apple page's mention counts.
func TestProposalIsNoEvidenceOfAType(t *testing.T) {
	path := indextest.Build(t, []*document.Document{
		{URI: "swift-evolution://SE-0258", Source: document.SourceSwiftEvolution, Title: "Property Wrappers", Kind: "article",
			Content:  "RxCocoa's BehaviorRelay replays the most recent value; so would an AVAudioFormat.",
			Markdown: "# Property Wrappers\n\nRxCocoa's `BehaviorRelay` replays the most recent value; so would an `AVAudioFormat`.\n", ContentHash: "a"},
		{URI: "swift-evolution://SE-0453", Source: document.SourceSwiftEvolution, Title: "InlineArray", Kind: "article",
			Content:  "public struct InlineArray<let count: Int, Element: ~Copyable>: ~Copyable {}",
			Markdown: "# InlineArray\n\n```swift\npublic struct InlineArray<let count: Int, Element: ~Copyable>: ~Copyable {}\n```\n", ContentHash: "c"},
		{URI: "apple-docs://avfaudio/avaudioplayernode", Source: document.SourceAppleDocs, Framework: "avfaudio",
			Title: "AVAudioPlayerNode", Kind: "class", Language: "swift", Content: "Schedule buffers in an AVAudioFormat the engine accepts.",
			Markdown: "# AVAudioPlayerNode\n\nSchedule buffers in an `AVAudioFormat` the engine accepts.\n", ContentHash: "b"},
	}...)
	rep := checkCode(t, openTable(t, path), Options{}, File{Code: "import AVFAudio\nlet r: BehaviorRelay<String>? = nil\nlet f: AVAudioFormat? = nil\nlet a: InlineArray<3, String>? = nil\n"})
	// BehaviorRelay has a proposal's mention alone; AVAudioFormat an Apple
	// page's; InlineArray is declared public.
	wantStatuses(t, rep, map[string]Status{"BehaviorRelay": Unknown, "AVAudioFormat": Mentioned, "InlineArray": Mentioned})
}
