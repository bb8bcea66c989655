package index

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// flateLevel trades build speed for size. BestSpeed costs ~10% more bytes than
// the default level on Markdown pages and compresses several times faster,
// which matters because the single writer goroutine bounds save throughput.
const flateLevel = flate.BestSpeed

// defaultComponents is the same splitter the ranker applies to queries.
func defaultComponents(name string) []string { return swiftsym.Components(name) }

// rowEncoder turns a Document into column values. One per Builder, reused
// across documents to avoid allocating a flate writer (~1 MB) per page.
type rowEncoder struct {
	buf bytes.Buffer
	zw  *flate.Writer
}

// compress returns data's DEFLATE encoding, or nil for empty input so that
// an absent body is NULL rather than a 2-byte stream. The result is a fresh
// slice: the driver may keep it until the statement runs.
func (e *rowEncoder) compress(data []byte) ([]byte, error) {
	if len(data) == 0 {
		return nil, nil
	}
	e.buf.Reset()
	if e.zw == nil {
		zw, err := flate.NewWriter(&e.buf, flateLevel)
		if err != nil {
			return nil, err
		}
		e.zw = zw
	} else {
		e.zw.Reset(&e.buf)
	}
	if _, err := e.zw.Write(data); err != nil {
		return nil, err
	}
	if err := e.zw.Close(); err != nil {
		return nil, err
	}
	return bytes.Clone(e.buf.Bytes()), nil
}

func decompress(data []byte) ([]byte, error) {
	return MarkdownPrefix(data, -1)
}

// decompressString is decompress into a string, inflated into a buffer
// sized from the compressed length once rather than grown from 512 bytes
// and then copied: read_document inflates pages of hundreds of kilobytes.
func decompressString(data []byte) (string, error) {
	if len(data) == 0 {
		return "", nil
	}
	r := inflater(data)
	defer inflaters.Put(r)
	var b strings.Builder
	b.Grow(8 * len(data)) // Markdown inflates four- to tenfold
	if _, err := io.Copy(&b, r); err != nil {
		return "", fmt.Errorf("inflate: %w", err)
	}
	return b.String(), nil
}

// inflaters keeps flate readers between reads: each holds a 32 KB window
// and its tables, about 45 KB, which a read_document of a large page
// allocated anew for its body and again for each part it inflates.
var inflaters sync.Pool

// inflater returns a flate reader of data, from inflaters when it has one.
// Put it back when done: a reader reset onto new data keeps nothing of the
// old.
func inflater(data []byte) io.ReadCloser {
	if r, ok := inflaters.Get().(io.ReadCloser); ok {
		if err := r.(flate.Resetter).Reset(bytes.NewReader(data), nil); err == nil {
			return r
		}
	}
	return flate.NewReader(bytes.NewReader(data))
}

// MarkdownPrefix decodes a doc_body.markdown value, stopping after limit
// bytes (all of it when limit < 0): a pass that reads the start of every
// page need not inflate whole transcripts.
func MarkdownPrefix(data []byte, limit int64) ([]byte, error) {
	if len(data) == 0 {
		return nil, nil
	}
	r := inflater(data)
	defer inflaters.Put(r)
	var src io.Reader = r
	if limit >= 0 {
		src = io.LimitReader(r, limit)
	}
	out, err := io.ReadAll(src)
	if err != nil {
		return nil, fmt.Errorf("inflate: %w", err)
	}
	return out, nil
}

// pageJSON is the Document without the fields that have columns of their
// own: what remains is SeeAlso, AvailableWhen and any field added to
// Document later, which is kept without a schema change (decodeBody names
// the fields it restores). Reading overlays the
// columns (see Store.Document), so enrich passes that rewrite them win.
func pageJSON(doc *document.Document) ([]byte, error) {
	page := *doc
	page.URI, page.Source, page.Framework, page.SourceFile = "", "", "", ""
	page.Title, page.Kind, page.RoleHeading, page.Language = "", "", "", ""
	page.Abstract, page.Declaration, page.Content, page.Markdown = "", "", "", ""
	page.CodeExamples, page.Symbols, page.Children = nil, nil, nil
	page.Platforms, page.Deprecated, page.DeprecationNote, page.AvailabilitySource = nil, false, "", ""
	page.Status, page.SwiftVersion, page.Parent = "", "", ""
	page.Attributes, page.ConformsTo, page.InheritsFrom, page.InheritedBy, page.ConformingTypes = nil, nil, nil, nil, nil
	page.References = nil // code_refs
	page.ContentHash, page.Size = "", 0
	return json.Marshal(&page)
}

// refJSON is the {uri,title} shape of docs_structured relationship columns.
type refJSON struct {
	URI   string `json:"uri"`
	Title string `json:"title"`
}

func refsJSON(refs []document.Ref) string {
	if len(refs) == 0 {
		return "[]"
	}
	out := make([]refJSON, len(refs))
	for i, r := range refs {
		out[i] = refJSON{URI: r.URI, Title: r.Title}
	}
	return mustJSON(out)
}

func stringsJSON(values []string) string {
	if len(values) == 0 {
		return "[]"
	}
	return mustJSON(values)
}

func platformsJSON(platforms []document.Platform) string {
	if len(platforms) == 0 {
		return "[]"
	}
	return mustJSON(platforms)
}

