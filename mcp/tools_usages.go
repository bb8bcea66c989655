package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// search_usages and what read_document adds from the same data: which
// sample and package files use an API (the code_refs table), and the links
// between a sampleCode page and its sample project.

// Kinds of Apple pages that name a type, and of those that name a member of
// the type that is their parent.
var (
	typeKinds   = []string{"class", "struct", "enum", "protocol", "actor", "typealias"}
	memberKinds = []string{"func", "property", "case", "init", "subscript", "var", "let", "method", "macro"}
	identRE     = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// usagesScanCap bounds the files read when a member is found by its text
// (see textUses).
const usagesScanCap = 300

// apiName is what search_usages looks for: a type, or a member of it.
type apiName struct{ Type, Member string }

func (a apiName) String() string {
	if a.Member == "" {
		return a.Type
	}
	return a.Type + "." + a.Member
}

// parseAPIName reads "URLSession", "URLSession.shared", "URLSession/dataTask",
// "URLSession.dataTask(with:)" or "@State".
func parseAPIName(s string) (apiName, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "@")
	if i := strings.IndexByte(s, '('); i >= 0 {
		s = s[:i]
	}
	typ, member, _ := strings.Cut(strings.ReplaceAll(s, "/", "."), ".")
	if !identRE.MatchString(typ) {
		return apiName{}, false
	}
	for part := range strings.SplitSeq(member, ".") {
		if member != "" && !identRE.MatchString(part) {
			return apiName{}, false
		}
	}
	return apiName{typ, member}, true
}

// docAPIName is the API an Apple page documents: a type page its title, a
// member page its parent type's title and its own name ("dataTask" of
// "dataTask(with:completionHandler:)"). An initializer stands for its type.
func docAPIName(ctx context.Context, st *index.Store, doc *index.StoredDocument) (apiName, bool) {
	name, ok := parseAPIName(doc.Title)
	switch {
	case !ok:
		return apiName{}, false
	case slices.Contains(typeKinds, doc.Kind):
		return name, true
	case !slices.Contains(memberKinds, doc.Kind):
		return apiName{}, false
	}
	var parentTitle, parentKind string
	if doc.Parent != "" {
		parentTitle, parentKind, _ = st.PageTitleKind(ctx, doc.Parent)
	}
	if !slices.Contains(typeKinds, parentKind) {
		return name, true // a global function or macro
	}
	typ, ok := parseAPIName(parentTitle)
	if !ok {
		return apiName{}, false
	}
	if name.String() != "init" {
		typ.Member = strings.TrimPrefix(typ.Member+"."+name.String(), ".")
	}
	return typ, true
}

// usageRow is one file of search_usages.
type usageRow struct {
	index.CodeUse
	Code string `json:"code,omitempty"` // the cited line, trimmed
}

func searchUsagesTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("search_usages",
		mcpgo.WithDescription("Find the sample-code and Swift package files that use an API, with the line of the use: calls and conformances first. "+
			"Pass a type (\"URLSession\"), a member (\"URLSession.shared\", \"URLSession/dataTask\") or an apple-docs:// URI of a type or member page."),
		readOnly("Find code using an API"),
		mcpgo.WithString("api", mcpgo.Required(), mcpgo.MaxLength(maxURILen),
			mcpgo.Description("Type or member (\"AVPlayer\", \"URLSession.shared\", \"URLSession/dataTask\"), or an apple-docs:// URI of its page.")),
		mcpgo.WithString("source", mcpgo.Enum(document.SourceSamples, document.SourcePackages),
			mcpgo.Description("Only files of this source; omitted: both.")),
		pageArgs("Number of files to skip, for the next page.", "Number of files to list.", 20, 50),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "api": {"type": "string", "description": "The API looked for, as Type or Type.member."},
    "total": {"type": "integer", "description": "Files that use it."},
    `+pagingSchema+`,
    "textMatch": {"type": "boolean", "description": "No file reaches the member through its type's name; these files use the type and name the member."},
    "uses": {"type": "array", "items": {"type": "object", "properties": {
      "uri": {"type": "string"}, "path": {"type": "string"}, "project": {"type": "string"}, "source": {"type": "string"},
      "name": {"type": "string"}, "kind": {"type": "string"}, "line": {"type": "integer"}, "code": {"type": "string"}},
      "required": ["uri", "project", "kind", "line"]}}
  },
  "required": ["api", "total", "offset", "uses"]
}`)),
	)
	type output struct {
		API string `json:"api"`
		paging
		TextMatch bool       `json:"textMatch,omitempty"`
		Uses      []usageRow `json:"uses"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		raw, err := a.requiredString("api", maxURILen)
		if err != nil {
			return nil, err
		}
		src, err := a.optionalEnum("source", "", []string{document.SourceSamples, document.SourcePackages})
		if err != nil {
			return nil, err
		}
		offset, limit, err := a.page(20, 50)
		if err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		api, err := resolveAPI(ctx, st, raw)
		if err != nil {
			return nil, err
		}
		q := index.CodeUseQuery{Type: api.Type, Member: api.Member, Source: src, Limit: limit, Offset: offset}
		uses, total, err := st.CodeUses(ctx, q)
		if err != nil {
			return nil, err
		}
		out := output{API: api.String(), paging: paging{Offset: offset}}
		scanned := 0
		if total == 0 && api.Member != "" {
			if uses, total, scanned, err = textUses(ctx, st, q); err != nil {
				return nil, err
			}
			out.TextMatch = total > 0
		}
		out.Total = total
		items := itemsOf(uses, func(i int, u index.CodeUse) item {
			return usageItem(offset+i+1, usageRow{CodeUse: clipCodeUse(u), Code: citedLine(ctx, st, u.URI, u.Line)})
		})
		var md strings.Builder
		switch {
		case total == 0:
			fmt.Fprintf(&md, "No %s file uses %s.", orWord(src, "sample or package"), out.API)
			if api.Member != "" {
				fmt.Fprintf(&md, " Try the type alone: api=%q.", api.Type)
			}
			md.WriteString("\n")
		case len(uses) == 0:
			fmt.Fprintf(&md, "No files at offset %d: %d files use %s.\n", offset, total, out.API)
		default:
			fmt.Fprintf(&md, "## %s: %d files use it (%d–%d)\n\n", out.API, total, offset+1, offset+len(uses))
		}
		if out.TextMatch {
			fmt.Fprintf(&md, "No file reaches %s through the name %s; these files use %s and mention .%s (the first %d such files checked).\n\n",
				api.Member, api.Type, api.Type, lastPart(api.Member), scanned)
		}
		out.Uses = writePage[usageRow](&md, &out.paging, items, md.Len()+400, func(next int) string {
			args := fmt.Sprintf("api=%q offset=%d", clip(raw, maxEchoLen), next)
			if src != "" {
				args += fmt.Sprintf(" source=%q", src)
			}
			return "search_usages with " + args
		})
		if len(out.Uses) > 0 {
			md.WriteString("\nRead a sample file with read_sample_file (project_id and file_path as shown, start_line near the line); a package file with read_document uri=<file>.\n")
		}
		return textResult(md.String(), out), nil
	}
}

