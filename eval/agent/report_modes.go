package agent

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The comparisons across every mode that ran: a McNemar test per pair of
// modes, the table of outcome patterns over all of them, and the citation
// scores per mode. Aggregate (report.go) keeps the grounded-ungrounded
// detail per criterion and family.

// Pairwise is the paired test of two modes: First is the baseline,
// Second the mode hoped to be better.
type Pairwise struct {
	First  string `json:"first"`
	Second string `json:"second"`
	// Contingency is [[both pass, only first], [only second, neither]].
	Contingency   [2][2]int `json:"contingency"`
	McNemarChi2   float64   `json:"mcnemar_chi2"`
	McNemarPChi2  float64   `json:"mcnemar_p_chi2"`
	McNemarPExact float64   `json:"mcnemar_p_exact"`
}

// CitationTotals sums one mode's citation scores over its tasks.
type CitationTotals struct {
	Answers   int     `json:"answers"`
	Cited     int     `json:"cited"`
	Valid     int     `json:"valid"`
	Precise   int     `json:"precise"`
	Used      int     `json:"used"`
	Covered   int     `json:"covered"`
	Validity  float64 `json:"validity"`
	Precision float64 `json:"precision"`
	Coverage  float64 `json:"coverage"`
	// JudgeClaims and JudgeSupported sum the LLM judge's verdicts.
	JudgeClaims    int `json:"judge_claims,omitempty"`
	JudgeSupported int `json:"judge_supported,omitempty"`
}

// ranModes lists the modes of AllModes that ran, in report order.
func ranModes(modes []string) []string {
	var out []string
	for _, m := range AllModes {
		if slices.Contains(modes, m) {
			out = append(out, m)
		}
	}
	return out
}

// pairwise tests every pair of the modes that ran, the earlier mode of
// AllModes as the baseline.
func pairwise(modes []string, tasks []TaskResult) []Pairwise {
	ran := ranModes(modes)
	var out []Pairwise
	for i := 0; i < len(ran); i++ {
		for j := i + 1; j < len(ran); j++ {
			var c Contingency
			for _, t := range tasks {
				c.Add(t.Modes[ran[i]].Outcome, t.Modes[ran[j]].Outcome)
			}
			out = append(out, Pairwise{First: ran[i], Second: ran[j], Contingency: c.Matrix(),
				McNemarChi2: c.McNemarChi2(), McNemarPChi2: c.McNemarPChi2(), McNemarPExact: c.McNemarExactP()})
		}
	}
	return out
}

// outcomePatterns counts the tasks by which modes passed ("grounded pass,
// grounded+verify pass, ungrounded FAIL"): the contingency table over all
// modes at once.
func outcomePatterns(modes []string, tasks []TaskResult) map[string]int {
	ran := ranModes(modes)
	out := map[string]int{}
	for _, t := range tasks {
		var parts []string
		for _, m := range ran {
			parts = append(parts, m+" "+mark(t.Modes[m].Outcome))
		}
		out[strings.Join(parts, ", ")]++
	}
	return out
}

// citationTotals sums the citation scores per grounded mode.
func citationTotals(tasks []TaskResult) map[string]CitationTotals {
	out := map[string]CitationTotals{}
	for _, t := range tasks {
		for mode, mr := range t.Modes {
			c := mr.Citations
			if c == nil {
				continue
			}
			tot := out[mode]
			tot.Answers++
			tot.Cited += c.Cited
			tot.Valid += c.Valid
			tot.Precise += c.Precise
			tot.Used += c.Used
			tot.Covered += c.Covered
			if c.Judged != nil {
				tot.JudgeClaims += c.Judged.Claims
				tot.JudgeSupported += c.Judged.Supported
			}
			out[mode] = tot
		}
	}
	for mode, tot := range out {
		tot.Validity, tot.Precision, tot.Coverage = ratio(tot.Valid, tot.Cited), ratio(tot.Precise, tot.Valid), ratio(tot.Covered, tot.Used)
		out[mode] = tot
	}
	return out
}

// writeModes renders the comparisons and the citation scores.
func writeModes(e *errWriter, r *Report) {
	if len(r.Pairwise) > 0 {
		e.printf("## All modes\n\n| outcome pattern | tasks |\n|---|---|\n")
		var keys []string
		for k := range r.OutcomePatterns {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			e.printf("| %s | %d |\n", k, r.OutcomePatterns[k])
		}
		e.printf("\n| first | second | both pass | only first | only second | neither | McNemar χ² | p (χ²) | exact p (second better) |\n")
		e.printf("|---|---|---|---|---|---|---|---|---|\n")
		for _, p := range r.Pairwise {
			e.printf("| %s | %s | %d | %d | %d | %d | %.3f | %.4f | %.4f |\n", p.First, p.Second,
				p.Contingency[0][0], p.Contingency[0][1], p.Contingency[1][0], p.Contingency[1][1], p.McNemarChi2, p.McNemarPChi2, p.McNemarPExact)
		}
		e.printf("\n")
	}
	if len(r.Citations) == 0 {
		return
	}
	e.printf("## Citations\n\n| mode | answers | cited | validity | precision | coverage | judge supported |\n|---|---|---|---|---|---|---|\n")
	for _, m := range AllModes {
		c, ok := r.Citations[m]
		if !ok {
			continue
		}
		judge := "–"
		if c.JudgeClaims > 0 {
			judge = percent(c.JudgeSupported, c.JudgeClaims)
		}
		e.printf("| %s | %d | %d | %s | %s | %s | %s |\n", m, c.Answers, c.Cited, percent(c.Valid, c.Cited),
			percent(c.Precise, c.Valid), percent(c.Covered, c.Used), judge)
	}
	if c := r.JudgeCalibration; c != nil {
		e.printf("\nThe judge agrees with %.0f%% of %d hand-labelled claims (Cohen's kappa %.2f).\n", 100*c.Agreement, c.Cases, c.Kappa)
	}
	e.printf("\nValidity: cited URIs that exist (line ranges within their file). Precision: valid citations whose page documents " +
		"or contains the symbol they are cited for. Coverage: API symbols the code uses that a valid citation covers.\n\n")
	e.printf("| task | mode | cited | valid | precise | used | covered | invalid | uncited |\n|---|---|---|---|---|---|---|---|---|\n")
	for _, t := range r.PerTask {
		for _, m := range AllModes {
			mr, ok := t.Modes[m]
			if !ok || mr.Citations == nil {
				continue
			}
			c := mr.Citations
			e.printf("| %s | %s | %d | %d | %d | %d | %d | %s | %s |\n", t.ID, m, c.Cited, c.Valid, c.Precise, c.Used, c.Covered,
				mdCell(strings.Join(c.Invalid, "; ")), mdCell(strings.Join(c.Uncited, ", ")))
		}
	}
	e.printf("\n")
}

func percent(a, b int) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f%% (%d/%d)", 100*float64(a)/float64(b), a, b)
}

func mdCell(s string) string { return strings.ReplaceAll(s, "|", "\\|") }
