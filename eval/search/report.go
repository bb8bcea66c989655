package search

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// Output file names written by WriteOutputs.
const (
	ReportJSON     = "report.json"
	ReportMarkdown = "report.md"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteMarkdown writes a human report: per-battery and per-class tables,
// then every query that did not pass with where its answer landed.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Search quality: %s\n\n", mdEscape(r.Label))
	fmt.Fprintf(&b, "%s, %d queries, %s.\n\n", r.Started.Format("2006-01-02 15:04 UTC"), r.Overall.Queries, r.Overall.Headline)
	b.WriteString("## Batteries\n\n")
	writeSummaryTable(&b, r.Batteries, true)
	b.WriteString("\n## Classes\n\n")
	writeSummaryTable(&b, r.Classes, false)

	var failed []CaseResult
	for _, c := range r.Cases {
		if !c.Pass {
			failed = append(failed, c)
		}
	}
	if len(failed) > 0 {
		b.WriteString("\n## Not passing\n\n| battery | query | rank | top result | note |\n|---|---|---|---|---|\n")
		for _, c := range failed {
			top := ""
			if len(c.URIs) > 0 {
				top = c.URIs[0]
			}
			note := c.Error
			if c.Kind == KindDeprecation && c.LegacyRank > 0 {
				note = fmt.Sprintf("legacy at %d", c.LegacyRank)
			}
			query := mdEscape(c.Query)
			if r.HideQueries {
				query = fmt.Sprintf("line %d", c.Line)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", c.Battery, query, rankText(c.Rank), mdEscape(top), mdEscape(note))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeSummaryTable(b *strings.Builder, rows []Summary, withHeadline bool) {
	b.WriteString("| name | queries | MRR | P@1 | P@5 | P@10 | NDCG@10 | R@3 | pass | p50 ms | errors |")
	if withHeadline {
		b.WriteString(" headline |")
	}
	b.WriteString("\n|---|---|---|---|---|---|---|---|---|---|---|")
	if withHeadline {
		b.WriteString("---|")
	}
	b.WriteString("\n")
	for _, s := range rows {
		fmt.Fprintf(b, "| %s | %d | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %d | %d | %d |",
			s.Name, s.Queries, s.MRR, s.P1, s.P5, s.P10, s.NDCG10, s.Recall3, s.Pass, s.MillisP50, s.Errors)
		if withHeadline {
			fmt.Fprintf(b, " %s |", s.Headline)
		}
		b.WriteString("\n")
	}
}

// WriteMarkdown writes the comparison as a table with both tests' p-values
// and the queries that moved.
func (c *Comparison) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Search quality: %s vs %s\n\n", mdEscape(c.B), mdEscape(c.A))
	b.WriteString("McNemar (exact) on rank-1 hits; Wilcoxon signed-rank on reciprocal-rank deltas (B − A).\n\n")
	b.WriteString("| battery | n | MRR A | MRR B | P@1 A | P@1 B | only A | only B | McNemar p | W+ | W− | Wilcoxon p |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range c.Rows {
		exact := ""
		if !r.Wilcoxon.Exact {
			exact = fmt.Sprintf(" (z %.2f)", r.Wilcoxon.Z)
		}
		fmt.Fprintf(&b, "| %s | %d | %.4f | %.4f | %d | %d | %d | %d | %.4g | %g | %g | %.4g%s |\n",
			r.Name, r.N, r.MRRA, r.MRRB, r.HitsA, r.HitsB, r.OnlyA, r.OnlyB, r.McNemarP,
			r.Wilcoxon.WPlus, r.Wilcoxon.WMinus, r.Wilcoxon.P, exact)
	}
	for _, r := range c.Rows {
		if len(r.Better)+len(r.Worse) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s\n\n", r.Name)
		for _, q := range r.Better {
			fmt.Fprintf(&b, "- better: %s\n", mdEscape(q))
		}
		for _, q := range r.Worse {
			fmt.Fprintf(&b, "- worse: %s\n", mdEscape(q))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteOutputs writes report.json and report.md into dir, creating it.
func (r *Report) WriteOutputs(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	for name, write := range map[string]func(io.Writer) error{ReportJSON: r.WriteJSON, ReportMarkdown: r.WriteMarkdown} {
		if err := writeFile(filepath.Join(dir, name), write); err != nil {
			return err
		}
	}
	return nil
}

func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func rankText(rank int) string {
	if rank == 0 {
		return "–"
	}
	return fmt.Sprint(rank)
}

// mdEscape keeps table cells intact.
func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
