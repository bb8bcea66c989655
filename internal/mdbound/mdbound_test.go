package mdbound

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

const page = "# View\n\nA type.\n\n## Declaration\n\n```swift\n## not a heading\nprotocol View\n```\n\n## Overview\n\nText.\n\n## Topics\n\n- a\n"

func TestSplitIgnoresHeadingsInCode(t *testing.T) {
	got := Names(page)
	want := []string{"Declaration", "Overview", "Topics"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Names = %v, want %v", got, want)
	}
	var joined strings.Builder
	for _, s := range Split(page) {
		joined.WriteString(s.Text)
	}
	if joined.String() != page {
		t.Fatalf("sections do not reassemble the page")
	}
}

func TestSelectKeepsHeadAndMatches(t *testing.T) {
	got, missing := Select(page, []string{"decl", "nope"})
	if !strings.HasPrefix(got, "# View") || !strings.Contains(got, "protocol View") || strings.Contains(got, "## Topics") {
		t.Fatalf("Select = %q", got)
	}
	if !reflect.DeepEqual(missing, []string{"nope"}) {
		t.Fatalf("missing = %v", missing)
	}
}

func TestWindowCutsAtLinesAndContinues(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 100; i++ {
		b.WriteString("line é with text\n")
	}
	md := b.String()
	var all strings.Builder
	off, steps := 0, 0
	for {
		part, next := Window(md, off, 100)
		if len(part) > 100 || !utf8.ValidString(part) {
			t.Fatalf("bad window at %d: %q", off, part)
		}
		all.WriteString(part)
		steps++
		if next == 0 {
			break
		}
		if !strings.HasSuffix(part, "\n") {
			t.Fatalf("window at %d does not end at a line", off)
		}
		off = next
	}
	if all.String() != md || steps < 10 {
		t.Fatalf("windows do not reassemble the page (%d steps)", steps)
	}
	if got, next := Window(md, len(md)+5, 10); got != "" || next != 0 {
		t.Fatalf("offset past the end: %q, %d", got, next)
	}
}
