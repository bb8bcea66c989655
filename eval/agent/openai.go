package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// OpenAIDriver speaks OpenAI Chat Completions (POST {base}/chat/completions)
// with tools[] of type function and assistant tool_calls answered by role
// "tool" messages. The same wire format serves OpenAI, Ollama, llama.cpp,
// vLLM and OpenRouter through BaseURL.
type OpenAIDriver struct {
	// BaseURL is the API root including its version segment, as these
	// servers document it: https://api.openai.com/v1,
	// http://localhost:11434/v1. A bare host gets "/v1" appended.
	BaseURL string
	APIKey  string
	Client  *http.Client

	mu sync.Mutex
	// resolved is the endpoint that answered, once a bare-host BaseURL had to
	// fall back from "/v1/chat/completions" to "/chat/completions".
	resolved string
}

// Name implements Driver.
func (d *OpenAIDriver) Name() string { return "openai" }

// SupportsSeed implements Driver.
func (d *OpenAIDriver) SupportsSeed() bool { return true }

type openAIFunctionCall struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type openAIToolCall struct {
	ID       string             `json:"id"`
	Type     string             `json:"type"`
	Function openAIFunctionCall `json:"function"`
}

type openAIMessage struct {
	Role       string           `json:"role"`
	Content    *string          `json:"content"`
	ToolCalls  []openAIToolCall `json:"tool_calls,omitempty"`
	ToolCallID string           `json:"tool_call_id,omitempty"`
}

type openAITool struct {
	Type     string `json:"type"`
	Function struct {
		Name        string          `json:"name"`
		Description string          `json:"description,omitempty"`
		Parameters  json.RawMessage `json:"parameters"`
	} `json:"function"`
}

type openAIRequest struct {
	Model               string          `json:"model"`
	Messages            []openAIMessage `json:"messages"`
	Tools               []openAITool    `json:"tools,omitempty"`
	Temperature         *float64        `json:"temperature,omitempty"`
	Seed                *int64          `json:"seed,omitempty"`
	MaxTokens           int             `json:"max_tokens,omitempty"`
	MaxCompletionTokens int             `json:"max_completion_tokens,omitempty"`
}

