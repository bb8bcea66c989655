package verify

import "strings"

// The declaration pass: what the snippet declares itself, so that references
// to its own types, members, locals and parameters are never looked up.

// scopeKind tells a type body, where var/func/case declare members, from code.
type scopeKind int

const (
	scopeCode scopeKind = iota
	scopeType
)

// collectDecls records the snippet's own declarations, tracking which braces
// open type bodies.
//
// The walks a declaration starts over the tokens after it (an #if
// condition, an import's names, a for loop's pattern) stop where the next
// declaration of the same kind takes over, so that a line of a thousand
// imports costs a thousand steps; what they record is what walking each to
// its end would.
func (a *Analysis) collectDecls() {
	var scopes []scopeKind
	pendingType := false
	conditionUntil, importUntil := 0, 0
	var firstName []int // firstIdentOnLine, when an import needs it
	for i := 0; i < len(a.toks); i++ {
		a.step()
		t := a.toks[i]
		inType := len(scopes) > 0 && scopes[len(scopes)-1] == scopeType
		if t.is(tokPound, "if") || t.is(tokPound, "elseif") {
			j := max(i+1, conditionUntil)
			for ; j < len(a.toks) && !a.toks[j].nlBefore; j++ {
				a.step()
				a.conditionTok[j] = true
			}
			conditionUntil = j
		}
		switch {
		case t.punct("{"):
			if pendingType {
				scopes = append(scopes, scopeType)
				pendingType = false
			} else {
				scopes = append(scopes, scopeCode)
				a.closureParams(i)
			}
		case t.punct("}"):
			if len(scopes) > 0 {
				scopes = scopes[:len(scopes)-1]
			}
		case t.kind != tokKeyword:
		case t.text == "import":
			// Every name after an import on its line is a module; the
			// first is what this import imports.
			j := max(i+1, importUntil)
			for ; j < len(a.toks) && !a.toks[j].nlBefore; j++ {
				a.step()
				if a.toks[j].kind == tokIdent {
					a.modules[a.toks[j].text] = true
				}
			}
			importUntil = j
			if firstName == nil {
				firstName = a.firstIdentOnLine()
			}
			if i+1 < len(a.toks) && firstName[i+1] >= 0 {
				a.imports = append(a.imports, a.toks[firstName[i+1]].text)
			}
		case t.text == "class" && a.tok(i+1).kind == tokKeyword:
			// "class func", "class var": a member modifier, not a type.
		case typeDeclKeywords[t.text] || t.text == "extension":
			if t.text != "extension" {
				a.declareType(i + 1)
			}
			if t.text != "typealias" && t.text != "associatedtype" && t.text != "macro" {
				pendingType = true
			}
		case t.text == "func":
			name := a.tok(i + 1)
			if name.kind == tokIdent {
				a.declTok[i+1] = true
				if inType {
					a.memberDecls[name.text] = true
				} else {
					a.locals[name.text] = ""
					a.bindSure(name.text, "")
				}
			}
			a.declareSignature(i + 2)
		case t.text == "init" || t.text == "subscript":
			a.declareSignature(i + 1)
		case t.text == "var" || t.text == "let":
			a.declareBinding(i+1, inType)
		case t.text == "case" && inType:
			a.declareCases(i + 1)
		case t.text == "for":
			// The pattern runs to "in"; past a later "for" before it, that
			// one declares the names again, last.
			for j := i + 1; j < len(a.toks) && !a.toks[j].is(tokKeyword, "in") && !a.toks[j].is(tokKeyword, "for"); j++ {
				a.step()
				if a.toks[j].kind == tokIdent && !isCapitalized(a.toks[j].text) {
					a.locals[a.toks[j].text] = ""
					a.bindSure(a.toks[j].text, "")
					a.declTok[j] = true
				}
			}
		}
	}
}

// firstIdentOnLine gives, for each token, the index of the first name at
// or after it with no line break up to it (the token's own included), or
// -1.
func (a *Analysis) firstIdentOnLine() []int {
	next := make([]int, len(a.toks))
	for j := len(a.toks) - 1; j >= 0; j-- {
		a.step()
		switch {
		case a.toks[j].nlBefore:
			next[j] = -1
		case a.toks[j].kind == tokIdent:
			next[j] = j
		case j+1 < len(a.toks):
			next[j] = next[j+1]
		default:
			next[j] = -1
		}
	}
	return next
}

// declareType records the type name at i and any generic parameters after it.
func (a *Analysis) declareType(i int) {
	if a.tok(i).kind != tokIdent {
		return
	}
	a.ownTypes[a.tok(i).text] = true
	a.declTok[i] = true
	a.declareGenerics(i + 1)
}

