package verify

import (
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// mentionTable is testGraph's table with pages whose text mentions names
// (Documented and pageReader), as the index's full-text search finds them.
type mentionTable struct {
	graphTable
	// pages maps a URI to its text.
	pages map[string]string
}

func (t mentionTable) Modules() (map[string]bool, error) {
	return swiftlex.SetOf("uikit", "swiftui", "foundation", "dispatch"), nil
}
func (mentionTable) Container(string) (string, bool, error)   { return "", false, nil }
func (mentionTable) Nearest(string, int) ([]Candidate, error) { return nil, nil }
func (mentionTable) Slip(string) (Candidate, bool, error)     { return Candidate{}, false, nil }

// MentionedIn folds case as the full-text search does.
func (t mentionTable) MentionedIn(name string) (string, bool, error) {
	for uri, text := range t.pages {
		if strings.Contains(strings.ToLower(text), strings.ToLower(name)) {
			return uri, true, nil
		}
	}
	return "", false, nil
}

func (t mentionTable) PageText(uri string) (string, string, bool, error) {
	text, ok := t.pages[uri]
	return "", text, ok, nil
}

// implicitGraph is testGraph plus a UIKit enum whose cases are known only
// from Topics entries titled with the qualified name, and a page that
// mentions a case no page or entry has.
func implicitGraph(noLeaves bool) mentionTable {
	g := graphWith(func(d *memGraph) {
		d.NoLeaves = noLeaves
		for _, c := range []string{"fill", "fillEqually", "equalSpacing"} {
			d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://uikit/uistackview/distribution-swift.enum",
				URI: "apple-docs://uikit/uistackview/distribution-swift.enum/" + strings.ToLower(c), Title: "UIStackView.Distribution." + c})
		}
		// A protocol whose static members its extensions add, and a modifier
		// generic over it; a static member the protocol's page lacks, listed
		// by the conforming type's Topics.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/pickerstyle", Title: "PickerStyle", Kind: "protocol", Framework: "swiftui"})
		for _, m := range []string{"menu", "segmented", "wheel", "inline"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/pickerstyle/" + m, Title: m, Kind: "property",
				ParentURI: "apple-docs://swiftui/pickerstyle", Declaration: "static var " + m + ": Style { get }"})
		}
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/shapestyle", Title: "ShapeStyle", Kind: "protocol", Framework: "swiftui"})
		for _, m := range []string{"red", "blue", "tint", "primary"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/shapestyle/" + m, Title: m, Kind: "property",
				ParentURI: "apple-docs://swiftui/shapestyle", Declaration: "static var " + m + ": Color { get }"})
		}
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/view/foregroundstyle(_:)", Title: "foregroundStyle(_:)", Kind: "method",
			ParentURI: "apple-docs://swiftui/view", Declaration: "nonisolated func foregroundStyle<S>(_ style: S) -> some View where S : ShapeStyle"})
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/view/pickerstyle(_:)", Title: "pickerStyle(_:)", Kind: "method",
			ParentURI: "apple-docs://swiftui/view", Declaration: "nonisolated func pickerStyle<S>(_ style: S) -> some View where S : PickerStyle"})
		// Two protocols a modifier's overloads take (ButtonStyle lists one
		// static member, PrimitiveButtonStyle three), a case of a framework
		// the snippets do not import, and a method named like a static.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/buttonstyle", Title: "ButtonStyle", Kind: "protocol", Framework: "swiftui"},
			index.GraphPage{URI: "apple-docs://swiftui/buttonstyle/plain", Title: "plain", Kind: "property",
				ParentURI: "apple-docs://swiftui/buttonstyle", Declaration: "static var plain: PlainButtonStyle { get }"},
			index.GraphPage{URI: "apple-docs://swiftui/primitivebuttonstyle", Title: "PrimitiveButtonStyle", Kind: "protocol", Framework: "swiftui"})
		for _, m := range []string{"automatic", "bordered", "borderless"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/primitivebuttonstyle/" + m, Title: m, Kind: "property",
				ParentURI: "apple-docs://swiftui/primitivebuttonstyle", Declaration: "static var " + m + ": Style { get }"})
		}
		for _, p := range []string{"ButtonStyle", "PrimitiveButtonStyle"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/view/buttonstyle(_:)-" + strings.ToLower(p), Title: "buttonStyle(_:)", Kind: "method",
				ParentURI: "apple-docs://swiftui/view", Declaration: "nonisolated func buttonStyle<S>(_ style: S) -> some View where S : " + p})
		}
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://carplay/cpmessageleadingitem", Title: "CPMessageLeadingItem", Kind: "enum", Framework: "carplay"},
			index.GraphPage{URI: "apple-docs://carplay/cpmessageleadingitem/star", Title: "CPMessageLeadingItem.star", Kind: "case",
				ParentURI: "apple-docs://carplay/cpmessageleadingitem", Declaration: "case star"},
			index.GraphPage{URI: "apple-docs://uikit/uibutton/configuration-swift.struct/filled()", Title: "filled()", Kind: "method",
				ParentURI: "apple-docs://uikit/uibutton/configuration-swift.struct", Declaration: "static func filled() -> UIButton.Configuration"})
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://swiftui/radiogrouppickerstyle",
			URI: "apple-docs://swiftui/pickerstyle/radiogroup", Title: "PickerStyle.radioGroup"})
		// Statics a button style cannot be: ShapeStyle's primary, of Color,
		// which conforms to ShapeStyle, and a case of an enum that conforms
		// to Hashable alone; and one it can, of a style that conforms.
		conforms := func(uri, title, protocol string) {
			d.Edges = append(d.Edges, index.GraphEdge{ChildURI: uri, ParentURI: "apple-docs://swiftui/" + strings.ToLower(protocol), ParentTitle: protocol, Relation: "conformsTo"})
		}
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/color", Title: "Color", Kind: "struct", Framework: "swiftui"},
			index.GraphPage{URI: "apple-docs://uikit/uibutton/role", Title: "UIButton.Role", Kind: "enum", Framework: "uikit"},
			index.GraphPage{URI: "apple-docs://uikit/uibutton/role/cancel", Title: "UIButton.Role.cancel", Kind: "case", ParentURI: "apple-docs://uikit/uibutton/role", Declaration: "case cancel"},
			index.GraphPage{URI: "apple-docs://swiftui/glassybuttonstyle", Title: "GlassyButtonStyle", Kind: "struct", Framework: "swiftui"},
			index.GraphPage{URI: "apple-docs://swiftui/glassybuttonstyle/glassy", Title: "glassy", Kind: "property",
				ParentURI: "apple-docs://swiftui/glassybuttonstyle", Declaration: "static var glassy: GlassyButtonStyle { get }"})
		// A modifier taking a type or any type conforming to a protocol
		// (transition: AnyTransition, or T: Transition), a case of an
		// Objective-C framework's enum named like a transition, and a
		// SwiftUI type's static whose conformances the crawl does not give.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/view/transition(_:)", Title: "transition(_:)", Kind: "method",
			ParentURI: "apple-docs://swiftui/view", Declaration: "nonisolated func transition(_ t: AnyTransition) -> some View"},
			index.GraphPage{URI: "apple-docs://swiftui/view/transition(_:)-2", Title: "transition(_:)", Kind: "method",
				ParentURI: "apple-docs://swiftui/view", Declaration: "nonisolated func transition<T>(_ transition: T) -> some View where T : Transition"},
			index.GraphPage{URI: "apple-docs://swiftui/transition", Title: "Transition", Kind: "protocol", Framework: "swiftui"},
			index.GraphPage{URI: "apple-docs://uikit/uitableview/rowanimation", Title: "UITableView.RowAnimation", Kind: "enum", Framework: "uikit"},
			index.GraphPage{URI: "apple-docs://uikit/uitableview/rowanimation/fade", Title: "fade", Kind: "case",
				ParentURI: "apple-docs://uikit/uitableview/rowanimation", Declaration: "case fade"},
			index.GraphPage{URI: "apple-docs://swiftui/toolbarrole", Title: "ToolbarRole", Kind: "struct", Framework: "swiftui"},
			index.GraphPage{URI: "apple-docs://swiftui/toolbarrole/editor", Title: "editor", Kind: "property",
				ParentURI: "apple-docs://swiftui/toolbarrole", Declaration: "static var editor: ToolbarRole { get }"})
		anyTransition := addFilledType(d, "apple-docs://swiftui/anytransition", "AnyTransition", "struct", "swiftui")
		for _, m := range []string{"opacity", "slide", "scale"} {
			anyTransition(m, "property", "static var "+m+": AnyTransition { get }")
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://swiftui/transition/" + m + "-t", Title: m + "Push", Kind: "property",
				ParentURI: "apple-docs://swiftui/transition", Declaration: "static var " + m + "Push: PushTransition { get }"})
		}
		conforms("apple-docs://swiftui/color", "Color", "ShapeStyle")
		conforms("apple-docs://uikit/uibutton/role", "UIButton.Role", "Hashable")
		conforms("apple-docs://swiftui/glassybuttonstyle", "GlassyButtonStyle", "PrimitiveButtonStyle")
	})
	return mentionTable{graphTable: g, pages: map[string]string{
		"apple-docs://swiftui/datepicker": "DatePicker(\"Time\", selection: $d, displayedComponents: [.hourAndMinute])",
		"apple-docs://swiftui/shapes":     "Use a RoundedRectangle to draw a rounded rectangle.",
		"apple-docs://swiftui/glass":      "Button(\"Go\") { }.pickerStyle(.glassWheel) shows a dropdown.",
	}}
}

