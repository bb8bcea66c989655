package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// Report is the JSON dump of a run.
type Report struct {
	HarnessVersion string   `json:"harness_version"`
	Model          string   `json:"model"`
	Driver         string   `json:"driver"`
	BaseURL        string   `json:"base_url,omitempty"`
	Temperature    *float64 `json:"temperature"`
	Seed           *int64   `json:"seed,omitempty"`
	NTasks         int      `json:"n_tasks"`
	Modes          []string `json:"modes"`
	Toolchain      string   `json:"toolchain"`
	SymbolSource   string   `json:"symbol_source"`
	ToolsOffered   []string `json:"tools_offered,omitempty"`
	MaxToolTurns   int      `json:"max_tool_turns"`
	Usage          Usage    `json:"usage"`
	CostUSD        float64  `json:"estimated_cost_usd"`

	PerTask   []TaskResult `json:"per_task"`
	Aggregate *Aggregate   `json:"aggregate,omitempty"`
	// Pairwise tests every pair of the modes that ran; OutcomePatterns
	// counts tasks by which modes passed (report_modes.go).
	Pairwise        []Pairwise     `json:"pairwise,omitempty"`
	OutcomePatterns map[string]int `json:"outcome_patterns,omitempty"`
	// Citations sums the citation scores per grounded mode.
	Citations map[string]CitationTotals `json:"citations,omitempty"`
	// JudgeCalibration is the LLM judge's agreement with the hand labels.
	JudgeCalibration *Calibration `json:"judge_calibration,omitempty"`
}

// TaskResult is one task in both modes.
type TaskResult struct {
	ID             string                 `json:"id"`
	Family         string                 `json:"family"`
	Prompt         string                 `json:"prompt"`
	TargetPlatform string                 `json:"target_platform"`
	SwiftVersion   string                 `json:"swift_version"`
	Modes          map[string]*ModeResult `json:"modes"`
	// Discordant is set when exactly one mode passed; Reason says why in one
	// line.
	Discordant bool   `json:"discordant"`
	Reason     string `json:"reason,omitempty"`
}

// ModeResult is one (task, mode): the code, the tool calls and the verdict.
type ModeResult struct {
	Code      string            `json:"code"`
	Reply     string            `json:"reply"`
	ToolCalls []ToolCallSummary `json:"tool_calls"`
	Turns     int               `json:"turns"`
	Usage     Usage             `json:"usage"`
	// Error is an API failure after retries; the outcome is then fail.
	Error string `json:"error,omitempty"`
	Note  string `json:"note,omitempty"`
	// Citations scores a grounded answer's cited sources.
	Citations *CitationScore `json:"citations,omitempty"`
	Score
}

// ToolCallSummary is a tool call as the per-task JSON shows it; the full
// result is in the JSONL.
type ToolCallSummary struct {
	Turn      int             `json:"turn"`
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
	IsError   bool            `json:"is_error,omitempty"`
}

// Aggregate holds the paired statistics; present when both modes ran.
type Aggregate struct {
	// Contingency is [[a, b], [c, d]]: a both pass, b only ungrounded
	// passes, c only grounded passes, d neither.
	Contingency   [2][2]int `json:"contingency"`
	McNemarChi2   float64   `json:"mcnemar_chi2"`
	McNemarPChi2  float64   `json:"mcnemar_p_chi2"`
	McNemarPExact float64   `json:"mcnemar_p_exact"`
	// Passes counts outcome passes per mode.
	Passes       map[string]int                `json:"passes"`
	PerCriterion map[string]CriterionBreakdown `json:"per_criterion"`
	PerFamily    map[string]FamilyBreakdown    `json:"per_family"`
}

// CriterionBreakdown is the paired table for one criterion.
type CriterionBreakdown struct {
	Contingency   [2][2]int `json:"contingency"`
	Grounded      int       `json:"grounded_pass"`
	Ungrounded    int       `json:"ungrounded_pass"`
	McNemarPExact float64   `json:"mcnemar_p_exact"`
}

// FamilyBreakdown counts outcome passes in one family.
type FamilyBreakdown struct {
	Tasks      int `json:"tasks"`
	Grounded   int `json:"grounded_pass"`
	Ungrounded int `json:"ungrounded_pass"`
}

