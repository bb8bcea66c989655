package agent

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
)

func oneTask(t *testing.T, id string) []Task {
	t.Helper()
	tasks, err := BuiltinTasks()
	if err != nil {
		t.Fatal(err)
	}
	out := FilterTasks(tasks, id)
	if len(out) != 1 {
		t.Fatalf("task %s not found", id)
	}
	return out
}

func codeReply(code string) fakellm.Reply {
	return fakellm.Reply{Text: "Here it is.\n\n```swift\n" + code + "\n```\n"}
}

const badgeCode = `import SwiftUI

struct CountBadge: View {
    let count: Int
    var body: some View {
        Text(count, format: .number)
            .foregroundStyle(.secondary)
            .padding(.horizontal, 10)
            .background(.tint.opacity(0.15), in: Capsule())
    }
}`

func TestRetriesThenSucceeds(t *testing.T) {
	for _, wire := range []string{"anthropic", "openai"} {
		srv := fakellm.New(func(fakellm.Turn) fakellm.Reply { return codeReply(badgeCode) })
		srv.FailNext(2, 529)
		out, err := Run(context.Background(), Config{Driver: newDriver(wire, srv), Model: "m", Tasks: oneTask(t, "swiftui-badge-style"),
			Modes: []string{ModeUngrounded}, Scorer: fixtureScorer(t), BackoffBase: time.Millisecond})
		srv.Close()
		if err != nil {
			t.Fatal(err)
		}
		mr := out.Report.PerTask[0].Modes[ModeUngrounded]
		if !mr.Outcome || mr.Error != "" || len(srv.Requests()) != 3 {
			t.Errorf("%s: outcome %v error %q after %d requests", wire, mr.Outcome, mr.Error, len(srv.Requests()))
		}
	}
}