// TestImplicitNameExistsNowhere: a leading-dot name, or a member of a value
// whose type is not known, that no page, Topics entry (by its whole title
// or its qualified title's last component) or page text as written has is
// unknown; one that any has, or whose context is a property of an Apple
// type the crawl gives no type for, is not judged.
//
// The check is off by default (checkImplicit: on the sample code, real
// names the crawl lacks); the test turns it on.
func TestImplicitNameExistsNowhere(t *testing.T) {
	defer func(was bool) { checkImplicit = was }(checkImplicit)
	checkImplicit = true
	cases := []struct {
		name, code string
		noLeaves   bool
		want       string // the symbol of the unknown finding, "" for none
	}{
		{"a leading dot no type has", "import UIKit\nlet b = makeButton(style: .roundedRectangle)\n", false, ".roundedRectangle"},
		{"a leading dot listed by its qualified title", "import UIKit\nlet s = arrange(distribution: .equalSpacing)\n", false, ""},
		{"a leading dot a page writes as spelled", "import SwiftUI\nlet p = picker(displayedComponents: [.hourAndMinute])\n", false, ""},
		{"a page that writes it with another case", "import SwiftUI\nlet s = shape(.roundedRectangle)\n", false, ".roundedRectangle"},
		{"a leading dot that is a page's member", "import UIKit\nlet v = view(mode: .scaleAspectFit)\n", false, ""},
		{"a member of a value of unknown type", "import UIKit\nfunc f() { tableView.reloadRowsAnimated() }\n", false, ".reloadRowsAnimated"},
		{"a member of unknown type that a page has", "import UIKit\nfunc f() { if screen.hasNotch { } }\n", false, ""},
		{"a property of an Apple type with no declared type", "import UIKit\nlet v = UIImageView()\nv.tintAdjustmentStyle = .roundedRectangle\n", false, ""},
		{"a file importing a module the index lacks", "import UIKit\nimport ArgumentParser\nlet o = Option(name: .customLong(\"codec\"))\n", false, ""},
		{"an index without the leaf index", "import UIKit\nlet b = makeButton(style: .roundedRectangle)\n", true, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := checkCode(t, implicitGraph(tc.noLeaves), Options{}, File{Code: tc.code}).Findings
			var unknown []string
			for _, f := range got {
				if f.Status == Unknown && strings.HasPrefix(f.Symbol, ".") {
					unknown = append(unknown, f.Symbol)
				}
			}
			switch {
			case tc.want == "" && len(unknown) > 0:
				t.Fatalf("want no unknown leading-dot finding, got %v (%+v)", unknown, got)
			case tc.want != "" && (len(unknown) != 1 || unknown[0] != tc.want):
				t.Fatalf("want unknown %s, got %v (%+v)", tc.want, unknown, got)
			}
		})
	}
}