func buildReport(cfg Config, results []map[string]*ModeResult) *Report {
	rep := &Report{
		HarnessVersion: HarnessVersion, Model: cfg.Model, Driver: cfg.Driver.Name(), BaseURL: cfg.BaseURL,
		NTasks: len(cfg.Tasks), Modes: cfg.Modes, Toolchain: cfg.Scorer.Syntax.Toolchain(),
		SymbolSource: cfg.Scorer.Symbols.Describe(), MaxToolTurns: cfg.MaxToolTurns,
	}
	if !reasoningModel(cfg.Model) || cfg.Driver.Name() != "openai" {
		zero := 0.0
		rep.Temperature = &zero
	}
	if cfg.Driver.SupportsSeed() {
		rep.Seed = cfg.Seed
	}
	if cfg.Tools != nil {
		for _, t := range cfg.Tools.Tools() {
			rep.ToolsOffered = append(rep.ToolsOffered, t.Name)
		}
	}
	for i, t := range cfg.Tasks {
		tr := TaskResult{ID: t.ID, Family: t.Family, Prompt: t.Prompt, TargetPlatform: t.TargetPlatform,
			SwiftVersion: t.SwiftVersion, Modes: results[i]}
		for _, mr := range results[i] {
			rep.Usage.InputTokens += mr.Usage.InputTokens
			rep.Usage.OutputTokens += mr.Usage.OutputTokens
		}
		g, gok := results[i][ModeGrounded]
		u, uok := results[i][ModeUngrounded]
		if gok && uok && g.Outcome != u.Outcome {
			tr.Discordant = true
			tr.Reason = discordantReason(g, u)
		}
		rep.PerTask = append(rep.PerTask, tr)
	}
	rep.CostUSD = cfg.Price.Cost(rep.Usage)
	if slices.Contains(cfg.Modes, ModeGrounded) && slices.Contains(cfg.Modes, ModeUngrounded) {
		rep.Aggregate = aggregate(rep.PerTask)
	}
	if len(ranModes(cfg.Modes)) > 1 {
		rep.Pairwise, rep.OutcomePatterns = pairwise(cfg.Modes, rep.PerTask), outcomePatterns(cfg.Modes, rep.PerTask)
	}
	if c := citationTotals(rep.PerTask); len(c) > 0 {
		rep.Citations = c
	}
	rep.JudgeCalibration = cfg.JudgeCalibration
	return rep
}

// discordantReason names the failing side's first finding.
func discordantReason(g, u *ModeResult) string {
	if g.Outcome {
		return "ungrounded fails " + u.Reason()
	}
	return "grounded fails " + g.Reason()
}

func aggregate(tasks []TaskResult) *Aggregate {
	agg := &Aggregate{Passes: map[string]int{}, PerCriterion: map[string]CriterionBreakdown{}, PerFamily: map[string]FamilyBreakdown{}}
	var outcome Contingency
	perCrit := map[string]*Contingency{}
	for _, c := range Criteria {
		perCrit[c] = &Contingency{}
	}
	for _, t := range tasks {
		g, u := t.Modes[ModeGrounded], t.Modes[ModeUngrounded]
		outcome.Add(u.Outcome, g.Outcome)
		for _, c := range Criteria {
			perCrit[c].Add(u.Get(c), g.Get(c))
		}
		fb := agg.PerFamily[t.Family]
		fb.Tasks++
		fb.Grounded += b2i(g.Outcome)
		fb.Ungrounded += b2i(u.Outcome)
		agg.PerFamily[t.Family] = fb
	}
	agg.Contingency = outcome.Matrix()
	agg.McNemarChi2 = outcome.McNemarChi2()
	agg.McNemarPChi2 = outcome.McNemarPChi2()
	agg.McNemarPExact = outcome.McNemarExactP()
	agg.Passes[ModeGrounded] = outcome.A + outcome.C
	agg.Passes[ModeUngrounded] = outcome.A + outcome.B
	for c, ct := range perCrit {
		agg.PerCriterion[c] = CriterionBreakdown{Contingency: ct.Matrix(), Grounded: ct.A + ct.C, Ungrounded: ct.A + ct.B, McNemarPExact: ct.McNemarExactP()}
	}
	return agg
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// OrderedTasks lists discordant tasks first (grounded-only passes, then
// ungrounded-only), then the rest, each group in task order.
func (r *Report) OrderedTasks() []TaskResult {
	out := append([]TaskResult(nil), r.PerTask...)
	rank := func(t TaskResult) int {
		switch {
		case t.Discordant && t.Modes[ModeGrounded].Outcome:
			return 0
		case t.Discordant:
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

// WriteFiles writes report.json, report.md and tool_calls.jsonl into dir.
func WriteFiles(dir string, out *Outcome) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	data, err := json.MarshalIndent(out.Report, "", "  ")
	if err != nil {
		return fmt.Errorf("encode report: %w", err)
	}
	var md, jl bytes.Buffer
	if err := WriteMarkdown(&md, out.Report); err != nil {
		return err
	}
	if err := WriteToolLog(&jl, out.ToolLog); err != nil {
		return err
	}
	// Each file is rendered first and written whole, so a failed render
	// leaves no half-written file.
	for _, f := range []struct {
		name    string
		content []byte
	}{{"report.json", append(data, '\n')}, {"report.md", md.Bytes()}, {"tool_calls.jsonl", jl.Bytes()}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.content, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", f.name, err)
		}
	}
	return nil
}

// WriteToolLog writes one JSON object per tool call.
func WriteToolLog(w io.Writer, log []ToolCallLog) error {
	enc := json.NewEncoder(w)
	for _, e := range log {
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("write tool log: %w", err)
		}
	}
	return nil
}
