package mcp

import (
	"context"
	"errors"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/source"
)

func readDocumentTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("read_document",
		mcpgo.WithDescription("Read one page in full: declaration, availability, deprecation, discussion, parameters, topics and relationships. "+
			"Pass a uri from search results (apple-docs://swiftui/view, swift-evolution://SE-0306) or a web address: developer.apple.com documentation "+
			"(?language=objc reads the Objective-C page) or Human Interface Guidelines, docs.swift.org's Swift book, swift.org, or a Swift Evolution proposal on GitHub. "+
			"A modern address of a page Apple keeps under a numeric path (foundation/urlsession/datatask(with:completionhandler:)) finds it. "+
			"Links to pages the index lacks are marked \"(not indexed: <web address>)\". "+
			"Long pages are returned in parts: the response says which offset to pass next; section picks parts by heading."),
		readOnly("Read a documentation page"),
		mcpgo.WithString("uri", mcpgo.Required(), mcpgo.MaxLength(maxURILen),
			mcpgo.Description("Document URI as returned by search, or a web address of a page (developer.apple.com, docs.swift.org, swift.org, github.com/swiftlang/swift-evolution).")),
		mcpgo.WithString("format", mcpgo.Enum("markdown", "json"), mcpgo.DefaultString("markdown"),
			mcpgo.Description("markdown: the page as Markdown. json: the structured document (declaration, platforms, symbols, relationships) with its Markdown.")),
		mcpgo.WithString("section", mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Only the sections whose \"##\" heading contains one of these comma-separated words, e.g. \"Declaration, Discussion\" or \"Topics\". The title block is always included.")),
		offsetArg("Byte offset to continue from, as given by a truncated response."),
		mcpgo.WithInteger("max_tokens", mcpgo.DefaultNumber(defaultTokenBudget), mcpgo.Min(500), mcpgo.Max(maxTokenBudget),
			mcpgo.Description("Upper bound on the response size in tokens (about 4 characters each).")),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		uri, language, err := pageAddress(a, "uri")
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
		offset, err := a.offset()
		if err != nil {
			return nil, err
		}
		maxTokens, err := a.optionalInt("max_tokens", defaultTokenBudget, 500, maxTokenBudget)
		if err != nil {
			return nil, err
		}
		// Markdown shows the page's body, which holds its symbols,
		// examples and children: only JSON reads their rows.
		page, err := renderPage(ctx, b, uri, language, format == "json")
		if msg, ok := addressErrorText(err); ok {
			return mcpgo.NewToolResultError(msg), nil
		}
		if err != nil {
			return nil, err
		}
		body, doc := page.body, page.doc
		if section != "" {
			if body, err = selectSections(ctx, body, section); err != nil {
				return nil, err
			}
		}
		body = page.note + body
		budget := maxTokens * charsPerToken
		if format == "json" {
			return mcpgo.NewToolResultText(documentJSON(doc, body, page.missing, offset, budget)), nil
		}
		return mcpgo.NewToolResultText(documentMarkdown(doc, body, section, offset, budget)), nil
	}
}

// pageAddress reads a page address argument: an index URI, or a web address
// of any source's page (docuri.FromWebURL: developer.apple.com
// documentation and HIG pages, the Swift book, swift.org, Swift Evolution
// proposals on GitHub), with the language a ?language= query asks for.
func pageAddress(a toolArgs, name string) (uri, language string, err error) {
	raw, err := a.requiredString(name, maxURILen)
	if err != nil {
		return "", "", err
	}
	lower := strings.ToLower(raw)
	if strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://") || strings.HasPrefix(lower, "//") ||
		strings.HasPrefix(lower, "developer.apple.com/") || strings.HasPrefix(lower, "docs.swift.org/") ||
		strings.HasPrefix(lower, "github.com/") || strings.HasPrefix(lower, "www.swift.org/") || strings.HasPrefix(lower, "swift.org/") {
		web := raw
		if !strings.Contains(lower, "//") {
			web = "https://" + raw
		}
		if u, lang, werr := docuri.FromWebURL(web); werr == nil {
			return u, lang, nil
		}
	}
	uri, err = a.requiredURI(name)
	return uri, "", err
}

// loadDocument reads uri, retrying case-insensitively: agents retype URIs
// from memory ("swift-evolution://se-0306", "hig://Foundations/Color"). An
// address that names no page is an *index.AddressError: with the
// overloads a modern address names, or with the three closest pages. With
// lists unset the page's symbols, code examples and children are not read
// (index.Store.PageAnyCase).
func loadDocument(ctx context.Context, b *backend, uri string, lists bool) (*index.StoredDocument, error) {
	st, err := b.get()
	if err != nil {
		return nil, err
	}
	read := st.PageAnyCase
	if lists {
		read = st.DocumentAnyCase
	}
	doc, err := read(ctx, uri)
	var aerr *index.AddressError
	if err == nil || !errors.Is(err, index.ErrDocumentNotFound) || errors.As(err, &aerr) {
		return doc, err
	}
	near, serr := st.Suggest(ctx, uri, 3)
	if serr != nil || len(near) == 0 {
		return nil, err
	}
	return nil, &index.AddressError{URI: uri, Candidates: near}
}

