package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/ranker"
)

// readOnly marks a tool as a pure, local lookup. Every cupertino tool is one.
func readOnly(title string) mcpgo.ToolOption {
	return mcpgo.WithToolAnnotation(mcpgo.ToolAnnotation{
		Title:           title,
		ReadOnlyHint:    mcpgo.ToBoolPtr(true),
		DestructiveHint: mcpgo.ToBoolPtr(false),
		IdempotentHint:  mcpgo.ToBoolPtr(true),
		OpenWorldHint:   mcpgo.ToBoolPtr(false),
	})
}

const versionPattern = `^[0-9]{1,4}(\.[0-9]{1,4}){0,2}$`

// minVersion reads a min_<platform> argument: "" or a dotted version.
func (a toolArgs) minVersion(arg string) (string, error) {
	v, err := a.optionalString(arg, "", 20)
	if err != nil {
		return "", err
	}
	if v != "" && !versionRE.MatchString(v) {
		return "", argError(arg, "must be a version like \"16.0\" or \"10.15.4\", got %q", v)
	}
	return v, nil
}

// minVersionArgs are the min_<platform> arguments in platform order.
var minVersionArgs = []struct{ arg, platform string }{
	{"min_ios", ranker.PlatformIOS},
	{"min_macos", ranker.PlatformMacOS},
	{"min_tvos", ranker.PlatformTvOS},
	{"min_watchos", ranker.PlatformWatchOS},
	{"min_visionos", ranker.PlatformVisionOS},
}

// minVersionOptions declares the min_<platform> arguments, each described by
// describe(platform); minVersions reads them.
func minVersionOptions(describe func(platform string) string) []mcpgo.ToolOption {
	opts := make([]mcpgo.ToolOption, 0, len(minVersionArgs))
	for _, m := range minVersionArgs {
		opts = append(opts, mcpgo.WithString(m.arg, mcpgo.Pattern(versionPattern), mcpgo.Description(describe(m.platform))))
	}
	return opts
}

// minVersions reads the min_<platform> arguments, in platform order, into a
// map from the platform as the argument spells it ("ios", the key
// verify.TargetsFrom takes) to the version, "" when absent.
func (a toolArgs) minVersions() (map[string]string, error) {
	versions := make(map[string]string, len(minVersionArgs))
	for _, m := range minVersionArgs {
		v, err := a.minVersion(m.arg)
		if err != nil {
			return nil, err
		}
		versions[strings.TrimPrefix(m.arg, "min_")] = v
	}
	return versions, nil
}

var versionRE = regexp.MustCompile(versionPattern)

// searchToolName is the search tool's name; the server narrows its source
// enum to the index (withSources).
const searchToolName = "search"

func searchTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	opts := []mcpgo.ToolOption{
		mcpgo.WithDescription("Search Apple's developer documentation, Swift Evolution, the Swift book, swift.org, the Human Interface Guidelines, " +
			"and, where indexed, Apple sample code, WWDC session transcripts and Swift packages. " +
			"Use it before writing code against an Apple API you are not sure of. Give an API name (\"NavigationStack\", \"URLSession dataTask\"), " +
			"a few keywords (\"observe app lifecycle SwiftUI\"), a line of Swift you are unsure of, or a compiler or runtime error as printed: " +
			"code is searched as the calls it makes, an error as the APIs and language rules it names, and a misspelt name as the nearest real one " +
			"(the answer says so). Results list title, URI, kind, framework, availability and a summary, " +
			"a symbol's declaration (which tells same-titled overloads apart) and what replaces a deprecated API; " +
			"a Swift book chapter or proposal found through one of its sections names that section, which read_document opens with section=; " +
			"pass a result's uri to read_document for the full page."),
		readOnly("Search Apple documentation"),
		mcpgo.WithString("query", mcpgo.Required(), mcpgo.MaxLength(maxQueryLen),
			mcpgo.Description("API name, keywords, a line of Swift or an error message. Prefixes such as \"se:\" (Swift Evolution) or \"hig:\" restrict the source; \"@MainActor\" asks for an attribute.")),
		mcpgo.WithString("source", mcpgo.Enum(source.IDs()...),
			mcpgo.Description("Only this source. Omit to search all of them, except that a bare API name (one capitalised name, \"Type member\" or @attributes alone) "+
				"leaves out apple-archive, samples, wwdc and packages unless include_archive is true. Samples, wwdc and packages are searched in full text "+
				"only when asked for (this argument, a prefix, or a word such as \"wwdc\" or \"sample\"); otherwise they add the projects, sessions and packages "+
				"titled with the query's words and declarations named like it. "+
				"The server lists only the sources its index holds.")),
		mcpgo.WithString("framework", mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Only this framework: identifier, module or display name (\"swiftui\", \"CoreData\", \"Core Data\"). list_frameworks lists them.")),
		mcpgo.WithString("language", mcpgo.Enum("swift", "objc"),
			mcpgo.Description("Only pages for this language.")),
		mcpgo.WithString("kind", mcpgo.Enum(ranker.Kinds...),
			mcpgo.Description("Only this page kind. Common spellings are accepted too: method and \"Instance Method\" mean func, initializer means init, "+
				"var and let mean property, \"sample code\" means sampleCode, \"Property List Key\" means propertyListKey (Info.plist and entitlement keys).")),
		mcpgo.WithBoolean("include_archive", mcpgo.DefaultBool(false),
			mcpgo.Description("Also admit Apple's retired guides (apple-archive), sample code, WWDC sessions and Swift packages for a bare API name, which otherwise leaves them out; "+
				"other queries include them already.")),
		mcpgo.WithInteger("year", mcpgo.DefaultNumber(0), mcpgo.Min(0), mcpgo.Max(2100),
			mcpgo.Description("Only WWDC sessions of this year (implies source wwdc), e.g. 2024; 0 means any year.")),
		mcpgo.WithInteger("limit", mcpgo.DefaultNumber(ranker.DefaultLimit), mcpgo.Min(1), mcpgo.Max(ranker.MaxLimit),
			mcpgo.Description("Number of results.")),
	}
	opts = append(opts, minVersionOptions(func(platform string) string {
		return fmt.Sprintf("Only API available on %s at this version or earlier, e.g. \"16.0\". Pages that list platforms but not %s are dropped; "+
			"pages that list none (articles, guides, other sources) are kept.", platform, platform)
	})...)
	opts = append(opts, mcpgo.WithRawOutputSchema(searchOutputSchema))
	t := mcpgo.NewTool(searchToolName, opts...)

	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		query, err := a.requiredString("query", maxQueryLen)
		if err != nil {
			return nil, err
		}
		var f ranker.Filters
		if f.Sources, err = sourceArg(ctx, b, a); err != nil {
			return nil, err
		}
		if f.Framework, err = a.optionalString("framework", "", maxNameLen); err != nil {
			return nil, err
		}
		if f.Language, err = a.optionalEnum("language", "", []string{"swift", "objc"}); err != nil {
			return nil, err
		}
		if f.Kind, err = kindArg(a); err != nil {
			return nil, err
		}
		if f.IncludeArchive, err = a.optionalBool("include_archive", false); err != nil {
			return nil, err
		}
		if f.Limit, err = a.optionalInt("limit", ranker.DefaultLimit, 1, ranker.MaxLimit); err != nil {
			return nil, err
		}
		if f.Year, err = a.optionalInt("year", 0, 0, 2100); err != nil {
			return nil, err
		}
		mins, err := a.minVersions()
		if err != nil {
			return nil, err
		}
		f.MinIOS, f.MinMacOS, f.MinTvOS, f.MinWatchOS, f.MinVisionOS = mins["ios"], mins["macos"], mins["tvos"], mins["watchos"], mins["visionos"]
		searcher, err := b.search(ctx)
		if err != nil {
			return nil, err
		}
		if _, isText := searcher.(textSearcher); isText && f.Framework != "" {
			// The ranker resolves framework names itself; the plain search
			// needs the identifier.
			if f.Framework, err = b.resolveFramework(ctx, f.Framework); err != nil {
				return nil, err
			}
		}
		results, corrected, err := searchReading(ctx, searcher, query, f)
		if err != nil {
			return nil, err
		}
		rows, err := searchRows(ctx, b, results)
		if err != nil {
			return nil, err
		}
		return searchResult(query, corrected, rows), nil
	}
}

// sourceArg reads the source argument: any alias of a source the index
// holds. A source it does not hold is an argument error listing those it
// does, not a search that silently finds nothing.
func sourceArg(ctx context.Context, b *backend, a toolArgs) ([]string, error) {
	src, err := a.optionalString("source", "", maxNameLen)
	if err != nil || src == "" {
		return nil, err
	}
	id, err := ranker.ResolveSource(src)
	if err == nil {
		var st *index.Store
		if st, err = b.get(); err != nil {
			return nil, err
		}
		var held bool
		if held, err = st.HasSource(ctx, id); err != nil {
			return nil, err
		}
		if held {
			return []string{id}, nil
		}
	}
	ids := source.IDs()
	if present, perr := sourcesIn(ctx, b); perr == nil && len(present) > 0 {
		ids = present
	}
	return nil, argError("source", "must be one of %s (the sources this index holds), got %q", strings.Join(ids, ", "), clip(src, maxEchoLen))
}

