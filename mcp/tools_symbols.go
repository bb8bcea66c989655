package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
)

// symbolKinds are the declaration kinds the symbol extractor records.
var symbolKinds = []string{"actor", "associatedtype", "case", "class", "enum", "extension", "func", "init",
	"let", "macro", "operator", "protocol", "struct", "subscript", "typealias", "var"}

// symbolRowSchema is the JSON Schema of one SymbolRow.
const symbolRowSchema = `{"type": "object", "properties": {
  "name": {"type": "string"}, "kind": {"type": "string"}, "signature": {"type": "string"},
  "isAsync": {"type": "boolean"}, "isThrows": {"type": "boolean"}, "isStatic": {"type": "boolean"},
  "attributes": {"type": "array", "items": {"type": "string"}},
  "conformances": {"type": "array", "items": {"type": "string"}},
  "genericParams": {"type": "array", "items": {"type": "string"}},
  "genericConstraints": {"type": "array", "items": {"type": "string"}},
  "matched": {"type": "array", "items": {"type": "string"}, "description": "The generic constraints that matched."},
  "origin": {"type": "string", "description": "declaration (the page's own declaration) or example (a code listing on the page)."},
  "uri": {"type": "string"}, "title": {"type": "string"}, "framework": {"type": "string"}, "source": {"type": "string"}},
  "required": ["name", "kind", "signature", "origin", "uri", "title"]}`

var symbolListSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "count": {"type": "integer"},
    "symbols": {"type": "array", "items": ` + symbolRowSchema + `}
  },
  "required": ["count", "symbols"]
}`)

// symbolList is the structuredContent of the symbol search tools.
type symbolList struct {
	Count   int         `json:"count"`
	Symbols []SymbolRow `json:"symbols"`
}

// symbolFilterArgs declares the framework and limit arguments shared by the
// symbol tools; symbolArgs reads them.
func symbolFilterArgs() mcpgo.ToolOption {
	framework := mcpgo.WithString("framework", mcpgo.MaxLength(maxNameLen),
		mcpgo.Description("Only symbols on pages of this framework (\"swiftui\", \"Foundation\")."))
	limit := mcpgo.WithInteger("limit", mcpgo.DefaultNumber(20), mcpgo.Min(1), mcpgo.Max(100),
		mcpgo.Description("Number of symbols."))
	return func(t *mcpgo.Tool) {
		framework(t)
		limit(t)
	}
}

// newSymbolTool declares a symbol search tool: its own arguments, then the
// shared framework and limit, answering with a symbolList (runSymbols).
func newSymbolTool(name, title, desc string, args ...mcpgo.ToolOption) mcpgo.Tool {
	opts := append([]mcpgo.ToolOption{mcpgo.WithDescription(desc), readOnly(title)}, args...)
	return mcpgo.NewTool(name, append(opts, symbolFilterArgs(), mcpgo.WithRawOutputSchema(symbolListSchema))...)
}

// symbolArgs reads the framework and limit arguments shared by the symbol tools.
func symbolArgs(ctx context.Context, b *backend, a toolArgs, q *SymbolQuery) error {
	var err error
	if q.Framework, err = optionalFramework(ctx, b, a); err != nil {
		return err
	}
	q.Limit, err = a.optionalInt("limit", 20, 1, 100)
	return err
}

// optionalFramework reads the optional framework argument and resolves any
// spelling of it to the framework's identifier; "" when it is absent.
func optionalFramework(ctx context.Context, b *backend, a toolArgs) (string, error) {
	framework, err := a.optionalString("framework", "", maxNameLen)
	if err != nil || framework == "" {
		return "", err
	}
	return b.resolveFramework(ctx, framework)
}

// runSymbols runs q and renders the rows under title.
func runSymbols(ctx context.Context, b *backend, q SymbolQuery, title, empty string) (*mcpgo.CallToolResult, error) {
	st, err := b.get()
	if err != nil {
		return nil, err
	}
	rows, err := st.SearchSymbols(ctx, q)
	if err != nil {
		return nil, err
	}
	md, list := renderSymbols(rows, title, empty, responseBudget)
	return textResult(md, list), nil
}

// renderSymbols renders the rows that fit in budget bytes, text and
// structured content together.
func renderSymbols(rows []SymbolRow, title, empty string, budget int) (string, symbolList) {
	list := symbolList{Symbols: []SymbolRow{}}
	if len(rows) == 0 {
		return empty + "\n", list
	}
	items := itemsOf(rows, func(i int, r SymbolRow) item { return symbolItem(i+1, r) })
	header := fmt.Sprintf("## %s\n\n", title)
	var md strings.Builder
	md.WriteString(header)
	list.Symbols = writeFitted[SymbolRow](&md, items, len(header)+300, budget, "more", "lower limit or add a framework.")
	list.Count = len(list.Symbols)
	md.WriteString("\nRead a symbol's page with read_document uri=\"<uri>\".\n")
	return md.String(), list
}

func searchSymbolsTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := newSymbolTool("search_symbols", "Search Swift symbols",
		"Search Swift declarations extracted from the documentation (page declarations and code examples) by name or signature words, kind and async-ness. "+
			"Answers \"which async methods does URLSession have\" or \"find actor types in SwiftUI\". Give query, kind, is_async or framework (at least one).",
		mcpgo.WithString("query", mcpgo.MaxLength(maxQueryLen),
			mcpgo.Description("Words of the symbol's name or signature, matched as prefixes: \"dataTask\", \"URLSession data\".")),
		mcpgo.WithString("kind", mcpgo.Enum(symbolKinds...), mcpgo.Description("Only this declaration kind.")),
		mcpgo.WithBoolean("is_async", mcpgo.Description("true: only async declarations; false: only synchronous ones. Omit for both.")),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		var q SymbolQuery
		var err error
		if q.Text, err = a.optionalString("query", "", maxQueryLen); err != nil {
			return nil, err
		}
		if q.Kind, err = a.optionalEnum("kind", "", symbolKinds); err != nil {
			return nil, err
		}
		if q.Async, err = a.optionalBoolPtr("is_async"); err != nil {
			return nil, err
		}
		if err := symbolArgs(ctx, b, a, &q); err != nil {
			return nil, err
		}
		if q.Text != "" && len(index.SymbolWords(q.Text)) == 0 {
			return nil, argError("query", "has no letters or digits to match")
		}
		if q.Text == "" && q.Kind == "" && q.Async == nil && q.Framework == "" {
			return nil, argError("query", "give a query, or at least one of kind, is_async or framework")
		}
		desc := nonEmpty(quoted(q.Text), q.Kind, asyncWord(q.Async), q.Framework)
		return runSymbols(ctx, b, q, "Symbols: "+strings.Join(desc, " · "),
			"No symbols match. Try a shorter name prefix, drop a filter, or use search for prose.")
	}
}

func quoted(s string) string {
	if s == "" {
		return ""
	}
	return fmt.Sprintf("%q", clip(s, 80))
}

func asyncWord(p *bool) string {
	switch {
	case p == nil:
		return ""
	case *p:
		return "async"
	}
	return "not async"
}

func searchPropertyWrappersTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	return namedSymbolTool(b, "search_property_wrappers", "Find property wrapper usage",
		"Find declarations that use a property wrapper or attribute (@State, @Binding, @Published, @Environment, @AppStorage, @Observable…), "+
			"with the signature as written and the page it comes from: a quick way to see how a wrapper is used.",
		"wrapper", "The wrapper or attribute name, with or without \"@\": \"State\", \"@Environment\".", propertyWrapperQuery)
}

// propertyWrapperQuery is search_property_wrappers' query: the declarations
// carrying the attribute, named with or without its "@".
func propertyWrapperQuery(wrapper string) (SymbolQuery, string, string, error) {
	wrapper = strings.TrimPrefix(wrapper, "@")
	if len(index.SymbolWords(wrapper)) != 1 {
		return SymbolQuery{}, "", "", argError("wrapper", "must be one attribute name such as State or Published, got %q", wrapper)
	}
	return SymbolQuery{Attribute: wrapper}, "Declarations using @" + wrapper,
		fmt.Sprintf("No declaration uses @%s. Check the spelling (wrappers are case-sensitive in Swift: State, not state) or try search query=\"%s\".", wrapper, wrapper), nil
}

// namedSymbolTool declares a symbol tool that one required name argument
// (arg, described by argDesc) drives, and answers it: query checks the
// argument's value and returns the symbol query it asks, the heading of the
// result and the text when nothing matches; the shared framework and limit
// are read after it.
func namedSymbolTool(b *backend, name, title, desc, arg, argDesc string,
	query func(value string) (q SymbolQuery, heading, empty string, err error)) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := newSymbolTool(name, title, desc,
		mcpgo.WithString(arg, mcpgo.Required(), mcpgo.MaxLength(maxNameLen), mcpgo.Description(argDesc)))
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		value, err := a.requiredString(arg, maxNameLen)
		if err != nil {
			return nil, err
		}
		q, heading, empty, err := query(value)
		if err != nil {
			return nil, err
		}
		if err := symbolArgs(ctx, b, a, &q); err != nil {
			return nil, err
		}
		return runSymbols(ctx, b, q, heading, empty)
	}
}

// concurrencyPatterns map search_concurrency's pattern to a symbol query.
var concurrencyPatterns = []struct {
	name, desc string
	apply      func(*SymbolQuery)
}{
	{"async", "async functions and initializers", func(q *SymbolQuery) { t := true; q.Async = &t }},
	{"actor", "actor types", func(q *SymbolQuery) { q.Kind = "actor" }},
	{"mainactor", "@MainActor declarations", func(q *SymbolQuery) { q.Attribute = "MainActor" }},
	{"sendable", "Sendable conformances and @Sendable closures", func(q *SymbolQuery) {
		q.AnyWordIn, q.AnyWord = []index.SymbolColumn{index.SymbolAttributes, index.SymbolConformances}, []string{"Sendable"}
	}},
	{"task", "Task and task-group APIs", func(q *SymbolQuery) {
		q.AnyWordIn = []index.SymbolColumn{index.SymbolName, index.SymbolSignature}
		q.AnyWord = []string{"Task", "TaskGroup", "ThrowingTaskGroup", "withTaskGroup", "withThrowingTaskGroup", "DiscardingTaskGroup"}
	}},
	{"asyncsequence", "AsyncSequence and AsyncStream types and APIs", func(q *SymbolQuery) {
		q.AnyWordIn = []index.SymbolColumn{index.SymbolName, index.SymbolSignature, index.SymbolConformances}
		q.AnyWord = []string{"AsyncSequence", "AsyncStream", "AsyncThrowingStream", "AsyncIteratorProtocol"}
	}},
	{"nonisolated", "nonisolated members", func(q *SymbolQuery) {
		q.AnyWordIn, q.AnyWord = []index.SymbolColumn{index.SymbolSignature}, []string{"nonisolated"}
	}},
	{"isolated", "isolated parameters", func(q *SymbolQuery) {
		q.AnyWordIn, q.AnyWord = []index.SymbolColumn{index.SymbolSignature}, []string{"isolated"}
	}},
	{"globalactor", "@globalActor types", func(q *SymbolQuery) { q.Attribute = "globalActor" }},
}

func searchConcurrencyTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	var names, descs []string
	for _, p := range concurrencyPatterns {
		names = append(names, p.name)
		descs = append(descs, p.name+": "+p.desc)
	}
	t := newSymbolTool("search_concurrency", "Find Swift concurrency APIs",
		"Find Swift concurrency APIs by pattern: async functions, actors, @MainActor, Sendable, Task, AsyncSequence, nonisolated. "+
			"Combine with query to narrow (\"pattern=async query=URLSession\").",
		mcpgo.WithString("pattern", mcpgo.Required(), mcpgo.Enum(names...),
			mcpgo.Description(strings.Join(descs, "; ")+".")),
		mcpgo.WithString("query", mcpgo.MaxLength(maxQueryLen),
			mcpgo.Description("Optional words of the symbol's name or signature.")),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		pattern, err := a.requiredEnum("pattern", names)
		if err != nil {
			return nil, err
		}
		var q SymbolQuery
		if q.Text, err = a.optionalString("query", "", maxQueryLen); err != nil {
			return nil, err
		}
		if err := symbolArgs(ctx, b, a, &q); err != nil {
			return nil, err
		}
		desc := ""
		for _, p := range concurrencyPatterns {
			if p.name == pattern {
				p.apply(&q)
				desc = p.desc
			}
		}
		title := strings.ToUpper(desc[:1]) + desc[1:]
		if q.Text != "" {
			title += " matching " + quoted(q.Text)
		}
		return runSymbols(ctx, b, q, title, "No "+desc+" match. Drop query or framework to widen the search.")
	}
}

func searchGenericsTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	return namedSymbolTool(b, "search_generics", "Find generic constraints",
		"Find generic declarations by constraint: \"View\" finds <Content: View> and where Content : View; \"Element == Int\" finds that requirement. "+
			"Each row shows the matched generic clause.",
		"constraint", "A protocol or type in a constraint (\"Hashable\"), or a requirement (\"Content: View\", \"Element == Int\").", genericsQuery)
}

// genericsQuery is search_generics' query: the generic declarations whose
// constraints mention the constraint's type names.
func genericsQuery(constraint string) (SymbolQuery, string, string, error) {
	if len(index.SymbolWords(constraint)) == 0 {
		return SymbolQuery{}, "", "", argError("constraint", "has no type names to match")
	}
	return SymbolQuery{Constraint: constraint}, "Generic declarations constrained by " + quoted(constraint),
		"No generic constraint mentions " + quoted(constraint) + ". Try the protocol name alone, e.g. \"View\".", nil
}
