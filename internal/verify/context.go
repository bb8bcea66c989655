package verify

// Return contexts: a leading dot that a function or a computed property
// returns (`var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }`,
// `-> UIView.ContentMode { return .scaleAspectFit }`) is the declared
// type's member, checked against it like an argument.

// returnContexts maps each such leading dot's token to the type written
// before its body; a body whose type is the file's own, optional or
// generic gives none.
func (a *Analysis) returnContexts() map[int]string {
	out := map[int]string{}
	for o, t := range a.toks {
		a.step()
		if !t.IsPunct("{") {
			continue
		}
		typ := a.bodyType(o)
		if typ == "" {
			continue
		}
		end := a.closeOf(o)
		// A single-expression body: `{ .name }`, `{ .name(…) }`.
		if d := o + 1; a.tok(d).IsPunct(".") && a.tok(d+1).Kind == tokIdent && a.afterMember(d+1) == end {
			out[d] = typ
		}
		// `return .name` directly in the body.
		for j := o + 1; j < end; j++ {
			a.step()
			if a.toks[j].Is(tokKeyword, "return") && a.holder[j] == o && a.tok(j+1).IsPunct(".") && a.tok(j+2).Kind == tokIdent && !a.tok(j+1).NLBefore {
				if k := a.afterMember(j + 2); endsExpression(a.tok(k)) {
					out[j+1] = typ
				}
			}
		}
	}
	return out
}

// afterMember is the token after the member name at i and its call, if
// any.
func (a *Analysis) afterMember(i int) int {
	if a.tok(i+1).IsPunct("(") && !a.tok(i+1).SpaceBefore {
		return a.closeOf(i+1) + 1
	}
	return i + 1
}

// bodyType is the Apple type written just before the body opened at o:
// `-> T {` or `var name: T {`, "" otherwise.
func (a *Analysis) bodyType(o int) string {
	k := o - 1
	if a.tok(k).Kind != tokIdent || !isCapitalized(a.tok(k).Text) {
		return ""
	}
	for a.tok(k-1).IsPunct(".") && a.tok(k-2).Kind == tokIdent && isCapitalized(a.tok(k-2).Text) {
		a.step()
		k -= 2
	}
	if a.ownTypes[a.tok(k).Text] || a.generics[a.tok(k).Text] {
		return ""
	}
	switch before := a.tok(k - 1); {
	case before.IsPunct("->"):
	case before.IsPunct(":") && a.tok(k-2).Kind == tokIdent && a.tok(k-3).Is(tokKeyword, "var"):
	default:
		return ""
	}
	path, end := a.typePath(k)
	if end != o {
		return ""
	}
	return path
}