// TestStaticMemberOfProtocol: a leading dot passed where a type conforming
// to a protocol goes (`.pickerStyle(.dropdown)`, a generic parameter
// constrained to PickerStyle) names one of the protocol's static members;
// one no page or Topics entry has is no_such_case, with the real ones.
func TestStaticMemberOfProtocol(t *testing.T) {
	cases := []struct {
		name, code string
		want       bool
	}{
		{"a static member no page has", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.dropdown)\n", true},
		{"the protocol's static member", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.menu)\n", false},
		{"a static member another type's Topics list", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.radioGroup)\n", false},
		{"a camel-cased name a page writes", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.glassWheel)\n", false},
		{"a colour no page has, in a file checked alone", "import SwiftUI\nlet v = Text(\"a\").foregroundStyle(.darkBrown)\n", true},
		{"a case of an Objective-C framework's type is no SwiftUI style", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.scaleAspectFit)\n", true},
		{"a SwiftUI type's static whose conformances are not given may be one", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.editor)\n", false},
		{"neither the type nor the protocol one overload or the other takes has it", "import SwiftUI\nimport UIKit\nlet v = Text(\"a\").transition(.fade)\n", true},
		{"the type's static", "import SwiftUI\nlet v = Text(\"a\").transition(.opacity)\n", false},
		{"the protocol's static", "import SwiftUI\nlet v = Text(\"a\").transition(.slidePush)\n", false},
		{"a case of a framework not imported", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.star)\n", true},
		{"a method is no static property", "import SwiftUI\nlet v = Text(\"a\").pickerStyle(.filled)\n", true},
		{"a static of neither of two protocols", "import SwiftUI\nlet v = Text(\"a\").buttonStyle(.filled)\n", true},
		{"a static of the protocol that lists one", "import SwiftUI\nlet v = Text(\"a\").buttonStyle(.plain)\n", false},
		{"a static of the protocol that lists three", "import SwiftUI\nlet v = Text(\"a\").buttonStyle(.bordered)\n", false},
		{"a static of a type that conforms to neither protocol", "import SwiftUI\nlet v = Text(\"a\").buttonStyle(.primary)\n", true},
		{"a case of an enum that conforms to neither protocol", "import SwiftUI\nimport UIKit\nlet v = Text(\"a\").buttonStyle(.cancel)\n", true},
		{"a static of a type that conforms to one", "import SwiftUI\nlet v = Text(\"a\").buttonStyle(.glassy)\n", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := checkCode(t, implicitGraph(false), Options{}, File{Code: tc.code}).Findings
			var found *Reference
			for i, f := range got {
				if f.Status == NoSuchCase {
					found = &got[i]
				}
			}
			switch {
			case tc.want && found == nil:
				t.Fatalf("want no_such_case, got %+v", got)
			case tc.want && (len(found.Nearest) == 0 || strings.Contains(tc.code, "pickerStyle") && found.Nearest[0].Name != ".inline"):
				t.Fatalf("the finding names no real static member: %+v", found)
			case !tc.want && found != nil:
				t.Fatalf("want no finding, got %+v", found)
			}
		})
	}
}

