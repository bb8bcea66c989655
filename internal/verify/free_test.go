package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// Tests of calls' labels: free functions', and a property that no call
// can be.

// TestPropertyIsNoOverload: a property of a collection or plain value
// type is no function a call's arguments may fit (EventKit's `var
// calendars: [EKCalendar]` beside `calendars(for:)`), nor is it offered
// as a real overload; a brace after a Boolean property in a condition is
// its body, no trailing closure.
func TestPropertyIsNoOverload(t *testing.T) {
	const store = "apple-docs://eventkit/ekeventstore"
	g := graphWith(func(d *memGraph) {
		addFilled(d, store, "EKEventStore", "class", "eventkit")
		addListed(d, store, store+"/calendars", "calendars", "property", "var calendars: [EKCalendar] { get }")
		addListed(d, store, store+"/calendars(for:)", "calendars(for:)", "method", "func calendars(for entityType: EKEntityType) -> [EKCalendar]")
		addListed(d, store, store+"/isready", "isReady", "property", "var isReady: Bool { get }")
	})
	runTypedCases(t, g, []typedCase{
		{"labels only the method could take", "import EventKit\nlet s = EKEventStore()\nlet c = s.calendars(forEntityType: .event)\n", WrongLabels, "calendars"},
		{"the method's labels", "import EventKit\nlet s = EKEventStore()\nlet c = s.calendars(for: .event)\n", "", ""},
		{"a Boolean property in a condition", "import EventKit\nlet s = EKEventStore()\nif s.isReady {\n  print(1)\n}\n", "", ""},
	})
	got := checkTypedOn(t, g, "import EventKit\nlet s = EKEventStore()\nlet c = s.calendars(forEntityType: .event)\n")
	if len(got) != 1 || len(got[0].Nearest) != 1 || got[0].Nearest[0].Name != "EKEventStore.calendars(for:)" {
		t.Errorf("want calendars(for:) alone offered, got %+v", got)
	}
}

// TestFreeFunctionLabels: a free function's call is judged by the labels
// of the module-level functions of its name in a framework in scope, only
// by a written label none of them has (the crawl lacks overloads:
// min(_:_:) beside the variadic min(_:_:_:_:)); a function the file
// declares, or a module's no file imports, is not judged.
func TestFreeFunctionLabels(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages,
			index.GraphPage{URI: "apple-docs://swift/withtaskcancellationhandler(operation:oncancel:isolation:)", Title: "withTaskCancellationHandler(operation:onCancel:isolation:)", Kind: "func", ParentURI: "apple-docs://swift",
				Declaration: "func withTaskCancellationHandler<T>(operation: () async throws -> T, onCancel handler: () -> Void, isolation: isolated (any Actor)? = #isolation) async rethrows -> T"},
			index.GraphPage{URI: "apple-docs://swift/min(_:_:_:_:)", Title: "min(_:_:_:_:)", Kind: "func", ParentURI: "apple-docs://swift",
				Declaration: "func min<T>(_ x: T, _ y: T, _ z: T, _ rest: T...) -> T where T : Comparable"},
			index.GraphPage{URI: "apple-docs://swiftui/withanimation(_:_:)", Title: "withAnimation(_:_:)", Kind: "func", ParentURI: "apple-docs://swiftui",
				Declaration: "func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result"})
	})
	runTypedCases(t, g, []typedCase{
		{"a label no overload has", "import Foundation\nlet v = try await withTaskCancellationHandler(operation: { 1 }, onCancellation: { })\n", WrongLabels, "withTaskCancellationHandler"},
		{"the labels of an overload", "import Foundation\nlet v = try await withTaskCancellationHandler(operation: { 1 }, onCancel: { })\n", "", ""},
		{"no label written, an overload the crawl lacks", "import Foundation\nlet v = min(a, b)\n", "", ""},
		{"a module's function the file does not import", "import Foundation\nwithAnimation(duration: 1) { }\n", "", ""},
		{"the same function of the module imported", "import SwiftUI\nwithAnimation(duration: 1) { }\n", WrongLabels, "withAnimation"},
		{"a function the file declares", "import SwiftUI\nfunc withAnimation(duration: Double, _ body: () -> Void) { body() }\nwithAnimation(duration: 1) { }\n", "", ""},
	})
}
