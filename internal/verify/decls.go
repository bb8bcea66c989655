package verify

import (
	"strings"
)

// The declaration pass: what the snippet declares itself, so that references
// to its own types, members, locals and parameters are never looked up.

// scopeKind tells a type body, where var/func/case declare members, from code.
type scopeKind int

const (
	scopeCode scopeKind = iota
	scopeType
	// scopeOpenType is an extension's or a protocol's body: what it
	// declares may be an Apple type's member too.
	scopeOpenType
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
	var scopeNames []string // each scope's type name, "" for code
	pendingType, pendingOpen, pendingName := false, false, ""
	conditionUntil, importUntil := 0, 0
	var firstName []int // firstIdentOnLine, when an import needs it
	for i := 0; i < len(a.toks); i++ {
		a.step()
		t := a.toks[i]
		inType := len(scopes) > 0 && scopes[len(scopes)-1] != scopeCode
		inOpen := len(scopes) > 0 && scopes[len(scopes)-1] == scopeOpenType
		if t.Is(tokPound, "if") || t.Is(tokPound, "elseif") {
			j := max(i+1, conditionUntil)
			for ; j < len(a.toks) && !a.toks[j].NLBefore; j++ {
				a.step()
				a.conditionTok[j] = true
			}
			conditionUntil = j
		}
		switch {
		case t.IsPunct("{"):
			if pendingType {
				kind := scopeType
				if pendingOpen {
					kind = scopeOpenType
				}
				scopes = append(scopes, kind)
				scopeNames = append(scopeNames, pendingName)
				pendingType, pendingOpen, pendingName = false, false, ""
			} else {
				scopes = append(scopes, scopeCode)
				scopeNames = append(scopeNames, "")
				a.closureParams(i)
			}
		case t.IsPunct("}"):
			if len(scopes) > 0 {
				scopes = scopes[:len(scopes)-1]
				scopeNames = scopeNames[:len(scopeNames)-1]
			}
		case t.Kind != tokKeyword:
		case t.Text == "import":
			// Every name after an import on its line is a module; the
			// first is what this import imports.
			j := max(i+1, importUntil)
			for ; j < len(a.toks) && !a.toks[j].NLBefore; j++ {
				a.step()
				if a.toks[j].Kind == tokIdent {
					a.modules[a.toks[j].Text] = true
				}
			}
			importUntil = j
			if firstName == nil {
				firstName = a.firstIdentOnLine()
			}
			if i+1 < len(a.toks) && firstName[i+1] >= 0 {
				a.imports = append(a.imports, a.toks[firstName[i+1]].Text)
			}
		case t.Text == "class" && a.tok(i+1).Kind == tokKeyword:
			// "class func", "class var": a member modifier, not a type.
		case typeDeclKeywords[t.Text] || t.Text == "extension":
			if t.Text != "extension" {
				a.declareType(i + 1)
			} else {
				a.declareWhereGenerics(i + 1)
			}
			if t.Text != "typealias" && t.Text != "associatedtype" && t.Text != "macro" {
				pendingType = true
				pendingOpen = t.Text == "extension" || t.Text == "protocol"
				pendingName = ""
				if n := a.tok(i + 1); n.Kind == tokIdent && !a.tok(i+2).IsPunct(".") {
					pendingName = n.Text
				}
			}
		case t.Text == "func":
			name := a.tok(i + 1)
			if name.Kind == tokIdent {
				a.declTok[i+1] = true
				if inType {
					a.memberDecls[name.Text] = true
					a.methodDecls[name.Text] = true
					if a.declaredStatic(i) {
						a.staticDecls[name.Text] = true
					}
					a.openMembers[name.Text] = a.openMembers[name.Text] || inOpen
				} else {
					a.locals[name.Text] = ""
					a.bindSure(name.Text, "")
				}
			}
			a.noteReturnType(name.Text, a.declareSignature(i+2))
		case t.Text == "init" || t.Text == "subscript":
			a.declareSignature(i + 1)
		case t.Text == "var" || t.Text == "let":
			if n := a.tok(i + 1); inType && n.Kind == tokIdent {
				// The type whose body declares it (extension bodies
				// count: `extension Reminder { var isLate: Bool }`).
				bindAgreed(a.propertyOwners, n.Text, scopeNames[len(scopeNames)-1])
			}
			a.declareBinding(i+1, inType)
			for _, k := range a.furtherBindings(i) {
				a.declareBinding(k, inType)
			}
			if n := a.tok(i + 1); inType && n.Kind == tokIdent {
				a.openMembers[n.Text] = a.openMembers[n.Text] || inOpen
			}
		case t.Text == "case" && inType:
			a.declareCases(i + 1)
		case t.Text == "for" && (a.tok(i-1).IsPunct("(") || a.tok(i-1).IsPunct(",")):
			// An argument label (`func bucket(for day: Date)`,
			// `url(for: .documentDirectory, …)`), not a loop: the
			// parameter after it is declared by declareSignature.
		case t.Text == "for":
			// The pattern runs to "in"; past a later "for" before it, that
			// one declares the names again, last.
			elem, only := "", -1 // only: the one name elem types, or every name
			if n, in, coll := a.tok(i+1), a.tok(i+2), a.tok(i+3); n.Kind == tokIdent && in.Is(tokKeyword, "in") && coll.Kind == tokIdent && (a.tok(i+4).IsPunct("{") || a.tok(i+4).Is(tokKeyword, "where")) {
				// `for l in locations {`, `for u in urls where …`: an element.
				elem = a.elementsOf(coll.Text)
				if elem == "" {
					a.loopOver[n.Text] = coll.Text
				}
			} else if n.Kind == tokIdent && in.Is(tokKeyword, "in") && coll.IsPunct("[") && loopEnd(a.tok(a.closeOf(i+3)+1)) {
				// `for field in [emailField, passwordField] {`: the type
				// the names listed share.
				elem = a.literalElements(i + 3)
			} else if e, at := a.enumeratedLoop(i); e != "" {
				// `for (index, device) in devices.enumerated() {`: the
				// second name is an element.
				elem, only = e, at
			} else if v := a.loopDictionaryValue(i); v != "" {
				// `for (name, color) in colors` over `[String: UIColor]`,
				// `for color in colors.values`: the values.
				elem, only = v, i+1
				if a.tok(i + 1).IsPunct("(") {
					only = i + 4
				}
			} else if n.Kind == tokIdent && in.Is(tokKeyword, "in") {
				// `for e in store.events(matching: p) where …`: an
				// element of what the chain's last member returns.
				if chain := a.localChain(i+3, loopEnd); chain != "" {
					elem = chain + "|" + elementLink
				} else if coll := a.tok(i + 3); coll.Kind == tokIdent && isCapitalized(coll.Text) && !a.ownTypes[coll.Text] && !a.generics[coll.Text] {
					// `for w in UIApplication.shared.windows {`: an
					// element of what the chain from the type returns.
					path, end := a.typePath(i + 3)
					if a.tok(end).IsPunct("<") && a.tok(a.closeOf(end)+1).IsPunct(".") {
						// `for a in Activity<Attributes>.activities`.
						end = a.closeOf(end) + 1
					}
					if a.tok(end).IsPunct(".") {
						if chain := a.chainTo(path, end, loopEnd); chain != "" {
							elem = chain + "|" + elementLink
						}
					}
				}
			}
			for j := i + 1; j < len(a.toks) && !a.toks[j].Is(tokKeyword, "in") && !a.toks[j].Is(tokKeyword, "for"); j++ {
				a.step()
				if a.toks[j].Kind == tokIdent && !isCapitalized(a.toks[j].Text) {
					a.locals[a.toks[j].Text] = ""
					if only < 0 || j == only {
						a.bindSure(a.toks[j].Text, elem)
					} else {
						a.bindSure(a.toks[j].Text, "")
					}
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
		case a.toks[j].NLBefore:
			next[j] = -1
		case a.toks[j].Kind == tokIdent:
			next[j] = j
		case j+1 < len(a.toks):
			next[j] = next[j+1]
		default:
			next[j] = -1
		}
	}
	return next
}

// ownViews are the file's own types whose every declaration is a
// structure or enum with SwiftUI's View as its one conformance (`struct
// NowPlayingView: View {`), and that no extension in the file extends. A
// value of one offers View's members and the names the project declares,
// nothing else.
func (a *Analysis) ownViews() map[string]bool {
	if a.ownViewTypes != nil {
		return a.ownViewTypes
	}
	a.ownViewTypes = map[string]bool{}
	declared, views := map[string]int{}, map[string]int{}
	for i, t := range a.toks {
		a.step()
		name := a.tok(i + 1)
		if t.Kind != tokKeyword || name.Kind != tokIdent {
			continue
		}
		switch t.Text {
		case "extension", "class", "actor", "protocol":
			declared[name.Text]++
		case "struct", "enum":
			declared[name.Text]++
			k := i + 2
			if a.tok(k).IsPunct("<") {
				k = a.closeOf(k) + 1
			}
			if a.tok(k).IsPunct(":") && a.tok(k+1).Is(tokIdent, "View") && (a.tok(k+2).IsPunct("{") || a.tok(k+2).Is(tokKeyword, "where")) {
				views[name.Text]++
			}
		}
	}
	for name, n := range views {
		if declared[name] == n {
			a.ownViewTypes[name] = true
		}
	}
	return a.ownViewTypes
}

// publishedNames are the properties the file declares @Published
// (`@Published private(set) var username = ""`): `$username` is their
// publisher.
func (a *Analysis) publishedNames() map[string]bool {
	if a.published != nil {
		return a.published
	}
	a.published = map[string]bool{}
	for i, t := range a.toks {
		a.step()
		if !t.Is(tokAttr, "Published") {
			continue
		}
		// The declaration's name follows its var within a few modifiers.
		for j := i + 1; j < i+8 && j < len(a.toks); j++ {
			if a.tok(j).Is(tokKeyword, "var") {
				if name := a.tok(j + 1); name.Kind == tokIdent {
					a.published[name.Text] = true
				}
				break
			}
		}
	}
	return a.published
}

// declareType records the type name at i and any generic parameters after it.
func (a *Analysis) declareType(i int) {
	if a.tok(i).Kind != tokIdent {
		return
	}
	a.ownTypes[a.tok(i).Text] = true
	a.declTok[i] = true
	a.declareGenerics(i + 1)
}

// declareWhereGenerics records the names an extension's where clause
// constrains (`extension PreviewTrait where T == Preview.ViewTraits`):
// the extended type's generic parameters or associated types, which no
// page titles by their one-letter names.
func (a *Analysis) declareWhereGenerics(i int) {
	depth, start, where := 0, false, false
	for j := i; j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		switch {
		case depth == 0 && t.IsPunct("{"):
			return
		case t.IsPunct("<") || t.IsPunct("(") || t.IsPunct("["):
			depth++
		case t.IsPunct(">") || t.IsPunct(")") || t.IsPunct("]"):
			depth--
		case t.Is(tokKeyword, "where") || where && depth == 0 && t.IsPunct(","):
			start, where = true, true
			continue
		case start && t.Kind == tokIdent && isCapitalized(t.Text) && !a.ownTypes[t.Text]:
			a.ownTypes[t.Text] = true
			a.generics[t.Text] = true
		}
		start = false
	}
}

func (a *Analysis) declareGenerics(i int) int {
	if !a.tok(i).IsPunct("<") {
		return i
	}
	end := a.closeOf(i)
	for j := i + 1; j < end; j++ {
		a.step()
		prev := a.tok(j - 1)
		if a.toks[j].Kind == tokIdent && (prev.IsPunct("<") || prev.IsPunct(",") || prev.Is(tokKeyword, "each")) {
			a.ownTypes[a.toks[j].Text] = true
			a.generics[a.toks[j].Text] = true
			a.declTok[j] = true
		}
	}
	return end + 1
}

// declareSignature records generic parameters and parameter names of the
// func/init/subscript whose name ends just before i, and returns the index
// after its parameter list (-1 when it has none).
func (a *Analysis) declareSignature(i int) int {
	for a.tok(i).IsPunct("?") || a.tok(i).IsPunct("!") {
		a.step()
		i++
	}
	i = a.declareGenerics(i)
	if !a.tok(i).IsPunct("(") {
		return -1
	}
	end := a.closeOf(i)
	segStart := i + 1
	for j := i + 1; j <= end && j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if j < end && !(t.IsPunct(",") && a.enclosing[j] == "(" && a.holder[j] == i) {
			continue
		}
		a.declareParam(segStart, j)
		segStart = j + 1
	}
	return end + 1
}

