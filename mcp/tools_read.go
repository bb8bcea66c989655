package mcp

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

func readDocumentTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("read_document",
		mcpgo.WithDescription("Read one page in full: declaration, availability, deprecation, discussion, parameters, topics and relationships. "+
			"Pass a uri from search results (apple-docs://swiftui/view, swift-evolution://SE-0306) or a https://developer.apple.com/documentation/… URL. "+
			"Long pages are returned in parts: the response says which offset to pass next; section picks parts by heading."),
		readOnly("Read a documentation page"),
		mcpgo.WithString("uri", mcpgo.Required(), mcpgo.MaxLength(maxURILen),
			mcpgo.Description("Document URI as returned by search, or a developer.apple.com documentation URL.")),
		mcpgo.WithString("format", mcpgo.Enum("markdown", "json"), mcpgo.DefaultString("markdown"),
			mcpgo.Description("markdown: the page as Markdown. json: the structured document (declaration, platforms, symbols, relationships) with its Markdown.")),
		mcpgo.WithString("section", mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Only the sections whose \"##\" heading contains one of these comma-separated words, e.g. \"Declaration, Discussion\" or \"Topics\". The title block is always included.")),
		mcpgo.WithInteger("offset", mcpgo.DefaultNumber(0), mcpgo.Min(0), mcpgo.Max(maxOffset),
			mcpgo.Description("Byte offset to continue from, as given by a truncated response.")),
		mcpgo.WithInteger("max_tokens", mcpgo.DefaultNumber(defaultTokenBudget), mcpgo.Min(500), mcpgo.Max(maxTokenBudget),
			mcpgo.Description("Upper bound on the response size in tokens (about 4 characters each).")),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		raw, err := a.requiredString("uri", maxURILen)
		if err != nil {
			return nil, err
		}
		uri, err := canonicalURI(raw)
		if err != nil {
			return nil, err
		}
		format, err := a.optionalEnum("format", "markdown", []string{"markdown", "json"})
		if err != nil {
			return nil, err
		}
		section, err := a.optionalString("section", "", maxNameLen)
		if err != nil {
			return nil, err
		}
		offset, err := a.optionalInt("offset", 0, 0, maxOffset)
		if err != nil {
			return nil, err
		}
		maxTokens, err := a.optionalInt("max_tokens", defaultTokenBudget, 500, maxTokenBudget)
		if err != nil {
			return nil, err
		}
		doc, err := loadDocument(ctx, b, uri)
		if err != nil {
			return nil, err
		}
		body := stripTitle(doc.Markdown, doc.Title)
		if section != "" {
			if body, err = selectSections(body, section); err != nil {
				return nil, err
			}
		}
		budget := maxTokens * charsPerToken
		if format == "json" {
			return mcpgo.NewToolResultText(documentJSON(doc, body, offset, budget)), nil
		}
		return mcpgo.NewToolResultText(documentMarkdown(doc, body, section, offset, budget)), nil
	}
}

// loadDocument reads uri, retrying case-insensitively: agents retype URIs
// from memory ("swift-evolution://se-0306", "hig://Foundations/Color").
func loadDocument(ctx context.Context, b *backend, uri string) (*index.StoredDocument, error) {
	st, err := b.get()
	if err != nil {
		return nil, err
	}
	doc, err := st.Document(ctx, uri)
	if !errors.Is(err, index.ErrDocumentNotFound) {
		return doc, err
	}
	var exact string
	qerr := st.DB().QueryRowContext(ctx, "SELECT uri FROM docs WHERE uri = ? COLLATE NOCASE LIMIT 1", uri).Scan(&exact)
	if errors.Is(qerr, sql.ErrNoRows) {
		return nil, err
	}
	if qerr != nil {
		return nil, qerr
	}
	return st.Document(ctx, exact)
}

// stripTitle drops a leading "# Title" line; the header block repeats it.
func stripTitle(md, title string) string {
	md = strings.TrimLeft(md, "\n")
	if first, rest, ok := strings.Cut(md, "\n"); ok && strings.HasPrefix(first, "# ") {
		return strings.TrimLeft(rest, "\n")
	} else if !ok && strings.HasPrefix(first, "# ") {
		return ""
	}
	return md
}

