package verify

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// typeFindings checks code and returns its findings on a type
// ("6 PHAsset.name": the line and the symbol) with their statuses.
func typeFindings(t *testing.T, g graphTable, code string) map[string]Status {
	t.Helper()
	found := map[string]Status{}
	for _, r := range checkCode(t, g, Options{}, File{Code: code}).Findings {
		if strings.Contains(r.Symbol, ".") {
			found[fmt.Sprint(r.Line, " ", r.Symbol)] = r.Status
		}
	}
	return found
}

// wantTypeFindings fails unless found holds exactly the findings want.
func wantTypeFindings(t *testing.T, found map[string]Status, want ...string) {
	t.Helper()
	for _, w := range want {
		if !found[w].SaysMissing() {
			t.Errorf("no finding for %s; findings: %v", w, found)
		}
	}
	if len(found) != len(want) {
		t.Errorf("want %d findings on a type, got %v", len(want), found)
	}
}

// addFilledType adds a documented type with enough members to be judged,
// and returns a func that adds its members.
func addFilledType(d *memGraph, uri, title, kind, framework string) func(title, kind, decl string) {
	d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: kind, Framework: framework})
	for i := range minOwnMembers {
		d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/filler%d", uri, i), Title: fmt.Sprintf("filler%d", i),
			Kind: "property", ParentURI: uri, Framework: framework})
	}
	return func(title, kind, decl string) {
		d.Pages = append(d.Pages, index.GraphPage{URI: uri + "/" + strings.ToLower(title), Title: title, Kind: kind,
			ParentURI: uri, Declaration: decl, Framework: framework})
	}
}

// photosGraph is the test graph with PHFetchResult, whose members return
// its generic parameter, and PHAsset, with more added by more (nil for
// none).
func photosGraph(more func(d *memGraph)) graphTable {
	return graphWith(func(d *memGraph) {
		result := addFilledType(d, "apple-docs://photos/phfetchresult", "PHFetchResult", "class", "photos")
		result("object(at:)", "method", "func object(at index: Int) -> ObjectType")
		result("firstObject", "property", "var firstObject: ObjectType? { get }")
		asset := addFilledType(d, "apple-docs://photos/phasset", "PHAsset", "class", "photos")
		asset("mediaType", "property", "var mediaType: PHAssetMediaType { get }")
		asset("fetchAssets(with:)", "method", "class func fetchAssets(with options: PHFetchOptions?) -> PHFetchResult<PHAsset>")
		if more != nil {
			more(d)
		}
	})
}

