package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// ErrNoTools means grounded mode found no tools to offer.
var ErrNoTools = errors.New("the MCP server offers no tools")

// maxToolResultChars bounds what one tool result puts into the model's
// context; the log keeps the same text so a replay sees what the model saw.
const maxToolResultChars = 12000

// ToolSession executes tool calls for grounded runs.
type ToolSession interface {
	// Tools lists what the model is offered.
	Tools() []ToolSpec
	// Call runs one call; failures come back as IsError results, because the
	// model should see them, not the harness.
	Call(ctx context.Context, taskID string, turn int, call ToolCall) ToolResult
	Close() error
}

// MCPSession is a ToolSession over an MCP server spawned as a subprocess and
// spoken to over stdio: normally `cupertino serve --search-db <db>`.
type MCPSession struct {
	client *client.Client
	tools  []ToolSpec
	mu     sync.Mutex
}

// StartMCP spawns command with args (and extra environment), initializes the
// MCP session and lists its tools. The subprocess's stderr goes to stderr
// (usually the harness's own log) so server problems are visible.
func StartMCP(ctx context.Context, command string, args, env []string, stderr io.Writer) (*MCPSession, error) {
	var opts []transport.StdioOption
	if stderr != nil {
		opts = append(opts, transport.WithCommandStderrWriter(stderr))
	}
	c, err := client.NewStdioMCPClientWithOptions(command, env, args, opts...)
	if err != nil {
		return nil, fmt.Errorf("start MCP server %s: %w", command, err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "cupertino-eval-agent", Version: HarnessVersion}
	if _, err := c.Initialize(ctx, init); err != nil {
		c.Close()
		return nil, fmt.Errorf("initialize MCP server: %w", err)
	}
	listed, err := c.ListTools(ctx, mcp.ListToolsRequest{})
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("list MCP tools: %w", err)
	}
	s := &MCPSession{client: c}
	for _, t := range listed.Tools {
		schema := t.RawInputSchema
		if len(schema) == 0 {
			if schema, err = json.Marshal(t.InputSchema); err != nil {
				c.Close()
				return nil, fmt.Errorf("tool %s schema: %w", t.Name, err)
			}
		}
		s.tools = append(s.tools, ToolSpec{Name: t.Name, Description: t.Description, InputSchema: schema})
	}
	if len(s.tools) == 0 {
		c.Close()
		return nil, ErrNoTools
	}
	return s, nil
}

// Tools implements ToolSession.
func (s *MCPSession) Tools() []ToolSpec { return s.tools }

// Call implements ToolSession.
func (s *MCPSession) Call(ctx context.Context, taskID string, turn int, call ToolCall) ToolResult {
	res := ToolResult{CallID: call.ID, Name: call.Name}
	var args map[string]any
	if err := json.Unmarshal(rawObject(call.Arguments), &args); err != nil {
		res.IsError, res.Content = true, "arguments are not a JSON object: "+err.Error()
		return res
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = call.Name
	req.Params.Arguments = args
	out, err := s.client.CallTool(ctx, req)
	if err != nil {
		slog.Warn("tool call failed", "task", taskID, "turn", turn, "tool", call.Name, "err", err)
		res.IsError, res.Content = true, err.Error()
		return res
	}
	res.IsError = out.IsError
	res.Content = truncateRunes(toolText(out), maxToolResultChars)
	return res
}

// toolText flattens a tool result's content to text: text parts as they are,
// resources by their text, anything else by its JSON.
func toolText(out *mcp.CallToolResult) string {
	var parts []string
	for _, c := range out.Content {
		switch v := c.(type) {
		case mcp.TextContent:
			parts = append(parts, v.Text)
		case *mcp.TextContent:
			parts = append(parts, v.Text)
		case mcp.EmbeddedResource:
			if tr, ok := v.Resource.(mcp.TextResourceContents); ok {
				parts = append(parts, tr.Text)
			}
		default:
			if b, err := json.Marshal(c); err == nil {
				parts = append(parts, string(b))
			}
		}
	}
	if len(parts) == 0 && out.StructuredContent != nil {
		if b, err := json.Marshal(out.StructuredContent); err == nil {
			parts = append(parts, string(b))
		}
	}
	return strings.Join(parts, "\n")
}

func truncateRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !isRuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "\n…[truncated]"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// Close implements ToolSession: it ends the subprocess.
func (s *MCPSession) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client == nil {
		return nil
	}
	err := s.client.Close()
	s.client = nil
	return err
}
