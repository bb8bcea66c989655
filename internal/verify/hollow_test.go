package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// twinGraph is testGraph plus AppKit's and UIKit's views: NSView's Topics
// list a collection the crawl lacks (hollow) and one overload of
// addSubview, UIView's the one-argument overload; NSWindow lists a
// collection it lacks too but has no twin overload that fits.
func twinGraph() graphTable {
	return graphWith(func(d *memGraph) {
		const view, uiview, window = "apple-docs://appkit/nsview", "apple-docs://uikit/uiview", "apple-docs://appkit/nswindow"
		addFilled(d, view, "NSView", "class", "appkit")
		addFilled(d, uiview, "UIView", "class", "uikit")
		addFilled(d, window, "NSWindow", "class", "appkit")
		addMember(d, view, "addSubview(_:positioned:relativeTo:)", "method",
			"func addSubview(_ view: NSView, positioned place: NSWindow.OrderingMode, relativeTo otherView: NSView?)")
		addMember(d, uiview, "addSubview(_:)", "method", "func addSubview(_ view: UIView)")
		addMember(d, window, "makeKeyAndOrderFront(_:)", "method", "func makeKeyAndOrderFront(_ sender: Any?)")
		for _, owner := range []string{view, window} {
			d.Children = append(d.Children, index.GraphChild{ParentURI: owner, URI: "apple-docs://appkit/view-hierarchy", Title: "View Hierarchy"})
		}
	})
}

// TestTwinOverloadOfAHollowType: a call whose labels fit no overload of a
// type that lists a collection the crawl lacks is not judged when the
// type's AppKit or UIKit twin has an overload that takes them
// (`view.addSubview(button)` on an NSView); without such a twin overload
// it still is.
func TestTwinOverloadOfAHollowType(t *testing.T) {
	wantFindingEach(t, twinGraph(), "wrong_labels", statusIs(WrongLabels), map[string]bool{
		"import AppKit\nlet v = NSView()\nv.addSubview(b)\n":            false,
		"import AppKit\nlet v = NSView()\nv.addSubview(b, at: 1)\n":     true,
		"import AppKit\nlet w = NSWindow()\nw.makeKeyAndOrderFront()\n": true,
	})
}