// noteReturnType records the Apple type a function or method of the file
// returns, read from k, after its parameter list (`func load(id: Int) async ->
// Result<Profile, Error>`: Result), for a local its call with no receiver
// binds (ownReturnType). Two functions of the name that return different
// types record none.
func (a *Analysis) noteReturnType(name string, k int) {
	if k < 0 {
		return
	}
	for a.tok(k).Is(tokKeyword, "async") || a.tok(k).Is(tokKeyword, "throws") || a.tok(k).Is(tokKeyword, "rethrows") {
		k++
	}
	typ := ""
	if a.tok(k).IsPunct("->") {
		path, end := a.typePath(k + 1)
		if path != "" && a.tok(end).IsPunct("<") {
			path, end = a.pastGenericArguments(path, end)
		}
		if n := a.tok(end); path != "" && !a.ownTypes[path] && !n.IsPunct("?") && !n.IsPunct("!") && !n.IsPunct(".") {
			typ = path
		}
	}
	if old, seen := a.ownReturns[name]; seen && old != typ {
		typ = ""
	}
	a.ownReturns[name] = typ
}

// ownReturnType is the Apple type the call at j of the file's function or
// method returns, written with no receiver (`await load(id: id)`), "" when
// not known.
func (a *Analysis) ownReturnType(j int, ends func(token) bool) string {
	n := a.tok(j)
	if n.Kind != tokIdent || isCapitalized(n.Text) || a.tok(j-1).IsPunct(".") || !a.tok(j+1).IsPunct("(") || a.tok(j+1).SpaceBefore {
		return ""
	}
	if !ends(a.tok(a.closeOf(j+1) + 1)) {
		return ""
	}
	return a.ownReturns[n.Text]
}

