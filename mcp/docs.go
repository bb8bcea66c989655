package mcp

import (
	"fmt"
	"slices"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// ToolsMarkdown renders every tool, its arguments and the resource templates
// as Markdown. docs/tools.md is this output; TestToolsDocIsCurrent keeps it so.
func ToolsMarkdown() string {
	var b strings.Builder
	b.WriteString("# MCP tools\n\n")
	b.WriteString("<!-- Generated from the tool definitions in package mcp by `go test ./mcp -run TestToolsDoc -update`. Do not edit. -->\n\n")
	b.WriteString("`cupertino serve` offers these tools to MCP clients (set-up: [clients.md](clients.md)). Every tool is read-only " +
		"and answers in compact Markdown; tools with an `outputSchema` (*structured* below) also return `structuredContent`. " +
		"A response stays under about 25,000 tokens and says how to get the rest. Mistakes (unknown tools or arguments, wrong types, " +
		"unknown documents, timeouts after 5 s, a missing index) come back as `isError` results that say what to do.\n\n")
	needs := toolNeeds()
	tools := Tools()
	b.WriteString(ToolsTable("#"))
	for _, t := range tools {
		fmt.Fprintf(&b, "\n## %s\n\n%s\n\n", t.Name, t.Description)
		if len(t.InputSchema.Properties) == 0 {
			b.WriteString("No arguments.\n")
		} else {
			b.WriteString("| argument | type | required | default | description |\n|---|---|---|---|---|\n")
			for _, name := range argOrder(t) {
				p, _ := t.InputSchema.Properties[name].(map[string]any)
				typ, _ := p["type"].(string)
				if enum, ok := p["enum"].([]string); ok {
					typ = "`" + strings.Join(enum, "` \\| `") + "`"
				}
				req := ""
				if slices.Contains(t.InputSchema.Required, name) {
					req = "yes"
				}
				def := ""
				if v, ok := p["default"]; ok {
					def = fmt.Sprintf("`%v`", v)
				}
				desc, _ := p["description"].(string)
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", name, typ, req, def, escapeCell(desc))
			}
		}
		notes := []string{"Offered " + strings.ToLower(offeredWhen(needs[t.Name])) + "."}
		if t.RawOutputSchema != nil {
			notes = append(notes, "Structured: returns `structuredContent` (see its `outputSchema` in tools/list).")
		}
		b.WriteString("\n" + strings.Join(notes, " ") + "\n")
	}
	b.WriteString("\n## Resources\n\nPages can also be read as MCP resources (Markdown), through these templates:\n\n")
	b.WriteString("| template | what |\n|---|---|\n")
	for _, r := range resourceTemplates(nil) {
		fmt.Fprintf(&b, "| `%s` | %s |\n", r.Template.URITemplate.Raw(), escapeCell(r.Template.Description))
	}
	return b.String()
}

// ToolsTable is the one-line-per-tool table of ToolsMarkdown; linkPrefix
// goes before each tool's anchor ("#" inside docs/tools.md,
// "docs/tools.md#" in the README, which embeds the same table).
func ToolsTable(linkPrefix string) string {
	var b strings.Builder
	needs := toolNeeds()
	b.WriteString("| tool | offered | structured | what it does |\n|---|---|---|---|\n")
	for _, t := range Tools() {
		structured := "no"
		if t.RawOutputSchema != nil {
			structured = "yes"
		}
		fmt.Fprintf(&b, "| [`%s`](%s%s) | %s | %s | %s |\n", t.Name, linkPrefix, t.Name, offeredWhen(needs[t.Name]), structured,
			escapeCell(firstSentence(t.Description)))
	}
	return b.String()
}

// toolNeeds maps each tool to the data it needs to be offered.
func toolNeeds() map[string]string {
	needs := map[string]string{}
	for _, t := range allTools(nil) {
		needs[t.def.Name] = t.needs
	}
	return needs
}

func offeredWhen(needs string) string {
	switch needs {
	case "doc_symbols":
		return "When the index has symbols"
	case "inheritance_edges":
		return "When the index has inheritance edges"
	case "code_refs":
		return "When the index has sample or package code"
	case needSamples:
		return "When the index has sample projects"
	}
	return "Always"
}

// argOrder lists required arguments first, then the rest by name.
func argOrder(t mcpgo.Tool) []string {
	names := schemaArgNames(t)
	slices.SortStableFunc(names, func(a, b string) int {
		ra, rb := slices.Contains(t.InputSchema.Required, a), slices.Contains(t.InputSchema.Required, b)
		switch {
		case ra && !rb:
			return -1
		case rb && !ra:
			return 1
		}
		return 0
	})
	return names
}

// firstSentence returns s up to the first full stop that ends a sentence
// (not the one in "e.g.").
func firstSentence(s string) string {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '.' && s[i+1] == ' ' && !strings.HasSuffix(s[:i], "e.g") && !strings.HasSuffix(s[:i], "i.e") {
			return s[:i+1]
		}
	}
	return s
}

func escapeCell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
}
