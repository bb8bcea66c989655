package verify

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// closureGraph is testGraph plus Apple APIs whose closures' parameters
// their declarations type: a SwiftUI reader whose proxy (a structure with
// a short, whole Topics list) is the parameter, a session whose data task
// hands a URLResponse, and a monitor whose handler property takes a path.
func closureGraph() graphTable {
	return graphWith(func(d *memGraph) {
		page := func(uri, title, kind, decl, parent string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Declaration: decl, ParentURI: parent,
				Framework: strings.Split(strings.TrimPrefix(uri, "apple-docs://"), "/")[0]})
		}
		filled := func(uri, title, kind string) {
			page(uri, title, kind, "", "")
			for i := range minOwnMembers {
				page(fmt.Sprintf("%s/filler%d", uri, i), fmt.Sprintf("filler%d", i), "property", "", uri)
			}
		}
		page("apple-docs://swiftui/scrollviewreader", "ScrollViewReader", "struct", "", "")
		page("apple-docs://swiftui/scrollviewreader/init(content:)", "init(content:)", "init",
			"init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content)", "apple-docs://swiftui/scrollviewreader")
		page("apple-docs://swiftui/scrollviewproxy", "ScrollViewProxy", "struct", "", "")
		page("apple-docs://swiftui/scrollviewproxy/scrollto(_:anchor:)", "scrollTo(_:anchor:)", "method",
			"func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID : Hashable", "apple-docs://swiftui/scrollviewproxy")
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/scrollviewproxy",
			URI: "apple-docs://swiftui/scrollviewproxy/scrollto(_:anchor:)", Title: "scrollTo(_:anchor:)"})
		filled("apple-docs://foundation/urlsession", "URLSession", "class")
		page("apple-docs://foundation/urlsession/shared", "shared", "property", "class var shared: URLSession { get }", "apple-docs://foundation/urlsession")
		page("apple-docs://foundation/urlsession/datatask(with:completionhandler:)", "dataTask(with:completionHandler:)", "method",
			"func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask",
			"apple-docs://foundation/urlsession")
		filled("apple-docs://foundation/urlresponse", "URLResponse", "class")
		page("apple-docs://foundation/urlresponse/mimetype", "mimeType", "property", "var mimeType: String? { get }", "apple-docs://foundation/urlresponse")
		page("apple-docs://foundation/urlsession/gettasks(completionhandler:)", "getTasks(completionHandler:)", "method",
			"func getTasks(completionHandler: @escaping ([URLSessionDataTask], [URLSessionUploadTask], URLResponse) -> Void)",
			"apple-docs://foundation/urlsession")
		filled("apple-docs://network/nwpathmonitor", "NWPathMonitor", "class")
		page("apple-docs://network/nwpathmonitor/pathupdatehandler", "pathUpdateHandler", "property",
			"final var pathUpdateHandler: ((NWPath) -> Void)? { get set }", "apple-docs://network/nwpathmonitor")
		filled("apple-docs://network/nwpath", "NWPath", "struct")
		page("apple-docs://network/nwpath/status", "status", "property", "let status: NWPath.Status", "apple-docs://network/nwpath")
		// The invented names are in no page: the receiver's type is what
		// makes them findings.
	})
}

