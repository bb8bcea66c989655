package verify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// listedGraph is testGraph plus members of UIImageView that have no page
// of their own, only Topics entries with the declaration their listing
// page shows (labels and types, no parameter names or defaults), and a
// method whose page and whose Topics-only overload return different
// arrays.
func listedGraph() graphTable {
	const view = "apple-docs://uikit/uiimageview"
	return graphWith(func(d *memGraph) {
		entry := func(title, listed string) {
			d.Children = append(d.Children, index.GraphChild{ParentURI: view, URI: view + "/" + title, Title: title, Declaration: listed})
		}
		entry("tintMode", "var tintMode: UIView.ContentMode")
		entry("setTint(_:animated:)", "func setTint(UIView.ContentMode, animated: Bool)")
		entry("untypedMode", "")
		entry("views(named:)", "func views(named: String) -> [UIScreen]")
		// A class's initializers known by their entries: a last parameter of
		// a value that cannot be nil, and one of an optional.
		const poster = "apple-docs://uikit/uiposterview"
		addFilled(d, poster, "UIPosterView", "class", "uikit")
		const still = "apple-docs://uikit/uistillview"
		addFilled(d, still, "UIStillView", "class", "uikit")
		for _, e := range [][3]string{{poster, "init(poster:overlay:)", "init(poster: UIImage, overlay: UIView?)"},
			{poster, "init(artwork:size:)", "init(artwork: UIImage, size: CGSize)"},
			{still, "init(artwork:size:)", "init(artwork: UIImage, size: CGSize)"}, {still, "init()", "init()"}} {
			d.Children = append(d.Children, index.GraphChild{ParentURI: e[0], URI: e[0] + "/" + e[1], Title: e[1], Declaration: e[2]})
		}
		// An Objective-C class of AVFAudio, a method known by its entry.
		const synth = "apple-docs://avfaudio/avspeechsynthesizer"
		addFilled(d, synth, "AVSpeechSynthesizer", "class", "avfaudio")
		d.Children = append(d.Children, index.GraphChild{ParentURI: synth, URI: synth + "/stopspeaking(at:)", Title: "stopSpeaking(at:)",
			Declaration: "func stopSpeaking(at boundary: AVSpeechBoundary) -> Bool"})
		// A type nested in UIPosterView, with its own initializer's page.
		const frame = poster + "/frame"
		addFilled(d, frame, "UIPosterView.Frame", "struct", "uikit")
		addListed(d, frame, frame+"/init(width:height:)", "init(width:height:)", "init", "init(width: Double, height: Double)")
		// UIPosterView is an Objective-C class by its lineage; UIStillView's
		// lineage says nothing.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://objectivec/nsobjectprotocol", Title: "NSObjectProtocol", Kind: "protocol", Framework: "objectivec"})
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: poster, ParentURI: "apple-docs://objectivec/nsobjectprotocol", ParentTitle: "NSObjectProtocol", Relation: "conformsTo"})
		d.Pages = append(d.Pages, index.GraphPage{URI: view + "/views()", Title: "views()", Kind: "method", ParentURI: view,
			Declaration: "func views() -> [UIDevice]"})
	})
}

// TestListedDeclarationsGiveTypes: a member known only by a Topics entry
// takes its types from the entry's declaration: a leading dot assigned to
// it or passed to it is checked against the declared type's cases, and
// where a page declares a type for the same name, the page decides.
func TestListedDeclarationsGiveTypes(t *testing.T) {
	runTypedCases(t, listedGraph(), []typedCase{
		{"a leading dot assigned to a listed property", "import UIKit\nlet v = UIImageView()\nv.tintMode = .aspectFit\n", NoSuchCase, "aspectFit"},
		{"a real case assigned to a listed property", "import UIKit\nlet v = UIImageView()\nv.tintMode = .scaleAspectFit\n", "", ""},
		{"a listed property with no declaration is not judged", "import UIKit\nlet v = UIImageView()\nv.untypedMode = .aspectFit\n", "", ""},
		{"a leading dot passed to a listed method", "import UIKit\nlet v = UIImageView()\nv.setTint(.aspectFit, animated: true)\n", NoSuchCase, "aspectFit"},
		{"a real case passed to a listed method", "import UIKit\nlet v = UIImageView()\nv.setTint(.scaleAspectFit, animated: true)\n", "", ""},
		{"an Objective-C initializer's last value left out", "import UIKit\nlet v = UIPosterView(artwork: a)\n", NoSuchInitializer, "UIPosterView"},
		{"an Objective-C initializer's last optional left out", "import UIKit\nlet v = UIPosterView(poster: p)\n", "", ""},
		{"NSObject's init() on an Objective-C class", "import UIKit\nlet v = UIPosterView()\n", "", ""},
		{"no init() where the lineage says nothing", "import UIKit\nlet v = UIPosterView(artwork: a)\nlet w = UIStillView(artwork: a, size: s, scale: 2)\n", NoSuchInitializer, "UIStillView"},
		{"a nested type's initializer", "import UIKit\nlet f = UIPosterView.Frame(side: 2)\n", NoSuchInitializer, "Frame"},
		{"a nested type's real initializer", "import UIKit\nlet f = UIPosterView.Frame(width: 1, height: 2)\n", "", ""},
		{"a type nested in the file's own type named like Apple's", "import UIKit\nstruct UIPosterView {}\nlet f = UIPosterView.Frame(side: 2)\n", "", ""},
		{"an initializer the file's extension of a nested type declares", "import UIKit\nextension UIPosterView.Frame {\n  init(side: Double) { self.init(width: side, height: side) }\n}\nlet f = UIPosterView.Frame(side: 2)\n", "", ""},
		{"an AVFAudio class's method takes every parameter", "import AVFAudio\nfunc f(s: AVSpeechSynthesizer) {\n  s.stopSpeaking()\n}\n", WrongLabels, "stopSpeaking"},
		{"an AVFAudio class's method with its parameter", "import AVFAudio\nfunc f(s: AVSpeechSynthesizer) {\n  s.stopSpeaking(at: .immediate)\n}\n", "", ""},
		{"the page's element type, not the entry's", "import UIKit\nlet v = UIImageView()\nlet all = v.views()\nfor d in all {\n  print(d.hasNotch)\n}\n", NotOnType, "hasNotch"},
	})
}

