package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// The sample-code tools: list_samples, read_sample and read_sample_file.
// Every read is a lookup in the index (samples://<project-id> and
// samples://<project-id>/<path>), never the file system; a file's exact text
// is the fenced block mdbound.CodeFile stored.

const (
	samplesScheme = document.SourceSamples + "://"
	// projectFilesHeading starts the file list the samples reader appends
	// to a project's README.
	projectFilesHeading = "\n## Project files\n"
	// projectLine is the line the reader appends to a sample's Markdown
	// files, naming their project.
	projectLine = "\n\nFrom the sample project ["
	maxPathLen  = 1024
)

// listedSample is one row of list_samples.
type listedSample struct {
	ProjectID string `json:"projectId"`
	URI       string `json:"uri"`
	Title     string `json:"title"`
	Framework string `json:"framework,omitempty"`
	Summary   string `json:"summary,omitempty"`
}

func listSamplesTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("list_samples",
		mcpgo.WithDescription("List Apple's sample-code projects by title, a page at a time, optionally of one framework: each with its project_id (for read_sample and read_sample_file), URI, framework and summary."),
		readOnly("List sample projects"),
		mcpgo.WithString("framework", mcpgo.MaxLength(maxNameLen),
			mcpgo.Description("Only projects of this framework, by identifier, module or display name (\"swiftui\", \"AVFoundation\").")),
		pageArgs("Number of projects to skip, for the next page of a long listing.", "Number of projects to list.", 50, 200),
		mcpgo.WithRawOutputSchema(json.RawMessage(`{
  "type": "object",
  "properties": {
    "framework": {"type": "string"},
    "total": {"type": "integer", "description": "Projects that match."},
    `+pagingSchema+`,
    "projects": {"type": "array", "items": {"type": "object", "properties": {
      "projectId": {"type": "string"}, "uri": {"type": "string"}, "title": {"type": "string"}, "framework": {"type": "string"}, "summary": {"type": "string"}},
      "required": ["projectId", "uri", "title"]}}
  },
  "required": ["total", "offset", "projects"]
}`)),
	)
	type output struct {
		Framework string `json:"framework,omitempty"`
		paging
		Projects []listedSample `json:"projects"`
	}
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		name, err := a.optionalString("framework", "", maxNameLen)
		if err != nil {
			return nil, err
		}
		offset, limit, err := a.page(50, 200)
		if err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		framework := ""
		if name != "" {
			if framework, err = sampleFramework(ctx, b, st, name); err != nil {
				return nil, err
			}
		}
		projects, total, err := st.SampleProjects(ctx, framework, offset, limit)
		if err != nil {
			return nil, err
		}
		items := itemsOf(projects, func(_ int, p index.DocumentSummary) item {
			v := listedSample{ProjectID: clip(strings.TrimPrefix(p.URI, samplesScheme), maxURILen), URI: clip(p.URI, maxURILen),
				Title: clip(p.Title, maxTitleLen), Framework: clip(p.Framework, maxLabelLen), Summary: clip(p.Summary, 200)}
			line := fmt.Sprintf("- **%s** — %s · project_id %s", oneLine(v.Title), orDash(v.Framework), v.ProjectID)
			if v.Summary != "" {
				line += "\n  " + v.Summary
			}
			return item{markdown: line + "\n", value: v}
		})
		scope := "all frameworks"
		if framework != "" {
			scope = framework
		}
		header := fmt.Sprintf("## Sample projects (%s): %d–%d of %d\n\n", scope, offset+1, offset+len(projects), total)
		empty := fmt.Sprintf("No sample projects at offset %d: %s has %d.\n", offset, scope, total)
		out := output{Framework: framework, paging: paging{Total: total, Offset: offset}}
		var md strings.Builder
		out.Projects = writeListing[listedSample](&md, &out.paging, items, header, empty, 400, func(next int) string {
			args := fmt.Sprintf("offset=%d", next)
			if framework != "" {
				args = fmt.Sprintf("framework=%q %s", framework, args)
			}
			return "list_samples with " + args
		})
		if len(out.Projects) > 0 {
			md.WriteString("\nRead a project (README and files) with read_sample project_id=\"<project_id>\".\n")
		}
		return textResult(md.String(), out), nil
	}
}

