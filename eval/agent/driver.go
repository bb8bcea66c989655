package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Roles of a conversation message. RoleTool carries the results of the
// previous assistant turn's tool calls.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

var (
	// ErrMissingAPIKey means a remote endpoint was chosen without its key.
	ErrMissingAPIKey = errors.New("missing API key")
	// ErrUnknownDriver means --driver named no driver.
	ErrUnknownDriver = errors.New("unknown driver")
	// ErrAPI wraps a non-success answer from a model API.
	ErrAPI = errors.New("model API error")
)

// ToolSpec is a tool offered to the model: an MCP tool's name, description
// and JSON Schema.
type ToolSpec struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// ToolCall is the model asking for a tool.
type ToolCall struct {
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

// ToolResult answers one ToolCall.
type ToolResult struct {
	CallID  string `json:"call_id"`
	Name    string `json:"name"`
	Content string `json:"content"`
	IsError bool   `json:"is_error,omitempty"`
}

// Message is one conversation entry in a wire-neutral form.
type Message struct {
	Role        string
	Text        string
	ToolCalls   []ToolCall   // assistant
	ToolResults []ToolResult // tool
}

// Request is one model call.
type Request struct {
	TaskID, Mode string // which run it belongs to: replay keys on them
	Model        string
	System       string
	Messages     []Message
	Tools        []ToolSpec
	MaxTokens    int
	Seed         *int64
}

// Usage counts tokens as the API reports them.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// Response is one model answer.
type Response struct {
	Text              string     `json:"text"`
	ToolCalls         []ToolCall `json:"tool_calls,omitempty"`
	StopReason        string     `json:"stop_reason,omitempty"`
	Usage             Usage      `json:"usage"`
	Model             string     `json:"model,omitempty"`
	SystemFingerprint string     `json:"system_fingerprint,omitempty"`
}

// Driver talks to one model API.
type Driver interface {
	Name() string
	Complete(ctx context.Context, req *Request) (*Response, error)
	// SupportsSeed says whether Request.Seed reaches the model.
	SupportsSeed() bool
}

// apiError is a non-2xx answer, kept whole enough to decide on a retry.
type apiError struct {
	Status     int
	Body       string
	RetryAfter time.Duration
}

func (e *apiError) Error() string {
	return fmt.Sprintf("%v: HTTP %d: %s", ErrAPI, e.Status, snippetN(e.Body, 300))
}

func (e *apiError) Unwrap() error { return ErrAPI }

func snippetN(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// retryable: rate limits, timeouts, overload and server errors, and network
// failures; never a bad request or a cancelled context.
func retryable(err error) bool {
	if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.Status == 408 || ae.Status == 409 || ae.Status == 429 || ae.Status >= 500
	}
	var ne net.Error
	return errors.As(err, &ne) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF)
}

// Retry runs fn, retrying retryable failures up to retries times with
// exponential backoff from base (doubling), honouring a short Retry-After.
func Retry(ctx context.Context, retries int, base time.Duration, fn func() error) error {
	var err error
	for attempt := 0; ; attempt++ {
		err = fn()
		if err == nil || !retryable(err) || attempt >= retries {
			break
		}
		wait := base << attempt
		var ae *apiError
		if errors.As(err, &ae) && ae.RetryAfter > wait && ae.RetryAfter <= 30*time.Second {
			wait = ae.RetryAfter
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
	if err != nil && retryable(err) {
		return fmt.Errorf("after %d retries: %w", retries, err)
	}
	return err
}

// postJSON sends body and decodes a 2xx JSON answer into out.
func postJSON(ctx context.Context, client *http.Client, endpoint string, headers map[string]string, body, out any) error {
	payload, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(string(payload)))
	if err != nil {
		return fmt.Errorf("build request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode/100 != 2 {
		ae := &apiError{Status: resp.StatusCode, Body: string(data)}
		if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
			ae.RetryAfter = time.Duration(s) * time.Second
		}
		return ae
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("%w: decode answer: %v", ErrAPI, err)
	}
	return nil
}

// IsLoopback reports whether a base URL points at this machine: local models
// need no key and cost nothing.
func IsLoopback(base string) bool {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// joinEndpoint appends path to base, avoiding a doubled version segment
// ("…/v1" + "/v1/messages").
func joinEndpoint(base, path string) string {
	base = strings.TrimRight(base, "/")
	if strings.HasSuffix(base, "/v1") && strings.HasPrefix(path, "/v1/") {
		path = strings.TrimPrefix(path, "/v1")
	}
	return base + path
}

// rawObject makes sure tool arguments are a JSON object; models sometimes
// send nothing or a string.
func rawObject(raw json.RawMessage) json.RawMessage {
	trimmed := strings.TrimSpace(string(raw))
	if trimmed == "" || trimmed == "null" {
		return json.RawMessage("{}")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if json.Valid([]byte(s)) && strings.HasPrefix(strings.TrimSpace(s), "{") {
			return json.RawMessage(s)
		}
		return json.RawMessage("{}")
	}
	if !json.Valid(raw) {
		return json.RawMessage("{}")
	}
	return raw
}
