package swiftsym

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// normalizeSpace collapses every run of white space to one space and trims
// the ends, returning s itself when it is already normal.
func normalizeSpace(s string) string {
	clean := true
	prevSpace := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		space := c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
		if space && (c != ' ' || prevSpace) {
			clean = false
			break
		}
		prevSpace = space
	}
	if clean && !prevSpace {
		return s
	}
	return strings.Join(strings.Fields(s), " ")
}

// scanner walks a normalised one-line declaration.
type scanner struct {
	s string
	i int
}

func (sc *scanner) skipSpace() {
	for sc.i < len(sc.s) && sc.s[sc.i] == ' ' {
		sc.i++
	}
}

// peek returns the next non-space byte, or 0 at the end.
func (sc *scanner) peek() byte {
	sc.skipSpace()
	if sc.i >= len(sc.s) {
		return 0
	}
	return sc.s[sc.i]
}

// next reports whether the byte right at the cursor (no space skipped) is c.
func (sc *scanner) next(c byte) bool { return sc.i < len(sc.s) && sc.s[sc.i] == c }

func (sc *scanner) eof() bool { return sc.peek() == 0 }

func (sc *scanner) rest() string { return sc.s[sc.i:] }

// identEnd returns the end of the identifier starting at i, or i when none
// starts there. Backticked identifiers include their backticks.
func identEnd(s string, i int) int {
	if i >= len(s) {
		return i
	}
	if s[i] == '`' {
		if j := strings.IndexByte(s[i+1:], '`'); j > 0 {
			return i + j + 2
		}
		return i
	}
	j := i
	for j < len(s) {
		r, size := decodeRune(s, j)
		if r == '_' || r == '$' || (r < utf8.RuneSelf && (isLowerByte(byte(r)) || isUpperRune(byte(r)))) ||
			(j > i && isDigitRune(r)) || (r >= utf8.RuneSelf && (unicode.IsLetter(r) || (j > i && unicode.IsDigit(r)))) {
			j += size
			continue
		}
		break
	}
	return j
}

// peekIdent returns the identifier at the cursor without consuming it,
// backticks kept.
func (sc *scanner) peekIdent() string {
	sc.skipSpace()
	return sc.s[sc.i:identEnd(sc.s, sc.i)]
}

// ident consumes an identifier and returns it without backticks.
func (sc *scanner) ident() string {
	sc.skipSpace()
	end := identEnd(sc.s, sc.i)
	word := sc.s[sc.i:end]
	sc.i = end
	return strings.Trim(word, "`")
}

// dottedIdent consumes Foo.Bar.Baz.
func (sc *scanner) dottedIdent() string {
	sc.skipSpace()
	start := sc.i
	for {
		end := identEnd(sc.s, sc.i)
		if end == sc.i {
			break
		}
		sc.i = end
		if !sc.next('.') || identEnd(sc.s, sc.i+1) == sc.i+1 {
			break
		}
		sc.i++
	}
	return strings.ReplaceAll(sc.s[start:sc.i], "`", "")
}

// word consumes w when the next identifier is exactly w.
func (sc *scanner) word(w string) bool {
	if sc.peekIdent() == w {
		sc.i += len(w)
		return true
	}
	return false
}

// group consumes a bracketed group starting at the cursor and returns what is
// inside; angle brackets count only when open is '<'.
func (sc *scanner) group(open byte) string {
	if sc.peek() != open {
		return ""
	}
	end := matchClose(sc.s, sc.i)
	inner := sc.s[sc.i+1 : max(sc.i+1, end)]
	sc.i = min(end+1, len(sc.s))
	return strings.TrimSpace(inner)
}

// upTo consumes text up to (not including) the first stop at depth zero and
// returns it trimmed.
func (sc *scanner) upTo(stops stopSet) string {
	end := scanTo(sc.s, sc.i, stops)
	text := strings.TrimSpace(sc.s[sc.i:end])
	sc.i = end
	return text
}

// matchClose returns the index of the bracket closing the one at open, or
// len(s) when it is never closed. Inside () [] {} only those nest; inside <>
// angles nest too and "->" is not a closer. String literals are skipped.
func matchClose(s string, open int) int {
	angles := s[open] == '<'
	depth := 0
	for i := open; i < len(s); i++ {
		switch c := s[i]; c {
		case '"':
			i = skipString(s, i)
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '<':
			if angles {
				depth++
			}
		case '>':
			if angles && !(i > 0 && s[i-1] == '-') {
				depth--
			}
		}
		if depth == 0 {
			return i
		}
	}
	return len(s)
}

// skipString returns the index of the quote closing the string opened at i.
func skipString(s string, i int) int {
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return len(s) - 1
}

type stopSet uint8

const (
	stopWhere  stopSet = 1 << iota // the word "where"
	stopBrace                      // "{"
	stopAssign                     // a lone "=" (not ==, !=, <=, >=, ->)
	stopComma                      // ","
	stopColon                      // ":"
)

// scanTo returns the index of the first stop at depth zero from i on, or
// len(s). Depth counts () [] {} <> with "->" not closing an angle; the text
// scanned is types and where clauses, where "<" is always generic.
func scanTo(s string, i int, stops stopSet) int {
	depth := 0
	for ; i < len(s); i++ {
		c := s[i]
		if depth == 0 {
			switch {
			case c == '{' && stops&stopBrace != 0,
				c == ',' && stops&stopComma != 0,
				c == ':' && stops&stopColon != 0:
				return i
			case c == '=' && stops&stopAssign != 0 && isLoneAssign(s, i):
				return i
			case c == 'w' && stops&stopWhere != 0 && strings.HasPrefix(s[i:], "where") &&
				(i == 0 || !isIdentByte(s[i-1])) && !(i+5 < len(s) && isIdentByte(s[i+5])):
				return i
			}
		}
		switch c {
		case '"':
			i = skipString(s, i)
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}':
			depth = max(0, depth-1)
		case '>':
			if !(i > 0 && s[i-1] == '-') {
				depth = max(0, depth-1)
			}
		}
	}
	return len(s)
}

func isLoneAssign(s string, i int) bool {
	if i+1 < len(s) && s[i+1] == '=' {
		return false
	}
	if i > 0 && strings.IndexByte("=!<>-+*/%&|^~", s[i-1]) >= 0 {
		return false
	}
	return true
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || isLowerByte(c) || isUpperRune(c) || isDigitByte(c) || c >= utf8.RuneSelf
}

// splitTopLevel splits s on commas at depth zero and trims the parts.
func splitTopLevel(s string) []string {
	var parts []string
	for s != "" {
		end := scanTo(s, 0, stopComma)
		if part := strings.TrimSpace(s[:end]); part != "" {
			parts = append(parts, part)
		}
		if end >= len(s) {
			break
		}
		s = s[end+1:]
	}
	return parts
}

// operatorEnd returns the end of an operator starting at i ("!=", "..<").
func operatorEnd(s string, i int) int {
	j := i
	for j < len(s) {
		r, size := decodeRune(s, j)
		if r < utf8.RuneSelf {
			if strings.IndexByte("/=-+!*%<>&|^~?.", byte(r)) < 0 {
				break
			}
		} else if !unicode.IsSymbol(r) && !unicode.IsPunct(r) {
			break
		}
		j += size
	}
	return j
}
