package agent

import (
	"fmt"
	"io"
	"strings"
)

func mark(ok bool) string {
	if ok {
		return "pass"
	}
	return "FAIL"
}

// errWriter remembers the first write error so rendering code stays linear.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

// WriteMarkdown renders the human report: the setup, the paired statistics,
// the per-criterion table, the discordant tasks with their prompts and both
// answers' code, then every task in a table.
func WriteMarkdown(w io.Writer, r *Report) error {
	e := &errWriter{w: w}
	e.printf("# Cupertino agent eval\n\n")
	e.printf("| | |\n|---|---|\n")
	e.printf("| model | `%s` (driver %s) |\n", r.Model, r.Driver)
	e.printf("| harness | %s |\n", r.HarnessVersion)
	e.printf("| tasks | %d |\n", r.NTasks)
	e.printf("| compile check | %s |\n", r.Toolchain)
	e.printf("| symbols checked against | %s |\n", r.SymbolSource)
	if len(r.ToolsOffered) > 0 {
		e.printf("| tools offered (grounded) | %s |\n", strings.Join(r.ToolsOffered, ", "))
	}
	e.printf("| tokens | %d in, %d out (~$%.2f) |\n\n", r.Usage.InputTokens, r.Usage.OutputTokens, r.CostUSD)

	if a := r.Aggregate; a != nil {
		e.printf("## Paired outcome\n\n")
		e.printf("| | grounded pass | grounded fail |\n|---|---|---|\n")
		e.printf("| **ungrounded pass** | a = %d | b = %d |\n", a.Contingency[0][0], a.Contingency[0][1])
		e.printf("| **ungrounded fail** | c = %d | d = %d |\n\n", a.Contingency[1][0], a.Contingency[1][1])
		e.printf("Outcome passes: grounded %d/%d, ungrounded %d/%d.\n\n", a.Passes[ModeGrounded], r.NTasks, a.Passes[ModeUngrounded], r.NTasks)
		e.printf("McNemar χ² (continuity-corrected) = %.3f (p = %.4f, two-sided); exact binomial p (one-sided, grounding helps) = **%.4f**.\n\n",
			a.McNemarChi2, a.McNemarPChi2, a.McNemarPExact)
		e.printf("## Per criterion\n\n| criterion | grounded | ungrounded | a | b | c | d | exact p |\n|---|---|---|---|---|---|---|---|\n")
		for _, c := range Criteria {
			b := a.PerCriterion[c]
			e.printf("| %s | %d | %d | %d | %d | %d | %d | %.4f |\n", c, b.Grounded, b.Ungrounded,
				b.Contingency[0][0], b.Contingency[0][1], b.Contingency[1][0], b.Contingency[1][1], b.McNemarPExact)
		}
		e.printf("\n## Per family\n\n| family | tasks | grounded | ungrounded |\n|---|---|---|---|\n")
		for _, f := range Families {
			if fb, ok := a.PerFamily[f]; ok {
				e.printf("| %s | %d | %d | %d |\n", f, fb.Tasks, fb.Grounded, fb.Ungrounded)
			}
		}
		e.printf("\n")
	}
	writeModes(e, r)

	ordered := r.OrderedTasks()
	discordant := 0
	for _, t := range ordered {
		if t.Discordant {
			discordant++
		}
	}
	if r.Aggregate != nil {
		e.printf("## Discordant tasks (%d)\n\n", discordant)
		if discordant == 0 {
			e.printf("None: both modes agree on every task.\n\n")
		}
	}
	for _, t := range ordered {
		if !t.Discordant {
			continue
		}
		e.printf("### %s\n\n", t.ID)
		e.printf("%s, target %s, Swift %s. **%s**\n\n", t.Family, t.TargetPlatform, t.SwiftVersion, t.Reason)
		e.printf("%s\n\n", quote(t.Prompt))
		for _, m := range r.Modes {
			writeModeSection(e, m, t.Modes[m])
		}
	}

	e.printf("## All tasks\n\n| task | family | target |")
	for _, m := range r.Modes {
		e.printf(" %s |", m)
	}
	e.printf(" first finding |\n|---|---|---|")
	for range r.Modes {
		e.printf("---|")
	}
	e.printf("---|\n")
	for _, t := range ordered {
		e.printf("| %s | %s | %s |", t.ID, t.Family, t.TargetPlatform)
		reason := ""
		for _, m := range r.Modes {
			mr := t.Modes[m]
			e.printf(" %s |", verdictCell(mr))
			if reason == "" && !mr.Outcome {
				reason = m + ": " + mr.Reason()
			}
		}
		e.printf(" %s |\n", cell(reason))
	}
	return e.err
}

