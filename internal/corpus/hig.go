package corpus

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// higSuffix ends every HIG file name the crawl wrote.
const higSuffix = "-appledeveloperdocumentation"

// HIG reads Human Interface Guidelines pages saved as Markdown with front
// matter: hig/<category>/<topic>-appledeveloperdocumentation.md becomes
// hig://<category>/<topic> (hig://general/darkmode), Kind "guideline". The
// crawl mangled the front-matter title and the first heading
// ("DarkMode|AppleDeveloperDocumentation"), so the title is the page's first
// proper "# " heading ("Dark Mode"), and the mangled heading is dropped.
type HIG struct{ reader }

// Files lists every .md file under the root.
func (h *HIG) Files(ctx context.Context) (Listing, error) {
	return h.filesEndingIn(ctx, ".md")
}

var (
	// linkedHeading matches "## [Best practices](/design/…#Best-practices)".
	linkedHeading = regexp.MustCompile(`(?m)^(#{1,6}[ \t]+)\[([^\]]*)\]\([^)]*\)[ \t]*$`)
	// gluedHeading finds a heading the crawl ran into the previous line:
	// "…(https://…)## [Change log](…)".
	gluedHeading = regexp.MustCompile(`([^\n#])(#{2,6} \[)`)
	// mangledTitle matches the crawl's "Name|AppleDeveloperDocumentation".
	mangledTitle = regexp.MustCompile(`\|\s*AppleDeveloperDocumentation\s*$`)
)

// Parse reads one guideline page.
func (h *HIG) Parse(filePath string, raw []byte) (*document.Document, error) {
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	fields, body := splitFrontMatter(sourceText(raw))
	category := strings.ToLower(strings.TrimSpace(fields["category"]))
	if category == "" {
		category = strings.ToLower(filepath.Base(filepath.Dir(filePath)))
	}
	topic := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(filepath.Base(filePath), ".md"), higSuffix))

	body = stripComments(body)
	body = gluedHeading.ReplaceAllString(body, "$1\n$2")
	body = linkedHeading.ReplaceAllString(body, "$1$2")
	markdown := titleFirst(dropMangledHeadings(body))

	title := firstHeading(parseBlocks(markdown))
	if title == "" {
		// No proper heading: the mangled front-matter title, unmangled,
		// is better than nothing ("DarkMode").
		title = mangledTitle.ReplaceAllString(fields["title"], "")
	}
	return newMarkdownDocument(markdownPage{
		source:   document.SourceHIG,
		uri:      document.SourceHIG + "://" + category + "/" + topic,
		title:    title,
		kind:     "guideline",
		path:     filePath,
		raw:      raw,
		markdown: markdown,
	})
}

// dropMangledHeadings removes headings that carry the crawl's
// "|AppleDeveloperDocumentation" suffix.
func dropMangledHeadings(body string) string {
	lines := strings.Split(body, "\n")
	kept := lines[:0]
	for _, line := range lines {
		if _, text, ok := atxHeading(strings.TrimSpace(line)); ok && mangledTitle.MatchString(text) {
			continue
		}
		kept = append(kept, line)
	}
	return strings.Join(kept, "\n")
}

// titleFirst moves whatever precedes the first "# " heading (the crawl's
// "> Category / Platforms" note) to just after it, so the page reads title
// first and the note stays in the searchable text.
func titleFirst(body string) string {
	lines := strings.Split(body, "\n")
	for i, line := range lines {
		level, _, ok := atxHeading(strings.TrimSpace(line))
		if !ok || level != 1 {
			continue
		}
		preamble := strings.TrimSpace(strings.Join(lines[:i], "\n"))
		if preamble == "" {
			return strings.Join(lines[i:], "\n")
		}
		rest := strings.TrimLeft(strings.Join(lines[i+1:], "\n"), "\n")
		return line + "\n\n" + preamble + "\n\n" + rest
	}
	return body
}
