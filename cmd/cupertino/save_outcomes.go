package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/internal/ingest"
)

// What became of the files a save read, in plain words. The door's states
// and rejection classes (tier A/B/C, "declined", …) are the audit log's
// vocabulary; the person who ran save sees three lines: what was indexed,
// what was left out on purpose (not documentation, crawl debris, copies,
// files over the cap) and what failed (files that do not read, pages that
// fight over one address). Only the last is worth a look, and the audit
// log names each file.

// outcome is one count in the summary, worded for one and for many.
type outcome struct {
	n         int
	one, many string
}

func (o outcome) String() string {
	if o.n == 1 {
		return "1 " + o.one
	}
	return fmt.Sprintf("%d %s", o.n, o.many)
}

// onPurpose are the door's rejection classes that are save doing its job.
var onPurpose = []struct{ class, one, many string }{
	{door.ReasonDeclined, "file that is not documentation", "files that are not documentation"},
	{door.ReasonHTTPError, "error page the crawler saved", "error pages the crawler saved"},
	{door.ReasonJSShell, "page saved without its content (it needs JavaScript)", "pages saved without their content (they need JavaScript)"},
	{door.ReasonPlaceholder, "placeholder page with no content", "placeholder pages with no content"},
	{door.ReasonTooLarge, "file over the size cap (--max-file-mib)", "files over the size cap (--max-file-mib)"},
}

// failed are the classes that mean a file could not be indexed.
var failed = []struct{ class, one, many string }{
	{door.ReasonEmptyFile, "empty file", "empty files"},
	{door.ReasonMalformedJSON, "file of malformed JSON", "files of malformed JSON"},
	{door.ReasonParseError, "file that does not parse", "files that do not parse"},
	{door.ReasonNoDocument, "file with no page in it", "files with no page in them"},
	{door.ReasonNoURI, "page with no address", "pages with no address"},
	{door.ReasonNotRead, "entry not read (a link, FIFO or unreadable folder)", "entries not read (links, FIFOs or unreadable folders)"},
}

// printOutcomes writes the Indexed, Left out and Failed lines.
func printOutcomes(w io.Writer, s *ingest.Summary) {
	st := s.Door
	recovered := 0
	for _, src := range s.Sources {
		recovered += src.Recovered
	}
	// A tier-B replacement is counted as indexed, though the page it
	// replaced was indexed too: one page, and one copy left out.
	fmt.Fprintf(w, "Indexed:   %s\n", outcome{st.ByState[door.Indexed] - st.Replaced + recovered, "page", "pages"})

	var kept []outcome
	total := 0
	for _, c := range onPurpose {
		n := st.ByReason[c.class]
		if c.class == door.ReasonPlaceholder {
			n -= recovered
		}
		kept = appendOutcome(kept, &total, outcome{n, c.one, c.many})
	}
	copies := st.ByState[door.BenignDupTierA] + st.ByState[door.BenignDupTierB] + st.Replaced
	kept = appendOutcome(kept, &total, outcome{copies, "copy of a page indexed once", "copies of pages indexed once"})
	if total == 0 {
		fmt.Fprintln(w, "Left out:  nothing")
	} else {
		fmt.Fprintf(w, "Left out:  %d on purpose (%s)\n", total, joinOutcomes(kept))
	}

	var bad []outcome
	total = 0
	for _, c := range failed {
		bad = appendOutcome(bad, &total, outcome{st.ByReason[c.class], c.one, c.many})
	}
	known := map[string]bool{}
	for _, c := range onPurpose {
		known[c.class] = true
	}
	for _, c := range failed {
		known[c.class] = true
	}
	other := 0
	for class, n := range st.ByReason {
		if !known[class] {
			other += n
		}
	}
	bad = appendOutcome(bad, &total, outcome{other, "file rejected for another reason", "files rejected for other reasons"})
	bad = appendOutcome(bad, &total, outcome{s.Collisions,
		"page whose address another page already had (the first was kept)",
		"pages whose address another page already had (the first was kept)"})
	if total == 0 {
		fmt.Fprintln(w, "Failed:    nothing")
	} else {
		fmt.Fprintf(w, "Failed:    %d (%s): the audit log names each\n", total, joinOutcomes(bad))
	}
	fmt.Fprintln(w)
}

func appendOutcome(list []outcome, total *int, o outcome) []outcome {
	if o.n <= 0 {
		return list
	}
	*total += o.n
	return append(list, o)
}

func joinOutcomes(list []outcome) string {
	parts := make([]string, len(list))
	for i, o := range list {
		parts[i] = o.String()
	}
	return strings.Join(parts, ", ")
}

// countNoun is "1 page" or "3 pages": noun is singular, and its plural
// takes an s (or -y → -ies).
func countNoun(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") && !strings.HasSuffix(noun, "ey") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(noun, "y"))
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// countPlural is countNoun for a plural noun phrase ending in s, as the
// source table words its wholes ("WWDC sessions"): "1 WWDC session".
func countPlural(n int, plural string) string {
	if n == 1 {
		return "1 " + strings.TrimSuffix(plural, "s")
	}
	return fmt.Sprintf("%d %s", n, plural)
}
