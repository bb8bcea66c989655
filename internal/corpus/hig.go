package corpus

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docc"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
)

// higSuffix ends every HIG file name the crawl wrote.
const higSuffix = "-appledeveloperdocumentation"

// HIG reads Human Interface Guidelines pages in either of two formats,
// decided per file by its extension; a folder may hold both.
//
// Markdown with front matter, as the original tool's crawl saved them:
// hig/<category>/<topic>-appledeveloperdocumentation.md becomes
// hig://<category>/<topic> (hig://general/darkmode), Kind "guideline". The
// crawl mangled the front-matter title and the first heading
// ("DarkMode|AppleDeveloperDocumentation"), so the title is the page's first
// proper "# " heading ("Dark Mode"), and the mangled heading is dropped.
//
// DocC render JSON, as `cupertino fetch --source hig` stores what the site
// serves (human-interface-guidelines/dark-mode.json): the page is rendered
// to Markdown by the documentation's renderer, and its URI is the one its
// web address maps to (docuri.FromWebURL: hig://general/darkmode), so links
// and an index built from either format agree. The guidelines' landing page
// is ErrNotADocument, like the documentation's technologies page.
type HIG struct{ reader }

// Files lists every .md and .json file under the root.
func (h *HIG) Files(ctx context.Context) (Listing, error) {
	return listing(walkFiles(ctx, h.root, func(rel string) bool {
		return strings.HasSuffix(rel, ".md") || strings.HasSuffix(rel, ".json")
	}))
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
	if strings.HasSuffix(filePath, ".json") {
		return parseHIGJSON(filePath, raw)
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

// parseHIGJSON reads a guidelines page saved as the site's DocC JSON.
func parseHIGJSON(filePath string, raw []byte) (*document.Document, error) {
	page, err := docc.Parse(raw)
	switch {
	case errors.Is(err, docc.ErrNotDocC):
		return nil, fmt.Errorf("%w: JSON is not a DocC render node", ErrNotADocument)
	case err != nil:
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	path := string(page.Identifier.URL)
	if rest, ok := strings.CutPrefix(path, "doc://"); ok {
		// The bundle id stands where a host would.
		_, path, _ = strings.Cut(rest, "/")
		path = "/" + path
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	if len(segs) < 2 || !strings.EqualFold(segs[0], "design") || !strings.EqualFold(segs[1], "human-interface-guidelines") {
		return nil, fmt.Errorf("%w: %q is not a Human Interface Guidelines page", ErrNotADocument, path)
	}
	if len(segs) == 2 {
		return nil, fmt.Errorf("%w: the guidelines' landing page", ErrNotADocument)
	}
	uri, _, err := docuri.FromWebURL("https://developer.apple.com" + path)
	if err != nil || !strings.HasPrefix(uri, document.SourceHIG+"://") {
		return nil, fmt.Errorf("%w: no guidelines URI for %q", ErrMalformed, path)
	}
	return newMarkdownDocument(markdownPage{
		source: document.SourceHIG,
		uri:    uri,
		title:  strings.TrimSpace(page.Metadata.Title),
		kind:   "guideline",
		path:   filePath,
		raw:    raw,
		// No header: "Article · Human Interface Guidelines" says nothing
		// about the page and would stand as its abstract.
		markdown: docc.RenderMarkdown(page, docc.RenderOptions{Omit: docc.SectionHeader}),
	})
}
