package mdbound

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// headingTexts is "level:text" for every heading of md.
func headingTexts(md string) []string {
	var out []string
	for _, h := range Headings(md) {
		out = append(out, strings.Repeat("#", h.Level)+" "+h.Text)
	}
	return out
}

// wantHeadings fails the test unless md's headings are want, in order.
func wantHeadings(t *testing.T, md string, want ...string) {
	t.Helper()
	if got := headingTexts(md); !reflect.DeepEqual(got, want) {
		t.Errorf("headings = %q, want %q\npage:\n%s", got, want, md)
	}
}

// TestFencesFollowCommonMark: each case is a page whose only real headings
// are "## Before" and "## After"; every "## hidden" sits in code or HTML.
func TestFencesFollowCommonMark(t *testing.T) {
	cases := []struct {
		name, body string
	}{
		{"backtick fence", "```\n## hidden\n```\n"},
		{"tilde fence", "~~~\n## hidden\n~~~\n"},
		{"info string", "```swift title=\"x\"\n## hidden\n```\n"},
		{"tilde info string may hold backticks", "~~~ `odd` info\n## hidden\n~~~\n"},
		{"longer closing fence", "```\n## hidden\n``````\n"},
		{"shorter run does not close", "````\n```\n## hidden\n````\n"},
		{"other character does not close", "```\n~~~\n## hidden\n```\n"},
		{"tilde run inside backtick fence", "~~~~\n```\n## hidden\n```\n## hidden\n~~~~\n"},
		{"closing fence with text is code", "```\n``` not a close\n## hidden\n```\n"},
		{"closing fence may trail spaces", "```\n## hidden\n```   \t\n"},
		{"opening fence indented three", "   ```\n## hidden\n```\n"},
		{"closing fence indented three", "```\n## hidden\n   ```\n"},
		{"fence in a list item", "- item\n\n  ```\n  ## hidden\n  ```\n"},
		{"html comment", "<!--\n## hidden\n```\n-->\n"},
		{"pre block", "<pre>\n## hidden\n</pre>\n"},
		{"crlf lines", "```\r\n## hidden\r\n```\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantHeadings(t, "# Title\n\n## Before\n\ntext\n\n"+c.body+"\n## After\n\nend\n", "# Title", "## Before", "## After")
		})
	}
}

// TestNotFences: lines that look like fences but are not must not hide the
// headings after them.
func TestNotFences(t *testing.T) {
	cases := []struct {
		name, line string
	}{
		{"inline triple backticks", "```let value = wrapped !! \"why\"```"},
		{"inline span with text after", "Use ```code``` here."},
		{"two backticks", "``"},
		{"indented four spaces", "    ```"},
		{"indented by a tab", "\t```"},
		{"mixed characters", "`~~"},
		{"block quote fence", "> ```"},
		{"prefix is not pre", "<prefix>"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			wantHeadings(t, "## Before\n\n"+c.line+"\n\n## After\n\n## Last\n", "## Before", "## After", "## Last")
		})
	}
}

func TestUnclosedFenceRunsToTheEnd(t *testing.T) {
	wantHeadings(t, "## Before\n\n```swift\n## hidden\n\n## still hidden\n", "## Before")
	if got := Names("<!-- open\n## hidden\n", 0); len(got) != 0 {
		t.Errorf("an unclosed comment hides the rest, got %q", got)
	}
}

func TestATXHeadings(t *testing.T) {
	cases := []struct {
		line  string
		level int
		text  string
		ok    bool
	}{
		{"## Title", 2, "Title", true},
		{"##\tTabbed", 2, "Tabbed", true},
		{"   ### Indented three", 3, "Indented three", true},
		{"## Closed ##", 2, "Closed", true},
		{"## Sharp#", 2, "Sharp#", true},
		{"## C# ##  ", 2, "C#", true},
		{"##", 2, "", true},
		{"## ###", 2, "", true},
		{"###### Six", 6, "Six", true},
		{"####### Seven", 0, "", false},
		{"##NoSpace", 0, "", false},
		{"    ## Indented four", 0, "", false},
		{"#hashtag", 0, "", false},
	}
	for _, c := range cases {
		level, text, ok := atxHeading(c.line)
		if level != c.level || text != c.text || ok != c.ok {
			t.Errorf("atxHeading(%q) = %d, %q, %v; want %d, %q, %v", c.line, level, text, ok, c.level, c.text, c.ok)
		}
	}
}

func TestHeadingLinesAndOffsets(t *testing.T) {
	md := "# T\n\n## A\ntext\n```\n# code\n```\n### A.1\n## B\n"
	got := Headings(md)
	want := []Heading{
		{Level: 1, Text: "T", Line: 1, Offset: 0},
		{Level: 2, Text: "A", Line: 3, Offset: 5},
		{Level: 3, Text: "A.1", Line: 8, Offset: 30},
		{Level: 2, Text: "B", Line: 9, Offset: 38},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Headings = %+v\nwant %+v", got, want)
	}
	for _, h := range got {
		if !strings.HasPrefix(md[h.Offset:], strings.Repeat("#", h.Level)+" "+h.Text) {
			t.Errorf("offset %d of %q is %q", h.Offset, h.Text, md[h.Offset:])
		}
	}
}

func TestScanStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("deadline")
	cancel(cause)
	md := strings.Repeat("line\n", 10000)
	if _, err := SplitContext(ctx, md); !errors.Is(err, cause) {
		t.Fatalf("SplitContext on an ended context: %v, want %v", err, cause)
	}
	if _, err := Select(ctx, md, []string{"x"}); !errors.Is(err, cause) {
		t.Fatalf("Select on an ended context: %v, want %v", err, cause)
	}
}