// mustJSON marshals values that cannot fail (strings and plain structs).
func mustJSON(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("index: marshal %T: %v", v, err))
	}
	return string(data)
}

func hasStructured(doc *document.Document) bool {
	return doc.Declaration != "" || len(doc.ConformsTo) > 0 || len(doc.InheritsFrom) > 0 ||
		len(doc.InheritedBy) > 0 || len(doc.ConformingTypes) > 0 || len(doc.Attributes) > 0 ||
		len(doc.Platforms) > 0
}

// uriDepth counts the path segments after the scheme:
// apple-docs://swiftui/view/padding(_:_:) -> 3, swift-evolution://SE-0306 -> 1.
func uriDepth(uri string) int {
	if i := strings.Index(uri, "://"); i >= 0 {
		uri = uri[i+3:]
	}
	depth := 0
	for _, segment := range strings.Split(uri, "/") {
		if segment != "" {
			depth++
		}
	}
	return depth
}

// baseName strips a Swift signature tail: "padding(_:_:)" -> "padding",
// "Array<Element>" -> "Array". Names without one come back unchanged.
func baseName(name string) string {
	if i := strings.IndexAny(name, "(<"); i > 0 {
		return strings.TrimSpace(name[:i])
	}
	return strings.TrimSpace(name)
}

// isSymbolLike reports whether a title names an API rather than being prose
// ("Building a Custom View"): operators and signatures have no spaces before
// their parameter list.
func isSymbolLike(title string) bool {
	base := baseName(title)
	return base != "" && !strings.ContainsAny(base, " \t")
}

// symbolTerms builds the docs_fts symbols and symbol_components columns and
// the exact names for symbol_names. Names from code examples ("ContentView",
// "body") recur across thousands of pages, so they only feed the low-weight
// components column, not symbols or symbol_names.
type symbolTerms struct {
	symbols    []string // docs_fts.symbols
	components []string // docs_fts.symbol_components
	exact      []string // symbol_names.name_lower
}

func buildSymbolTerms(doc *document.Document, components func(string) []string) symbolTerms {
	var terms symbolTerms
	seenSymbol, seenComponent, seenExact := map[string]bool{}, map[string]bool{}, map[string]bool{}
	addComponents := func(name string) {
		for _, part := range components(name) {
			key := strings.ToLower(part)
			if part != "" && !seenComponent[key] {
				seenComponent[key] = true
				terms.components = append(terms.components, part)
			}
		}
	}
	addExact := func(name string) {
		key := strings.ToLower(strings.TrimSpace(name))
		if key != "" && !seenExact[key] {
			seenExact[key] = true
			terms.exact = append(terms.exact, key)
		}
	}
	addSymbol := func(name string) {
		name = strings.TrimSpace(name)
		key := strings.ToLower(name)
		if name == "" || seenSymbol[key] {
			return
		}
		seenSymbol[key] = true
		terms.symbols = append(terms.symbols, name)
		addExact(name)
		if base := baseName(name); base != name {
			addExact(base)
		}
		addComponents(baseName(name))
	}
	if isSymbolLike(doc.Title) {
		addSymbol(doc.Title)
		if base := baseName(doc.Title); base != doc.Title {
			addSymbol(base)
		}
	}
	for i := range doc.Symbols {
		sym := &doc.Symbols[i]
		if sym.Origin == swiftsym.OriginExample {
			addComponents(sym.Name)
			continue
		}
		addSymbol(sym.Name)
	}
	// The Objective-C name's selector parts, whole ("addChildViewController"),
	// as components: searchable, never a symbol name (symbol_names and the
	// symbols column are what verify reads as Swift's names).
	for _, part := range strings.Split(doc.ObjCName, ":") {
		if key := strings.ToLower(strings.TrimSpace(part)); key != "" && !seenComponent[key] {
			seenComponent[key] = true
			terms.components = append(terms.components, strings.TrimSpace(part))
		}
	}
	return terms
}

// platformMinimums returns the packed introduced version per docs column,
// the lowest when a platform is listed twice.
func platformMinimums(platforms []document.Platform) map[string]int {
	mins := map[string]int{}
	for _, p := range platforms {
		column, ok := ColumnOfPlatform(p.Name)
		if !ok {
			continue
		}
		packed := PackVersion(p.Introduced)
		if packed == 0 {
			continue
		}
		if old, ok := mins[column]; !ok || packed < old {
			mins[column] = packed
		}
	}
	return mins
}

// nullableInt maps 0 to NULL so that "not listed" differs from a version.
func nullableInt(n int, ok bool) any {
	if !ok || n == 0 {
		return nil
	}
	return n
}

// ListSeparator joins the list columns of doc_symbols (attributes,
// conformances, generic_params, generic_constraints).
const ListSeparator = "; "

// JoinList encodes a list for a doc_symbols list column.
func JoinList(values []string) string { return strings.Join(values, ListSeparator) }

// SplitList decodes a doc_symbols list column, the exact inverse of
// JoinList: "" is no entries (nil), and entries come back as stored, spaces
// included.
func SplitList(joined string) []string {
	if joined == "" {
		return nil
	}
	return strings.Split(joined, ListSeparator)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
