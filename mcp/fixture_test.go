package mcp

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

var fixtureOut = flag.String("fixture-db", "", "write the test fixture index to this path and exit (used by .ci/inspector-check)")

// TestWriteFixtureDB writes the fixture index for scripts that need a small
// real index without `cupertino save`.
func TestWriteFixtureDB(t *testing.T) {
	if *fixtureOut == "" {
		t.Skip("no -fixture-db path")
	}
	os.Remove(*fixtureOut)
	writeFixture(t, *fixtureOut, fixtureDocs())
}

// serverStore starts a server with opts, closed when the test ends, and
// returns it with the index it serves.
func serverStore(t testing.TB, opts Options) (*Server, *index.Store) {
	t.Helper()
	srv, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	st, err := srv.backend.get()
	if err != nil {
		t.Fatal(err)
	}
	return srv, st
}

// bigArticleSections is the number of "##" sections in the oversized page.
const bigArticleSections = 120

func platforms(pairs ...string) []document.Platform {
	var out []document.Platform
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, document.Platform{Name: pairs[i], Introduced: pairs[i+1]})
	}
	return out
}

func apple(framework, path, title, kind string) *document.Document {
	uri := "apple-docs://" + framework
	if path != "" {
		uri += "/" + path
	}
	return &document.Document{
		URI: uri, Source: document.SourceAppleDocs, Framework: framework, Title: title, Kind: kind,
		Language: "swift", ContentHash: "hash-" + uri, Size: 1000,
	}
}

func md(title, role, abstract, declaration, overview string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n%s\n\n%s\n", title, role, abstract)
	if declaration != "" {
		fmt.Fprintf(&b, "\n## Declaration\n\n```swift\n%s\n```\n", declaration)
	}
	if overview != "" {
		fmt.Fprintf(&b, "\n## Overview\n\n%s\n", overview)
	}
	return b.String()
}

// describeDoc sets d's abstract and declaration and the Markdown page
// rendered from them (md), which the index and the tools read.
func describeDoc(d *document.Document, role, abstract, declaration, overview string) {
	d.Abstract, d.Declaration = abstract, declaration
	d.Markdown = md(d.Title, role, abstract, declaration, overview)
}