// TestHollowCollectionTitledLikeTheMember: a member a judged type lacks is
// not judged when the type lists a collection the crawl lacks whose title
// shares a word with it (NSApplication's "App Windows" holds keyWindow),
// or whose title calls it legacy, for a name another type of its family
// has (UINavigationBar's "Legacy customizations" holds shadowImage, which
// UIBarAppearance has); a member no such title names is still not on the
// type.
func TestHollowCollectionTitledLikeTheMember(t *testing.T) {
	const app, bar = "apple-docs://appkit/nsapplication", "apple-docs://uikit/uinavigationbar"
	g := graphWith(func(d *memGraph) {
		addFilled(d, app, "NSApplication", "class", "appkit")
		addFilled(d, bar, "UINavigationBar", "class", "uikit")
		addFilled(d, "apple-docs://uikit/uibarappearance", "UIBarAppearance", "class", "uikit")
		addMember(d, "apple-docs://uikit/uibarappearance", "shadowImage", "property", "")
		d.Children = append(d.Children,
			index.GraphChild{ParentURI: app, URI: "apple-docs://appkit/app-windows", Title: "App Windows"},
			index.GraphChild{ParentURI: app, URI: "apple-docs://appkit/menus", Title: "Menus"},
			index.GraphChild{ParentURI: bar, URI: "apple-docs://uikit/uinavigationbar-legacy-customizations", Title: "Legacy customizations"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "NSApplication", Kind: "class", Module: "appkit", URI: app},
		{Name: "UINavigationBar", Kind: "class", Module: "uikit", URI: bar}})
	runTypedCases(t, g, []typedCase{
		{"a member a legacy collection the crawl lacks may hold", "import UIKit\nlet b = UINavigationBar()\nprint(b.shadowImage)\n", "", ""},
		{"a member no type of the legacy collection's family has", "import UIKit\nlet b = UINavigationBar()\nprint(b.hasNotch)\n", NotOnType, "hasNotch"},
		{"a member a lacking collection's title names", "import AppKit\nlet a = NSApplication()\nprint(a.keyWindow)\n", "", ""},
		{"a plural title names the singular", "import AppKit\nlet a = NSApplication()\nprint(a.mainMenu)\n", "", ""},
		{"a member no lacking collection's title names", "import AppKit\nlet a = NSApplication()\nprint(a.hasNotch)\n", NotOnType, "hasNotch"},
	})
}

// TestUIKitTypeBorrowsItsAppKitTwinsMember: a member a judged UIKit type
// lacks is not judged when the type lists a collection the crawl lacks
// and its AppKit twin has the member (UIColor's "Color Creation" holds
// withAlphaComponent(_:) and init(cgColor:), which NSColor documents); an
// AppKit type never borrows from its UIKit twin (NSView.backgroundColor is
// a model's iOS name), a superclass's missing collection lends no
// initializer (UIStackView(views:) is NSStackView's), and a member or
// initializer neither twin has is still not on the type. A UIKit member
// of a class AppKit documents too (UIView.topAnchor, an
// NSLayoutYAxisAnchor) is the hollow AppKit type's as well
// (sharedWithTwin). A protocol the type adopts lends it no missing page
// (UIFocusEnvironment's article): UISlider does not borrow NSSlider's
// floatValue.
func TestUIKitTypeBorrowsItsAppKitTwinsMember(t *testing.T) {
	const uicolor, nscolor, uiview, nsview = "apple-docs://uikit/uicolor", "apple-docs://appkit/nscolor", "apple-docs://uikit/uiview", "apple-docs://appkit/nsview"
	const stack, nsstack, slider, nsslider = "apple-docs://uikit/uistackview", "apple-docs://appkit/nsstackview", "apple-docs://uikit/uislider", "apple-docs://appkit/nsslider"
	const focus = "apple-docs://uikit/uifocusenvironment"
	g := graphWith(func(d *memGraph) {
		for _, ty := range []struct{ uri, title, framework, member string }{
			{uicolor, "UIColor", "uikit", "setFill()"},
			{nscolor, "NSColor", "appkit", "withAlphaComponent(_:)"},
			{uiview, "UIView", "uikit", "backgroundColor"},
			{nsview, "NSView", "appkit", "wantsLayer"},
		} {
			addFilled(d, ty.uri, ty.title, "class", ty.framework)
			d.Pages = append(d.Pages, index.GraphPage{URI: ty.uri + "/m", Title: ty.member, Kind: "method", ParentURI: ty.uri})
		}
		d.Children = append(d.Children,
			index.GraphChild{ParentURI: uicolor, URI: "apple-docs://uikit/color-creation", Title: "Color Creation"},
			index.GraphChild{ParentURI: nsview, URI: "apple-docs://appkit/nsview-appearance", Title: "Appearance"})
		addMember(d, nscolor, "init(cgColor:)", "init", "init?(cgColor: CGColor)")
		addMember(d, uiview, "bringSubviewToFront(_:)", "method", "func bringSubviewToFront(_ view: UIView)")
		// A UIKit subclass of a hollow superclass, whose AppKit twin has an
		// initializer it lacks.
		addFilled(d, stack, "UIStackView", "class", "uikit")
		addFilled(d, nsstack, "NSStackView", "class", "appkit")
		d.Children = append(d.Children, index.GraphChild{ParentURI: uiview, URI: "apple-docs://uikit/uiview-layout", Title: "Layout"})
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: stack, ParentURI: uiview, ParentTitle: "UIView", Relation: "inheritsFrom"})
		addMember(d, stack, "init(arrangedSubviews:)", "init", "init(arrangedSubviews views: [UIView])")
		addMember(d, nsstack, "init(views:)", "init", "convenience init(views: [NSView])")
		// A UIKit class whose one missing page is an article a protocol it
		// adopts links, and whose AppKit twin has a member it lacks.
		addFilled(d, slider, "UISlider", "class", "uikit")
		addFilled(d, nsslider, "NSSlider", "class", "appkit")
		addFilled(d, focus, "UIFocusEnvironment", "protocol", "uikit")
		addMember(d, nsslider, "floatValue", "property", "var floatValue: Float { get set }")
		d.Children = append(d.Children, index.GraphChild{ParentURI: focus,
			URI: "apple-docs://uikit/using-custom-sounds-for-focus-movement", Title: "Using custom sounds for focus movement"})
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: slider, ParentURI: focus, ParentTitle: "UIFocusEnvironment", Relation: "conformsTo"})
		// A layout anchor UIView lists, of a class AppKit documents too, and
		// one whose type AppKit lacks.
		addMember(d, uiview, "topAnchor", "property", "var topAnchor: NSLayoutYAxisAnchor { get }")
		addMember(d, uiview, "tintColor", "property", "var tintColor: UIColor! { get set }")
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://appkit/nslayoutyaxisanchor", Title: "NSLayoutYAxisAnchor", Kind: "class", Framework: "appkit"})
		addMember(d, uiview, "translatesAutoresizingMaskIntoConstraints", "property", "var translatesAutoresizingMaskIntoConstraints: Bool { get set }")
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://appkit/nslayoutconstraint", Title: "NSLayoutConstraint", Kind: "class", Framework: "appkit"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "UIColor", Kind: "class", Module: "uikit", URI: uicolor},
		{Name: "NSView", Kind: "class", Module: "appkit", URI: nsview},
		{Name: "UIStackView", Kind: "class", Module: "uikit", URI: stack},
		{Name: "UISlider", Kind: "class", Module: "uikit", URI: slider},
	})
	runTypedCases(t, g, []typedCase{
		{"the AppKit twin's member on a hollow UIKit type", "import UIKit\nfunc f(c: UIColor) {\n  print(c.withAlphaComponent(0.5))\n}\n", "", ""},
		{"a member neither twin has", "import UIKit\nfunc f(c: UIColor) {\n  print(c.wantsLayer)\n}\n", NotOnType, "wantsLayer"},
		{"the AppKit twin's initializer on a hollow UIKit type", "import UIKit\nlet c = UIColor(cgColor: cg)\n", "", ""},
		{"an initializer neither twin has", "import UIKit\nlet c = UIColor(hex: 0xFF0000)\n", NoSuchInitializer, "UIColor"},
		{"the AppKit twin's initializer on a UIKit type whose superclass alone is hollow", "import UIKit\nlet s = UIStackView(views: [a])\n", NoSuchInitializer, "UIStackView"},
		{"its own initializer there", "import UIKit\nlet s = UIStackView(arrangedSubviews: [a])\n", "", ""},
		{"the UIKit twin's member on a hollow AppKit type", "import AppKit\nfunc f(v: NSView) {\n  print(v.backgroundColor)\n}\n", NotOnType, "backgroundColor"},
		{"the UIKit twin's member of a UIKit type on a hollow AppKit type", "import AppKit\nfunc f(v: NSView) {\n  print(v.tintColor)\n}\n", NotOnType, "tintColor"},
		{"the AppKit twin's member on a UIKit type whose adopted protocol alone links a missing page", "import UIKit\nfunc f(s: UISlider) {\n  print(s.floatValue)\n}\n", NotOnType, "floatValue"},
		{"the UIKit twin's member of a class AppKit documents too", "import AppKit\nfunc f(v: NSView) {\n  print(v.topAnchor)\n}\n", "", ""},
		{"the UIKit twin's member named for a class AppKit documents too", "import AppKit\nfunc f(v: NSView) {\n  v.translatesAutoresizingMaskIntoConstraints = false\n}\n", "", ""},
		{"the UIKit twin's method called bare in an AppKit subclass", "import AppKit\nfinal class Canvas: NSView {\n  func f(hit: NSView) {\n    bringSubviewToFront(hit)\n  }\n}\n", NotOnType, "bringSubviewToFront"},
		{"a bare call neither twin has is a global function's", "import AppKit\nfinal class Canvas: NSView {\n  func f(hit: NSView) {\n    centerInWindow(hit)\n  }\n}\n", "", ""},
	})
}

