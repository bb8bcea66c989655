package index

import (
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestContainerURI pins the containers verify reads: a segment between a
// page's framework and its own last segment names the address up to it,
// its disambiguating suffix dropped; a name several addresses have gets
// the first by address, whatever order the pages were saved in; other
// sources' addresses hold none.
func TestContainerURI(t *testing.T) {
	page := func(uri string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: "uikit", Title: uri, Kind: "property", Markdown: "x\n"}
	}
	book := &document.Document{URI: "swift-book://languageguide/closures/capturing", Source: document.SourceSwiftBook, Title: "Capturing", Kind: "article", Markdown: "x\n"}
	l := openLookup(t, storeOf(t,
		page("apple-docs://uikit/uitableview/rowanimation/fade"),
		page("apple-docs://mapkit/zeta/calloutstyle/automatic"),
		page("apple-docs://mapkit/alpha/calloutstyle/full"),
		page("apple-docs://matter/mtrcluster-8bnit/read"),
		book,
	).Path())
	for _, c := range []struct{ name, want string }{
		{"RowAnimation", "apple-docs://uikit/uitableview/rowanimation"},
		{"UITableView", "apple-docs://uikit/uitableview"},
		{"calloutStyle", "apple-docs://mapkit/alpha/calloutstyle"},
		{"MTRCluster", "apple-docs://matter/mtrcluster-8bnit"},
		{"fade", ""},     // a page's own last segment
		{"uikit", ""},    // the framework
		{"closures", ""}, // the book's
	} {
		got, ok, err := l.ContainerURI(c.name)
		mustNoErr(t, err)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ContainerURI(%q) = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}
