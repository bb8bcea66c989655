// Package fakellm is a scripted language model served on 127.0.0.1 that
// speaks the Anthropic Messages and OpenAI Chat Completions wire formats,
// tool-use turns included. Tests of the eval harness run real HTTP drivers
// against it; it checks every request against the wire format strictly and
// answers malformed ones with HTTP 400, so a driver bug fails loudly.
package fakellm

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
)

// Turn is what a script sees of a request.
type Turn struct {
	Wire   string // "anthropic" or "openai"
	Model  string
	System string
	// Prompt is the first user message.
	Prompt string
	// Tools are the offered tool names, in order.
	Tools []string
	// ToolResults are the contents of every tool result so far, in order.
	ToolResults []string
	// Assistant counts the assistant turns already in the conversation.
	Assistant int
	// Seed is the request's seed, when it sent one (OpenAI only).
	Seed *int64
}

// HasTool reports whether name was offered.
func (t Turn) HasTool(name string) bool {
	for _, n := range t.Tools {
		if n == name {
			return true
		}
	}
	return false
}

// Call is a tool call the script makes.
type Call struct {
	Name string
	Args map[string]any
}

// Reply is the script's answer: text, tool calls, or both.
type Reply struct {
	Text  string
	Calls []Call
}

// Script decides each reply.
type Script func(Turn) Reply

// Server is a running fake model.
type Server struct {
	srv    *httptest.Server
	script Script

	mu sync.Mutex
	// failures left to inject before answering normally.
	failures   int
	failStatus int
	requests   []Turn
	violations []string
	callSeq    int
}

// New starts a fake model on a 127.0.0.1 port.
func New(script Script) *Server {
	s := &Server{script: script}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// URL is the server root, e.g. http://127.0.0.1:41234. Use URL()+"/v1" as an
// OpenAI base URL, or URL() as an Anthropic one.
func (s *Server) URL() string { return s.srv.URL }

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// FailNext makes the next n requests fail with status (429, 500, 529…).
func (s *Server) FailNext(n, status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures, s.failStatus = n, status
}

// Requests returns the turns seen so far (failed attempts included).
func (s *Server) Requests() []Turn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Turn(nil), s.requests...)
}

// Violations lists wire-format problems found in requests.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.violations...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, "read body", http.StatusBadRequest)
		return
	}
	var (
		turn  Turn
		check []string
	)
	wire := ""
	switch {
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/v1/messages"):
		wire = "anthropic"
		turn, check = parseAnthropic(r, body)
	case r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, "/chat/completions"):
		wire = "openai"
		turn, check = parseOpenAI(body)
	default:
		http.Error(w, `{"error":{"message":"unknown endpoint"}}`, http.StatusNotFound)
		return
	}
	turn.Wire = wire
	s.mu.Lock()
	s.requests = append(s.requests, turn)
	s.violations = append(s.violations, check...)
	fail := 0
	if s.failures > 0 {
		s.failures--
		fail = s.failStatus
	}
	s.mu.Unlock()
	if len(check) > 0 {
		writeJSON(w, http.StatusBadRequest, map[string]any{"type": "error", "error": map[string]any{"type": "invalid_request_error", "message": strings.Join(check, "; ")}})
		return
	}
	if fail != 0 {
		writeJSON(w, fail, map[string]any{"type": "error", "error": map[string]any{"type": "overloaded_error", "message": "injected failure"}})
		return
	}
	reply := s.script(turn)
	in := len(body) / 4
	out := (len(reply.Text) + 40*len(reply.Calls)) / 4
	if wire == "anthropic" {
		writeJSON(w, http.StatusOK, s.anthropicAnswer(turn, reply, in, out))
	} else {
		writeJSON(w, http.StatusOK, s.openAIAnswer(turn, reply, in, out))
	}
}

func (s *Server) nextID(prefix string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.callSeq++
	return fmt.Sprintf("%s%04d", prefix, s.callSeq)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) anthropicAnswer(t Turn, r Reply, in, out int) map[string]any {
	var content []map[string]any
	if r.Text != "" {
		content = append(content, map[string]any{"type": "text", "text": r.Text})
	}
	for _, c := range r.Calls {
		args := c.Args
		if args == nil {
			args = map[string]any{}
		}
		content = append(content, map[string]any{"type": "tool_use", "id": s.nextID("toolu_fake"), "name": c.Name, "input": args})
	}
	stop := "end_turn"
	if len(r.Calls) > 0 {
		stop = "tool_use"
	}
	return map[string]any{
		"id": s.nextID("msg_fake"), "type": "message", "role": "assistant", "model": t.Model,
		"content": content, "stop_reason": stop, "stop_sequence": nil,
		"usage": map[string]any{"input_tokens": in, "output_tokens": out},
	}
}

func (s *Server) openAIAnswer(t Turn, r Reply, in, out int) map[string]any {
	msg := map[string]any{"role": "assistant", "content": nil}
	if r.Text != "" {
		msg["content"] = r.Text
	}
	var calls []map[string]any
	for _, c := range r.Calls {
		args := c.Args
		if args == nil {
			args = map[string]any{}
		}
		encoded, _ := json.Marshal(args)
		calls = append(calls, map[string]any{"id": s.nextID("call_fake"), "type": "function",
			"function": map[string]any{"name": c.Name, "arguments": string(encoded)}})
	}
	finish := "stop"
	if len(calls) > 0 {
		msg["tool_calls"] = calls
		finish = "tool_calls"
	}
	return map[string]any{
		"id": s.nextID("chatcmpl-fake"), "object": "chat.completion", "created": 1700000000, "model": t.Model,
		"system_fingerprint": "fp_fakellm",
		"choices":            []any{map[string]any{"index": 0, "message": msg, "finish_reason": finish}},
		"usage":              map[string]any{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out},
	}
}