func TestRetriesExhaustedFailsWithReason(t *testing.T) {
	srv := fakellm.New(func(fakellm.Turn) fakellm.Reply { return codeReply(badgeCode) })
	defer srv.Close()
	srv.FailNext(100, 503)
	out, err := Run(context.Background(), Config{Driver: newDriver("openai", srv), Model: "m", Tasks: oneTask(t, "swiftui-badge-style"),
		Modes: []string{ModeUngrounded}, Scorer: fixtureScorer(t), BackoffBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	mr := out.Report.PerTask[0].Modes[ModeUngrounded]
	if mr.Outcome || !strings.Contains(mr.Error, "after 3 retries") || !strings.Contains(mr.Error, "HTTP 503") {
		t.Errorf("outcome %v error %q", mr.Outcome, mr.Error)
	}
	if len(srv.Requests()) != 4 {
		t.Errorf("%d attempts, want 1 + 3 retries", len(srv.Requests()))
	}
	if mr.Reason() == "" || !strings.Contains(mr.Reason(), "HTTP 503") {
		t.Errorf("reason = %q", mr.Reason())
	}
}

func TestRetryPolicy(t *testing.T) {
	calls := 0
	err := Retry(context.Background(), 3, time.Millisecond, func() error {
		calls++
		return &apiError{Status: 400, Body: "bad"}
	})
	if calls != 1 || !errors.Is(err, ErrAPI) {
		t.Errorf("a 400 is not retried: %d calls, %v", calls, err)
	}
	calls = 0
	start := time.Now()
	err = Retry(context.Background(), 3, 5*time.Millisecond, func() error {
		calls++
		return &apiError{Status: 429}
	})
	if calls != 4 || err == nil {
		t.Errorf("429: %d calls, %v", calls, err)
	}
	if d := time.Since(start); d < 35*time.Millisecond {
		t.Errorf("backoff 5+10+20ms took only %v", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Retry(ctx, 3, time.Hour, func() error { return &apiError{Status: 500} }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled wait: %v", err)
	}
}

func TestToolLoopIsBounded(t *testing.T) {
	tools := startFakeMCP(t)
	for _, wire := range []string{"anthropic", "openai"} {
		srv := fakellm.New(func(turn fakellm.Turn) fakellm.Reply {
			r := codeReply(badgeCode)
			r.Calls = []fakellm.Call{{Name: "search", Args: map[string]any{"query": "Capsule"}}}
			return r
		})
		out, err := Run(context.Background(), Config{Driver: newDriver(wire, srv), Model: "m", Tasks: oneTask(t, "swiftui-badge-style"),
			Modes: []string{ModeGrounded}, Tools: tools, Scorer: fixtureScorer(t), MaxToolTurns: 2})
		if err != nil {
			t.Fatal(err)
		}
		if v := srv.Violations(); len(v) > 0 {
			t.Fatalf("%s: %v", wire, v)
		}
		mr := out.Report.PerTask[0].Modes[ModeGrounded]
		if mr.Turns != 3 || len(mr.ToolCalls) != 2 || !strings.Contains(mr.Note, "still calling tools") || !mr.Outcome {
			t.Errorf("%s: turns %d calls %d note %q outcome %v", wire, mr.Turns, len(mr.ToolCalls), mr.Note, mr.Outcome)
		}
		reqs := srv.Requests()
		if last := reqs[len(reqs)-1]; last.Assistant != 2 || len(last.ToolResults) != 2 {
			t.Errorf("%s: last request saw %d assistant turns, %d results", wire, last.Assistant, len(last.ToolResults))
		}
		srv.Close()
	}
}

func TestSpendCapStopsRequests(t *testing.T) {
	srv := fakellm.New(func(fakellm.Turn) fakellm.Reply { return codeReply(badgeCode) })
	defer srv.Close()
	tasks, _ := BuiltinTasks()
	out, err := Run(context.Background(), Config{Driver: newDriver("openai", srv), Model: "m", Tasks: tasks[:3],
		Modes: []string{ModeUngrounded}, Scorer: fixtureScorer(t), SpendCap: 0.0001, Price: Price{Input: 1000, Output: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(srv.Requests()) != 1 {
		t.Errorf("%d requests after the cap was spent", len(srv.Requests()))
	}
	if mr := out.Report.PerTask[2].Modes[ModeUngrounded]; mr.Outcome || !strings.Contains(mr.Error, ErrBudgetExhausted.Error()) {
		t.Errorf("capped run: %+v", mr.Error)
	}
}

func TestEndpointsAndArguments(t *testing.T) {
	for base, want := range map[string]string{
		"":                              "https://api.openai.com/v1/chat/completions",
		"http://127.0.0.1:8080":         "http://127.0.0.1:8080/v1/chat/completions",
		"http://localhost:11434/v1":     "http://localhost:11434/v1/chat/completions",
		"https://openrouter.ai/api/v1/": "https://openrouter.ai/api/v1/chat/completions",
	} {
		if got := (&OpenAIDriver{BaseURL: base}).endpoint(); got != want {
			t.Errorf("openai %q -> %q, want %q", base, got, want)
		}
	}
	if got := joinEndpoint("http://h/v1", "/v1/messages"); got != "http://h/v1/messages" {
		t.Errorf("anthropic endpoint = %q", got)
	}
	for base, want := range map[string]bool{"http://127.0.0.1:9/v1": true, "http://localhost:1": true, "http://[::1]:2": true, "https://api.openai.com/v1": false, "": false} {
		if IsLoopback(base) != want {
			t.Errorf("IsLoopback(%q) != %v", base, want)
		}
	}
	for in, want := range map[string]string{``: `{}`, `null`: `{}`, `"{\"q\":1}"`: `{"q":1}`, `{"q":2}`: `{"q":2}`, `"nope"`: `{}`} {
		if got := string(rawObject(json.RawMessage(in))); got != want {
			t.Errorf("rawObject(%s) = %s, want %s", in, got, want)
		}
	}
	if !reasoningModel("gpt-5-mini") || !reasoningModel("openai/o3") || reasoningModel("gpt-4o") {
		t.Error("reasoningModel")
	}
}

// A server that serves /chat/completions at its root, given as a bare host.
func TestOpenAIBareHostFallback(t *testing.T) {
	srv := fakellm.New(func(fakellm.Turn) fakellm.Reply { return codeReply(badgeCode) })
	defer srv.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("/chat/completions", func(w http.ResponseWriter, r *http.Request) {
		req, _ := http.NewRequest(http.MethodPost, srv.URL()+"/v1/chat/completions", r.Body)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			http.Error(w, err.Error(), 502)
			return
		}
		defer resp.Body.Close()
		w.WriteHeader(resp.StatusCode)
		_, _ = io.Copy(w, resp.Body)
	})
	root := httptest.NewServer(mux)
	defer root.Close()
	d := &OpenAIDriver{BaseURL: root.URL}
	for i := 0; i < 2; i++ {
		resp, err := d.Complete(context.Background(), &Request{Model: "m", Messages: []Message{{Role: RoleUser, Text: "hi"}}, MaxTokens: 10})
		if err != nil || !strings.Contains(resp.Text, "CountBadge") {
			t.Fatalf("call %d: %v", i, err)
		}
	}
	if d.endpoint() != root.URL+"/chat/completions" {
		t.Errorf("resolved endpoint = %s", d.endpoint())
	}
}

func TestBudget(t *testing.T) {
	if p, ok := PriceFor("anthropic/claude-sonnet-4-5"); !ok || p != (Price{3, 15}) {
		t.Errorf("sonnet via OpenRouter = %v %v", p, ok)
	}
	if p, ok := PriceFor("gpt-4o-mini-2024-07-18"); !ok || p != (Price{0.15, 0.6}) {
		t.Errorf("gpt-4o-mini = %v", p)
	}
	if p, ok := PriceFor("my-local-llama"); ok || p != conservativePrice {
		t.Errorf("unknown model = %v %v", p, ok)
	}
	tasks, _ := BuiltinTasks()
	both := []string{ModeGrounded, ModeUngrounded}
	e := EstimateCost(tasks, both, "claude-sonnet-4", 6, 4000, false)
	un := EstimateCost(tasks, []string{ModeUngrounded}, "claude-sonnet-4", 6, 4000, false)
	if e.USD <= un.USD || e.USD < 0.5 || e.USD > 5 {
		t.Errorf("estimate %v (ungrounded only %v)", e, un)
	}
	if unknown := EstimateCost(tasks, both, "mystery", 6, 4000, false); unknown.USD <= e.USD || unknown.KnownPrice {
		t.Errorf("unknown models must be priced conservatively: %v", unknown)
	}
	if free := EstimateCost(tasks, both, "mystery", 6, 4000, true); free.USD != 0 || !strings.Contains(free.String(), "free") {
		t.Errorf("free estimate %v", free)
	}
}