// TestTypeListedInTopicsIsMentioned: a type no page documents that a
// Topics entry lists, the entry's declaration saying it is a type, is
// mentioned (its members stay unchecked), not unknown, and so is a global
// a type's Topics list; an entry titled like a type whose declaration is
// a member's is no evidence.
func TestTypeListedInTopicsIsMentioned(t *testing.T) {
	const picker = "apple-docs://uikit/uiimageview"
	g := graphWith(func(d *memGraph) {
		d.Children = append(d.Children,
			index.GraphChild{ParentURI: picker, URI: "apple-docs://uikit/pickerdelegate-5yntc", Title: "PickerDelegate",
				Declaration: "@MainActor protocol PickerDelegate : NSObjectProtocol"},
			index.GraphChild{ParentURI: picker, URI: picker + "/defaultpicker", Title: "DefaultPicker", Declaration: "class var DefaultPicker: UIImageView"},
			index.GraphChild{ParentURI: picker, URI: "apple-docs://uikit/pickerdefaultrate", Title: "PickerDefaultRate", Declaration: "let PickerDefaultRate: Float"})
	})
	rep := checkCode(t, g, Options{}, File{Code: "import UIKit\nclass A: NSObject, PickerDelegate {}\nclass B: DefaultPicker {}\nclass C: InventedDelegate {}\nlet r = PickerDefaultRate\n"})
	wantStatuses(t, rep, map[string]Status{"PickerDelegate": Mentioned, "DefaultPicker": Unknown, "InventedDelegate": Unknown, "PickerDefaultRate": Mentioned})
}

func TestDeclaresType(t *testing.T) {
	wantEach(t, "declaresType", declaresType, map[string]bool{
		"protocol PHPickerViewControllerDelegate":       true,
		"@MainActor final class PHPickerViewController": true,
		"struct Configuration":                          true,
		"class var shared: URLSession":                  false,
		"class func make() -> Self":                     false,
		"var alertStyle: NSAlert.Style":                 false,
		"":                                              false,
	})
}

// TestFoundationStructureListsItsMembers: a Foundation structure of
// Objective-C era addresses (Date) whose own Topics were read lists its
// members: one it lacks is not on it, though another Foundation type has
// it (FileManager.fileExists(atPath:)); Optional's map may be the value's
// (optionality is not followed); one whose Topics list a group page is
// not judged.
func TestFoundationStructureListsItsMembers(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		structure := func(uri, title string, group bool) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "struct", Framework: "foundation"})
			for i := range minOwnMembers {
				addr := fmt.Sprintf("%s/17%d-old%d", uri, i, i)
				d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: uri})
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: addr, Title: fmt.Sprintf("old%d", i)})
			}
			addr := uri + "/1780-addingtimeinterval"
			d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: "addingTimeInterval(_:)", Kind: "method", ParentURI: uri,
				Declaration: "func addingTimeInterval(_ timeInterval: TimeInterval) -> Date"})
			d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: addr, Title: "addingTimeInterval(_:)"})
			if group {
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: uri + "/more_methods", Title: "More methods"})
			}
		}
		structure("apple-docs://foundation/date", "Date", false)
		structure("apple-docs://foundation/urlrequest", "URLRequest", true)
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "Date", Kind: "struct", Module: "foundation", URI: "apple-docs://foundation/date"},
		{Name: "URLRequest", Kind: "struct", Module: "foundation", URI: "apple-docs://foundation/urlrequest"},
	})
	wantFindingEach(t, g, "finding", func(f Reference) bool { return f.Status.SaysMissing() }, map[string]bool{
		"import Foundation\nfunc f(d: Date) {\n  print(d.fileExists(atPath: p))\n}\n":       true,
		"import Foundation\nfunc f(d: Date) {\n  print(d.addingTimeInterval(1))\n}\n":       false,
		"import Foundation\nfunc f(d: Date) {\n  print(d.map { $0 })\n}\n":                  false,
		"import Foundation\nfunc f(r: URLRequest) {\n  print(r.fileExists(atPath: p))\n}\n": false,
	})
}