func writeModeSection(e *errWriter, mode string, mr *ModeResult) {
	if mr == nil {
		return
	}
	e.printf("**%s** (%s", mode, mark(mr.Outcome))
	if len(mr.ToolCalls) > 0 {
		names := make([]string, len(mr.ToolCalls))
		for i, c := range mr.ToolCalls {
			names[i] = c.Name
		}
		e.printf("; tools: %s", strings.Join(names, ", "))
	}
	e.printf(")\n\n")
	for _, f := range mr.Findings {
		e.printf("- %s\n", f)
	}
	if len(mr.Findings) > 0 {
		e.printf("\n")
	}
	if mr.Code != "" {
		e.printf("```swift\n%s```\n\n", ensureNewline(mr.Code))
	} else {
		e.printf("_no code_\n\n")
	}
}

// verdictCell shows the outcome and the failed criteria: "FAIL (symbol_exists)".
func verdictCell(mr *ModeResult) string {
	if mr == nil {
		return "-"
	}
	if mr.Outcome {
		return "pass"
	}
	var failed []string
	for _, c := range Criteria {
		if !mr.Get(c) {
			failed = append(failed, c)
		}
	}
	if mr.Error != "" {
		failed = append([]string{"error"}, failed...)
	}
	return "FAIL (" + strings.Join(failed, ", ") + ")"
}

func quote(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
}

func cell(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
	if len(s) > 160 {
		s = s[:160] + "…"
	}
	return s
}

func ensureNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// WriteSummary prints the short stdout summary.
func WriteSummary(w io.Writer, r *Report) error {
	e := &errWriter{w: w}
	e.printf("cupertino eval agent: %d tasks, model %s (%s)\n", r.NTasks, r.Model, r.Driver)
	e.printf("compile: %s\nsymbols: %s\n", r.Toolchain, r.SymbolSource)
	if a := r.Aggregate; a != nil {
		e.printf("outcome: grounded %d/%d, ungrounded %d/%d\n", a.Passes[ModeGrounded], r.NTasks, a.Passes[ModeUngrounded], r.NTasks)
		e.printf("contingency [[a b] [c d]] = %v  McNemar chi2 = %.3f  exact p (one-sided) = %.4f\n", a.Contingency, a.McNemarChi2, a.McNemarPExact)
		for _, c := range Criteria {
			b := a.PerCriterion[c]
			e.printf("  %-14s grounded %2d  ungrounded %2d\n", c, b.Grounded, b.Ungrounded)
		}
	} else {
		for _, m := range r.Modes {
			n := 0
			for _, t := range r.PerTask {
				if t.Modes[m].Outcome {
					n++
				}
			}
			e.printf("outcome: %s %d/%d\n", m, n, r.NTasks)
		}
	}
	for _, t := range r.OrderedTasks() {
		if t.Discordant {
			e.printf("  discordant %-36s %s\n", t.ID, t.Reason)
		}
	}
	e.printf("tokens: %d in, %d out, ~$%.2f\n", r.Usage.InputTokens, r.Usage.OutputTokens, r.CostUSD)
	return e.err
}
