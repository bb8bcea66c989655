package agent

import (
	"context"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/internal/verify"
)

// Criteria, as they appear in the JSON and the report.
const (
	CriterionCompile      = "compile"
	CriterionSymbolExists = "symbol_exists"
	CriterionAvailability = "availability"
	CriterionNoDeprecated = "no_deprecated"
	CriterionOutcome      = "outcome"
)

// Criteria lists the scored criteria in report order; outcome is their AND.
var Criteria = []string{CriterionCompile, CriterionSymbolExists, CriterionAvailability, CriterionNoDeprecated}

// Finding is one reason a criterion failed.
type Finding struct {
	Criterion string `json:"criterion"`
	Line      int    `json:"line,omitempty"`
	Symbol    string `json:"symbol,omitempty"`
	Message   string `json:"message"`
}

func (f Finding) String() string {
	if f.Line > 0 {
		return fmt.Sprintf("%s: line %d: %s", f.Criterion, f.Line, f.Message)
	}
	return f.Criterion + ": " + f.Message
}

// Score is the verdict on one answer.
type Score struct {
	Compile      bool `json:"compile"`
	SymbolExists bool `json:"symbol_exists"`
	Availability bool `json:"availability"`
	NoDeprecated bool `json:"no_deprecated"`
	Outcome      bool `json:"outcome"`
	// Findings explain every failed criterion, with lines.
	Findings []Finding `json:"findings,omitempty"`
	// RefsChecked is how many distinct API references were resolved.
	RefsChecked int `json:"refs_checked"`
	// HintsMatched lists the task's success and failure hints found in the
	// code; informational, not scored.
	SuccessHints []string `json:"success_hints_matched,omitempty"`
	FailureHints []string `json:"failure_hints_matched,omitempty"`
}

// Get returns a criterion by name.
func (s Score) Get(criterion string) bool {
	switch criterion {
	case CriterionCompile:
		return s.Compile
	case CriterionSymbolExists:
		return s.SymbolExists
	case CriterionAvailability:
		return s.Availability
	case CriterionNoDeprecated:
		return s.NoDeprecated
	}
	return s.Outcome
}

// Reason is the first finding, for one-line summaries.
func (s Score) Reason() string {
	if len(s.Findings) == 0 {
		return ""
	}
	return s.Findings[0].String()
}

// Scorer applies the four criteria, and scores the citations of grounded
// answers when Pages is set (and judges them when Judge is).
type Scorer struct {
	Syntax       SyntaxChecker
	Symbols      SymbolTable
	Deprecations []Deprecation
	Pages        Pages
	Judge        *Judge
}

// citations scores a reply's citations against the API symbols its code
// uses: the references the symbol table resolves.
func (s *Scorer) citations(ctx context.Context, reply, code string) (*CitationScore, error) {
	var used []string
	seen := map[string]bool{}
	for _, ref := range verify.Analyze(code).Refs() {
		if seen[ref.Name] {
			continue
		}
		seen[ref.Name] = true
		cands, err := s.Symbols.Lookup(ref.Name)
		if err != nil {
			return nil, err
		}
		if len(cands) > 0 {
			used = append(used, ref.Name)
		}
	}
	sc, err := ScoreCitations(reply, used, s.Pages)
	if err != nil {
		return nil, err
	}
	if s.Judge != nil {
		if sc.Judged, err = s.Judge.JudgeReply(ctx, reply, s.Pages); err != nil {
			return nil, err
		}
	}
	return &sc, nil
}

// Score judges code (as extracted from a reply; "" when there was none) for
// task. Only infrastructure failures (a broken index) return an error.
func (s *Scorer) Score(ctx context.Context, task Task, code string) (Score, error) {
	var sc Score
	if strings.TrimSpace(code) == "" {
		sc.Findings = append(sc.Findings, Finding{Criterion: CriterionCompile, Message: ErrNoCode.Error()})
		return sc, nil
	}
	target, err := task.Target()
	if err != nil {
		return sc, err
	}
	compileFindings, err := s.Syntax.Check(ctx, code, task)
	if err != nil {
		return sc, fmt.Errorf("compile check: %w", err)
	}
	sc.Findings = append(sc.Findings, compileFindings...)

	a := verify.Analyze(code)
	symbolFindings, checked, err := s.checkSymbols(a, target)
	if err != nil {
		return sc, err
	}
	sc.RefsChecked = checked
	sc.Findings = append(sc.Findings, symbolFindings...)
	for _, hit := range verify.FindDeprecations(a, s.Deprecations, task.Family, target) {
		sc.Findings = append(sc.Findings, Finding{Criterion: CriterionNoDeprecated, Line: hit.Line, Symbol: hit.Entry.Match,
			Message: fmt.Sprintf("%s: %s; use %s", strings.TrimRight(hit.Entry.Match, "("), hit.Entry.Why, hit.Entry.Replacement)})
	}

	failed := map[string]bool{}
	for _, f := range sc.Findings {
		failed[f.Criterion] = true
	}
	sc.Compile = !failed[CriterionCompile]
	sc.SymbolExists = !failed[CriterionSymbolExists]
	sc.Availability = !failed[CriterionAvailability]
	sc.NoDeprecated = !failed[CriterionNoDeprecated]
	sc.Outcome = sc.Compile && sc.SymbolExists && sc.Availability && sc.NoDeprecated
	sc.SuccessHints = matchHints(code, task.SuccessHints)
	sc.FailureHints = matchHints(code, task.FailureHints)
	return sc, nil
}

// checkSymbols resolves every reference and checks availability and
// deprecation flags from the symbol data.
func (s *Scorer) checkSymbols(a *verify.Analysis, target Target) ([]Finding, int, error) {
	var findings []Finding
	checked := 0
	for _, ref := range a.Refs() {
		cands, err := s.Symbols.Lookup(ref.Name)
		if err != nil {
			return nil, 0, err
		}
		checked++
		if ref.Parent != "" {
			if onParent := verify.FilterParent(cands, ref.Parent); len(onParent) > 0 {
				cands = onParent
			}
		}
		if len(cands) == 0 {
			if verify.IsBuiltin(ref) {
				continue
			}
			findings = append(findings, Finding{Criterion: CriterionSymbolExists, Line: ref.Line, Symbol: ref.Display(),
				Message: fmt.Sprintf("%s %s not found in %s", ref.Kind, "`"+ref.Display()+"`", s.Symbols.Describe())})
			continue
		}
		effective := target.Version
		if floor, ok := ref.Floors[target.Platform]; ok && floor.Compare(effective) > 0 {
			effective = floor
		}
		if msg, ok := verify.Availability(cands, target, effective); !ok {
			findings = append(findings, Finding{Criterion: CriterionAvailability, Line: ref.Line, Symbol: ref.Display(),
				Message: "`" + ref.Display() + "` " + msg})
		}
		if verify.AllDeprecated(cands, target.Platform, effective) {
			findings = append(findings, Finding{Criterion: CriterionNoDeprecated, Line: ref.Line, Symbol: ref.Display(),
				Message: "`" + ref.Display() + "` is deprecated for " + target.DisplayName() + " " + effective.String() + " (" + cands[0].Origin + ")"})
		}
	}
	return findings, checked, nil
}

func matchHints(code string, hints []string) []string {
	var out []string
	for _, h := range hints {
		if strings.Contains(code, h) {
			out = append(out, h)
		}
	}
	return out
}
