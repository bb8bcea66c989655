package agent

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
)

// AnthropicDriver speaks the Anthropic Messages API (POST /v1/messages) with
// tool use: tools[] with input_schema, tool_use blocks in assistant turns,
// tool_result blocks in the following user turn.
type AnthropicDriver struct {
	BaseURL string // default https://api.anthropic.com
	APIKey  string
	Client  *http.Client
}

// AnthropicVersion is the API version header the wire format follows.
const AnthropicVersion = "2023-06-01"

// Name implements Driver.
func (d *AnthropicDriver) Name() string { return "anthropic" }

// SupportsSeed implements Driver: the Messages API has no seed.
func (d *AnthropicDriver) SupportsSeed() bool { return false }

type anthropicBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
	IsError   bool            `json:"is_error,omitempty"`
}

type anthropicMessage struct {
	Role    string           `json:"role"`
	Content []anthropicBlock `json:"content"`
}

type anthropicTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type anthropicRequest struct {
	Model       string             `json:"model"`
	MaxTokens   int                `json:"max_tokens"`
	Temperature float64            `json:"temperature"`
	System      string             `json:"system,omitempty"`
	Messages    []anthropicMessage `json:"messages"`
	Tools       []anthropicTool    `json:"tools,omitempty"`
}

type anthropicResponse struct {
	Model      string           `json:"model"`
	Content    []anthropicBlock `json:"content"`
	StopReason string           `json:"stop_reason"`
	Usage      struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// Complete implements Driver.
func (d *AnthropicDriver) Complete(ctx context.Context, req *Request) (*Response, error) {
	base := d.BaseURL
	if base == "" {
		base = "https://api.anthropic.com"
	}
	body := anthropicRequest{
		Model:     req.Model,
		MaxTokens: req.MaxTokens,
		System:    req.System,
		Messages:  anthropicMessages(req.Messages),
	}
	for _, t := range req.Tools {
		body.Tools = append(body.Tools, anthropicTool{Name: t.Name, Description: t.Description, InputSchema: schemaOrEmpty(t.InputSchema)})
	}
	headers := map[string]string{"anthropic-version": AnthropicVersion}
	if d.APIKey != "" {
		headers["x-api-key"] = d.APIKey
	}
	var out anthropicResponse
	if err := postJSON(ctx, httpClient(d.Client), joinEndpoint(base, "/v1/messages"), headers, body, &out); err != nil {
		return nil, err
	}
	resp := &Response{StopReason: out.StopReason, Model: out.Model,
		Usage: Usage{InputTokens: out.Usage.InputTokens, OutputTokens: out.Usage.OutputTokens}}
	var texts []string
	for _, b := range out.Content {
		switch b.Type {
		case "text":
			texts = append(texts, b.Text)
		case "tool_use":
			resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: b.ID, Name: b.Name, Arguments: rawObject(b.Input)})
		}
	}
	resp.Text = strings.Join(texts, "\n")
	return resp, nil
}

// anthropicMessages converts the conversation, merging consecutive user-side
// messages (tool results followed by a nudge) because the API requires
// strictly alternating roles.
func anthropicMessages(msgs []Message) []anthropicMessage {
	var out []anthropicMessage
	push := func(role string, blocks []anthropicBlock) {
		if len(blocks) == 0 {
			return
		}
		if n := len(out); n > 0 && out[n-1].Role == role {
			out[n-1].Content = append(out[n-1].Content, blocks...)
			return
		}
		out = append(out, anthropicMessage{Role: role, Content: blocks})
	}
	for _, m := range msgs {
		var blocks []anthropicBlock
		switch m.Role {
		case RoleAssistant:
			if m.Text != "" {
				blocks = append(blocks, anthropicBlock{Type: "text", Text: m.Text})
			}
			for _, c := range m.ToolCalls {
				blocks = append(blocks, anthropicBlock{Type: "tool_use", ID: c.ID, Name: c.Name, Input: rawObject(c.Arguments)})
			}
			push("assistant", blocks)
		case RoleTool:
			for _, r := range m.ToolResults {
				blocks = append(blocks, anthropicBlock{Type: "tool_result", ToolUseID: r.CallID, Content: r.Content, IsError: r.IsError})
			}
			if m.Text != "" {
				blocks = append(blocks, anthropicBlock{Type: "text", Text: m.Text})
			}
			push("user", blocks)
		default:
			push("user", []anthropicBlock{{Type: "text", Text: m.Text}})
		}
	}
	return out
}

func schemaOrEmpty(s json.RawMessage) json.RawMessage {
	if len(s) == 0 {
		return json.RawMessage(`{"type":"object","properties":{}}`)
	}
	return s
}

var defaultHTTPClient = &http.Client{}

func httpClient(c *http.Client) *http.Client {
	if c != nil {
		return c
	}
	return defaultHTTPClient
}
