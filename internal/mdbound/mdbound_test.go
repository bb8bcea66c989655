package mdbound

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// page is shaped like a page Cupertino's renderer writes for an Apple
// symbol, with a heading inside its code.
const page = "# padding(_:_:)\n\nInstance Method · SwiftUI\n\nAdds padding.\n\n" +
	"## Declaration\n\n```swift\n## not a heading\nfunc padding(_ edges: Edge.Set, _ length: CGFloat?) -> some View\n```\n\n" +
	"## Parameters\n\n- edges: The edges.\n\n## Return Value\n\nA view.\n\n" +
	"## Mentioned In\n\n- Laying out views\n\n## Discussion\n\nText.\n\n### Details\n\nMore.\n\n" +
	"## Topics\n\n### Modifiers\n\n- a\n\n## Relationships\n\n## Default Implementations\n\n## See Also\n\n- b\n"

func TestSplitCutsAtLevelTwoAndReassembles(t *testing.T) {
	got := Names(page, 0)
	want := []string{"Declaration", "Parameters", "Return Value", "Mentioned In", "Discussion", "Topics", "Relationships", "Default Implementations", "See Also"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Names = %q, want %q", got, want)
	}
	if got := Names(page, 2); !reflect.DeepEqual(got, want[:2]) {
		t.Errorf("Names(page, 2) = %q", got)
	}
	sections := Split(page)
	var joined strings.Builder
	line := 1
	for i, s := range sections {
		joined.WriteString(s.Text)
		if s.Text != page[s.Start:s.End] || s.FirstLine != line {
			t.Errorf("section %d %q: bytes [%d,%d) lines %d–%d, expected first line %d", i, s.Name, s.Start, s.End, s.FirstLine, s.LastLine, line)
		}
		line = s.LastLine + 1
	}
	if joined.String() != page {
		t.Fatalf("sections do not reassemble the page")
	}
	if head := sections[0]; head.Level != 0 || head.Name != "" || !strings.HasPrefix(head.Text, "# padding") {
		t.Errorf("head = %+v", head)
	}
	if last := sections[len(sections)-1]; last.LastLine != strings.Count(page, "\n") {
		t.Errorf("last section ends at line %d of %d", last.LastLine, strings.Count(page, "\n"))
	}
	if s := Split("## Only\n"); len(s) != 1 || s[0].Name != "Only" {
		t.Errorf("an empty head is left out: %+v", s)
	}
}

func TestOutlineNestsSubsections(t *testing.T) {
	byName := map[string]Section{}
	for _, s := range Outline(page) {
		byName[s.Name] = s
	}
	disc, details := byName["Discussion"], byName["Details"]
	if disc.Level != 2 || details.Level != 3 || !strings.Contains(disc.Text, "### Details") || disc.End != byName["Topics"].Start {
		t.Errorf("Discussion = %+v, Details = %+v", disc, details)
	}
	if details.End != disc.End || details.LastLine != disc.LastLine {
		t.Errorf("Details should end with Discussion: %+v", details)
	}
	if title := byName["padding(_:_:)"]; title.Level != 1 || title.End != len(page) {
		t.Errorf("the title section spans the page: %+v", title)
	}
}

func selectNames(t *testing.T, md string, want ...string) ([]string, Selection) {
	t.Helper()
	sel, err := Select(context.Background(), md, want)
	if err != nil {
		t.Fatal(err)
	}
	return Names(sel.Text, 0), sel
}

