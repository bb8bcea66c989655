package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// These tests drive the real binary, built once per test run by
// testenv.CupertinoBinary: `cupertino serve --search-db <fixture>` over stdio.

func TestMain(m *testing.M) {
	code := m.Run()
	testenv.RemoveBuilt()
	if hugeDir != "" {
		os.RemoveAll(hugeDir)
	}
	os.Exit(code)
}

// toolCalls is one valid call of every tool, with text its answer must hold.
var toolCalls = []struct {
	name string
	args map[string]any
	want string
}{
	{"search", map[string]any{"query": "View"}, "apple-docs://swiftui/view"},
	{"read_document", map[string]any{"uri": "apple-docs://swiftui/view"}, "@MainActor @preconcurrency protocol View"},
	{"list_frameworks", map[string]any{}, "swiftui"},
	{"list_documents", map[string]any{"framework": "uikit", "limit": 10}, "apple-docs://uikit/uicontrol"},
	{"list_children", map[string]any{"uri": "apple-docs://swiftui/view"}, "padding(_:_:)"},
	{"list_sources", map[string]any{}, "swift-evolution"},
	{"search_symbols", map[string]any{"query": "data", "is_async": true}, "async throws"},
	{"search_property_wrappers", map[string]any{"wrapper": "State"}, "@State private var isPlaying"},
	{"search_concurrency", map[string]any{"pattern": "actor"}, "actor MainActor"},
	{"search_conformances", map[string]any{"protocol": "View"}, "apple-docs://swiftui/text"},
	{"search_generics", map[string]any{"constraint": "View"}, "matched: `Content: View`"},
	{"get_inheritance", map[string]any{"symbol": "UIButton", "direction": "up"}, "UIButton → UIControl → UIView → UIResponder"},
}

func TestE2EMCPGoClient(t *testing.T) {
	bin := testenv.CupertinoBinary(t)
	db := fixtureDB(t)
	for _, c := range clientConfigs {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			stderr := &testenv.Buffer{}
			tr := transport.NewStdioWithOptions(bin, nil, []string{"serve", "--search-db", db},
				transport.WithCommandStderrWriter(stderr))
			if err := tr.Start(ctx); err != nil {
				t.Fatal(err)
			}
			cl := client.NewClient(tr, c.opts...)
			defer cl.Close()
			var names []string
			for _, tool := range initializeClient(ctx, t, cl, "e2e", c.version, stderr) {
				names = append(names, tool.Name)
				if tool.Annotations.ReadOnlyHint == nil || !*tool.Annotations.ReadOnlyHint {
					t.Errorf("%s: readOnlyHint not set on the wire", tool.Name)
				}
			}
			slices.Sort(names)
			if !slices.Equal(names, allToolNames) {
				t.Errorf("tools = %v", names)
			}
			for _, tc := range toolCalls {
				wantToolText(ctx, t, cl, tc.name, tc.args, tc.want)
			}
			rr := mcpgo.ReadResourceRequest{}
			rr.Params.URI = "swift-evolution://SE-0306"
			rres, err := cl.ReadResource(ctx, rr)
			if err != nil {
				t.Fatal(err)
			}
			if tc, ok := rres.Contents[0].(mcpgo.TextResourceContents); !ok || !strings.Contains(tc.Text, "actor BankAccount") {
				t.Errorf("resources/read: %#v", rres.Contents)
			}
			if strings.Contains(stderr.String(), "level=ERROR") {
				t.Errorf("server logged errors:\n%s", stderr.String())
			}
		})
	}
}

// clientConfigs are the mcp-go client settings each transport is tried
// with: pinned to 2025-06-18, which has sessions, and at the client's
// default version.
var clientConfigs = []struct {
	name    string
	opts    []client.ClientOption
	version string
}{
	{"pinned 2025-06-18", []client.ClientOption{client.WithProtocolVersion(mcpgo.ProtocolVersion20250618)}, mcpgo.ProtocolVersion20250618},
	{"default", nil, mcpgo.LATEST_PROTOCOL_VERSION},
}

