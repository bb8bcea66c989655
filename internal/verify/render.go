package verify

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/termtext"
)

// WriteText prints the report as a person or an agent reads it: the
// findings first, each with what to do, then the syntax errors, then the
// resolved references once per symbol with their pages (the citations), at
// most maxCitations of them (0: all), and a one-line summary.
func (r *Report) WriteText(w io.Writer, maxCitations int) {
	for _, f := range r.Findings {
		fmt.Fprintf(w, "%s: %s %s%s\n", termtext.Line(location(f.File, f.Line)), f.Status, termtext.Line(f.Symbol), termtext.Line(advice(f)))
	}
	r.writeNewer(w)
	for _, s := range r.Syntax {
		fmt.Fprintf(w, "%s: syntax %s\n", termtext.Line(location(s.File, s.Line)), termtext.Line(s.Message))
	}
	cites := r.Citations()
	if len(cites) > 0 {
		if len(r.Findings)+len(r.Syntax) > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "Resolved (%d):\n", len(cites))
		for i, c := range cites {
			if maxCitations > 0 && i == maxCitations {
				fmt.Fprintf(w, "  … %d more\n", len(cites)-i)
				break
			}
			fmt.Fprintf(w, "  %s  %s\n", termtext.Line(c.Name), termtext.Line(c.URI))
		}
	}
	fmt.Fprintln(w, r.Summary())
}

// Citations are the resolved references, one per symbol and page, sorted.
func (r *Report) Citations() []Candidate {
	seen := map[Candidate]bool{}
	var out []Candidate
	for _, ref := range r.References {
		c := Candidate{Name: ref.Symbol, URI: ref.URI}
		if ref.Status != Resolved || ref.URI == "" || seen[c] {
			continue
		}
		seen[c] = true
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Name < out[j].Name || out[i].Name == out[j].Name && out[i].URI < out[j].URI
	})
	return out
}

// Summary is one line: what was read and what was found.
func (r *Report) Summary() string {
	var parts []string
	for _, s := range []Status{Unknown, NotOnType, WrongLabels, NoSuchInitializer, NoSuchCase, Unavailable, Deprecated} {
		if n := r.Counts[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
		}
	}
	found := "no findings"
	if len(parts) > 0 {
		found = strings.Join(parts, ", ")
	}
	target := ""
	if len(r.Targets) > 0 {
		target = " for " + strings.Join(r.Targets, ", ")
	}
	newer := ""
	if n := r.Counts[NewerThanIndex]; n > 0 {
		newer = fmt.Sprintf(", %d newer than the index", n)
	}
	return fmt.Sprintf("%d files, %d lines%s: %s; %d resolved, %d not checkable%s", r.Files, r.Lines, target, found,
		r.Counts[Resolved], r.Counts[NotCheckable], newer)
}

func location(file string, line int) string {
	if file == "" {
		return fmt.Sprintf("line %d", line)
	}
	return fmt.Sprintf("%s:%d", file, line)
}

// advice is what to do about a finding, with the page to read.
func advice(f Reference) string {
	var b strings.Builder
	switch f.Status {
	case Unknown:
		if len(f.Nearest) == 0 {
			b.WriteString(": not in the documentation")
			break
		}
		b.WriteString(": not in the documentation; nearest:")
		for i, n := range f.Nearest {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, " %s (%s)", n.Name, n.URI)
		}
	case Unavailable:
		if f.Introduced != "" {
			fmt.Fprintf(&b, ": introduced in %s, target %s; guard it with #available or raise the target", f.Introduced, f.Target)
		} else {
			fmt.Fprintf(&b, ": not available on %s", f.Target)
		}
	case NotOnType, WrongLabels, NoSuchInitializer, NoSuchCase:
		// Why names the real overloads, initializers, cases or types.
		fmt.Fprintf(&b, ": %s", f.Why)
	case Deprecated:
		if f.Replacement != "" {
			fmt.Fprintf(&b, ": use %s", oneLine(f.Replacement))
		} else if f.Why != "" {
			fmt.Fprintf(&b, ": %s", f.Why)
		}
	}
	if f.URI != "" && f.Status != Unknown && !f.Status.SaysMissing() {
		fmt.Fprintf(&b, " (%s)", f.URI)
	}
	return b.String()
}

// oneLine keeps a deprecation note short: its first sentence, at most 160
// bytes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i+1]
	}
	if len(s) > 160 {
		s = s[:157] + "…"
	}
	return s
}
