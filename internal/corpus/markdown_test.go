package corpus

import (
	"strings"
	"testing"
)

func TestSplitFrontMatter(t *testing.T) {
	fields, body := splitFrontMatter("---\ntitle: \"A: \\\"quoted\\\" title\"\nlayout: page # comment\nplatforms: [\"iOS\", macOS]\nnested:\n  - item\nsingle: 'it''s'\n---\n# Body\n")
	if got := fields["title"]; got != `A: "quoted" title` {
		t.Errorf("title = %q", got)
	}
	if got := fields["layout"]; got != "page" {
		t.Errorf("layout = %q", got)
	}
	if got := fields["single"]; got != "it's" {
		t.Errorf("single = %q", got)
	}
	if got := fields.list("platforms"); strings.Join(got, ",") != "iOS,macOS" {
		t.Errorf("platforms = %q", got)
	}
	if body != "# Body\n" {
		t.Errorf("body = %q", body)
	}

	// A page opening with a horizontal rule and no closing delimiter has no
	// front matter.
	fields, body = splitFrontMatter("---\nJust a rule above.\n")
	if fields != nil || body != "---\nJust a rule above.\n" {
		t.Errorf("unterminated front matter: fields %v body %q", fields, body)
	}
	if fields, _ := splitFrontMatter("# No front matter\n"); fields != nil {
		t.Errorf("no front matter: got %v", fields)
	}
}

// TestStripKeepsFencedCode: HTML comments and DocC directives go; what a
// fenced code block holds (a comment in HTML, an attribute in Swift) stays.
func TestStripKeepsFencedCode(t *testing.T) {
	for _, c := range []struct {
		name     string
		strip    func(string) string
		in, want string
	}{
		{"stripComments", stripComments,
			"before <!-- inline --> after\n<!--\n```swift\nhidden()\n```\n-->\n```html\n<!-- kept in code -->\n```\ntail\n",
			"before  after\n```html\n<!-- kept in code -->\n```\ntail\n"},
		{"stripDirectives", stripDirectives,
			"# T\n\n@Metadata {\n  @TechnologyRoot\n  @Available(iOS, introduced: \"17.0\")\n}\n\n@Comment(x) {\n  note\n}\ntext\n\n```swift\n@MainActor\nfunc f() {}\n```\n",
			"# T\n\n\ntext\n\n```swift\n@MainActor\nfunc f() {}\n```\n"},
	} {
		if got := c.strip(c.in); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

func TestInlineText(t *testing.T) {
	tests := []struct{ in, want string }{
		{"See [the guide](https://example.com/a_(b)) now", "See the guide now"},
		{"![Alt text](img.png) shown", "Alt text shown"},
		{"**Bold** and *italic* and _under_ but snake_case_name stays", "Bold and italic and under but snake_case_name stays"},
		{"Call `a_*b*_c` as is", "Call a_*b*_c as is"},
		{"As in <doc:Concurrency#Unstructured-Concurrency> and <doc:Closures>", "As in Unstructured Concurrency and Closures"},
		{"Use ``View`` here", "Use View here"},
		{"A <span class=\"x\">tag</span> &amp; entity", "A  tag  & entity"},
		{"Array<Element> stays", "Array<Element> stays"},
		{"ref [link][id] text", "ref link text"},
		{`escaped \*star\*`, "escaped *star*"},
	}
	for _, tt := range tests {
		if got := inlineText(tt.in); got != tt.want {
			t.Errorf("inlineText(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestParseBlocksAndPlainText(t *testing.T) {
	md := "# Title\n\nFirst paragraph\nwrapped line.\n\n- item one\n- item **two**\n\n> Note: quoted\n> text\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n  ```swift\n  let x = 1\n  ```\n\n[ref]: https://example.com\n## Sub ##\ntext\n"
	blocks := parseBlocks(md)
	kinds := []blockKind{blockHeading, blockParagraph, blockList, blockQuote, blockTable, blockCode, blockParagraph, blockHeading, blockParagraph}
	if len(blocks) != len(kinds) {
		t.Fatalf("got %d blocks, want %d: %+v", len(blocks), len(kinds), blocks)
	}
	for i, kind := range kinds {
		if blocks[i].kind != kind {
			t.Errorf("block %d kind = %d, want %d (%q)", i, blocks[i].kind, kind, blocks[i].text)
		}
	}
	if blocks[5].text != "let x = 1" || blocks[5].lang != "swift" {
		t.Errorf("code block = %+v", blocks[5])
	}
	if blocks[7].text != "Sub" {
		t.Errorf("closing hashes not trimmed: %q", blocks[7].text)
	}
	got := plainText(blocks, 0)
	want := "First paragraph wrapped line.\nitem one\nitem two\nNote: quoted text\nA B\n1 2\nSub\ntext"
	if got != want {
		t.Errorf("plainText:\n got %q\nwant %q", got, want)
	}
}

func TestCodeExamplesJoinAdjacentFences(t *testing.T) {
	blocks := parseBlocks("```\nline one\n```\n\n```\nline two\n```\ntext\n```objc\n[x y];\n```\n```swift\n\n```\n")
	examples := codeExamples(blocks)
	if len(examples) != 2 {
		t.Fatalf("got %d examples: %+v", len(examples), examples)
	}
	if examples[0].Code != "line one\nline two" {
		t.Errorf("joined code = %q", examples[0].Code)
	}
	if examples[1].Language != "objective-c" {
		t.Errorf("language = %q", examples[1].Language)
	}
}

func TestTruncate(t *testing.T) {
	long := strings.Repeat("word ", 100)
	got := truncate(long, 50)
	if len(got) > 50+len("…") || !strings.HasSuffix(got, "word…") {
		t.Errorf("truncate = %q", got)
	}
	if truncate("short", 50) != "short" {
		t.Error("short text changed")
	}
	// No space to cut at: cut on a rune boundary, never inside a rune.
	runes := strings.Repeat("é", 100)
	if got := truncate(runes, 51); !strings.HasSuffix(got, "é…") {
		t.Errorf("rune cut = %q", got)
	}
}

func TestFirstParagraphSkipsNonProse(t *testing.T) {
	blocks := parseBlocks("# T\n\n> quote\n\n- list\n\n![Diagram](x.png)\n\n<img src=\"y.png\">\n\nReal *first* paragraph.\n")
	if got := firstParagraph(blocks, 1); got != "Real first paragraph." {
		t.Errorf("firstParagraph = %q", got)
	}
}

func TestTidyMarkdown(t *testing.T) {
	in := "# T  \n\n\n\ntext\t\n   \n\n```\ncode\n\n\n\nmore  \n```\n\n\nend"
	want := "# T\n\ntext\n\n```\ncode\n\n\n\nmore  \n```\n\nend\n"
	if got := tidyMarkdown(in); got != want {
		t.Errorf("tidyMarkdown:\n got %q\nwant %q", got, want)
	}
}