func (a *Analysis) declareGenerics(i int) int {
	if !a.tok(i).punct("<") {
		return i
	}
	end := a.closeOf(i)
	for j := i + 1; j < end; j++ {
		a.step()
		prev := a.tok(j - 1)
		if a.toks[j].kind == tokIdent && (prev.punct("<") || prev.punct(",") || prev.is(tokKeyword, "each")) {
			a.ownTypes[a.toks[j].text] = true
			a.generics[a.toks[j].text] = true
			a.declTok[j] = true
		}
	}
	return end + 1
}

// declareSignature records generic parameters and parameter names of the
// func/init/subscript whose name ends just before i.
func (a *Analysis) declareSignature(i int) {
	for a.tok(i).punct("?") || a.tok(i).punct("!") {
		a.step()
		i++
	}
	i = a.declareGenerics(i)
	if !a.tok(i).punct("(") {
		return
	}
	end := a.closeOf(i)
	segStart := i + 1
	for j := i + 1; j <= end && j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if j < end && !(t.punct(",") && a.enclosing[j] == "(" && a.holder[j] == i) {
			continue
		}
		a.declareParam(segStart, j)
		segStart = j + 1
	}
}

// declareParam handles "label name: Type = default" between from and to.
func (a *Analysis) declareParam(from, to int) {
	colon := -1
	for j := from; j < to; j++ {
		a.step()
		if a.toks[j].punct(":") {
			colon = j
			break
		}
	}
	if colon < 0 {
		return
	}
	typ := a.ownless(a.typeAfter(colon + 1))
	path := ""
	if typ != "" {
		var end int
		path, end = a.typePath(colon + 1)
		// A variadic parameter is an array, an optional's members are
		// Optional's, a generic type's nested path is not followed.
		if t := a.tok(end); t.kind == tokPunct && (strings.HasPrefix(t.text, ".") || t.text == "?" || t.text == "<") {
			path = ""
		}
	}
	for j := from; j < colon; j++ {
		a.step()
		if a.toks[j].kind == tokIdent {
			a.locals[a.toks[j].text] = typ
			a.declTok[j] = true
			if j == colon-1 {
				a.bindSure(a.toks[j].text, path)
			}
		}
	}
}

// typeAfter returns the first type name of a type annotation starting at i,
// "" for collection or function types whose members we cannot place.
func (a *Analysis) typeAfter(i int) string {
	for ; i < len(a.toks); i++ {
		a.step()
		t := a.toks[i]
		switch {
		case t.kind == tokAttr, t.is(tokKeyword, "some"), t.is(tokKeyword, "any"), t.is(tokKeyword, "inout"),
			t.is(tokKeyword, "sending"), t.is(tokKeyword, "borrowing"), t.is(tokKeyword, "consuming"):
			continue
		case t.kind == tokIdent && isCapitalized(t.text):
			return t.text
		default:
			return ""
		}
	}
	return ""
}

// bindingChain reads `.a.b()` after a type at end, up to maxLinks
// members, as "T|a|b"; "" when it does not end the expression there.
func (a *Analysis) bindingChain(root string, end int) string {
	chain := root
	for n := 0; n < maxLinks && a.tok(end).punct(".") && a.tok(end+1).kind == tokIdent && !isCapitalized(a.tok(end+1).text); n++ {
		a.step()
		chain += "|" + a.tok(end+1).text
		end += 2
		if a.tok(end).punct("(") {
			end = a.closeOf(end) + 1
		}
	}
	if chain == root || !endsExpression(a.tok(end)) {
		return ""
	}
	return chain
}

// endsExpression says whether t ends the expression before it.
func endsExpression(t token) bool {
	return t.kind < 0 || t.nlBefore || t.punct(";") || t.punct("}") || t.punct(")") || t.punct(",")
}

// bindSure records a binding's written type; a name bound twice to
// different types (or once to an unwritten one) has none.
func (a *Analysis) bindSure(name, path string) {
	if old, ok := a.sureTypes[name]; ok && old != path {
		path = ""
	}
	a.sureTypes[name] = path
}

// typePath reads a type written as capitalised names joined by dots
// (UIButton.Configuration) from i, and the index after it; "" when the
// type is not one.
func (a *Analysis) typePath(i int) (string, int) {
	path := ""
	for n := 0; n < 4 && a.tok(i).kind == tokIdent && isCapitalized(a.tok(i).text); n++ {
		a.step()
		if path != "" {
			path += "."
		}
		path += a.tok(i).text
		if !a.tok(i+1).punct(".") || a.tok(i+2).kind != tokIdent || !isCapitalized(a.tok(i+2).text) {
			return path, i + 1
		}
		i += 2
	}
	return path, i
}

// ownless drops the snippet's own types: members of those are the snippet's
// own business.
func (a *Analysis) ownless(typ string) string {
	if a.ownTypes[typ] {
		return ""
	}
	return typ
}