// addListed adds a member page under parent and lists it in parent's
// Topics.
func addListed(d *memGraph, parent, addr, title, kind, decl string) {
	d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: title, Kind: kind, ParentURI: parent, Declaration: decl})
	d.Children = append(d.Children, index.GraphChild{ParentURI: parent, URI: addr, Title: title})
}

// addFilled adds a type page with minOwnMembers filler members, so that
// its own list is judged whole.
func addFilled(d *memGraph, uri, title, kind, framework string) {
	d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Framework: framework})
	for i := range minOwnMembers {
		d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/filler%d", uri, i), Title: fmt.Sprintf("filler%d", i), Kind: "property", ParentURI: uri})
	}
}

// TestObjectiveCClassLacksAnotherTypesMember: an Objective-C era class
// whose own Topics were read lacks a member that another type of a
// framework in scope has (FileManager.documentsDirectory is URL's): not
// on it. A related global its Topics list (NSFullUserName()) is no group
// page, nor is a group page the crawl has whose Topics lack the name (of
// keys); a group page that lists it or that the crawl lacks, a collection
// the crawl lacks or a thin superclass leave the class unjudged.
func TestObjectiveCClassLacksAnotherTypesMember(t *testing.T) {
	const fm, bundle, store, thin, sub = "apple-docs://foundation/filemanager2", "apple-docs://foundation/bundle2",
		"apple-docs://foundation/store2", "apple-docs://foundation/thinbase", "apple-docs://foundation/sub2"
	// readBase is a thin superclass whose own Topics were read (HKSample's).
	const readBase, sub3 = "apple-docs://foundation/readbase", "apple-docs://foundation/sub3"
	const image, maker = "apple-docs://foundation/image2", "apple-docs://foundation/maker2"
	g := graphWith(func(d *memGraph) {
		class := func(uri, title, super string, extra ...index.GraphChild) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "class", Framework: "foundation"})
			for i := range minOwnMembers {
				addr := fmt.Sprintf("%s/14%d-old%d", uri, i, i)
				d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: uri})
				d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: addr, Title: fmt.Sprintf("old%d", i)})
			}
			for _, c := range extra {
				c.ParentURI = uri
				d.Children = append(d.Children, c)
			}
			if super != "" {
				d.Edges = append(d.Edges, index.GraphEdge{ChildURI: uri, ParentURI: super, Relation: "inheritsFrom"})
			}
		}
		class(fm, "FileManager2", "", index.GraphChild{URI: "apple-docs://foundation/1410265-nsfullusername", Title: "NSFullUserName()",
			Declaration: "func NSFullUserName() -> String"})
		class(bundle, "Bundle2", "", index.GraphChild{URI: "apple-docs://foundation/bundle_resources", Title: "Bundle resources"})
		class(store, "Store2", "", index.GraphChild{URI: "apple-docs://foundation/lost", Title: "Lost"})
		d.Pages = append(d.Pages, index.GraphPage{URI: thin, Title: "ThinBase", Kind: "class", Framework: "foundation"},
			index.GraphPage{URI: thin + "/140-base", Title: "base", Kind: "property", ParentURI: thin})
		class(sub, "Sub2", thin)
		// A thin superclass whose own Topics were read (HKSample's).
		d.Pages = append(d.Pages, index.GraphPage{URI: readBase, Title: "ReadBase", Kind: "class", Framework: "foundation"})
		addListed(d, readBase, readBase+"/140-base", "base", "property", "")
		addListed(d, fm, fm+"/141-value", "value(forKey:)", "method", "")
		class(sub3, "Sub3", readBase)
		typ := func(uri, title string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "struct", Framework: "foundation"},
				index.GraphPage{URI: uri + "/documentsdirectory", Title: "documentsDirectory", Kind: "property", ParentURI: uri,
					Declaration: "static var documentsDirectory: URL { get }"},
				index.GraphPage{URI: uri + "/value", Title: "value", Kind: "property", ParentURI: uri, Declaration: "var value: Double { get }"})
		}
		typ("apple-docs://foundation/url2", "URL2")
		// Group pages the crawl has, whose own Topics were read: one of keys,
		// one that holds the name.
		const keys, making = "apple-docs://foundation/image_keys", "apple-docs://foundation/making_things"
		group := func(uri, title, member string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "collectionGroup", Framework: "foundation"},
				index.GraphPage{URI: uri + "/" + strings.ToLower(member), Title: member, Kind: "property", ParentURI: uri})
			d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: uri + "/" + strings.ToLower(member), Title: member})
		}
		group(keys, "Image Keys", "someKey")
		group(making, "Making things", "documentsDirectory")
		class(image, "Image2", "", index.GraphChild{URI: keys, Title: "Image Keys"})
		class(maker, "Maker2", "", index.GraphChild{URI: making, Title: "Making things"})
	})
	var names []SymbolInfo
	for _, n := range [][2]string{{"FileManager2", fm}, {"Bundle2", bundle}, {"Store2", store}, {"Sub2", sub}, {"Sub3", sub3}, {"Image2", image}, {"Maker2", maker}} {
		names = append(names, SymbolInfo{Name: n[0], Kind: "class", Module: "foundation", URI: n[1]})
	}
	g.MemTable = NewMemTable("names", names)
	runTypedCases(t, g, []typedCase{
		{"another type in scope has the member", "import Foundation\nlet f = FileManager2()\nprint(f.documentsDirectory)\n", NotOnType, "documentsDirectory"},
		{"a member the class lists", "import Foundation\nlet f = FileManager2()\nprint(f.old1)\n", "", ""},
		{"a group page of keys holds no such member", "import Foundation\nlet i = Image2()\nprint(i.documentsDirectory)\n", NotOnType, "documentsDirectory"},
		{"a group page that lists it", "import Foundation\nlet m = Maker2()\nprint(m.documentsDirectory)\n", "", ""},
		{"a group page the crawl lacks may hold it", "import Foundation\nlet b = Bundle2()\nprint(b.documentsDirectory)\n", "", ""},
		{"a collection the crawl lacks may hold it", "import Foundation\nlet s = Store2()\nprint(s.documentsDirectory)\n", "", ""},
		{"a thin superclass may hold it", "import Foundation\nlet s = Sub2()\nprint(s.documentsDirectory)\n", "", ""},
		{"a thin superclass whose Topics were read lists it", "import Foundation\nlet s = Sub3()\nprint(s.documentsDirectory)\n", NotOnType, "documentsDirectory"},
		{"a name written with no call is no labelled method", "import Foundation\nlet f = FileManager2()\nprint(f.value)\n", NotOnType, "value"},
		{"a labelled method called", "import Foundation\nlet f = FileManager2()\nprint(f.value(forKey: k))\n", "", ""},
		{"a cast of an optional chain", "import Foundation\nfunc f(xs: [Sub2]?) {\n  guard let s = xs?.first as? Sub3 else { return }\n  print(s.documentsDirectory)\n}\n", NotOnType, "documentsDirectory"},
	})
}

