package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"sync"
	"time"
)

// HarnessVersion is recorded in every output; bump it when scoring changes,
// so numbers from different versions are never compared silently.
const HarnessVersion = "1.0.0"

// Modes. grounded+verify offers the same tools as grounded plus
// verify_swift, and asks the model to check its code before answering.
const (
	ModeGrounded       = "grounded"
	ModeUngrounded     = "ungrounded"
	ModeGroundedVerify = "grounded+verify"
)

// AllModes are the modes in report order.
var AllModes = []string{ModeUngrounded, ModeGrounded, ModeGroundedVerify}

// verifyToolName is the tool grounded+verify adds; grounded mode is
// offered every other tool.
const verifyToolName = "verify_swift"

// ErrNoVerifyTool means grounded+verify mode found no verify_swift tool.
var ErrNoVerifyTool = errors.New("the MCP server offers no verify_swift tool")

// isGrounded reports a mode with tools.
func isGrounded(mode string) bool { return mode == ModeGrounded || mode == ModeGroundedVerify }

// ErrBudgetExhausted marks runs skipped because spending reached the budget.
var ErrBudgetExhausted = errors.New("budget exhausted")

// Config is one harness run.
type Config struct {
	Driver  Driver
	Model   string
	BaseURL string // reported only
	Tasks   []Task
	Modes   []string
	// Tools serves grounded runs; required when Modes has grounded.
	Tools  ToolSession
	Scorer *Scorer
	// MaxToolTurns bounds the tool loop: after this many rounds of tool
	// calls the model is told to answer. Default 6.
	MaxToolTurns int
	MaxTokens    int // per response, default 4096
	Seed         *int64
	Concurrency  int           // parallel (task, mode) runs, default 1
	Retries      int           // per request: 0 means the default 3, negative none
	BackoffBase  time.Duration // first retry delay, default 1s
	// RequestTimeout bounds one model call, default 5 minutes.
	RequestTimeout time.Duration
	// SpendCap stops issuing requests once actual spend passes it (0: none).
	SpendCap float64
	Price    Price
	Logger   *slog.Logger
	// JudgeCalibration is the citation judge's agreement with the hand
	// labels, reported beside its verdicts.
	JudgeCalibration *Calibration
}

func (c *Config) defaults() {
	if c.MaxToolTurns <= 0 {
		c.MaxToolTurns = 6
	}
	if c.MaxTokens <= 0 {
		c.MaxTokens = 4096
	}
	if c.Concurrency <= 0 {
		c.Concurrency = 1
	}
	switch {
	case c.Retries == 0:
		c.Retries = 3
	case c.Retries < 0:
		c.Retries = 0
	}
	if c.BackoffBase <= 0 {
		c.BackoffBase = time.Second
	}
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = 5 * time.Minute
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
}