// addressErrorText is the isError text for an address that names several
// pages or none with near misses, which lists them; ok is false for any
// other error.
func addressErrorText(err error) (string, bool) {
	var aerr *index.AddressError
	if !errors.As(err, &aerr) {
		return "", false
	}
	if aerr.Ambiguous {
		return aerr.Error(), true
	}
	return aerr.Error() + "\nIf none of these is it, find URIs with search or list_documents, then pass one exactly as returned.", true
}

// languageVariant returns the page to show when the address asked for a
// language: the Objective-C variant of a Swift page for ?language=objc,
// when the index holds one. When it holds none, note says so, so the agent
// knows it reads the Swift page.
func languageVariant(ctx context.Context, b *backend, st *index.Store, doc *index.StoredDocument, language string, lists bool) (*index.StoredDocument, string, error) {
	if language != "objc" || doc.Language == "objc" || doc.Source != document.SourceAppleDocs {
		return doc, "", nil
	}
	variant, err := st.ObjCVariant(ctx, doc.URI)
	if err != nil {
		return nil, "", err
	}
	if variant == "" {
		return doc, "> The index holds no Objective-C variant of this page; this is its " + orDash(doc.Language) + " page.\n\n", nil
	}
	objc, err := loadDocument(ctx, b, variant, lists)
	if err != nil {
		return nil, "", err
	}
	return objc, "", nil
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

// selectSections keeps the preamble and the sections that the
// comma-separated names in wanted pick, by mdbound's rules (an exact
// heading, else headings containing the name, else its alias: "also" and
// "seeAlso" pick "See Also", "returns" picks "Return Value"), which
// `cupertino read --sections` follows too. It fails only when no name picks
// anything, naming the page's sections.
func selectSections(ctx context.Context, md, wanted string) (string, error) {
	sel, err := mdbound.Select(ctx, md, mdbound.ParseList(wanted))
	if err != nil {
		return "", err
	}
	if len(sel.Unmatched) == 0 {
		return sel.Text, nil
	}
	const most = 10
	headings := mdbound.Names(md, most+1)
	list := make([]string, 0, len(headings))
	for _, h := range headings[:min(len(headings), most)] {
		list = append(list, fmt.Sprintf("%q", clip(h, maxEchoLen)))
	}
	if len(headings) > most {
		list = append(list, "…")
	}
	if sel.Picked > 0 {
		// A list that matches only partly says which names matched nothing.
		missed := make([]string, 0, len(sel.Unmatched))
		for _, u := range sel.Unmatched {
			missed = append(missed, fmt.Sprintf("%q", clip(u, maxEchoLen)))
		}
		return fmt.Sprintf("> section: no section matches %s; this page has: %s.\n\n",
			strings.Join(missed, ", "), strings.Join(list, ", ")) + sel.Text, nil
	}
	if len(headings) == 0 {
		return "", argError("section", "this page has no \"##\" sections; omit section to read it whole")
	}
	return "", argError("section", "no section matches %q; this page has: %s", wanted, strings.Join(list, ", "))
}

// resourceTemplates expose pages as MCP resources: apple-docs://{framework}
// and apple-docs://{framework}/{+path} for Apple's pages ({+path} because a
// path has several segments and punctuation such as "padding(_:_:)"),
// swift-evolution://{proposal}, and {source}://{+path} for every other
// source, so that resources/read takes every URI search returns and
// read_document reads.
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
		{"samples://{+path}", "Apple sample code", "A sample code project (samples://{project}: its README and files) or one of its files (samples://{project}/{path}), as Markdown."},
		{"wwdc://{+path}", "WWDC session", "A WWDC session with its transcript and code, as Markdown, e.g. wwdc://2024/10136."},
		{"packages://{+path}", "Swift package", "A Swift package (packages://{owner}/{repo}), one of its files or one of its public declarations, as Markdown."},
	}
	// A source added to the table later is readable too, described by it.
	for _, src := range source.All {
		covered := false
		for _, s := range specs {
			covered = covered || strings.HasPrefix(s.uri, src.ID+"://")
		}
		if !covered {
			specs = append(specs, spec{src.ID + "://{+path}", src.Name, src.Description + ", as Markdown."})
		}
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
	uri, err := toolArgs{m: map[string]any{"uri": raw}}.requiredURI("uri")
	if err != nil {
		return "", err
	}
	doc, err := loadDocument(ctx, b, uri, false)
	if err != nil {
		return "", err
	}
	st, err := b.get()
	if err != nil {
		return "", err
	}
	body, doc, _ := settlePage(ctx, st, stripTitle(doc.Markdown, doc.Title), doc, false)
	return documentMarkdown(doc, body, "", 0, responseBudget), nil
}
