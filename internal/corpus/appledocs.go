package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/cupertino-go/cupertino/internal/docc"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
)

// AppleDocs reads Apple developer documentation pages from a docs directory:
// the raw DocC render JSON that developer.apple.com serves
// (tutorials/data/documentation/**.json, or a `cupertino fetch` output
// directory), and the page JSON the original Swift tool wrote
// (~/.cupertino/docs/<framework>/documentation_*.json). The format is decided
// per file from its content, never from its name or folder, and the URI from
// the page's own url (docuri), so a page filed under the wrong folder still
// gets its right identity.
type AppleDocs struct{ reader }

// Files lists every .json file under the root. Non-page JSON among them
// (technologies.json, navigator indexes, crawl metadata) is declined by
// Parse as ErrNotADocument so that the audit log accounts for it.
func (a *AppleDocs) Files(ctx context.Context) (Listing, error) {
	return a.filesEndingIn(ctx, ".json")
}

// Parse reads one page, DocC render JSON or processed page JSON.
func (a *AppleDocs) Parse(path string, raw []byte) (*document.Document, error) {
	if isBlank(raw) {
		return nil, errEmptyFile
	}
	page, err := docc.Parse(raw)
	switch {
	case err == nil:
		return parseDocCPage(page, path, raw)
	case errors.Is(err, docc.ErrNotDocC):
		// Valid JSON of another shape: the original tool's page, or a
		// file that is no page at all.
		return parseOtherJSON(path, raw)
	default:
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
}

// parseDocCPage converts a DocC render node. The landing page listing all
// technologies (kind "technologies") is the crawl's root, not documentation.
func parseDocCPage(page *docc.Page, path string, raw []byte) (*document.Document, error) {
	if page.Kind == "technologies" {
		return nil, fmt.Errorf("%w: the technologies landing page", ErrNotADocument)
	}
	doc, err := page.Document(path, raw)
	if errors.Is(err, docuri.ErrNotDocumentation) {
		// Tutorials and other non-reference pages that a crawl picks up.
		return nil, fmt.Errorf("%w: %w", ErrNotADocument, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	return doc, nil
}

// parseOtherJSON handles JSON that is not a DocC render node.
func parseOtherJSON(path string, raw []byte) (*document.Document, error) {
	if isNavigatorIndex(raw) {
		return nil, fmt.Errorf("%w: navigator index", ErrNotADocument)
	}
	page, ok, err := decodeProcessedPage(raw)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%w: JSON is neither a DocC render node nor a processed page", ErrNotADocument)
	}
	return page.document(path, raw)
}

// isNavigatorIndex recognises tutorials/data/index/<tech>.json, the sidebar
// tree: an object of interfaceLanguages and a schemaVersion, no page fields.
func isNavigatorIndex(raw []byte) bool {
	return bytes.Contains(raw, []byte(`"interfaceLanguages"`)) && !bytes.Contains(raw, []byte(`"primaryContentSections"`))
}
