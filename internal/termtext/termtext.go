// Package termtext makes text from a corpus, an index or a user's files
// safe to print on a terminal. Such text may hold escape sequences (ESC
// [2J clears the screen, OSC 52 writes the clipboard), carriage returns
// that overwrite what was printed, or bidirectional controls (U+202E) that
// make "evil.txt" read as "txt.live". The CLI's printers pass every such
// field through Line or Block, which show each of those characters as a
// visible escape (\x1b, \r, \u202e) instead of sending it.
package termtext

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Line escapes s for one line of output: every control character, line
// breaks and tabs included, every bidirectional control and every byte that
// is not UTF-8.
func Line(s string) string { return escape(s, false) }

// Block escapes s for a multi-line block (a page's Markdown): as Line, but
// newlines and tabs stay.
func Block(s string) string { return escape(s, true) }

func escape(s string, keepLayout bool) string {
	if !needsEscape(s, keepLayout) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case keepLayout && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// needsEscape is the fast path: most text has nothing to escape.
func needsEscape(s string, keepLayout bool) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return !plainUTF8(s[i:])
		}
		if c < 0x20 && !(keepLayout && (c == '\n' || c == '\t')) || c == 0x7f {
			return true
		}
	}
	return false
}

func plainUTF8(s string) bool {
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || unsafeRune(r) {
			return false
		}
		i += size
	}
	return true
}

// unsafeRune reports the C1 controls and the characters that reorder or
// hide text: the bidirectional embeddings, overrides and isolates, the
// directional marks, and the line and paragraph separators.
func unsafeRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls (0x9b is CSI on some terminals)
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	case r == 0x200e, r == 0x200f, r == 0x061c, r == 0x2028, r == 0x2029:
		return true
	}
	return false
}