// declareParam handles "label name: Type = default" between from and to.
func (a *Analysis) declareParam(from, to int) {
	colon := -1
	for j := from; j < to; j++ {
		a.step()
		if a.toks[j].IsPunct(":") {
			colon = j
			break
		}
	}
	if colon < 0 {
		return
	}
	typ := a.ownless(a.typeAfter(colon + 1))
	path := ""
	if sugar, sure := a.sugaredType(a.tok(colon-1).Text, colon+1); sugar != "" {
		typ, path = sugar, sure
	} else if typ != "" {
		var end int
		path, end = a.typePath(colon + 1)
		// A variadic parameter is an array, an optional's members are
		// Optional's, a generic type's nested path is not followed.
		if t := a.tok(end); t.Kind == tokPunct && (t.Text == "?" || t.Text == "!") {
			a.bindWrapped(a.tok(colon-1).Text, path)
		}
		if t := a.tok(end); t.Kind == tokPunct && (strings.HasPrefix(t.Text, ".") || t.Text == "?" || t.Text == "<" && !a.closedGeneric(end)) {
			path = ""
		}
	}
	for j := from; j < colon; j++ {
		a.step()
		if a.toks[j].Kind == tokIdent {
			a.locals[a.toks[j].Text] = typ
			a.declTok[j] = true
			if j == colon-1 {
				if params, ok := a.functionTypeParams(colon + 1); ok {
					a.functionParams[a.toks[j].Text] = params
				}
				a.bindSure(a.toks[j].Text, path)
				if arg := a.genericArgumentAt(colon + 1); path != "" && arg != "" {
					a.bindGenericArgument(a.toks[j].Text, arg)
				}
				if elem := a.arrayElement(colon + 1); elem != "" {
					a.bindElements(a.toks[j].Text, elem)
				}
				a.bindOwn(a.toks[j].Text, colon+1)
				if v := a.dictionaryValue(colon + 1); v != "" {
					a.dictValues[a.toks[j].Text] = v
				}
			}
		}
	}
}

