package mcp

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker"
)

// Response size. Claude Code warns above 25,000 tokens of tool output and
// other clients truncate silently, so every response is built to stay under
// that at about 4 characters per token, text and structured content
// together.
const (
	charsPerToken      = 4
	defaultTokenBudget = 20000
	maxTokenBudget     = 25000
	// responseBudget is the default size of one response in bytes.
	responseBudget = defaultTokenBudget * charsPerToken
	// summaryLimit bounds one summary in a result list; the full text is one
	// read_document away.
	summaryLimit = 400
	// Bounds on the other fields a response repeats from the index. Real
	// values are far shorter; a page produced by a crawler bug or a hostile
	// index must not make one field the whole response.
	maxTitleLen     = 300
	maxLabelLen     = 100 // kind, framework, source, section names
	maxListItems    = 20  // attributes, conformances and such of one symbol
	maxSignatureLen = 1000
	// maxRowDeclarationLen bounds the declaration of a search result: enough
	// for the parameter labels and types that tell overloads apart (Apple's
	// are 100 to 200 bytes); read_document has the whole.
	maxRowDeclarationLen = 240
	// maxRowNoteLen bounds a deprecation note in a result list.
	maxRowNoteLen = 300
)

// availabilityText renders introduced versions in platform order:
// "iOS 13.0+ · macOS 10.15+".
func availabilityText(av map[string]string) string {
	var parts []string
	for _, p := range ranker.Platforms {
		if v := av[p]; v != "" {
			parts = append(parts, p+" "+v+"+")
		}
	}
	return strings.Join(parts, " · ")
}

