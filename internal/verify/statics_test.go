package verify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// Tests of leading dots and statics: the types whose cases and statics
// are judged, and the real ones a finding offers.

// TestCaseCandidatesNameEachCaseOnce: a type of two frameworks
// (NSTextAlignment, UIKit's and AppKit's) offers each of its cases once.
func TestCaseCandidatesNameEachCaseOnce(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		for _, fw := range []string{"uikit", "appkit"} {
			uri := "apple-docs://" + fw + "/nstextalignment"
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: "NSTextAlignment", Kind: "enum", Framework: fw})
			for _, c := range []string{"center", "left", "right", "justified"} {
				addListed(d, uri, uri+"/"+c, c, "case", "case "+c)
			}
		}
	})
	g.MemTable.Add(SymbolInfo{Name: "NSTextAlignment", Kind: "enum", Module: "UIKit"})
	got := checkTypedOn(t, g, "import UIKit\nimport AppKit\nlet a = NSTextAlignment.middle\n")
	if len(got) != 1 || got[0].Status != Unknown {
		t.Fatalf("want one unknown, got %+v", got)
	}
	seen := map[string]bool{}
	for _, c := range got[0].Nearest {
		if seen[c.Name] {
			t.Errorf("%s offered twice: %+v", c.Name, got[0].Nearest)
		}
		seen[c.Name] = true
	}
	if len(seen) != 4 {
		t.Errorf("want the four cases, got %+v", got[0].Nearest)
	}
}

// TestCaseNamedOnItsType: a case or static member written on its type
// (`UIStackView.Alignment.centerY`) is judged as the same name written
// with a leading dot where that type is wanted: unknown when nothing has
// the name, with the type's real cases.
func TestCaseNamedOnItsType(t *testing.T) {
	g := testGraph()
	g.MemTable.Add(SymbolInfo{Name: "UIStackView", Kind: "class", Module: "UIKit"})
	runTypedCases(t, g, []typedCase{
		{"a case named on its type", "import UIKit\nlet m = UIStackView.Alignment.centerY\n", Unknown, "centerY"},
		{"a case named on its type, in an assignment", "import UIKit\nlet s = UIStackView()\ns.alignment = UIStackView.Alignment.centerY\n", Unknown, "centerY"},
		{"a case named on its type that it has", "import UIKit\nlet m = UIStackView.Alignment.center\n", "", ""},
	})
	got := checkTypedOn(t, g, "import UIKit\nlet m = UIStackView.Alignment.centerY\n")
	if len(got) != 1 || len(got[0].Nearest) != 4 {
		t.Fatalf("want one finding naming the four real cases, got %+v", got)
	}
}

// TestExpectedTypeOfAnotherFramework: the type an API's declaration gives
// a leading dot is judged though the file does not import its framework
// (Vision's VNImageRequestHandler takes ImageIO's
// CGImagePropertyOrientation), unless it is another platform's (an iOS
// file's view is no NSView).
func TestExpectedTypeOfAnotherFramework(t *testing.T) {
	const handler, orientation = "apple-docs://vision/vnimagerequesthandler", "apple-docs://imageio/cgimagepropertyorientation"
	g := graphWith(func(d *memGraph) {
		addFilled(d, handler, "VNImageRequestHandler", "class", "vision")
		addListed(d, handler, handler+"/init(cgimage:orientation:options:)", "init(cgImage:orientation:options:)", "init",
			"init(cgImage image: CGImage, orientation: CGImagePropertyOrientation, options: [VNImageOption : Any] = [:])")
		d.Pages = append(d.Pages, index.GraphPage{URI: orientation, Title: "CGImagePropertyOrientation", Kind: "enum", Framework: "imageio"})
		for _, c := range []string{"up", "down", "left", "right"} {
			addListed(d, orientation, orientation+"/"+c, c, "case", "case "+c)
		}
		const view, mask = "apple-docs://realitykit/arview", "apple-docs://appkit/nsview/autoresizingmask-swift.struct"
		addFilled(d, view, "ARView", "class", "realitykit")
		addListed(d, view, view+"/autoresizingmask", "autoresizingMask", "property", "var autoresizingMask: NSView.AutoresizingMask { get set }")
		d.Pages = append(d.Pages, index.GraphPage{URI: mask, Title: "NSView.AutoresizingMask", Kind: "struct", Framework: "appkit"})
		for _, c := range []string{"width", "height", "minXMargin", "maxXMargin"} {
			addListed(d, mask, mask+"/"+strings.ToLower(c), c, "property", "static var "+c+": NSView.AutoresizingMask { get }")
		}
	})
	runTypedCases(t, g, []typedCase{
		{"a case of a type another framework declares", "import Vision\nlet h = VNImageRequestHandler(cgImage: i, orientation: .portrait, options: [:])\n", NoSuchCase, "portrait"},
		{"a real case of a type another framework declares", "import Vision\nlet h = VNImageRequestHandler(cgImage: i, orientation: .up, options: [:])\n", "", ""},
		{"another platform's type", "import RealityKit\nimport UIKit\nlet v = ARView()\nv.autoresizingMask = [.flexibleWidth]\n", "", ""},
	})
}