// TestColorTwinsName: SwiftUI's Color (which an asset catalog may extend
// with any name) lacks a name that UIColor has: `Color.systemGray6` and a
// ShapeStyle leading dot `.systemGray6` are UIColor's, not assets; a name
// neither has stays the project's asset.
func TestColorTwinsName(t *testing.T) {
	const uicolor, view, style = "apple-docs://uikit/uicolor", "apple-docs://swiftui/view", "apple-docs://swiftui/shapestyle"
	g := graphWith(func(d *memGraph) {
		addMember(d, uicolor, "systemGray6", "property", "class var systemGray6: UIColor { get }")
		addMember(d, view, "foregroundStyle(_:)", "method", "func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle")
		d.Pages = append(d.Pages, index.GraphPage{URI: style, Title: "ShapeStyle", Kind: "protocol", Framework: "swiftui"})
		addMember(d, style, "secondary", "property", "static var secondary: HierarchicalShapeStyle { get }")
	})
	runTypedCases(t, g, []typedCase{
		{"a UIColor name on Color", "import SwiftUI\nlet c = Color.systemGray6\n", NotOnType, "systemGray6"},
		{"an asset's name on Color", "import SwiftUI\nlet c = Color.brandOrange\n", "", ""},
		{"Color's own name", "import SwiftUI\nlet c = Color.accentColor\n", "", ""},
		{"a UIColor name as a ShapeStyle", "import SwiftUI\nlet v = Text(\"x\").foregroundStyle(.systemGray6)\n", NoSuchCase, "systemGray6"},
		{"an asset's name as a ShapeStyle", "import SwiftUI\nlet v = Text(\"x\").foregroundStyle(.brandOrange)\n", "", ""},
	})
}
