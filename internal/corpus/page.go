package corpus

import (
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// markdownPage is what a Markdown-based reader knows about one page before
// the shared text extraction runs.
type markdownPage struct {
	source    string
	uri       string
	title     string
	kind      string
	framework string
	path      string
	raw       []byte
	// markdown is the cleaned page (no front matter, comments, directives
	// or Liquid) stored for `read`.
	markdown string
	// abstract overrides the first-paragraph abstract when the page says
	// what it is about elsewhere (an evolution proposal's Introduction).
	abstract string
	// verbatim keeps markdown as given instead of tidying the blank lines
	// and trailing spaces that removed front matter, tags and chrome leave.
	verbatim bool
}

// newMarkdownDocument fills the fields every Markdown source shares:
// content hash and size of the raw input, plain-text content, abstract and
// code examples from the cleaned Markdown. The title defaults to the first
// "# " heading; a page with neither is ErrMalformed.
func newMarkdownDocument(page markdownPage) (*document.Document, error) {
	// A verbatim page still has comments; they never reach the text.
	blocks := parseBlocks(stripComments(page.markdown))
	title := page.title
	titleAt := headingIndex(blocks)
	if title == "" && titleAt >= 0 {
		title = inlineText(blocks[titleAt].text)
	}
	if title = collapseSpace(title); title == "" {
		return nil, fmt.Errorf("%w: page has no title", ErrMalformed)
	}
	abstract := page.abstract
	if abstract == "" {
		abstract = firstParagraph(blocks, titleAt+1)
	}
	markdown := page.markdown
	if !page.verbatim {
		markdown = tidyMarkdown(markdown)
	}
	return &document.Document{
		URI:          page.uri,
		Source:       page.source,
		Framework:    page.framework,
		SourceFile:   page.path,
		Title:        title,
		Kind:         page.kind,
		Abstract:     abstract,
		Content:      plainText(blocks, titleAt),
		Markdown:     strings.TrimSpace(markdown) + "\n",
		CodeExamples: codeExamples(blocks),
		ContentHash:  sha256Hex(page.raw),
		Size:         len(page.raw),
	}, nil
}

// tidyMarkdown drops trailing white space and collapses runs of blank lines
// to one, outside fenced code, where blank lines may be deliberate.
func tidyMarkdown(text string) string {
	var out strings.Builder
	out.Grow(len(text))
	marker := ""
	blank := false
	for _, line := range strings.Split(text, "\n") {
		if marker != "" {
			if closesFence(line, marker) {
				marker = ""
			}
			out.WriteString(line + "\n")
			continue
		}
		line = strings.TrimRight(line, " \t")
		if line == "" {
			if !blank {
				out.WriteString("\n")
			}
			blank = true
			continue
		}
		blank = false
		if m, _, ok := fence(line); ok {
			marker = m
		}
		out.WriteString(line + "\n")
	}
	return out.String()
}
