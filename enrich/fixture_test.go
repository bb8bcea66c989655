package enrich

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// richFixture is a small index that gives every pass work: framework roots
// for synonyms, a constrained generic type with members (one carrying an
// "Available when" clause, as save writes it), a UIKit class chain with a
// legacy parent URI and a one-sided edge, pages matching the hand-written
// MiniKit symbol graphs.
type richFixture struct {
	dir    string
	db     string
	graphs string
}

// fixtureBundle stands in for Apple's DocC bundle id, which tracked files
// must not spell.
const fixtureBundle = "doc://fixture.bundle/documentation/"

func newRichFixture(t *testing.T, extra ...*document.Document) *richFixture {
	t.Helper()
	fx := &richFixture{dir: t.TempDir()}
	fx.graphs = filepath.Join(testenv.RepoRoot(t), "enrich", "testdata", "minikit")

	root := func(uri, title, file string) *document.Document {
		d := fixtureDoc(uri, title, "framework", "")
		d.RoleHeading = "Framework"
		d.SourceFile = filepath.Join(fx.dir, "docs", file)
		return d
	}
	// A member of a constrained extension, as save writes it: docc read the
	// clause into AvailableWhen and ingest appended it to the declaration
	// symbol. Its source file is not written: no pass may need it.
	conformancePage := filepath.Join(fx.dir, "docs", "SwiftUI", "NavigationLink", "init(_:destination:).json")
	initDest := fixtureDoc("apple-docs://swiftui/navigationlink/init(_:destination:)", "init(_:destination:)", "init",
		"nonisolated init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination)")
	initDest.AvailableWhen = []string{"Label == Text", "Destination: View"}
	initDest.Symbols = swiftsym.FromDocument(initDest)
	initDest.SourceFile = conformancePage

	uiView := fixtureDoc("apple-docs://uikit/uiview", "UIView", "class", "@MainActor class UIView : UIResponder")
	uiView.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/1622441-uiresponder", Title: "UIResponder"}}
	uiControl := fixtureDoc("apple-docs://uikit/uicontrol", "UIControl", "class", "@MainActor class UIControl : UIView")
	uiControl.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uiview", Title: "UIView"}}
	uiControl.InheritedBy = []document.Ref{{URI: "apple-docs://uikit/uibutton", Title: "UIButton"}}
	uiButton := fixtureDoc("apple-docs://uikit/uibutton", "UIButton", "class", "@MainActor class UIButton : UIControl")
	uiButton.ConformsTo = []document.Ref{{Title: "NSCoding"}}

	count1 := fixtureDoc("apple-docs://minikit/box/count-1abcd", "count", "property", "var count: Int")
	count2 := fixtureDoc("apple-docs://minikit/box/count-9wxyz", "count", "property", "var count: Double")
	unique := fixtureDoc("apple-docs://minikit/swift/array/unique()", "unique()", "func", "func unique() -> [Element]")
	unique.Platforms = []document.Platform{{Name: "iOS", Introduced: "17.0"}}

	// An article that speaks of NavigationLink and UIButton in prose, the
	// contexts pass's material.
	article := fixtureDoc("apple-docs://swiftui/moving-between-screens", "Moving between screens", "article", "")
	article.Markdown = "# Moving between screens\n\nTo push a detail screen when a row is tapped, wrap the row in a " +
		"[`NavigationLink`](apple-docs://swiftui/navigationlink).\n\n```swift\nNavigationLink(\"A\") { Text(\"B\") }\n```\n\n" +
		"In UIKit apps a UIButton sends its action when the user lifts a finger.\n"

	// A chapter of the Swift book, the passages pass's material.
	chapter := fixtureDoc("swift-book://languageguide/properties", "Properties", "article", "")
	chapter.Source, chapter.Framework, chapter.Parent = document.SourceSwiftBook, "", ""
	chapter.Markdown = propertiesChapter

	docs := []*document.Document{
		article, chapter,
		root("apple-docs://corebluetooth", "Core Bluetooth", "CoreBluetooth.json"),
		root("apple-docs://coregraphics", "Core Graphics", "coregraphics.json"),
		root("apple-docs://quartzcore", "Core Animation", "QuartzCore.json"),
		root("apple-docs://swiftui", "SwiftUI", "SwiftUI.json"),
		root("apple-docs://uikit", "UIKit", "UIKit.json"),
		root("apple-docs://minikit", "MiniKit", "MiniKit.json"),
		fixtureDoc("apple-docs://app-store-connect-api", "App Store Connect API", "collection", ""),
		fixtureDoc("apple-docs://swiftui/navigationlink", "NavigationLink", "struct",
			"@MainActor @preconcurrency struct NavigationLink<Label, Destination> where Label : View, Destination : View"),
		fixtureDoc("apple-docs://swiftui/navigationlink/init(destination:label:)", "init(destination:label:)", "init",
			"nonisolated init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label)"),
		initDest,
		fixtureDoc("apple-docs://swiftui/navigationlink/configuration", "NavigationLink.Configuration", "struct",
			"struct Configuration<Style> where Style : Sendable"),
		fixtureDoc("apple-docs://swiftui/navigationlink/configuration/label", "label", "property", "var label: Label { get }"),
		fixtureDoc("apple-docs://uikit/uiresponder", "UIResponder", "class", "@MainActor class UIResponder : NSObject"),
		uiView, uiControl, uiButton,
		fixtureDoc("apple-docs://foundation/nscoding", "NSCoding", "protocol", "protocol NSCoding"),
		fixtureDoc("apple-docs://minikit/box", "Box", "struct", "struct Box<Content> where Content : Hashable"),
		fixtureDoc("apple-docs://minikit/box/map(_:)", "map(_:)", "func",
			"@MainActor func map<T>(_ transform: (Content) async throws -> T) -> T where T : Sendable"),
		count1, count2, unique,
	}
	fx.db = buildIndex(t, append(docs, extra...)...)

	return fx
}

// mustJSON is json.Marshal for test data.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// propertiesChapter is a chapter of the Swift book cut short: a head, a
// "##" section with text before its "###" subsections, and a "##" section
// without any.
const propertiesChapter = `# Properties

Access stored and computed values that are part of an instance or type.

## Stored Properties

In its simplest form, a stored property is a constant or variable that's stored as part of an instance.

### Lazy Stored Properties

A lazy stored property is a property whose initial value isn't calculated until the first time it's used.

## Property Observers

Property observers observe and respond to changes in a property's value: willSet is called just before
the value is stored, and didSet is called immediately after the new value is stored.

` + "```swift\nvar total = 0 { didSet { print(total) } }\n```" + `
`
