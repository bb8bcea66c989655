package verify

import (
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// siblingFixture adds types whose own page the crawl missed: their case
// pages are there, each with the See Also list DocC gives it (the other
// entries of its Topics group).
func siblingFixture(d *memGraph, typ func(uri, title, kind string), member func(parent, title, kind, decl string)) {
	if d.SeeAlso == nil {
		d.SeeAlso = map[string][]index.GraphChild{}
	}
	group := func(parent, section string, crawled, listed []string, unlisted ...string) {
		for _, c := range crawled {
			member(parent, c, "case", "case "+c)
			if slices.Contains(unlisted, c) {
				continue
			}
			for _, o := range listed {
				if o != c {
					d.SeeAlso[parent+"/"+strings.ToLower(c)] = append(d.SeeAlso[parent+"/"+strings.ToLower(c)],
						index.GraphChild{URI: parent + "/" + strings.ToLower(o), Title: o, Section: section})
				}
			}
		}
	}
	// UIButton.ButtonType: no page, and no page for `system`, which every
	// other case's See Also names.
	typ("apple-docs://uikit/uibutton", "UIButton", "class")
	member("apple-docs://uikit/uibutton", "init(type:)", "init", "convenience init(type buttonType: UIButton.ButtonType)")
	buttonTypes := []string{"custom", "system", "detailDisclosure", "infoLight", "close"}
	group("apple-docs://uikit/uibutton/buttontype-swift.enum", "Constants", []string{"custom", "detailDisclosure", "infoLight", "close"}, buttonTypes)
	// UIReturnKeyType: no page, and one case page with no See Also, so
	// its group is not known.
	typ("apple-docs://uikit/uitextfield", "UITextField", "class")
	member("apple-docs://uikit/uitextfield", "returnKeyType", "property", "var returnKeyType: UIReturnKeyType { get set }")
	member("apple-docs://uikit/uitextfield", "keyboardType", "property", "var keyboardType: UIKeyboardType { get set }")
	returnKeys := []string{"default", "go", "done", "send"}
	group("apple-docs://uikit/uireturnkeytype", "Constants", returnKeys, returnKeys, "send")
	// UIKeyboardType: every case page lists its group.
	keyboards := []string{"default", "numberPad", "emailAddress", "URL"}
	group("apple-docs://uikit/uikeyboardtype", "Enumeration Cases", keyboards[:3], keyboards)
	// NSWindow.TitleVisibility: two cases, each listing the other; the
	// window controller's window is a Topics entry with no page, so its
	// type is not declared.
	typ("apple-docs://appkit/nswindow", "NSWindow", "class")
	member("apple-docs://appkit/nswindow", "titleVisibility", "property", "@MainActor var titleVisibility: NSWindow.TitleVisibility { get set }")
	visibilities := []string{"hidden", "visible"}
	group("apple-docs://appkit/nswindow/titlevisibility-swift.enum", "Constants", visibilities, visibilities)
	typ("apple-docs://appkit/nswindowcontroller", "NSWindowController", "class")
	d.Children = append(d.Children, index.GraphChild{ParentURI: "apple-docs://appkit/nswindowcontroller", URI: "apple-docs://appkit/nswindowcontroller/window", Title: "window"})
	// AVCaptureDevice.Position: its group is named after it, in the
	// plural.
	typ("apple-docs://avfoundation/avcapturedevice", "AVCaptureDevice", "class")
	member("apple-docs://avfoundation/avcapturedevice", "default(_:for:position:)", "method",
		"class func `default`(_ deviceType: AVCaptureDevice.DeviceType, for mediaType: AVMediaType?, position: AVCaptureDevice.Position) -> AVCaptureDevice?")
	positions := []string{"back", "front", "unspecified"}
	group("apple-docs://avfoundation/avcapturedevice/position-swift.enum", "Positions", positions, positions)
	// INPlayMediaIntentResponseCode: its pages list one group, named for a
	// purpose: the type may have others the crawl has no page of.
	typ("apple-docs://intents/inplaymediaintentresponse", "INPlayMediaIntentResponse", "class")
	member("apple-docs://intents/inplaymediaintentresponse", "init(code:userActivity:)", "init", "init(code: INPlayMediaIntentResponseCode, userActivity: NSUserActivity?)")
	codes := []string{"ready", "continueInApp", "handleInApp"}
	group("apple-docs://intents/inplaymediaintentresponsecode", "Intents App Extensions", codes, codes)
}

// TestIsCaseGroup: the groups that list all of a type's values.
func TestIsCaseGroup(t *testing.T) {
	// A case is a See Also section's title and the address of its type.
	wantEach(t, "isCaseGroup", func(c [2]string) bool { return isCaseGroup(c[0], c[1]) }, map[[2]string]bool{
		{"Constants", "apple-docs://uikit/uibutton/buttontype-swift.enum"}:                   true,
		{"Positions", "apple-docs://avfoundation/avcapturedevice/position-swift.enum"}:       true,
		{"Video Gravities", "apple-docs://avfoundation/avlayervideogravity"}:                 true,
		{"Intents App Extensions", "apple-docs://intents/inplaymediaintentresponsecode"}:     false,
		{"Notifications", "apple-docs://uikit/uicontentsizecategory"}:                        false,
		{"Modes", "apple-docs://uikit/uiview/contentmode-swift.enum"}:                        true,
		{"Types", "apple-docs://uikit/uibutton/buttontype-swift.enum"}:                       true,
		{"Getting the scope", "apple-docs://cloudkit/ckdatabase/scope"}:                      false,
		{"Statuses", "apple-docs://avfoundation/avplayer/status-swift.enum"}:                 true,
		{"Player Item Statuses", "apple-docs://avfoundation/avplayeritem/status-swift.enum"}: true,
		{"Handling Events", "apple-docs://uikit/uicontrol/event"}:                            false,
	})
}

// TestCasesOfTypesWithoutAPage: a leading dot whose type the crawl has no
// page for is judged by the See Also lists of its case pages (the cases
// are among TestTypedChecks'), and the finding lists the cases they name.
func TestCasesOfTypesWithoutAPage(t *testing.T) {
	got := checkTyped(t, "import UIKit\nlet b = UIButton(type: .rounded)\n")
	for _, f := range got {
		if f.Status == NoSuchCase && refBase(f.Symbol) == "rounded" {
			if !strings.Contains(f.Why, ".system") {
				t.Errorf("the finding does not list the case its siblings name: %s", f.Why)
			}
			return
		}
	}
	t.Fatalf("want %s on rounded, got %+v", NoSuchCase, got)
}
