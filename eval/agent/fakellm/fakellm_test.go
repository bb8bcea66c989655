package fakellm

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string, headers map[string]string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestWireValidation(t *testing.T) {
	s := New(func(Turn) Reply { return Reply{Text: "ok"} })
	defer s.Close()
	anth := map[string]string{"anthropic-version": "2023-06-01"}
	tests := []struct {
		name, path, body string
		headers          map[string]string
		status           int
	}{
		{"anthropic ok", "/v1/messages", `{"model":"m","max_tokens":10,"temperature":0,"messages":[{"role":"user","content":"hi"}]}`, anth, 200},
		{"anthropic no version header", "/v1/messages", `{"model":"m","max_tokens":10,"temperature":0,"messages":[{"role":"user","content":"hi"}]}`, nil, 400},
		{"anthropic unanswered tool_use", "/v1/messages", `{"model":"m","max_tokens":10,"temperature":0,"messages":[
			{"role":"user","content":"hi"},
			{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"search","input":{}}]},
			{"role":"user","content":[{"type":"text","text":"go on"}]}]}`, anth, 400},
		{"anthropic answered tool_use", "/v1/messages", `{"model":"m","max_tokens":10,"temperature":0,"messages":[
			{"role":"user","content":"hi"},
			{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"search","input":{}}]},
			{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"r"}]}]}`, anth, 200},
		{"openai ok", "/v1/chat/completions", `{"model":"m","temperature":0,"messages":[{"role":"user","content":"hi"}]}`, nil, 200},
		{"openai object arguments", "/v1/chat/completions", `{"model":"m","temperature":0,"messages":[{"role":"user","content":"hi"},
			{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"search","arguments":{"q":1}}}]},
			{"role":"tool","tool_call_id":"c1","content":"r"}]}`, nil, 400},
		{"openai missing tool message", "/v1/chat/completions", `{"model":"m","temperature":0,"messages":[{"role":"user","content":"hi"},
			{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"search","arguments":"{}"}}]}]}`, nil, 400},
		{"openai nonzero temperature", "/v1/chat/completions", `{"model":"m","temperature":0.7,"messages":[{"role":"user","content":"hi"}]}`, nil, 400},
	}
	for _, tt := range tests {
		if got := post(t, s.URL()+tt.path, tt.body, tt.headers); got != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, got, tt.status)
		}
	}
	if len(s.Violations()) != 5 {
		t.Errorf("violations = %v", s.Violations())
	}
}

func TestAnswersCarryToolCalls(t *testing.T) {
	s := New(func(turn Turn) Reply {
		return Reply{Calls: []Call{{Name: "search", Args: map[string]any{"query": turn.Prompt}}}}
	})
	defer s.Close()
	resp, err := http.Post(s.URL()+"/v1/chat/completions", "application/json",
		strings.NewReader(`{"model":"m","temperature":0,"seed":3,"messages":[{"role":"user","content":"padding"}],"tools":[{"type":"function","function":{"name":"search","parameters":{"type":"object"}}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Choices []struct {
			Message struct {
				ToolCalls []struct {
					Function struct{ Name, Arguments string }
				} `json:"tool_calls"`
			}
			FinishReason string `json:"finish_reason"`
		}
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	c := out.Choices[0]
	if c.FinishReason != "tool_calls" || c.Message.ToolCalls[0].Function.Arguments != `{"query":"padding"}` {
		t.Errorf("answer = %+v", out)
	}
	if r := s.Requests()[0]; r.Seed == nil || *r.Seed != 3 || !r.HasTool("search") {
		t.Errorf("turn = %+v", r)
	}
}
