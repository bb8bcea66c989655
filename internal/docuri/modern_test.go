package docuri

import "testing"

func TestIsLegacySegment(t *testing.T) {
	for seg, want := range map[string]bool{
		"1407613-datatask": true, "1579352-mode_masks": true, "16-bit-signed-integer-vectors": false,
		"8-bit-signed-integer-vectors": false, "1407613-": false, "1407613": false, "datatask": false,
	} {
		if got := IsLegacySegment(seg); got != want {
			t.Errorf("IsLegacySegment(%q) = %v", seg, got)
		}
	}
}

func TestTitleSegment(t *testing.T) {
	for title, want := range map[string]string{
		"dataTask(with:completionHandler:)": "datatask(with:completionhandler:)",
		"initWithFrame:":                    "initwithframe:",
		"Mode Masks":                        "mode-masks",
		"vImage Buffer Type Codes":          "vimage-buffer-type-codes",
		"Speech-Channel Modes":              "speech-channel-modes",
		"/(_:_:)":                           "%2F(_:_:)",
		"removeObject(const OSString *)":    "removeobject(constosstring*)",
		"  ":                                "",
	} {
		if got := TitleSegment(title); got != want {
			t.Errorf("TitleSegment(%q) = %q, want %q", title, got, want)
		}
	}
}

func TestModernAddress(t *testing.T) {
	titles := map[string]string{
		"apple-docs://foundation/urlsession/1407613-datatask":            "dataTask(with:completionHandler:)",
		"apple-docs://appkit/1579352-mode_masks":                         "Mode Masks",
		"apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask": "NSFontPanelFaceModeMask",
	}
	titleOf := func(u string) string { return titles[u] }
	for uri, want := range map[string]string{
		"apple-docs://foundation/urlsession/1407613-datatask":            "apple-docs://foundation/urlsession/datatask(with:completionhandler:)",
		"apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask": "apple-docs://appkit/mode-masks/nsfontpanelfacemodemask",
		"apple-docs://appkit/1579353-untitled":                           "apple-docs://appkit/untitled",
		"apple-docs://swiftui/view":                                      "",
		"hig://general/color":                                            "",
	} {
		if got := ModernAddress(uri, titleOf); got != want {
			t.Errorf("ModernAddress(%s) = %q, want %q", uri, got, want)
		}
	}
}

func TestFromWebURL(t *testing.T) {
	for raw, want := range map[string]struct{ uri, lang string }{
		"https://developer.apple.com/documentation/foundation/urlsession?language=objc":                             {"apple-docs://foundation/urlsession", "objc"},
		"https://developer.apple.com/documentation/SwiftUI/View":                                                    {"apple-docs://swiftui/view", ""},
		"https://developer.apple.com/design/human-interface-guidelines/dark-mode":                                   {"hig://general/darkmode", ""},
		"https://developer.apple.com/design/human-interface-guidelines/in-app-purchase/":                            {"hig://general/inapppurchase", ""},
		"https://docs.swift.org/swift-book/documentation/the-swift-programming-language/closures/":                  {"swift-book://closures", ""},
		"https://docs.swift.org/swift-book/documentation/the-swift-programming-language/closures#Trailing-Closures": {"swift-book://closures", ""},
		"https://docs.swift.org/swift-book/LanguageGuide/Closures.html":                                             {"swift-book://languageguide/closures", ""},
		"https://docs.swift.org/swift-book/documentation/the-swift-programming-language/":                           {"swift-book://the-swift-programming-language", ""},
		"https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md":                           {"swift-evolution://SE-0306", ""},
		"https://github.com/apple/swift-evolution/blob/master/proposals/0001-keywords-as-argument-labels.md":        {"swift-evolution://SE-0001", ""},
		"https://raw.githubusercontent.com/swiftlang/swift-evolution/main/proposals/0306-actors.md":                 {"swift-evolution://SE-0306", ""},
		"https://www.swift.org/documentation/api-design-guidelines/":                                                {"swift-org://documentation/api-design-guidelines", ""},
		"https://swift.org/blog/swift-5.9-released/":                                                                {"swift-org://blog/swift-5.9-released", ""},
	} {
		uri, lang, err := FromWebURL(raw)
		if err != nil || uri != want.uri || lang != want.lang {
			t.Errorf("FromWebURL(%s) = %q, %q, %v; want %q, %q", raw, uri, lang, err, want.uri, want.lang)
		}
	}
	for _, raw := range []string{"https://example.com/x", "https://github.com/swiftlang/swift/blob/main/README.md", "https://developer.apple.com/design/"} {
		if uri, _, err := FromWebURL(raw); err == nil {
			t.Errorf("FromWebURL(%s) = %q, want an error", raw, uri)
		}
	}
}

func TestWebURL(t *testing.T) {
	for uri, want := range map[string]string{
		"apple-docs://foundation/urlsession/datatask(with:)": "https://developer.apple.com/documentation/foundation/urlsession/datatask(with:)",
		"swift-org://documentation/lldb":                     "https://www.swift.org/documentation/lldb/",
		"swift-evolution://SE-0306":                          "",
	} {
		if got := WebURL(uri); got != want {
			t.Errorf("WebURL(%s) = %q, want %q", uri, got, want)
		}
	}
}