// initializeClient initializes cl as clientName, checks that it agreed on
// version with cupertino and returns the tools it lists. serverLog is shown
// when the handshake fails.
func initializeClient(ctx context.Context, t *testing.T, cl *client.Client, clientName, version string, serverLog *testenv.Buffer) []mcpgo.Tool {
	t.Helper()
	init := mcpgo.InitializeRequest{}
	init.Params.ClientInfo = mcpgo.Implementation{Name: clientName, Version: "1"}
	res, err := cl.Initialize(ctx, init)
	if err != nil {
		t.Fatalf("initialize: %v\nserver log:\n%s", err, serverLog)
	}
	if res.ProtocolVersion != version || res.ServerInfo.Name != "cupertino" {
		t.Errorf("negotiated %q with %q, want %q with cupertino", res.ProtocolVersion, res.ServerInfo.Name, version)
	}
	list, err := cl.ListTools(ctx, mcpgo.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	return list.Tools
}

// wantToolText calls a tool through cl and checks that it succeeded with
// want in its text.
func wantToolText(ctx context.Context, t *testing.T, cl *client.Client, name string, args map[string]any, want string) {
	t.Helper()
	req := mcpgo.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	out, err := cl.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if text := resultText(out); out.IsError || !strings.Contains(text, want) {
		t.Errorf("%s: isError=%v, want %q in:\n%s", name, out.IsError, want, clip(text, 600))
	}
}

// rawConn is the binary driven with hand-written JSON-RPC lines.
type rawConn struct {
	t       testing.TB
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	stderr  *testenv.Buffer
	mu      sync.Mutex
	byID    map[string]map[string]any
	noID    []map[string]any
	arrived chan struct{}
	eof     chan struct{}
	waitErr chan error
}

func startRaw(t testing.TB, args ...string) *rawConn {
	t.Helper()
	cmd := exec.Command(testenv.CupertinoBinary(t), args...)
	cmd.Env = append(os.Environ(), "CUPERTINO_LOG=debug")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &rawConn{t: t, cmd: cmd, stdin: stdin, stderr: &testenv.Buffer{}, byID: map[string]map[string]any{},
		arrived: make(chan struct{}, 1000), eof: make(chan struct{}), waitErr: make(chan error, 1)}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
			var m map[string]any
			if err := json.Unmarshal(sc.Bytes(), &m); err != nil || m["jsonrpc"] != "2.0" {
				t.Errorf("stdout carried a non-JSON-RPC line: %q", clip(sc.Text(), 200))
				continue
			}
			c.mu.Lock()
			if id, ok := m["id"]; ok && id != nil {
				c.byID[fmt.Sprint(id)] = m
			} else {
				c.noID = append(c.noID, m)
			}
			c.mu.Unlock()
			c.arrived <- struct{}{}
		}
		close(c.eof)
		c.waitErr <- cmd.Wait()
	}()
	t.Cleanup(func() {
		stdin.Close()
		select {
		case <-c.eof:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
		}
	})
	return c
}

func (c *rawConn) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

func (c *rawConn) request(id int, method string, params any) {
	c.t.Helper()
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(string(b))
}

// response waits for the response with id.
func (c *rawConn) response(id any) map[string]any {
	c.t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		if m, ok := c.answered(id); ok {
			return m
		}
		select {
		case <-c.arrived:
		case <-c.eof:
			// The answer may have come with the last line.
			if m, ok := c.answered(id); ok {
				return m
			}
			c.t.Fatalf("stdout closed before response %v; stderr:\n%s", id, c.stderr.String())
		case <-deadline:
			c.t.Fatalf("no response %v; stderr:\n%s", id, c.stderr.String())
		}
	}
}

// answered returns the response with id if it has come.
func (c *rawConn) answered(id any) (map[string]any, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, ok := c.byID[fmt.Sprint(id)]
	return m, ok
}

// nextUnidentified waits for a response without an id (parse errors).
func (c *rawConn) nextUnidentified(n int) map[string]any {
	c.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		c.mu.Lock()
		if len(c.noID) >= n {
			m := c.noID[n-1]
			c.mu.Unlock()
			return m
		}
		c.mu.Unlock()
		select {
		case <-c.arrived:
		case <-deadline:
			c.t.Fatalf("no id-less response #%d", n)
		}
	}
}

