package swiftsym

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// nominalKinds are the declarations whose braces hold members worth
// listing; every other body (functions, accessors, closures, statements)
// is skipped whole, as the tree-sitter walk skips it.
var nominalKinds = map[string]bool{
	"struct": true, "class": true, "enum": true, "protocol": true, "actor": true, "extension": true,
}

// extractCodeByLines finds the declarations of a code example without a
// parser, for builds without tree-sitter (no cgo, or -tags notreesitter).
// It reads the example as a sequence of headers, each ending at a "{" or a
// line end outside parentheses, hands every header to the declaration
// scanner, and descends only into the bodies of types and extensions. It
// cannot recover declarations after unbalanced braces the way tree-sitter's
// error recovery does; TestLineScannerAgreesWithTreeSitter measures the
// difference.
func extractCodeByLines(code string) []document.Symbol {
	x := lineExtractor{src: code}
	x.block(0, 0)
	return x.syms
}

type lineExtractor struct {
	src  string
	syms []document.Symbol
}

// block reads headers from i until the "}" closing the block (returning the
// index after it) or the end of the text.
func (x *lineExtractor) block(i, depth int) int {
	for i < len(x.src) && len(x.syms) < maxCodeSymbols {
		i = x.skipBlank(i)
		if i >= len(x.src) {
			return i
		}
		if x.src[i] == '}' {
			return i + 1
		}
		start := i
		end, opensBody := x.headerEnd(i)
		header := normalizeSpace(stripComments(x.src[start:end]))
		var kind string
		if header != "" {
			header = cutLongInitialiser(header)
			for _, sym := range parseSwift(header, OriginExample) {
				kind = sym.Kind
				x.add(sym)
			}
		}
		i = end
		if !opensBody {
			if i < len(x.src) && (x.src[i] == ';' || x.src[i] == '\n') {
				i++
			}
			if i == start {
				i++ // a stray closer such as ")" ends no header; step over it
			}
			continue
		}
		if nominalKinds[kind] && depth < maxNesting {
			i = x.block(i+1, depth+1)
		} else {
			i = x.skipBody(i)
		}
	}
	return len(x.src)
}

// headerEnd returns where the header starting at i ends and whether a body
// ("{") follows it. A line break ends a header outside parentheses and
// brackets unless the next line continues it (->, where, throws, a comma…).
func (x *lineExtractor) headerEnd(start int) (int, bool) {
	s := x.src
	nest := 0
	i := start
	for ; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			i = skipString(s, i)
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return len(s), false
			}
			i += j - 1
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return len(s), false
			}
			i += j + 3
		case c == '(' || c == '[':
			nest++
		case (c == ')' || c == ']') && nest > 0:
			nest--
		case nest > 0:
		case c == '{':
			if end, ok := accessorClause(s, i); ok {
				i = end - 1 // "{ get set }" belongs to a protocol requirement's header
				continue
			}
			return i, true
		case c == '}' || c == ';':
			return i, false
		case c == '\n' && !continues(s[i+1:]) && !strings.HasSuffix(strings.TrimRight(s[start:i], " \t\r"), ",") &&
			!onlyAttributes(normalizeSpace(stripComments(s[start:i]))):
			return i, false
		}
	}
	return len(s), false
}

// continues reports whether the line after a break carries on the header
// before it, as a wrapped signature does.
func continues(rest string) bool {
	rest = strings.TrimLeft(rest, " \t\r")
	for _, p := range []string{"->", "where ", "throws", "rethrows", "async", ":", ",", "&"} {
		if strings.HasPrefix(rest, p) {
			return true
		}
	}
	return false
}

// accessorClause reports whether the braces opening at i hold only accessor
// words ("{ get }", "{ get async throws }"), and where they end.
func accessorClause(s string, i int) (int, bool) {
	j := strings.IndexByte(s[i:], '}')
	if j < 0 {
		return 0, false
	}
	words := strings.Fields(s[i+1 : i+j])
	for _, w := range words {
		switch w {
		case "get", "set", "async", "throws", "mutating", "nonmutating":
		default:
			return 0, false
		}
	}
	return i + j + 1, len(words) > 0
}

// onlyAttributes reports whether a normalised header holds attributes alone
// ("@MainActor", "@available(iOS 17, *)"), which then go on the next line.
func onlyAttributes(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); {
		if h[i] == ' ' {
			i++
			continue
		}
		if h[i] != '@' {
			return false
		}
		i = identEnd(h, i+1)
		if i < len(h) && h[i] == '(' {
			depth := 0
			for ; i < len(h); i++ {
				if h[i] == '(' {
					depth++
				} else if h[i] == ')' {
					if depth--; depth == 0 {
						i++
						break
					}
				}
			}
		}
	}
	return true
}

// skipBody returns the index after the "}" matching the "{" at i, skipping
// strings and comments.
func (x *lineExtractor) skipBody(i int) int {
	s := x.src
	depth := 0
	for ; i < len(s); i++ {
		switch {
		case s[i] == '"':
			i = skipString(s, i)
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return len(s)
			}
			i += j
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return len(s)
			}
			i += j + 3
		case s[i] == '{':
			depth++
		case s[i] == '}':
			depth--
			if depth == 0 {
				return i + 1
			}
		}
	}
	return len(s)
}

// skipBlank skips white space and whole comment lines.
func (x *lineExtractor) skipBlank(i int) int {
	s := x.src
	for i < len(s) {
		switch {
		case s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r':
			i++
		case strings.HasPrefix(s[i:], "//"):
			j := strings.IndexByte(s[i:], '\n')
			if j < 0 {
				return len(s)
			}
			i += j + 1
		case strings.HasPrefix(s[i:], "/*"):
			j := strings.Index(s[i+2:], "*/")
			if j < 0 {
				return len(s)
			}
			i += j + 4
		default:
			return i
		}
	}
	return i
}

// cutLongInitialiser drops a property's initial value when it is longer
// than maxInlineValue or opens a closure, as the tree-sitter path does.
func cutLongInitialiser(header string) string {
	if !strings.Contains(header, "var ") && !strings.Contains(header, "let ") {
		return header
	}
	eq := scanTo(header, 0, stopAssign)
	if eq >= len(header) {
		return header
	}
	if value := strings.TrimSpace(header[eq+1:]); len(value) > maxInlineValue {
		return strings.TrimSpace(header[:eq])
	}
	return header
}

func (x *lineExtractor) add(sym document.Symbol) {
	for _, s := range x.syms {
		if s.Name == sym.Name && s.Kind == sym.Kind && s.Signature == sym.Signature {
			return
		}
	}
	x.syms = append(x.syms, sym)
}
