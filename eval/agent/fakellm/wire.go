package fakellm

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// anthropicContent accepts a string or a list of blocks, as the API does.
type anthropicContent []map[string]any

func (c *anthropicContent) UnmarshalJSON(data []byte) error {
	var s string
	if json.Unmarshal(data, &s) == nil {
		*c = anthropicContent{{"type": "text", "text": s}}
		return nil
	}
	var blocks []map[string]any
	if err := json.Unmarshal(data, &blocks); err != nil {
		return err
	}
	*c = blocks
	return nil
}

type anthropicReq struct {
	Model       string   `json:"model"`
	MaxTokens   int      `json:"max_tokens"`
	Temperature *float64 `json:"temperature"`
	System      string   `json:"system"`
	Messages    []struct {
		Role    string           `json:"role"`
		Content anthropicContent `json:"content"`
	} `json:"messages"`
	Tools []struct {
		Name        string         `json:"name"`
		InputSchema map[string]any `json:"input_schema"`
	} `json:"tools"`
}

// parseAnthropic reads a Messages API request and lists what breaks the wire
// format: roles must alternate from user, every tool_use must be answered by a
// tool_result in the next user turn, tools need object schemas.
func parseAnthropic(r *http.Request, body []byte) (Turn, []string) {
	var req anthropicReq
	var bad []string
	if err := json.Unmarshal(body, &req); err != nil {
		return Turn{}, []string{"anthropic: body is not valid JSON: " + err.Error()}
	}
	if r.Header.Get("anthropic-version") == "" {
		bad = append(bad, "anthropic: missing anthropic-version header")
	}
	if req.Model == "" || req.MaxTokens <= 0 {
		bad = append(bad, "anthropic: model and max_tokens are required")
	}
	if req.Temperature == nil || *req.Temperature != 0 {
		bad = append(bad, "anthropic: harness must send temperature 0")
	}
	if len(req.Messages) == 0 || req.Messages[0].Role != "user" {
		bad = append(bad, "anthropic: messages must start with a user turn")
	}
	t := Turn{Model: req.Model, System: req.System}
	for _, tool := range req.Tools {
		if tool.Name == "" || tool.InputSchema["type"] != "object" {
			bad = append(bad, fmt.Sprintf("anthropic: tool %q needs input_schema of type object", tool.Name))
		}
		t.Tools = append(t.Tools, tool.Name)
	}
	var pending map[string]bool
	for i, m := range req.Messages {
		if i > 0 && m.Role == req.Messages[i-1].Role {
			bad = append(bad, "anthropic: roles must alternate")
		}
		if m.Role == "assistant" {
			t.Assistant++
			if len(pending) > 0 {
				bad = append(bad, "anthropic: tool_use without tool_result")
			}
			pending = map[string]bool{}
		}
		for _, b := range m.Content {
			typ, _ := b["type"].(string)
			switch {
			case m.Role == "user" && typ == "text" && i == 0:
				t.Prompt, _ = b["text"].(string)
			case m.Role == "user" && typ == "tool_result":
				id, _ := b["tool_use_id"].(string)
				if !pending[id] {
					bad = append(bad, "anthropic: tool_result for unknown tool_use_id "+id)
				}
				delete(pending, id)
				text, _ := b["content"].(string)
				t.ToolResults = append(t.ToolResults, text)
			case m.Role == "assistant" && typ == "tool_use":
				id, _ := b["id"].(string)
				if _, ok := b["input"].(map[string]any); !ok || id == "" {
					bad = append(bad, "anthropic: tool_use needs an id and an object input")
				}
				pending[id] = true
			case typ == "text":
				if text, _ := b["text"].(string); text == "" {
					bad = append(bad, "anthropic: empty text block")
				}
			}
		}
		if m.Role == "user" && i > 0 && len(pending) > 0 {
			bad = append(bad, "anthropic: tool_use without tool_result")
			pending = nil
		}
	}
	if len(req.Messages) > 0 && req.Messages[len(req.Messages)-1].Role != "user" {
		bad = append(bad, "anthropic: last message must be from the user")
	}
	return t, bad
}

type openAIReq struct {
	Model       string   `json:"model"`
	Temperature *float64 `json:"temperature"`
	Seed        *int64   `json:"seed"`
	Messages    []struct {
		Role      string          `json:"role"`
		Content   json.RawMessage `json:"content"`
		ToolCalls []struct {
			ID       string `json:"id"`
			Type     string `json:"type"`
			Function struct {
				Name      string          `json:"name"`
				Arguments json.RawMessage `json:"arguments"`
			} `json:"function"`
		} `json:"tool_calls"`
		ToolCallID string `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name       string         `json:"name"`
			Parameters map[string]any `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
}

// parseOpenAI reads a Chat Completions request and lists what breaks the wire
// format: tool call arguments are JSON strings, and every assistant tool call
// is answered by a role "tool" message with its id before the next turn.
func parseOpenAI(body []byte) (Turn, []string) {
	var req openAIReq
	var bad []string
	if err := json.Unmarshal(body, &req); err != nil {
		return Turn{}, []string{"openai: body is not valid JSON: " + err.Error()}
	}
	t := Turn{Model: req.Model, Seed: req.Seed}
	if req.Model == "" || len(req.Messages) == 0 {
		bad = append(bad, "openai: model and messages are required")
	}
	if req.Temperature == nil || *req.Temperature != 0 {
		bad = append(bad, "openai: harness must send temperature 0")
	}
	for _, tool := range req.Tools {
		if tool.Type != "function" || tool.Function.Name == "" || tool.Function.Parameters["type"] != "object" {
			bad = append(bad, fmt.Sprintf("openai: tool %q must be a function with object parameters", tool.Function.Name))
		}
		t.Tools = append(t.Tools, tool.Function.Name)
	}
	pending := map[string]bool{}
	userSeen := false
	for _, m := range req.Messages {
		var text string
		_ = json.Unmarshal(m.Content, &text)
		switch m.Role {
		case "system":
			t.System = text
		case "user":
			if len(pending) > 0 {
				bad = append(bad, "openai: tool_calls not answered before the next user message")
			}
			if !userSeen {
				t.Prompt, userSeen = text, true
			}
		case "assistant":
			if len(pending) > 0 {
				bad = append(bad, "openai: tool_calls not answered before the next assistant message")
			}
			t.Assistant++
			for _, c := range m.ToolCalls {
				var argText string
				if c.ID == "" || c.Type != "function" || json.Unmarshal(c.Function.Arguments, &argText) != nil || !json.Valid([]byte(argText)) {
					bad = append(bad, "openai: tool call needs an id, type function and JSON-string arguments")
				}
				pending[c.ID] = true
			}
		case "tool":
			if !pending[m.ToolCallID] {
				bad = append(bad, "openai: tool message for unknown tool_call_id "+m.ToolCallID)
			}
			delete(pending, m.ToolCallID)
			t.ToolResults = append(t.ToolResults, text)
		default:
			bad = append(bad, "openai: unknown role "+m.Role)
		}
	}
	if len(pending) > 0 {
		bad = append(bad, "openai: tool_calls left unanswered")
	}
	return t, bad
}