// TestClosureParametersTypedFromDeclarations: a member used on a closure
// parameter is checked on the type the callee's declaration gives it (a
// trailing closure with no parentheses too: getTasks { … }); the real
// members pass.
func TestClosureParametersTypedFromDeclarations(t *testing.T) {
	code := `import SwiftUI
import Network

struct Feed: View {
    let monitor = NWPathMonitor()
    var body: some View {
        ScrollViewReader { proxy in
            Button("Top") { proxy.scrollTo(0); proxy.scrollToTop() }
        }
    }
    func load(_ url: URL) {
        URLSession.shared.dataTask(with: url) { _, response, error in
            print(response?.mimeType ?? "", response?.statusCode ?? 0)
        }.resume()
        monitor.pathUpdateHandler = { path in
            print(path.status, path.isConnected)
        }
        URLSession.shared.getTasks { _, _, last in
            print(last.mimeType, last.statusCode)
        }
    }
}
`
	rep := checkCode(t, closureGraph(), Options{}, File{Code: code})
	found := map[string]Status{}
	for _, r := range rep.Findings {
		found[fmt.Sprint(r.Line, " ", refBase(r.Symbol))] = r.Status
	}
	for _, want := range []string{"8 scrollToTop", "13 statusCode", "16 isConnected", "19 statusCode"} {
		if !found[want].SaysMissing() {
			t.Errorf("no finding for %s; findings: %+v", want, rep.Findings)
		}
	}
	for _, real := range []string{"8 scrollTo", "13 mimeType", "16 status", "19 mimeType"} {
		if found[real] != "" {
			t.Errorf("a real member is a finding: %s %s", real, found[real])
		}
	}
}

