package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/mcp"
)

func TestServeFlagsDeriveFromBaseDir(t *testing.T) {
	io := testStreams()
	var got *serveOptions
	cmd := newServeCmd(io, func(_ context.Context, o *serveOptions) error {
		o.resolve()
		got = o
		return nil
	})
	cmd.SetArgs([]string{"--base-dir", "/tmp/cup"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.SearchDB != filepath.Join("/tmp/cup", "search.db") || got.CallTimeout != mcp.DefaultCallTimeout {
		t.Errorf("options = %+v", got)
	}
	cmd.SetArgs([]string{"--search-db", "/data/x.db", "--call-timeout", "2s"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.SearchDB != "/data/x.db" || got.CallTimeout != 2*time.Second {
		t.Errorf("options = %+v", got)
	}
	if f := cmd.Flags().Lookup("call-timeout"); f == nil || !f.Hidden {
		t.Error("--call-timeout should exist and be hidden")
	}
}

func TestServeOnATerminalExplainsAndFails(t *testing.T) {
	var out, errb bytes.Buffer
	io := &iostreams{In: strings.NewReader(""), Out: &out, Err: &errb, InTerminal: true}
	err := runServe(context.Background(), &serveOptions{IO: io, BaseDir: t.TempDir()})
	if exitCode(err) != exitUsage {
		t.Errorf("exit code %d (%v), want %d", exitCode(err), err, exitUsage)
	}
	if out.Len() != 0 {
		t.Errorf("stdout must carry JSON-RPC only, got %q", out.String())
	}
	for _, want := range []string{"claude mcp add cupertino -- cupertino serve", "claude_desktop_config.json", ".vscode/mcp.json",
		"[mcp_servers.cupertino]", "docs/clients.md"} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, errb.String())
		}
	}
}

func TestServeAnswersOnStdioAndExitsOnEOF(t *testing.T) {
	var out, errb bytes.Buffer
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"View"}}}` + "\n")
	io := &iostreams{In: in, Out: &out, Err: &errb}
	// No index: the server still starts, and the call says how to fix it.
	err := runServe(context.Background(), &serveOptions{IO: io, BaseDir: t.TempDir(), CallTimeout: time.Second})
	if err != nil {
		t.Fatalf("serve: %v\n%s", err, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"protocolVersion":"2025-06-18"`) ||
		!strings.Contains(lines[1], `"isError":true`) || !strings.Contains(lines[1], "cupertino save") {
		t.Errorf("stdout:\n%s", out.String())
	}
	if !strings.Contains(errb.String(), "search index unavailable") {
		t.Errorf("stderr should log the missing index:\n%s", errb.String())
	}
}