// sourcesIn lists the sources the index holds, in display order.
func sourcesIn(ctx context.Context, b *backend) ([]string, error) {
	st, err := b.get()
	if err != nil {
		return nil, err
	}
	var out []string
	for _, id := range source.IDs() {
		held, err := st.HasSource(ctx, id)
		if err != nil {
			return nil, err
		}
		if held {
			out = append(out, id)
		}
	}
	return out, nil
}

// withSources returns the search tool's definition with its source enum
// narrowed to the sources the index holds, so that an agent is never offered
// one that finds nothing. The snapshots and docs/tools.md show the full
// list (Tools); the server serves this one.
func withSources(def mcpgo.Tool, present []string) mcpgo.Tool {
	prop, ok := def.InputSchema.Properties["source"].(map[string]any)
	if !ok || len(present) == 0 {
		return def
	}
	narrowed := make(map[string]any, len(prop))
	for k, v := range prop {
		narrowed[k] = v
	}
	narrowed["enum"] = slices.Clone(present)
	props := make(map[string]any, len(def.InputSchema.Properties))
	for k, v := range def.InputSchema.Properties {
		props[k] = v
	}
	props["source"] = narrowed
	def.InputSchema.Properties = props
	return def
}

// kindArg reads the kind argument: one of ranker.Kinds or an alias of one.
func kindArg(a toolArgs) (string, error) {
	kind, err := a.optionalString("kind", "", maxNameLen)
	if err != nil || kind == "" {
		return "", err
	}
	resolved, err := ranker.ResolveKind(kind)
	if err != nil {
		return "", argError("kind", "must be one of %s (or a common spelling of one: method, initializer, \"sample code\"), got %q",
			strings.Join(ranker.Kinds, ", "), clip(kind, maxEchoLen))
	}
	return resolved, nil
}

// searchRow is one search result as the search tool returns it: the
// ranker's result and what the index adds to tell look-alike rows apart.
type searchRow struct {
	ranker.Result
	// Declaration is the page's declaration on one line, clipped: two
	// overloads with one title differ here.
	Declaration string `json:"declaration,omitempty"`
	// DeprecatedNote is what a deprecated page says to use instead.
	DeprecatedNote string `json:"deprecatedNote,omitempty"`
}

// searchRows adds each result's declaration and deprecation note, read from
// the index in one statement.
func searchRows(ctx context.Context, b *backend, results []ranker.Result) ([]searchRow, error) {
	rows := make([]searchRow, len(results))
	uris := make([]string, len(results))
	for i, r := range results {
		// The ranker's score explanation is for `cupertino search --explain`;
		// here it would only cost the agent tokens.
		r.Explain = nil
		rows[i].Result, uris[i] = r, r.URI
	}
	if len(results) == 0 {
		return rows, nil
	}
	st, err := b.get()
	if err != nil {
		return nil, err
	}
	details, err := st.RowDetails(ctx, uris)
	if err != nil {
		return nil, err
	}
	for i := range rows {
		d := details[rows[i].URI]
		rows[i].Declaration = shortDeclaration(d.Declaration)
		if rows[i].Deprecated {
			rows[i].DeprecatedNote = clip(d.DeprecatedNote, maxRowNoteLen)
		}
	}
	return rows, nil
}

// searchOutput is the search tool's structuredContent.
// readingSearcher is a Searcher that says how it read the query: the
// ranker corrects misspelt names, and the agent must know its query was
// changed.
type readingSearcher interface {
	SearchQuery(ctx context.Context, query string, f ranker.Filters) (ranker.Response, error)
}

// searchReading searches, returning the corrected query when the searcher
// corrected one.
func searchReading(ctx context.Context, s Searcher, query string, f ranker.Filters) ([]ranker.Result, string, error) {
	if rs, ok := s.(readingSearcher); ok {
		resp, err := rs.SearchQuery(ctx, query, f)
		return resp.Results, resp.Reading.Corrected, err
	}
	results, err := s.Search(ctx, query, f)
	return results, "", err
}