// sampleFramework maps a framework name to the identifier the sample
// projects carry, or says which frameworks have samples.
func sampleFramework(ctx context.Context, b *backend, st *index.Store, name string) (string, error) {
	counts, err := st.SampleFrameworks(ctx)
	if err != nil {
		return "", err
	}
	lower := strings.ToLower(name)
	if counts[lower] > 0 {
		return lower, nil
	}
	if id, err := b.resolveFramework(ctx, name); err == nil && counts[id] > 0 {
		return id, nil
	}
	names := make([]string, 0, len(counts))
	for fw := range counts {
		names = append(names, fw)
	}
	slices.Sort(names)
	return "", argError("framework", "no sample projects for %q; frameworks with samples: %s", clip(name, maxEchoLen),
		strings.Join(echoNames(nearest(lower, names, 40)), ", "))
}

func readSampleTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("read_sample",
		mcpgo.WithDescription("Read one Apple sample-code project: its README, framework, the Apple documentation page it belongs to, and its file list with each file's language. "+
			"Read a file's lines with read_sample_file. A long README is returned in parts: the response says which offset to pass next."),
		readOnly("Read a sample project"),
		projectIDOption("Project id as list_samples or search returns it (\"swiftui-food-truck\"), or its samples:// URI."),
		offsetArg("Byte offset in the README to continue from, as given by a truncated response."),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		id, err := projectIDArg(a)
		if err != nil {
			return nil, err
		}
		offset, err := a.offset()
		if err != nil {
			return nil, err
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		project, err := sampleProject(ctx, st, id)
		if err != nil {
			return nil, err
		}
		id = strings.TrimPrefix(project.URI, samplesScheme)
		readme, files := splitProjectPage(project)
		var head strings.Builder
		fmt.Fprintf(&head, "# %s\n\nproject_id: %s · URI: %s", oneLine(project.Title), clip(id, maxURILen), clip(project.URI, maxURILen))
		if project.Framework != "" {
			fmt.Fprintf(&head, " · Framework: %s", clip(project.Framework, maxLabelLen))
		}
		fmt.Fprintf(&head, " · %d files\n", len(files))
		if page, err := st.DocumentByTitle(ctx, document.SourceAppleDocs, "sampleCode", project.Title); err == nil {
			fmt.Fprintf(&head, "Apple documentation page: %s\n", clip(page.URI, maxURILen))
		}
		// The file list takes at most a third of the budget; the README
		// gets the rest.
		var list strings.Builder
		fmt.Fprintf(&list, "\n## Project files (%d)\n\n", len(files))
		shown := 0
		for _, f := range files {
			line := fmt.Sprintf("- %s (%s)\n", oneLine(f.path), orDash(clip(f.lang, maxLabelLen)))
			if list.Len()+len(line) > responseBudget/3 {
				break
			}
			list.WriteString(line)
			shown++
		}
		if shown < len(files) {
			fmt.Fprintf(&list, "… %d more files; list_children uri=%q lists them all.\n", len(files)-shown, clip(project.URI, maxURILen))
		}
		fmt.Fprintf(&list, "\nRead a file with read_sample_file project_id=%q file_path=\"<path>\".\n", clip(id, maxURILen))
		readme = stripTitle(readme, project.Title)
		if offset > len(readme) {
			return nil, argError("offset", "%d is past the end of the README (%d bytes)", offset, len(readme))
		}
		room := responseBudget - head.Len() - list.Len() - 300
		part, next := mdbound.Window(readme, offset, max(room, 64))
		var md strings.Builder
		md.WriteString(head.String())
		if offset > 0 {
			fmt.Fprintf(&md, "\n(README continued from byte %d of %d)\n", offset, len(readme))
		}
		if strings.TrimSpace(part) != "" {
			md.WriteString("\n" + strings.TrimRight(part, "\n") + "\n")
		}
		if next > 0 {
			fmt.Fprintf(&md, "\n… README truncated at byte %d of %d; call read_sample with project_id=%q offset=%d to continue.\n",
				next, len(readme), clip(id, maxURILen), next)
		}
		md.WriteString(list.String())
		return mcpgo.NewToolResultText(md.String()), nil
	}
}

// projectFile is one entry of a project's file list.
type projectFile struct{ path, uri, lang string }

