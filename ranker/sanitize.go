package ranker

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ErrEmptyQuery means nothing searchable is left after cleaning a query.
var ErrEmptyQuery = errors.New("empty query")

// Bounds on what reaches FTS5. A pasted stack trace or a 100 kB string must
// cost no more than a normal query: the byte bound applies before
// tokenising, the term bound after.
const (
	MaxQueryBytes = 512
	MaxQueryTerms = 16
	// MaxTermTokens bounds the tokens of one quoted term, which FTS5 reads
	// as a phrase. Terms split on white space only, so `a.a.a…` is one term
	// of 250 tokens, and FTS5 matches a phrase by reading every token's
	// positions in every row that holds them all: 250 copies of a common
	// word cost seconds on the full index. Beyond it the phrase is its first
	// tokens. The symbol search stops at the same count (index.SymbolWords);
	// no real query comes near (the longest term of the batteries,
	// frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:),
	// has 8).
	MaxTermTokens = 12
)

// cleanText strips control characters (NUL ends an FTS5 string early and
// would make the expression unterminated), replaces invalid UTF-8 and bounds
// the result to MaxQueryBytes at a rune boundary.
func cleanText(s string) string {
	var b strings.Builder
	b.Grow(min(len(s), MaxQueryBytes))
	for _, r := range s {
		if r == utf8.RuneError {
			r = ' '
		}
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			r = ' '
		}
		if b.Len()+utf8.RuneLen(r) > MaxQueryBytes {
			break
		}
		b.WriteRune(r)
	}
	return b.String()
}

// hasTokenChar reports whether FTS5's unicode61 tokenizer would produce at
// least one token from s. A quoted string without one is an empty phrase,
// which is legal but matches nothing, so "Codable" AND "***" would return no
// rows. Go's Unicode tables may be newer than SQLite's; a letter SQLite does
// not know yet costs recall on that one query, never a syntax error.
func hasTokenChar(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}

// Terms splits a user string into at most MaxQueryTerms search terms: cleaned,
// split on white space, and without the terms the tokenizer would ignore
// entirely (lone punctuation, FTS5 operators such as "*", "^" or "(").
// Terms are returned unquoted; Quote makes each safe for MATCH.
func Terms(s string) []string {
	var out []string
	for _, f := range strings.Fields(cleanText(s)) {
		if !hasTokenChar(f) {
			continue
		}
		out = append(out, f)
		if len(out) == MaxQueryTerms {
			break
		}
	}
	return out
}

// Quote returns term as an FTS5 string: double-quoted with embedded quotes
// doubled. Inside a string every FTS5 operator (AND, OR, NOT, NEAR(, *, ^, :,
// +, -, parentheses, column filters) is plain text for the tokenizer, which
// is why every term the ranker sends is quoted: `padding(_:_:)` unquoted is a
// syntax error, quoted it is the phrase "padding".
func Quote(term string) string {
	term = firstTokens(term, MaxTermTokens)
	return `"` + strings.ReplaceAll(term, `"`, `""`) + `"`
}

// firstTokens cuts s after its n-th token, a run of letters and digits as
// FTS5's unicode61 tokenizer reads them.
func firstTokens(s string, n int) string {
	tokens, inToken := 0, false
	for i, r := range s {
		isToken := unicode.IsLetter(r) || unicode.IsNumber(r)
		if isToken && !inToken {
			if tokens++; tokens > n {
				return s[:i]
			}
		}
		inToken = isToken
	}
	return s
}

// Sanitize turns any user string into a safe MATCH expression requiring all
// of its terms (FTS5's implicit AND). It returns ErrEmptyQuery when no term
// survives cleaning.
func Sanitize(s string) (string, error) {
	terms := Terms(s)
	if len(terms) == 0 {
		return "", ErrEmptyQuery
	}
	return MatchAll(terms), nil
}

// MatchAll is the expression requiring every term. Terms must come from
// Terms (or otherwise contain a token character).
func MatchAll(terms []string) string {
	return joinQuoted(terms, " ")
}

// MatchAny is the expression requiring at least one term.
func MatchAny(terms []string) string {
	return joinQuoted(terms, " OR ")
}

// MatchPrefix is the expression matching term as a prefix of a token (the
// last token of the phrase when term has several).
func MatchPrefix(term string) string {
	return Quote(term) + "*"
}

// MatchColumns restricts expr to the named docs_fts columns. Column names are
// fixed identifiers chosen by the ranker, never user input.
func MatchColumns(columns []string, expr string) string {
	return "{" + strings.Join(columns, " ") + "} : (" + expr + ")"
}

func joinQuoted(terms []string, sep string) string {
	var b strings.Builder
	for i, t := range terms {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(Quote(t))
	}
	return b.String()
}
