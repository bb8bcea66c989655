package verify

import (
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestOtherPlatformColor: where an NSColor is wanted, a colour NSColor
// lacks that UIColor has as a class property is UIKit's spelling
// (`.secondaryLabel` for `.secondaryLabelColor`), a finding that offers
// AppKit's spelling first; a colour NSColor has, an asset catalog's own
// name, and a name UIColor has only as an instance member are left alone.
func TestOtherPlatformColor(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages,
			index.GraphPage{URI: "apple-docs://uikit/uicolor/secondarylabel", Title: "secondaryLabel", Kind: "property",
				ParentURI: "apple-docs://uikit/uicolor", Declaration: "class var secondaryLabel: UIColor { get }", Framework: "uikit"},
			index.GraphPage{URI: "apple-docs://uikit/uicolor/systemred", Title: "systemRed", Kind: "property",
				ParentURI: "apple-docs://uikit/uicolor", Declaration: "class var systemRed: UIColor { get }", Framework: "uikit"},
			index.GraphPage{URI: "apple-docs://uikit/uicolor/cgcolor", Title: "cgColor", Kind: "property",
				ParentURI: "apple-docs://uikit/uicolor", Declaration: "var cgColor: CGColor { get }", Framework: "uikit"})
		color := addFilledType(d, "apple-docs://appkit/nscolor", "NSColor", "class", "appkit")
		color("controlAccentColor", "property", "class var controlAccentColor: NSColor { get }")
		color("systemRed", "property", "class var systemRed: NSColor { get }")
		field := addFilledType(d, "apple-docs://appkit/nstextfield", "NSTextField", "class", "appkit")
		field("textColor", "property", "var textColor: NSColor? { get set }")
	})
	for dot, want := range map[string]bool{
		".secondaryLabel":     true,  // UIKit's spelling
		".controlAccentColor": false, // AppKit's own colour
		".systemRed":          false, // a colour both spell alike
		".brandRed":           false, // an asset catalog's colour
		".cgColor":            false, // a UIColor instance member
	} {
		t.Run(dot, func(t *testing.T) {
			code := "import AppKit\nlet f = NSTextField()\nf.textColor = " + dot + "\n"
			got := checkCode(t, g, Options{}, File{Code: code}).Findings
			i := slices.IndexFunc(got, func(r Reference) bool { return r.Status == NoSuchCase && r.Line == 3 })
			if (i >= 0) != want {
				t.Fatalf("finding %v, want %v: %+v", i >= 0, want, got)
			}
			if i >= 0 && (len(got[i].Nearest) == 0 || got[i].Nearest[0].Name != ".secondaryLabelColor") {
				t.Fatalf("want AppKit's spelling first: %+v", got[i].Nearest)
			}
		})
	}
}
