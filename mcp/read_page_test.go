package mcp

import (
	"context"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// A page read_document rendered once is kept for the open index: the same
// read again, a read on from an offset and a section of it come from the
// kept page without touching the index (here: after its connections are
// closed) and read exactly as the first time did; the JSON form is a page
// of its own; a kept page holds its body, not the stored Markdown too; a
// failed read keeps nothing.
func TestReadDocumentKeepsTheRenderedPage(t *testing.T) {
	srv, st := serverStore(t, Options{DBPath: fixtureDB(t), Logger: testLogger(t)})
	_, handler := readDocumentTool(srv.backend)
	read := func(args map[string]any) string {
		t.Helper()
		req := mcpgo.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "read_document", args
		res, err := handler(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if res.IsError {
			t.Fatalf("%v: %s", args, resultText(res))
		}
		return resultText(res)
	}
	snap, err := srv.backend.snapshot()
	if err != nil {
		t.Fatal(err)
	}
	const uri = "apple-docs://swiftui/view"
	whole := map[string]any{"uri": uri}
	part := map[string]any{"uri": uri, "max_tokens": 500, "offset": 200}
	section := map[string]any{"uri": uri, "section": "Used in samples"}
	asJSON := map[string]any{"uri": uri, "format": "json"}
	first := map[string]string{}
	for name, args := range map[string]map[string]any{"whole": whole, "part": part, "section": section, "json": asJSON} {
		first[name] = read(args)
	}
	if n := snap.pages.Len(); n != 2 {
		t.Fatalf("kept %d pages after reading one page as Markdown and as JSON; want 2", n)
	}
	for _, lists := range []bool{false, true} {
		if p, ok := snap.pages.Get(pageKey{uri: uri, lists: lists}); !ok || p.doc.Markdown != "" {
			t.Errorf("the page kept with lists %v holds its stored Markdown beside its body (kept: %v)", lists, ok)
		}
	}
	if _, err := renderPage(context.Background(), srv.backend, "apple-docs://swiftui/no-such-page", "", false); err == nil {
		t.Fatal("a page the index lacks rendered")
	}
	if n := snap.pages.Len(); n != 2 {
		t.Fatalf("a failed read was kept: %d pages", n)
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	for name, args := range map[string]map[string]any{"whole": whole, "part": part, "section": section, "json": asJSON} {
		if got := read(args); got != first[name] {
			t.Errorf("%s read again differs from the first read:\n%s\n---\n%s", name, got, first[name])
		}
	}
}