// TestSwiftClassStatics: a Swift class that inherits from nothing lists
// its statics whole, as a structure does (NWParameters: .tcp, .tls), and
// a finding offers those, not its instance members.
func TestSwiftClassStatics(t *testing.T) {
	const params = "apple-docs://network/nwparameters"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: params, Title: "NWParameters", Kind: "class", Framework: "network"})
		for _, s := range []string{"tcp", "tls", "udp"} {
			addListed(d, params, params+"/"+s, s, "property", "class var "+s+": NWParameters")
		}
		addListed(d, params, params+"/protocolstack", "NWParameters.ProtocolStack", "class", "class ProtocolStack")
		for _, p := range []string{"allowFastOpen", "includePeerToPeer", "acceptLocalOnly"} {
			addListed(d, params, params+"/"+strings.ToLower(p), p, "property", "var "+p+": Bool")
		}
	})
	runTypedCases(t, g, []typedCase{
		{"a static the class lacks", "import Network\nlet p: NWParameters = .https\n", NoSuchCase, "https"},
		{"a static it has", "import Network\nlet p: NWParameters = .tls\n", "", ""},
	})
	got := checkTypedOn(t, g, "import Network\nlet p: NWParameters = .https\n")
	if len(got) != 1 || len(got[0].Nearest) != 3 {
		t.Fatalf("want the three statics offered, got %+v", got)
	}
	for _, c := range got[0].Nearest {
		if c.Name == ".allowFastOpen" || c.Name == ".includePeerToPeer" || c.Name == ".acceptLocalOnly" {
			t.Errorf("an instance member offered: %+v", got[0].Nearest)
		}
	}
}

