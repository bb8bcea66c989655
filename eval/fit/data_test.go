package fit

import (
	"slices"
	"testing"
)

// TestRewordAbstract: the first sentence, without the title's words (and
// their CamelCase parts) and articles, lower-case; too little left is "".
func TestRewordAbstract(t *testing.T) {
	for _, tc := range []struct{ summary, title, want string }{
		{"An object that coordinates a group of related, network data transfer tasks.", "URLSession",
			"object that coordinates group of related network data transfer tasks"},
		{"A view that displays one or more lines of read-only text. Use it for labels.", "Text",
			"view that displays one or more lines of read-only"},
		{"The text view.", "UITextView", ""},
	} {
		if got := RewordAbstract(tc.summary, tc.title); got != tc.want {
			t.Errorf("RewordAbstract(%q, %q) = %q, want %q", tc.summary, tc.title, got, tc.want)
		}
	}
}

// TestCodeLine: the line at the reference, or the nearest below it that
// holds the name's last part (the Markdown's fence shifts lines by one);
// when that line is a comment or a fragment, the row gives no query.
func TestCodeLine(t *testing.T) {
	text := "```swift\nimport SwiftUI\n// Image is drawn here\nlet image = Image(systemName: \"star\")\nx\n```"
	// Line 3 of the source is line 4 of the Markdown.
	if got := CodeLine(text, 4, "Image"); got != `let image = Image(systemName: "star")` {
		t.Errorf("CodeLine at a fence's offset = %q", got)
	}
	if got := CodeLine(text, 2, "Image"); got != "" {
		t.Errorf("CodeLine where the nearest line naming it is a comment = %q, want none", got)
	}
	if got := CodeLine(text, 1, "URLSession.shared"); got != "" {
		t.Errorf("CodeLine without the name = %q", got)
	}
}

// TestSentences: prose splits at sentence ends; headings, tables and
// code blocks are left out.
func TestSentences(t *testing.T) {
	got := Sentences("# Title\nFirst one. Second one? Third\n```\nlet x = 1. y\n```\n| a | b |\n- Item here")
	want := []string{"First one.", "Second one?", "Third", "Item here"}
	if !slices.Equal(got, want) {
		t.Errorf("Sentences = %q, want %q", got, want)
	}
}

// TestStratum: Apple's kinds fall in three strata; data references in none.
func TestStratum(t *testing.T) {
	for kind, want := range map[string]string{"class": "type", "article": "guide", "func": "member", "dictionary": ""} {
		if got := Stratum(kind); got != want {
			t.Errorf("Stratum(%q) = %q, want %q", kind, got, want)
		}
	}
}
