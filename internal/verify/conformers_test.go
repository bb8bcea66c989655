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
