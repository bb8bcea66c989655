package verify

import (
	"slices"
	"testing"
)

// TestOwnInitializersArrayLiteral: a type's own initializer given one array
// literal (`NSUnderlineStyle([.single, .patternDot])`) is an option set's
// init(_:) of its own elements, whose leading dots are the type's, not the
// parameter type of another documented overload that no literal is
// (SwiftUI's NSUnderlineStyle(_: Text.LineStyle)); a view's initializer
// with a trailing closure keeps its parameter's type (ScrollView's
// Axis.Set).
func TestOwnInitializersArrayLiteral(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		// A structure of the given statics, its other members added after.
		statics := func(uri, title, framework string, names ...string) func(title, kind, decl string) {
			add := addFilledType(d, uri, title, "struct", framework)
			for _, n := range names {
				add(n, "property", "static let "+n+": "+title)
			}
			return add
		}
		statics("apple-docs://uikit/nsunderlinestyle", "NSUnderlineStyle", "uikit", "single", "double", "patternDot")(
			"init(_:)", "init", "init(_ lineStyle: Text.LineStyle?)")
		statics("apple-docs://swiftui/text/linestyle", "Text.LineStyle", "swiftui", "single")
		// A view whose initializer takes another option set, its content
		// following as a trailing closure.
		statics("apple-docs://swiftui/scrollview", "ScrollView", "swiftui")("init(_:showsIndicators:content:)", "init",
			"init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content)")
		statics("apple-docs://swiftui/axis/set", "Axis.Set", "swiftui", "horizontal", "vertical")
	})
	for code, want := range map[string]string{
		"import UIKit\nimport SwiftUI\nlet u = NSUnderlineStyle([.single, .patternDot])\n":    "",
		"import UIKit\nimport SwiftUI\nlet u = NSUnderlineStyle([.single, .patternDotted])\n": ".patternDotted",
		"import SwiftUI\nlet v = ScrollView([.horizontal, .vertical]) { Text(\"a\") }\n":      "",
	} {
		got := checkCode(t, g, Options{}, File{Code: code}).Findings
		var cases []string
		for _, f := range got {
			if f.Kind == "case" {
				cases = append(cases, f.Symbol)
			}
		}
		if want == "" && len(cases) > 0 || want != "" && !slices.Equal(cases, []string{want}) {
			t.Errorf("%q: case findings %v, want %q (%+v)", code, cases, want, got)
		}
	}
}
