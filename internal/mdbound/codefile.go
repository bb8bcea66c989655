package mdbound

import "strings"

// CodeFile renders a source file (a sample's Swift file, a package's
// Package.swift) as the Markdown page the index stores for it: a "# " title,
// the lines of context given (project, language), then the file's text
// verbatim in one fenced block. The fence is one backtick longer than the
// longest backtick run in the text, so no line of the file can close it, and
// CodeFileText gives the text back unchanged: read_sample_file serves exact
// lines from the index, never from the file system.
func CodeFile(title, context, lang, text string) string {
	fence := FenceFor(text)
	var b strings.Builder
	b.Grow(len(text) + len(title) + len(context) + 32)
	b.WriteString("# ")
	b.WriteString(title)
	b.WriteString("\n\n")
	if context != "" {
		b.WriteString(strings.TrimRight(context, "\n"))
		b.WriteString("\n\n")
	}
	b.WriteString(fence)
	b.WriteString(lang)
	b.WriteByte('\n')
	b.WriteString(text)
	if text != "" && !strings.HasSuffix(text, "\n") {
		b.WriteByte('\n')
	}
	b.WriteString(fence)
	b.WriteByte('\n')
	return b.String()
}

// CodeFileText returns the file text of a page CodeFile rendered, with its
// final line break, and false when the page has no such block.
func CodeFileText(markdown string) (string, bool) {
	// The block is the first line that is only backticks and an info
	// string; its closing fence is the last line equal to the bare fence.
	rest := markdown
	for rest != "" {
		line, after, _ := strings.Cut(rest, "\n")
		if n := runOf(line, '`'); n >= 3 && !strings.Contains(line[n:], "`") {
			fence := line[:n]
			end := strings.LastIndex(after, "\n"+fence+"\n")
			if strings.HasPrefix(after, fence+"\n") {
				return "", true
			}
			if end < 0 {
				return "", false
			}
			return after[:end+1], true
		}
		rest = after
	}
	return "", false
}

// Lines splits a file's text into its lines, without the final line break's
// empty tail.
func Lines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

// FenceFor returns a backtick fence that no line of text can close: one
// backtick longer than its longest backtick run, and at least three.
func FenceFor(text string) string {
	return strings.Repeat("`", max(3, LongestRun(text, '`')+1))
}

// LongestRun is the length of the longest run of c in s: a fence or a code
// span needs one more backtick than the code holds in a row.
func LongestRun(s string, c byte) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			run++
			best = max(best, run)
		} else {
			run = 0
		}
	}
	return best
}