// TestGenericParameterOfAListingIsAnyType: a Topics entry's declaration
// drops the where clause (`func background<Background>(Background,
// alignment: Alignment) -> some View`), so its generic parameter is any
// type, not one named Background: it does not veto the type another
// overload's page gives a leading dot. A declaration with its where
// clause still gives the constraint.
func TestGenericParameterOfAListingIsAnyType(t *testing.T) {
	for _, tc := range []struct{ decl, want string }{
		{"func background<Background>(Background, alignment: Alignment) -> some View", ""},
		{"func background<S, T: Shape>(S, in: T) -> some View", ""},
		{"func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S : ShapeStyle", conformingPrefix + "ShapeStyle"},
		{"func background(_ color: Color) -> some View", "Color"},
	} {
		ps, ok := declParams(tc.decl, "background")
		if !ok || len(ps) == 0 || ps[0].typ != tc.want {
			t.Errorf("%s: first parameter's type %+v, want %q", tc.decl, ps, tc.want)
		}
	}
}

// TestNestedTypeOfAGenericOne: a value annotated with a type nested in a
// generic one (`AsyncStream<Int>.Continuation`) is of that nested type,
// whose members do not depend on the arguments; a standard-library
// structure whose own Topics list a short list (AsyncStream.Continuation's
// handful) lists it whole, as SwiftUI's do. A closure's parameter takes
// such a type from the declaration of an initializer that has no page,
// its Topics entry's (AsyncStream's init(_:bufferingPolicy:_:)).
func TestNestedTypeOfAGenericOne(t *testing.T) {
	const stream, cont = "apple-docs://swift/asyncstream", "apple-docs://swift/asyncstream/continuation"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: stream, Title: "AsyncStream", Kind: "struct", Framework: "swift"},
			index.GraphPage{URI: cont, Title: "AsyncStream.Continuation", Kind: "struct", Framework: "swift", ParentURI: stream})
		d.Children = append(d.Children, index.GraphChild{ParentURI: stream, URI: cont, Title: "AsyncStream.Continuation", Kind: "struct"},
			// An initializer with no page, whose Topics entry's declaration
			// types its closure's parameter.
			index.GraphChild{ParentURI: stream, URI: stream + "/init(_:bufferingpolicy:_:)", Title: "init(_:bufferingPolicy:_:)",
				Declaration: "init(Element.Type, bufferingPolicy: AsyncStream<Element>.Continuation.BufferingPolicy, (AsyncStream<Element>.Continuation) -> Void)"})
		for _, m := range []string{"yield(_:)", "yield(with:)", "yield()", "finish()", "onTermination", "Termination"} {
			addListed(d, cont, cont+"/"+strings.ToLower(m), m, "method", "")
		}
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "AsyncStream", Kind: "struct", Module: "swift", URI: stream}})
	runTypedCases(t, g, []typedCase{
		{"a member the nested type lacks", "import Foundation\nlet c: AsyncStream<Int>.Continuation = make()\nc.send(1)\n", NotOnType, "send"},
		{"a member the short list lacks that another type in scope has", "import Foundation\nlet c: AsyncStream<Int>.Continuation = make()\nprint(c.fileExists(atPath: p))\n", NotOnType, "fileExists"},
		{"a member it has", "import Foundation\nlet c: AsyncStream<Int>.Continuation = make()\nc.finish()\n", "", ""},
		{"a closure parameter typed by a listed initializer", "import Foundation\nlet s = AsyncStream { continuation in\n  continuation.send(1)\n}\n", NotOnType, "send"},
		{"a real member of it", "import Foundation\nlet s = AsyncStream { continuation in\n  continuation.finish()\n}\n", "", ""},
	})
}