// resolveAPI reads search_usages' api argument.
func resolveAPI(ctx context.Context, st *index.Store, raw string) (apiName, error) {
	if !strings.Contains(raw, "://") {
		if api, ok := parseAPIName(raw); ok {
			return api, nil
		}
		return apiName{}, argError("api", "%q is not an API name: pass a type or member, e.g. \"URLSession\", \"URLSession.shared\" or \"URLSession/dataTask\"",
			clip(raw, maxEchoLen))
	}
	uri, err := toolArgs{m: map[string]any{"api": raw}}.requiredURI("api")
	if err != nil {
		return apiName{}, err
	}
	doc, err := st.DocumentAnyCase(ctx, uri)
	if errors.Is(err, index.ErrDocumentNotFound) {
		return apiName{}, argError("api", "no page %s: pass a URI from search results or an API name", clip(uri, maxEchoLen))
	} else if err != nil {
		return apiName{}, err
	}
	api, ok := docAPIName(ctx, st, doc)
	if !ok || doc.Source != document.SourceAppleDocs {
		return apiName{}, argError("api", "%s is a %s page, not a type or member: pass one of those (apple-docs://foundation/urlsession) or an API name",
			clip(uri, maxEchoLen), orWord(clip(doc.Kind, maxLabelLen), "documentation"))
	}
	return api, nil
}

// textUses finds a member no file reaches through its type's name
// (session.dataTask(with:) on an instance): among the first usagesScanCap
// files that use the type, those whose text names ".member". It returns the
// page of them q asks for, how many there are, and how many files it read.
func textUses(ctx context.Context, st *index.Store, q index.CodeUseQuery) ([]index.CodeUse, int, int, error) {
	files, _, err := st.CodeUses(ctx, index.CodeUseQuery{Type: q.Type, Source: q.Source, Limit: usagesScanCap})
	if err != nil {
		return nil, 0, 0, err
	}
	member := lastPart(q.Member)
	re := regexp.MustCompile(`\.` + regexp.QuoteMeta(member) + `\b`)
	var found []index.CodeUse
	for _, f := range files {
		doc, err := st.Document(ctx, f.URI)
		if err != nil {
			if ctx.Err() != nil {
				return nil, 0, 0, context.Cause(ctx)
			}
			continue
		}
		text, ok := mdbound.CodeFileText(doc.Markdown)
		if !ok {
			continue
		}
		for i, line := range mdbound.Lines(text) {
			if re.MatchString(line) {
				f.Name, f.Kind, f.Line = "."+member, "text", i+1
				found = append(found, f)
				break
			}
		}
	}
	lo := min(q.Offset, len(found))
	return found[lo:min(lo+q.Limit, len(found))], len(found), len(files), nil
}

