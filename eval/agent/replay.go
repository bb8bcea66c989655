package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

var (
	// ErrNoRecording means a replay has no recorded turn for a request.
	ErrNoRecording = errors.New("no recorded turn")
	// ErrStaleRecording means the task changed after the run was recorded.
	ErrStaleRecording = errors.New("stale recording")
)

// Recording is a replay file: every model response and tool result of a run,
// enough to re-run it offline and re-score it exactly.
type Recording struct {
	HarnessVersion string        `json:"harness_version"`
	Driver         string        `json:"driver"`
	Model          string        `json:"model"`
	Seed           *int64        `json:"seed,omitempty"`
	Tools          []ToolSpec    `json:"tools,omitempty"`
	Runs           []RecordedRun `json:"runs"`
	byKey          map[string]int
}

// RecordedRun is one (task, mode).
type RecordedRun struct {
	TaskID string         `json:"task_id"`
	Mode   string         `json:"mode"`
	Prompt string         `json:"prompt"`
	Turns  []RecordedTurn `json:"turns"`
	// Error is set when the run ended in an API failure; replay repeats it.
	Error string `json:"error,omitempty"`
}

// RecordedTurn is one model response and the results of its tool calls.
type RecordedTurn struct {
	Response    *Response    `json:"response"`
	ToolResults []ToolResult `json:"tool_results,omitempty"`
}

func runKey(taskID, mode string) string { return taskID + "\x00" + mode }

// LoadRecording reads a replay file.
func LoadRecording(path string) (*Recording, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read replay: %w", err)
	}
	var rec Recording
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("parse replay %s: %w", filepath.Base(path), err)
	}
	rec.index()
	return &rec, nil
}

// Save writes the recording as indented JSON.
func (r *Recording) Save(path string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encode replay: %w", err)
	}
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write replay: %w", err)
	}
	return nil
}

func (r *Recording) index() {
	r.byKey = map[string]int{}
	for i, run := range r.Runs {
		r.byKey[runKey(run.TaskID, run.Mode)] = i
	}
}

// Run returns the recorded (task, mode), if any.
func (r *Recording) Run(taskID, mode string) (*RecordedRun, bool) {
	if r.byKey == nil {
		r.index()
	}
	i, ok := r.byKey[runKey(taskID, mode)]
	if !ok {
		return nil, false
	}
	return &r.Runs[i], true
}

// ReplayDriver answers each request with the recorded response for its task,
// mode and turn (the number of assistant messages already in the request).
type ReplayDriver struct{ Rec *Recording }

// Name implements Driver.
func (d *ReplayDriver) Name() string { return "replay" }

// SupportsSeed implements Driver.
func (d *ReplayDriver) SupportsSeed() bool { return false }

// Complete implements Driver.
func (d *ReplayDriver) Complete(_ context.Context, req *Request) (*Response, error) {
	run, ok := d.Rec.Run(req.TaskID, req.Mode)
	if !ok {
		return nil, fmt.Errorf("%w for task %s (%s)", ErrNoRecording, req.TaskID, req.Mode)
	}
	if len(req.Messages) > 0 && req.Messages[0].Text != run.Prompt {
		return nil, fmt.Errorf("%w: the prompt of task %s changed since it was recorded", ErrStaleRecording, req.TaskID)
	}
	turn := 0
	for _, m := range req.Messages {
		if m.Role == RoleAssistant {
			turn++
		}
	}
	if turn >= len(run.Turns) {
		if run.Error != "" {
			return nil, errors.New(run.Error)
		}
		return nil, fmt.Errorf("%w %d for task %s (%s)", ErrNoRecording, turn, req.TaskID, req.Mode)
	}
	resp := *run.Turns[turn].Response
	return &resp, nil
}

// ReplayTools answers tool calls with the recorded results, matched by call
// id within the turn, so a replay needs no MCP server.
type ReplayTools struct{ Rec *Recording }

// Tools implements ToolSession.
func (t *ReplayTools) Tools() []ToolSpec { return t.Rec.Tools }

// Call implements ToolSession.
func (t *ReplayTools) Call(_ context.Context, taskID string, turn int, call ToolCall) ToolResult {
	miss := ToolResult{CallID: call.ID, Name: call.Name, IsError: true, Content: "replay: no recorded result"}
	// The call's id, unique within a recording, finds it in whichever
	// grounded mode made it.
	for _, mode := range []string{ModeGrounded, ModeGroundedVerify} {
		run, ok := t.Rec.Run(taskID, mode)
		if !ok || turn >= len(run.Turns) {
			continue
		}
		for _, r := range run.Turns[turn].ToolResults {
			if r.CallID == call.ID {
				return r
			}
		}
	}
	return miss
}

// Close implements ToolSession.
func (t *ReplayTools) Close() error { return nil }