// TestAsyncFormOfAGetter: Swift imports an Objective-C method named get…
// that takes a completion handler also as an async method without the
// prefix (SE-0297): `await center.notificationSettings()` is
// getNotificationSettings(completionHandler:)'s, on a type whose list is
// judged; a name no getter gives stays not on the type.
func TestAsyncFormOfAGetter(t *testing.T) {
	const center = "apple-docs://usernotifications/unusernotificationcenter"
	g := graphWith(func(d *memGraph) {
		addFilled(d, center, "UNUserNotificationCenter", "class", "usernotifications")
		addMember(d, center, "getNotificationSettings(completionHandler:)", "method",
			"func getNotificationSettings(completionHandler: @escaping (UNNotificationSettings) -> Void)")
		addMember(d, center, "getDeliveredNotifications", "property", "")
		const history = "apple-docs://usernotifications/unhistory"
		d.Pages = append(d.Pages, index.GraphPage{URI: history, Title: "UNHistory", Kind: "class", Framework: "usernotifications"})
		addMember(d, history, "deliveredNotifications", "property", "")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "UNUserNotificationCenter", Kind: "class", Module: "usernotifications", URI: center}})
	runTypedCases(t, g, []typedCase{
		{"the async form of a getter", "import UserNotifications\nfunc f() async {\n  let c = UNUserNotificationCenter()\n  let s = await c.notificationSettings()\n}\n", "", ""},
		{"a property named get… gives no async form", "import UserNotifications\nfunc f() async {\n  let c = UNUserNotificationCenter()\n  let s = await c.deliveredNotifications()\n}\n", NotOnType, "deliveredNotifications"},
	})
}

// TestChainThroughElementKeepingMethods: a local bound to a chain that
// ends in a collection method keeping the elements (`store.events(matching:
// p).filter { … }`) holds the chain's elements still, so a loop over it
// binds an EKEvent.
func TestChainThroughElementKeepingMethods(t *testing.T) {
	const store, event = "apple-docs://eventkit/ekeventstore", "apple-docs://eventkit/ekevent"
	g := graphWith(func(d *memGraph) {
		addFilled(d, store, "EKEventStore", "class", "eventkit")
		addFilled(d, event, "EKEvent", "class", "eventkit")
		addMember(d, store, "events(matching:)", "method", "func events(matching predicate: NSPredicate) -> [EKEvent]")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "EKEventStore", Kind: "class", Module: "eventkit", URI: store},
		{Name: "EKEvent", Kind: "class", Module: "eventkit", URI: event}})
	const code = "import EventKit\nimport Foundation\nfunc f(store: EKEventStore, p: NSPredicate) {\n  let events = store.events(matching: p)%s\n  for event in events {\n    print(event.%s)\n  }\n}\n"
	runTypedCases(t, g, []typedCase{
		{"through filter", fmt.Sprintf(code, ".filter { $0.filler1 > 0 }", "fileExists(atPath: q)"), NotOnType, "fileExists"},
		{"through sorted(by:)", fmt.Sprintf(code, ".sorted(by: { $0.filler1 < $1.filler1 })", "fileExists(atPath: q)"), NotOnType, "fileExists"},
		{"a member it has", fmt.Sprintf(code, ".filter { $0.filler1 > 0 }", "filler2"), "", ""},
		{"through a method that changes the elements", fmt.Sprintf(code, ".map { $0.filler1 }", "fileExists(atPath: q)"), "", ""},
	})
}

