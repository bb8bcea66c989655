package mcp

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// session is an mcp-go client connected in process to a Server through pipes,
// so tests go through the same transport code as `cupertino serve`.
type session struct {
	t      testing.TB
	srv    *Server
	client *client.Client
	done   chan error
	stdin  *io.PipeWriter
	// instructions are what the server told the client at initialize.
	instructions string
}

func testLogger(t testing.TB) *slog.Logger {
	if os.Getenv("CUPERTINO_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return nil
}

// newLoggedServer makes a Server for a test; unless opts names a logger, it
// logs at debug level to the returned buffer, for the test to read.
func newLoggedServer(t testing.TB, opts Options) (*Server, *testenv.Buffer) {
	t.Helper()
	logs := &testenv.Buffer{}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	srv, err := New(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	return srv, logs
}

// connect starts a server over dbPath and an initialized client.
func connect(t testing.TB, opts Options, clientOpts ...client.ClientOption) *session {
	t.Helper()
	opts.validateOutput = true
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	ctx := context.Background()
	srv, err := New(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, srv: srv, done: make(chan error, 1), stdin: inW}
	go func() {
		err := srv.Serve(ctx, inR, outW)
		outW.Close()
		s.done <- err
	}()
	tr := transport.NewIO(outR, inW, io.NopCloser(strings.NewReader("")))
	c := client.NewClient(tr, clientOpts...)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	init := mcpgo.InitializeRequest{}
	init.Params.ClientInfo = mcpgo.Implementation{Name: "cupertino-test", Version: "1"}
	init.Params.ProtocolVersion = mcpgo.ProtocolVersion20250618
	initRes, err := c.Initialize(ctx, init)
	if err != nil {
		t.Fatal(err)
	}
	s.instructions = initRes.Instructions
	s.client = c
	t.Cleanup(func() {
		inW.Close()
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			t.Error("server did not stop after stdin closed")
		}
		srv.Close()
	})
	return s
}

// toolCall is a call of the tool name with args: a row of the tests'
// tables of calls.
type toolCall struct {
	name string
	args map[string]any
}

// call invokes a tool and returns the result; transport errors fail the test.
func (s *session) call(name string, args map[string]any) *mcpgo.CallToolResult {
	s.t.Helper()
	req := mcpgo.CallToolRequest{}
	req.Params.Name = name
	req.Params.Arguments = args
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := s.client.CallTool(ctx, req)
	if err != nil {
		s.t.Fatalf("call %s %v: %v", name, args, err)
	}
	return res
}

// ok calls a tool that must succeed and returns its text.
func (s *session) ok(name string, args map[string]any) string {
	s.t.Helper()
	_, text := s.okResult(name, args)
	return text
}

// okResult calls a tool that must succeed and returns the result, for its
// structured content, and its text.
func (s *session) okResult(name string, args map[string]any) (*mcpgo.CallToolResult, string) {
	s.t.Helper()
	res := s.call(name, args)
	text := resultText(res)
	if res.IsError {
		s.t.Fatalf("%s %v: isError: %s", name, args, text)
	}
	return res, text
}

// fails calls a tool that must return isError and returns its text.
func (s *session) fails(name string, args map[string]any) string {
	s.t.Helper()
	res := s.call(name, args)
	text := resultText(res)
	if !res.IsError {
		s.t.Fatalf("%s %v: want isError, got: %s", name, args, clip(text, 300))
	}
	return text
}

func (s *session) toolNames() []string {
	s.t.Helper()
	res, err := s.client.ListTools(context.Background(), mcpgo.ListToolsRequest{})
	if err != nil {
		s.t.Fatal(err)
	}
	var names []string
	for _, t := range res.Tools {
		names = append(names, t.Name)
	}
	return names
}

func resultText(res *mcpgo.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := mcpgo.AsTextContent(c); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// structured decodes a result's structuredContent into v.
func structured(t testing.TB, res *mcpgo.CallToolResult, v any) {
	t.Helper()
	raw := res.RawStructuredContent
	if len(raw) == 0 {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			t.Fatal(err)
		}
		raw = b
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("structuredContent %s: %v", raw, err)
	}
}

func mustContain(t testing.TB, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("missing %q in:\n%s", w, clip(text, 2000))
		}
	}
}
