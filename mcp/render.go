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

// clip shortens s to at most n bytes at a rune boundary, marking the cut.
func clip(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "…"
}

// window returns up to max bytes of text starting at offset, cut at a rune
// boundary and, when one is near the end of the window, after a newline so
// that a code block or table row is not split mid-line. next is the offset to
// continue from, or 0 when the text is complete.
func window(text string, offset, max int) (part string, next int) {
	if offset >= len(text) {
		return "", 0
	}
	for offset > 0 && offset < len(text) && !utf8.RuneStart(text[offset]) {
		offset++
	}
	end := offset + max
	if end >= len(text) {
		return text[offset:], 0
	}
	for end > offset && !utf8.RuneStart(text[end]) {
		end--
	}
	if nl := strings.LastIndexByte(text[offset:end], '\n'); nl >= 0 && nl > (end-offset)*4/5 {
		end = offset + nl + 1
	}
	return text[offset:end], end
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

// resultItem renders one search result as compact Markdown.
func resultItem(n int, r ranker.Result) item {
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
	if av := availabilityText(r.Availability); av != "" {
		b.WriteString("\n   " + av)
	}
	r.Summary = clip(r.Summary, summaryLimit)
	if r.Summary != "" {
		b.WriteString("\n   " + r.Summary)
	}
	b.WriteString("\n")
	return item{markdown: b.String(), value: r}
}

// symbolItem renders one symbol row.
func symbolItem(n int, r SymbolRow) item {
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
	r.Signature = clip(r.Signature, 1000)
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

// oneLine keeps a title or signature on one Markdown line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// textResult is a successful result with Markdown text and, when the tool
// declares an output schema, the same data as structured content.
func textResult(markdown string, structured any) *mcpgo.CallToolResult {
	if structured == nil {
		return mcpgo.NewToolResultText(markdown)
	}
	return mcpgo.NewToolResultStructured(structured, markdown)
}