// TestClosureTypedByATypealias: a closure passed where the declaration
// names a typealias of a function type (`completionHandler: @escaping
// CLGeocodeCompletionHandler`) takes its parameters' types from the
// alias's page; a name the closure binds is its parameter only inside the
// closure (a stored property of that name outside is another binding).
func TestClosureTypedByATypealias(t *testing.T) {
	const finder, handler = "apple-docs://uikit/devicefinder", "apple-docs://uikit/devicefinderhandler"
	g := graphWith(func(d *memGraph) {
		addFilled(d, finder, "DeviceFinder", "class", "uikit")
		addMember(d, finder, "find(in:completionHandler:)", "method", "func find(in area: Int, completionHandler: @escaping DeviceFinderHandler)")
		d.Pages = append(d.Pages, index.GraphPage{URI: handler, Title: "DeviceFinderHandler", Kind: "typealias", Framework: "uikit",
			Declaration: "typealias DeviceFinderHandler = (UIDevice?, (any Error)?) -> Void"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "DeviceFinder", Kind: "class", Module: "uikit", URI: finder}})
	runTypedCases(t, g, []typedCase{
		{"a parameter typed by the alias", "import UIKit\nlet f = DeviceFinder()\nf.find(in: 1) { device, _ in\n  print(device?.hasNotch)\n}\n", NotOnType, "hasNotch"},
		{"a real member", "import UIKit\nlet f = DeviceFinder()\nf.find(in: 1) { device, _ in\n  print(device?.name)\n}\n", "", ""},
		{"the name outside the closure", "import UIKit\nfinal class M {\n  let device = UIScreen()\n  func a() {\n    DeviceFinder().find(in: 1) { device, _ in print(device?.name) }\n    print(device.hasNotch)\n  }\n}\n", "", ""},
	})
}

// TestConformersCopyOfAProtocolsOverload: a conforming type's page of a
// protocol's member, known by its title alone (PassthroughSubject's
// debounce(for:scheduler:options:)), hides which parameters have
// defaults; the protocol's page declares them, and its declaration
// decides: `debounce(for:)` leaves out the required scheduler.
func TestConformersCopyOfAProtocolsOverload(t *testing.T) {
	const pub, subj = "apple-docs://combine/publisher", "apple-docs://combine/passthroughsubject"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: pub, Title: "Publisher", Kind: "protocol", Framework: "combine"})
		addMember(d, pub, "debounce(for:scheduler:options:)", "method",
			"func debounce<S>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> where S : Scheduler")
		addMember(d, subj, "debounce(for:scheduler:options:)", "method", "")
		addFilled(d, subj, "PassthroughSubject", "class", "combine")
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: subj, ParentURI: pub, ParentTitle: "Publisher", Relation: "conformsTo"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "PassthroughSubject", Kind: "class", Module: "combine", URI: subj}})
	runTypedCases(t, g, []typedCase{
		{"a required parameter left out", "import Combine\nlet s = PassthroughSubject()\nlet d = s.debounce(for: 1)\n", WrongLabels, "debounce"},
		{"the required ones written", "import Combine\nlet s = PassthroughSubject()\nlet d = s.debounce(for: 1, scheduler: q)\n", "", ""},
	})
}

// TestOverloadsOfASwiftProtocol: a member found on a protocol of a Swift
// framework whose own Topics were read (SwiftUI's View) has its overloads
// listed whole there, whatever the conforming type's own short list:
// `Form { … }.padding(top: 1)` fits no padding overload.
func TestOverloadsOfASwiftProtocol(t *testing.T) {
	const view, form = "apple-docs://swiftui/view", "apple-docs://swiftui/form"
	g := graphWith(func(d *memGraph) {
		d.Children = append(d.Children, index.GraphChild{ParentURI: view, URI: view + "/padding(_:)", Title: "padding(_:)"})
		d.Pages = append(d.Pages, index.GraphPage{URI: form, Title: "Form", Kind: "struct", Framework: "swiftui"})
		addListed(d, form, form+"/init(content:)", "init(content:)", "init", "init(@ViewBuilder content: () -> Content)")
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: form, ParentURI: view, ParentTitle: "View", Relation: "conformsTo"})
	})
	runTypedCases(t, g, []typedCase{
		{"labels no overload of the protocol's takes", "import SwiftUI\nlet v = Form {\n  Text(\"a\")\n}\n.padding(top: 1)\n", WrongLabels, "padding"},
		{"labels one takes", "import SwiftUI\nlet v = Form {\n  Text(\"a\")\n}\n.padding(1)\n", "", ""},
	})
}

