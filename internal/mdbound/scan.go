package mdbound

import (
	"context"
	"strings"
)

// This file finds the ATX headings of a page the way a CommonMark reader
// does, without building a syntax tree: one pass over the lines that tracks
// only what can hide a heading line, namely fenced code blocks and the HTML
// blocks that run to a closing tag (comments, <pre>, <script>, <style>,
// <textarea>). Everything else a heading cannot hide in either: indented code
// needs four columns of indentation, which a heading cannot have, and lines
// inside block quotes start with ">". A full parser (goldmark) would add a
// dependency, build a tree of a many-megabyte page to read a few dozen lines,
// and could not stop when a request's context ends.
//
// Fence rules (CommonMark 0.31, §4.5):
//   - A fence is at least three backticks or three tildes, not mixed, after at
//     most three columns of indentation (a tab counts to the next multiple of
//     four, so a tab-indented fence is not one).
//   - The rest of the opening line is the info string ("swift", "c++ {.x}").
//     A backtick fence's info string cannot contain a backtick, so
//     "```let x = 1```" on one line is inline code in a paragraph and opens
//     nothing; a tilde fence's info string may hold backticks.
//   - The closing fence uses the same character, is at least as long as the
//     opening one, is indented at most three columns and is followed by
//     nothing but spaces and tabs. A shorter run, the other character or a
//     run with text after it is a line of code.
//   - A fence that is never closed runs to the end of the page.
//
// Not modelled: setext headings ("Title" underlined with "---"), which need
// paragraph tracking and which neither Cupertino's renderer nor the section
// contract ("##" headings) uses, and fences nested in list items indented
// four or more columns.

// Heading is one ATX heading of a page, outside code and HTML blocks.
type Heading struct {
	Level  int    // 1 to 6: the number of "#"
	Text   string // the heading's text without the "#"s around it
	Line   int    // 1-based line number
	Offset int    // byte offset of the start of the heading's line
}

// ctxCheckLines is how many lines pass between two looks at the context: a
// page can be many megabytes, and checking every line costs more than the
// scan itself.
const ctxCheckLines = 4096

// scanHeadings calls visit with each heading of md in page order until visit
// returns false, and returns the number of lines of md. It stops with the
// context's cause when ctx ends.
func scanHeadings(ctx context.Context, md string, visit func(Heading) bool) (int, error) {
	var (
		fenceChar byte   // '`' or '~' while inside a fenced code block
		fenceLen  int    // length of the opening fence
		htmlEnd   string // the text that ends the open HTML block, lowercase
	)
	lineNo := 0
	for pos := 0; pos < len(md); {
		if lineNo%ctxCheckLines == 0 && ctx != nil && ctx.Err() != nil {
			return lineNo, context.Cause(ctx)
		}
		lineNo++
		start := pos
		end := strings.IndexByte(md[pos:], '\n')
		if end < 0 {
			pos = len(md)
			end = len(md)
		} else {
			end += pos
			pos = end + 1
		}
		line := strings.TrimSuffix(md[start:end], "\r")

		switch {
		case fenceChar != 0:
			if closesFence(line, fenceChar, fenceLen) {
				fenceChar = 0
			}
			continue
		case htmlEnd != "":
			if strings.Contains(strings.ToLower(line), htmlEnd) {
				htmlEnd = ""
			}
			continue
		}
		if ch, n, ok := opensFence(line); ok {
			fenceChar, fenceLen = ch, n
			continue
		}
		if endMarker, ok := opensHTMLBlock(line); ok {
			if !strings.Contains(strings.ToLower(line), endMarker) {
				htmlEnd = endMarker
			}
			continue
		}
		if level, text, ok := atxHeading(line); ok {
			if !visit(Heading{Level: level, Text: text, Line: lineNo, Offset: start}) {
				return lineNo, nil
			}
		}
	}
	return lineNo, nil
}

// indentation returns the width of line's leading spaces and tabs in columns
// (tabs stop every four) and the rest of the line.
func indentation(line string) (int, string) {
	cols := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			cols++
		case '\t':
			cols += 4 - cols%4
		default:
			return cols, line[i:]
		}
	}
	return cols, ""
}

// runOf counts the leading bytes of s equal to ch.
func runOf(s string, ch byte) int {
	n := 0
	for n < len(s) && s[n] == ch {
		n++
	}
	return n
}

// opensFence reports whether line opens a fenced code block, with the
// fence's character and length.
func opensFence(line string) (byte, int, bool) {
	cols, rest := indentation(line)
	if cols > 3 || rest == "" || (rest[0] != '`' && rest[0] != '~') {
		return 0, 0, false
	}
	ch := rest[0]
	n := runOf(rest, ch)
	if n < 3 {
		return 0, 0, false
	}
	if ch == '`' && strings.IndexByte(rest[n:], '`') >= 0 {
		return 0, 0, false // "```code```": an inline code span
	}
	return ch, n, true
}

// closesFence reports whether line closes a block opened by n × ch.
func closesFence(line string, ch byte, n int) bool {
	cols, rest := indentation(line)
	if cols > 3 {
		return false
	}
	run := runOf(rest, ch)
	return run >= n && strings.Trim(rest[run:], " \t") == ""
}

// htmlBlockEnds maps the start of each HTML block that runs to a closing
// text (CommonMark HTML blocks 1 and 2) to that text.
var htmlBlockEnds = []struct{ start, end string }{
	{"<!--", "-->"},
	{"<pre", "</pre>"},
	{"<script", "</script>"},
	{"<style", "</style>"},
	{"<textarea", "</textarea>"},
}

// opensHTMLBlock reports whether line starts an HTML block that hides
// headings and fences until its end marker, which it returns.
func opensHTMLBlock(line string) (string, bool) {
	cols, rest := indentation(line)
	if cols > 3 || !strings.HasPrefix(rest, "<") {
		return "", false
	}
	lower := strings.ToLower(rest)
	for _, b := range htmlBlockEnds {
		if !strings.HasPrefix(lower, b.start) {
			continue
		}
		if b.start == "<!--" {
			return b.end, true
		}
		// "<pre" must be the whole tag name: "<pre>", "<pre class=…>", not
		// "<prefix>".
		after := lower[len(b.start):]
		if after == "" || after[0] == '>' || after[0] == ' ' || after[0] == '\t' {
			return b.end, true
		}
	}
	return "", false
}

// atxHeading parses an ATX heading line ("## Title ##") into its level and
// text. The "#"s must be followed by a space, a tab or the end of the line,
// after at most three columns of indentation; a closing run of "#"s is
// dropped when a space or tab precedes it.
func atxHeading(line string) (int, string, bool) {
	cols, rest := indentation(line)
	if cols > 3 {
		return 0, "", false
	}
	level := runOf(rest, '#')
	if level == 0 || level > 6 {
		return 0, "", false
	}
	rest = rest[level:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return 0, "", false // "#hashtag", "#######"
	}
	text := strings.Trim(rest, " \t")
	if closing := strings.TrimRight(text, "#"); closing == "" {
		text = ""
	} else if len(closing) < len(text) && (strings.HasSuffix(closing, " ") || strings.HasSuffix(closing, "\t")) {
		text = strings.TrimRight(closing, " \t")
	}
	return level, text, true
}
