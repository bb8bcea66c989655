package verify

import (
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// graphTable is a MemTable with a symbol graph, for the type-aware checks
// without an index file.
type graphTable struct {
	*MemTable
	g *symbolGraph
}

func (t graphTable) graph() (*symbolGraph, error) { return t.g, nil }

// testGraph documents a few UIKit and Dispatch types, each with enough
// members to be judged (filler members pad them past minOwnMembers).
func testGraph() graphTable {
	d := &memGraph{}
	typ := func(uri, title, kind string) {
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Framework: strings.Split(strings.TrimPrefix(uri, "apple-docs://"), "/")[0]})
		for i := range minOwnMembers {
			d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/filler%d", uri, i), Title: fmt.Sprintf("filler%d", i), Kind: "property", ParentURI: uri})
		}
	}
	member := func(parent, title, kind, decl string) { addMember(d, parent, title, kind, decl) }
	typ("apple-docs://dispatch/dispatchqueue", "DispatchQueue", "class")
	member("apple-docs://dispatch/dispatchqueue", "main", "property", "class var main: DispatchQueue { get }")
	member("apple-docs://dispatch/dispatchqueue", "asyncAfter(deadline:execute:)", "func", "func asyncAfter(deadline: DispatchTime, execute work: @escaping () -> Void)")
	member("apple-docs://dispatch/dispatchqueue", "asyncAfter(deadline:qos:flags:execute:)", "func",
		"func asyncAfter(deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], execute work: @escaping () -> Void)")
	member("apple-docs://dispatch/dispatchqueue", "init(label:qos:)", "init", "convenience init(label: String, qos: DispatchQoS = .unspecified)")
	member("apple-docs://dispatch/dispatchqueue", "init", "init", "")
	typ("apple-docs://uikit/uidevice", "UIDevice", "class")
	member("apple-docs://uikit/uidevice", "current", "property", "class var current: UIDevice { get }")
	member("apple-docs://uikit/uidevice", "name", "property", "var name: String { get }")
	// A method named like the singleton property, a static method that
	// returns an array, and overloads that return different types.
	member("apple-docs://uikit/uidevice", "current(for:)", "method", "func current(for index: Int) -> UIScreen")
	member("apple-docs://uikit/uidevice", "all(for:)", "method", "static func all(for identifiers: [String]) async throws -> [UIDevice]")
	member("apple-docs://uikit/uidevice", "mainScreen()", "method", "func mainScreen() -> UIScreen")
	member("apple-docs://uikit/uidevice", "screens(for:)", "method", "func screens(for index: Int) -> [UIScreen]")
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://uikit/uidevice/pick(_:)-1", Title: "pick(_:)", Kind: "method", ParentURI: "apple-docs://uikit/uidevice", Declaration: "func pick(_ index: Int) -> UIImageView"},
		index.GraphPage{URI: "apple-docs://uikit/uidevice/pick(_:)-2", Title: "pick(_:)", Kind: "method", ParentURI: "apple-docs://uikit/uidevice", Declaration: "func pick(_ name: String) -> UIScreen"})
	// A member a subclass of UIDevice has, and a type of a framework no
	// test imports: the subclass's is the fix a finding names first.
	typ("apple-docs://aakit/aaphone", "AAPhone", "class")
	member("apple-docs://aakit/aaphone", "proMode", "property", "var proMode: Bool { get }")
	typ("apple-docs://uikit/uidevicepro", "UIDevicePro", "class")
	member("apple-docs://uikit/uidevicepro", "proMode", "property", "var proMode: Bool { get }")
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://uikit/uidevicepro", ParentURI: "apple-docs://uikit/uidevice", ParentTitle: "UIDevice", Relation: "inheritsFrom"})
	// A failable initializer.
	member("apple-docs://uikit/uidevicepro", "init(name:)", "init", "init?(name: String)")
	// Methods that return tuples, one with labels, one with an optional.
	member("apple-docs://uikit/uidevice", "pair(for:)", "method", "func pair(for index: Int) async throws -> (UIScreen, UIImageView)")
	member("apple-docs://uikit/uidevice", "labelledPair(for:)", "method", "func labelledPair(for index: Int) -> (screen: UIScreen, view: UIImageView)")
	member("apple-docs://uikit/uidevice", "maybePair()", "method", "func maybePair() -> (UIScreen?, UIImageView)")
	// Overloads of one name and two arities, the second a Topics entry
	// whose declaration shows no defaults: the written labels' own title
	// is the one called.
	member("apple-docs://uikit/uidevice", "glance(_:)", "method", "func glance(_ index: Int) -> UIScreen")
	d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://uikit/uidevice", URI: "apple-docs://uikit/uidevice/glance(_:_:)",
		Title: "glance(_:_:)", Declaration: "func glance(Int, Int) -> UIImageView"})
	typ("apple-docs://uikit/uiscreen", "UIScreen", "class")
	member("apple-docs://uikit/uiscreen", "hasNotch", "property", "var hasNotch: Bool { get }")
	member("apple-docs://uikit/uiscreen", "separatorStyle", "property", "var separatorStyle: Int { get }")
	member("apple-docs://uikit/uiscreen", "currentMode", "property", "var currentMode: Int { get }")
	member("apple-docs://uikit/uiscreen", "removeAll()", "func", "func removeAll()")
	typ("apple-docs://uikit/uiview/contentmode", "UIView.ContentMode", "enum")
	for _, c := range []string{"scaleToFill", "scaleAspectFit", "scaleAspectFill"} {
		member("apple-docs://uikit/uiview/contentmode", c, "case", "case "+c)
	}
	// A case's Objective-C name, as Topics list some deprecated ones.
	member("apple-docs://uikit/uiview/contentmode", "UIViewContentModeRedraw", "case", "")
	// An error code whose Objective-C constants carry the error's name,
	// not the code type's (LAErrorBiometryLockout of LAError.Code).
	typ("apple-docs://localauthentication/laerror/code", "LAError.Code", "enum")
	for _, c := range []string{"userCancel", "appCancel", "systemCancel", "LAErrorBiometryLockout"} {
		member("apple-docs://localauthentication/laerror/code", c, "case", "case "+c)
	}
	typ("apple-docs://uikit/uiimageview", "UIImageView", "class")
	member("apple-docs://uikit/uiimageview", "contentMode", "property", "var contentMode: UIView.ContentMode { get set }")
	member("apple-docs://uikit/uiimageview", "setMode(_:animated:)", "func", "func setMode(_ mode: UIView.ContentMode?, animated: Bool)")
	member("apple-docs://uikit/uiimageview", "setModes(_:)", "func", "func setModes(_ modes: Set<UIView.ContentMode>)")
	member("apple-docs://uikit/uiimageview", "setModeList(_:)", "func", "func setModeList(_ modes: [UIView.ContentMode]?)")
	// A type documented from Objective-C era pages: numeric addresses.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://foundation/filemanager", Title: "FileManager", Kind: "class", Framework: "foundation"})
	for i := range minOwnMembers {
		d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("apple-docs://foundation/filemanager/14%d-old%d", i, i), Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: "apple-docs://foundation/filemanager"})
	}
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://foundation/filemanager/1410277-fileexists", Title: "fileExists(atPath:)", Kind: "method",
		ParentURI: "apple-docs://foundation/filemanager", Declaration: "func fileExists(atPath path: String) -> Bool"})
	// Objective-C methods known by their titles alone, one variadic.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://foundation/filemanager/1415371-createdirectory", Title: "createDirectory(at:withIntermediateDirectories:attributes:)", Kind: "method",
		ParentURI: "apple-docs://foundation/filemanager"},
		index.GraphPage{URI: "apple-docs://foundation/filemanager/1415372-logformat", Title: "logFormat(with:_:)", Kind: "method", ParentURI: "apple-docs://foundation/filemanager"})
	// SwiftUI: a structure whose own Topics list its few members whole.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/navigationpath", Title: "NavigationPath", Kind: "struct", Framework: "swiftui"})
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://swiftui/navigationpath", ParentURI: "apple-docs://swift/equatable", ParentTitle: "Equatable", Relation: "conformsTo"})
	for _, m := range []string{"append(_:)", "removeLast(_:)", "count", "isEmpty", "codable", "init()"} {
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/navigationpath",
			URI: "apple-docs://swiftui/navigationpath/" + strings.ToLower(m), Title: m})
	}
	// SwiftUI: a view whose initializers take view-builder closures, a
	// view whose Topics list a group page (its deprecated initializers),
	// and a property wrapper.
	typ("apple-docs://swiftui/label", "Label", "struct")
	member("apple-docs://swiftui/label", "init(title:icon:)", "init", "init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon)")
	member("apple-docs://swiftui/label", "init(_:systemImage:)", "init", "init(_ title: String, systemImage name: String)")
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/navigationlink", Title: "NavigationLink", Kind: "struct", Framework: "swiftui"})
	for _, m := range []string{"init(destination:label:)", "init(value:label:)", "isDetailLink(_:)"} {
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/navigationlink",
			URI: "apple-docs://swiftui/navigationlink/" + strings.ToLower(m), Title: m})
	}
	d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/navigationlink",
		URI: "apple-docs://swiftui/navigationlink-deprecated", Title: "Deprecated symbols"})
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/link", Title: "Link", Kind: "struct", Framework: "swiftui"})
	for _, m := range []string{"init(_:destination:)", "init(destination:label:)"} {
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/link",
			URI: "apple-docs://swiftui/link/" + strings.ToLower(m), Title: m})
	}
	typ("apple-docs://swiftui/scaledmetric", "ScaledMetric", "struct")
	member("apple-docs://swiftui/scaledmetric", "init(wrappedValue:relativeTo:)", "init", "init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle)")
	// SwiftUI: a structure whose own Topics list three members and a type.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/openurlaction", Title: "OpenURLAction", Kind: "struct", Framework: "swiftui"})
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://swiftui/openurlaction", ParentURI: "apple-docs://swift/sendable", ParentTitle: "Sendable", Relation: "conformsTo"})
	for _, m := range []string{"init(handler:)", "callAsFunction(_:)", "callAsFunction(_:completion:)", "Result"} {
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/openurlaction",
			URI: "apple-docs://swiftui/openurlaction/" + strings.ToLower(m), Title: m})
	}
	// AppKit and UIKit classes whose initializers are known by their
	// titles alone.
	typ("apple-docs://appkit/nsbutton", "NSButton", "class")
	typ("apple-docs://uikit/uibutton", "UIButton", "class")
	addListed(d, "apple-docs://appkit/nsbutton", "apple-docs://appkit/nsbutton/init(title:target:action:)", "init(title:target:action:)", "init", "")
	addListed(d, "apple-docs://uikit/uibutton", "apple-docs://uikit/uibutton/init(configuration:primaryaction:)", "init(configuration:primaryAction:)", "init", "")
	addListed(d, "apple-docs://uikit/uibutton", "apple-docs://uikit/uibutton/init(title:image:identifier:discoverabilitytitle:handler:)",
		"init(title:image:identifier:discoverabilityTitle:handler:)", "init", "")
	// A Swift framework's method whose last parameter is a named type, and
	// an Objective-C one's whose handler is a named closure type.
	typ("apple-docs://network/nwconnection", "NWConnection", "class")
	member("apple-docs://network/nwconnection", "send(content:contentContext:isComplete:completion:)", "method",
		"final func send(content: Data?, contentContext: NWConnection.ContentContext = .defaultMessage, isComplete: Bool = true, completion: NWConnection.SendCompletion)")
	member("apple-docs://uikit/uidevice", "query(from:withHandler:)", "method", "func query(from start: Date, withHandler handler: CMPedometerHandler?)")
	// SwiftUI: a shape, whose Topics list its initializers whole.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/roundedrectangle", Title: "RoundedRectangle", Kind: "struct", Framework: "swiftui"})
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://swiftui/roundedrectangle", ParentURI: "apple-docs://swiftui/shape", ParentTitle: "Shape", Relation: "conformsTo"})
	for _, m := range []string{"init(cornerRadius:style:)", "init(cornerSize:style:)", "cornerSize", "style", "animatableData"} {
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/roundedrectangle",
			URI: "apple-docs://swiftui/roundedrectangle/" + strings.ToLower(m), Title: m})
	}
	member("apple-docs://swiftui/roundedrectangle", "init(cornerRadius:style:)", "init", "init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous)")
	// SwiftData: a macro, whose page sits under its framework's, and the
	// options type its variadic parameter takes.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftdata/attribute(_:originalname:)", Title: "Attribute(_:originalName:)", Kind: "macro",
		ParentURI: "apple-docs://swiftdata", Declaration: "@attached(peer) macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil)"})
	typ("apple-docs://swiftdata/schema/attribute/option", "Schema.Attribute.Option", "struct")
	for _, c := range []string{"unique", "externalStorage", "ephemeral"} {
		member("apple-docs://swiftdata/schema/attribute/option", c, "property", "static var "+c+": Schema.Attribute.Option { get }")
	}
	typ("apple-docs://uikit/uicolor", "UIColor", "class")
	member("apple-docs://uikit/uicolor", "init(red:green:blue:alpha:)", "init", "init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat)")
	member("apple-docs://uikit/uicolor", "init(white:alpha:)", "init", "init(white: CGFloat, alpha: CGFloat)")
	// SwiftUI: a protocol whose modifiers return `some View`, and a
	// struct conforming to it.
	typ("apple-docs://swiftui/view", "View", "protocol")
	member("apple-docs://swiftui/view", "padding(_:)", "func", "func padding(_ length: CGFloat) -> some View")
	member("apple-docs://swiftui/view", "shadow(color:radius:x:y:)", "func",
		"func shadow(color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View")
	typ("apple-docs://swiftui/text", "Text", "struct")
	member("apple-docs://swiftui/text", "init(_:)", "init", "init(_ content: String)")
	member("apple-docs://swiftui/text", "bold()", "func", "func bold() -> Text")
	member("apple-docs://swiftui/view", "mask(_:)", "func", "func mask(_ mask: Int) -> some Shape")
	member("apple-docs://swiftui/view", "onChange(of:initial:_:)", "func",
		"nonisolated func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V : Equatable")
	member("apple-docs://swiftui/text", "mask(_:)", "func", "func mask(_ mask: Int) -> some View")
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://swiftui/text", ParentURI: "apple-docs://swiftui/view", ParentTitle: "View", Relation: "conformsTo"})
	// A small type whose own page lists its members, and one whose
	// initializer takes two closures.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://usernotifications/untimeintervalnotificationtrigger", Title: "UNTimeIntervalNotificationTrigger", Kind: "class", Framework: "usernotifications"})
	member("apple-docs://usernotifications/untimeintervalnotificationtrigger", "init(timeInterval:repeats:)", "init", "convenience init(timeInterval: TimeInterval, repeats: Bool)")
	d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://usernotifications/untimeintervalnotificationtrigger",
		URI: "apple-docs://usernotifications/untimeintervalnotificationtrigger/init(timeinterval:repeats:)", Title: "init(timeInterval:repeats:)"})
	typ("apple-docs://widgetkit/activityconfiguration", "ActivityConfiguration", "struct")
	member("apple-docs://widgetkit/activityconfiguration", "init(for:content:dynamicIsland:)", "init",
		"init<Attributes>(for attributesType: Attributes.Type, content: @escaping (ActivityViewContext<Attributes>) -> Content, dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland)")
	typ("apple-docs://avfoundation/avplayer", "AVPlayer", "class")
	member("apple-docs://avfoundation/avplayer", "init(url:)", "init", "init(url URL: URL)")
	// UIKit: an Objective-C class's method known only from its Topics.
	typ("apple-docs://uikit/uinavigationcontroller", "UINavigationController", "class")
	d.Children = append(d.Children,
		index.GraphChild{ParentURI: "apple-docs://uikit/uinavigationcontroller", URI: "apple-docs://uikit/uinavigationcontroller/pushviewcontroller(_:animated:)", Title: "pushViewController(_:animated:)"},
		index.GraphChild{ParentURI: "apple-docs://uikit/uinavigationcontroller", URI: "apple-docs://uikit/uinavigationcontroller/setviewcontrollers(_:animated:completion:)", Title: "setViewControllers(_:animated:completion:)"})
	// A small Swift class whose own page's Topics list all its members.
	const center = "apple-docs://widgetkit/widgetcenter"
	d.Pages = append(d.Pages, index.GraphPage{URI: center, Title: "WidgetCenter", Kind: "class", Framework: "widgetkit"})
	for _, m := range [][3]string{
		{"shared", "property", "static let shared: WidgetCenter"},
		{"reloadTimelines(ofKind:)", "method", "func reloadTimelines(ofKind kind: String)"},
		{"reloadAllTimelines()", "method", "func reloadAllTimelines()"},
		{"getCurrentConfigurations(_:)", "method", "func getCurrentConfigurations(_ completion: @escaping (Result<[WidgetInfo], any Error>) -> Void)"},
		{"currentConfigurations()", "method", "func currentConfigurations() async throws -> [WidgetInfo]"},
		{"invalidateRelevance(ofKind:)", "method", ""},
	} {
		member(center, m[0], m[1], m[2])
		d.Children = append(d.Children, index.GraphChild{ParentURI: center, URI: center + "/" + strings.ToLower(m[0]), Title: m[0]})
	}
	// Members known without a declaration whose leading-dot argument or
	// value is of a type nested in theirs, named after it.
	typ("apple-docs://uikit/uiimage", "UIImage", "class")
	member("apple-docs://uikit/uiimage", "withRenderingMode(_:)", "method", "")
	typ("apple-docs://uikit/uiimage/renderingmode-swift.enum", "UIImage.RenderingMode", "enum")
	for _, c := range []string{"automatic", "alwaysOriginal", "alwaysTemplate"} {
		member("apple-docs://uikit/uiimage/renderingmode-swift.enum", c, "case", "case "+c)
	}
	typ("apple-docs://uikit/uistackview", "UIStackView", "class")
	member("apple-docs://uikit/uistackview", "alignment", "property", "")
	typ("apple-docs://uikit/uistackview/alignment-swift.enum", "UIStackView.Alignment", "enum")
	for _, c := range []string{"fill", "leading", "center", "trailing"} {
		member("apple-docs://uikit/uistackview/alignment-swift.enum", c, "case", "case "+c)
	}
	// A small structure whose own page's Topics list its members.
	const info = "apple-docs://widgetkit/widgetinfo"
	d.Pages = append(d.Pages, index.GraphPage{URI: info, Title: "WidgetInfo", Kind: "struct", Framework: "widgetkit"})
	for _, m := range []string{"kind", "family", "configuration", "widgetConfigurationIntent(of:)", "timestamp"} {
		member(info, m, "property", "")
		d.Children = append(d.Children, index.GraphChild{ParentURI: info, URI: info + "/" + strings.ToLower(m), Title: m})
	}
	// A C structure whose short list lacks what the Swift overlay adds.
	const tensor = "apple-docs://accelerate/bnnstensor"
	d.Pages = append(d.Pages, index.GraphPage{URI: tensor, Title: "BNNSTensor", Kind: "struct", Framework: "accelerate"})
	for _, m := range []string{"rank", "shape", "stride", "data"} {
		member(tensor, m, "property", "")
		d.Children = append(d.Children, index.GraphChild{ParentURI: tensor, URI: tensor + "/" + m, Title: m})
	}
	// A small class whose own page's Topics list a group page too: its
	// members on that page may be missing.
	const action = "apple-docs://spritekit/skaction"
	d.Pages = append(d.Pages, index.GraphPage{URI: action, Title: "SKAction", Kind: "class", Framework: "spritekit"})
	for _, m := range []string{"duration", "timingMode", "timingFunction", "speed", "reversed()"} {
		member(action, m, "property", "")
		d.Children = append(d.Children, index.GraphChild{ParentURI: action, URI: action + "/" + strings.ToLower(m), Title: m})
	}
	d.Children = append(d.Children, index.GraphChild{ParentURI: action, URI: "apple-docs://spritekit/action-initializers", Title: "Action Initializers"})
	typ("apple-docs://swiftui/color", "Color", "struct")
	for _, c := range []string{"red", "blue", "accentColor"} {
		member("apple-docs://swiftui/color", c, "property", "static let "+c+": Color")
	}
	typ("apple-docs://foundation/urlerror", "URLError", "struct")
	typ("apple-docs://objectivec/nsobject", "NSObject", "class")
	member("apple-docs://objectivec/nsobject", "load()", "method", "class func load()")
	typ("apple-docs://avfoundation/avurlasset", "AVURLAsset", "class")
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: "apple-docs://avfoundation/avurlasset", ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"})
	// The Swift method of that name a protocol whose page the crawl lacks
	// declares, and an Objective-C page titled by the bare name.
	d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://avfoundation/avasynchronouskeyvalueloading/load(_:)", Title: "load(_:)", Kind: "method",
		ParentURI: "apple-docs://avfoundation/avasynchronouskeyvalueloading", Declaration: "func load<T>(_ property: AVAsyncProperty<Self, T>) async throws -> T"},
		index.GraphPage{URI: "apple-docs://foundation/bundle/1415927-load", Title: "load", Kind: "method", ParentURI: "apple-docs://foundation/bundle"})
	// An enum whose case takes an unlabelled associated value.
	typ("apple-docs://swift/decodingerror", "DecodingError", "enum")
	member("apple-docs://swift/decodingerror", "DecodingError.dataCorrupted(_:)", "case", "case dataCorrupted(DecodingError.Context)")
	// A singleton whose accessor is named by a keyword, and a method
	// with an enumeration parameter.
	typ("apple-docs://cloudkit/ckcontainer", "CKContainer", "class")
	member("apple-docs://cloudkit/ckcontainer", "default()", "method", "class func `default`() -> CKContainer")
	member("apple-docs://cloudkit/ckcontainer", "database(with:)", "method", "func database(with databaseScope: CKDatabase.Scope) -> CKDatabase")
	typ("apple-docs://cloudkit/ckdatabase/scope", "CKDatabase.Scope", "enum")
	for _, c := range []string{"public", "private", "shared"} {
		member("apple-docs://cloudkit/ckdatabase/scope", c, "case", "case "+c)
	}
	// A structure documented from Objective-C era pages (its initializers
	// are not judged) whose initializer takes a typealias of an enum.
	const request = "apple-docs://foundation/urlrequest"
	d.Pages = append(d.Pages, index.GraphPage{URI: request, Title: "URLRequest", Kind: "struct", Framework: "foundation"})
	for i := range minOwnMembers {
		d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/20%d-old%d", request, i, i), Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: request})
	}
	d.Pages = append(d.Pages, index.GraphPage{URI: request + "/2011457-init", Title: "init(url:cachePolicy:timeoutInterval:)", Kind: "init", ParentURI: request,
		Declaration: "init(url: URL, cachePolicy: URLRequest.CachePolicy = .useProtocolCachePolicy, timeoutInterval: TimeInterval = 60.0)"},
		index.GraphPage{URI: request + "/cachepolicy", Title: "URLRequest.CachePolicy", Kind: "typealias", Framework: "foundation", ParentURI: request,
			Declaration: "typealias URLRequest.CachePolicy = NSURLRequest.CachePolicy"})
	typ("apple-docs://foundation/nsurlrequest/cachepolicy", "NSURLRequest.CachePolicy", "enum")
	for _, c := range []string{"useProtocolCachePolicy", "reloadIgnoringLocalCacheData", "returnCacheDataElseLoad"} {
		member("apple-docs://foundation/nsurlrequest/cachepolicy", c, "case", "case "+c)
	}
	// SwiftUI's environment values, one of a class's type and one of an
	// enum's.
	typ("apple-docs://swiftui/environmentvalues", "EnvironmentValues", "struct")
	member("apple-docs://swiftui/environmentvalues", "modelContext", "property", "var modelContext: ModelContext { get set }")
	member("apple-docs://swiftui/environmentvalues", "contentMode", "property", "var contentMode: UIView.ContentMode { get }")
	for i := range minEnvironmentValues {
		member("apple-docs://swiftui/environmentvalues", fmt.Sprintf("value%d", i), "property", fmt.Sprintf("var value%d: Int { get }", i))
	}
	typ("apple-docs://swiftdata/modelcontext", "ModelContext", "class")
	member("apple-docs://swiftdata/modelcontext", "delete(_:)", "method", "func delete<T>(_ model: T) where T : PersistentModel")
	// Constants documented from Objective-C era pages: a typed one
	// (init(rawValue:) alone) and an extensible one (init(_:) too), each
	// taken by an initializer.
	legacyConstants := func(uri, title string, names []string, inits ...string) {
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "struct", Framework: strings.Split(strings.TrimPrefix(uri, "apple-docs://"), "/")[0]})
		for i, n := range names {
			d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/16150%d-%s", uri, i, strings.ToLower(n)), Title: n, Kind: "property", ParentURI: uri,
				Declaration: "static let " + n + ": " + title})
		}
		for _, in := range inits {
			member(uri, in, "init", "")
		}
	}
	legacyConstants("apple-docs://healthkit/hkquantitytypeidentifier", "HKQuantityTypeIdentifier", []string{"stepCount", "height", "bodyMass", "heartRate"}, "init(rawValue:)")
	// Numeric addresses on a Swift structure's statics (no init(rawValue:),
	// no prefixed name), on a Swift-named RawRepresentable and on a C
	// structure, each a parameter's type.
	legacyConstants("apple-docs://foundation/date/formatstyle/timestyle", "Date.FormatStyle.TimeStyle", []string{"complete", "omitted", "shortened", "standard"})
	legacyConstants("apple-docs://uikit/feedback/kind", "Feedback.Kind", []string{"light", "medium", "heavy", "rigid"}, "init(rawValue:)")
	// Another set's constants, a constant of HKQuantityTypeIdentifier on a
	// collection page, and a name in scope known by its title alone.
	legacyConstants("apple-docs://healthkit/hkcategorytypeidentifier", "HKCategoryTypeIdentifier", []string{"sleepAnalysis", "mindfulSession", "toothbrushingEvent", "handwashingEvent"}, "init(rawValue:)")
	member("apple-docs://healthkit/data-types", "bloodGlucose", "property", "static let bloodGlucose: HKQuantityTypeIdentifier")
	member("apple-docs://uikit/uiscreen", "brightness", "property", "")
	member("apple-docs://uikit/uiimageview", "setTimeStyle(_:)", "func", "func setTimeStyle(_ style: Date.FormatStyle.TimeStyle)")
	// A log message's privacy options: statics, and functions of the same
	// names that take a mask.
	typ("apple-docs://os/oslogprivacy", "OSLogPrivacy", "struct")
	for _, p := range []string{"auto", "private", "public", "sensitive"} {
		member("apple-docs://os/oslogprivacy", p+"(mask:)", "func", "static func "+p+"(mask: OSLogPrivacy.Mask) -> OSLogPrivacy")
		member("apple-docs://os/oslogprivacy", p, "property", "static var "+p+": OSLogPrivacy { get }")
	}
	// Enumerations whose own Topics were read: a Swift one, and one of an
	// Objective-C prefixed name.
	for _, e := range [][2]string{{"apple-docs://swiftui/scenephase", "ScenePhase"}, {"apple-docs://uikit/uibarstyle", "UIBarStyle"}} {
		d.Pages = append(d.Pages, index.GraphPage{URI: e[0], Title: e[1], Kind: "enum", Framework: strings.Split(strings.TrimPrefix(e[0], "apple-docs://"), "/")[0]})
		for _, c := range []string{"active", "inactive", "background"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: e[0] + "/" + c, Title: e[1] + "." + c, Kind: "case", ParentURI: e[0], Declaration: "case " + c})
			d.Children = append(d.Children, index.GraphChild{ParentURI: e[0], URI: e[0] + "/" + c, Title: e[1] + "." + c})
		}
	}
	// A Swift structure of a framework other than SwiftUI and Foundation,
	// whose own Topics list its members.
	const logger = "apple-docs://os/logger"
	d.Pages = append(d.Pages, index.GraphPage{URI: logger, Title: "Logger", Kind: "struct", Framework: "os"})
	for _, m := range []string{"info(_:)", "debug(_:)", "error(_:)"} {
		d.Pages = append(d.Pages, index.GraphPage{URI: logger + "/" + m, Title: m, Kind: "method", ParentURI: logger, Declaration: "func " + strings.TrimSuffix(m, "(_:)") + "(_ message: OSLogMessage)"})
		d.Children = append(d.Children, index.GraphChild{ParentURI: logger, URI: logger + "/" + m, Title: m})
	}
	// The standard library's String, its own Topics read.
	const str = "apple-docs://swift/string"
	d.Pages = append(d.Pages, index.GraphPage{URI: str, Title: "String", Kind: "struct", Framework: "swift"})
	for _, m := range []string{"count", "isEmpty", "uppercased()"} {
		d.Pages = append(d.Pages, index.GraphPage{URI: str + "/" + m, Title: m, Kind: "property", ParentURI: str})
		d.Children = append(d.Children, index.GraphChild{ParentURI: str, URI: str + "/" + m, Title: m})
	}
	// A Swift enumeration of two cases, whose own Topics list them.
	const textCase = "apple-docs://swiftui/text/case"
	d.Pages = append(d.Pages, index.GraphPage{URI: textCase, Title: "Text.Case", Kind: "enum", Framework: "swiftui"})
	for _, c := range []string{"uppercase", "lowercase"} {
		d.Pages = append(d.Pages, index.GraphPage{URI: textCase + "/" + c, Title: "Text.Case." + c, Kind: "case", ParentURI: textCase, Declaration: "case " + c})
		d.Children = append(d.Children, index.GraphChild{ParentURI: textCase, URI: textCase + "/" + c, Title: "Text.Case." + c})
	}
	member("apple-docs://swiftui/view", "textCase(_:)", "func", "nonisolated func textCase(_ textCase: Text.Case?) -> some View")
	// A structure whose static function a leading dot calls, its argument
	// a leading dot of another type.
	typ("apple-docs://uikit/uiframestyle", "UIFrameStyle", "struct")
	member("apple-docs://uikit/uiframestyle", "framed(mode:)", "func", "static func framed(mode: UIView.ContentMode) -> UIFrameStyle")
	member("apple-docs://uikit/uiimageview", "setFrameStyle(_:)", "func", "func setFrameStyle(_ style: UIFrameStyle)")
	member("apple-docs://uikit/uiimageview", "setFeedback(_:)", "func", "func setFeedback(_ kind: Feedback.Kind)")
	member("apple-docs://uikit/uiimageview", "setTransform(_:)", "func", "func setTransform(_ transform: CGAffineTransform)")
	typ("apple-docs://healthkit/hkquantitytype", "HKQuantityType", "class")
	member("apple-docs://healthkit/hkquantitytype", "init(_:)", "init", "convenience init(_ identifier: HKQuantityTypeIdentifier)")
	legacyConstants("apple-docs://foundation/nsnotification/name", "NSNotification.Name", []string{"didBecomeActive", "willResignActive", "didFinishLaunching", "didReceiveMemoryWarning"}, "init(rawValue:)", "init(_:)")
	typ("apple-docs://foundation/notification", "Notification", "struct")
	member("apple-docs://foundation/notification", "init(name:)", "init", "init(name: NSNotification.Name)")
	// Structures documented from Objective-C era pages whose own Topics
	// list their initializers: a Foundation value type, and a C structure
	// whose Swift overlay adds initializers the crawl lacks.
	for _, st := range [][3]string{
		{"apple-docs://foundation/date", "Date", "init(timeIntervalSinceNow:)"},
		{"apple-docs://coregraphics/cgaffinetransform", "CGAffineTransform", "init(a:b:c:d:tx:ty:)"},
	} {
		d.Pages = append(d.Pages, index.GraphPage{URI: st[0], Title: st[1], Kind: "struct", Framework: strings.Split(strings.TrimPrefix(st[0], "apple-docs://"), "/")[0]})
		for i := range minOwnMembers {
			u := fmt.Sprintf("%s/30%d-old%d", st[0], i, i)
			d.Pages = append(d.Pages, index.GraphPage{URI: u, Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: st[0]})
			d.Children = append(d.Children, index.GraphChild{ParentURI: st[0], URI: u, Title: fmt.Sprintf("old%d", i)})
		}
		u := st[0] + "/3000-init"
		d.Pages = append(d.Pages, index.GraphPage{URI: u, Title: st[2], Kind: "init", ParentURI: st[0]})
		d.Children = append(d.Children, index.GraphChild{ParentURI: st[0], URI: u, Title: st[2]})
	}
	siblingFixture(d, typ, member)
	// A class method named by a keyword: its declaration writes the name
	// in backticks.
	const device = "apple-docs://avfoundation/avcapturedevice"
	typ(device, "AVCaptureDevice", "class")
	member(device, "default(for:)", "method", "class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice?")
	member(device, "default(_:for:position:)", "method",
		"class func `default`(_ deviceType: AVCaptureDevice.DeviceType, for mediaType: AVMediaType?, position: AVCaptureDevice.Position) -> AVCaptureDevice?")
	// A small class of Objective-C era pages whose own page's Topics list
	// its members, a subclass whose class method hides the superclass's
	// property of the same name, and a member the subclass inherits.
	const notes, distributed = "apple-docs://foundation/notificationcenter", "apple-docs://foundation/distributednotificationcenter"
	d.Pages = append(d.Pages, index.GraphPage{URI: notes, Title: "NotificationCenter", Kind: "class", Framework: "foundation"},
		index.GraphPage{URI: distributed, Title: "DistributedNotificationCenter", Kind: "class", Framework: "foundation"})
	legacy := func(parent string, n int, title, decl string) {
		uri := fmt.Sprintf("%s/14%04d-%s", parent, n, strings.ToLower(strings.Split(title, "(")[0]))
		kind := "method"
		if !strings.Contains(title, "(") {
			kind = "property"
		}
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, ParentURI: parent, Declaration: decl})
		d.Children = append(d.Children, index.GraphChild{ParentURI: parent, URI: uri, Title: title})
	}
	for i, m := range [][2]string{
		{"default", "class var `default`: NotificationCenter { get }"},
		{"post(_:)", "func post(_ notification: Notification)"},
		{"post(name:object:)", "func post(name aName: NSNotification.Name, object anObject: Any?)"},
		{"post(name:object:userInfo:)", "func post(name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable : Any]? = nil)"},
		{"removeObserver(_:)", "func removeObserver(_ observer: Any)"},
		{"addObserver(forName:object:queue:using:)", "func addObserver(forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?, using block: @escaping (Notification) -> Void) -> any NSObjectProtocol"},
	} {
		legacy(notes, i, m[0], m[1])
	}
	for i, m := range [][2]string{
		{"default()", "class func `default`() -> DistributedNotificationCenter"},
		{"addObserver(_:selector:name:object:suspensionBehavior:)", "func addObserver(_ observer: Any, selector: Selector, name: NSNotification.Name?, object: String?, suspensionBehavior: DistributedNotificationCenter.SuspensionBehavior)"},
		{"postNotificationName(_:object:)", "func postNotificationName(_ name: NSNotification.Name, object: String?)"},
		{"suspended", "var suspended: Bool { get set }"},
		{"flush()", "func flush()"},
	} {
		legacy(distributed, 100+i, m[0], m[1])
	}
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: distributed, ParentURI: notes, ParentTitle: "NotificationCenter", Relation: "inheritsFrom"})
	// A class with a long list of modern pages whose superclass's own
	// Topics list three members.
	const fetch, storeRequest = "apple-docs://coredata/nsfetchrequest", "apple-docs://coredata/nspersistentstorerequest"
	d.Pages = append(d.Pages, index.GraphPage{URI: fetch, Title: "NSFetchRequest", Kind: "class", Framework: "coredata"},
		index.GraphPage{URI: storeRequest, Title: "NSPersistentStoreRequest", Kind: "class", Framework: "coredata"})
	modern := func(parent, title string) {
		uri := parent + "/" + strings.ToLower(title)
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "property", ParentURI: parent, Declaration: "var " + title + ": Int { get set }"})
		d.Children = append(d.Children, index.GraphChild{ParentURI: parent, URI: uri, Title: title})
	}
	for i := range minOwnMembers {
		modern(fetch, fmt.Sprintf("fetchSetting%d", i))
	}
	for _, m := range []string{"affectedStores", "requestType", "storeOptions"} {
		modern(storeRequest, m)
	}
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: fetch, ParentURI: storeRequest, ParentTitle: "NSPersistentStoreRequest", Relation: "inheritsFrom"})
	typ("apple-docs://healthkit/hkdocumentquery", "HKDocumentQuery", "class")
	member("apple-docs://healthkit/hkdocumentquery", "limit", "property", "var limit: Int { get }")
	// Classes of Objective-C era addresses: one that inherits from
	// nothing (a Swift class) and one that inherits from NSObject.
	const decoder, formatter = "apple-docs://foundation/jsondecoder", "apple-docs://foundation/numberformatter"
	d.Pages = append(d.Pages, index.GraphPage{URI: decoder, Title: "JSONDecoder", Kind: "class", Framework: "foundation"},
		index.GraphPage{URI: formatter, Title: "NumberFormatter", Kind: "class", Framework: "foundation"})
	for i := range minOwnMembers + 1 {
		legacy(decoder, 300+i, fmt.Sprintf("decodingSetting%d", i), fmt.Sprintf("var decodingSetting%d: Int { get set }", i))
		legacy(formatter, 400+i, fmt.Sprintf("formatSetting%d", i), fmt.Sprintf("var formatSetting%d: Int { get set }", i))
	}
	d.Edges = append(d.Edges, index.GraphEdge{ChildURI: formatter, ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"})
	typ("apple-docs://foundation/dateformatter", "DateFormatter", "class")
	member("apple-docs://foundation/dateformatter", "dateFormat", "property", "var dateFormat: String! { get set }")
	// An option set and a property of it, and a property holding a set.
	typ("apple-docs://quartzcore/cacornermask", "CACornerMask", "struct")
	for _, c := range []string{"layerMinXMinYCorner", "layerMaxXMinYCorner", "layerMinXMaxYCorner", "layerMaxXMaxYCorner"} {
		member("apple-docs://quartzcore/cacornermask", c, "property", "static var "+c+": CACornerMask { get }")
	}
	typ("apple-docs://quartzcore/calayer", "CALayer", "class")
	member("apple-docs://quartzcore/calayer", "maskedCorners", "property", "var maskedCorners: CACornerMask { get set }")
	member("apple-docs://uikit/uiimageview", "modes", "property", "var modes: Set<UIView.ContentMode> { get set }")
	// MapKit: another Objective-C framework's class, a method known only
	// from its Topics.
	typ("apple-docs://mapkit/mkmapview", "MKMapView", "class")
	d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://mapkit/mkmapview",
		URI: "apple-docs://mapkit/mkmapview/setregion(_:animated:)", Title: "setRegion(_:animated:)"})
	// A method returning a type nested in a generic one's instance.
	typ("apple-docs://combine/publisher", "Publisher", "protocol")
	member("apple-docs://combine/publisher", "debounce(for:scheduler:options:)", "method",
		"func debounce<S>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> where S : Scheduler")
	typ("apple-docs://combine/just", "Just", "struct")
	member("apple-docs://combine/just", "setFailureType(to:)", "method", "func setFailureType<E>(to failureType: E.Type) -> Result<Output, E>.Publisher where E : Error")
	typ("apple-docs://swift/result", "Result", "enum")
	return graphTable{MemTable: NewMemTable("test graph", nil), g: newSymbolGraph(d)}
}

// addMember adds a member page under parent, its address parent's and its
// title in lower case.
func addMember(d *memGraph, parent, title, kind, decl string) {
	d.Pages = append(d.Pages, index.GraphPage{URI: parent + "/" + strings.ToLower(title), Title: title, Kind: kind, ParentURI: parent, Declaration: decl})
}

// graphWith is testGraph with the rows add appends.
func graphWith(add func(d *memGraph)) graphTable {
	return extendGraph(testGraph(), add)
}

// extendGraph is g with the rows add appends to its graph's.
func extendGraph(g graphTable, add func(d *memGraph)) graphTable {
	d := g.g.src.(*memGraph)
	add(d)
	g.g = newSymbolGraph(d)
	return g
}