// fixtureDocs is a small corpus covering every tool: SwiftUI and UIKit types
// with conformances and a class chain, async and actor symbols, property
// wrappers, generic constraints, a deprecated page, a page far over the
// response budget, and one page of every other source.
func fixtureDocs() []*document.Document {
	ios13 := platforms("iOS", "13.0", "macOS", "10.15", "tvOS", "13.0", "watchOS", "6.0", "visionOS", "1.0")
	ios2 := platforms("iOS", "2.0", "Mac Catalyst", "13.1", "tvOS", "9.0", "visionOS", "1.0")

	swiftui := apple("swiftui", "", "SwiftUI", "framework")
	swiftui.Abstract = "Declare the user interface and behavior for your app on every platform."
	swiftui.Markdown = md("SwiftUI", "Framework", swiftui.Abstract, "", "SwiftUI provides views, controls, and layout structures.")
	swiftui.Children = []document.Ref{
		{URI: "apple-docs://swiftui/view", Title: "View", Section: "Views"},
		{URI: "apple-docs://swiftui/text", Title: "Text", Section: "Views"},
		{URI: "apple-docs://swiftui/state", Title: "State", Section: "Data"},
		{URI: "apple-docs://swiftui/lazyvgrid", Section: "Layout"},
	}

	view := apple("swiftui", "view", "View", "protocol")
	view.RoleHeading = "Protocol"
	view.Abstract = "A type that represents part of your app's user interface and provides modifiers that you use to configure views."
	view.Declaration = "@MainActor @preconcurrency protocol View"
	view.Content = "You create custom views by declaring types that conform to the View protocol. Implement the required body computed property."
	view.Markdown = md("View", "Protocol · SwiftUI", view.Abstract, view.Declaration, view.Content+"\n\n```swift\nstruct MyView: View {\n    var body: some View { Text(\"Hello, World!\") }\n}\n```")
	view.Platforms = ios13
	view.Attributes = []string{"MainActor", "preconcurrency"}
	view.ConformingTypes = []document.Ref{{URI: "apple-docs://swiftui/text", Title: "Text"}, {URI: "apple-docs://swiftui/button", Title: "Button"}}
	view.Children = []document.Ref{
		{URI: "apple-docs://swiftui/view/body-swift.property", Title: "body", Section: "Implementing a custom view"},
		{URI: "apple-docs://swiftui/view/padding(_:_:)", Title: "padding(_:_:)", Section: "Layout modifiers"},
	}
	view.Symbols = []document.Symbol{
		{Name: "View", Kind: "protocol", Signature: "@MainActor @preconcurrency protocol View", Attributes: []string{"MainActor", "preconcurrency"}, Origin: "declaration"},
		{Name: "MyView", Kind: "struct", Signature: "struct MyView: View", Conformances: []string{"View"}, Origin: "example"},
	}

	text := apple("swiftui", "text", "Text", "struct")
	text.RoleHeading = "Structure"
	describeDoc(text, "Structure · SwiftUI", "A view that displays one or more lines of read-only text.",
		"@frozen struct Text", "A text view draws a string in your app's user interface.")
	text.Platforms = ios13
	text.ConformsTo = []document.Ref{{URI: "apple-docs://swiftui/view", Title: "View"}, {URI: "apple-docs://swift/sendable", Title: "Sendable"}}
	text.Symbols = []document.Symbol{{Name: "Text", Kind: "struct", Signature: "@frozen struct Text", Attributes: []string{"frozen"}, Origin: "declaration"}}

	button := apple("swiftui", "button", "Button", "struct")
	describeDoc(button, "Structure · SwiftUI", "A control that initiates an action.",
		"@MainActor @preconcurrency struct Button<Label> where Label : View", "You create a button by providing an action and a label.")
	button.Platforms = ios13
	button.Symbols = []document.Symbol{{Name: "Button", Kind: "struct", Signature: button.Declaration, Attributes: []string{"MainActor", "preconcurrency"},
		GenericParams: []string{"Label"}, GenericConstraints: []string{"Label: View"}, Origin: "declaration"}}

	grid := apple("swiftui", "lazyvgrid", "LazyVGrid", "struct")
	describeDoc(grid, "Structure · SwiftUI", "A container view that arranges its child views in a grid that grows vertically.",
		"struct LazyVGrid<Content> where Content : View", "")
	grid.Platforms = platforms("iOS", "14.0", "macOS", "11.0")
	grid.Symbols = []document.Symbol{{Name: "LazyVGrid", Kind: "struct", Signature: grid.Declaration,
		GenericParams: []string{"Content"}, GenericConstraints: []string{"Content: View"}, Origin: "declaration"}}

	state := apple("swiftui", "state", "State", "struct")
	describeDoc(state, "Structure · SwiftUI", "A property wrapper type that can read and write a value managed by SwiftUI.",
		"@frozen @propertyWrapper struct State<Value>", "```swift\nstruct PlayButton: View {\n    @State private var isPlaying: Bool = false\n}\n```")
	state.Platforms = ios13
	state.Attributes = []string{"frozen", "propertyWrapper"}
	state.Symbols = []document.Symbol{
		{Name: "State", Kind: "struct", Signature: state.Declaration, Attributes: []string{"frozen", "propertyWrapper"}, GenericParams: []string{"Value"}, Origin: "declaration"},
		{Name: "isPlaying", Kind: "var", Signature: "@State private var isPlaying: Bool = false", Attributes: []string{"State"}, Origin: "example"},
		{Name: "PlayButton", Kind: "struct", Signature: "struct PlayButton: View", Conformances: []string{"View"}, Origin: "example"},
	}

	padding := apple("swiftui", "view/padding(_:_:)", "padding(_:_:)", "func")
	describeDoc(padding, "Instance Method · SwiftUI", "Adds a different padding amount to each edge of this view.",
		"nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View", "")
	padding.Platforms = ios13
	padding.Parent = "apple-docs://swiftui/view"
	padding.Symbols = []document.Symbol{{Name: "padding", Kind: "func", Signature: padding.Declaration, Origin: "declaration"}}

	big := apple("swiftui", "building-a-large-app", "Building a Large App", "article")
	big.Language = ""
	big.Abstract = "An article far longer than one response, to exercise paging."
	var bb strings.Builder
	bb.WriteString("# Building a Large App\n\nArticle · SwiftUI\n\n" + big.Abstract + "\n")
	for i := 1; i <= bigArticleSections; i++ {
		fmt.Fprintf(&bb, "\n## Part %d\n\n", i)
		for j := 0; j < 12; j++ {
			fmt.Fprintf(&bb, "Paragraph %d.%d explains state, layout and navigation in a large SwiftUI app with many screens and shared models. ", i, j)
			bb.WriteString("Keep views small; pass bindings down; lift state up to the nearest common owner.\n\n")
		}
	}
	big.Markdown = bb.String()

	// UIKit: the class chain get_inheritance walks.
	uiResponder := apple("uikit", "uiresponder", "UIResponder", "class")
	uiResponder.Abstract = "An abstract interface for responding to and handling events."
	uiResponder.Platforms = ios2
	uiResponder.InheritsFrom = []document.Ref{{URI: "apple-docs://objectivec/nsobject-swift.class", Title: "NSObject"}}
	uiView := apple("uikit", "uiview", "UIView", "class")
	uiView.Abstract = "An object that manages the content for a rectangular area on the screen."
	uiView.Platforms = ios2
	uiView.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uiresponder", Title: "UIResponder"}}
	uiView.ConformsTo = []document.Ref{{Title: "NSCoding"}}
	uiControl := apple("uikit", "uicontrol", "UIControl", "class")
	uiControl.Abstract = "The base class for controls, which are visual elements that convey a specific action or intention in response to user interactions."
	uiControl.Platforms = ios2
	uiControl.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uiview", Title: "UIView"}}
	uiButton := apple("uikit", "uibutton", "UIButton", "class")
	describeDoc(uiButton, "Class · UIKit", "A control that executes your custom code in response to user interactions.",
		"@MainActor class UIButton", "")
	uiButton.Platforms = ios2
	uiButton.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uicontrol", Title: "UIControl"}}
	uiButton.Symbols = []document.Symbol{{Name: "UIButton", Kind: "class", Signature: "@MainActor class UIButton", Attributes: []string{"MainActor"}, Origin: "declaration"}}
	nsObject := apple("objectivec", "nsobject-swift.class", "NSObject", "class")
	nsObject.Abstract = "The root class of most Objective-C class hierarchies."
	uiWebView := apple("uikit", "uiwebview", "UIWebView", "class")
	uiWebView.Abstract = "A view that embeds web content in your app."
	uiWebView.Deprecated = true
	uiWebView.DeprecationNote = "Use WKWebView instead."
	uiWebView.Platforms = []document.Platform{{Name: "iOS", Introduced: "2.0", Deprecated: true, DeprecatedAt: "12.0"}}
	uiWebView.InheritsFrom = []document.Ref{{URI: "apple-docs://uikit/uiview", Title: "UIView"}}

	// Foundation and Swift: async and concurrency symbols.
	urlSession := apple("foundation", "urlsession", "URLSession", "class")
	describeDoc(urlSession, "Class · Foundation", "An object that coordinates a group of related, network data transfer tasks.",
		"class URLSession", "")
	urlSession.Platforms = platforms("iOS", "7.0", "macOS", "10.9")
	urlSession.ConformsTo = []document.Ref{{URI: "apple-docs://swift/sendable", Title: "Sendable"}}
	urlSession.Children = []document.Ref{{URI: "apple-docs://foundation/urlsession/data(from:delegate:)", Title: "data(from:delegate:)", Section: "Performing asynchronous transfers"}}
	dataFrom := apple("foundation", "urlsession/data(from:delegate:)", "data(from:delegate:)", "func")
	describeDoc(dataFrom, "Instance Method · Foundation", "Retrieves the contents of a URL and delivers the data asynchronously.",
		"func data(from url: URL, delegate: (any URLSessionTaskDelegate)? = nil) async throws -> (Data, URLResponse)", "")
	dataFrom.Platforms = platforms("iOS", "15.0", "macOS", "12.0")
	dataFrom.Symbols = []document.Symbol{{Name: "data", Kind: "func", Signature: dataFrom.Declaration, IsAsync: true, IsThrows: true, Origin: "declaration"}}

	sendable := apple("swift", "sendable", "Sendable", "protocol")
	describeDoc(sendable, "Protocol · Swift", "A thread-safe type whose values can be shared across arbitrary concurrent contexts without introducing a risk of data races.",
		"protocol Sendable", "")
	sendable.Symbols = []document.Symbol{
		{Name: "Sendable", Kind: "protocol", Signature: "protocol Sendable", Origin: "declaration"},
		{Name: "Message", Kind: "struct", Signature: "struct Message: Sendable", Conformances: []string{"Sendable"}, Origin: "example"},
		{Name: "run", Kind: "func", Signature: "func run(_ work: @Sendable () -> Void)", Attributes: []string{"Sendable"}, Origin: "example"},
	}
	mainActor := apple("swift", "mainactor", "MainActor", "actor")
	describeDoc(mainActor, "Actor · Swift", "A singleton actor whose executor is equivalent to the main dispatch queue.",
		"@globalActor final actor MainActor", "")
	mainActor.Symbols = []document.Symbol{{Name: "MainActor", Kind: "actor", Signature: mainActor.Declaration, Attributes: []string{"globalActor"}, Origin: "declaration"}}
	task := apple("swift", "task", "Task", "struct")
	describeDoc(task, "Structure · Swift", "A unit of asynchronous work.",
		"@frozen struct Task<Success, Failure> where Success : Sendable, Failure : Error", "")
	task.ConformsTo = []document.Ref{{URI: "apple-docs://swift/sendable", Title: "Sendable"}}
	task.Symbols = []document.Symbol{{Name: "Task", Kind: "struct", Signature: task.Declaration, Attributes: []string{"frozen"},
		GenericParams: []string{"Success", "Failure"}, GenericConstraints: []string{"Success: Sendable", "Failure: Error"}, Origin: "declaration"}}

	se0306 := &document.Document{URI: "swift-evolution://SE-0306", Source: document.SourceSwiftEvolution, Title: "Actors", Kind: "proposal",
		Status: "Implemented", SwiftVersion: "5.5", Abstract: "This proposal introduces actors into Swift.",
		Markdown: "# Actors\n\n* Proposal: SE-0306\n* Status: Implemented (Swift 5.5)\n\n## Introduction\n\nThis proposal introduces actors into Swift.\n\n## Proposed solution\n\n```swift\nactor BankAccount {\n    var balance: Double\n}\n```\n",
		Content:  "actor isolation data races", ContentHash: "hash-se0306",
		Symbols: []document.Symbol{{Name: "BankAccount", Kind: "actor", Signature: "actor BankAccount", Origin: "example"}}}
	book := &document.Document{URI: "swift-book://languageguide/concurrency", Source: document.SourceSwiftBook, Title: "Concurrency", Kind: "article",
		Abstract: "Perform asynchronous operations.", Markdown: "# Concurrency\n\nPerform asynchronous operations.\n", ContentHash: "hash-book"}
	hig := &document.Document{URI: "hig://foundations/color", Source: document.SourceHIG, Title: "Color", Kind: "article",
		Abstract: "Judicious use of color can enhance communication.", Markdown: "# Color\n\nJudicious use of color can enhance communication.\n", ContentHash: "hash-hig"}
	archive := &document.Document{URI: "apple-archive://30000100i/viewprogramming", Source: document.SourceAppleArchive, Title: "View Programming Guide", Kind: "article",
		Abstract: "Retired guide to view programming.", Markdown: "# View Programming Guide\n\nRetired.\n", ContentHash: "hash-archive"}

	return append([]*document.Document{swiftui, view, text, button, grid, state, padding, big,
		uiResponder, uiView, uiControl, uiButton, nsObject, uiWebView,
		urlSession, dataFrom, sendable, mainActor, task, se0306, book, hig, archive}, fixtureSampleDocs()...)
}