// TestShortListsCastsAndStaticKeys: an Objective-C era class whose own
// Topics list only a few members (VNRecognizedTextObservation's) lacks a
// name another type in scope has, reached through an array cast with an
// empty default (`r.results as? [T] ?? []`) or in a condition that
// unwraps it (`guard let xs = r.results as? [T]`); a static property listed
// among a type's members (AVAsset's `tracks` key) is not the link of an
// instance chain that calls a method of that name; `T?.some(x)` is
// Optional's.
func TestShortListsCastsAndStaticKeys(t *testing.T) {
	const obs, asset, track = "apple-docs://vision/observation2", "apple-docs://avfoundation/asset2", "apple-docs://avfoundation/track2"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: obs, Title: "Observation2", Kind: "class", Framework: "vision"})
		for _, m := range []string{"topCandidates(_:)", "confidence"} {
			addListed(d, obs, obs+"/"+strings.ToLower(m), m, "property", "")
		}
		addFilled(d, asset, "Asset2", "class", "avfoundation")
		addFilled(d, track, "Track2", "class", "avfoundation")
		addFilled(d, "apple-docs://avfoundation/asyncproperty2", "AsyncProperty2", "struct", "avfoundation")
		addFilled(d, "apple-docs://swift/optional", "Optional", "enum", "swift")
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swift/optional/some(_:)", Title: "Optional.some(_:)", Kind: "case",
			ParentURI: "apple-docs://swift/optional", Declaration: "case some(Wrapped)"})
		d.Children = append(d.Children,
			index.GraphChild{ParentURI: asset, URI: "apple-docs://avfoundation/asyncproperty/tracks", Title: "tracks",
				Declaration: "static var tracks: AsyncProperty2<Root, [Track2]>"},
			index.GraphChild{ParentURI: asset, URI: asset + "/tracks(withmediatype:)", Title: "tracks(withMediaType:)",
				Declaration: "func tracks(withMediaType: Int) -> [Track2]"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "Observation2", Kind: "class", Module: "vision", URI: obs},
		{Name: "Asset2", Kind: "class", Module: "avfoundation", URI: asset}})
	runTypedCases(t, g, []typedCase{
		{"a short list's class through an array cast", "import Vision\nimport Foundation\nfunc f(r: Request) {\n  let xs = r.results as? [Observation2] ?? []\n  for o in xs {\n    print(o.fileExists(atPath: p))\n  }\n}\n", NotOnType, "fileExists"},
		{"a member the short list has", "import Vision\nimport Foundation\nfunc f(r: Request) {\n  let xs = r.results as? [Observation2] ?? []\n  for o in xs {\n    print(o.confidence)\n  }\n}\n", "", ""},
		{"an array cast a condition unwraps", "import Vision\nimport Foundation\nfunc f(r: Request) {\n  guard let xs = r.results as? [Observation2] else { return }\n  for o in xs {\n    print(o.fileExists(atPath: p))\n  }\n}\n", NotOnType, "fileExists"},
		{"an optional array cast not unwrapped binds no elements", "import Vision\nimport Foundation\nfunc f(r: Request) {\n  let xs = r.results as? [Observation2]\n  for o in xs {\n    print(o.fileExists(atPath: p))\n  }\n}\n", "", ""},
		{"a method beside a static key of its name", "import AVFoundation\nlet a = Asset2()\nlet ts = a.tracks(withMediaType: 1)\nprint(ts.first)\n", "", ""},
		{"an Optional's member written on the type", "import UIKit\nlet d = UIDevice()\nlet x = [UIDevice?.some(d)]\n", "", ""},
	})
}

// TestShortListWithAGroupOfKeysHoldsItsOverloads: a class's short Topics
// list holds every overload of a name it lists, though it also lists a
// group page, when the crawl has that page and it does not list the name
// (PHImageManager's "Image Result Info Keys"); a group page that lists
// the name may hold more overloads.
func TestShortListWithAGroupOfKeysHoldsItsOverloads(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		class := func(uri, title, group, groupMember string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "class", Framework: "photos"},
				index.GraphPage{URI: group, Title: "Keys of " + title, Kind: "collectionGroup", Framework: "photos"})
			addListed(d, group, group+"/m", groupMember, "property", "")
			d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: group, Title: "Keys of " + title})
			for i := range minListedMembers {
				addListed(d, uri, fmt.Sprintf("%s/m%d", uri, i), fmt.Sprintf("m%d()", i), "method", "")
			}
			addListed(d, uri, uri+"/requestimage", "requestImage(for:targetSize:contentMode:)", "method",
				"func requestImage(for asset: PHAsset, targetSize: CGSize, contentMode: PHImageContentMode) -> Int")
		}
		class("apple-docs://photos/manager2", "Manager2", "apple-docs://photos/result-keys", "resultKey")
		class("apple-docs://photos/manager3", "Manager3", "apple-docs://photos/more-requests", "requestImage")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "Manager2", Kind: "class", Module: "photos", URI: "apple-docs://photos/manager2"},
		{Name: "Manager3", Kind: "class", Module: "photos", URI: "apple-docs://photos/manager3"},
	})
	runTypedCases(t, g, []typedCase{
		{"a group of keys holds no overload", "import Photos\nfunc f(m: Manager2) {\n  m.requestImage(for: a, targetSize: s)\n}\n", WrongLabels, "requestImage"},
		{"the overload that fits", "import Photos\nfunc f(m: Manager2) {\n  m.requestImage(for: a, targetSize: s, contentMode: .aspectFit)\n}\n", "", ""},
		{"a group page that lists the name may hold another", "import Photos\nfunc f(m: Manager3) {\n  m.requestImage(for: a, targetSize: s)\n}\n", "", ""},
	})
}

