package swiftlex

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind classifies a Swift token. The lexer is deliberately forgiving: it
// never fails, because model output is often broken and the symbol checks must
// still find what the code refers to.
type Kind int

const (
	Ident   Kind = iota // name, `escaped`, $0, $projected
	Keyword             // func, let, self, … (Keywords)
	Attr                // @State (text "State")
	Pound               // #Preview, #available (text without "#")
	Punct               // . ( ) { } [ ] < > , : ? ! \ -> and operator runs
	Number
	String // a whole string literal; interpolations follow as ( … ) groups
)

// Token is one token of Swift source.
type Token struct {
	Kind Kind
	Text string
	Line int // 1-based
	// Start and End are byte offsets into the source, End exclusive. The
	// synthetic parentheses around interpolations have Start == End.
	Start, End int
	// SpaceBefore says whitespace or a comment separates it from the previous
	// token, which tells a postfix "?" from a ternary one.
	SpaceBefore bool
	// NLBefore says a newline separates it from the previous token.
	NLBefore bool
}

// Is reports a token of this kind and text.
func (t Token) Is(kind Kind, text string) bool { return t.Kind == kind && t.Text == text }

// IsPunct reports the punctuation text.
func (t Token) IsPunct(text string) bool { return t.Kind == Punct && t.Text == text }

type lexer struct {
	src  string
	pos  int
	line int
	out  []Token
	// gap tracks whitespace and newlines since the last token.
	space, nl bool
	// interpDepth is how deep in string interpolations this lexer works.
	interpDepth int
	// notRawBefore: no "#" before this offset starts a raw string (the
	// run of "#" it belongs to was looked at already).
	notRawBefore int
	// ctx, when set, stops the lexer (LexContext); steps counts its
	// loop's turns between looks at it.
	ctx   context.Context
	steps *int
}

// pollEvery is how many turns of the lexer's loop pass between looks at
// its context: often enough that a cancelled check stops within
// microseconds, rarely enough that the look costs nothing measurable.
const pollEvery = 1024

// stopped is what a lexer whose context ended panics with; LexContext
// recovers it. A panic, not an error threaded through every helper, because
// the lexer's helpers return positions, not errors.
type stopped struct{ err error }

// maxInterpolationDepth bounds how deep interpolations nested in strings in
// interpolations are lexed as code: each level scans the rest of its
// string again, so unbounded nesting would cost the square of the length.
// Real code nests two or three; deeper ones are string content.
const maxInterpolationDepth = 8

// Lex tokenizes Swift source, dropping comments and whitespace.
func Lex(src string) []Token {
	toks, _ := LexContext(context.Background(), src)
	return toks
}

// LexContext lexes src, stopping with the context's cause when ctx
// ends.
func LexContext(ctx context.Context, src string) (toks []Token, err error) {
	// Code runs to about a token every four bytes: room for that up front
	// spares most of the copies of a growing slice.
	l := &lexer{src: src, line: 1, out: make([]Token, 0, len(src)/4+16), ctx: ctx, steps: new(int)}
	defer func() {
		if r := recover(); r != nil {
			s, ok := r.(stopped)
			if !ok {
				panic(r)
			}
			toks, err = nil, s.err
		}
	}()
	l.run(false)
	return l.out, nil
}

// step counts a turn of the lexer's loop and, every pollEvery, looks at
// its context.
func (l *lexer) step() {
	if *l.steps++; *l.steps%pollEvery == 0 {
		if err := context.Cause(l.ctx); err != nil {
			panic(stopped{err})
		}
	}
}

func (l *lexer) emit(kind Kind, text string, start, line int) {
	// A word after "." is a member name even when it spells a keyword
	// (.default, .init, .self stay recognisable by their text).
	if kind == Keyword && len(l.out) > 0 && l.out[len(l.out)-1].IsPunct(".") && !l.space {
		kind = Ident
	}
	l.out = append(l.out, Token{Kind: kind, Text: text, Line: line, Start: start, End: l.pos, SpaceBefore: l.space, NLBefore: l.nl})
	l.space, l.nl = false, false
}

