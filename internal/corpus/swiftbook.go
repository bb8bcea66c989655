package corpus

import (
	"context"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// SwiftBook reads The Swift Programming Language, a DocC catalog of Markdown
// chapters (TSPL.docc/LanguageGuide/Concurrency.md). Each chapter becomes
// swift-book://<path inside the catalog, lowercased, without .md>, e.g.
// swift-book://languageguide/concurrency, with Kind "article". The chapter
// file carries no identity of its own, so the path is the identity.
// Its root is a swift-book checkout, or the TSPL.docc catalog itself.
type SwiftBook struct{ reader }

// Files lists the Markdown chapters inside the DocC catalog. A checkout's
// README and CONTRIBUTING files outside any .docc folder are not chapters.
func (s *SwiftBook) Files(ctx context.Context) (Listing, error) {
	rootIsCatalog := strings.HasSuffix(s.root, ".docc")
	return listing(walkFiles(ctx, s.root, func(rel string) bool {
		return strings.HasSuffix(rel, ".md") && (rootIsCatalog || catalogPath(rel) != "")
	}))
}

// catalogPath returns rel's path inside its .docc catalog
// ("TSPL.docc/LanguageGuide/Concurrency.md" gives
// "LanguageGuide/Concurrency.md"), or "" when rel is in no catalog.
func catalogPath(rel string) string {
	parts := strings.Split(rel, "/")
	for i := len(parts) - 2; i >= 0; i-- {
		if strings.HasSuffix(parts[i], ".docc") {
			return strings.Join(parts[i+1:], "/")
		}
	}
	return ""
}

// Parse reads one chapter: DocC directives and HTML comments (which hold the
// book's test harness code) are stripped, <doc:…> references become links
// to the chapters' URIs (swiftbook_links.go); the title is the "# " heading
// and the abstract the paragraph under it.
func (s *SwiftBook) Parse(filePath string, raw []byte) (*document.Document, error) {
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	return newMarkdownDocument(markdownPage{
		source:   document.SourceSwiftBook,
		uri:      s.chapterURI(filePath),
		kind:     "article",
		path:     filePath,
		raw:      raw,
		markdown: s.linkDocRefs(stripDirectives(stripComments(sourceText(raw)))),
	})
}
