// Package mdbound is Cupertino's one model of a Markdown page's parts, for
// a reader with a budget: its headings and "##" sections (scan.go,
// sections.go), the sections a list of names picks (select.go), and windows
// of a long page that continue from an offset. `cupertino read` and MCP
// read_document both use it, so a page has the same sections, answers the
// same section names and is cut the same way in a terminal and for an agent.
package mdbound

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Window returns at most max bytes of md from byte offset, and the offset to
// continue from (0 when the page is done); max <= 0 means no limit. An
// offset inside a UTF-8 sequence moves forward to the next character.
//
// The window ends after a line break when one falls in its last fifth, so a
// code block or table row is not split mid-line; otherwise it ends at a
// character boundary. Cutting back to any earlier line break would let one
// long line near the start shrink a window to a few bytes; this way every
// window but the last holds at least four fifths of max.
func Window(md string, offset, max int) (string, int) {
	if offset < 0 {
		offset = 0
	}
	if offset >= len(md) {
		return "", 0
	}
	for offset < len(md) && !utf8.RuneStart(md[offset]) {
		offset++
	}
	end := offset + max
	if max <= 0 || end >= len(md) {
		return md[offset:], 0
	}
	for end > offset && !utf8.RuneStart(md[end]) {
		end--
	}
	if end == offset {
		// max is shorter than the first character: take it whole, so the
		// next offset always moves on.
		_, size := utf8.DecodeRuneInString(md[offset:])
		if end = offset + size; end >= len(md) {
			return md[offset:], 0
		}
		return md[offset:end], end
	}
	if nl := strings.LastIndexByte(md[offset:end], '\n'); nl >= 0 && nl > (end-offset)*4/5 {
		end = offset + nl + 1
	}
	return md[offset:end], end
}

// ContinueHint is the line appended to a cut page.
func ContinueHint(next, total int, how string) string {
	return fmt.Sprintf("\n… truncated at byte %d of %d; %s to read on.\n", next, total, how)
}