// splitProjectPage cuts a project page into its README and its file list,
// as the samples reader wrote them: "- [path](uri) (language)" lines under
// "## Project files". A page without the list falls back to its children.
func splitProjectPage(doc *index.StoredDocument) (string, []projectFile) {
	readme, list := doc.Markdown, ""
	if i := strings.LastIndex(doc.Markdown, projectFilesHeading); i >= 0 {
		readme, list = doc.Markdown[:i+1], doc.Markdown[i+len(projectFilesHeading):]
	}
	var files []projectFile
	for line := range strings.SplitSeq(list, "\n") {
		rest, ok := strings.CutPrefix(line, "- [")
		i, j := strings.LastIndex(rest, "]("), strings.LastIndex(rest, ") (")
		if !ok || i < 0 || j < i || !strings.HasSuffix(rest, ")") {
			continue
		}
		files = append(files, projectFile{path: rest[:i], uri: rest[i+2 : j], lang: rest[j+3 : len(rest)-1]})
	}
	if len(files) == 0 {
		for _, c := range doc.Children {
			files = append(files, projectFile{path: c.Title, uri: c.URI})
		}
	}
	return readme, files
}

func readSampleFileTool(b *backend) (mcpgo.Tool, server.ToolHandlerFunc) {
	t := mcpgo.NewTool("read_sample_file",
		mcpgo.WithDescription("Read the exact lines of one file of an Apple sample-code project, numbered, from the index. "+
			"Pass the project_id and the file's path as read_sample lists it; start_line and end_line pick a range. "+
			"A file longer than one response is cut at a line, and the response says which start_line reads on."),
		readOnly("Read a sample file"),
		projectIDOption("Project id as list_samples, read_sample or search_usages returns it (\"swiftui-food-truck\")."),
		mcpgo.WithString("file_path", mcpgo.Required(), mcpgo.MaxLength(maxPathLen),
			mcpgo.Description("Path of the file inside the project, as read_sample lists it, e.g. \"FoodTruck/App/App.swift\".")),
		mcpgo.WithInteger("start_line", mcpgo.DefaultNumber(1), mcpgo.Min(1), mcpgo.Max(maxOffset),
			mcpgo.Description("First line to return, 1-based.")),
		mcpgo.WithInteger("end_line", mcpgo.DefaultNumber(0), mcpgo.Min(0), mcpgo.Max(maxOffset),
			mcpgo.Description("Last line to return, inclusive; 0 or omitted: to the end of the file (within the response budget).")),
	)
	return t, func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		a := argsOf(req)
		id, err := projectIDArg(a)
		if err != nil {
			return nil, err
		}
		rel, err := a.requiredString("file_path", maxPathLen)
		if err != nil {
			return nil, err
		}
		rel = strings.TrimPrefix(rel, samplesScheme+id+"/")
		if err := checkFilePath(rel); err != nil {
			return nil, err
		}
		start, err := a.optionalInt("start_line", 1, 1, maxOffset)
		if err != nil {
			return nil, err
		}
		end, err := a.optionalInt("end_line", 0, 0, maxOffset)
		if err != nil {
			return nil, err
		}
		if end != 0 && end < start {
			return nil, argError("end_line", "%d is before start_line %d", end, start)
		}
		st, err := b.get()
		if err != nil {
			return nil, err
		}
		doc, text, exact, err := sampleFile(ctx, st, id, rel)
		if err != nil {
			return nil, err
		}
		lines := mdbound.Lines(text)
		if len(lines) == 0 {
			return mcpgo.NewToolResultText(fmt.Sprintf("%s is empty.\n", rel)), nil
		}
		if start > len(lines) {
			return nil, argError("start_line", "%d is past the end: %s has %d lines", start, clip(rel, maxEchoLen), len(lines))
		}
		if end == 0 || end > len(lines) {
			end = len(lines)
		}
		return mcpgo.NewToolResultText(numberedLines(doc, id, rel, lines, start, end, exact)), nil
	}
}

