package main

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/mcp"
)

// sectionsPageURI is a page with every "##" heading the renderer writes for
// an Apple symbol, and a heading-like comment inside its code.
const sectionsPageURI = "apple-docs://swiftui/view/padding(_:_:)"

const sectionsPage = "# padding(_:_:)\n\nInstance Method · SwiftUI\n\nAdds padding to the view.\n\n" +
	"## Declaration\n\n```swift\n## not a heading\nfunc padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View\n```\n\n" +
	"## Parameters\n\n- `edges`: The set of edges to pad.\n- `length`: The amount to pad.\n\n" +
	"## Return Value\n\nA view padded by the amount you specify.\n\n" +
	"## Mentioned In\n\n- [Laying out a simple view](apple-docs://swiftui/laying-out-a-simple-view)\n\n" +
	"## Discussion\n\nUse this modifier to add padding.\n\n### Example\n\n~~~swift\nText(\"Hi\").padding(.top, 8)\n~~~\n\n" +
	"## Topics\n\n### Related modifiers\n\n- [padding(_:)](apple-docs://swiftui/view/padding(_:))\n\n" +
	"## Relationships\n\n### Conforms To\n\n- `View`\n\n" +
	"## Default Implementations\n\n- [body](apple-docs://swiftui/view/body)\n\n" +
	"## See Also\n\n### Adding padding around a view\n\n- [safeAreaPadding(_:)](apple-docs://swiftui/view/safeareapadding(_:))\n"

// proposalURI is a proposal whose introduction shows ```code``` inline on
// one line, which must not hide the sections after it.
const proposalURI = "swift-evolution://SE-9001"

const proposalPage = "# An operator\n\n* Proposal: SE-9001\n* Status: **Rejected**\n\n" +
	"## Introduction\n\nIt takes this form:\n\n```let value = optional !! \"why\"```\n\nwhich stands for:\n\n" +
	"```\nguard let value = optional else { fatalError(\"why\") }\n```\n\n" +
	"## Motivation\n\nWhy.\n\n## Detailed design\n\n````swift\n```\n## inside a longer fence\n````\n\n" +
	"## Alternatives considered\n\nNone.\n"

// sectionsIndex builds an index of the two pages above.
func sectionsIndex(t *testing.T) string {
	t.Helper()
	return indextest.Build(t,
		&document.Document{URI: sectionsPageURI, Source: document.SourceAppleDocs, Framework: "swiftui", Title: "padding(_:_:)",
			Kind: "method", Language: "swift", Abstract: "Adds padding to the view.", Markdown: sectionsPage, ContentHash: "h1", Size: len(sectionsPage)},
		&document.Document{URI: proposalURI, Source: document.SourceSwiftEvolution, Title: "An operator", Kind: "proposal",
			Markdown: proposalPage, ContentHash: "h2", Size: len(proposalPage)},
	)
}

// runReadCLI runs `cupertino read` and returns its stdout and stderr.
func runReadCLI(t *testing.T, db string, args ...string) (string, string, error) {
	t.Helper()
	io, out, errb := cmdTestIO(false)
	root := newRootCmd(io)
	root.SetArgs(append([]string{"read", "--search-db", db}, args...))
	err := root.Execute()
	return out.String(), errb.String(), err
}

// sectionNamesOf is the "##" headings a response shows.
func sectionNamesOf(text string) []string {
	return mdbound.Names(text, 0)
}

func TestReadSectionsAlsoAndAliases(t *testing.T) {
	db := sectionsIndex(t)
	cases := []struct {
		sections string
		want     []string
	}{
		{"also", []string{"See Also"}},
		{"seeAlso", []string{"See Also"}},
		{"decl,param", []string{"Declaration", "Parameters"}},
		{"returns", []string{"Return Value"}},
		{"overview", []string{"Discussion"}},
		{"Topics", []string{"Topics"}},
	}
	for _, c := range cases {
		out, _, err := runReadCLI(t, db, "--sections", c.sections, sectionsPageURI)
		if err != nil {
			t.Errorf("--sections %s: %v", c.sections, err)
			continue
		}
		if got := sectionNamesOf(out); !reflect.DeepEqual(got, c.want) {
			t.Errorf("--sections %s printed %q, want %q", c.sections, got, c.want)
		}
		if !strings.HasPrefix(out, "# padding(_:_:)\n\nInstance Method") {
			t.Errorf("--sections %s dropped the page head:\n%s", c.sections, out)
		}
	}
}

func TestReadSectionsUnmatched(t *testing.T) {
	db := sectionsIndex(t)
	_, _, err := runReadCLI(t, db, "--sections", "nope", sectionsPageURI)
	if exitCode(err) != exitUsage || !strings.Contains(err.Error(), `no section matches "nope"; this page has: "Declaration", "Parameters"`) {
		t.Errorf("unknown section: exit %d, %v", exitCode(err), err)
	}
	out, errOut, err := runReadCLI(t, db, "--sections", "returns,nope", sectionsPageURI)
	if err != nil || !reflect.DeepEqual(sectionNamesOf(out), []string{"Return Value"}) || !strings.Contains(errOut, `warning: no section matches "nope"`) {
		t.Errorf("one unknown name among others: %v\nstdout:\n%s\nstderr:\n%s", err, out, errOut)
	}
}