// ToolCallLog is one line of the tool-call JSONL.
type ToolCallLog struct {
	TaskID    string          `json:"task_id"`
	Mode      string          `json:"mode"`
	Turn      int             `json:"turn"`
	CallID    string          `json:"call_id"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	IsError   bool            `json:"is_error"`
	Result    string          `json:"result"`
	Millis    int64           `json:"millis"`
}

// Outcome of Run.
type Outcome struct {
	Report    *Report
	Recording *Recording
	ToolLog   []ToolCallLog
}

// nudge is sent once the tool loop hits its bound.
const nudge = "You have used all your documentation lookups. Write the final Swift code now, in one ```swift block."

// SystemPrompt is what the model is told in each mode. The user message is
// the task prompt alone, identical in both modes.
func SystemPrompt(task Task, mode string) string {
	target, _ := task.Target()
	s := fmt.Sprintf("You are an expert Swift developer writing production code for Apple platforms.\n"+
		"Deployment target: %s %s. Swift language mode: %s.\n"+
		"Answer with complete, compilable Swift code in a single ```swift code block, with at most a short explanation. "+
		"Use only APIs that exist in that SDK, are available at that deployment target, and are not deprecated.",
		target.DisplayName(), target.Version, task.SwiftVersion)
	if isGrounded(mode) {
		s += "\nYou have tools that search Apple's developer documentation. Look up every API you are not certain of, " +
			"and check its availability, before you write the code."
		s += "\nAfter the code, cite your sources: one line per API you used, \"- `Name`: <uri>\", with the apple-docs:// URI " +
			"of its page (or samples://project/path:start-end for lines of a sample file)."
	}
	if mode == ModeGroundedVerify {
		s += "\nBefore your final answer, pass your code to verify_swift with the deployment target, fix everything it reports, " +
			"and cite the URIs it resolves."
	}
	return s
}

type job struct {
	task int
	mode string
}

type runner struct {
	cfg   Config
	mu    sync.Mutex
	spent float64
	log   []ToolCallLog
}

// Run executes every (task, mode), scores it and assembles the report.
func Run(ctx context.Context, cfg Config) (*Outcome, error) {
	cfg.defaults()
	for _, m := range cfg.Modes {
		if isGrounded(m) && cfg.Tools == nil {
			return nil, fmt.Errorf("%s mode: %w", m, ErrNoTools)
		}
		if m == ModeGroundedVerify && !offers(cfg.Tools.Tools(), verifyToolName) {
			return nil, fmt.Errorf("%s mode: %w", m, ErrNoVerifyTool)
		}
		if !isGrounded(m) && m != ModeUngrounded {
			return nil, fmt.Errorf("unknown mode %q", m)
		}
	}
	r := &runner{cfg: cfg}
	results := make([]map[string]*ModeResult, len(cfg.Tasks))
	records := make([]map[string]RecordedRun, len(cfg.Tasks))
	for i := range results {
		results[i] = map[string]*ModeResult{}
		records[i] = map[string]RecordedRun{}
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	var resMu sync.Mutex
	var scoreErr error
	for w := 0; w < cfg.Concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				mr, rec, err := r.runOne(ctx, cfg.Tasks[j.task], j.mode)
				resMu.Lock()
				if err != nil && scoreErr == nil {
					scoreErr = err
				}
				results[j.task][j.mode] = mr
				records[j.task][j.mode] = rec
				resMu.Unlock()
			}
		}()
	}
	for i := range cfg.Tasks {
		for _, m := range cfg.Modes {
			select {
			case jobs <- job{task: i, mode: m}:
			case <-ctx.Done():
			}
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if scoreErr != nil {
		return nil, scoreErr
	}
	rec := &Recording{HarnessVersion: HarnessVersion, Driver: cfg.Driver.Name(), Model: cfg.Model}
	if cfg.Driver.SupportsSeed() {
		rec.Seed = cfg.Seed
	}
	if cfg.Tools != nil {
		rec.Tools = cfg.Tools.Tools()
	}
	for i := range cfg.Tasks {
		for _, m := range cfg.Modes {
			rec.Runs = append(rec.Runs, records[i][m])
		}
	}
	r.sortLog()
	return &Outcome{Report: buildReport(cfg, results), Recording: rec, ToolLog: r.log}, nil
}

func (r *runner) overBudget() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.cfg.SpendCap > 0 && r.spent >= r.cfg.SpendCap
}

func (r *runner) charge(u Usage) {
	r.mu.Lock()
	r.spent += r.cfg.Price.Cost(u)
	r.mu.Unlock()
}