// docHeader is the block every read starts with: what the page is and where
// it applies, so an agent can judge it before reading on.
func docHeader(doc *index.StoredDocument, body string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", oneLine(doc.Title))
	meta := []string{"URI: " + doc.URI}
	meta = append(meta, nonEmpty(labelled("Kind", doc.RoleHeading, doc.Kind), labelled("Framework", doc.Framework),
		labelled("Source", doc.Source), labelled("Status", doc.Status), labelled("Swift", doc.SwiftVersion))...)
	b.WriteString(strings.Join(meta, " · ") + "\n")
	early := body[:min(len(body), 1500)]
	if len(doc.Platforms) > 0 && !strings.Contains(early, "Availability:") {
		b.WriteString("Availability: " + platformsText(doc.Platforms) + "\n")
	}
	if doc.Deprecated && !strings.Contains(strings.ToLower(early), "deprecated") {
		note := "Deprecated."
		if doc.DeprecationNote != "" {
			note = "Deprecated: " + oneLine(doc.DeprecationNote)
		}
		b.WriteString("> " + note + "\n")
	}
	if body == "" && doc.Abstract != "" {
		b.WriteString("\n" + doc.Abstract + "\n")
	}
	if body == "" && doc.Declaration != "" {
		b.WriteString("\n```swift\n" + doc.Declaration + "\n```\n")
	}
	return b.String()
}

func labelled(label string, values ...string) string {
	for _, v := range values {
		if v != "" {
			return label + ": " + v
		}
	}
	return ""
}

