package verify

import (
	"sort"
	"strings"
	"testing"
)

func refStrings(refs []Ref) []string {
	var out []string
	for _, r := range refs {
		out = append(out, string(r.Kind)+":"+r.Display())
	}
	sort.Strings(out)
	return out
}

func TestExtractRefs(t *testing.T) {
	tests := []struct {
		name string
		code string
		want []string
	}{
		{
			name: "types, modifiers and type members; own declarations and locals skipped",
			code: `import SwiftUI
struct Row: View {
    let item: Item
    @State private var isOn = false
    var body: some View {
        HStack {
            Text(item.title)
                .font(.headline)
            Toggle("On", isOn: $isOn)
        }
        .padding()
        .cardStyle()
    }
}
struct Item { var title: String }
extension View {
    func cardStyle() -> some View { self }
}`,
			want: []string{"member:HStack.padding", "member:Text.font", "type:HStack", "type:State", "type:String", "type:Text", "type:Toggle", "type:View"},
		},
		{
			name: "static members on framework types and typed locals",
			code: `func load() async throws {
    let (data, _) = try await URLSession.shared.data(from: url)
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    let count = data.count
    print(count)
}`,
			want: []string{"member:.data", "member:JSONDecoder.keyDecodingStrategy", "member:URLSession.shared", "type:JSONDecoder", "type:URLSession"},
		},
		{
			name: "attributes, macros, keywords and language attributes",
			code: `@Observable final class Model: Sendable {
    @ObservationIgnored var cache: [String: Int] = [:]
    @MainActor func run(_ body: @escaping () -> Void) { body() }
}
#Preview { Text("x") }
#if DEBUG
let a = #selector(Model.run)
#endif`,
			want: []string{"macro:#Preview", "type:Int", "type:MainActor", "type:Observable", "type:ObservationIgnored", "type:Sendable", "type:String", "type:Text", "type:Void"},
		},
		{
			name: "generic parameters, closure params, enum cases and implicit members",
			code: `enum Shape { case circle(Double), square }
func draw<S: Collection>(_ shapes: S, color: Color = .red) where S.Element == Shape {
    shapes.forEach { shape in
        switch shape {
        case .circle(let r): print(r)
        case .square: break
        }
    }
    let value: Int? = nil
    _ = value ?? Shape.square
}`,
			want: []string{"type:Collection", "type:Color", "type:Double", "type:Int"},
		},
		{
			name: "module qualifiers and argument labels",
			code: `let t = SwiftUI.Text("a")
let f = Foundation.URL(string: "x")
let v = Wrapper(Label: 1)`,
			want: []string{"type:Text", "type:URL", "type:Wrapper"},
		},
		{
			name: "multiple trailing closures keep the modifier chain",
			code: `let l = Label { Text("a") } icon: { Image(systemName: "b") }
    .invented()`,
			want: []string{"member:.invented", "type:Image", "type:Label", "type:Text"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := refStrings(ExtractRefs(tt.code))
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("got  %v\nwant %v", got, tt.want)
			}
		})
	}
}

func TestExtractRefsLinesAndFloors(t *testing.T) {
	code := `import SwiftUI

struct V: View {
    var body: some View {
        if #available(iOS 18, *) {
            Text("a").newThing()
        }
        Text("b").oldThing()
    }
}

@available(iOS 26, *)
struct Glass: View {
    var body: some View { Text("c").glassy() }
}

func later() {
    guard #available(iOS 17.4, macOS 14, *) else { return }
    Text("d").afterGuard()
}
`
	want := map[string]struct {
		line  int
		floor string
	}{
		"Text.newThing":   {6, "18.0"},
		"Text.oldThing":   {8, ""},
		"Text.glassy":     {14, "26.0"},
		"Text.afterGuard": {19, "17.4"},
	}
	seen := 0
	for _, r := range ExtractRefs(code) {
		w, ok := want[r.Display()]
		if !ok {
			continue
		}
		seen++
		floor := ""
		if v, ok := r.Floors["ios"]; ok {
			floor = v.String()
		}
		if r.Line != w.line || floor != w.floor {
			t.Errorf("%s: line %d floor %q, want line %d floor %q", r.Display(), r.Line, floor, w.line, w.floor)
		}
	}
	if seen != len(want) {
		t.Errorf("found %d of %d refs", seen, len(want))
	}
	// The declaration signature is covered by its @available too.
	for _, r := range ExtractRefs(code) {
		if r.Name == "View" && r.Line == 13 && r.Floors["ios"].String() != "26.0" {
			t.Errorf("conformance on the @available line has floors %v", r.Floors)
		}
	}
}