// TestShortClassListStatics: a class whose short list is judged whole
// (UNNotificationSound's) has its statics judged; a class that lists no
// static is no leading dot's type, whatever a context seems to want.
func TestShortClassListStatics(t *testing.T) {
	const sound, content, action = "apple-docs://usernotifications/unnotificationsound", "apple-docs://usernotifications/unmutablenotificationcontent", "apple-docs://uikit/uialertaction"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: sound, Title: "UNNotificationSound", Kind: "class", Framework: "usernotifications"},
			index.GraphPage{URI: content, Title: "UNMutableNotificationContent", Kind: "class", Framework: "usernotifications"},
			index.GraphPage{URI: action, Title: "UIAlertAction", Kind: "class", Framework: "uikit"})
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: sound, ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"},
			index.GraphEdge{ChildURI: action, ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"})
		for _, s := range []string{"default", "defaultCritical", "defaultRingtone"} {
			addListed(d, sound, sound+"/"+strings.ToLower(s), s, "property", "class var "+s+": UNNotificationSound")
		}
		addListed(d, sound, sound+"/init(named:)", "init(named:)", "init", "convenience init(named: UNNotificationSoundName)")
		addListed(d, sound, sound+"/ringtonesoundnamed(_:)", "ringtoneSoundNamed(_:)", "method", "class func ringtoneSoundNamed(_ name: UNNotificationSoundName) -> Self")
		addListed(d, content, content+"/sound", "sound", "property", "var sound: UNNotificationSound? { get set }")
		addListed(d, content, content+"/action", "action", "property", "var action: UIAlertAction? { get set }")
		for _, p := range []string{"title", "style", "isEnabled", "handler", "image"} {
			addListed(d, action, action+"/"+strings.ToLower(p), p, "property", "var "+p+": String { get }")
		}
	})
	runTypedCases(t, g, []typedCase{
		{"a static the short list lacks", "import UserNotifications\nlet c = UNMutableNotificationContent()\nc.sound = .critical\n", NoSuchCase, "critical"},
		{"a static it lists", "import UserNotifications\nlet c = UNMutableNotificationContent()\nc.sound = .defaultCritical\n", "", ""},
		{"a class that lists no static", "import UserNotifications\nimport UIKit\nlet c = UNMutableNotificationContent()\nc.action = .moveEquipment\n", "", ""},
	})
}

// TestOptionSetOfObjectiveCEraPages: an option set of Objective-C era
// addresses (ISO8601DateFormatter.Options) is no extensible enumeration
// because SetAlgebra, which it conforms to, has an init(_:): a name no
// page has is none of its members, assigned, inserted or asked for
// (SetAlgebra's `Self.Element` is an option set's own type, its `Self`
// any conforming type's).
func TestOptionSetOfObjectiveCEraPages(t *testing.T) {
	const opts, algebra, formatter = "apple-docs://foundation/iso8601dateformatter/options", "apple-docs://swift/setalgebra", "apple-docs://foundation/iso8601dateformatter"
	const optionSet, unordered = "apple-docs://swift/optionset", "apple-docs://foundation/unorderednames"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages,
			index.GraphPage{URI: opts, Title: "ISO8601DateFormatter.Options", Kind: "struct", Framework: "foundation"},
			index.GraphPage{URI: algebra, Title: "SetAlgebra", Kind: "protocol", Framework: "swift"},
			index.GraphPage{URI: formatter, Title: "ISO8601DateFormatter", Kind: "class", Framework: "foundation"})
		for i, o := range []string{"withYear", "withMonth", "withDay", "withFractionalSeconds", "withInternetDateTime"} {
			addListed(d, opts, fmt.Sprintf("%s/16%05d-%s", opts, i, strings.ToLower(o)), o, "property", "static var "+o+": ISO8601DateFormatter.Options")
		}
		addListed(d, opts, opts+"/1643205-init", "init(rawValue:)", "init", "init(rawValue: UInt)")
		addListed(d, algebra, algebra+"/init(_:)", "init(_:)", "init", "init<S>(_ sequence: S) where S : Sequence, Self.Element == S.Element")
		addListed(d, formatter, formatter+"/1643324-formatoptions", "formatOptions", "property", "var formatOptions: ISO8601DateFormatter.Options { get set }")
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: opts, ParentURI: algebra, ParentTitle: "SetAlgebra", Relation: "conformsTo"})
		// SetAlgebra's members take `Self.Element`, an option set's own
		// type (OptionSet), and `Self`, the conforming type.
		addListed(d, algebra, algebra+"/insert(_:)", "insert(_:)", "method", "mutating func insert(_ newMember: Self.Element) -> (inserted: Bool, memberAfterInsert: Self.Element)")
		addListed(d, algebra, algebra+"/contains(_:)", "contains(_:)", "method", "func contains(_ member: Self) -> Bool")
		d.Pages = append(d.Pages, index.GraphPage{URI: optionSet, Title: "OptionSet", Kind: "protocol", Framework: "swift"},
			index.GraphPage{URI: unordered, Title: "UnorderedNames", Kind: "struct", Framework: "foundation"})
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: opts, ParentURI: optionSet, ParentTitle: "OptionSet", Relation: "conformsTo"},
			index.GraphEdge{ChildURI: unordered, ParentURI: algebra, ParentTitle: "SetAlgebra", Relation: "conformsTo"})
		addListed(d, unordered, unordered+"/first", "first", "property", "static var first: UnorderedNames")
		addListed(d, unordered, unordered+"/init()", "init()", "init", "init()")
	})
	runTypedCases(t, g, []typedCase{
		{"a name no page has", "import Foundation\nlet f = ISO8601DateFormatter()\nf.formatOptions = [.withInternetDateTime, .withMilliseconds]\n", NoSuchCase, "withMilliseconds"},
		{"its members", "import Foundation\nlet f = ISO8601DateFormatter()\nf.formatOptions = [.withInternetDateTime, .withFractionalSeconds]\n", "", ""},
		{"an element inserted", "import Foundation\nvar o: ISO8601DateFormatter.Options = [.withYear]\no.insert(.withMilliseconds)\n", NoSuchCase, "withMilliseconds"},
		{"a member inserted", "import Foundation\nvar o: ISO8601DateFormatter.Options = [.withYear]\no.insert(.withDay)\n", "", ""},
		{"a set asked for its own type", "import Foundation\nvar o: ISO8601DateFormatter.Options = [.withYear]\nlet b = o.contains(.withMilliseconds)\n", NoSuchCase, "withMilliseconds"},
		{"an element of a set algebra that is no option set", "import Foundation\nvar o = UnorderedNames()\no.insert(.second)\n", "", ""},
		{"a set algebra asked for its own type", "import Foundation\nvar o = UnorderedNames()\nlet b = o.contains(.second)\n", NoSuchCase, "second"},
	})
}