func documentMarkdown(doc *index.StoredDocument, body, section string, offset, budget int) string {
	header := docHeader(doc, body)
	if offset > len(body) {
		return header + fmt.Sprintf("\nOffset %d is past the end of this page (%d bytes).\n", offset, len(body))
	}
	const hintRoom = 600
	part, next := window(body, offset, max(budget-len(header)-hintRoom, 1000))
	var b strings.Builder
	b.WriteString(header)
	if offset > 0 {
		fmt.Fprintf(&b, "\n(continued from byte %d of %d)\n", offset, len(body))
	}
	b.WriteString("\n")
	b.WriteString(strings.TrimRight(part, "\n") + "\n")
	if next > 0 {
		args := fmt.Sprintf("uri=%q offset=%d", doc.URI, next)
		if section != "" {
			args += fmt.Sprintf(" section=%q", section)
		}
		fmt.Fprintf(&b, "\n… truncated at byte %d of %d; call read_document with %s to continue.", next, len(body), args)
		if headings := sectionHeadings(body); len(headings) > 1 && section == "" {
			fmt.Fprintf(&b, " Or pick sections with section=, e.g. %s.", strings.Join(quoteAll(headings[:min(len(headings), 8)]), ", "))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// docJSON is read_document's JSON form: the document with its Markdown windowed.
type docJSON struct {
	*document.Document
	MarkdownOffset int  `json:"markdownOffset,omitempty"`
	MarkdownBytes  int  `json:"markdownBytes"`
	NextOffset     int  `json:"nextOffset,omitempty"`
	ListsTruncated bool `json:"listsTruncated,omitempty"`
}

func documentJSON(sd *index.StoredDocument, body string, offset, budget int) string {
	d := sd.Document
	d.SourceFile, d.ContentHash, d.Content = "", "", ""
	out := docJSON{Document: &d, MarkdownOffset: offset, MarkdownBytes: len(body)}
	// Long lists are what make a page's JSON large; keep the head of each.
	capList := func(n, limit int) int {
		if n > limit {
			out.ListsTruncated = true
			return limit
		}
		return n
	}
	d.Symbols = d.Symbols[:capList(len(d.Symbols), 50)]
	d.CodeExamples = d.CodeExamples[:capList(len(d.CodeExamples), 20)]
	d.Children = d.Children[:capList(len(d.Children), 300)]
	d.SeeAlso = d.SeeAlso[:capList(len(d.SeeAlso), 50)]
	d.InheritedBy = d.InheritedBy[:capList(len(d.InheritedBy), 100)]
	d.ConformingTypes = d.ConformingTypes[:capList(len(d.ConformingTypes), 100)]
	d.Markdown = ""
	rest, _ := json.Marshal(out)
	if offset > len(body) {
		offset = len(body)
	}
	d.Markdown, out.NextOffset = window(body, offset, max(budget-len(rest)-200, 1000))
	b, err := json.Marshal(out)
	if err != nil {
		return fmt.Sprintf(`{"error": %q}`, err.Error())
	}
	// Drop the empty and internal fields Document always writes; they cost
	// tokens and say nothing.
	var m map[string]any
	if json.Unmarshal(b, &m) == nil {
		for _, k := range []string{"sourceFile", "contentHash", "size"} {
			delete(m, k)
		}
		for k, v := range m {
			if v == "" {
				delete(m, k)
			}
		}
		if compact, err := json.Marshal(m); err == nil {
			b = compact
		}
	}
	return string(b)
}

// splitSections cuts Markdown at "## " headings. The first entry is the
// preamble before any heading (heading "").
func splitSections(md string) []struct{ heading, text string } {
	var out []struct{ heading, text string }
	cur := struct{ heading, text string }{}
	var b strings.Builder
	inFence := false
	for _, line := range strings.SplitAfter(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
		}
		if !inFence && strings.HasPrefix(line, "## ") {
			cur.text = b.String()
			out = append(out, cur)
			b.Reset()
			cur.heading = strings.TrimSpace(strings.TrimPrefix(line, "## "))
		}
		b.WriteString(line)
	}
	cur.text = b.String()
	return append(out, cur)
}

func sectionHeadings(md string) []string {
	var out []string
	for _, s := range splitSections(md) {
		if s.heading != "" {
			out = append(out, s.heading)
		}
	}
	return out
}

// selectSections keeps the preamble and every section whose heading contains
// one of the comma-separated wanted words.
func selectSections(md, wanted string) (string, error) {
	var words []string
	for _, w := range strings.Split(wanted, ",") {
		if w = strings.ToLower(strings.TrimSpace(w)); w != "" {
			words = append(words, w)
		}
	}
	sections := splitSections(md)
	// A word equal to a heading picks that heading only ("part 7" is not
	// "Part 70"); otherwise it picks every heading containing it.
	exact := map[string]bool{}
	for _, s := range sections[1:] {
		for _, w := range words {
			if strings.EqualFold(s.heading, w) {
				exact[w] = true
			}
		}
	}
	var b strings.Builder
	found := false
	for i, s := range sections {
		if i == 0 {
			b.WriteString(s.text)
			continue
		}
		heading := strings.ToLower(s.heading)
		for _, w := range words {
			if heading == w || (!exact[w] && strings.Contains(heading, w)) {
				b.WriteString(s.text)
				found = true
				break
			}
		}
	}
	if !found && len(words) > 0 {
		headings := sectionHeadings(md)
		if len(headings) == 0 {
			return "", argError("section", "this page has no \"##\" sections; omit section to read it whole")
		}
		return "", argError("section", "no section matches %q; this page has: %s", wanted, strings.Join(quoteAll(echoNames(headings)), ", "))
	}
	return b.String(), nil
}

// resourceTemplates expose pages as MCP resources: apple-docs://{framework}
// and apple-docs://{framework}/{+path} for Apple's pages ({+path} because a
// path has several segments and punctuation such as "padding(_:_:)"),
// swift-evolution://{proposal}, and one template per other source.
func resourceTemplates(b *backend) []server.ServerResourceTemplate {
	type spec struct{ uri, name, desc string }
	specs := []spec{
		{"apple-docs://{framework}/{+path}", "Apple documentation page", "A symbol or article page of an Apple framework, as Markdown, e.g. apple-docs://swiftui/view."},
		{"apple-docs://{framework}", "Apple framework", "A framework's root page, as Markdown, e.g. apple-docs://swiftui."},
		{"swift-evolution://{proposal}", "Swift Evolution proposal", "A Swift Evolution proposal, as Markdown, e.g. swift-evolution://SE-0306."},
		{"swift-book://{+path}", "The Swift Programming Language", "A chapter of the Swift book, as Markdown."},
		{"swift-org://{+path}", "swift.org", "A swift.org documentation page, as Markdown."},
		{"hig://{+path}", "Human Interface Guidelines", "A Human Interface Guidelines page, as Markdown."},
		{"apple-archive://{+path}", "Apple Archive", "A retired Apple guide, as Markdown."},
	}
	var out []server.ServerResourceTemplate
	for _, s := range specs {
		out = append(out, server.ServerResourceTemplate{
			Template: mcpgo.NewResourceTemplate(s.uri, s.name,
				mcpgo.WithTemplateDescription(s.desc), mcpgo.WithTemplateMIMEType("text/markdown")),
			Handler: func(ctx context.Context, req mcpgo.ReadResourceRequest) ([]mcpgo.ResourceContents, error) {
				return readResource(ctx, b, req.Params.URI)
			},
		})
	}
	return out
}

func readResource(ctx context.Context, b *backend, raw string) ([]mcpgo.ResourceContents, error) {
	ctx, cancel := context.WithTimeoutCause(ctx, b.opts.CallTimeout, ErrTimeout)
	defer cancel()
	text, err := resourceText(ctx, b, raw)
	if err != nil {
		return nil, resourceError(ctx, b.log, b.opts.CallTimeout, raw, err)
	}
	return []mcpgo.ResourceContents{mcpgo.TextResourceContents{URI: raw, MIMEType: "text/markdown", Text: text}}, nil
}

func resourceText(ctx context.Context, b *backend, raw string) (string, error) {
	raw, err := toolArgs{m: map[string]any{"uri": raw}}.requiredString("uri", maxURILen)
	if err != nil {
		return "", err
	}
	uri, err := canonicalURI(raw)
	if err != nil {
		return "", err
	}
	doc, err := loadDocument(ctx, b, uri)
	if err != nil {
		return "", err
	}
	return documentMarkdown(doc, stripTitle(doc.Markdown, doc.Title), "", 0, responseBudget), nil
}