// declareCases handles "case a, b(Int), c = 1" in an enum body.
func (a *Analysis) declareCases(i int) {
	for j := i; j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if j > i && t.NLBefore || t.IsPunct("}") || t.IsPunct(";") {
			return
		}
		if t.Kind == tokIdent && (j == i || a.tok(j-1).IsPunct(",")) && a.enclosing[j] == a.enclosing[i] {
			a.memberDecls[t.Text] = true
			a.declTok[j] = true
		}
		if t.IsPunct("(") {
			j = a.closeOf(j)
		}
	}
}

// noteShadow records, before a closure's parameter binds name, the type
// the one binding before it gave (`let request = VNRecognizeTextRequest {
// request, _ in … }`): outside the closure the name is still that
// (Analysis.shadowed).
func (a *Analysis) noteShadow(name string, open int) {
	if a.bindings[name] != 1 {
		return
	}
	switch outer, wrapped := a.sureTypes[name], a.wrappedType(name); {
	case outer != "":
		a.shadowed[name] = outer
	case wrapped != "":
		// An optional (`var continuation: AsyncStream<Int>.Continuation?`).
		a.shadowedWrapped[name] = wrapped
	default:
		return
	}
	a.closureScopes[name] = append(a.closureScopes[name], [2]int{open, a.closeOf(open)})
}