// TestNoneWhereNoOptionalIsTaken: `.none` passed where every overload
// that fits declares the parameter no optional names a case the type
// must have (Date.FormatStyle.TimeStyle's is `.omitted`); passed to an
// optional parameter it is nil.
func TestNoneWhereNoOptionalIsTaken(t *testing.T) {
	const date, style, caps = "apple-docs://foundation/date", "apple-docs://foundation/date/formatstyle/timestyle", "apple-docs://swiftui/textinputautocapitalization"
	g := graphWith(func(d *memGraph) {
		addFilled(d, date, "Date", "struct", "foundation")
		addListed(d, date, date+"/formatted(date:time:)", "formatted(date:time:)", "method",
			"func formatted(date: Date.FormatStyle.DateStyle, time: Date.FormatStyle.TimeStyle) -> String")
		d.Pages = append(d.Pages, index.GraphPage{URI: style, Title: "Date.FormatStyle.TimeStyle", Kind: "struct", Framework: "foundation"},
			index.GraphPage{URI: caps, Title: "TextInputAutocapitalization", Kind: "struct", Framework: "swiftui"})
		for _, c := range []string{"omitted", "shortened", "standard", "complete"} {
			addListed(d, style, style+"/"+c, c, "property", "static let "+c+": Date.FormatStyle.TimeStyle")
		}
		for _, c := range []string{"never", "words", "sentences", "characters"} {
			addListed(d, caps, caps+"/"+c, c, "property", "static var "+c+": TextInputAutocapitalization { get }")
		}
		addListed(d, "apple-docs://swiftui/view", "apple-docs://swiftui/view/textinputautocapitalization(_:)", "textInputAutocapitalization(_:)", "method",
			"func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View")
	})
	runTypedCases(t, g, []typedCase{
		{"none for a parameter of no optional", "import Foundation\nlet s = Date().formatted(date: .abbreviated, time: .none)\n", NoSuchCase, "none"},
		{"the type's case", "import Foundation\nlet s = Date().formatted(date: .abbreviated, time: .omitted)\n", "", ""},
		{"none for an optional parameter", "import SwiftUI\nstruct V: View {\n  var body: some View {\n    Text(\"a\").textInputAutocapitalization(.none)\n  }\n}\n", "", ""},
	})
}