// TestGenericArgumentOfAChain: a member declared to return its generic
// type's parameter (PHFetchResult's object(at:) returns ObjectType) gives
// the argument written for it, in the parameter's type or in the
// declaration of the link before (fetchAssets returns
// PHFetchResult<PHAsset>).
func TestGenericArgumentOfAChain(t *testing.T) {
	g := photosGraph(nil)
	code := `import Photos

func f(assets: PHFetchResult<PHAsset>) {
    print(assets.firstObject?.mediaType, assets.firstObject?.name)
    let all = PHAsset.fetchAssets(with: nil)
    print(all.object(at: 0).name)
    print(all.object(at: 0).mediaType)
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "4 PHAsset.name", "6 PHAsset.name")
}

// TestGenericArgumentsByPosition: a type written with generic arguments
// (`Result<PHAsset, Error>`, `Box<PHAsset>`) gives each generic parameter
// its declaration names the argument in its place (get() returns Success,
// the first; a parameter named like a documented type is still the
// argument), and a local bound to a chain from a local of such a type (`let
// asset = try result.get()`, `let first = assets.object(at: 0)`) takes
// its root's arguments.
func TestGenericArgumentsByPosition(t *testing.T) {
	g := photosGraph(func(d *memGraph) {
		result := addFilledType(d, "apple-docs://swift/result", "Result", "enum", "swift")
		for i := range d.Pages {
			if d.Pages[i].URI == "apple-docs://swift/result" {
				d.Pages[i].Declaration = "@frozen enum Result<Success, Failure> where Failure : Error, Success : ~Copyable"
			}
		}
		result("get()", "method", "func get() throws(Failure) -> Success")
		// One generic parameter named like a documented type: the
		// argument in its place, not the type of its name.
		box := addFilledType(d, "apple-docs://swift/box", "Box", "struct", "swift")
		for i := range d.Pages {
			if d.Pages[i].URI == "apple-docs://swift/box" {
				d.Pages[i].Declaration = "struct Box<Item>"
			}
		}
		box("item", "property", "var item: Item { get }")
		addFilledType(d, "apple-docs://swift/item", "Item", "struct", "swift")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "Result", Kind: "enum", Module: "swift", URI: "apple-docs://swift/result"},
		{Name: "PHFetchResult", Kind: "class", Module: "photos", URI: "apple-docs://photos/phfetchresult"},
		{Name: "PHAsset", Kind: "class", Module: "photos", URI: "apple-docs://photos/phasset"},
		{Name: "Box", Kind: "struct", Module: "swift", URI: "apple-docs://swift/box"}})
	code := `import Photos

func f(result: Result<PHAsset, Error>, assets: PHFetchResult<PHAsset>) throws {
    print(try result.get().name, try result.get().mediaType)
    let asset = try result.get()
    print(asset.title, asset.mediaType)
    let first = assets.object(at: 0)
    print(first.label)
}

func g(box: Box<PHAsset>) {
    print(box.item.mediaType, box.item.caption)
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "4 PHAsset.name", "6 PHAsset.title", "8 PHAsset.label", "12 PHAsset.caption")
}

// TestChainFromASpecialisedGenericType: a chain from a generic type
// written with its arguments (`Activity<Delivery>.activities`) is followed
// as the chain from the type is, in a loop and in a binding, and an array
// of the generic type (`[Activity<Attributes>]`) holds that type.
func TestChainFromASpecialisedGenericType(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		activity := addFilledType(d, "apple-docs://photos/activity", "Activity", "class", "photos")
		activity("activities", "property", "static var activities: [Activity<Attributes>] { get }")
		activity("activityState", "property", "var activityState: ActivityState { get }")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "Activity", Kind: "class", Module: "photos", URI: "apple-docs://photos/activity"}})
	code := `import Photos

func f() {
    for a in Activity<Delivery>.activities where a.isActive { print(a.activityState) }
    let all = Activity<Delivery>.activities
    for b in all { print(b.isLive, b.activityState) }
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "4 Activity.isActive", "6 Activity.isLive")
	if got := declaredElementType("static var activities: [Activity<Attributes>] { get }"); got != "Activity" {
		t.Errorf("an array of a generic type's elements: %q, want Activity", got)
	}
}

// TestProtocolTypealias: inside a type of the file's own that adopts a
// protocol, a bare type name the protocol declares as a typealias
// (`context: Context` in a TimelineProvider) stands for the aliased type;
// where no adopted protocol declares one, it does not.
func TestProtocolTypealias(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		provider := addFilledType(d, "apple-docs://widgetkit/timelineprovider", "TimelineProvider", "protocol", "widgetkit")
		provider("Context", "typealias", "typealias Context = TimelineProviderContext")
		context := addFilledType(d, "apple-docs://widgetkit/timelineprovidercontext", "TimelineProviderContext", "struct", "widgetkit")
		context("family", "property", "let family: WidgetFamily")
	})
	code := `import WidgetKit
import UIKit

struct Provider: TimelineProvider {
    func snapshot(in context: Context) {
        print(context.family, context.name)
    }
}

struct Other: Codable {
    func snapshot(in context: Context) {
        print(context.name)
    }
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "6 TimelineProviderContext.name")
}

// TestGenericArgumentOfAnEnvironmentValue: an environment value declared
// with one generic argument (`Binding<PresentationMode>`) gives it to the
// link that returns the generic parameter (wrappedValue: Value).
func TestGenericArgumentOfAnEnvironmentValue(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		values := addFilledType(d, "apple-docs://swiftui/environmentvalues", "EnvironmentValues", "struct", "swiftui")
		values("presentationMode", "property", "var presentationMode: Binding<PresentationMode> { get }")
		binding := addFilledType(d, "apple-docs://swiftui/binding", "Binding", "struct", "swiftui")
		binding("wrappedValue", "property", "var wrappedValue: Value { get nonmutating set }")
		mode := addFilledType(d, "apple-docs://swiftui/presentationmode", "PresentationMode", "struct", "swiftui")
		mode("dismiss()", "method", "mutating func dismiss()")
	})
	code := `import SwiftUI
