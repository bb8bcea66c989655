package agent

import (
	"bufio"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/eval/agent/fakellm"
	"github.com/cupertino-go/cupertino/internal/golden"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

const replayFixture = "testdata/replay.json"

// The fixture answers are written so that 27 tasks pass in both modes, 8 pass
// only grounded, 1 only ungrounded and 1 in neither: the b=1, c=8 case whose
// exact one-sided p is 10/512.
var wantContingency = [2][2]int{{27, 1}, {8, 1}}

const wantPExact = 10.0 / 512

func newDriver(wire string, srv *fakellm.Server) Driver {
	if wire == "anthropic" {
		return &AnthropicDriver{BaseURL: srv.URL()}
	}
	return &OpenAIDriver{BaseURL: srv.URL() + "/v1"}
}

func TestRunEndToEndBothWires(t *testing.T) {
	tasks, err := BuiltinTasks()
	if err != nil {
		t.Fatal(err)
	}
	tools := startFakeMCP(t)
	for _, wire := range []string{"anthropic", "openai"} {
		t.Run(wire, func(t *testing.T) {
			srv := fakellm.New(fixtureScript(t, tasks))
			defer srv.Close()
			seed := int64(7)
			out, err := Run(context.Background(), Config{
				Driver: newDriver(wire, srv), Model: "fixture-model", Tasks: tasks,
				Modes: []string{ModeGrounded, ModeUngrounded}, Tools: tools, Scorer: fixtureScorer(t),
				Seed: &seed, Concurrency: 2, BackoffBase: time.Millisecond,
			})
			if err != nil {
				t.Fatal(err)
			}
			if v := srv.Violations(); len(v) > 0 {
				t.Fatalf("wire-format violations: %v", v)
			}
			checkFixtureReport(t, out.Report)
			checkToolUse(t, out)
			if wire == "openai" {
				for _, r := range srv.Requests() {
					if r.Seed == nil || *r.Seed != 7 {
						t.Fatalf("openai request without seed 7: %+v", r.Seed)
					}
				}
				if out.Report.Seed == nil {
					t.Error("report does not record the seed")
				}
			}
			dir := writtenFiles(t, out)
			checkOutputFiles(t, dir, out)
			// testdata/replay.json, which the replay tests read, is this
			// run's recording. It is rewritten under -update rather than
			// compared: the fake model numbers tool calls in the order the
			// two workers reach it, so the ids vary from run to run.
			if wire == "openai" && golden.Updating(t) {
				out.Recording.Model = "fixture-model"
				if err := out.Recording.Save(replayFixture); err != nil {
					t.Fatal(err)
				}
				t.Logf("wrote %s", replayFixture)
			}
		})
	}
}

func modeResult(t *testing.T, r *Report, id, mode string) *ModeResult {
	t.Helper()
	for _, tr := range r.PerTask {
		if tr.ID == id {
			return tr.Modes[mode]
		}
	}
	t.Fatalf("task %s not in report", id)
	return nil
}

// checkFixtureReport asserts the planted failures, one per criterion, and
// the statistics.
func checkFixtureReport(t *testing.T, r *Report) {
	t.Helper()
	if r.NTasks != 37 || len(r.PerTask) != 37 {
		t.Fatalf("n_tasks = %d, per_task = %d", r.NTasks, len(r.PerTask))
	}
	agg := r.Aggregate
	if agg == nil || agg.Contingency != wantContingency {
		t.Fatalf("contingency = %+v, want %v", agg, wantContingency)
	}
	if math.Abs(agg.McNemarPExact-wantPExact) > 1e-12 || math.Abs(agg.McNemarChi2-4.0) > 1e-12 {
		t.Errorf("p exact = %v (want %v), chi2 = %v (want 4)", agg.McNemarPExact, wantPExact, agg.McNemarChi2)
	}
	type want struct {
		id, mode, failed, symbol string
		line                     int
	}
	planted := []want{
		{"concurrency-actor-cache", ModeUngrounded, CriterionCompile, "", 10},
		{"swiftui-navigation-stack", ModeUngrounded, CriterionSymbolExists, "Text.listRowNavigation", 16},
		{"errors-task-cancellation", ModeUngrounded, CriterionSymbolExists, "Task.throwIfCancelled", 9},
		{"swiftui-badge-style", ModeUngrounded, CriterionAvailability, ".glassEffect", 17},
		{"observation-migrate-model", ModeUngrounded, CriterionNoDeprecated, "ObservableObject", 4},
		{"concurrency-mainactor-viewmodel", ModeGrounded, CriterionNoDeprecated, "DispatchQueue.main.async", 27},
	}
	for _, p := range planted {
		mr := modeResult(t, r, p.id, p.mode)
		if mr.Outcome || mr.Get(p.failed) {
			t.Errorf("%s %s: want %s to fail, got %+v", p.id, p.mode, p.failed, mr.Score)
			continue
		}
		for _, c := range Criteria {
			if c != p.failed && !mr.Get(c) {
				t.Errorf("%s %s: only %s should fail, %s failed too: %v", p.id, p.mode, p.failed, c, mr.Findings)
			}
		}
		found := false
		for _, f := range mr.Findings {
			found = found || (f.Criterion == p.failed && f.Line == p.line && (p.symbol == "" || f.Symbol == p.symbol))
		}
		if !found {
			t.Errorf("%s %s: no %s finding for %q at line %d: %v", p.id, p.mode, p.failed, p.symbol, p.line, mr.Findings)
		}
	}
	// NSURLConnection is deprecated twice over: the curated map and the data.
	fetch := modeResult(t, r, "foundation-fetch-json", ModeUngrounded)
	if fetch.NoDeprecated || !fetch.Compile || !fetch.SymbolExists || !fetch.Availability {
		t.Errorf("NSURLConnection answer: %+v", fetch.Score)
	}
	noCode := modeResult(t, r, "errors-typed-throws-parser", ModeGrounded)
	if noCode.Compile || noCode.Code != "" || !strings.Contains(noCode.Reason(), "no Swift code") {
		t.Errorf("prose-only answer: code %q, %+v", noCode.Code, noCode.Score)
	}
	for _, tr := range r.PerTask {
		if tr.Discordant != (tr.Modes[ModeGrounded].Outcome != tr.Modes[ModeUngrounded].Outcome) || (tr.Discordant && tr.Reason == "") {
			t.Errorf("%s: discordant %v reason %q", tr.ID, tr.Discordant, tr.Reason)
		}
	}
	if got := r.OrderedTasks()[0]; !got.Discordant || !got.Modes[ModeGrounded].Outcome {
		t.Errorf("first ordered task %s is not a grounded-only pass", got.ID)
	}
	crit := agg.PerCriterion[CriterionSymbolExists]
	if crit.Grounded != 36 || crit.Ungrounded != 33 {
		t.Errorf("symbol_exists passes = %d grounded, %d ungrounded", crit.Grounded, crit.Ungrounded)
	}
}

func checkToolUse(t *testing.T, out *Outcome) {
	t.Helper()
	r := out.Report
	for _, tr := range r.PerTask {
		g, u := tr.Modes[ModeGrounded], tr.Modes[ModeUngrounded]
		if len(g.ToolCalls) == 0 {
			t.Errorf("%s: grounded made no tool call", tr.ID)
		}
		if len(u.ToolCalls) != 0 {
			t.Errorf("%s: ungrounded made tool calls", tr.ID)
		}
		for _, c := range g.ToolCalls {
			if c.IsError {
				t.Errorf("%s: tool %s failed", tr.ID, c.Name)
			}
		}
	}
	parallel := modeResult(t, r, "widget-control-toggle", ModeGrounded)
	if len(parallel.ToolCalls) != 2 || parallel.ToolCalls[0].Turn != 0 || parallel.ToolCalls[1].Turn != 0 || parallel.Turns != 2 {
		t.Errorf("parallel tool calls: %+v turns %d", parallel.ToolCalls, parallel.Turns)
	}
	read := modeResult(t, r, "appintents-entity-query", ModeGrounded)
	if len(read.ToolCalls) != 2 || read.ToolCalls[1].Name != "read_document" || read.Turns != 3 {
		t.Errorf("search then read_document: %+v", read.ToolCalls)
	}
	var total int
	for _, tr := range r.PerTask {
		total += len(tr.Modes[ModeGrounded].ToolCalls)
	}
	if len(out.ToolLog) != total {
		t.Errorf("tool log has %d entries, per-task tool calls %d", len(out.ToolLog), total)
	}
	for _, e := range out.ToolLog {
		if e.Name == "search" && !strings.Contains(e.Result, "apple-docs://") && !strings.HasPrefix(e.Result, "No results") {
			t.Errorf("search result for %s looks wrong: %q", e.TaskID, e.Result)
		}
	}
}

func checkOutputFiles(t *testing.T, dir string, out *Outcome) {
	t.Helper()
	data := testenv.ReadFile(t, filepath.Join(dir, "report.json"))
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"harness_version", "model", "n_tasks", "toolchain", "per_task", "aggregate"} {
		if _, ok := doc[key]; !ok {
			t.Errorf("report.json lacks %s", key)
		}
	}
	task0 := doc["per_task"].([]any)[0].(map[string]any)
	for _, key := range []string{"id", "prompt", "target_platform", "modes"} {
		if _, ok := task0[key]; !ok {
			t.Errorf("per_task[0] lacks %s", key)
		}
	}
	grounded := task0["modes"].(map[string]any)["grounded"].(map[string]any)
	for _, key := range []string{"code", "tool_calls", "compile", "symbol_exists", "availability", "no_deprecated", "outcome"} {
		if _, ok := grounded[key]; !ok {
			t.Errorf("modes.grounded lacks %s", key)
		}
	}
	agg := doc["aggregate"].(map[string]any)
	for _, key := range []string{"contingency", "mcnemar_chi2", "mcnemar_p_exact"} {
		if _, ok := agg[key]; !ok {
			t.Errorf("aggregate lacks %s", key)
		}
	}
	md := testenv.ReadFile(t, filepath.Join(dir, "report.md"))
	for _, want := range []string{"## Discordant tasks (9)", "### swiftui-badge-style", "glassEffect()", "> Create a reusable SwiftUI badge view", "exact binomial p", "0.0195", "tree-sitter-swift syntax check"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	if strings.Index(string(md), "### ") > strings.Index(string(md), "## All tasks") {
		t.Error("discordant sections must come before the task table")
	}
	f, err := os.Open(filepath.Join(dir, "tool_calls.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	lines := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var e ToolCallLog
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.TaskID == "" || e.Name == "" {
			t.Fatalf("bad JSONL line %q: %v", sc.Text(), err)
		}
		lines++
	}
	if lines != len(out.ToolLog) || lines == 0 {
		t.Errorf("tool_calls.jsonl has %d lines, want %d", lines, len(out.ToolLog))
	}
}