// writeFixture builds an index of docs at path with the index's own builder.
func writeFixture(t testing.TB, path string, docs []*document.Document) {
	t.Helper()
	indextest.Write(t, path, docs, func(b *index.Builder) error {
		for _, f := range []index.Framework{
			{Identifier: "swiftui", DisplayName: "SwiftUI", ImportName: "SwiftUI"},
			{Identifier: "uikit", DisplayName: "UIKit", ImportName: "UIKit"},
			{Identifier: "foundation", DisplayName: "Foundation", ImportName: "Foundation"},
			{Identifier: "swift", DisplayName: "Swift", ImportName: "Swift"},
			{Identifier: "objectivec", DisplayName: "Objective-C Runtime", ImportName: "ObjectiveC"},
		} {
			if err := b.UpsertFrameworkAlias(f); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeGarbageDB writes dir/garbage.db, a file that is not an SQLite
// database, for the tests of a broken index, and returns its path.
func writeGarbageDB(t testing.TB, dir string) string {
	t.Helper()
	return testenv.WriteFile(t, filepath.Join(dir, "garbage.db"), strings.Repeat("not a database ", 1000))
}

// fixtureDB builds the full fixture in a fresh temp dir.
func fixtureDB(t testing.TB) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, path, fixtureDocs())
	return path
}

// plainDB is an index with documents but no symbols, no inheritance edges,
// no sample projects and no code uses.
func plainDB(t testing.TB) string {
	t.Helper()
	var docs []*document.Document
	for _, d := range fixtureDocs() {
		if d.Source == document.SourceSamples {
			continue
		}
		c := *d
		c.Symbols, c.InheritsFrom, c.ConformsTo, c.InheritedBy, c.ConformingTypes = nil, nil, nil, nil, nil
		c.References = nil
		docs = append(docs, &c)
	}
	path := filepath.Join(t.TempDir(), "search.db")
	writeFixture(t, path, docs)
	return path
}