import UIKit

struct Sheet: View {
    @Environment(\.presentationMode) var presentationMode
    var body: some View {
        Button("Done") { presentationMode.wrappedValue.dismiss() }
        Button("Close") { presentationMode.wrappedValue.name() }
    }
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "8 PresentationMode.name")
}

// TestGenericParameterOf: a name a method's declaration introduces as its
// own generic parameter is no type of the index.
func TestGenericParameterOf(t *testing.T) {
	reduce := apiMember{decl: "func reduce<Result>(into initialResult: Result, _ updateAccumulatingResult: (inout Result, Self.Element) throws -> ()) async rethrows -> Result"}
	mapped := apiMember{decl: "func map<T, U: Hashable>(_ transform: (Element) -> T) -> [T]"}
	property := apiMember{decl: "var result: Result<Data, any Error> { get }"}
	for _, tc := range []struct {
		m    apiMember
		name string
		want bool
	}{
		{reduce, "Result", true}, {mapped, "U", true}, {mapped, "Element", false}, {property, "Result", false},
	} {
		if got := genericParameterOf([]apiMember{tc.m}, tc.name); got != tc.want {
			t.Errorf("%q in %q: %v, want %v", tc.name, tc.m.decl, got, tc.want)
		}
	}
}

// TestClosureChainBindings: a local bound to a chain from a closure's
// parameter keeps the chain, a `.first` as an element, and an if's brace
// ends it; a call's trailing closure does not (its value is the
// closure's: `group.reduce(into: []) { … }`).
func TestClosureChainBindings(t *testing.T) {
	code := `run { items, response in
    guard let item = items.first else { return }
    if let route = response?.routes.first {
        print(route)
    }
    let total = response.reduce(into: 0) { $0 += $1 }
    if let fast = response?.routes.first(where: { $0.isFast }) {
        print(fast)
    }
}
`
	a, err := analyze(context.Background(), code, false)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for name, b := range a.closureBound {
		got[name] = b.param + ":" + strings.Join(b.links, "|")
	}
	want := map[string]string{"item": "items:[]", "route": "response:routes|[]", "fast": "response:routes|[]"}
	if !maps.Equal(got, want) {
		t.Errorf("closure-bound locals %v, want %v", got, want)
	}
}

// TestLoopOverAChainFromAType: a loop over a chain from an Apple type
// (`for w in UIApplication.shared.windows`) binds an element of the array
// or set its last link declares.
func TestLoopOverAChainFromAType(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://uikit/uidevice/attachedscreens", Title: "attachedScreens",
			Kind: "property", ParentURI: "apple-docs://uikit/uidevice", Declaration: "var attachedScreens: Set<UIScreen> { get }"})
	})
	code := `import UIKit

func f() {
    for screen in UIDevice.current.screens(for: 1) { print(screen.hasNotch, screen.name) }
    for attached in UIDevice.current.attachedScreens where attached.hasNotch { print(attached.name) }
}
`
	wantTypeFindings(t, typeFindings(t, g, code), "4 UIScreen.name", "5 UIScreen.name")
}