func TestSelectTiers(t *testing.T) {
	cases := []struct {
		want []string
		got  []string
	}{
		{[]string{"Declaration"}, []string{"Declaration"}},
		{[]string{"decl", "param"}, []string{"Declaration", "Parameters"}},
		{[]string{"also"}, []string{"See Also"}},
		{[]string{"seeAlso"}, []string{"See Also"}},
		{[]string{"see-also"}, []string{"See Also"}},
		{[]string{"defaultImplementations"}, []string{"Default Implementations"}},
		{[]string{"returns"}, []string{"Return Value"}},
		{[]string{"params"}, []string{"Parameters"}},
		{[]string{"mentions"}, []string{"Mentioned In"}},
		{[]string{"related"}, []string{"See Also"}},
		{[]string{"members"}, []string{"Topics"}},
		{[]string{"OVERVIEW"}, []string{"Discussion"}},
		{[]string{" topics ", ""}, []string{"Topics"}},
		{[]string{"ion"}, []string{"Declaration", "Mentioned In", "Discussion", "Relationships", "Default Implementations"}},
	}
	for _, c := range cases {
		got, sel := selectNames(t, page, c.want...)
		if !reflect.DeepEqual(got, c.got) || len(sel.Unmatched) != 0 || sel.Picked != len(c.got) {
			t.Errorf("Select(%q) = %q (%d picked, unmatched %q), want %q", c.want, got, sel.Picked, sel.Unmatched, c.got)
		}
		if !strings.HasPrefix(sel.Text, "# padding(_:_:)\n\nInstance Method") {
			t.Errorf("Select(%q) dropped the head", c.want)
		}
	}
}

func TestSelectExactBeatsContains(t *testing.T) {
	md := "# Big\n\n## Part 7\n\nseven\n\n## Part 70\n\nseventy\n\n## Discussion of parts\n"
	if got, _ := selectNames(t, md, "part 7"); !reflect.DeepEqual(got, []string{"Part 7"}) {
		t.Errorf("exact: %q", got)
	}
	if got, _ := selectNames(t, md, "Part"); len(got) != 3 {
		t.Errorf("contains: %q", got)
	}
	// An alias is tried only when the name itself picks nothing.
	if got, _ := selectNames(t, md, "discussion"); !reflect.DeepEqual(got, []string{"Discussion of parts"}) {
		t.Errorf("contains before alias: %q", got)
	}
}

func TestSelectReportsUnmatched(t *testing.T) {
	got, sel := selectNames(t, page, "decl", "nope", "returns")
	if !reflect.DeepEqual(got, []string{"Declaration", "Return Value"}) || !reflect.DeepEqual(sel.Unmatched, []string{"nope"}) {
		t.Errorf("Select = %q, unmatched %q", got, sel.Unmatched)
	}
	_, sel = selectNames(t, page)
	if sel.Picked != 0 || !strings.HasSuffix(sel.Text, "Adds padding.\n\n") {
		t.Errorf("no names keeps the head only: %+v", sel)
	}
	if got := ParseList(" a, ,b ,,"); !reflect.DeepEqual(got, []string{"a", "b"}) {
		t.Errorf("ParseList = %q", got)
	}
}

func TestAliasesPointAtRenderedHeadings(t *testing.T) {
	headings := Names(page, 0)
	seen := map[string]bool{}
	for _, a := range Aliases {
		if seen[compact(a.Name)] {
			t.Errorf("alias %q listed twice", a.Name)
		}
		seen[compact(a.Name)] = true
		if len(pick(a.Name, headings)) == 0 {
			t.Errorf("alias %q picks nothing on a rendered page", a.Name)
		}
	}
	if help := AliasHelp(); !strings.Contains(help, "\n- params, args, arguments: parameters\n") {
		t.Errorf("AliasHelp = %q", help)
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
	if got, next := Window(md, 0, 0); got != md || next != 0 {
		t.Fatalf("max 0 is no limit: %d bytes, next %d", len(got), next)
	}
}

func TestWindowOnLongLinesAndRunes(t *testing.T) {
	// One short line, then a line far longer than the window: the window
	// keeps most of its room instead of stopping after the short line.
	md := "short\n" + strings.Repeat("ééé ", 100)
	part, next := Window(md, 0, 100)
	if len(part) < 80 || len(part) > 100 || next != len(part) || !utf8.ValidString(part) {
		t.Errorf("long line: %d bytes, next %d", len(part), next)
	}
	// An offset inside a character moves to the next one.
	part, _ = Window(md, next+1, 10)
	if !utf8.ValidString(part) {
		t.Errorf("offset inside a rune: %q", part)
	}
	// A window smaller than one character still moves on.
	part, next = Window("é", 0, 1)
	if part != "é" || next != 0 {
		t.Errorf("tiny window: %q, %d", part, next)
	}
	if part, next = Window("éa", 0, 1); part != "é" || next != 2 {
		t.Errorf("tiny window: %q, %d", part, next)
	}
}
