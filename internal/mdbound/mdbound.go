// Package mdbound bounds a Markdown page for a reader with a budget: it picks
// named "## " sections and cuts long pages at a line boundary with an offset
// to continue from. `cupertino read` and the MCP read_document tool share it,
// so a page is cut the same way in a terminal and for an agent.
package mdbound

import (
	"fmt"
	"strings"
)

// Section is one "## " part of a page; the part before the first "## " (title,
// abstract, availability) has the name "".
type Section struct {
	Name string
	Text string
}

// Split cuts md into its sections, in order. Headings inside fenced code
// blocks do not count.
func Split(md string) []Section {
	var out []Section
	cur := Section{}
	var b strings.Builder
	inFence := false
	for _, line := range strings.SplitAfter(md, "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") {
			inFence = !inFence
		}
		if !inFence && strings.HasPrefix(line, "## ") {
			cur.Text = b.String()
			if cur.Text != "" || cur.Name != "" {
				out = append(out, cur)
			}
			b.Reset()
			cur = Section{Name: strings.TrimSpace(strings.TrimPrefix(line, "## "))}
		}
		b.WriteString(line)
	}
	cur.Text = b.String()
	if cur.Text != "" || cur.Name != "" {
		out = append(out, cur)
	}
	return out
}

// Names lists the names of md's sections, without the unnamed head.
func Names(md string) []string {
	var names []string
	for _, s := range Split(md) {
		if s.Name != "" {
			names = append(names, s.Name)
		}
	}
	return names
}

// Select keeps the page head and the sections whose names match one of want
// (case-insensitive, prefix match: "param" keeps "Parameters"). With no want
// it returns md unchanged. It also returns the names that matched nothing.
func Select(md string, want []string) (string, []string) {
	if len(want) == 0 {
		return md, nil
	}
	matched := make([]bool, len(want))
	var b strings.Builder
	for _, s := range Split(md) {
		if s.Name == "" {
			b.WriteString(s.Text)
			continue
		}
		for i, w := range want {
			if w = strings.TrimSpace(w); w != "" && strings.HasPrefix(strings.ToLower(s.Name), strings.ToLower(w)) {
				b.WriteString(s.Text)
				matched[i] = true
				break
			}
		}
	}
	var missing []string
	for i, ok := range matched {
		if !ok {
			missing = append(missing, want[i])
		}
	}
	return b.String(), missing
}

// Window returns at most max bytes of md starting at byte offset, cut back to
// the last line break so no line is split, and the offset to continue from
// (0 when the page is done). max <= 0 means no limit.
func Window(md string, offset, max int) (string, int) {
	if offset < 0 || offset >= len(md) {
		if offset == 0 {
			return md, 0
		}
		return "", 0
	}
	rest := md[offset:]
	if max <= 0 || len(rest) <= max {
		return rest, 0
	}
	cut := strings.LastIndexByte(rest[:max], '\n')
	if cut <= 0 {
		cut = max
		// Never split a UTF-8 sequence.
		for cut > 0 && rest[cut]&0xC0 == 0x80 {
			cut--
		}
	} else {
		cut++ // keep the newline
	}
	return rest[:cut], offset + cut
}

// ContinueHint is the line appended to a cut page.
func ContinueHint(next, total int, how string) string {
	return fmt.Sprintf("\n… truncated at byte %d of %d; %s to read on.\n", next, total, how)
}