// TestClockDurationStatics: a generic clock's duration (Task.sleep's
// `for: C.Instant.Duration` with `clock: C`) is Duration, the standard
// clocks' own, so a leading dot there names one of Duration's statics,
// unless the call passes its own clock; Duration written alone is the
// structure, not InstantProtocol's associated type of the same title; a
// finding offers its static functions, not its operators or instance
// members.
func TestClockDurationStatics(t *testing.T) {
	const task, duration, instant = "apple-docs://swift/task", "apple-docs://swift/duration", "apple-docs://swift/instantprotocol"
	g := graphWith(func(d *memGraph) {
		addFilled(d, task, "Task", "struct", "swift")
		// As the crawl has it: a Topics entry of Task, no page.
		d.Children = append(d.Children, index.GraphChild{ParentURI: task, URI: task + "/sleep(for:tolerance:clock:)", Title: "sleep(for:tolerance:clock:)",
			Declaration: "static func sleep<C>(for: C.Instant.Duration, tolerance: C.Instant.Duration?, clock: C) async throws"})
		d.Pages = append(d.Pages, index.GraphPage{URI: duration, Title: "Duration", Kind: "struct", Framework: "swift"},
			index.GraphPage{URI: instant, Title: "InstantProtocol", Kind: "protocol", Framework: "swift"},
			index.GraphPage{URI: instant + "/duration", Title: "Duration", Kind: "associatedtype", Framework: "swift", ParentURI: instant})
		for _, s := range []string{"seconds", "milliseconds", "nanoseconds"} {
			addListed(d, duration, duration+"/"+s+"(_:)", s+"(_:)", "method", "static func "+s+"<T>(T) -> Duration")
		}
		addListed(d, duration, duration+"/*(_:_:)", "*(_:_:)", "op", "static func * (Duration, Double) -> Duration")
		addListed(d, duration, duration+"/components", "components", "property", "var components: (seconds: Int64, attoseconds: Int64)")
		addListed(d, duration, duration+"/init(_:)", "init(_:)", "init", "init(timeval)")
	})
	g.MemTable.Add(SymbolInfo{Name: "Task", Kind: "struct", Module: "Swift"})
	g.MemTable.Add(SymbolInfo{Name: "Duration", Kind: "struct", Module: "Swift"})
	runTypedCases(t, g, []typedCase{
		{"a static Duration lacks, for a clock's duration", "import Foundation\nfunc f() async throws {\n  try await Task.sleep(for: .minutes(15))\n}\n", NoSuchCase, "minutes"},
		{"Duration's static there", "import Foundation\nfunc f() async throws {\n  try await Task.sleep(for: .seconds(2), tolerance: .milliseconds(5))\n}\n", "", ""},
		{"a call that passes its own clock", "import Foundation\nfunc f(c: FrameClock) async throws {\n  try await Task.sleep(for: .frames(2), tolerance: nil, clock: c)\n}\n", "", ""},
		{"Duration written alone", "import Foundation\nlet d: Duration = .minutes(3)\n", NoSuchCase, "minutes"},
	})
	got := checkTypedOn(t, g, "import Foundation\nlet d: Duration = .minutes(3)\n")
	if len(got) != 1 {
		t.Fatalf("want one finding, got %+v", got)
	}
	var names []string
	for _, c := range got[0].Nearest {
		names = append(names, c.Name)
	}
	if strings.Join(names, " ") != ".milliseconds .nanoseconds .seconds" && strings.Join(names, " ") != ".seconds .milliseconds .nanoseconds" {
		t.Errorf("want Duration's three static functions offered, got %v", names)
	}
}

