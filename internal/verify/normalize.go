package verify

import "github.com/cupertino-go/cupertino/internal/swiftlex"

// NormalizeForTreeSitter rewrites Swift 5.9–6 spellings the bundled grammar
// (2024) predates into ones it parses, padding with spaces so lines and
// columns stay put: typed throws `throws(E)`, `sending`/`isolated` parameter
// modifiers, `~Copyable`, `nonisolated(unsafe)` and freestanding macros
// (#Preview { … }, #Predicate<T> { … }). swiftc needs none of this.
func NormalizeForTreeSitter(code string) string {
	return normalizeTokens(code, swiftlex.Lex(code))
}

// normalizeTokens is NormalizeForTreeSitter over code's tokens, lexed once
// for the parse and the analysis.
func normalizeTokens(code string, toks []token) string {
	pairs := swiftlex.PairBrackets(toks)
	buf := []byte(code)
	blank := func(from, to int) {
		for k := from; k < to && k < len(buf); k++ {
			if buf[k] != '\n' {
				buf[k] = ' '
			}
		}
	}
	for i, t := range toks {
		next := token{Kind: -1}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case (t.Is(tokKeyword, "throws") || t.Is(tokKeyword, "nonisolated")) && next.IsPunct("(") && !next.SpaceBefore:
			if end := pairs[i+1]; end < len(toks) {
				blank(next.Start, toks[end].End)
			}
		case t.Is(tokKeyword, "sending") || t.Is(tokKeyword, "isolated"):
			if i > 0 && (toks[i-1].IsPunct(":") || toks[i-1].IsPunct("->")) {
				blank(t.Start, t.End)
			}
		case t.IsPunct("~") && next.Kind == tokIdent && (next.Text == "Copyable" || next.Text == "Escapable"):
			blank(t.Start, t.End)
		case t.Kind == tokPound && !swiftlex.Directives[t.Text] || t.Is(tokPound, "isolation"):
			blank(t.Start, t.Start+1)
		}
	}
	return string(buf)
}
