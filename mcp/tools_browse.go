package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/source"
)

func listFrameworksTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("list_frameworks",
		mcpgo.WithDescription("List every indexed Apple framework with its identifier (use it as the framework filter of search, list_documents and the symbol tools), display name and number of pages."),
		readOnly("List frameworks"),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "count": {"type": "integer"},
    "frameworks": {"type": "array", "items": {"type": "object", "properties": {
      "identifier": {"type": "string"}, "displayName": {"type": "string"}, "importName": {"type": "string"}, "documents": {"type": "integer"}},
      "required": ["identifier", "documents"]}}
  },
  "required": ["count", "frameworks"]
}`)),
	)
	type fw struct {
		Identifier  string `json:"identifier"`
		DisplayName string `json:"displayName,omitempty"`
		ImportName  string `json:"importName,omitempty"`
		Documents   int    `json:"documents"`
	}
	type output struct {
		Count      int  `json:"count"`
		Frameworks []fw `json:"frameworks"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		snap, err := b.listings(ctx)
		if err != nil {
			return nil, err
		}
		list := snap.frameworks
		items := itemsOf(list, func(_ int, f index.Framework) item {
			v := fw{clip(f.Identifier, maxLabelLen), clip(f.DisplayName, maxLabelLen), clip(f.ImportName, maxLabelLen), f.DocCount}
			name := v.DisplayName
			if name == "" {
				name = v.ImportName
			}
			line := "- " + v.Identifier
			if name != "" && !strings.EqualFold(name, v.Identifier) {
				line += " · " + name
			}
			return item{markdown: fmt.Sprintf("%s · %d\n", line, f.DocCount), value: v}
		})
		var md strings.Builder
		fmt.Fprintf(&md, "## %d frameworks\n\nidentifier · name · pages\n", len(list))
		// About 400 frameworks fit; an index with far more says so.
		fws := writeFitted[fw](&md, items, 300, responseBudget, "more", "search with framework= finds any of them by name.")
		out := output{Count: len(fws), Frameworks: fws}
		md.WriteString("\nList a framework's pages with list_documents framework=\"<identifier>\".\n")
		return textResult(md.String(), out), nil
	}
}

// listedDoc is one row of list_documents.
type listedDoc struct {
	URI        string `json:"uri"`
	Title      string `json:"title"`
	Kind       string `json:"kind"`
	Summary    string `json:"summary,omitempty"`
	Deprecated bool   `json:"deprecated,omitempty"`
}

func listDocumentsTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("list_documents",
		mcpgo.WithDescription("List the pages of one framework alphabetically, a page at a time. For finding something specific, search is faster."),
		readOnly("List a framework's documents"),
		mcpgo.WithString("framework", mcpgo.Required(), mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Framework identifier, module or display name (\"swiftui\", \"CoreData\"). list_frameworks lists them.")),
		pageArgs("Number of pages to skip, for the next page of a long listing.", "Number of pages to list.", 50, 200),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "framework": {"type": "string"},
    "total": {"type": "integer", "description": "Pages in the framework."},
    `+pagingSchema+`,
    "documents": {"type": "array", "items": {"type": "object", "properties": {
      "uri": {"type": "string"}, "title": {"type": "string"}, "kind": {"type": "string"}, "summary": {"type": "string"}, "deprecated": {"type": "boolean"}},
      "required": ["uri", "title", "kind"]}}
  },
  "required": ["framework", "total", "offset", "documents"]
}`)),
	)
	type output struct {
		Framework string `json:"framework"`
		paging
		Documents []listedDoc `json:"documents"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		name, err := a.requiredString("framework", maxNameLen)
		if err != nil {
			return nil, err
		}
		offset, limit, err := a.page(50, 200)
		if err != nil {
			return nil, err
		}
		framework, err := b.resolveFramework(ctx, name)
		if err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		total, err := st.CountDocuments(ctx, framework)
		if err != nil {
			return nil, err
		}
		docs, err := st.Documents(ctx, framework, offset, limit)
		if err != nil {
			return nil, err
		}
		header := fmt.Sprintf("## %s: pages %d–%d of %d\n\n", framework, offset+1, offset+len(docs), total)
		empty := fmt.Sprintf("No pages at offset %d: %s has %d.\n", offset, framework, total)
		out := output{Framework: framework, paging: paging{Total: total, Offset: offset}}
		var md strings.Builder
		out.Documents = writeListing[listedDoc](&md, &out.paging, itemsOf(docs, docItem), header, empty, 300, func(next int) string {
			return fmt.Sprintf("list_documents with framework=%q offset=%d", framework, next)
		})
		return textResult(md.String(), out), nil
	}
}

