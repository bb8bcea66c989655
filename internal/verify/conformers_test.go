package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestValueOfOwnStructureOfOneConformance: a value of the file's own
// structure that conforms to one Apple protocol (`struct FavoriteTip: Tip
// {`) offers the protocol's members, as one of the file's own subclass
// offers its superclass's: a member neither declares is a finding, and a
// parameter the protocol types `Self.Reason` wants the protocol's Reason.
// A structure of two conformances, or a member it declares, is not judged.
func TestValueOfOwnStructureOfOneConformance(t *testing.T) {
	const tip, reason = "apple-docs://tipkit/tip", "apple-docs://tipkit/tip/reason"
	g := graphWith(func(d *memGraph) {
		addFilled(d, tip, "Tip", "protocol", "tipkit")
		d.Pages = append(d.Pages, index.GraphPage{URI: reason, Title: "Tip.Reason", Kind: "enum", Framework: "tipkit", ParentURI: tip})
		for _, p := range []string{"title", "message", "status", "shouldDisplay"} {
			addListed(d, tip, tip+"/"+p, p, "property", "var "+p+": Text { get }")
		}
		addListed(d, tip, tip+"/invalidate(reason:)", "invalidate(reason:)", "method", "func invalidate(reason: Self.Reason)")
		for _, c := range []string{"actionPerformed", "tipClosed", "displayCountExceeded"} {
			addListed(d, reason, reason+"/"+c, c, "case", "case "+c)
		}
	})
	g.MemTable.Add(SymbolInfo{Name: "Tip", Kind: "protocol", Module: "TipKit"})
	g.MemTable.Add(SymbolInfo{Name: "Text", Kind: "struct", Module: "SwiftUI"})
	const own = "import TipKit\nstruct FavoriteTip: Tip {\n  var title: Text { Text(\"a\") }\n}\nlet tip = FavoriteTip()\n"
	runTypedCases(t, g, []typedCase{
		{"a case its Self-typed parameter's type lacks", own + "tip.invalidate(reason: .userDismissed)\n", NoSuchCase, "userDismissed"},
		{"the protocol's member and case", own + "tip.invalidate(reason: .tipClosed)\n", "", ""},
		{"a member the structure declares", "import TipKit\nstruct FavoriteTip: Tip {\n  var title: Text { Text(\"a\") }\n  func invalidateAll() {}\n}\nlet tip = FavoriteTip()\ntip.invalidateAll()\n", "", ""},
	})
	// A name nothing documents, on a value bound to the protocol: unknown,
	// named on it; on a structure of two conformances, not checked.
	unknownOn := func(code string) []string {
		var out []string
		for _, f := range checkCode(t, g, Options{}, File{Code: code}).Findings {
			if f.Status == Unknown {
				out = append(out, f.Symbol)
			}
		}
		return out
	}
	if got := unknownOn(own + "tip.invalidateAll()\n"); len(got) != 1 || got[0] != "Tip.invalidateAll" {
		t.Errorf("want Tip.invalidateAll unknown, got %v", got)
	}
	if got := unknownOn("import TipKit\nstruct FavoriteTip: Tip, Sendable {\n  var title: Text { Text(\"a\") }\n}\nlet tip = FavoriteTip()\ntip.invalidateAll()\n"); len(got) != 0 {
		t.Errorf("a structure of two conformances checked: %v", got)
	}
}

// TestExistentialReturnHasItsProtocolsMembers: a value a member declares
// `any P` (MLModel's prediction(from:) returns `any MLFeatureProvider`)
// has P's members, and a chain goes on through them.
func TestExistentialReturnHasItsProtocolsMembers(t *testing.T) {
	const model, provider, value = "apple-docs://coreml/mlmodel", "apple-docs://coreml/mlfeatureprovider", "apple-docs://coreml/mlfeaturevalue"
	g := graphWith(func(d *memGraph) {
		addFilled(d, model, "MLModel", "class", "coreml")
		addFilled(d, provider, "MLFeatureProvider", "protocol", "coreml")
		addFilled(d, value, "MLFeatureValue", "class", "coreml")
		addListed(d, model, model+"/prediction(from:)", "prediction(from:)", "method", "func prediction(from input: any MLFeatureProvider) throws -> any MLFeatureProvider")
		addListed(d, provider, provider+"/featurevalue(for:)", "featureValue(for:)", "method", "func featureValue(for featureName: String) -> MLFeatureValue?")
		addListed(d, value, value+"/doublevalue", "doubleValue", "property", "var doubleValue: Double { get }")
		addListed(d, "apple-docs://foundation/nsnumber", "apple-docs://foundation/nsnumber/floatvalue", "floatValue", "property", "var floatValue: Float { get }")
	})
	g.MemTable.Add(SymbolInfo{Name: "MLModel", Kind: "class", Module: "CoreML"})
	runTypedCases(t, g, []typedCase{
		{"a member past the protocol's member that its type lacks", "import CoreML\nfunc f(m: MLModel, i: any MLFeatureProvider) throws {\n  let o = try m.prediction(from: i)\n  print(o.featureValue(for: \"p\")?.floatValue)\n}\n", NotOnType, "floatValue"},
		{"a real member there", "import CoreML\nfunc f(m: MLModel, i: any MLFeatureProvider) throws {\n  let o = try m.prediction(from: i)\n  print(o.featureValue(for: \"p\")?.doubleValue)\n}\n", "", ""},
	})
}