// TestTypedMemberNamedNowhere: a member of a value of a known Apple type
// whose list is not judged whole (an enumeration) is unknown when no page,
// Topics entry or symbol has its name at all, though checkImplicit is off;
// one that another type has is not judged (a chain that reads Void, a
// completion handler's form of an awaited call, is no type:
// TestDeclaredTypeOfAProperty).
func TestTypedMemberNamedNowhere(t *testing.T) {
	const scheme = "apple-docs://swiftui/colorscheme"
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: scheme, Title: "ColorScheme", Kind: "enum", Framework: "swiftui"})
		for _, c := range []string{"light", "dark"} {
			d.Pages = append(d.Pages, index.GraphPage{URI: scheme + "/" + c, Title: c, Kind: "case", ParentURI: scheme, Declaration: "case " + c})
		}
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{{Name: "ColorScheme", Kind: "enum", Module: "swiftui", URI: scheme}})
	for _, tc := range []struct{ code, want string }{
		{"import SwiftUI\nfunc f(c: ColorScheme) {\n  print(c.isFancy)\n}\n", "ColorScheme.isFancy"},
		{"import SwiftUI\nfunc f(c: ColorScheme) {\n  print(c.hasNotch)\n}\n", ""},
	} {
		got := ""
		for _, f := range checkCode(t, g, Options{}, File{Code: tc.code}).Findings {
			if f.Status == Unknown && (strings.HasSuffix(f.Symbol, ".isFancy") || strings.HasSuffix(f.Symbol, ".hasNotch")) {
				got = f.Symbol
			}
		}
		if got != tc.want {
			t.Errorf("%q: unknown %q, want %q", tc.code, got, tc.want)
		}
	}
}