// numberedLines renders lines[start-1:end] numbered in one fenced block,
// cut at a line to stay within the response budget.
func numberedLines(doc *index.StoredDocument, id, rel string, lines []string, start, end int, exact bool) string {
	width := len(strconv.Itoa(end))
	var body strings.Builder
	last := start - 1
	room := responseBudget - 600
	clippedLine := false
	for n := start; n <= end; n++ {
		line := fmt.Sprintf("%*d  %s\n", width, n, lines[n-1])
		if body.Len()+len(line) > room {
			if n == start { // one line longer than a response: its head
				line = strings.TrimRight(cutText(line, room), "\n") + "\n"
				body.WriteString(line)
				last, clippedLine = n, true
			}
			break
		}
		body.WriteString(line)
		last = n
	}
	var md strings.Builder
	fmt.Fprintf(&md, "# %s\n\nURI: %s · project_id: %s · lines %d–%d of %d", oneLine(rel), clip(doc.URI, maxURILen), clip(id, maxURILen), start, last, len(lines))
	if doc.Language != "" {
		fmt.Fprintf(&md, " · %s", clip(doc.Language, maxLabelLen))
	}
	md.WriteString("\n")
	if !exact {
		md.WriteString("(a Markdown file, as indexed: runs of blank lines are collapsed)\n")
	}
	fence := mdbound.FenceFor(body.String())
	fmt.Fprintf(&md, "\n%s\n%s%s\n", fence, body.String(), fence)
	if clippedLine {
		fmt.Fprintf(&md, "\nLine %d is longer than one response and was cut.", last)
	}
	if last < end {
		fmt.Fprintf(&md, "\n… lines %d–%d not shown to keep this response small; call read_sample_file with project_id=%q file_path=%q start_line=%d",
			last+1, end, clip(id, maxURILen), clip(rel, maxPathLen), last+1)
		if end < len(lines) {
			fmt.Fprintf(&md, " end_line=%d", end)
		}
		md.WriteString(" for the next range.\n")
	} else if end < len(lines) {
		fmt.Fprintf(&md, "\n%d more lines; start_line=%d reads on.\n", len(lines)-end, end+1)
	}
	return md.String()
}

// projectIDOption declares the project_id argument, described by desc;
// projectIDArg reads it.
func projectIDOption(desc string) mcpgo.ToolOption {
	return mcpgo.WithString("project_id", mcpgo.Required(), mcpgo.MaxLength(maxNameLen), mcpgo.Description(desc))
}

// projectIDArg reads project_id: a project id or its samples:// URI.
func projectIDArg(a toolArgs) (string, error) {
	raw, err := a.requiredString("project_id", maxNameLen)
	if err != nil {
		return "", err
	}
	id := raw
	if len(id) >= len(samplesScheme) && strings.EqualFold(id[:len(samplesScheme)], samplesScheme) {
		id = id[len(samplesScheme):]
	}
	id = strings.TrimSuffix(id, "/")
	decoded, _ := url.PathUnescape(id)
	if id == "" || strings.ContainsAny(id, "/\\") || strings.ContainsAny(decoded, "/\\") || strings.Contains(decoded, "..") {
		return "", argError("project_id", "is one project id as list_samples returns it, e.g. \"swiftui-food-truck\" (a file inside it goes in read_sample_file's file_path), got %q",
			clip(raw, maxEchoLen))
	}
	return id, nil
}

// checkFilePath refuses what is not a relative path inside a project: ".."
// segments, absolute paths, backslashes, NUL and their URL-encoded forms.
func checkFilePath(rel string) error {
	check := func(p, how string) error {
		switch {
		case strings.ContainsRune(p, 0):
			return argError("file_path", "contains NUL%s", how)
		case strings.Contains(p, "\\"):
			return argError("file_path", "contains a backslash%s: paths inside a project use \"/\"", how)
		case strings.HasPrefix(p, "/") || len(p) > 1 && p[1] == ':':
			return argError("file_path", "is absolute%s: pass the path inside the project, e.g. \"App/ContentView.swift\"", how)
		}
		for seg := range strings.SplitSeq(p, "/") {
			switch seg {
			case "..":
				return argError("file_path", "leaves the project (\"..\")%s: pass a path as read_sample lists it", how)
			case "", ".":
				return argError("file_path", "has an empty or \".\" segment%s: pass a path as read_sample lists it", how)
			}
		}
		return nil
	}
	if err := check(rel, ""); err != nil {
		return err
	}
	if decoded, err := url.PathUnescape(rel); err == nil && decoded != rel {
		return check(decoded, " once URL-decoded")
	}
	return nil
}

