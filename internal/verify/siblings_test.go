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
	for _, c := range []struct {
		section, uri string
		want         bool
	}{
		{"Constants", "apple-docs://uikit/uibutton/buttontype-swift.enum", true},
		{"Positions", "apple-docs://avfoundation/avcapturedevice/position-swift.enum", true},
		{"Video Gravities", "apple-docs://avfoundation/avlayervideogravity", true},
		{"Intents App Extensions", "apple-docs://intents/inplaymediaintentresponsecode", false},
		{"Notifications", "apple-docs://uikit/uicontentsizecategory", false},
		{"Modes", "apple-docs://uikit/uiview/contentmode-swift.enum", true},
		{"Types", "apple-docs://uikit/uibutton/buttontype-swift.enum", true},
		{"Getting the scope", "apple-docs://cloudkit/ckdatabase/scope", false},
	} {
		if got := isCaseGroup(c.section, c.uri); got != c.want {
			t.Errorf("isCaseGroup(%q, %s) = %v, want %v", c.section, c.uri, got, c.want)
		}
	}
}

// TestCasesOfTypesWithoutAPage: a leading dot whose type the crawl has no
// page for is judged by the See Also lists of its case pages when every
// case page has one, and the finding lists the cases they name.
func TestCasesOfTypesWithoutAPage(t *testing.T) {
	cases := []struct {
		name, code string
		want       Status
		symbol     string
	}{
		{"invented case of a type without a page", "import UIKit\nlet b = UIButton(type: .rounded)\n", NoSuchCase, "rounded"},
		{"case named only by its siblings' See Also", "import UIKit\nlet b = UIButton(type: .system)\n", "", ""},
		{"case with a page", "import UIKit\nlet b = UIButton(type: .custom)\n", "", ""},
		{"assigned property of such a type", "import UIKit\nlet f = UITextField()\nf.keyboardType = .email\n", NoSuchCase, "email"},
		{"case named only by a See Also, assigned", "import UIKit\nlet f = UITextField()\nf.keyboardType = .URL\n", "", ""},
		{"a type of two cases", "import AppKit\nlet w = NSWindow()\nw.titleVisibility = .invisible\n", NoSuchCase, "invisible"},
		{"a type of two cases, real case", "import AppKit\nlet w = NSWindow()\nw.titleVisibility = .hidden\n", "", ""},
		{"a property assigned through a link of undeclared type", "import AppKit\nfinal class C: NSWindowController {\n  func f() { window?.titleVisibility = .invisible }\n}\n", NoSuchCase, "invisible"},
		{"a group named after the type", "import AVFoundation\nlet d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .rear)\n", NoSuchCase, "rear"},
		{"a group named after the type, real case", "import AVFoundation\nlet d = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)\n", "", ""},
		{"a group named for a purpose leaves the type unjudged", "import Intents\nlet r = INPlayMediaIntentResponse(code: .failure, userActivity: nil)\n", "", ""},
		{"a case page without a See Also leaves the type unjudged", "import UIKit\nlet f = UITextField()\nf.returnKeyType = .submit\n", "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := checkTyped(t, c.code)
			if c.want == "" {
				for _, f := range got {
					if f.Status.SaysMissing() {
						t.Fatalf("want no finding, got %+v", got)
					}
				}
				return
			}
			for _, f := range got {
				if f.Status == c.want && strings.Contains(f.Symbol, c.symbol) {
					if c.symbol == "rounded" && !strings.Contains(f.Why, ".system") {
						t.Errorf("the finding does not list the case its siblings name: %s", f.Why)
					}
					return
				}
			}
			t.Fatalf("want %s on %s, got %+v", c.want, c.symbol, got)
		})
	}
}
