package mcp

import "testing"

// TestListSourcesCountsWholes: a source whose pages are parts of wholes says
// how many wholes it holds, in the text and in structuredContent.
func TestListSourcesCountsWholes(t *testing.T) {
	s := connect(t, Options{DBPath: fixtureDB(t)})
	res, text := s.okResult("list_sources", map[string]any{})
	mustContain(t, text, "sample projects)")
	var out struct {
		Sources []struct {
			Source    string `json:"source"`
			Documents int    `json:"documents"`
			Wholes    int    `json:"wholes"`
			WholeKind string `json:"wholeKind"`
		} `json:"sources"`
	}
	structured(t, res, &out)
	found := false
	for _, src := range out.Sources {
		switch src.Source {
		case "samples":
			found = true
			if src.Wholes < 1 || src.Wholes >= src.Documents || src.WholeKind != "sampleProject" {
				t.Errorf("samples row = %+v, want a project count below the page count", src)
			}
		case "apple-docs":
			if src.Wholes != 0 || src.WholeKind != "" {
				t.Errorf("apple-docs row counts wholes: %+v", src)
			}
		}
	}
	if !found {
		t.Errorf("no samples row in %+v", out.Sources)
	}
}

// TestCanonicalURIAcceptsWebAddresses: every tool that takes a URI takes the
// web addresses of the other sources as read_document does.
func TestCanonicalURIAcceptsWebAddresses(t *testing.T) {
	for raw, want := range map[string]string{
		"https://github.com/swiftlang/swift-evolution/blob/main/proposals/0306-actors.md": "swift-evolution://SE-0306",
		"https://developer.apple.com/documentation/swiftui/view":                          "apple-docs://swiftui/view",
		"SE-0306": "swift-evolution://SE-0306",
	} {
		got, err := canonicalURI(raw)
		if err != nil || got != want {
			t.Errorf("canonicalURI(%s) = %q, %v; want %q", raw, got, err, want)
		}
	}
}
