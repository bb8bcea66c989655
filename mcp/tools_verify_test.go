package mcp

import (
	"strings"
	"testing"
)

func TestVerifySwift(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	code := "import SwiftUI\n\nstruct Counter: View {\n    @State private var n = 0\n    var body: some View {\n        Text(\"\\(n)\")\n            .paddign()\n            .padding()\n    }\n}\n"
	res, text := s.okResult("verify_swift", map[string]any{"code": code, "min_ios": "17.0"})
	// Findings first, with the nearest real name and its page.
	first := strings.SplitN(text, "\n", 2)[0]
	mustContain(t, first, "line 7: unknown Text.paddign", "nearest: padding (apple-docs://swiftui/view/padding(_:_:))")
	mustContain(t, text, "Resolved (", "Text  apple-docs://swiftui/text", "View  apple-docs://swiftui/view", "for iOS 17.0")
	var out struct {
		Lines    int `json:"lines"`
		Findings []struct {
			Line   int    `json:"line"`
			Symbol string `json:"symbol"`
			Status string `json:"status"`
		} `json:"findings"`
		Resolved []struct{ Name, URI string } `json:"resolved"`
	}
	structured(t, res, &out)
	if len(out.Findings) != 1 || out.Findings[0].Line != 7 || out.Findings[0].Status != "unknown" || len(out.Resolved) < 3 {
		t.Errorf("structured %+v", out)
	}
	if strings.Contains(text, "Counter") {
		t.Errorf("the code's own type is not a finding nor a citation:\n%s", text)
	}
}

func TestVerifySwiftRefusals(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	cases := map[string]struct {
		args map[string]any
		want string
	}{
		"empty":      {map[string]any{"code": "  \n "}, `"code": must not be empty`},
		"missing":    {map[string]any{}, `"code": is required`},
		"huge":       {map[string]any{"code": strings.Repeat("let a = 1\n", maxSwiftLen/10+1)}, "the limit is 65536"},
		"not swift":  {map[string]any{"code": "Dear reader,\n\nthis is a letter; it isn't code at all, is it? (No.)\n\nRegards, me.\n"}, "is not Swift"},
		"bad target": {map[string]any{"code": "let a = 1\n", "min_ios": "seventeen"}, "min_ios"},
		"wrong type": {map[string]any{"code": 42}, "must be a string"},
	}
	for name, tc := range cases {
		text := s.fails("verify_swift", tc.args)
		if !strings.Contains(text, tc.want) {
			t.Errorf("%s: %q lacks %q", name, text, tc.want)
		}
	}
}

// TestVerifySwiftNewerThanIndex: a name the index lacks inside `if
// #available(iOS 99, *)` is newer than the index, not an unknown finding.
func TestVerifySwiftNewerThanIndex(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	code := "import SwiftUI\n\nstruct V: View {\n    var body: some View {\n        if #available(iOS 99, *) {\n            Text(\"a\").prismGlow()\n        }\n        Text(\"b\").paddign()\n    }\n}\n"
	res, text := s.okResult("verify_swift", map[string]any{"code": code})
	mustContain(t, text, "line 6: newer than the index Text.prismGlow: newer than the index (", "line 8: unknown Text.paddign")
	var out struct {
		Findings       []struct{ Symbol string } `json:"findings"`
		NewerThanIndex []struct {
			Symbol, Status, Why string
		} `json:"newerThanIndex"`
	}
	structured(t, res, &out)
	if len(out.Findings) != 1 || len(out.NewerThanIndex) != 1 || out.NewerThanIndex[0].Status != "newer_than_index" {
		t.Errorf("structured %+v", out)
	}
}
