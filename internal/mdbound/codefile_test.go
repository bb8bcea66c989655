package mdbound

import (
	"strings"
	"testing"
)

func TestCodeFileRoundTrip(t *testing.T) {
	for _, text := range []string{
		"import SwiftUI\n\nstruct A: View {}\n",
		"no final newline",
		"let doc = \"\"\"\n```swift\nlet x = 1\n```\n\"\"\"\n",
		"````\n````\n",
		"",
		"\n\n",
	} {
		page := CodeFile("A.swift", "Project: [X](samples://x)", "swift", text)
		got, ok := CodeFileText(page)
		if !ok {
			t.Fatalf("no code block in %q", page)
		}
		want := text
		if want != "" && !strings.HasSuffix(want, "\n") {
			want += "\n"
		}
		if got != want {
			t.Errorf("round trip of %q gave %q", text, got)
		}
	}
}

func TestCodeFileTextWithoutBlock(t *testing.T) {
	if _, ok := CodeFileText("# Title\n\nJust prose.\n"); ok {
		t.Error("a page without a fenced block reported one")
	}
}

func FuzzCodeFileRoundTrip(f *testing.F) {
	f.Add("func f() {}\n")
	f.Add("```\n~~~\n")
	f.Fuzz(func(t *testing.T, text string) {
		page := CodeFile("t", "", "swift", text)
		got, ok := CodeFileText(page)
		want := text
		if want != "" && !strings.HasSuffix(want, "\n") {
			want += "\n"
		}
		if !ok || got != want {
			t.Fatalf("round trip of %q gave %q (ok %v)", text, got, ok)
		}
	})
}

func TestLines(t *testing.T) {
	if got := Lines("a\nb\n"); len(got) != 2 || got[1] != "b" {
		t.Errorf("Lines = %q", got)
	}
	if got := Lines(""); got != nil {
		t.Errorf("Lines of empty = %q", got)
	}
}
