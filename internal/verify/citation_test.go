package verify

import (
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestMemberOfAnotherFrameworkIsNotResolved: a member whose name only a
// framework the file does not import documents (NSColor.lightGray for
// UIColor.lightGray, FSKit's async for DispatchQueue's) is mentioned, not
// resolved to that page; one in an imported framework still resolves.
func TestMemberOfAnotherFrameworkIsNotResolved(t *testing.T) {
	table := NewMemTable("three frameworks", []SymbolInfo{
		{Name: "UIColor", Kind: "class", Module: "uikit", URI: "apple-docs://uikit/uicolor"},
		{Name: "red", Parent: "UIColor", Kind: "property", Module: "uikit", URI: "apple-docs://uikit/uicolor/red"},
		{Name: "lightGray", Parent: "NSColor", Kind: "property", Module: "appkit", URI: "apple-docs://appkit/nscolor/lightgray"},
		{Name: "async", Parent: "FSCompleteIOFlags", Kind: "property", Module: "fskit", URI: "apple-docs://fskit/fscompleteioflags/async"},
		{Name: "DispatchQueue", Kind: "class", Module: "dispatch", URI: "apple-docs://dispatch/dispatchqueue"},
	})
	code := "import UIKit\nlet a = UIColor.red\nlet b = UIColor.lightGray\nfunc f() { DispatchQueue.main.async { } }\n"
	rep := checkCode(t, table, Options{}, File{Code: code})
	got := map[string]Reference{}
	for _, r := range rep.References {
		got[r.Symbol] = r
	}
	if r := got["UIColor.red"]; r.Status != Resolved || r.URI != "apple-docs://uikit/uicolor/red" {
		t.Errorf("UIColor.red: %+v, want resolved to UIKit's page", r)
	}
	for _, sym := range []string{"UIColor.lightGray", ".async"} {
		if r := got[sym]; r.Status != Mentioned {
			t.Errorf("%s: %s %s, want mentioned: only a framework the file does not import has the name", sym, r.Status, r.URI)
		}
	}
}

// TestCitationScopeHoldsWhatFrameworksExport: a framework whose header
// imports another makes that one's pages citable (MapKit's views are
// UIKit's; ARKit's frames hold CoreVideo buffers), while the type-aware
// checks keep to the imports as written.
func TestCitationScopeHoldsWhatFrameworksExport(t *testing.T) {
	for imp, fw := range map[string]string{"MapKit": "uikit", "ARKit": "corevideo", "MetalKit": "modelio", "SpriteKit": "uikit"} {
		if !citationScope([]string{imp})[fw] {
			t.Errorf("a file importing %s may cite %s", imp, fw)
		}
	}
	if inScope([]string{"MetalKit"})["appkit"] {
		t.Error("the type-aware checks judge AppKit's types only where a file imports AppKit (or SwiftUI)")
	}
}

// TestListedMemberOfAnotherFrameworkIsMentioned: a member with no page of
// its own, listed only in the Topics of a type of a framework the file
// does not import (Collaboration's uuidString for UUID's), is mentioned,
// not resolved to that type.
func TestListedMemberOfAnotherFrameworkIsMentioned(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://collaboration/ckshareparticipant", Title: "CKShareParticipant", Kind: "class", Framework: "collaboration"})
		d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://collaboration/ckshareparticipant",
			URI: "apple-docs://collaboration/ckshareparticipant/uuidstring", Title: "uuidString"})
	})
	rep := checkCode(t, g, Options{}, File{Code: "import UIKit\nlet s = makeID().uuidString\n"})
	for _, r := range rep.References {
		if r.Symbol == ".uuidString" {
			if r.Status != Mentioned {
				t.Errorf(".uuidString: %s %s, want mentioned", r.Status, r.URI)
			}
			return
		}
	}
	t.Fatalf("no reference to .uuidString: %s", summary(rep))
}