// TestDynamicMemberLookupAnswersAnyMember: a value of a type declared
// @dynamicMemberLookup (Binding) answers its wrapped value's members, so
// a member its own list lacks is no finding; the same member on a type
// without the attribute is not on the type.
func TestDynamicMemberLookupAnswersAnyMember(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		for _, ty := range []struct{ uri, title, decl string }{
			{"apple-docs://swiftui/binding", "Binding", "@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>"},
			{"apple-docs://swiftui/environment", "Environment", "@frozen @propertyWrapper struct Environment<Value>"},
		} {
			addFilled(d, ty.uri, ty.title, "struct", "swiftui")
			d.Pages[len(d.Pages)-minOwnMembers-1].Declaration = ty.decl
			addMember(d, ty.uri, "wrappedValue", "property", "")
		}
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "Binding", Kind: "struct", Module: "swiftui", URI: "apple-docs://swiftui/binding"},
		{Name: "Environment", Kind: "struct", Module: "swiftui", URI: "apple-docs://swiftui/environment"},
	})
	runTypedCases(t, g, []typedCase{
		{"a wrapped value's member through a binding", "import SwiftUI\nimport UIKit\nfunc f(b: Binding<Item>) {\n  print(b.hasNotch)\n}\n", "", ""},
		{"the same member on a type without the attribute", "import SwiftUI\nimport UIKit\nfunc f(e: Environment<Item>) {\n  print(e.hasNotch)\n}\n", NotOnType, "hasNotch"},
	})
}

// TestParenthesisStartingALineCallsNothing: a "(" that starts a line opens
// a parenthesised expression, not a call of the value the line before
// ends with, so a cast's member there is not read on that value's type.
func TestParenthesisStartingALineCallsNothing(t *testing.T) {
	runTypedCases(t, testGraph(), []typedCase{
		{"a cast's member on the line after a call", "import UIKit\nfunc f(v: UIView?) {\n  let s = UIDevice.current.mainScreen()\n  (v as? UIImageView)?.contentMode = .scaleToFill\n  print(s)\n}\n", "", ""},
		{"a call's member on its own line is still read", "import UIKit\nfunc f() {\n  let s = UIDevice.current.mainScreen() .contentMode\n  print(s)\n}\n", NotOnType, "contentMode"},
	})
}

// TestArticleInTopicsHidesNoInitializer: an article a type's Topics list
// (URLSession's "Processing URL session data task results with Combine")
// explains it and holds none of its initializers, so the type's own list
// is still judged; a group the crawl lacks may hold them and is not.
func TestArticleInTopicsHidesNoInitializer(t *testing.T) {
	for _, c := range []struct {
		name, kind string
		want       Status
	}{
		{"an article listed", "article", NoSuchInitializer},
		{"a group the crawl lacks", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			const session = "apple-docs://foundation/urlsession"
			g := graphWith(func(d *memGraph) {
				addFilled(d, session, "URLSession", "class", "foundation")
				// Objective-C era addresses, as the crawl has them: the list is
				// judged on the legacy rules, which a group may hide.
				addListed(d, session, session+"/1411474-init", "init(configuration:)", "init", "init(configuration: URLSessionConfiguration)")
				for i, m := range []string{"shared", "configuration", "delegate", "delegateQueue", "sessionDescription", "invalidateAndCancel()"} {
					addListed(d, session, fmt.Sprintf("%s/14115%02d-m", session, i), m, "property", "var "+m+": Int { get }")
				}
				d.Children = append(d.Children, index.GraphChild{ParentURI: session, URI: "apple-docs://foundation/processing_results", Title: "Processing session results", Kind: c.kind})
			})
			g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "URLSession", Kind: "class", Module: "foundation", URI: session}})
			runTypedCases(t, g, []typedCase{{c.name, "import Foundation\nlet s = URLSession(configuration: c, foo: 1)\n", c.want, map[Status]string{NoSuchInitializer: "URLSession", "": ""}[c.want]}})
		})
	}
}

// TestOverloadsNamedByTheWrittenLabels: a finding's real overloads start
// with those that share the labels written (UIPosterView(artwork:) names
// init(artwork:size:) first).
func TestOverloadsNamedByTheWrittenLabels(t *testing.T) {
	got := checkTypedOn(t, listedGraph(), "import UIKit\nlet v = UIPosterView(artwork: a)\n")
	if len(got) != 1 || len(got[0].Nearest) == 0 {
		t.Fatalf("want one finding that names overloads, got %+v", got)
	}
	if first := got[0].Nearest[0].Name; first != "UIPosterView.init(artwork:size:)" {
		t.Fatalf("first real overload %s, want UIPosterView.init(artwork:size:)", first)
	}
}

// TestExtensionInitializerInAnotherFile: an initializer that one file's
// extension declares is no finding where another file checked with it
// calls it.
func TestExtensionInitializerInAnotherFile(t *testing.T) {
	rep := checkCode(t, listedGraph(), Options{},
		File{Path: "Frame+Side.swift", Code: "import UIKit\nextension UIPosterView.Frame {\n  init(side: Double) { self.init(width: side, height: side) }\n}\n"},
		File{Path: "Use.swift", Code: "import UIKit\nlet f = UIPosterView.Frame(side: 2)\n"})
	for _, f := range rep.Findings {
		if f.Status == NoSuchInitializer {
			t.Errorf("want no finding on an initializer another file's extension declares, got %+v", f)
		}
	}
}
