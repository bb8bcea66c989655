package verify

import "strings"

// Typed values: a value whose type its context gives (an argument, a
// property assigned, a binding with a written type, a returned value) may
// be a leading dot, or a conditional whose branches are
// (`span: isRecurring ? .futureEvents : .thisEvent`, `let level: OSLogType
// = failed ? .error : .info`): Swift gives each branch the type the
// context wants of the whole, so each is checked against it.

// valueDots lists the leading dots a value running from start up to stop
// is: itself when it is one (`.name`, `.name(…)`), or the branches of a
// conditional that are, through parentheses and nested conditionals.
func (a *Analysis) valueDots(start, stop int) []int {
	if start >= stop {
		return nil
	}
	if a.tok(start).IsPunct(".") && a.tok(start+1).Kind == tokIdent && a.afterMember(start+1) == stop {
		return []int{start}
	}
	if a.tok(start).IsPunct("(") && a.closeOf(start) == stop-1 {
		return a.valueDots(start+1, stop-1)
	}
	q, colon := a.conditional(start, stop)
	if q < 0 {
		return nil
	}
	return append(a.valueDots(q+1, colon), a.valueDots(colon+1, stop)...)
}

// conditionalDots is valueDots for a value that is a conditional, from
// start to the end of its expression; a plain leading dot, which each
// context reads already, gives none.
func (a *Analysis) conditionalDots(start int) []int {
	stop := a.valueEnd(start)
	if q, _ := a.conditional(start, stop); q < 0 && !a.tok(start).IsPunct("(") {
		return nil
	}
	return a.valueDots(start, stop)
}

// conditional finds the `?` and its `:` of a conditional spanning start
// to stop at their own depth (groups skipped, nested conditionals paired),
// -1s when there is none. A `?` with no space before it unwraps an
// optional (`delegate?.title`), and is no conditional's.
func (a *Analysis) conditional(start, stop int) (q, colon int) {
	q, depth := -1, 0
	for k := start; k < stop; k++ {
		a.step()
		switch t := a.toks[k]; {
		case t.IsPunct("(") || t.IsPunct("[") || t.IsPunct("{"):
			if c := a.closeOf(k); c > k {
				k = c
			}
		case t.IsPunct("?") && t.SpaceBefore:
			if q < 0 {
				q = k
			}
			depth++
		case t.IsPunct(":") && depth > 0:
			if depth--; depth == 0 {
				return q, k
			}
		}
	}
	return -1, -1
}

// valueEnd is the token after the value that starts at start: the first
// at its depth that ends an expression (a line break, `,`, `)`, `}`, `;`,
// `else`), groups skipped.
func (a *Analysis) valueEnd(start int) int {
	k := start
	for k < len(a.toks) {
		a.step()
		t := a.toks[k]
		if k > start && endsExpression(t) {
			return k
		}
		if c := a.closeOf(k); (t.IsPunct("(") || t.IsPunct("[") || t.IsPunct("{")) && c > k {
			k = c + 1
			continue
		}
		k++
	}
	return k
}

// bindingContexts records, for the leading dots a binding with a written
// Apple type is given (`let level: OSLogType = .error`, or a conditional
// of them), that type. An optional, generic or project type gives none.
func (a *Analysis) bindingContexts(expect map[int]string) {
	for i, t := range a.toks {
		a.step()
		if !t.Is(tokKeyword, "let") && !t.Is(tokKeyword, "var") || a.tok(i+1).Kind != tokIdent || !a.tok(i+2).IsPunct(":") {
			continue
		}
		typ, end := a.typePath(i + 3)
		if typ == "" || !a.tok(end).IsPunct("=") || a.generics[typ] {
			continue
		}
		if root, _, _ := strings.Cut(typ, "."); a.ownTypes[root] || a.generics[root] {
			continue
		}
		start := end + 1
		for _, d := range a.valueDots(start, a.valueEnd(start)) {
			if expect[d] == "" {
				expect[d] = typ
			}
		}
	}
}
