package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
)

const typeRefSchema = `{"type": "object", "properties": {
  "uri": {"type": "string"}, "title": {"type": "string"}, "framework": {"type": "string"}, "kind": {"type": "string"}},
  "required": ["title"]}`

func searchConformancesTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("search_conformances",
		mcpgo.WithDescription("Find the types that conform to a protocol: those Apple's documentation lists as conforming, "+
			"then declarations in code that adopt it (struct Foo: Codable)."),
		readOnly("Find protocol conformances"),
		mcpgo.WithString("protocol", mcpgo.Required(), mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Protocol name (\"Sendable\", \"View\", \"Codable\") or its URI.")),
		symbolFilterArgs(),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "protocol": {"type": "string"},
    "documentedTotal": {"type": "integer", "description": "Types the documentation lists as conforming."},
    "documented": {"type": "array", "items": `+typeRefSchema+`},
    "declared": {"type": "array", "items": `+symbolRowSchema+`}
  },
  "required": ["protocol", "documentedTotal", "documented", "declared"]
}`)),
	)
	type output struct {
		Protocol        string      `json:"protocol"`
		DocumentedTotal int         `json:"documentedTotal"`
		Documented      []TypeRef   `json:"documented"`
		Declared        []SymbolRow `json:"declared"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		protocol, err := a.requiredString("protocol", maxNameLen)
		if err != nil {
			return nil, err
		}
		var q SymbolQuery
		if err := symbolArgs(ctx, b, a, &q); err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		documented, total, err := st.Conformers(ctx, protocol, q.Framework, q.Limit)
		if err != nil {
			return nil, err
		}
		// The documented list takes at most half of the response; code
		// declarations get what it leaves.
		items := itemsOf(documented, func(_ int, d TypeRef) item {
			d = clipTypeRef(d)
			return item{markdown: "- " + typeRefText(d) + "\n", value: d}
		})
		fixed := 300 + len(protocol)
		n := fitItems(items, fixed, responseBudget/2)
		out := output{Protocol: protocol, DocumentedTotal: total, Documented: make([]TypeRef, 0, n), Declared: []SymbolRow{}}
		var md strings.Builder
		fmt.Fprintf(&md, "## Types conforming to %s\n\n", protocol)
		if total > 0 {
			fmt.Fprintf(&md, "Documented (%d of %d):\n", n, total)
			out.Documented = writeItems[TypeRef](&md, items[:n])
		}
		// Code declarations fill what the documented list leaves of the limit.
		if rest := q.Limit - len(documented); rest > 0 && !strings.Contains(protocol, "://") && len(index.SymbolWords(protocol)) == 1 {
			q.Conformance, q.Limit = protocol, rest
			rows, err := st.SearchSymbols(ctx, q)
			if err != nil {
				return nil, err
			}
			if len(rows) > 0 {
				used, _ := json.Marshal(out.Documented)
				text, list := renderSymbols(rows, "Declared in code", "", responseBudget-md.Len()-len(used)-fixed)
				md.WriteString("\n" + strings.Replace(text, "## ", "### ", 1))
				out.Declared = list.Symbols
			}
		}
		if total == 0 && len(out.Declared) == 0 {
			md.Reset()
			fmt.Fprintf(&md, "Nothing is recorded as conforming to %q. Check the protocol's spelling, or search for it: search query=%q.\n", protocol, protocol)
		} else if total > len(out.Documented) {
			fmt.Fprintf(&md, "\n%d more documented conformers; pass framework= to narrow, or raise limit (max 100) when fewer than it were listed.\n", total-len(out.Documented))
		}
		return textResult(md.String(), out), nil
	}
}

func typeRefText(t TypeRef) string {
	s := "**" + oneLine(t.Title) + "**"
	if meta := nonEmpty(t.Kind, t.Framework); len(meta) > 0 {
		s += " (" + strings.Join(meta, " · ") + ")"
	}
	if t.URI != "" {
		s += " " + t.URI
	}
	return s
}

// maxInheritanceEdges bounds one walk: a downward walk from NSObject or View
// reaches thousands of types.
const maxInheritanceEdges = 200

func getInheritanceTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("get_inheritance",
		mcpgo.WithDescription("Show a type's class hierarchy and protocol conformances from the documentation: "+
			"up (superclasses and adopted protocols, e.g. UIButton → UIControl → UIView → UIResponder), down (subclasses and conforming types) or both. "+
			"A name several types share (View: SwiftUI's and Vapor's) is an error listing them; pass framework= or the URI of the one you mean."),
		readOnly("Show type hierarchy"),
		mcpgo.WithString("symbol", mcpgo.Required(), mcpgo.MaxLength(maxURILen),
			mcpgo.Description("Type name (\"UIButton\") or URI (apple-docs://uikit/uibutton).")),
		mcpgo.WithString("direction", mcpgo.Enum("up", "down", "both"), mcpgo.DefaultString("up"),
			mcpgo.Description("up: what it inherits from and conforms to; down: what inherits from or conforms to it; both.")),
		mcpgo.WithInteger("depth", mcpgo.DefaultNumber(5), mcpgo.Min(1), mcpgo.Max(10),
			mcpgo.Description("Levels to follow.")),
		mcpgo.WithString("framework", mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Framework of the type when the name exists in several (\"uikit\").")),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "root": `+typeRefSchema+`,
    "direction": {"type": "string"},
    "truncated": {"type": "boolean", "description": "True when depth or the edge cap stopped the walk."},
    "conformsToTotal": {"type": "integer", "description": "Protocols the type is documented to conform to (edges lists at most 100)."},
    "conformedByTotal": {"type": "integer", "description": "Types documented as conforming to it (edges lists at most 100)."},
    "edges": {"type": "array", "items": {"type": "object", "properties": {
      "from": `+typeRefSchema+`, "to": `+typeRefSchema+`,
      "relation": {"type": "string", "enum": ["inheritsFrom", "conformsTo"]},
      "depth": {"type": "integer"}}, "required": ["from", "to", "relation", "depth"]}},
    "otherCandidates": {"type": "array", "items": `+typeRefSchema+`}
  },
  "required": ["root", "direction", "edges"]
}`)),
	)
	type output struct {
		Root             TypeRef   `json:"root"`
		Direction        string    `json:"direction"`
		Truncated        bool      `json:"truncated,omitempty"`
		ConformsToTotal  int       `json:"conformsToTotal,omitempty"`
		ConformedByTotal int       `json:"conformedByTotal,omitempty"`
		Edges            []Edge    `json:"edges"`
		OtherCandidates  []TypeRef `json:"otherCandidates,omitempty"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		symbol, err := a.requiredString("symbol", maxURILen)
		if err != nil {
			return nil, err
		}
		direction, err := a.optionalEnum("direction", "up", []string{"up", "down", "both"})
		if err != nil {
			return nil, err
		}
		depth, err := a.optionalInt("depth", 5, 1, 10)
		if err != nil {
			return nil, err
		}
		framework, err := optionalFramework(ctx, b, a)
		if err != nil {
			return nil, err
		}
		if strings.Contains(symbol, "://") {
			if symbol, err = canonicalURI(symbol); err != nil {
				return nil, err
			}
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		candidates, err := st.ResolveType(ctx, symbol, framework)
		if err != nil {
			return nil, err
		}
		// Several types share a bare name (SwiftUI's View, Vapor's View):
		// the most authoritative one answers, as ResolveType orders them,
		// and the others are offered beside it with their URIs, so one
		// call answers the usual question and shows how to ask the other.
		// A bare name that one type answers to may still not be the one
		// meant: Button is SwiftUI's, but UIKit's is UIButton and AppKit's
		// NSButton. Those are offered beside it.
		if len(candidates) == 1 && framework == "" && !strings.Contains(symbol, "://") {
			if candidates, err = withPrefixedTypes(ctx, st, symbol, candidates); err != nil {
				return nil, err
			}
		}
		root := TypeRef{Title: symbol}
		if len(candidates) > 0 {
			root = candidates[0]
		}
		out := output{Root: root, Direction: direction, Edges: []Edge{}}
		if len(candidates) > 1 {
			out.OtherCandidates = candidates[1:]
		}
		type walk struct {
			up bool
			h  Hierarchy
		}
		var walks []walk
		for _, up := range []bool{true, false} {
			if (up && direction == "down") || (!up && direction == "up") {
				continue
			}
			h, err := st.Inheritance(ctx, root, up, depth, maxInheritanceEdges)
			if err != nil {
				return nil, err
			}
			// Clipped after the walk, which matches on the full title.
			for i := range h.Edges {
				h.Edges[i].From, h.Edges[i].To = clipTypeRef(h.Edges[i].From), clipTypeRef(h.Edges[i].To)
			}
			walks = append(walks, walk{up, h})
		}
		root = clipTypeRef(root)
		out.Root = root
		for i, c := range out.OtherCandidates {
			out.OtherCandidates[i] = clipTypeRef(c)
		}
		// Render, and while text and structured content together pass the
		// response budget, keep the first three quarters of every walk
		// (breadth-first, so the nearest relationships stay).
		var md strings.Builder
		for {
			md.Reset()
			out.Edges, out.Truncated = []Edge{}, false
			fmt.Fprintf(&md, "## %s\n\n", typeRefText(root))
			for i, w := range walks {
				out.Edges = append(out.Edges, w.h.Edges...)
				out.Truncated = out.Truncated || w.h.Truncated
				if w.up {
					out.ConformsToTotal = w.h.Conformances
				} else {
					out.ConformedByTotal = w.h.Conformances
				}
				if i > 0 {
					md.WriteString("\n")
				}
				writeHierarchy(&md, root, w.h, w.up, depth)
			}
			js, _ := json.Marshal(out)
			if md.Len()+len(js) <= responseBudget || len(out.Edges) < 10 {
				break
			}
			for i := range walks {
				walks[i].h.Edges = walks[i].h.Edges[:len(walks[i].h.Edges)*3/4]
				walks[i].h.Truncated = true
			}
		}
		if len(out.Edges) == 0 {
			if len(candidates) == 0 {
				md.Reset()
				fmt.Fprintf(&md, "No type named %q is indexed. Check the spelling or search for it: search query=%q kind=class.\n", symbol, symbol)
			} else {
				md.WriteString("No inheritance or conformance is recorded for it.\n")
			}
		}
		if len(out.OtherCandidates) > 0 {
			md.WriteString("\nOther types answer to this name, or name it with a prefix; pass one's URI as symbol (or framework=) for its hierarchy:\n")
			for _, c := range out.OtherCandidates {
				md.WriteString("- " + typeRefText(c) + "\n")
			}
		}
		return textResult(md.String(), out), nil
	}
}

