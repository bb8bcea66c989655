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
func (a *Analysis) collectDecls() {
	var scopes []scopeKind
	pendingType := false
	for i := 0; i < len(a.toks); i++ {
		t := a.toks[i]
		inType := len(scopes) > 0 && scopes[len(scopes)-1] == scopeType
		if t.is(tokPound, "if") || t.is(tokPound, "elseif") {
			for j := i + 1; j < len(a.toks) && !a.toks[j].nlBefore; j++ {
				a.conditionTok[j] = true
			}
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
			first := true
			for j := i + 1; j < len(a.toks) && !a.toks[j].nlBefore; j++ {
				if a.toks[j].kind == tokIdent {
					a.modules[a.toks[j].text] = true
					if first {
						a.imports = append(a.imports, a.toks[j].text)
						first = false
					}
				}
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
			for j := i + 1; j < len(a.toks) && !a.toks[j].is(tokKeyword, "in"); j++ {
				if a.toks[j].kind == tokIdent && !isCapitalized(a.toks[j].text) {
					a.locals[a.toks[j].text] = ""
					a.declTok[j] = true
				}
			}
		}
	}
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
	end := matchClose(a.toks, i)
	for j := i + 1; j < end; j++ {
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
		i++
	}
	i = a.declareGenerics(i)
	if !a.tok(i).punct("(") {
		return
	}
	end := matchClose(a.toks, i)
	segStart := i + 1
	for j := i + 1; j <= end && j < len(a.toks); j++ {
		t := a.toks[j]
		if j < end && !(t.punct(",") && a.enclosing[j] == "(" && matchOpenIdx(a, j) == i) {
			continue
		}
		a.declareParam(segStart, j)
		segStart = j + 1
	}
}

// matchOpenIdx is the opener of the group directly holding token j.
func matchOpenIdx(a *Analysis, j int) int {
	depth := 0
	for k := j - 1; k >= 0; k-- {
		t := a.toks[k]
		if t.kind != tokPunct {
			continue
		}
		switch t.text {
		case ")", "]", "}", ">":
			depth++
		case "(", "[", "{", "<":
			if depth == 0 {
				return k
			}
			depth--
		}
	}
	return -1
}

// declareParam handles "label name: Type = default" between from and to.
func (a *Analysis) declareParam(from, to int) {
	colon := -1
	for j := from; j < to; j++ {
		if a.toks[j].punct(":") {
			colon = j
			break
		}
	}
	if colon < 0 {
		return
	}
	typ := a.ownless(a.typeAfter(colon + 1))
	for j := from; j < colon; j++ {
		if a.toks[j].kind == tokIdent {
			a.locals[a.toks[j].text] = typ
			a.declTok[j] = true
		}
	}
}

// typeAfter returns the first type name of a type annotation starting at i,
// "" for collection or function types whose members we cannot place.
func (a *Analysis) typeAfter(i int) string {
	for ; i < len(a.toks); i++ {
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
		case a.tok(i + 1).punct("="):
			j := i + 2
			for a.tok(j).is(tokKeyword, "try") || a.tok(j).is(tokKeyword, "await") || a.tok(j).punct("?") || a.tok(j).punct("!") {
				j++
			}
			if n := a.tok(j); n.kind == tokIdent && isCapitalized(n.text) && !a.ownTypes[n.text] {
				typ = n.text
			}
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
		end := matchClose(a.toks, j)
		for k := j + 1; k < end; k++ {
			if a.toks[k].kind == tokIdent && !isCapitalized(a.toks[k].text) {
				a.locals[a.toks[k].text] = ""
				a.declTok[k] = true
			}
		}
	}
}

// declareCases handles "case a, b(Int), c = 1" in an enum body.
func (a *Analysis) declareCases(i int) {
	for j := i; j < len(a.toks); j++ {
		t := a.toks[j]
		if j > i && t.nlBefore || t.punct("}") || t.punct(";") {
			return
		}
		if t.kind == tokIdent && (j == i || a.tok(j-1).punct(",")) && a.enclosing[j] == a.enclosing[i] {
			a.memberDecls[t.text] = true
			a.declTok[j] = true
		}
		if t.punct("(") {
			j = matchClose(a.toks, j)
		}
	}
}

// closureParams declares the parameters of a closure opened at i: "{ a, b in",
// "{ (x: T) in", "{ [weak self] value in".
func (a *Analysis) closureParams(open int) {
	var names []int
	for j := open + 1; j < len(a.toks) && j < open+40; j++ {
		t := a.toks[j]
		if j > open+1 && t.nlBefore {
			return
		}
		switch {
		case t.is(tokKeyword, "in"):
			for _, k := range names {
				a.locals[a.toks[k].text] = ""
				a.declTok[k] = true
			}
			return
		case t.kind == tokIdent:
			if !isCapitalized(t.text) && !a.tok(j-1).punct(":") {
				names = append(names, j)
			}
		case t.kind == tokAttr, t.is(tokKeyword, "_"), t.is(tokKeyword, "weak"), t.is(tokKeyword, "unowned"),
			t.is(tokKeyword, "self"), t.is(tokKeyword, "async"), t.is(tokKeyword, "throws"), t.is(tokKeyword, "some"), t.is(tokKeyword, "any"):
		case t.kind == tokPunct && strings.Contains(",():[]->?!.<>=", t.text) && t.text != "{" && t.text != "}":
		default:
			return
		}
	}
}