// closeAndWait closes stdin and returns the exit error and how long it took.
func (c *rawConn) closeAndWait() (error, time.Duration) {
	started := time.Now()
	c.stdin.Close()
	select {
	case err := <-c.waitErr:
		return err, time.Since(started)
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		return errors.New("did not exit within 10s of EOF"), time.Since(started)
	}
}

func toolText(t testing.TB, resp map[string]any) (string, bool) {
	t.Helper()
	result, ok := resp["result"].(map[string]any)
	if !ok {
		t.Fatalf("not a result: %v", resp)
	}
	var b strings.Builder
	content, _ := result["content"].([]any)
	for _, c := range content {
		if m, ok := c.(map[string]any); ok {
			s, _ := m["text"].(string)
			b.WriteString(s)
		}
	}
	isError, _ := result["isError"].(bool)
	return b.String(), isError
}

func rawInitialize(t testing.TB, c *rawConn, version string) map[string]any {
	c.request(1, "initialize", map[string]any{"protocolVersion": version,
		"capabilities": map[string]any{}, "clientInfo": map[string]any{"name": "raw", "version": "1"}})
	resp := c.response(1)
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	result, _ := resp["result"].(map[string]any)
	if result == nil {
		t.Fatalf("initialize: %v", resp)
	}
	return result
}