// run lexes until the end, or, when inInterp, until the ")" that closes a
// string interpolation (consumed, not emitted).
func (l *lexer) run(inInterp bool) {
	depth := 0
	for l.pos < len(l.src) {
		l.step()
		c := l.src[l.pos]
		start, line := l.pos, l.line
		switch {
		case c == '\n':
			l.line++
			l.pos++
			l.space, l.nl = true, true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f':
			l.pos++
			l.space = true
		case strings.HasPrefix(l.src[l.pos:], "//"):
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			l.space = true
		case strings.HasPrefix(l.src[l.pos:], "/*"):
			l.blockComment()
			l.space = true
		case c == '#' && l.regexAhead():
			l.regex()
		case c == '"' || (c == '#' && l.rawStringAhead()):
			l.str()
		case c == '@' && l.pos+1 < len(l.src) && isIdentStart(l.peekRune(l.pos+1)):
			l.pos++
			name := l.word()
			l.emit(Attr, name, start, line)
		case c == '#' && l.pos+1 < len(l.src) && isIdentStart(l.peekRune(l.pos+1)):
			l.pos++
			name := l.word()
			l.emit(Pound, name, start, line)
		case c == '`':
			end := strings.IndexByte(l.src[l.pos+1:], '`')
			if end < 0 {
				l.pos++
				continue
			}
			name := l.src[l.pos+1 : l.pos+1+end]
			l.pos += end + 2
			l.emit(Ident, name, start, line)
		case c == '$' || isIdentStart(l.peekRune(l.pos)):
			if c == '$' {
				l.pos++
			}
			name := l.src[start:l.pos] + l.word()
			if Keywords[name] {
				l.emit(Keyword, name, start, line)
			} else {
				l.emit(Ident, name, start, line)
			}
		case c >= '0' && c <= '9':
			l.number()
			l.emit(Number, l.src[start:l.pos], start, line)
		case c == '(':
			depth++
			l.pos++
			l.emit(Punct, "(", start, line)
		case c == ')':
			if inInterp && depth == 0 {
				l.pos++
				return
			}
			depth--
			l.pos++
			l.emit(Punct, ")", start, line)
		default:
			l.pos += l.operatorLen()
			l.emit(Punct, l.src[start:l.pos], start, line)
		}
	}
}

func (l *lexer) peekRune(at int) rune {
	r, _ := utf8.DecodeRuneInString(l.src[at:])
	return r
}

func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

func isIdentPart(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

func (l *lexer) word() string {
	start := l.pos
	for l.pos < len(l.src) {
		r, size := utf8.DecodeRuneInString(l.src[l.pos:])
		if !isIdentPart(r) {
			break
		}
		l.pos += size
	}
	return l.src[start:l.pos]
}

func (l *lexer) number() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c >= '0' && c <= '9', c == '_', c == 'x', c == 'o', c == 'b',
			c >= 'a' && c <= 'f', c >= 'A' && c <= 'F', c == 'p', c == 'P':
			l.pos++
		case (c == '+' || c == '-') && l.pos > 0 && strings.ContainsRune("eEpP", rune(l.src[l.pos-1])):
			l.pos++
		case c == '.' && l.pos+1 < len(l.src) && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9':
			l.pos++
		default:
			return
		}
	}
}

// operatorLen sizes punctuation: single characters for the structural ones,
// "->", "...", "..<", and whole runs for other operators.
func (l *lexer) operatorLen() int {
	rest := l.src[l.pos:]
	switch {
	case strings.HasPrefix(rest, "->"), strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, ">="):
		return 2
	case strings.HasPrefix(rest, "..."), strings.HasPrefix(rest, "..<"):
		return 3
	}
	if strings.ContainsRune(".(){}[],:;\\@#?!<>", rune(rest[0])) {
		return 1
	}
	n := 0
	for n < len(rest) && strings.ContainsRune("/=-+*%&|^~", rune(rest[n])) {
		n++
	}
	if n == 0 {
		_, size := utf8.DecodeRuneInString(rest)
		return size
	}
	return n
}

func (l *lexer) blockComment() {
	depth := 0
	for l.pos < len(l.src) {
		switch {
		case strings.HasPrefix(l.src[l.pos:], "/*"):
			depth++
			l.pos += 2
		case strings.HasPrefix(l.src[l.pos:], "*/"):
			depth--
			l.pos += 2
			if depth == 0 {
				return
			}
		default:
			if l.src[l.pos] == '\n' {
				l.line++
				l.nl = true
			}
			l.pos++
		}
	}
}

func (l *lexer) rawStringAhead() bool {
	if l.pos < l.notRawBefore {
		return false
	}
	i := l.pos
	for i < len(l.src) && l.src[i] == '#' {
		i++
	}
	if i < len(l.src) && l.src[i] == '"' {
		return true
	}
	// Every "#" of this run is followed by the same character.
	l.notRawBefore = i
	return false
}

// regexAhead says whether the run of "#" at pos opens an extended regex
// literal: `#/INV-(\d+)/#`.
func (l *lexer) regexAhead() bool {
	i := l.pos
	for i < len(l.src) && l.src[i] == '#' {
		i++
	}
	return i < len(l.src) && l.src[i] == '/'
}

// regex lexes an extended regex literal as one string token: its pattern
// is not code (`INV` in `#/INV-(\d+)/#` names nothing). One that does not
// close runs to the end of the source, like a string.
func (l *lexer) regex() {
	start, line := l.pos, l.line
	hashes := l.hashes()
	l.pos++ // the "/"
	closing := "/" + strings.Repeat("#", hashes)
	n := strings.Index(l.src[l.pos:], closing)
	if n < 0 {
		n = len(l.src) - l.pos
	} else {
		n += len(closing)
	}
	l.line += strings.Count(l.src[l.pos:l.pos+n], "\n")
	l.pos += n
	l.emit(String, "", start, line)
}