// sampleProject reads a project page, or says which projects come nearest.
func sampleProject(ctx context.Context, st *index.Store, id string) (*index.StoredDocument, error) {
	doc, err := st.DocumentAnyCase(ctx, samplesScheme+id)
	if err == nil && doc.Kind == document.KindSampleProject {
		return doc, nil
	}
	if err != nil && !errors.Is(err, index.ErrDocumentNotFound) {
		return nil, err
	}
	all, _, err := st.SampleProjects(ctx, "", 0, 5000)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(all))
	for i, p := range all {
		ids[i] = strings.TrimPrefix(p.URI, samplesScheme)
	}
	msg := fmt.Sprintf("no sample project %q", clip(id, maxEchoLen))
	if near := nearest(strings.ToLower(id), ids, 5); len(near) > 0 {
		msg += "; nearest: " + strings.Join(quoteAll(echoNames(near)), ", ")
	}
	return nil, argError("project_id", "%s; list_samples lists them all", msg)
}

// sampleFile returns a project file's document and exact text (exact false
// for Markdown files, which are stored tidied), or names the project's files
// that come nearest.
func sampleFile(ctx context.Context, st *index.Store, id, rel string) (*index.StoredDocument, string, bool, error) {
	project, err := sampleProject(ctx, st, id)
	if err != nil {
		return nil, "", false, err
	}
	id = strings.TrimPrefix(project.URI, samplesScheme)
	readme, files := splitProjectPage(project)
	if strings.EqualFold(rel, "README.md") {
		return project, readme, false, nil
	}
	doc, err := st.DocumentAnyCase(ctx, samplesScheme+id+"/"+docuri.EscapePath(rel))
	if err != nil && !errors.Is(err, index.ErrDocumentNotFound) {
		return nil, "", false, err
	}
	if err == nil && doc.Parent == project.URI {
		if text, ok := mdbound.CodeFileText(doc.Markdown); ok && doc.Kind == document.KindSourceFile {
			return doc, text, true, nil
		}
		text := doc.Markdown
		if i := strings.LastIndex(text, projectLine); i >= 0 {
			text = text[:i+1]
		}
		return doc, text, false, nil
	}
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = f.path
		if f.path == rel {
			// Listed by the reader, declined by the door.
			return nil, "", false, argError("file_path", "%s is part of %s but not indexed: binary, not UTF-8 text, or over 256 KiB", clip(rel, maxEchoLen), id)
		}
	}
	msg := fmt.Sprintf("%s has no file %q", id, clip(rel, maxEchoLen))
	if near := nearestFiles(rel, paths, 8); len(near) > 0 {
		msg += "; nearest: " + strings.Join(quoteAll(echoNames(near)), ", ")
	}
	return nil, "", false, argError("file_path", "%s; read_sample project_id=%q lists its files", msg, id)
}

// nearestFiles ranks a project's paths against a wanted one: the same file
// name first, then names sharing its stem, then paths containing it.
func nearestFiles(want string, paths []string, n int) []string {
	base := strings.ToLower(path.Base(want))
	stem := strings.TrimSuffix(base, path.Ext(base))
	score := func(p string) int {
		pb := strings.ToLower(path.Base(p))
		switch {
		case pb == base:
			return 3
		case stem != "" && strings.Contains(pb, stem):
			return 2
		case strings.Contains(strings.ToLower(p), strings.ToLower(want)):
			return 1
		}
		return 0
	}
	var out []string
	for s := 3; s > 0 && len(out) < n; s-- {
		for _, p := range paths {
			if score(p) == s && len(out) < n {
				out = append(out, p)
			}
		}
	}
	return out
}

// nearest ranks names by the words of want they share ("-", "_", "." and
// spaces separate words), best first, keeping the list's order among
// equals; with no word shared it returns the first n names.
func nearest(want string, names []string, n int) []string {
	words := strings.FieldsFunc(strings.ToLower(want), func(r rune) bool { return strings.ContainsRune("-_. /", r) })
	type scored struct {
		name  string
		score int
	}
	ranked := make([]scored, 0, len(names))
	for _, name := range names {
		s, lower := 0, strings.ToLower(name)
		for _, w := range words {
			if len(w) > 2 && strings.Contains(lower, w) || lower == w {
				s++
			}
		}
		ranked = append(ranked, scored{name, s})
	}
	slices.SortStableFunc(ranked, func(a, b scored) int { return b.score - a.score })
	out := make([]string, 0, n)
	for _, r := range ranked[:min(n, len(ranked))] {
		out = append(out, r.name)
	}
	return out
}
