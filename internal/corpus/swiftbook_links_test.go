package corpus

import (
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

func TestSwiftBookDocLinks(t *testing.T) {
	docs, _ := parseAll(t, mustOpen(t, document.SourceSwiftBook, "testdata/swiftbook", Options{}))
	for uri, want := range map[string]string{
		// The chapter's title, from its "# " heading.
		"swift-book://book": "- [Closures](swift-book://languageguide/closures)",
		// The section the anchor names, with the anchor kept.
		"swift-book://languageguide/closures": "as described in [Capturing Values](swift-book://languageguide/closures#Capturing-Values).",
	} {
		doc := docs[uri]
		if doc == nil {
			t.Fatalf("%s missing", uri)
		}
		if !strings.Contains(doc.Markdown, want) || strings.Contains(doc.Markdown, "<doc:") {
			t.Errorf("%s: want %q in\n%s", uri, want, doc.Markdown)
		}
	}
}

func TestLinkDocRefsInLine(t *testing.T) {
	chapters := map[string]bookChapter{"thebasics": {uri: "swift-book://languageguide/thebasics", title: "The Basics"}}
	for in, want := range map[string]string{
		"see <doc:TheBasics>.":                      "see [The Basics](swift-book://languageguide/thebasics).",
		"see <doc:LanguageGuide/TheBasics#Tuples>.": "see [Tuples](swift-book://languageguide/thebasics#Tuples).",
		"after `#if` <doc:TheBasics#Integers>":      "after `#if` [Integers](swift-book://languageguide/thebasics#Integers)",
		// Inside a code span the reference is code, not a link.
		"`<doc:TheBasics>`": "`<doc:TheBasics>`",
		// A chapter this checkout lacks links to the published book.
		"<doc:SummaryOfTheGrammar>": "[SummaryOfTheGrammar](" + bookWebBase + "summaryofthegrammar/)",
	} {
		if got := linkDocRefsInLine(in, chapters); got != want {
			t.Errorf("linkDocRefsInLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRealSwiftBookDocLinks: no <doc:…> is left outside code in the real
// book, and every swift-book:// link names a chapter that was read.
func TestRealSwiftBookDocLinks(t *testing.T) {
	result := parseReal(t, document.SourceSwiftBook, "swift-book", Options{})
	link := regexp.MustCompile(`\]\((swift-book://[^)#]*)(#[^)]*)?\)`)
	links, web := 0, 0
	for uri, doc := range result.docs {
		for _, m := range link.FindAllStringSubmatch(doc.Markdown, -1) {
			links++
			if result.docs[m[1]] == nil {
				t.Errorf("%s links %s, which is no chapter", uri, m[1])
			}
		}
		web += strings.Count(doc.Markdown, "]("+bookWebBase)
		for _, line := range strings.Split(doc.Markdown, "\n") {
			if i := strings.Index(line, "<doc:"); i >= 0 && strings.Count(line[:i], "`")%2 == 0 {
				t.Errorf("%s: <doc:> left: %q", uri, line)
			}
		}
	}
	t.Logf("%d chapter links, %d to the published book", links, web)
	if links < 700 {
		t.Errorf("only %d chapter links", links)
	}
}