func docItem(_ int, d index.DocumentSummary) item {
	v := listedDoc{URI: clip(d.URI, maxURILen), Title: clip(d.Title, maxTitleLen), Kind: clip(d.Kind, maxLabelLen),
		Summary: clip(d.Summary, 160), Deprecated: d.Deprecated}
	line := fmt.Sprintf("- **%s** — %s · %s", oneLine(v.Title), orDash(v.Kind), v.URI)
	if v.Deprecated {
		line += " · deprecated"
	}
	if v.Summary != "" {
		line += "\n  " + v.Summary
	}
	return item{markdown: line + "\n", value: v}
}

func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

func listChildrenTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("list_children",
		mcpgo.WithDescription("List the pages a page links in its Topics sections, grouped by section and in page order: the members of a type, the symbols of a framework, the articles of a collection. "+
			"A child the index does not hold is marked notIndexed, with its web address."),
		readOnly("List a page's children"),
		mcpgo.WithString("uri", mcpgo.Required(), mcpgo.MaxLength(maxURILen),
			mcpgo.Description("URI of the parent page, e.g. apple-docs://swiftui/view, or a developer.apple.com URL.")),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "uri": {"type": "string"},
    "total": {"type": "integer"},
    "truncated": {"type": "boolean"},
    "children": {"type": "array", "items": {"type": "object", "properties": {
      "uri": {"type": "string"}, "title": {"type": "string"}, "section": {"type": "string"},
      "notIndexed": {"type": "boolean", "description": "The index does not hold this page; url is its web address."},
      "url": {"type": "string"}},
      "required": ["title"]}}
  },
  "required": ["uri", "total", "children"]
}`)),
	)
	type child struct {
		document.Ref
		NotIndexed bool   `json:"notIndexed,omitempty"`
		URL        string `json:"url,omitempty"`
	}
	type output struct {
		URI       string  `json:"uri"`
		Total     int     `json:"total"`
		Truncated bool    `json:"truncated,omitempty"`
		Children  []child `json:"children"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		uri, _, err := pageAddress(argsOf(req), "uri")
		if err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		children, err := st.Children(ctx, uri)
		if msg, ok := addressErrorText(err); ok {
			return mcpgo.NewToolResultError(msg), nil
		}
		if err != nil {
			return nil, err
		}
		// Children the index holds under another spelling point at it;
		// the others are marked (links.go).
		r, err := resolveTargets(ctx, st, nil, children)
		if err != nil {
			return nil, err
		}
		children = clipRefs(children, len(children))
		section := "\x00"
		items := itemsOf(children, func(_ int, c document.Ref) item {
			var md strings.Builder
			if c.Section != section {
				section = c.Section
				fmt.Fprintf(&md, "\n### %s\n", orDash(section))
			}
			v := child{Ref: c}
			mark := ""
			if got, held := r.lookup(c.URI, c.Title); held {
				v.URI = got
			} else if c.URI != "" {
				v.NotIndexed, v.URL = true, docuri.WebURL(c.URI)
				mark = notIndexedMark(c.URI)
			}
			fmt.Fprintf(&md, "- %s — %s%s\n", orDash(oneLine(c.Title)), orDash(v.URI), mark)
			return item{markdown: md.String(), value: v}
		})
		out := output{URI: uri, Total: len(children)}
		var md strings.Builder
		if len(children) == 0 {
			fmt.Fprintf(&md, "%s has no Topics children. read_document shows its content.\n", uri)
		} else {
			fmt.Fprintf(&md, "## Children of %s (%d)\n", uri, len(children))
		}
		out.Children = writeFitted[child](&md, items, 300, responseBudget, "more", `read_document with section="Topics" lists them all in parts.`)
		out.Truncated = len(out.Children) < len(children)
		return textResult(md.String(), out), nil
	}
}

func listSourcesTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("list_sources",
		mcpgo.WithDescription("List the indexed sources (Apple docs, Swift Evolution, the Swift book, swift.org, HIG, Apple Archive, sample code, WWDC sessions, Swift packages) with their page counts (and how many sample projects, sessions or packages), query prefixes, when each was fetched, the newest platform versions the documentation lists, and when the index was built. An API newer than those versions or dates is not in the index."),
		readOnly("List sources"),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "builtAt": {"type": "string"},
    "newestPlatforms": {"type": "object", "additionalProperties": {"type": "string"}},
    "sources": {"type": "array", "items": {"type": "object", "properties": {
      "source": {"type": "string"}, "documents": {"type": "integer"}, "description": {"type": "string"},
      "wholes": {"type": "integer"}, "wholeKind": {"type": "string"},
      "fetchedAt": {"type": "string"}, "fetchedBy": {"type": "string"},
      "aliases": {"type": "array", "items": {"type": "string"}}},
      "required": ["source", "documents"]}}
  },
  "required": ["sources"]
}`)),
	)
	type src struct {
		Source      string   `json:"source"`
		Documents   int      `json:"documents"`
		Description string   `json:"description,omitempty"`
		Aliases     []string `json:"aliases,omitempty"`
		// Wholes counts the sample projects, sessions or packages of a
		// source whose pages are their parts; WholeKind is their page kind.
		Wholes    int    `json:"wholes,omitempty"`
		WholeKind string `json:"wholeKind,omitempty"`
		// FetchedAt is when the source's pages were fetched (RFC 3339),
		// FetchedBy how that is known (index.FetchedBy*).
		FetchedAt string `json:"fetchedAt,omitempty"`
		FetchedBy string `json:"fetchedBy,omitempty"`
	}
	type output struct {
		BuiltAt string `json:"builtAt,omitempty"`
		// NewestPlatforms are the newest introduced versions the
		// documentation lists, by platform: the index's horizon.
		NewestPlatforms map[string]string `json:"newestPlatforms,omitempty"`
		Sources         []src             `json:"sources"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		snap, err := b.listings(ctx)
		if err != nil {
			return nil, err
		}
		counts, meta := snap.sources, snap.meta
		fresh := index.FreshnessFromMeta(meta)
		out := output{BuiltAt: clip(meta[index.MetaBuiltAt], maxLabelLen), Sources: []src{}}
		if len(fresh.NewestPlatforms) > 0 {
			out.NewestPlatforms = fresh.NewestPlatforms
		}
		var md strings.Builder
		md.WriteString("## Sources\n\n")
		for _, s := range source.All {
			n, ok := counts[s.ID]
			if !ok {
				continue
			}
			aliases := sourceAliases(s)
			row := src{Source: s.ID, Documents: n, Description: s.Description, Aliases: aliases}
			fmt.Fprintf(&md, "- **%s** — %d pages", s.ID, n)
			if w, ok := snap.wholes[s.ID]; ok {
				row.Wholes, row.WholeKind = w, s.Whole.Kind
				fmt.Fprintf(&md, " (%d %s)", w, s.Whole.Noun)
			}
			if f, ok := fresh.Sources[s.ID]; ok && !f.FetchedAt.IsZero() {
				row.FetchedAt, row.FetchedBy = f.FetchedAt.UTC().Format(time.RFC3339), clip(f.Basis, maxLabelLen)
				fmt.Fprintf(&md, ", fetched %s", clip(fresh.Describe(s.ID), maxLabelLen))
			}
			out.Sources = append(out.Sources, row)
			fmt.Fprintf(&md, ". %s", s.Description)
			if len(aliases) > 0 {
				fmt.Fprintf(&md, " (query prefix: %s:)", strings.Join(aliases, ":, "))
			}
			md.WriteString("\n")
		}
		fmt.Fprintf(&md, "\n%s.\n", capitalize(fresh.CrawlDates()))
		if out.BuiltAt != "" {
			fmt.Fprintf(&md, "\nIndex built %s", out.BuiltAt)
			if v := meta[index.MetaVersion]; v != "" {
				fmt.Fprintf(&md, " by cupertino %s", clip(v, maxLabelLen))
			}
			md.WriteString(".\n")
		}
		md.WriteString("\nRestrict search to one with source=\"<source>\".\n")
		return textResult(md.String(), out), nil
	}
}

// sourceAliases are the spellings of s other than its ID, sorted: the query
// prefixes list_sources shows.
func sourceAliases(s source.Source) []string {
	var out []string
	for _, a := range s.Aliases {
		if a.Name != s.ID {
			out = append(out, a.Name)
		}
	}
	slices.Sort(out)
	return out
}

// capitalize upper-cases the first letter of an ASCII sentence.
func capitalize(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