// citedLine is line n of a file in the index, trimmed and clipped, or "".
func citedLine(ctx context.Context, st *index.Store, uri string, n int) string {
	doc, err := st.Document(ctx, uri)
	if err != nil {
		return ""
	}
	text, ok := mdbound.CodeFileText(doc.Markdown)
	if !ok {
		return ""
	}
	lines := mdbound.Lines(text)
	if n < 1 || n > len(lines) {
		return ""
	}
	return clip(strings.TrimSpace(lines[n-1]), 200)
}

func clipCodeUse(u index.CodeUse) index.CodeUse {
	u.URI, u.Project, u.Path = clip(u.URI, maxURILen), clip(u.Project, maxURILen), clip(u.Path, maxURILen)
	u.Source, u.Name, u.Kind = clip(u.Source, maxLabelLen), clip(u.Name, maxTitleLen), clip(u.Kind, maxLabelLen)
	return u
}

func usageItem(n int, u usageRow) item {
	var b strings.Builder
	fmt.Fprintf(&b, "%d. %s line %d — %s `%s`\n   ", n, orDash(u.Path), u.Line, u.Kind, u.Name)
	if id, ok := strings.CutPrefix(u.Project, samplesScheme); ok {
		fmt.Fprintf(&b, "project_id %s", id)
	} else {
		b.WriteString(orDash(u.Project))
	}
	fmt.Fprintf(&b, " · %s\n", u.URI)
	if u.Code != "" {
		fmt.Fprintf(&b, "   `%s`\n", strings.ReplaceAll(u.Code, "`", "'"))
	}
	return item{markdown: b.String(), value: u}
}

func lastPart(member string) string {
	return member[strings.LastIndexByte(member, '.')+1:]
}

func orWord(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// sampleLinks is the line read_document puts before a page that has a
// counterpart: the sample project of an Apple sampleCode page, the Apple
// page of a sample project.
func sampleLinks(ctx context.Context, st *index.Store, doc *index.StoredDocument) string {
	switch {
	case doc.Source == document.SourceAppleDocs && doc.Kind == "sampleCode":
		p, err := st.DocumentByTitle(ctx, document.SourceSamples, document.KindSampleProject, doc.Title)
		if err != nil {
			return ""
		}
		id := strings.TrimPrefix(p.URI, samplesScheme)
		return fmt.Sprintf("Sample project: %s — its README and files with read_sample project_id=%q, a file's lines with read_sample_file.\n\n",
			clip(p.URI, maxURILen), clip(id, maxURILen))
	case doc.Source == document.SourceSamples && doc.Kind == document.KindSampleProject:
		p, err := st.DocumentByTitle(ctx, document.SourceAppleDocs, "sampleCode", doc.Title)
		if err != nil {
			return ""
		}
		return fmt.Sprintf("Apple documentation page: %s\n\n", clip(p.URI, maxURILen))
	}
	return ""
}

// usedInSamples is the section read_document ends an Apple type or member
// page with: up to five sample files that use it, and how many there are.
// "" when none does or the page is not an API. The section of a page is
// computed once per open index (the index does not change while open):
// `View` is used in 1,599 sample files, and counting and ordering them
// costs milliseconds that every read of swiftui/view would pay again.
func usedInSamples(ctx context.Context, snap *snapshot, doc *index.StoredDocument) string {
	if doc.Source != document.SourceAppleDocs {
		return ""
	}
	if text, ok := snap.usedIn.get(doc.URI); ok {
		return text
	}
	text, err := usedInSamplesText(ctx, snap.store, doc)
	if err != nil {
		return "" // a failed lookup (a timeout) is not remembered
	}
	snap.usedIn.put(doc.URI, text)
	return text
}

func usedInSamplesText(ctx context.Context, st *index.Store, doc *index.StoredDocument) (string, error) {
	api, ok := docAPIName(ctx, st, doc)
	if !ok {
		return "", ctx.Err()
	}
	uses, total, err := st.CodeUses(ctx, index.CodeUseQuery{Type: api.Type, Member: api.Member, Source: document.SourceSamples, Limit: 5})
	if err != nil {
		return "", err
	}
	if total == 0 {
		return "", nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n\n## Used in samples\n\n%d sample files use `%s`", total, api)
	if total > len(uses) {
		fmt.Fprintf(&b, "; the first %d", len(uses))
	}
	b.WriteString(":\n\n")
	for _, u := range uses {
		u = clipCodeUse(u)
		fmt.Fprintf(&b, "- %s line %d (%s) · project_id %s\n", u.Path, u.Line, u.Kind, strings.TrimPrefix(u.Project, samplesScheme))
	}
	fmt.Fprintf(&b, "\nAll of them, with the lines: search_usages api=%q source=\"samples\".\n", clip(doc.URI, maxURILen))
	return b.String(), nil
}

// textCache remembers a text per key, for the life of one open index, up
// to maxCachedTexts keys; past that it forgets them all and starts again,
// which bounds its memory without bookkeeping on every hit.
type textCache struct {
	mu sync.Mutex
	m  map[string]string
}

const maxCachedTexts = 4096

func (c *textCache) get(key string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	text, ok := c.m[key]
	return text, ok
}

func (c *textCache) put(key, text string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCachedTexts {
		c.m = make(map[string]string)
	}
	c.m[key] = text
}