// closureParams declares the parameters of a closure opened at i: "{ a, b in",
// "{ (x: T) in", "{ [weak self] value in".
func (a *Analysis) closureParams(open int) {
	var names []int
	for j := open + 1; j < len(a.toks) && j < open+40; j++ {
		a.step()
		t := a.toks[j]
		if j > open+1 && t.NLBefore {
			return
		}
		if j == open+1 && t.IsPunct("[") {
			// A capture list (`[weak self, weak player]`) captures values
			// bound outside: no parameters, no new bindings; but one that
			// names a value (`[weak model = self.model]`) binds that name.
			end := a.closeOf(j)
			for k := j + 1; k < end; k++ {
				if a.toks[k].Kind == tokIdent && a.tok(k+1).IsPunct("=") {
					a.locals[a.toks[k].Text] = ""
					a.declTok[k] = true
					a.bindSure(a.toks[k].Text, "")
				}
			}
			j = end
			continue
		}
		switch {
		case t.Is(tokKeyword, "in"):
			src, typed := a.closureCallee(open)
			elem, elems := a.closureElements(open)
			changed, optional := a.onChangeValue(open)
			for i, k := range names {
				if k < 0 {
					continue
				}
				a.noteShadow(a.toks[k].Text, open)
				a.locals[a.toks[k].Text] = ""
				a.declTok[k] = true
				if changed != "" {
					// `.onChange(of: selection) { old, new in`: values of
					// the watched local's type.
					if optional {
						a.bindWrapped(a.toks[k].Text, changed)
						changed = ""
					}
					a.bindSure(a.toks[k].Text, changed)
					continue
				}
				if coll := a.elementClosureOver(open); coll != "" && len(names) == elementClosures[a.tok(open-1).Text] {
					// `contacts.map { contact in`: an element of the
					// local, as a loop's is (an own type's too).
					a.loopOver[a.toks[k].Text] = coll
				}
				if i < elems && len(names) == elems {
					// `records.map { record in`: an element.
					a.bindSure(a.toks[k].Text, elem)
					continue
				}
				a.bindSure(a.toks[k].Text, "")
				if typed {
					src.index, src.arity = i, len(names)
					a.bindClosure(a.toks[k].Text, src, open)
				}
			}
			return
		case t.Kind == tokIdent:
			if a.tok(j-1).IsPunct(":") || a.tok(j-1).IsPunct(".") {
				continue // a parameter's type
			}
			if n := a.tok(j + 1); n.IsPunct(".") || n.IsPunct("(") && !n.SpaceBefore {
				// A call or a member (`print(textView.text.trimmingCharacters(in:`):
				// a statement, whose label `in:` is no closure's `in`.
				return
			}
			if !isCapitalized(t.Text) {
				names = append(names, j)
			}
		case t.Is(tokKeyword, "_"):
			if !a.tok(j - 1).IsPunct(":") {
				names = append(names, -1)
			}
		case t.Kind == tokAttr, t.Is(tokKeyword, "weak"), t.Is(tokKeyword, "unowned"),
			t.Is(tokKeyword, "self"), t.Is(tokKeyword, "async"), t.Is(tokKeyword, "throws"), t.Is(tokKeyword, "some"), t.Is(tokKeyword, "any"):
		case t.Kind == tokPunct && strings.Contains(",():[]->?!.<>=", t.Text) && t.Text != "{" && t.Text != "}":
		default:
			return
		}
	}
}