type openAIResponse struct {
	Model             string `json:"model"`
	SystemFingerprint string `json:"system_fingerprint"`
	Choices           []struct {
		Message struct {
			Content   json.RawMessage `json:"content"`
			ToolCalls []struct {
				ID       string `json:"id"`
				Function struct {
					Name      string          `json:"name"`
					Arguments json.RawMessage `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	} `json:"usage"`
}

// reasoningModel reports OpenAI models that reject temperature 0 and
// max_tokens (o-series, gpt-5): they run at their fixed temperature, which the
// report records.
func reasoningModel(model string) bool {
	m := model
	if i := strings.LastIndex(m, "/"); i >= 0 {
		m = m[i+1:]
	}
	return strings.HasPrefix(m, "o1") || strings.HasPrefix(m, "o3") || strings.HasPrefix(m, "o4") || strings.HasPrefix(m, "gpt-5")
}

func (d *OpenAIDriver) endpoint() string {
	primary, _ := d.endpoints()
	return primary
}

// endpoints returns the endpoint to use and, for a bare-host BaseURL, the
// one without "/v1" to try when the first answers 404.
func (d *OpenAIDriver) endpoints() (primary, fallback string) {
	d.mu.Lock()
	resolved := d.resolved
	d.mu.Unlock()
	if resolved != "" {
		return resolved, ""
	}
	base := strings.TrimRight(d.BaseURL, "/")
	if base == "" {
		base = "https://api.openai.com/v1"
	}
	if u, err := url.Parse(base); err == nil && strings.Trim(u.Path, "/") == "" {
		return base + "/v1/chat/completions", base + "/chat/completions"
	}
	return base + "/chat/completions", ""
}

// Complete implements Driver.
func (d *OpenAIDriver) Complete(ctx context.Context, req *Request) (*Response, error) {
	body := openAIRequest{Model: req.Model, Messages: openAIMessages(req.System, req.Messages)}
	if reasoningModel(req.Model) {
		body.MaxCompletionTokens = req.MaxTokens
	} else {
		zero := 0.0
		body.Temperature = &zero
		body.MaxTokens = req.MaxTokens
		body.Seed = req.Seed
	}
	for _, t := range req.Tools {
		var ot openAITool
		ot.Type = "function"
		ot.Function.Name = t.Name
		ot.Function.Description = t.Description
		ot.Function.Parameters = schemaOrEmpty(t.InputSchema)
		body.Tools = append(body.Tools, ot)
	}
	headers := map[string]string{}
	if d.APIKey != "" {
		headers["Authorization"] = "Bearer " + d.APIKey
	}
	var out openAIResponse
	primary, fallback := d.endpoints()
	err := postJSON(ctx, httpClient(d.Client), primary, headers, body, &out)
	var ae *apiError
	if err != nil && fallback != "" && errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		if err = postJSON(ctx, httpClient(d.Client), fallback, headers, body, &out); err == nil {
			d.mu.Lock()
			d.resolved = fallback
			d.mu.Unlock()
		}
	}
	if err != nil {
		return nil, err
	}
	if len(out.Choices) == 0 {
		return nil, fmt.Errorf("%w: answer has no choices", ErrAPI)
	}
	choice := out.Choices[0]
	resp := &Response{StopReason: choice.FinishReason, Model: out.Model, SystemFingerprint: out.SystemFingerprint,
		Usage: Usage{InputTokens: out.Usage.PromptTokens, OutputTokens: out.Usage.CompletionTokens}}
	resp.Text = openAIContentText(choice.Message.Content)
	for i, c := range choice.Message.ToolCalls {
		id := c.ID
		if id == "" { // some local servers omit ids; the reply must still pair up
			id = fmt.Sprintf("call_%d", i)
		}
		resp.ToolCalls = append(resp.ToolCalls, ToolCall{ID: id, Name: c.Function.Name, Arguments: rawObject(c.Function.Arguments)})
	}
	return resp, nil
}

// openAIContentText accepts content as a string, null, or an array of parts.
func openAIContentText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &parts) == nil {
		var texts []string
		for _, p := range parts {
			if p.Text != "" {
				texts = append(texts, p.Text)
			}
		}
		return strings.Join(texts, "\n")
	}
	return ""
}

func openAIMessages(system string, msgs []Message) []openAIMessage {
	str := func(s string) *string { return &s }
	var out []openAIMessage
	if system != "" {
		out = append(out, openAIMessage{Role: "system", Content: str(system)})
	}
	for _, m := range msgs {
		switch m.Role {
		case RoleAssistant:
			om := openAIMessage{Role: "assistant"}
			if m.Text != "" || len(m.ToolCalls) == 0 {
				om.Content = str(m.Text)
			}
			for _, c := range m.ToolCalls {
				// arguments travel as a JSON-encoded string.
				om.ToolCalls = append(om.ToolCalls, openAIToolCall{ID: c.ID, Type: "function",
					Function: openAIFunctionCall{Name: c.Name, Arguments: jsonString(string(rawObject(c.Arguments)))}})
			}
			out = append(out, om)
		case RoleTool:
			for _, r := range m.ToolResults {
				content := r.Content
				if r.IsError {
					content = "ERROR: " + content
				}
				out = append(out, openAIMessage{Role: "tool", ToolCallID: r.CallID, Content: str(content)})
			}
			if m.Text != "" {
				out = append(out, openAIMessage{Role: "user", Content: str(m.Text)})
			}
		default:
			out = append(out, openAIMessage{Role: "user", Content: str(m.Text)})
		}
	}
	return out
}

func jsonString(s string) json.RawMessage {
	b, _ := json.Marshal(s)
	return b
}