// TestTypeGenericParameterNamedLikeAType: a parameter of its type's own
// generic parameter (ForEach<Data, ID, Content>'s `_ data: Data`) takes
// any type, so the leading dots of its argument are no Foundation Data's,
// however Data is judged.
func TestTypeGenericParameterNamedLikeAType(t *testing.T) {
	const forEach, data = "apple-docs://swiftui/foreach", "apple-docs://foundation/data"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: forEach, Title: "ForEach", Kind: "struct", Framework: "swiftui",
			Declaration: "struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable"},
			index.GraphPage{URI: data, Title: "Data", Kind: "struct", Framework: "foundation"})
		addListed(d, forEach, forEach+"/init(_:id:content:)", "init(_:id:content:)", "init",
			"init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)")
		for _, s := range []string{"base64", "empty", "zeros"} {
			addListed(d, data, data+"/"+s, s, "property", "static var "+s+": Data")
		}
	})
	g.MemTable.Add(SymbolInfo{Name: "ForEach", Kind: "struct", Module: "SwiftUI"})
	runTypedCases(t, g, []typedCase{
		{"an array literal for the type's generic parameter", "import SwiftUI\nlet v = ForEach([ColorScheme.light, .dark], id: \\.self) { s in\n  Text(\"a\")\n}\n", "", ""},
		{"Foundation's Data where it is wanted", "import Foundation\nlet d: Data = .dark\n", NoSuchCase, "dark"},
	})
}

// TestStaticFunctionLabelsThroughADot: a leading-dot call of a static
// function on a type whose list is judged (`.easeInOut(duration: 0.3,
// delay: 2.5)` where an Animation is wanted) has its labels checked as a
// call on the type would: labels no function of the name takes are a
// finding naming the real ones; defaults may be left out. A case's values
// bound by a pattern need no labels.
func TestStaticFunctionLabelsThroughADot(t *testing.T) {
	const animation, view = "apple-docs://swiftui/animation", "apple-docs://uikit/uiimageview"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: animation, Title: "Animation", Kind: "struct", Framework: "swiftui"})
		addListed(d, animation, animation+"/easeinout", "easeInOut", "property", "static var easeInOut: Animation { get }")
		addListed(d, animation, animation+"/easeinout(duration:)", "easeInOut(duration:)", "method", "static func easeInOut(duration: TimeInterval) -> Animation")
		addListed(d, animation, animation+"/spring(response:dampingfraction:blendduration:)", "spring(response:dampingFraction:blendDuration:)", "method",
			"static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation")
		addListed(d, animation, animation+"/linear", "linear", "property", "static var linear: Animation { get }")
		addListed(d, view, view+"/run(_:)", "run(_:)", "method", "func run(_ animation: Animation)")
		// An enumeration whose case has labelled values.
		const endpoint = "apple-docs://network/nwendpoint"
		d.Pages = append(d.Pages, index.GraphPage{URI: endpoint, Title: "NWEndpoint", Kind: "enum", Framework: "network"})
		addListed(d, endpoint, endpoint+"/hostport(host:port:)", "hostPort(host:port:)", "case", "case hostPort(host: NWEndpoint.Host, port: NWEndpoint.Port)")
		addListed(d, endpoint, endpoint+"/url(_:)", "url(_:)", "case", "case url(URL)")
		addListed(d, endpoint, endpoint+"/opaque(_:)", "opaque(_:)", "case", "case opaque(nw_endpoint_t)")
	})
	const head = "import UIKit\nimport SwiftUI\nlet v = UIImageView()\n"
	runTypedCases(t, g, []typedCase{
		{"labels no static function of the name takes", head + "v.run(.easeInOut(duration: 0.3, delay: 2.5))\n", WrongLabels, "easeInOut"},
		{"a static function's labels", head + "v.run(.easeInOut(duration: 0.3))\n", "", ""},
		{"defaults left out", head + "v.run(.spring(response: 0.4))\n", "", ""},
		{"a static property", head + "v.run(.linear)\n", "", ""},
		{"a case's values bound by a pattern", "import Network\nfunc f(e: NWEndpoint) {\n  switch e {\n  case .hostPort(let h, let p): print(h, p)\n  default: break\n  }\n}\n", "", ""},
	})
}