func TestReadProposalSectionsPastInlineBackticks(t *testing.T) {
	db := sectionsIndex(t)
	out, _, err := runReadCLI(t, db, "--sections", "alternatives", proposalURI)
	if err != nil || !reflect.DeepEqual(sectionNamesOf(out), []string{"Alternatives considered"}) {
		t.Fatalf("--sections alternatives: %v\n%s", err, out)
	}
	out, _, err = runReadCLI(t, db, "--sections", "design", proposalURI)
	if err != nil || !strings.Contains(out, "## inside a longer fence") || strings.Contains(out, "## Alternatives") {
		t.Fatalf("--sections design: %v\n%s", err, out)
	}
}

func TestReadWindowsReassembleTheSelection(t *testing.T) {
	db := sectionsIndex(t)
	whole, _, err := runReadCLI(t, db, "--sections", "discussion,topics", sectionsPageURI)
	if err != nil {
		t.Fatal(err)
	}
	var got strings.Builder
	offset := 0
	for parts := 0; ; parts++ {
		out, _, err := runReadCLI(t, db, "--sections", "discussion,topics", "--max-bytes", "80", "--offset", strconv.Itoa(offset), sectionsPageURI)
		if err != nil || parts > 100 {
			t.Fatalf("part at %d: %v", offset, err)
		}
		part, hint, cut := strings.Cut(out, "\n… truncated at byte ")
		got.WriteString(part)
		if !cut {
			break
		}
		var next, total int
		if _, err := fmt.Sscanf(hint, "%d of %d", &next, &total); err != nil || next <= offset || total != len(whole) {
			t.Fatalf("hint %q after offset %d (page %d bytes)", hint, offset, len(whole))
		}
		offset = next
	}
	if got.String() != whole {
		t.Errorf("windows reassemble %q\nwant %q", got.String(), whole)
	}
}

// readDocumentMCP calls MCP read_document in process over db.
func readDocumentMCP(t *testing.T, db string) func(uri, section string) (string, bool) {
	t.Helper()
	ctx := context.Background()
	srv, err := mcp.New(ctx, mcp.Options{DBPath: db})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	c, err := client.NewInProcessClient(srv.MCPServer())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ClientInfo = mcpgo.Implementation{Name: "read-test", Version: "1"}
	init.Params.ProtocolVersion = mcpgo.LATEST_PROTOCOL_VERSION
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}
	return func(uri, section string) (string, bool) {
		req := mcpgo.CallToolRequest{}
		req.Params.Name = "read_document"
		req.Params.Arguments = map[string]any{"uri": uri, "section": section}
		res, err := c.CallTool(ctx, req)
		if err != nil {
			t.Fatalf("read_document %s section=%s: %v", uri, section, err)
		}
		var text strings.Builder
		for _, content := range res.Content {
			if tc, ok := content.(mcpgo.TextContent); ok {
				text.WriteString(tc.Text)
			}
		}
		return text.String(), !res.IsError
	}
}

// TestCLIAndMCPTakeTheSameSectionNames: every shared alias, every name
// docc.ParseSections knows that is a "##" section, and the plain heading
// words pick the same sections through `cupertino read --sections` and MCP
// read_document's section, and a name neither knows fails in both.
func TestCLIAndMCPTakeTheSameSectionNames(t *testing.T) {
	db := sectionsIndex(t)
	readMCP := readDocumentMCP(t, db)
	names := []string{"also", "See Also", "decl", "param", "Topics", "declaration", "parameters", "discussion",
		"mentions", "topics", "relationships", "defaultImplementations", "seeAlso", "return value"}
	for _, a := range mdbound.Aliases {
		names = append(names, a.Name)
	}
	for _, name := range names {
		out, _, err := runReadCLI(t, db, "--sections", name, sectionsPageURI)
		if err != nil {
			t.Errorf("cupertino read --sections %q: %v", name, err)
			continue
		}
		text, ok := readMCP(sectionsPageURI, name)
		if !ok {
			t.Errorf("read_document section=%q: %s", name, text)
			continue
		}
		cli, viaMCP := sectionNamesOf(out), sectionNamesOf(text)
		if len(cli) == 0 || !reflect.DeepEqual(cli, viaMCP) {
			t.Errorf("section %q: cupertino read keeps %q, read_document keeps %q", name, cli, viaMCP)
		}
	}
	for _, uri := range []string{sectionsPageURI, proposalURI} {
		_, _, err := runReadCLI(t, db, "--sections", "no such part", uri)
		text, ok := readMCP(uri, "no such part")
		if err == nil || ok {
			t.Errorf("%s: an unknown name is accepted (read: %v, read_document: %s)", uri, err, text)
		}
	}
	// Both see the proposal's sections past its inline ```code``` span.
	out, _, err := runReadCLI(t, db, "--sections", "alternatives", proposalURI)
	text, ok := readMCP(proposalURI, "alternatives")
	if err != nil || !ok || !reflect.DeepEqual(sectionNamesOf(out), sectionNamesOf(text)) || len(sectionNamesOf(text)) != 1 {
		t.Errorf("proposal: read %v %q, read_document %q", err, sectionNamesOf(out), sectionNamesOf(text))
	}
}
