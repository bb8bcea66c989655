package verify

// NormalizeForTreeSitter rewrites Swift 5.9–6 spellings the bundled grammar
// (2024) predates into ones it parses, padding with spaces so lines and
// columns stay put: typed throws `throws(E)`, `sending`/`isolated` parameter
// modifiers, `~Copyable`, `nonisolated(unsafe)` and freestanding macros
// (#Preview { … }, #Predicate<T> { … }). swiftc needs none of this.
func NormalizeForTreeSitter(code string) string {
	return normalizeTokens(code, lexSwift(code))
}

// normalizeTokens is NormalizeForTreeSitter over code's tokens, lexed once
// for the parse and the analysis.
func normalizeTokens(code string, toks []token) string {
	pairs := pairBrackets(toks)
	buf := []byte(code)
	blank := func(from, to int) {
		for k := from; k < to && k < len(buf); k++ {
			if buf[k] != '\n' {
				buf[k] = ' '
			}
		}
	}
	for i, t := range toks {
		next := token{kind: -1}
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		switch {
		case (t.is(tokKeyword, "throws") || t.is(tokKeyword, "nonisolated")) && next.punct("(") && !next.spaceBefore:
			if end := pairs[i+1]; end < len(toks) {
				blank(next.start, toks[end].end)
			}
		case t.is(tokKeyword, "sending") || t.is(tokKeyword, "isolated"):
			if i > 0 && (toks[i-1].punct(":") || toks[i-1].punct("->")) {
				blank(t.start, t.end)
			}
		case t.punct("~") && next.kind == tokIdent && (next.text == "Copyable" || next.text == "Escapable"):
			blank(t.start, t.end)
		case t.kind == tokPound && !poundDirectives[t.text] || t.is(tokPound, "isolation"):
			blank(t.start, t.start+1)
		}
	}
	return string(buf)
}