// TestElementsOfArrays: an element of an array, reached by a loop over a
// closure parameter the callee declares an array (getTasks's tasks), by
// `.first` or `.last` of it (written in the chain or bound to a local:
// `guard let oldest = tasks.first`, or `$0` in its map or filter) or of a
// typed array, or by subscripting a
// typed array with one index, or by `first(where:)` or `last { … }`, is
// checked on the element type, as a dictionary's value by its key is on
// the value type; a range's slice is no element. A local bound, in a loop over the parameter, to a chain from
// the element (`guard let device = pending.device`) is that chain's, though
// named like its link; a local bound to a chain's optional array with an
// empty default (`request.results ?? []`) holds the chain's elements, in a
// loop and through methods that keep them (`.filter { … }.prefix(5).map {
// $0.label }`).
func TestElementsOfArrays(t *testing.T) {
	g := extendGraph(closureGraph(), func(d *memGraph) {
		task := addFilledType(d, "apple-docs://foundation/urlsessiondatatask", "URLSessionDataTask", "class", "foundation")
		task("priority", "property", "var priority: Float { get set }")
		task("device", "property", "var device: UIDevice? { get }")
		request := addFilledType(d, "apple-docs://vision/classifyrequest", "ClassifyRequest", "class", "vision")
		request("results", "property", "var results: [Observation]? { get }")
		observation := addFilledType(d, "apple-docs://vision/observation", "Observation", "class", "vision")
		observation("confidence", "property", "var confidence: Float { get }")
		// An array written `[UIScreen]` is an Array, as the index documents it.
		array := addFilledType(d, "apple-docs://swift/array", "Array", "struct", "swift")
		array("first", "property", "var first: Element? { get }")
		array("last", "property", "var last: Element? { get }")
	})
	code := `import UIKit
import Vision

func load(_ screens: [UIScreen], byName: [String: UIScreen], request: ClassifyRequest) {
    URLSession.shared.getTasks { tasks, _, _ in
        for task in tasks {
            print(task.priority, task.statusCode)
        }
        print(tasks.first?.priority, tasks.last?.statusCode)
        guard let oldest = tasks.first else { return }
        print(oldest.priority, oldest.statusCode)
        print(tasks.map { $0.priority }, tasks.filter { $0.statusCode > 0 })
        for pending in tasks {
            guard let device = pending.device else { continue }
            print(device.hasNotch, device.name)
        }
    }
    print(screens.first?.hasNotch, screens.last?.name)
    print(screens[0].name)
    print(screens.first(where: { _ in true })?.name, screens.last { _ in true }?.name)
    print(screens[1...].name, screens.first?.hasNotch.name)
    let observations = request.results ?? []
    for o in observations { print(o.label, o.confidence) }
    print(observations.filter { $0.confidence > 0.3 }.prefix(5).map { $0.label })
    let sure = request.results ?? fallback
    for s in sure { print(s.label) }
    print(byName["a"]?.name)
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "7 URLSessionDataTask.statusCode", "9 URLSessionDataTask.statusCode",
		"11 URLSessionDataTask.statusCode", "12 URLSessionDataTask.statusCode", "15 UIDevice.hasNotch",
		"18 UIScreen.name", "19 UIScreen.name", "20 UIScreen.name", "23 Observation.label", "24 Observation.label",
		"27 UIScreen.name")
}

// TestClosureOfAFunctionOfNoType: a closure passed to a function of no
// type (withTaskGroup's body, `inout TaskGroup<ChildTaskResult>` inside its
// parameter list) types its parameter from the function's declaration, with
// or without parentheses before it; a function the file declares does not.
func TestClosureOfAFunctionOfNoType(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		group := addFilledType(d, "apple-docs://swift/taskgroup", "TaskGroup", "struct", "swift")
		group("cancelAll()", "method", "func cancelAll()")
		d.Pages = append(d.Pages,
			index.GraphPage{URI: "apple-docs://swift/withtaskgroup(of:body:)", Title: "withTaskGroup(of:body:)", Kind: "func", ParentURI: "apple-docs://swift", Framework: "swift",
				Declaration: "func withTaskGroup<ChildTaskResult, GroupResult>(of childTaskResultType: ChildTaskResult.Type, isolation: isolated (any Actor)? = #isolation, body: (inout TaskGroup<ChildTaskResult>) async -> GroupResult) async -> GroupResult"},
			index.GraphPage{URI: "apple-docs://swift/withgroup(_:)", Title: "withGroup(_:)", Kind: "func", ParentURI: "apple-docs://swift", Framework: "swift",
				Declaration: "func withGroup(_ body: (TaskGroup<Int>) -> Void)"})
	})
	code := `import UIKit

func run() async {
    await withTaskGroup(of: Int.self) { group in
        group.cancelAll()
        group.name()
    }
    withGroup { tasks in
        tasks.name()
    }
    mine { box in
        box.name()
    }
}

func mine(_ body: (UIDevice) -> Void) {}
`
	wantTypeFindings(t, typeFindings(t, g, code), "6 TaskGroup.name", "9 TaskGroup.name")
	if ins, ok := closureInputs("func withTaskGroup<C, G>(of c: C.Type, isolation: isolated (any Actor)? = #isolation, body: (inout TaskGroup<C>) async -> G) async -> G", 1); !ok || ins[0] != "TaskGroup" {
		t.Errorf("withTaskGroup's closure input = %q %v", ins, ok)
	}
}

// TestClosureParameterOfATitleOnlyInitializer: a reader whose initializer
// is known by its title alone (a Topics entry) types its closure's
// parameter from the property its last label names.
func TestClosureParameterOfATitleOnlyInitializer(t *testing.T) {
	g, d, page := proxyGraph()
	const reader = "apple-docs://swiftui/geometryreader"
	page(reader, "GeometryReader", "struct", "", "")
	d.Children = append(d.Children, index.GraphChild{ParentURI: reader, URI: reader + "/init(content:)", Title: "init(content:)"})
	page(reader+"/content", "content", "property", "var content: (GeometryProxy) -> Content", reader)
	g.g = newSymbolGraph(d)
	code := "import SwiftUI\nstruct V: View {\n  var body: some View {\n    GeometryReader { geo in\n      Text(\"\\(geo.size.width) \\(geo.width)\")\n    }\n  }\n}\n"
	found := findingsByName(checkCode(t, g, Options{}, File{Code: code}))
	if !found["width"].SaysMissing() || found["size"] != "" {
		t.Errorf("want a finding on width alone; findings: %v", found)
	}
}

// TestClosureOfALabelledArgument: a closure passed as a labelled argument
// of a method on a parameter of generic type takes the input type that
// parameter's closure declares, its generic arguments dropped.
func TestClosureOfALabelledArgument(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		filled := func(uri, title, kind string) {
			d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Framework: "combine"})
			for i := range minOwnMembers {
				d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/filler%d", uri, i), Title: fmt.Sprintf("filler%d", i), Kind: "property", ParentURI: uri})
			}
		}
		const publisher, completion = "apple-docs://combine/anypublisher", "apple-docs://combine/subscribers/completion"
		filled(publisher, "AnyPublisher", "struct")
		d.Pages = append(d.Pages, index.GraphPage{URI: publisher + "/sink(receivecompletion:receivevalue:)", Title: "sink(receiveCompletion:receiveValue:)", Kind: "method", ParentURI: publisher,
			Declaration: "func sink(receiveCompletion: @escaping (Subscribers.Completion<Self.Failure>) -> Void, receiveValue: @escaping (Self.Output) -> Void) -> AnyCancellable"})
		filled(completion, "Subscribers.Completion", "enum")
		d.Pages = append(d.Pages, index.GraphPage{URI: completion + "/finished", Title: "Subscribers.Completion.finished", Kind: "case", ParentURI: completion, Declaration: "case finished"})
	})
	code := "import Combine\nimport Foundation\nfunc load(_ publisher: AnyPublisher<Data, URLError>) {\n  _ = publisher.sink(receiveCompletion: { completion in\n    print(completion.error)\n  }, receiveValue: { data in print(data) })\n}\n"
	rep := checkCode(t, g, Options{}, File{Code: code})
	for _, r := range rep.Findings {
		if r.Line == 5 && refBase(r.Symbol) == "error" && r.Status.SaysMissing() {
			return
		}
	}
	t.Errorf("no finding on completion.error; findings: %+v", rep.Findings)
}

// TestSwitchOverALabelledClosureParameter: a labelled closure whose
// callee's receiver has no known type (a link with no page, or a local of
// unknown type) takes the input type the member's overloads in scope agree
// on, and a switch over that parameter names that type's cases.
func TestSwitchOverALabelledClosureParameter(t *testing.T) {
	const publisher, completion = "apple-docs://combine/publisher", "apple-docs://combine/subscribers/completion"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: publisher, Title: "Publisher", Kind: "protocol", Framework: "combine"},
			index.GraphPage{URI: publisher + "/sink(receivecompletion:receivevalue:)", Title: "sink(receiveCompletion:receiveValue:)", Kind: "method", ParentURI: publisher,
				Declaration: "func sink(receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void), receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable"},
			index.GraphPage{URI: completion, Title: "Subscribers.Completion", Kind: "enum", Framework: "combine"},
			index.GraphPage{URI: completion + "/finished", Title: "Subscribers.Completion.finished", Kind: "case", ParentURI: completion, Declaration: "case finished"},
			index.GraphPage{URI: completion + "/failure(_:)", Title: "Subscribers.Completion.failure(_:)", Kind: "case", ParentURI: completion, Declaration: "case failure(Failure)"},
			index.GraphPage{URI: completion + "/hash(into:)", Title: "hash(into:)", Kind: "method", ParentURI: completion, Declaration: "func hash(into hasher: inout Hasher)"})
	})
	cases := []struct {
		name, receiver, pattern string
		want                    bool
	}{
		{"a case no type has, through a link with no page", "UIDevice.current.updates(for: k)", ".completed", true},
		{"a case no type has, on a local of unknown type", "upstream", ".completed", true},
		{"the type's cases", "upstream", ".finished", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code := "import Combine\nimport UIKit\nfunc load() { let upstream = make()\n  _ = " + tc.receiver + ".sink(receiveCompletion: { completion in\n" +
				"    switch completion {\n    case " + tc.pattern + ":\n      print(1)\n    case .failure(let e):\n      print(e)\n    }\n  }, receiveValue: { v in print(v) })\n}\n"
			rep := checkCode(t, g, Options{}, File{Code: code})
			var found *Reference
			for i, r := range rep.Findings {
				if r.Status == NoSuchCase {
					found = &rep.Findings[i]
				}
			}
			switch {
			case tc.want && (found == nil || found.Line != 6 || found.Symbol != tc.pattern || len(found.Nearest) == 0):
				t.Fatalf("want no_such_case %s on line 6 with the real cases; findings: %+v", tc.pattern, rep.Findings)
			case !tc.want && found != nil:
				t.Fatalf("want no finding, got %+v", found)
			}
		})
	}
}

// TestLabelledParam finds a declaration's parameter by its label, past the
// arrows of closure types.
func TestLabelledParam(t *testing.T) {
	decl := "func sink(receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void), receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable"
	wantEach(t, "labelledParam", func(label string) string { return labelledParam(decl, label) }, map[string]string{
		"receiveCompletion": "receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void)",
		"receiveValue":      "receiveValue: @escaping ((Self.Output) -> Void)",
		"other":             "",
	})
	if ins, ok := closureInputs(labelledParam(decl, "receiveCompletion"), 1); !ok || len(ins) != 1 || ins[0] != "Subscribers.Completion" {
		t.Errorf("the completion's input = %q %v", ins, ok)
	}
}

// TestClosureInputs reads a closure's input types from declarations.
func TestClosureInputs(t *testing.T) {
	// The inputs are joined by spaces, as many as the closure's arity; a
	// declaration whose closure is not found gives "".
	inputs := func(arity int) func(decl string) string {
		return func(decl string) string {
			got, ok := closureInputs(decl, arity)
			if !ok {
				return ""
			}
			return strings.Join(got, " ")
		}
	}
	wantEach(t, "closureInputs(one)", inputs(1), map[string]string{
		"init(@ViewBuilder content: @escaping (GeometryProxy) -> Content)":                        "GeometryProxy",
		"final var pathUpdateHandler: ((NWPath) -> Void)? { get set }":                            "NWPath",
		"func getDeliveredNotifications(completionHandler: @escaping ([UNNotification]) -> Void)": "[]UNNotification",
	})
	wantEach(t, "closureInputs(three)", inputs(3), map[string]string{
		"func dataTask(with url: URL, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionDataTask": "Data URLResponse ",
	})
	if _, ok := closureInputs("func f(x: Int, y: Int) -> Int", 2); ok {
		t.Error("a parameter list is no closure")
	}
}

// TestFirstOfSeveralTrailingClosures: the first of several trailing
// closures is not the callee's last closure but the argument of the
// parameter before the next closure's label: SignInWithAppleButton's
// first closure takes onRequest's input, not onCompletion's.
func TestFirstOfSeveralTrailingClosures(t *testing.T) {
	g, d, page := proxyGraph()
	const button = "apple-docs://swiftui/signinbutton"
	page(button, "SignInButton", "struct", "", "")
	page(button+"/init(_:onrequest:oncompletion:)", "init(_:onRequest:onCompletion:)", "init",
		"init(_ label: Int, onRequest: @escaping (UIDevice) -> Void, onCompletion: @escaping (GeometryProxy) -> Void)", button)
	g.g = newSymbolGraph(d)
	code := "import SwiftUI\nlet b = SignInButton(1) { request in\n  print(request.size, request.name)\n} onCompletion: { result in\n  print(result.size)\n}\n"
	found := findingsByName(checkCode(t, g, Options{}, File{Code: code}))
	if found["size"] == "" || found["name"] != "" {
		t.Errorf("the first trailing closure's parameter is onRequest's UIDevice: findings %v", found)
	}
}

// proxyGraph is testGraph with GeometryProxy and its size, and the function
// that adds SwiftUI pages to it; the caller builds the graph again
// (newSymbolGraph) once its pages are in.
func proxyGraph() (graphTable, *memGraph, func(uri, title, kind, decl, parent string)) {
	g := testGraph()
	d := g.g.src.(*memGraph)
	page := func(uri, title, kind, decl, parent string) {
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Declaration: decl, ParentURI: parent, Framework: "swiftui"})
	}
	const proxy = "apple-docs://swiftui/geometryproxy"
	page(proxy, "GeometryProxy", "struct", "", "")
	page(proxy+"/size", "size", "property", "var size: CGSize { get }", proxy)
	d.Children = append(d.Children, index.GraphChild{ParentURI: proxy, URI: proxy + "/size", Title: "size"})
	return g, d, page
}

// findingsByName maps each finding's member name to its status.
func findingsByName(rep *Report) map[string]Status {
	found := map[string]Status{}
	for _, r := range rep.Findings {
		found[refBase(r.Symbol)] = r.Status
	}
	return found
}

// TestFirstTrailingClosureOfUnknownReceiver: the first of several trailing
// closures on a value of unknown type (`.sink { completion in … }
// receiveValue: { … }` on the file's own type, or after a chain the
// checker does not follow) takes
// the input every overload in scope agrees on for the parameter before
// the next closure's label, here Subscribers.Completion, whose cases a
// switch over it then names.
func TestFirstTrailingClosureOfUnknownReceiver(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		const publisher, completion = "apple-docs://combine/publisher", "apple-docs://combine/subscribers/completion"
		addFilled(d, publisher, "Publisher", "protocol", "combine")
		addListed(d, publisher, publisher+"/sink(receivecompletion:receivevalue:)", "sink(receiveCompletion:receiveValue:)", "method",
			"func sink(receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>) -> Void), receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable")
		addListed(d, publisher, publisher+"/sink(receivevalue:)", "sink(receiveValue:)", "method",
			"func sink(receiveValue: @escaping ((Self.Output) -> Void)) -> AnyCancellable")
		d.Pages = append(d.Pages, index.GraphPage{URI: completion, Title: "Subscribers.Completion", Kind: "enum", Framework: "combine"})
		for _, c := range []string{"finished", "failure(_:)"} {
			addListed(d, completion, completion+"/"+c, c, "case", "case "+c)
		}
	})
	code := "import Combine\nfunc f(feed: Feed) {\n  feed.items().sink { completion in\n    switch completion {\n    case .success: break\n    case .finished: break\n    }\n  } receiveValue: { _ in }\n}\n"
	// A chain broken by a trailing closure of its own before the link.
	broken := "import Combine\nfunc f(feed: Feed) {\n  feed.items { _ in }.receive(on: q).sink { completion in\n    switch completion {\n    case .success: break\n    case .finished: break\n    }\n  } receiveValue: { _ in }\n}\n"
	runTypedCases(t, g, []typedCase{
		{"a case the completion lacks", code, NoSuchCase, "success"},
		{"a case the completion lacks, after a chain the checker cannot follow", broken, NoSuchCase, "success"},
	})
}

// TestClosureParameterUnwrappedUnderAnotherName: `guard let r = response
// else` in a closure binds r to the parameter's type, unwrapped, as
// `guard let response` keeps it.
func TestClosureParameterUnwrappedUnderAnotherName(t *testing.T) {
	code := "import Foundation\nfunc load(_ url: URL) {\n  URLSession.shared.dataTask(with: url) { _, response, _ in\n    guard let r = response else { return }\n    print(r.mimeType, r.statusCode)\n  }.resume()\n}\n"
	found := map[string]Status{}
	for _, r := range checkCode(t, closureGraph(), Options{}, File{Code: code}).Findings {
		found[fmt.Sprint(r.Line, " ", refBase(r.Symbol))] = r.Status
	}
	if !found["5 statusCode"].SaysMissing() || found["5 mimeType"] != "" {
		t.Errorf("want statusCode a finding on URLResponse and mimeType none: %v", found)
	}
}