// declareBinding handles what follows var/let: a name, a tuple or an enum
// case pattern, with an optional annotation or initialiser.
func (a *Analysis) declareBinding(i int, inType bool) {
	t := a.tok(i)
	switch {
	case t.kind == tokIdent:
		a.declTok[i] = true
		typ := ""
		switch {
		case a.tok(i + 1).punct(":"):
			typ = a.ownless(a.typeAfter(i + 2))
			path := ""
			if typ != "" {
				var end int
				path, end = a.typePath(i + 2)
				// An optional's members (x.map) are Optional's; a generic
				// type's nested path is not followed.
				if n := a.tok(end); n.punct("?") || n.punct("<") || n.punct(".") {
					path = ""
				}
			}
			a.bindSure(t.text, path)
		case a.tok(i + 1).punct("="):
			j := i + 2
			for a.tok(j).is(tokKeyword, "try") || a.tok(j).is(tokKeyword, "await") || a.tok(j).punct("?") || a.tok(j).punct("!") {
				a.step()
				j++
			}
			if n := a.tok(j); n.kind == tokIdent && isCapitalized(n.text) && !a.ownTypes[n.text] {
				typ = n.text
				// `let x = T(…)` or `T.U(…)`: x is a T (a U).
				path, end := a.typePath(j)
				if a.tok(end).punct("<") {
					end = a.closeOf(end) + 1
				}
				// The call must end the expression: `T(…).start()` is
				// whatever start returns.
				switch {
				case a.tok(end).punct("(") && endsExpression(a.tok(a.closeOf(end)+1)):
				case a.tok(end).punct(".") && !a.tok(end-1).punct(">"):
					// `let c = T.current()`, `let d = T.shared.x`: the chain
					// from T, followed when checked ("T|current").
					path = a.bindingChain(path, end)
				default:
					path = ""
				}
				a.bindSure(t.text, path)
			} else {
				a.bindSure(t.text, "")
			}
		default:
			a.bindSure(t.text, "")
		}
		if inType {
			a.memberDecls[t.text] = true
		}
		a.locals[t.text] = typ
	case t.punct("(") || t.punct("."):
		j := i
		if t.punct(".") {
			j = i + 2
		}
		if !a.tok(j).punct("(") {
			return
		}
		end := a.closeOf(j)
		for k := j + 1; k < end; k++ {
			a.step()
			if a.toks[k].kind == tokIdent && !isCapitalized(a.toks[k].text) {
				a.locals[a.toks[k].text] = ""
				a.bindSure(a.toks[k].text, "")
				a.declTok[k] = true
			}
		}
	}
}

// declareCases handles "case a, b(Int), c = 1" in an enum body.
func (a *Analysis) declareCases(i int) {
	for j := i; j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if j > i && t.nlBefore || t.punct("}") || t.punct(";") {
			return
		}
		if t.kind == tokIdent && (j == i || a.tok(j-1).punct(",")) && a.enclosing[j] == a.enclosing[i] {
			a.memberDecls[t.text] = true
			a.declTok[j] = true
		}
		if t.punct("(") {
			j = a.closeOf(j)
		}
	}
}

// closureParams declares the parameters of a closure opened at i: "{ a, b in",
// "{ (x: T) in", "{ [weak self] value in".
func (a *Analysis) closureParams(open int) {
	var names []int
	for j := open + 1; j < len(a.toks) && j < open+40; j++ {
		a.step()
		t := a.toks[j]
		if j > open+1 && t.nlBefore {
			return
		}
		switch {
		case t.is(tokKeyword, "in"):
			src, typed := a.closureCallee(open)
			for i, k := range names {
				if k < 0 {
					continue
				}
				a.locals[a.toks[k].text] = ""
				a.bindSure(a.toks[k].text, "")
				a.declTok[k] = true
				if typed {
					src.index, src.arity = i, len(names)
					a.bindClosure(a.toks[k].text, src)
				}
			}
			return
		case t.kind == tokIdent:
			if !isCapitalized(t.text) && !a.tok(j-1).punct(":") {
				names = append(names, j)
			}
		case t.is(tokKeyword, "_"):
			if !a.tok(j - 1).punct(":") {
				names = append(names, -1)
			}
		case t.kind == tokAttr, t.is(tokKeyword, "weak"), t.is(tokKeyword, "unowned"),
			t.is(tokKeyword, "self"), t.is(tokKeyword, "async"), t.is(tokKeyword, "throws"), t.is(tokKeyword, "some"), t.is(tokKeyword, "any"):
		case t.kind == tokPunct && strings.Contains(",():[]->?!.<>=", t.text) && t.text != "{" && t.text != "}":
		default:
			return
		}
	}
}