type searchOutput struct {
	Query string `json:"query"`
	// ShowingResultsFor is the query searched instead of a misspelt one.
	ShowingResultsFor string      `json:"showingResultsFor,omitempty"`
	Count             int         `json:"count"`
	Truncated         bool        `json:"truncated,omitempty"`
	Results           []searchRow `json:"results"`
}

func searchResult(query, corrected string, results []searchRow) *mcpgo.CallToolResult {
	if len(results) == 0 {
		md := fmt.Sprintf("No results for %q. Try fewer or more general words, drop filters, or check the spelling of the API name.\n", clip(query, 100))
		return textResult(md, searchOutput{Query: query, Results: []searchRow{}})
	}
	items := itemsOf(results, func(i int, r searchRow) item { return resultItem(i+1, r) })
	header := fmt.Sprintf("## Results for %q\n\n", clip(query, 100))
	if corrected != "" {
		// Said first: the agent asked for a name that does not exist.
		header = fmt.Sprintf("## Showing results for %q\n\nNo page is named %q; searched the nearest name instead.\n\n", clip(corrected, 100), clip(query, 100))
	}
	const footer = "\nRead a page with read_document uri=\"<uri>\".\n"
	var b strings.Builder
	b.WriteString(header)
	out := searchOutput{Query: query, ShowingResultsFor: corrected}
	out.Results = writeFitted[searchRow](&b, items, len(header)+len(footer)+200, responseBudget, "more results", "add filters or lower limit.")
	out.Count, out.Truncated = len(out.Results), len(out.Results) < len(items)
	b.WriteString(footer)
	return textResult(b.String(), out)
}

var searchOutputSchema = json.RawMessage(`{
  "type": "object",
  "properties": {
    "query": {"type": "string"},
    "showingResultsFor": {"type": "string", "description": "Set when the query named nothing and a corrected spelling was searched instead."},
    "count": {"type": "integer", "description": "Number of results returned."},
    "truncated": {"type": "boolean", "description": "True when results were left out to bound the response size."},
    "results": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {
          "uri": {"type": "string", "description": "Pass to read_document."},
          "title": {"type": "string"},
          "source": {"type": "string"},
          "framework": {"type": "string"},
          "kind": {"type": "string"},
          "summary": {"type": "string"},
          "score": {"type": "number", "description": "Fused relevance; only the order is meaningful."},
          "availability": {"type": "object", "additionalProperties": {"type": "string"}, "description": "Platform to introduced version."},
          "deprecated": {"type": "boolean"},
          "deprecatedNote": {"type": "string", "description": "For a deprecated page, what to use instead, as the page says."},
          "declaration": {"type": "string", "description": "The declaration on one line, clipped: tells same-titled overloads apart."},
          "explain": {"type": "array", "items": {"type": "object"}}
        },
        "required": ["uri", "title", "source", "framework", "kind", "summary", "score", "deprecated"]
      }
    }
  },
  "required": ["query", "count", "results"]
}`)

var evolutionIDRE = regexp.MustCompile(`(?i)^(se|st)-?([0-9]{4})$`)

// canonicalURI accepts what an agent may pass for a page: a canonical URI in
// any case, a developer.apple.com URL, a DocC path, or a bare SE-NNNN / ST-NNNN.
func canonicalURI(raw string) (string, error) {
	s := strings.TrimSpace(raw)
	if m := evolutionIDRE.FindStringSubmatch(s); m != nil {
		return document.SourceSwiftEvolution + "://" + strings.ToUpper(m[1]) + "-" + m[2], nil
	}
	lower := strings.ToLower(s)
	switch {
	case strings.HasPrefix(lower, docuri.Scheme), strings.HasPrefix(lower, "http://"), strings.HasPrefix(lower, "https://"),
		strings.HasPrefix(lower, "doc://"), strings.HasPrefix(lower, "developer.apple.com/"),
		strings.HasPrefix(lower, "/documentation/"), strings.HasPrefix(lower, "documentation/"):
		// The HIG, the Swift book, swift.org and Swift Evolution on
		// GitHub are addressed by their web URLs too.
		uri, _, err := docuri.FromWebURL(s)
		if err != nil {
			return "", argError("uri", "%v: pass a URI from search results (apple-docs://swiftui/view) or a developer.apple.com/documentation URL", err)
		}
		return uri, nil
	case strings.Contains(s, "://"):
		return s, nil
	}
	return "", argError("uri", "%q is not a document URI: pass one from search results, e.g. apple-docs://swiftui/view or swift-evolution://SE-0306", clip(s, 100))
}