// complete makes one model call with retries.
func (r *runner) complete(ctx context.Context, req *Request) (*Response, error) {
	if r.overBudget() {
		return nil, ErrBudgetExhausted
	}
	var resp *Response
	err := Retry(ctx, r.cfg.Retries, r.cfg.BackoffBase, func() error {
		callCtx, cancel := context.WithTimeout(ctx, r.cfg.RequestTimeout)
		defer cancel()
		var err error
		resp, err = r.cfg.Driver.Complete(callCtx, req)
		if err != nil {
			r.cfg.Logger.Warn("model call failed", "task", req.TaskID, "mode", req.Mode, "err", err)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	r.charge(resp.Usage)
	return resp, nil
}

// runOne runs the conversation for one (task, mode) and scores it. The error
// is reserved for scoring infrastructure; model failures are recorded in the
// result as a failed outcome with the reason.
func (r *runner) runOne(ctx context.Context, task Task, mode string) (*ModeResult, RecordedRun, error) {
	rec := RecordedRun{TaskID: task.ID, Mode: mode, Prompt: task.Prompt}
	res := &ModeResult{ToolCalls: []ToolCallSummary{}}
	msgs := []Message{{Role: RoleUser, Text: task.Prompt}}
	tools := toolsFor(r.cfg.Tools, mode)
	var texts []string
	rounds := 0
	for {
		req := &Request{TaskID: task.ID, Mode: mode, Model: r.cfg.Model, System: SystemPrompt(task, mode),
			Messages: msgs, Tools: tools, MaxTokens: r.cfg.MaxTokens, Seed: r.cfg.Seed}
		resp, err := r.complete(ctx, req)
		if err != nil {
			res.Error = err.Error()
			rec.Error = err.Error()
			break
		}
		turn := len(rec.Turns)
		res.Turns++
		res.Usage.InputTokens += resp.Usage.InputTokens
		res.Usage.OutputTokens += resp.Usage.OutputTokens
		rec.Turns = append(rec.Turns, RecordedTurn{Response: resp})
		texts = append(texts, resp.Text)
		msgs = append(msgs, Message{Role: RoleAssistant, Text: resp.Text, ToolCalls: resp.ToolCalls})
		if len(resp.ToolCalls) == 0 || !isGrounded(mode) {
			break
		}
		if rounds >= r.cfg.MaxToolTurns {
			res.Note = fmt.Sprintf("still calling tools after %d rounds; scored the last code it wrote", rounds)
			break
		}
		results := r.callTools(ctx, task.ID, mode, turn, resp.ToolCalls, res)
		rounds++
		rec.Turns[turn].ToolResults = results
		toolMsg := Message{Role: RoleTool, ToolResults: results}
		if rounds >= r.cfg.MaxToolTurns {
			toolMsg.Text = nudge
		}
		msgs = append(msgs, toolMsg)
	}
	res.Reply = finalReply(texts)
	code, codeErr := ExtractCode(res.Reply)
	res.Code = code
	sc, err := r.cfg.Scorer.Score(ctx, task, code)
	if err != nil {
		return res, rec, fmt.Errorf("score %s (%s): %w", task.ID, mode, err)
	}
	if res.Error != "" {
		// An API failure is the run's outcome, whatever partial text came back.
		sc.Outcome = false
		sc.Findings = append([]Finding{{Criterion: CriterionOutcome, Message: res.Error}}, sc.Findings...)
		if codeErr != nil {
			sc.Compile, sc.SymbolExists, sc.Availability, sc.NoDeprecated = false, false, false, false
		}
	}
	res.Score = sc
	if isGrounded(mode) && r.cfg.Scorer.Pages != nil {
		if res.Citations, err = r.cfg.Scorer.citations(ctx, res.Reply, code); err != nil {
			return res, rec, fmt.Errorf("citations %s (%s): %w", task.ID, mode, err)
		}
	}
	return res, rec, nil
}

// toolsFor is what a mode offers: nothing ungrounded, every tool but
// verify_swift grounded, all of them grounded+verify.
func toolsFor(session ToolSession, mode string) []ToolSpec {
	if !isGrounded(mode) {
		return nil
	}
	var out []ToolSpec
	for _, t := range session.Tools() {
		if t.Name != verifyToolName || mode == ModeGroundedVerify {
			out = append(out, t)
		}
	}
	return out
}

func offers(tools []ToolSpec, name string) bool {
	for _, t := range tools {
		if t.Name == name {
			return true
		}
	}
	return false
}

// finalReply picks the last reply that holds code: a model may write the code
// and then make one more lookup, ending on a short confirmation.
func finalReply(texts []string) string {
	for i := len(texts) - 1; i >= 0; i-- {
		if _, err := ExtractCode(texts[i]); err == nil {
			return texts[i]
		}
	}
	if len(texts) == 0 {
		return ""
	}
	return texts[len(texts)-1]
}

func (r *runner) callTools(ctx context.Context, taskID, mode string, turn int, calls []ToolCall, res *ModeResult) []ToolResult {
	results := make([]ToolResult, 0, len(calls))
	for _, call := range calls {
		start := time.Now()
		out := r.cfg.Tools.Call(ctx, taskID, turn, call)
		out.CallID, out.Name = call.ID, call.Name
		results = append(results, out)
		res.ToolCalls = append(res.ToolCalls, ToolCallSummary{Turn: turn, Name: call.Name, Arguments: rawObject(call.Arguments), IsError: out.IsError})
		entry := ToolCallLog{TaskID: taskID, Mode: mode, Turn: turn, CallID: call.ID, Name: call.Name,
			Arguments: rawObject(call.Arguments), IsError: out.IsError, Result: out.Content, Millis: time.Since(start).Milliseconds()}
		r.mu.Lock()
		r.log = append(r.log, entry)
		r.mu.Unlock()
		r.cfg.Logger.Debug("tool call", "task", taskID, "turn", turn, "tool", call.Name, "error", out.IsError)
	}
	return results
}

// sortLog orders the JSONL by task order, then turn, so concurrent runs and
// replays write the same file.
func (r *runner) sortLog() {
	order := map[string]int{}
	for i, t := range r.cfg.Tasks {
		order[t.ID] = i
	}
	sort.SliceStable(r.log, func(i, j int) bool {
		a, b := r.log[i], r.log[j]
		if order[a.TaskID] != order[b.TaskID] {
			return order[a.TaskID] < order[b.TaskID]
		}
		if a.Mode != b.Mode {
			return a.Mode < b.Mode
		}
		return a.Turn < b.Turn
	})
	// Durations differ run to run; replays must produce identical files.
	if r.cfg.Driver.Name() == "replay" {
		for i := range r.log {
			r.log[i].Millis = 0
		}
	}
}