// platformsText renders a document's platform list with deprecations and
// betas, including platforms the filters do not know (Mac Catalyst).
func platformsText(ps []document.Platform) string {
	var parts []string
	for _, p := range ps {
		s := p.Name
		switch {
		case p.Unavailable:
			s += " (unavailable)"
		case p.Introduced != "":
			s += " " + p.Introduced + "+"
		}
		if p.Deprecated {
			if p.DeprecatedAt != "" {
				s += " (deprecated " + p.DeprecatedAt + ")"
			} else {
				s += " (deprecated)"
			}
		}
		if p.Beta {
			s += " (beta)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}

// clip collapses s's whitespace and shortens it to at most n bytes at a
// rune boundary, marking the cut. It reads only a prefix of s, so clipping a
// field of a many-megabyte page costs no more than clipping a title.
func clip(s string, n int) string {
	long := len(s) > 4*n+64
	if long {
		end := 4*n + 64
		for end > 0 && !utf8.RuneStart(s[end]) {
			end--
		}
		s = s[:end]
	}
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n && !long {
		return s
	}
	if len(s) <= n {
		return strings.TrimSpace(s) + "…"
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "…"
}

// item is one entry of a list response: its Markdown and its structured form.
type item struct {
	markdown string
	value    any
}

// fitItems keeps the leading items whose Markdown and JSON fit in budget
// bytes beside fixed bytes of headers. It reports how many fit.
func fitItems(items []item, fixed, budget int) int {
	used := fixed
	for i, it := range items {
		b, _ := json.Marshal(it.value)
		used += len(it.markdown) + len(b) + 2
		if used > budget {
			return i
		}
	}
	return len(items)
}

// itemsOf renders each row of a list as an item; render gets the row's
// index, from which the numbered lists count.
func itemsOf[R any](rows []R, render func(i int, r R) item) []item {
	items := make([]item, len(rows))
	for i, r := range rows {
		items[i] = render(i, r)
	}
	return items
}

// writeFitted writes the leading items that fit in budget bytes beside fixed
// bytes of headers and returns their values. When some do not fit it says
// how many ("… N more left out", more naming them) and what to do instead
// (hint), so that a cut list never passes for a whole one.
func writeFitted[T any](md *strings.Builder, items []item, fixed, budget int, more, hint string) []T {
	n := fitItems(items, fixed, budget)
	values := writeItems[T](md, items[:n])
	if n < len(items) {
		fmt.Fprintf(md, "\n… %d %s left out to keep this response small; %s\n", len(items)-n, more, hint)
	}
	return values
}

// writeItems writes the Markdown of items to md and returns their values,
// which are Ts, never nil.
func writeItems[T any](md *strings.Builder, items []item) []T {
	values := make([]T, 0, len(items))
	for _, it := range items {
		md.WriteString(it.markdown)
		values = append(values, it.value.(T))
	}
	return values
}

// paging is the part of a paged listing's structuredContent that says where
// the page stands.
type paging struct {
	Total      int `json:"total"`
	Offset     int `json:"offset"`
	NextOffset int `json:"nextOffset,omitempty"`
}

// pagingSchema is the JSON Schema of paging's offset and nextOffset, for the
// properties of a listing's output schema after its own "total".
const pagingSchema = `"offset": {"type": "integer"},
    "nextOffset": {"type": "integer", "description": "Offset of the next page; absent at the end."}`

// writeListing writes one page of a listing: header, or empty when no item
// stands at the page's offset (one past the end), then the items that fit
// beside the header and slack bytes (writePage).
func writeListing[T any](md *strings.Builder, p *paging, items []item, header, empty string, slack int, more func(next int) string) []T {
	if len(items) == 0 {
		md.WriteString(empty)
	} else {
		md.WriteString(header)
	}
	return writePage[T](md, p, items, len(header)+slack, more)
}

// writePage writes the items of one page of a listing that fit in a response
// beside fixed bytes of headers and returns their values. When more follow
// it sets p.NextOffset and says how many there are and how to read on:
// "call " and what more returns for the next offset.
func writePage[T any](md *strings.Builder, p *paging, items []item, fixed int, more func(next int) string) []T {
	n := fitItems(items, fixed, responseBudget)
	values := writeItems[T](md, items[:n])
	if next := p.Offset + n; next < p.Total && n > 0 {
		p.NextOffset = next
		fmt.Fprintf(md, "\n%d more; call %s.\n", p.Total-next, more(next))
	}
	return values
}

// resultItem renders one search result as compact Markdown: title and
// labels, URI, declaration (in code, so overloads differ at a glance),
// availability, the deprecation note and the summary.
func resultItem(n int, r searchRow) item {
	r.URI, r.Title = clip(r.URI, maxURILen), clip(r.Title, maxTitleLen)
	r.Kind, r.Framework, r.Source = clip(r.Kind, maxLabelLen), clip(r.Framework, maxLabelLen), clip(r.Source, maxLabelLen)
	r.Declaration, r.DeprecatedNote = shortDeclaration(r.Declaration), clip(r.DeprecatedNote, maxRowNoteLen)
	var b strings.Builder
	fmt.Fprintf(&b, "%d. **%s**", n, oneLine(r.Title))
	meta := nonEmpty(r.Kind, r.Framework, r.Source)
	if len(meta) > 0 {
		b.WriteString(" — " + strings.Join(meta, " · "))
	}
	if r.Deprecated {
		b.WriteString(" · **deprecated**")
	}
	fmt.Fprintf(&b, "\n   %s", r.URI)
	if r.Declaration != "" {
		b.WriteString("\n   " + codeSpan(r.Declaration))
	}
	if r.DeprecatedNote != "" {
		b.WriteString("\n   Deprecated: " + r.DeprecatedNote)
	}
	if av := availabilityText(r.Availability); av != "" {
		b.WriteString("\n   " + av)
	}
	if r.Section != "" {
		// Found through one section of a long page: read_document's
		// section= opens it.
		r.Section = clip(r.Section, maxTitleLen)
		fmt.Fprintf(&b, "\n   Section: %s (read_document section=%q)", oneLine(r.Section), oneLine(r.Section))
	}
	r.Summary = clip(r.Summary, summaryLimit)
	if r.Summary != "" {
		b.WriteString("\n   " + r.Summary)
	}
	b.WriteString("\n")
	return item{markdown: b.String(), value: r}
}

// shortDeclaration is a declaration as a result row shows it: on one line,
// whitespace collapsed (a parameter list Apple breaks over lines is joined
// without spaces inside its parentheses), clipped to maxRowDeclarationLen.
func shortDeclaration(decl string) string {
	if len(decl) > 8*maxRowDeclarationLen {
		decl = decl[:8*maxRowDeclarationLen]
	}
	var b strings.Builder
	for _, line := range strings.Split(decl, "\n") {
		line = strings.Join(strings.Fields(line), " ")
		if line == "" {
			continue
		}
		if b.Len() > 0 && !strings.HasSuffix(b.String(), "(") && !strings.HasPrefix(line, ")") {
			b.WriteByte(' ')
		}
		b.WriteString(line)
	}
	return clip(b.String(), maxRowDeclarationLen)
}

// codeSpan wraps s in a Markdown code span, with a fence of more backticks
// than any run in s.
func codeSpan(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// symbolItem renders one symbol row.
func symbolItem(n int, r SymbolRow) item {
	r = clipSymbolRow(r)
	var b strings.Builder
	fmt.Fprintf(&b, "%d. `%s`", n, oneLine(clip(r.Signature, 300)))
	flags := nonEmpty(r.Kind, flagWord(r.IsAsync, "async"), flagWord(r.IsThrows, "throws"), flagWord(r.IsStatic, "static"))
	if len(flags) > 0 {
		b.WriteString(" — " + strings.Join(flags, " · "))
	}
	if len(r.Attributes) > 0 {
		b.WriteString(" · @" + strings.Join(r.Attributes, " @"))
	}
	if len(r.Matched) > 0 {
		b.WriteString("\n   matched: `" + strings.Join(r.Matched, "`, `") + "`")
	}
	origin := "declared on"
	if r.Origin == "example" {
		origin = "example on"
	}
	where := oneLine(r.Title)
	if r.Framework != "" {
		where += " (" + r.Framework + ")"
	}
	fmt.Fprintf(&b, "\n   %s %s %s\n", origin, where, r.URI)
	return item{markdown: b.String(), value: r}
}

func flagWord(on bool, name string) string {
	if on {
		return name
	}
	return ""
}

func nonEmpty(values ...string) []string {
	var out []string
	for _, v := range values {
		if v != "" {
			out = append(out, v)
		}
	}
	return out
}

// oneLine keeps a title or signature on one Markdown line, clipped.
func oneLine(s string) string {
	return clip(s, maxTitleLen)
}

// clipList keeps the first maxListItems entries of list, each clipped.
func clipList(list []string, n int) []string {
	if len(list) > maxListItems {
		list = list[:maxListItems]
	}
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = clip(s, n)
	}
	return out
}

// clipRef bounds a link to another page as a response shows it.
func clipRef(r document.Ref) document.Ref {
	return document.Ref{URI: clip(r.URI, maxURILen), Title: clip(r.Title, maxTitleLen), Section: clip(r.Section, maxLabelLen)}
}

// clipRefs bounds a list of links to n entries.
func clipRefs(refs []document.Ref, n int) []document.Ref {
	if len(refs) > n {
		refs = refs[:n]
	}
	out := make([]document.Ref, len(refs))
	for i, r := range refs {
		out[i] = clipRef(r)
	}
	return out
}

// clipTypeRef bounds a type named by an inheritance edge.
func clipTypeRef(t TypeRef) TypeRef {
	return TypeRef{URI: clip(t.URI, maxURILen), Title: clip(t.Title, maxTitleLen), Framework: clip(t.Framework, maxLabelLen), Kind: clip(t.Kind, maxLabelLen)}
}

// clipSymbol bounds one declaration.
func clipSymbol(s document.Symbol) document.Symbol {
	s.Name, s.Kind = clip(s.Name, maxTitleLen), clip(s.Kind, maxLabelLen)
	s.Signature, s.Origin = clip(s.Signature, maxSignatureLen), clip(s.Origin, maxLabelLen)
	s.Attributes, s.Conformances = clipList(s.Attributes, maxLabelLen), clipList(s.Conformances, maxLabelLen)
	s.GenericParams, s.GenericConstraints = clipList(s.GenericParams, maxLabelLen), clipList(s.GenericConstraints, maxTitleLen)
	return s
}

// clipSymbolRow bounds a symbol row and the page it names.
func clipSymbolRow(r SymbolRow) SymbolRow {
	r.Symbol = clipSymbol(r.Symbol)
	r.Matched = clipList(r.Matched, maxTitleLen)
	r.URI, r.Title = clip(r.URI, maxURILen), clip(r.Title, maxTitleLen)
	r.Framework, r.Source = clip(r.Framework, maxLabelLen), clip(r.Source, maxLabelLen)
	return r
}

// textResult is a successful result with Markdown text and, when the tool
// declares an output schema, the same data as structured content.
func textResult(markdown string, structured any) *mcpgo.CallToolResult {
	if structured == nil {
		return mcpgo.NewToolResultText(markdown)
	}
	return mcpgo.NewToolResultStructured(structured, markdown)
}
