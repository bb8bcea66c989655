package docuri

import "testing"

// wantResults checks that f gives each input its wanted result.
func wantResults[In, Out comparable](t *testing.T, name string, f func(In) Out, want map[In]Out) {
	t.Helper()
	for in, w := range want {
		if got := f(in); got != w {
			t.Errorf("%s(%#v) = %#v, want %#v", name, in, got, w)
		}
	}
}

func TestIsLegacySegment(t *testing.T) {
	wantResults(t, "IsLegacySegment", IsLegacySegment, map[string]bool{
		"1407613-datatask": true, "1579352-mode_masks": true, "16-bit-signed-integer-vectors": false,
		"8-bit-signed-integer-vectors": false, "1407613-": false, "1407613": false, "datatask": false,
	})
}

func TestTitleSegment(t *testing.T) {
	wantResults(t, "TitleSegment", TitleSegment, map[string]string{
		"dataTask(with:completionHandler:)": "datatask(with:completionhandler:)",
		"initWithFrame:":                    "initwithframe:",
		"Mode Masks":                        "mode-masks",
		"vImage Buffer Type Codes":          "vimage-buffer-type-codes",
		"Speech-Channel Modes":              "speech-channel-modes",
		"/(_:_:)":                           "%2F(_:_:)",
		"removeObject(const OSString *)":    "removeobject(constosstring*)",
		"  ":                                "",
	})
}

func TestModernAddress(t *testing.T) {
	titles := map[string]string{
		"apple-docs://foundation/urlsession/1407613-datatask":            "dataTask(with:completionHandler:)",
		"apple-docs://appkit/1579352-mode_masks":                         "Mode Masks",
		"apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask": "NSFontPanelFaceModeMask",
	}
	modern := func(uri string) string { return ModernAddress(uri, func(u string) string { return titles[u] }) }
	wantResults(t, "ModernAddress", modern, map[string]string{
		"apple-docs://foundation/urlsession/1407613-datatask":            "apple-docs://foundation/urlsession/datatask(with:completionhandler:)",
		"apple-docs://appkit/1579352-mode_masks/nsfontpanelfacemodemask": "apple-docs://appkit/mode-masks/nsfontpanelfacemodemask",
		"apple-docs://appkit/1579353-untitled":                           "apple-docs://appkit/untitled",
		"apple-docs://swiftui/view":                                      "",
		"hig://general/color":                                            "",
	})
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
	wantResults(t, "WebURL", WebURL, map[string]string{
		"apple-docs://foundation/urlsession/datatask(with:)": "https://developer.apple.com/documentation/foundation/urlsession/datatask(with:)",
		"swift-org://documentation/lldb":                     "https://www.swift.org/documentation/lldb/",
		"swift-evolution://SE-0306":                          "",
	})
}