func TestE2ERawJSONRPC(t *testing.T) {
	db := fixtureDB(t)
	for _, version := range []string{mcpgo.ProtocolVersion20241105, mcpgo.ProtocolVersion20251125} {
		t.Run(version, func(t *testing.T) {
			c := startRaw(t, "serve", "--search-db", db)
			result := rawInitialize(t, c, version)
			if result["protocolVersion"] != version {
				t.Errorf("protocolVersion = %v, want %s", result["protocolVersion"], version)
			}
			c.request(2, "tools/list", map[string]any{})
			tools, _ := c.response(2)["result"].(map[string]any)["tools"].([]any)
			if len(tools) != len(allToolNames) {
				t.Errorf("tools/list returned %d tools", len(tools))
			}
			for i, tc := range toolCalls {
				c.request(100+i, "tools/call", map[string]any{"name": tc.name, "arguments": tc.args})
			}
			for i, tc := range toolCalls {
				text, isError := toolText(t, c.response(100+i))
				if isError || !strings.Contains(text, tc.want) {
					t.Errorf("%s: isError=%v, want %q in %s", tc.name, isError, tc.want, clip(text, 300))
				}
			}
			c.request(3, "resources/read", map[string]any{"uri": "apple-docs://swiftui/view"})
			contents, _ := c.response(3)["result"].(map[string]any)["contents"].([]any)
			if len(contents) != 1 || !strings.Contains(fmt.Sprint(contents[0]), "protocol View") {
				t.Errorf("resources/read: %v", contents)
			}

			// Malformed input gets an answer and the server goes on.
			c.send(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search","arguments":{"query":`)
			if e := c.nextUnidentified(1)["error"].(map[string]any); e["code"] != float64(mcpgo.PARSE_ERROR) {
				t.Errorf("truncated line: %v", e)
			}
			c.send(`this is not json`)
			if e := c.nextUnidentified(2)["error"].(map[string]any); e["code"] != float64(mcpgo.PARSE_ERROR) {
				t.Errorf("garbage line: %v", e)
			}
			c.send(strings.Repeat("x", MaxMessageBytes+10))
			if e := c.nextUnidentified(3)["error"].(map[string]any); !strings.Contains(fmt.Sprint(e["message"]), "exceeds") {
				t.Errorf("oversized line: %v", e)
			}
			c.request(5, "tools/call", map[string]any{"name": "search", "arguments": "View"})
			if text, isError := toolText(t, c.response(5)); !isError || !strings.Contains(text, "arguments must be a JSON object") {
				t.Errorf("string arguments: %v %s", isError, text)
			}
			c.request(6, "tools/call", map[string]any{"name": "no_such_tool", "arguments": map[string]any{}})
			if text, isError := toolText(t, c.response(6)); !isError || !strings.Contains(text, `unknown tool "no_such_tool"`) {
				t.Errorf("unknown tool: %v %s", isError, text)
			}
			c.request(7, "no/such/method", map[string]any{})
			if e, _ := c.response(7)["error"].(map[string]any); e == nil || e["code"] != float64(mcpgo.METHOD_NOT_FOUND) {
				t.Errorf("unknown method: %v", c.response(7))
			}
			c.request(8, "tools/call", map[string]any{"name": "read_document", "arguments": map[string]any{"uri": "apple-docs://swiftui/text"}})
			if text, isError := toolText(t, c.response(8)); isError || !strings.Contains(text, "@frozen struct Text") {
				t.Errorf("after malformed input: %v %s", isError, text)
			}

			// Requests written just before EOF are still answered, then the
			// process exits 0 promptly.
			for i := range 20 {
				c.request(200+i, "tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "UIControl"}})
			}
			err, took := c.closeAndWait()
			if err != nil || took > 2*time.Second {
				t.Errorf("exit after EOF: %v after %s\nstderr:\n%s", err, took, c.stderr.String())
			}
			for i := range 20 {
				if text, _ := toolText(t, c.response(200+i)); !strings.Contains(text, "apple-docs://uikit/uicontrol") {
					t.Errorf("request %d before EOF: %s", 200+i, clip(text, 200))
				}
			}
			if !strings.Contains(c.stderr.String(), "serving MCP on stdio") {
				t.Errorf("expected logs on stderr, got:\n%s", c.stderr.String())
			}
		})
	}
}

func TestE2ETimeoutAndConcurrency(t *testing.T) {
	db := fixtureDB(t)
	c := startRaw(t, "serve", "--search-db", db, "--call-timeout", "1ns")
	rawInitialize(t, c, mcpgo.ProtocolVersion20250618)
	c.request(2, "tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "View"}})
	if text, isError := toolText(t, c.response(2)); !isError || !strings.Contains(text, "query timed out") {
		t.Errorf("1ns timeout: %v %s", isError, text)
	}

	c = startRaw(t, "serve", "--search-db", db)
	rawInitialize(t, c, mcpgo.ProtocolVersion20250618)
	const n = 200
	for i := range n {
		tc := toolCalls[i%len(toolCalls)]
		c.request(1000+i, "tools/call", map[string]any{"name": tc.name, "arguments": tc.args})
	}
	for i := range n {
		tc := toolCalls[i%len(toolCalls)]
		if text, isError := toolText(t, c.response(1000+i)); isError || !strings.Contains(text, tc.want) {
			t.Errorf("concurrent %s: %v %s", tc.name, isError, clip(text, 200))
		}
	}
}

func TestE2EStartup(t *testing.T) {
	bin := testenv.CupertinoBinary(t)
	db := fixtureDB(t)

	// From a terminal it explains and fails.
	cmd := exec.Command(bin, "serve", "--search-db", db)
	cmd.Stdin, _ = testenv.OpenPTY(t, 0)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() == 0 {
		t.Errorf("serve on a terminal: %v, want a non-zero exit", err)
	}
	if stdout.Len() != 0 {
		t.Errorf("stdout must stay clean, got %q", stdout.String())
	}
	mustContain(t, stderr.String(), "claude mcp add cupertino -- cupertino serve", "mcpServers", "docs/clients.md")

	// With no arguments and a pipe on stdin, serve is the default; the
	// default index is ~/.cupertino/search.db.
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".cupertino"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFixture(t, filepath.Join(home, ".cupertino", "search.db"), fixtureDocs())
	cmd = exec.Command(bin)
	cmd.Env = append(os.Environ(), "HOME="+home)
	cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}` + "\n" +
		`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search","arguments":{"query":"UIButton"}}}` + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("default serve: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], "apple-docs://uikit/uibutton") {
		t.Errorf("default serve answered:\n%s", out)
	}
}