// hashes consumes the run of "#" that opens a raw string or an extended
// regex literal and returns its length.
func (l *lexer) hashes() int {
	n := 0
	for l.pos < len(l.src) && l.src[l.pos] == '#' {
		n++
		l.pos++
	}
	return n
}

// str lexes a string literal (plain, multi-line or raw) and emits it as one
// token, followed by a "(" … ")" group for each interpolation, whose contents
// are code.
func (l *lexer) str() {
	start, line := l.pos, l.line
	hashes := l.hashes()
	quote := `"`
	if strings.HasPrefix(l.src[l.pos:], `"""`) {
		quote = `"""`
	}
	l.pos += len(quote)
	closing := quote + strings.Repeat("#", hashes)
	escape := `\` + strings.Repeat("#", hashes)
	// interps are the interpolations: from just after "\(" to just after
	// the ")" that closes it.
	var interps []span
	for l.pos < len(l.src) {
		rest := l.src[l.pos:]
		switch {
		case strings.HasPrefix(rest, closing):
			l.pos += len(closing)
			l.emit(String, "", start, line)
			l.lexInterpolations(interps)
			return
		case strings.HasPrefix(rest, escape+"("):
			l.pos += len(escape) + 1
			from := l.pos
			l.skipInterpolation()
			if l.interpDepth < maxInterpolationDepth {
				interps = append(interps, span{from, l.pos})
			}
		case strings.HasPrefix(rest, escape):
			// The escaped character, if the source holds one: an escape
			// at the very end must not step past it.
			l.pos = min(l.pos+len(escape)+1, len(l.src))
		case rest[0] == '\n':
			if quote == `"` { // unterminated single-line string
				l.emit(String, "", start, line)
				l.lexInterpolations(interps)
				return
			}
			l.line++
			l.pos++
		default:
			l.pos++
		}
	}
	l.emit(String, "", start, line)
	l.lexInterpolations(interps)
}

// skipInterpolation moves past a balanced interpolation so the string scan can
// continue; the code inside is lexed afterwards by lexInterpolations.
func (l *lexer) skipInterpolation() {
	depth := 0
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				l.pos++
				return
			}
			depth--
		case '"':
			l.pos++
			for l.pos < len(l.src) && l.src[l.pos] != '"' && l.src[l.pos] != '\n' {
				if l.src[l.pos] == '\\' {
					l.pos++
				}
				l.pos++
			}
		case '\n':
			l.line++
		}
		l.pos++
	}
	// An escape or a quote at the very end steps past it.
	l.pos = min(l.pos, len(l.src))
}

// span is a range of source offsets, end exclusive.
type span struct{ from, to int }

// lexInterpolations lexes each interpolation's code after its string's
// token, as a "(" … ")" group. Each is lexed within the bounds the string
// scan found for it, so that code the two read differently (a comment
// opened inside an interpolation) cannot run one sub-lexer to the end of
// the file for every interpolation.
func (l *lexer) lexInterpolations(starts []span) {
	if len(starts) == 0 {
		return
	}
	end, endLine := l.pos, l.line
	// The line each interpolation starts on, counted back from the end in
	// one pass over the string (counting from each start to the end would
	// cost the square of a long string's length).
	lines := make([]int, len(starts))
	newlines, from := 0, end
	for k := len(starts) - 1; k >= 0; k-- {
		newlines += strings.Count(l.src[starts[k].from:from], "\n")
		from = starts[k].from
		lines[k] = l.line - newlines
	}
	for k, s := range starts {
		sub := &lexer{src: l.src[:s.to], pos: s.from, line: lines[k], interpDepth: l.interpDepth + 1, ctx: l.ctx, steps: l.steps}
		sub.out = append(sub.out, Token{Kind: Punct, Text: "(", Line: sub.line, Start: s.from, End: s.from})
		sub.run(true)
		sub.out = append(sub.out, Token{Kind: Punct, Text: ")", Line: sub.line, Start: sub.pos, End: sub.pos})
		l.out = append(l.out, sub.out...)
	}
	l.pos, l.line = end, endLine
}

// PairBrackets pairs every "(", "[", "{" and "<" with the token closing
// it, counting each kind apart, in one pass: pairs[i] is the partner of the
// bracket at i, len(toks) for an opener left open and -1 for a closer
// without an opener. Other tokens get -1.
func PairBrackets(toks []Token) []int {
	pairs := make([]int, len(toks))
	var open [4][]int // by kind, in "([{<" order
	for i, t := range toks {
		pairs[i] = -1
		if t.Kind != Punct || len(t.Text) != 1 {
			continue
		}
		if k := strings.IndexByte("([{<", t.Text[0]); k >= 0 {
			open[k] = append(open[k], i)
			pairs[i] = len(toks)
		} else if k := strings.IndexByte(")]}>", t.Text[0]); k >= 0 && len(open[k]) > 0 {
			o := open[k][len(open[k])-1]
			open[k] = open[k][:len(open[k])-1]
			pairs[o], pairs[i] = i, o
		}
	}
	return pairs
}
