package docuri

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestFromURL(t *testing.T) {
	tests := []struct {
		in   string
		want string
		err  error
	}{
		// Accepted forms.
		{"https://developer.apple.com/documentation/SwiftUI/View?x=1#y", "apple-docs://swiftui/view", nil},
		{"http://developer.apple.com/documentation/SwiftUI/View", "apple-docs://swiftui/view", nil},
		{"HTTPS://Developer.Apple.COM/documentation/swiftui/view/", "apple-docs://swiftui/view", nil},
		{"https://developer.apple.com:443/documentation/swiftui", "apple-docs://swiftui", nil},
		{"//developer.apple.com/documentation/swiftui/view", "apple-docs://swiftui/view", nil},
		{"developer.apple.com/documentation/swiftui/view", "apple-docs://swiftui/view", nil},
		{"/documentation/SwiftUI/View", "apple-docs://swiftui/view", nil},
		{"documentation/SwiftUI/View", "apple-docs://swiftui/view", nil},
		{"  /documentation/SwiftUI/View\n", "apple-docs://swiftui/view", nil},
		{"/documentation//SwiftUI//View//", "apple-docs://swiftui/view", nil},
		{"/tutorials/data/documentation/SwiftUI/View.json", "apple-docs://swiftui/view", nil},
		{"tutorials/data/documentation/SwiftUI.json", "apple-docs://swiftui", nil},
		{"https://developer.apple.com/tutorials/data/documentation/Swift/Task.json?x", "apple-docs://swift/task", nil},
		{"doc://com.example.docs/documentation/SwiftUI/View", "apple-docs://swiftui/view", nil},
		{"apple-docs://swiftui/view", "apple-docs://swiftui/view", nil},
		{"apple-docs://SwiftUI/View/", "apple-docs://swiftui/view", nil},
		{"apple-docs://swiftui/view#frag", "apple-docs://swiftui/view", nil},
		{"/documentation/swiftui/view/padding(_:_:)", "apple-docs://swiftui/view/padding(_:_:)", nil},
		{"/documentation/Swift/Task/!=(_:_:)-754t2", "apple-docs://swift/task/!=(_:_:)-754t2", nil},
		{"/documentation/swiftui/view/body-swift.property", "apple-docs://swiftui/view/body-swift.property", nil},

		// The URI is lossless: "_" is kept everywhere (Key folds slugs).
		{"/documentation/HealthKit/setting_up_healthkit", "apple-docs://healthkit/setting_up_healthkit", nil},
		{"/documentation/HealthKit/setting-up-healthkit", "apple-docs://healthkit/setting-up-healthkit", nil},
		{"/documentation/swift/floatingpoint/_=(_:_:)", "apple-docs://swift/floatingpoint/_=(_:_:)", nil},
		{"/documentation/swift/floatingpoint/-=(_:_:)", "apple-docs://swift/floatingpoint/-=(_:_:)", nil},
		{"/documentation/swift/double/_(_:_:)", "apple-docs://swift/double/_(_:_:)", nil},
		{"/documentation/swift/double/-(_:_:)", "apple-docs://swift/double/-(_:_:)", nil},
		{"/documentation/swift/string/init(_:)", "apple-docs://swift/string/init(_:)", nil},
		{"/documentation/foundation/__c_string", "apple-docs://foundation/__c_string", nil},
		{"/documentation/kernel/_os_log_fmt", "apple-docs://kernel/_os_log_fmt", nil},
		{"/documentation/x/a_(b_c)_d", "apple-docs://x/a_(b_c)_d", nil},
		{"/documentation/x/f_a(b_c)g_h", "apple-docs://x/f_a(b_c)g_h", nil},
		{"/documentation/x/trailing_", "apple-docs://x/trailing_", nil},
		{"/documentation/x/a__b", "apple-docs://x/a__b", nil},

		// The framework segment keeps its "_".
		{"/documentation/installer_js", "apple-docs://installer_js", nil},
		{"/documentation/installer_js/choice", "apple-docs://installer_js/choice", nil},
		{"/documentation/Apple_Search_Ads/Ad_Group", "apple-docs://apple_search_ads/ad_group", nil},
		{"/documentation/Professional-Video-Applications", "apple-docs://professional-video-applications", nil},
		{"/documentation/professional_video_applications", "apple-docs://professional_video_applications", nil},

		// Percent-decoding and re-escaping.
		{"/documentation/swift/int/%2B(_:_:)", "apple-docs://swift/int/+(_:_:)", nil},
		{"/documentation/swift/int/%25(_:_:)", "apple-docs://swift/int/%25(_:_:)", nil},
		{"/documentation/x/a%2Fb", "apple-docs://x/a%2Fb", nil},
		{"/documentation/x/a%2fb", "apple-docs://x/a%2Fb", nil},
		{"/documentation/x/a%3Fb%23c%20d", "apple-docs://x/a%3Fb%23c%20d", nil},
		{"/documentation/x/a%5Fb", "apple-docs://x/a_b", nil},
		{"/documentation/x/%C3%89t%C3%A9", "apple-docs://x/été", nil},
		{"apple-docs://x/a%2Fb", "apple-docs://x/a%2Fb", nil},

		// Rejections.
		{"", "", ErrEmpty},
		{"   ", "", ErrEmpty},
		{"https://example.com/documentation/swiftui", "", ErrForeignHost},
		{"https://developer.apple.com.evil.com/documentation/swiftui", "", ErrForeignHost},
		{"ftp://developer.apple.com/documentation/swiftui", "", ErrForeignHost},
		{"/documentation", "", ErrNotDocumentation},
		{"/documentation/", "", ErrNotDocumentation},
		{"https://developer.apple.com/documentation/", "", ErrNotDocumentation},
		{"https://developer.apple.com", "", ErrNotDocumentation},
		{"/tutorials/swiftui", "", ErrNotDocumentation},
		{"/tutorials/data/index/swiftui.json", "", ErrNotDocumentation},
		{"/design/human-interface-guidelines", "", ErrNotDocumentation},
		{"apple-docs://", "", ErrNotDocumentation},
		{"doc://com.example.docs", "", ErrNotDocumentation},
		{"/documentation/swiftui/../uikit", "", ErrBadURI},
		{"/documentation/swiftui/./view", "", ErrBadURI},
		{"/documentation/swiftui/%2e%2E/view", "", ErrBadURI},
		{"/documentation/..", "", ErrBadURI},
		{"apple-docs://swiftui/..", "", ErrBadURI},
		{"/documentation/swiftui/view%00", "", ErrBadURI},
		{"/documentation/swiftui/vi\x01ew", "", ErrBadURI},
		{"/documentation/swiftui/view%", "", ErrBadURI},
		{"/documentation/swiftui/view%zz", "", ErrBadURI},
		{"/documentation/swiftui/%ff", "", ErrBadURI},
	}
	for _, tt := range tests {
		got, err := FromURL(tt.in)
		if !errors.Is(err, tt.err) || got != tt.want {
			t.Errorf("FromURL(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

// The pages the original tool merged must stay distinct.
func TestFromURLKeepsOperatorPagesDistinct(t *testing.T) {
	pages := []string{
		"/documentation/Swift/FloatingPoint/_=(_:_:)",
		"/documentation/Swift/FloatingPoint/-=(_:_:)",
		"/documentation/Swift/Double/_(_:_:)",
		"/documentation/Swift/Double/-(_:_:)",
	}
	seen := map[string]string{}
	for _, p := range pages {
		u, err := FromURL(p)
		if err != nil {
			t.Fatalf("FromURL(%q): %v", p, err)
		}
		if prev, ok := seen[u]; ok {
			t.Errorf("%q and %q both map to %q", prev, p, u)
		}
		seen[u] = p
	}
}

func TestToURLAndJSONPath(t *testing.T) {
	tests := []struct {
		uri, url, json string
	}{
		{"apple-docs://swiftui/view", "https://developer.apple.com/documentation/swiftui/view", "/tutorials/data/documentation/swiftui/view.json"},
		{"apple-docs://swiftui", "https://developer.apple.com/documentation/swiftui", "/tutorials/data/documentation/swiftui.json"},
		{"apple-docs://swift/floatingpoint/_=(_:_:)", "https://developer.apple.com/documentation/swift/floatingpoint/_=(_:_:)", "/tutorials/data/documentation/swift/floatingpoint/_=(_:_:).json"},
		{"apple-docs://swift/int/%25(_:_:)", "https://developer.apple.com/documentation/swift/int/%25(_:_:)", "/tutorials/data/documentation/swift/int/%25(_:_:).json"},
		{"apple-docs://x/été", "https://developer.apple.com/documentation/x/%C3%A9t%C3%A9", "/tutorials/data/documentation/x/%C3%A9t%C3%A9.json"},
		{"apple-docs://x/a\"b<c>", "https://developer.apple.com/documentation/x/a%22b%3Cc%3E", "/tutorials/data/documentation/x/a%22b%3Cc%3E.json"},
		{"apple-docs://SwiftUI/View", "https://developer.apple.com/documentation/swiftui/view", "/tutorials/data/documentation/swiftui/view.json"},
	}
	for _, tt := range tests {
		if got, err := ToURL(tt.uri); err != nil || got != tt.url {
			t.Errorf("ToURL(%q) = %q, %v; want %q", tt.uri, got, err, tt.url)
		}
		if got, err := JSONPath(tt.uri); err != nil || got != tt.json {
			t.Errorf("JSONPath(%q) = %q, %v; want %q", tt.uri, got, err, tt.json)
		}
	}
	for _, bad := range []string{"", "https://developer.apple.com/documentation/swiftui", "swift-evolution://SE-0306", "apple-docs://", "apple-docs://x/.."} {
		if _, err := ToURL(bad); err == nil {
			t.Errorf("ToURL(%q) succeeded, want error", bad)
		}
		if _, err := JSONPath(bad); err == nil {
			t.Errorf("JSONPath(%q) succeeded, want error", bad)
		}
	}
}

func TestFrameworkAndParent(t *testing.T) {
	tests := []struct {
		uri, framework, parent string
	}{
		{"apple-docs://swiftui/view/padding(_:_:)", "swiftui", "apple-docs://swiftui/view"},
		{"apple-docs://swiftui/view", "swiftui", "apple-docs://swiftui"},
		{"apple-docs://swiftui", "swiftui", ""},
		{"apple-docs://installer_js/choice", "installer_js", "apple-docs://installer_js"},
		{"apple-docs://x/a%2Fb", "x", "apple-docs://x"},
		{"swift-evolution://SE-0306", "", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := Framework(tt.uri); got != tt.framework {
			t.Errorf("Framework(%q) = %q, want %q", tt.uri, got, tt.framework)
		}
		if got := Parent(tt.uri); got != tt.parent {
			t.Errorf("Parent(%q) = %q, want %q", tt.uri, got, tt.parent)
		}
	}
}

// checkProperties asserts the invariants every input must satisfy; shared by
// the table of seeds and the fuzz target.
func checkProperties(t *testing.T, in string) {
	t.Helper()
	u, err := FromURL(in)
	if err != nil {
		if u != "" {
			t.Fatalf("FromURL(%q) returned %q with error %v", in, u, err)
		}
		return
	}
	if !strings.HasPrefix(u, Scheme) || Framework(u) == "" {
		t.Fatalf("FromURL(%q) = %q: not a canonical URI", in, u)
	}
	again, err := FromURL(u)
	if err != nil || again != u {
		t.Fatalf("not idempotent: FromURL(%q) = %q, FromURL(%q) = %q, %v", in, u, u, again, err)
	}
	if u != strings.ToLower(u) && !strings.Contains(u, "%") {
		t.Fatalf("FromURL(%q) = %q: not lowercase", in, u)
	}
	web, err := ToURL(u)
	if err != nil {
		t.Fatalf("ToURL(%q): %v", u, err)
	}
	if back, err := FromURL(web); err != nil || back != u {
		t.Fatalf("not reversible: ToURL(%q) = %q, FromURL(that) = %q, %v", u, web, back, err)
	}
	jp, err := JSONPath(u)
	if err != nil {
		t.Fatalf("JSONPath(%q): %v", u, err)
	}
	if back, err := FromURL(jp); err != nil || back != u {
		t.Fatalf("JSONPath not reversible: JSONPath(%q) = %q, FromURL(that) = %q, %v", u, jp, back, err)
	}
	if p := Parent(u); p != "" {
		if cp, err := FromURL(p); err != nil || cp != p {
			t.Fatalf("Parent(%q) = %q is not canonical (%q, %v)", u, p, cp, err)
		}
	}
}

var propertySeeds = []string{
	"https://developer.apple.com/documentation/SwiftUI/View?x=1#y",
	"/documentation/swift/floatingpoint/_=(_:_:)",
	"/documentation/swift/double/_(_:_:)",
	"/documentation/HealthKit/setting_up_healthkit",
	"/tutorials/data/documentation/Swift/Task/!=(_:_:)-754t2.json",
	"apple-docs://installer_js/choice",
	"/documentation/x/a%2Fb%25c%3F%23%20",
	"/documentation/x/%C3%89T%C3%89_x",
	"/documentation/x/\u212a_a",
	"/documentation/x/İ_i",
	"doc://com.example.docs/documentation/Foo/bar_baz",
	"/documentation/x/a\"b<c>{d}|e\\f^g`h[i]",
	"/documentation/x/'...(_:_:)",
	"/documentation/Apple_Search_Ads",
}

func TestProperties(t *testing.T) {
	for _, s := range propertySeeds {
		checkProperties(t, s)
	}
}

func FuzzFromURL(f *testing.F) {
	for _, s := range propertySeeds {
		f.Add(s)
	}
	f.Add("")
	f.Add("/documentation/..")
	f.Add("https://example.com/documentation/x")
	f.Fuzz(func(t *testing.T, in string) {
		checkProperties(t, in)
	})
}

func TestKeyFoldsOnlySlugUnderscores(t *testing.T) {
	cases := []struct{ uri, key string }{
		{"apple-docs://healthkit/setting_up_healthkit", "apple-docs://healthkit/setting-up-healthkit"},
		{"apple-docs://healthkit/setting-up-healthkit", "apple-docs://healthkit/setting-up-healthkit"},
		{"apple-docs://swift/floatingpoint/_=(_:_:)", "apple-docs://swift/floatingpoint/_=(_:_:)"},
		{"apple-docs://swift/double/_(_:_:)", "apple-docs://swift/double/_(_:_:)"},
		{"apple-docs://swift/string/init(_:)", "apple-docs://swift/string/init(_:)"},
		{"apple-docs://foundation/__c_string", "apple-docs://foundation/__c-string"},
		{"apple-docs://x/f_a(b_c)g_h", "apple-docs://x/f-a(b_c)g-h"},
		{"apple-docs://installer_js", "apple-docs://installer_js"},
		{"apple-docs://installer_js/some_page", "apple-docs://installer_js/some-page"},
		{"swift-evolution://SE-0001", "swift-evolution://SE-0001"},
	}
	for _, c := range cases {
		if got := Key(c.uri); got != c.key {
			t.Errorf("Key(%q) = %q, want %q", c.uri, got, c.key)
		}
		if again := Key(Key(c.uri)); again != Key(c.uri) {
			t.Errorf("Key is not idempotent on %q: %q", c.uri, again)
		}
	}
}

// TestPlainPathIsEscapedPath checks escapedPath's shortcut against the
// whole canonicalisation: for every URI it takes, both give one answer.
func TestPlainPathIsEscapedPath(t *testing.T) {
	alphabet := "abcxyz019-_~!$&'()*+,;=:@/.%?# AZé\t"
	uris := []string{"apple-docs://swiftui/view", "apple-docs://matter/mtrbasecluster/readattribute(_:completion:)",
		"apple-docs://swift/+=(_:_:)", "apple-docs://swiftui", "apple-docs://a//b", "apple-docs://a/", "apple-docs://a/./b"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b strings.Builder
		b.WriteString(Scheme)
		for range 1 + r.IntN(24) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		uris = append(uris, b.String())
	}
	taken := 0
	for _, uri := range uris {
		fast, ok := plainPath(uri)
		if !ok {
			continue
		}
		taken++
		canon, err := FromURL(uri)
		if err != nil {
			t.Errorf("plainPath takes %q, which FromURL refuses: %v", uri, err)
			continue
		}
		if canon != uri {
			t.Errorf("plainPath takes %q, which FromURL makes %q", uri, canon)
		}
		var slow strings.Builder
		for i := len(Scheme); i < len(canon); i++ {
			if c := canon[i]; c == '%' || c == '/' || isPathChar(c) {
				slow.WriteByte(c)
			} else {
				writeEscape(&slow, c)
			}
		}
		if fast != slow.String() {
			t.Errorf("plainPath(%q) = %q, escaping gives %q", uri, fast, slow.String())
		}
	}
	if taken < 100 {
		t.Errorf("plainPath took only %d of %d URIs: the comparison proves little", taken, len(uris))
	}
}
