package crawler

import (
	"errors"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	return testenv.ReadFile(t, "testdata/docs/"+name)
}

func linkURIs(t *testing.T, origin string, raw []string) []string {
	t.Helper()
	var out []string
	for _, r := range raw {
		if l, ok := resolveLink(origin, r); ok && !slices.Contains(out, l.URI) {
			out = append(out, l.URI)
		}
	}
	slices.Sort(out)
	return out
}

func TestParsePageLinks(t *testing.T) {
	cases := []struct {
		file, title string
		want        []string
	}{
		// The technologies page links its technologies through sections.
		{"technologies.json", "Technologies", []string{"apple-docs://kit", "apple-docs://other"}},
		// Topics, see-also, hierarchy and a second spelling of Widget: one URI each.
		{"Kit.json", "Kit", []string{"apple-docs://kit/gadget", "apple-docs://kit/setting_up_kit", "apple-docs://kit/widget", "apple-docs://technologies"}},
		// Relationships, operator pages and the long name.
		{"Kit/Widget.json", "Widget", []string{
			"apple-docs://kit",
			"apple-docs://kit/widget/!=(_:_:)",
			"apple-docs://kit/widget/frame(width:height:)",
			"apple-docs://kit/widget/init(longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:longargumentlabel:)",
			"apple-docs://other/base",
			"apple-docs://technologies",
		}},
		// Foreign hosts and tutorials are not documentation.
		{"Kit/setting_up_kit.json", "Setting Up Kit", []string{"apple-docs://kit", "apple-docs://technologies"}},
	}
	for _, c := range cases {
		info, err := parsePage(readFixture(t, c.file))
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if info.Title != c.title {
			t.Errorf("%s: title %q, want %q", c.file, info.Title, c.title)
		}
		if got := linkURIs(t, "", info.Links); !slices.Equal(got, c.want) {
			t.Errorf("%s: links\n got %q\nwant %q", c.file, got, c.want)
		}
	}
}

func TestParsePageRejects(t *testing.T) {
	cases := []struct {
		body string
		want error
	}{
		{"", ErrPlaceholder},
		{"  \n", ErrPlaceholder},
		{"null", ErrPlaceholder},
		{"<!doctype html><html></html>", ErrPlaceholder},
		{`{"metadata":{"title":null}}`, ErrPlaceholder},
		{`{"metadata":{"title":"  "}}`, ErrPlaceholder},
		{`{"identifier":{"url":"x"}}`, ErrPlaceholder},
		{`{"metadata":{"title":"Apple Developer Documentation"},"abstract":[],"references":{}}`, ErrPlaceholder},
		{`{"metadata":{"title":"Error"},"primaryContentSections":null}`, ErrPlaceholder},
		{`{"metadata":{"title":"Not Found"},"sections":[]}`, ErrPlaceholder},
		{`{"metadata":{"title":"View"`, ErrMalformed},
		{`[1,2]`, ErrMalformed},
	}
	for _, c := range cases {
		if _, err := parsePage([]byte(c.body)); !errors.Is(err, c.want) {
			t.Errorf("parsePage(%q) = %v, want %v", c.body, err, c.want)
		}
	}
	// Swift's Error protocol is a real page: it has content.
	for _, body := range []string{
		`{"metadata":{"title":"Error"},"abstract":[{"type":"text","text":"A type representing an error value."}]}`,
		`{"metadata":{"title":"error"},"primaryContentSections":[{"kind":"declarations"}]}`,
		`{"metadata":{"title":"Documentation"},"topicSections":[{"identifiers":["/documentation/kit"]}]}`,
	} {
		if _, err := parsePage([]byte(body)); err != nil {
			t.Errorf("parsePage(%s): %v", body, err)
		}
	}
	// A field of an unexpected shape does not make a page malformed.
	info, err := parsePage([]byte(`{"metadata":{"title":"Odd"},"topicSections":"surprise","references":{"r":{"url":"/documentation/kit/a"}}}`))
	if err != nil || info.Title != "Odd" || !slices.Contains(info.Links, "/documentation/kit/a") {
		t.Fatalf("odd page: %+v, %v", info, err)
	}
}

func TestResolveLink(t *testing.T) {
	const origin = "http://127.0.0.1:8080"
	cases := []struct {
		raw, uri, path string
	}{
		{"/documentation/swiftui/view", "apple-docs://swiftui/view", "/documentation/swiftui/view"},
		{"doc://org.example.SwiftUI/documentation/SwiftUI/View", "apple-docs://swiftui/view", "/documentation/SwiftUI/View"},
		{"https://developer.apple.com/documentation/SwiftUI/View?language=objc#x", "apple-docs://swiftui/view", "/documentation/SwiftUI/View"},
		{origin + "/documentation/kit/a_b", "apple-docs://kit/a_b", "/documentation/kit/a_b"},
		{"/tutorials/data/documentation/Kit/Widget.json", "apple-docs://kit/widget", "/documentation/Kit/Widget"},
		{"/documentation/swift/int/!=(_:_:)", "apple-docs://swift/int/!=(_:_:)", "/documentation/swift/int/!=(_:_:)"},
	}
	for _, c := range cases {
		l, ok := resolveLink(origin, c.raw)
		if !ok || l.URI != c.uri || l.Path != c.path {
			t.Errorf("resolveLink(%q) = %+v, %v; want %s %s", c.raw, l, ok, c.uri, c.path)
		}
	}
	for _, raw := range []string{"https://example.com/documentation/x", "http://127.0.0.1:9999/documentation/x", "/tutorials/swiftui", "/design/human-interface-guidelines", "", "doc://bundle"} {
		if l, ok := resolveLink(origin, raw); ok {
			t.Errorf("resolveLink(%q) = %+v, want not followed", raw, l)
		}
	}
}

func TestRequestPath(t *testing.T) {
	cases := map[string]string{
		"/documentation/SwiftUI/View":          "/documentation/swiftui/view",
		"/documentation/swift/int/!=(_:_:)":    "/documentation/swift/int/!=(_:_:)",
		"/documentation/kit/caf%C3%A9":         "/documentation/kit/caf%C3%A9",
		"/documentation/kit/a b":               "/documentation/kit/a%20b",
		"/documentation/swift/int/%2F=(_:_:)":  "/documentation/swift/int/%2F=(_:_:)",
		"/documentation/kit/50%":               "/documentation/kit/50%25",
		"/documentation/kit/question?mark#not": "/documentation/kit/question%3Fmark%23not",
	}
	for in, want := range cases {
		if got := requestPath(in); got != want {
			t.Errorf("requestPath(%q) = %q, want %q", in, got, want)
		}
	}
}
