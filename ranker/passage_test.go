package ranker

import (
	"strings"
	"testing"
)

func TestBestPassage(t *testing.T) {
	md := "# Session\n\nWWDC2024 · session 1\n\n## Transcript\n\nHello and welcome to the session.\n\n" +
		"First we look at layout.\n\nNow let's schedule widget timelines: a timeline provider returns entries for the widget.\n\n" +
		"Thanks for watching.\n\n## Code\n\n```swift\nwidget timeline\n```\n"
	stems := map[string]bool{stem("widget"): true, stem("timelines"): true}
	got := bestPassage(md, stems)
	if !strings.HasPrefix(got, "Now let's schedule widget timelines") {
		t.Errorf("passage = %q", got)
	}
	if bestPassage(md, map[string]bool{stem("unrelated"): true}) != "" {
		t.Error("a passage for words the transcript lacks")
	}
	if bestPassage("# No transcript\n", stems) != "" {
		t.Error("a passage from a page without a transcript")
	}
}

func TestClipAround(t *testing.T) {
	para := strings.Repeat("lorem ipsum dolor ", 60) + "TARGET word here " + strings.Repeat("sit amet ", 60)
	at := strings.Index(para, "TARGET")
	got := clipAround(para, at)
	if !strings.Contains(got, "TARGET") || !strings.HasPrefix(got, "…") || !strings.HasSuffix(got, "…") {
		t.Errorf("clip = %q", got)
	}
	if n := len([]rune(got)); n > passageRunes+2 {
		t.Errorf("clip has %d runes", n)
	}
}