// typePrefixes are the prefixes of the UI frameworks' class names that a
// bare name drops: UIKit's UIButton, AppKit's NSButton, for Button.
var typePrefixes = []string{"UI", "NS"}

// withPrefixedTypes adds to the one type named name the types named with a
// UI framework prefix (UIButton and NSButton beside SwiftUI's Button).
func withPrefixedTypes(ctx context.Context, st *index.Store, name string, candidates []TypeRef) ([]TypeRef, error) {
	if !isBareTypeName(name) {
		return candidates, nil
	}
	for _, p := range typePrefixes {
		more, err := st.ResolveType(ctx, p+name, "")
		if err != nil {
			return nil, err
		}
		candidates = append(candidates, more...)
	}
	return candidates, nil
}

// isBareTypeName reports whether name looks like a type name without a
// framework prefix: capitalised, then lower case ("Button", not "UIButton"
// or "button").
func isBareTypeName(name string) bool {
	if len(name) < 2 || name[0] < 'A' || name[0] > 'Z' || name[1] < 'a' || name[1] > 'z' {
		return false
	}
	for _, r := range name {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return true
}

// writeHierarchy renders one direction: the inheritance chain as an indented
// tree, then the root's conformances on one line each way.
func writeHierarchy(md *strings.Builder, root TypeRef, h Hierarchy, up bool, depth int) {
	key := func(t TypeRef) string {
		if t.URI != "" {
			return t.URI
		}
		return "title:" + strings.ToLower(t.Title)
	}
	next := map[string][]Edge{}
	var conformances []string
	for _, e := range h.Edges {
		if e.Relation == index.RelationConformsTo {
			other := e.To
			if !up {
				other = e.From
			}
			conformances = append(conformances, oneLine(other.Title))
			continue
		}
		from := e.From
		if !up {
			from = e.To
		}
		next[key(from)] = append(next[key(from)], e)
	}
	if up {
		md.WriteString("### Inherits from\n")
		chain := []string{oneLine(root.Title)}
		for cur := root; len(next[key(cur)]) > 0 && len(chain) <= depth; {
			cur = next[key(cur)][0].To
			chain = append(chain, oneLine(cur.Title))
		}
		if len(chain) > 1 {
			md.WriteString("Superclass chain: " + strings.Join(chain, " → ") + "\n")
		}
	} else {
		md.WriteString("### Inherited by\n")
	}
	seen := map[string]bool{key(root): true}
	var walk func(node TypeRef, level int)
	walk = func(node TypeRef, level int) {
		for _, e := range next[key(node)] {
			other := e.To
			if !up {
				other = e.From
			}
			fmt.Fprintf(md, "%s- %s\n", strings.Repeat("  ", level), typeRefText(other))
			if !seen[key(other)] {
				seen[key(other)] = true
				walk(other, level+1)
			}
		}
	}
	walk(root, 0)
	if len(next) == 0 {
		md.WriteString("(none recorded)\n")
	}
	if h.Truncated {
		fmt.Fprintf(md, "(more beyond depth %d or the %d-edge cap; call again on a listed type to go further)\n", depth, maxInheritanceEdges)
	}
	if len(conformances) > 0 {
		label := "Conforms to"
		if !up {
			label = "Conforming types"
		}
		fmt.Fprintf(md, "\n%s (%d): %s", label, h.Conformances, strings.Join(conformances, ", "))
		if h.Conformances > len(conformances) {
			fmt.Fprintf(md, ", … %d more (search_conformances protocol=%q framework=… lists them by framework)", h.Conformances-len(conformances), root.Title)
		}
		md.WriteString("\n")
	}
}
