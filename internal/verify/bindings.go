package verify

import (
	"slices"
	"strconv"
	"strings"
)

// Bindings: the names a declaration, a condition, a pattern or a loop binds
// and the type each takes (declareBinding), read by the declaration pass.

// furtherBindings finds the names a declaration binds after its first
// (`var originX = inset.left, maxY = inset.top`): each identifier after a
// comma outside brackets that takes a value or a type, up to the end of
// the statement (a new line, `;`, or a brace: a body or a closure). A
// condition's binding (`if let a = x, b > 0`) declares one name.
func (a *Analysis) furtherBindings(kw int) []int {
	if p := a.tok(kw - 1); p.Is(tokKeyword, "if") || p.Is(tokKeyword, "guard") || p.Is(tokKeyword, "while") || p.Is(tokKeyword, "case") || p.IsPunct(",") || p.IsPunct("(") {
		return nil
	}
	var out []int
	depth := 0
	for j := kw + 2; j < len(a.toks); j++ {
		a.step()
		t := a.toks[j]
		if depth == 0 && (t.NLBefore && !a.tok(j-1).IsPunct(",") || t.IsPunct(";") || t.IsPunct("{") || t.IsPunct("}")) {
			break
		}
		switch {
		case t.IsPunct("(") || t.IsPunct("["):
			depth++
		case t.IsPunct(")") || t.IsPunct("]"):
			if depth--; depth < 0 {
				return out
			}
		case depth == 0 && t.IsPunct(",") && a.tok(j+1).Kind == tokIdent && (a.tok(j+2).IsPunct("=") || a.tok(j+2).IsPunct(":")):
			out = append(out, j+1)
		}
	}
	return out
}

// bindSure records a binding's written type; a name bound twice to
// different types (or once to an unwritten one) has none.
func (a *Analysis) bindSure(name, path string) {
	if path != "" {
		a.typedAs(name, path)
	}
	a.boundPaths[name] = append(a.boundPaths[name], path)
	if old, ok := a.sureTypes[name]; ok && old != path {
		path = ""
	}
	a.sureTypes[name] = path
	a.bindings[name]++
}

// agreedPaths are the paths of a name bound more than once by different
// written paths, every binding recorded and typed (`let data = try
// JSONEncoder().encode(s)` in one function, `guard let data = try?
// Data(contentsOf: url)` in another), nil otherwise: the checker takes
// them for one type when every path reaches the same type page.
//
// An optional stored property's binding (optionalPath) agrees by its
// wrapped type when another binding is no optional: a member written on
// the name (`listener.stateUpdateHandler`) is then the local's, one written
// through `?` the wrapped type's either way.
func (a *Analysis) agreedPaths(name string) []string {
	paths := a.boundPaths[name]
	if len(paths) < 2 || len(paths) != a.bindings[name] || a.sureTypes[name] != "" || len(paths) > maxAgreedPaths {
		return nil
	}
	out := make([]string, len(paths))
	plain := false
	for i, p := range paths {
		if p == "" {
			return nil
		}
		wrapped, optional := strings.CutPrefix(p, optionalPath)
		out[i], plain = wrapped, plain || !optional
	}
	if !plain {
		return nil
	}
	return out
}

// onePath is the path every binding of name agrees on, written the same
// (agreedPaths), "" when they differ or are not all known.
func (a *Analysis) onePath(name string) string {
	paths := a.agreedPaths(name)
	if len(paths) == 0 || slices.ContainsFunc(paths, func(p string) bool { return p != paths[0] }) {
		return ""
	}
	return paths[0]
}

// optionalPath marks a bound path as an optional's wrapped type
// (boundPaths).
const optionalPath = "?"

// maxAgreedPaths bounds the bindings agreedPaths compares: each is a
// chain the checker follows.
const maxAgreedPaths = 4

// typedAs records a typed binding of name (valueTypes).
func (a *Analysis) typedAs(name, path string) {
	if old, ok := a.valueTypes[name]; ok && old != path {
		path = ""
	}
	a.valueTypes[name] = path
	a.typedBindings[name]++
}

// narrows says whether the value at j is name itself, cast (`guard let
// samples = samples as? [HKQuantitySample]`): a binding that narrows the
// one value the name holds, whose cast type wins over the outer binding's.
func (a *Analysis) narrows(name string, j int) bool {
	return a.tok(j).Kind == tokIdent && a.tok(j).Text == name && a.tok(j+1).Is(tokKeyword, "as") && a.bindings[name] == 1
}

// declaredStatic says whether the declaration whose keyword (func, var,
// let) is at kw is a type's own: `static` or `class` among the modifiers
// before it in its statement (`class Box { var x = 1 }` declares no static
// x).
func (a *Analysis) declaredStatic(kw int) bool {
	for k := kw - 1; k >= 0 && a.toks[k].Line == a.toks[kw].Line; k-- {
		a.step()
		t := a.toks[k]
		if t.IsPunct("{") || t.IsPunct("}") || t.IsPunct(";") {
			return false
		}
		if t.Is(tokKeyword, "static") || t.Is(tokKeyword, "class") {
			return true
		}
	}
	return false
}

// bindWrapped records the type an optional binding wraps (`var player:
// AVAudioPlayer?`), for `player?.play()`; it counts when the name is bound
// once (Analysis.wrappedType).
func (a *Analysis) bindWrapped(name, path string) {
	a.wrapped[name] = path
	a.typedAs(name, path)
}

// wrappedType is the type the optional local name wraps, "" when it is not
// one or the name is bound more than once to another type (or to one not
// written).
func (a *Analysis) wrappedType(name string) string {
	if a.bindings[name] != 1 && (a.typedBindings[name] != a.bindings[name] || a.valueTypes[name] != a.wrapped[name]) {
		return ""
	}
	return a.wrapped[name]
}

// declareBinding handles what follows var/let: a name, a tuple or an enum
// case pattern, with an optional annotation or initialiser.
func (a *Analysis) declareBinding(i int, inType bool) {
	t := a.tok(i)
	switch {
	case t.Kind == tokIdent:
		a.declTok[i] = true
		typ := ""
		switch {
		case a.tok(i + 1).IsPunct(":"):
			if elem := a.arrayElement(i + 2); elem != "" {
				a.bindElements(t.Text, elem)
			}
			a.bindOwn(t.Text, i+2)
			if v := a.dictionaryValue(i + 2); v != "" {
				a.dictValues[t.Text] = v
			}
			typ = a.ownless(a.typeAfter(i + 2))
			path, wrapped := "", ""
			if sugar, sure := a.sugaredType(t.Text, i+2); sugar != "" {
				typ, path = sugar, sure
			} else if typ != "" {
				var end int
				path, end = a.typePath(i + 2)
				// An optional's members (x.map) are Optional's; a generic
				// type's nested path is not followed. `x?.m` is the
				// wrapped type's member.
				if n := a.tok(end); n.IsPunct("<") {
					// `AsyncStream<Double>.Continuation`: the type nested
					// in the generic one, whose members do not depend on
					// the arguments; `Task<Void, Error>`: the generic
					// type's own members.
					if arg := a.genericArgumentAt(i + 2); arg != "" {
						a.bindGenericArgument(t.Text, arg)
					}
					path, end = a.pastGenericArguments(path, end)
				}
				if n := a.tok(end); n.IsPunct("?") || n.IsPunct("!") {
					a.bindWrapped(t.Text, path)
					if n.IsPunct("?") && path != "" {
						wrapped = path
					}
				}
				if n := a.tok(end); n.IsPunct("?") || n.IsPunct("<") || n.IsPunct(".") {
					path = ""
				}
			}
			a.bindSure(t.Text, path)
			if wrapped != "" {
				// `private var listener: NWListener?` beside `let listener
				// = try NWListener(…)` in a method: the optional's
				// wrapped type may agree with the other bindings.
				paths := a.boundPaths[t.Text]
				paths[len(paths)-1] = optionalPath + wrapped
			}
		case a.tok(i+1).IsPunct("=") && a.unwrapsItself(i):
			// `guard let window = window else`: the same name unwrapped,
			// as `if let window` is (an inherited property stays one).
			a.unwrappedAlike[t.Text] = true
			if _, ok := a.locals[t.Text]; !ok {
				a.locals[t.Text] = ""
			}
			return
		case a.tok(i + 1).IsPunct("="):
			j := i + 2
			for a.tok(j).Is(tokKeyword, "try") || a.tok(j).Is(tokKeyword, "await") || a.tok(j).IsPunct("?") || a.tok(j).IsPunct("!") {
				a.step()
				j++
			}
			unwrapping := a.tok(i-2).Is(tokKeyword, "if") || a.tok(i-2).Is(tokKeyword, "guard") || a.tok(i-2).Is(tokKeyword, "while") || a.tok(i-2).IsPunct(",")
			// A condition's value ends at its body's brace too (`if let
			// nav = self.navigationController {`): a condition takes no
			// trailing closure.
			ends := endsExpression
			if unwrapping {
				ends = endsCondition
			}
			if meta, array := a.metatypeCall(j, ends); meta != "" {
				// `let items = try JSONDecoder().decode([Item].self, from:
				// data)`: a value, or an array, of the metatype given.
				a.bindMetatype(t.Text, meta, array)
			} else if cast := a.castPickValue(j, unwrapping); cast != "" {
				// `let scene = scenes.compactMap { $0 as? UIWindowScene
				// }.first`: an optional of the cast type, unwrapped by if
				// or guard.
				if !unwrapping {
					a.bindWrapped(t.Text, cast)
					cast = ""
				}
				a.bindSure(t.Text, cast)
			} else if lit := a.literalType(j); lit != "" {
				// `let s = "abc"`, `var ids = [UUID]()`: a String, an Array.
				typ = lit
				a.bindSure(t.Text, lit)
			} else if own := a.ownTypeAt(j); own != "" && a.tok(j+1).IsPunct("(") && ends(a.tok(a.closeOf(j+1)+1)) {
				// `let terms = TermsViewController()`: a value of the
				// file's own type, as an annotation would say.
				bindAgreed(a.ownValues, t.Text, own)
				a.bindSure(t.Text, "")
			} else if n := a.tok(j); n.Kind == tokIdent && isCapitalized(n.Text) && !a.ownTypes[n.Text] {
				typ = n.Text
				// `let x = T(…)` or `T.U(…)`: x is a T (a U).
				path, end := a.typePath(j)
				if a.tok(end).IsPunct("<") {
					end = a.closeOf(end) + 1
				}
				// The call must end the expression: `T(…).start()` is
				// whatever start returns.
				switch {
				case a.tok(end).IsPunct("(") && endsExpression(a.tok(a.closeOf(end)+1)):
				case a.tok(end).IsPunct("(") && unwrapping && a.tok(a.closeOf(end)+1).IsPunct("{"):
					// `if let url = URL(string: s) {`: the condition ends at
					// the body's brace (a condition takes no trailing
					// closure).
				case a.tok(end).IsPunct("{") && endsExpression(a.tok(a.closeOf(end)+1)):
					// `let r = VNRecognizeTextRequest { request, _ in … }`:
					// an initializer called with a trailing closure alone.
				case a.tok(end).IsPunct("(") && a.tok(a.closeOf(end)+1).IsPunct("!") && endsExpression(a.tok(a.closeOf(end)+2)):
					// `let url = URL(string: s)!`: a failable initializer's
					// value, forced.
				case a.tok(end).IsPunct("(") && unwraps(a.tok(a.closeOf(end)+1)) && a.tok(a.closeOf(end)+2).IsPunct("."):
					// `let a = CIImage(image: i)!.cropped(to: r)`: the
					// chain from T, past the failable initializer.
					path = a.chainTo(path, a.closeOf(end)+1, ends)
				case a.tok(end).IsPunct("(") && a.tok(a.closeOf(end)+1).IsPunct("."):
					// `let response = try await MKDirections(request:
					// r).calculate()`: what the chain from T returns.
					path = a.chainTo(path, a.closeOf(end)+1, ends)
				case a.tok(end).IsPunct(".") && (!a.tok(end-1).IsPunct(">") || !isCapitalized(a.tok(end+1).Text)):
					// `let c = T.current()`, `let d = T.shared.x`: the chain
					// from T, followed when checked ("T|current").
					path = a.chainTo(path, end, ends)
				default:
					path = ""
				}
				a.bindSure(t.Text, path)
			} else if cast, conditional := a.castType(j); cast != "" {
				// `let p = layer as! AVPlayerLayer`; `if let p = x as? T`
				// unwraps, `let p = x as? T` is an optional.
				if (!conditional || unwrapping) && a.narrows(t.Text, j) {
					// `guard let v = v as? UIButton`: the same value,
					// narrowed; not another binding.
					a.sureTypes[t.Text] = cast
					a.valueTypes[t.Text] = cast
					return
				}
				switch {
				case !conditional || unwrapping:
					a.bindSure(t.Text, cast)
				default:
					a.bindWrapped(t.Text, cast)
					a.bindSure(t.Text, "")
				}
			} else if elem := a.elementTaken(j); elem != "" {
				// `let l = locations.last`: an element.
				a.bindSure(t.Text, elem)
			} else if elem := a.castElements(j, unwrapping); elem != "" {
				// `let xs = request.results as? [VNRecognizedTextObservation]
				// ?? []`: an array of T.
				if a.narrows(t.Text, j) {
					// `guard let samples = samples as? [HKQuantitySample]`:
					// the same value, narrowed; not another binding.
					a.elements[t.Text] = elem
					return
				}
				a.bindElements(t.Text, elem)
				a.bindSure(t.Text, "")
			} else if chain := a.chainWithEmptyDefault(j); chain != "" {
				// `let observations = request.results ?? []`: the array
				// the chain returns.
				a.bindSure(t.Text, chain)
			} else if ret := a.ownReturnType(j, ends); ret != "" {
				// `let result = await load(id: id)` on the file's `func
				// load(id: Int) async -> Result<Profile, Error>`.
				a.bindSure(t.Text, ret)
			} else if n := a.tok(j); unwrapping && n.Kind == tokIdent && !isCapitalized(n.Text) && ends(a.tok(j+1)) && a.wrappedType(n.Text) != "" && !a.tok(j-1).IsPunct(".") {
				// `guard let task = currentSync else` on `var currentSync:
				// Task<Void, Never>?`: the optional's wrapped type.
				a.bindSure(t.Text, a.wrappedType(n.Text))
			} else if param, links := a.closureChain(j); param != "" {
				// `guard let placemark = placemarks?.first`: the chain
				// from a closure parameter, typed when checked.
				a.closureBound[t.Text] = closureBinding{param: param, links: links}
				a.bindSure(t.Text, "")
			} else {
				// `let c = container.viewContext`: the chain from the
				// local's written type.
				chain := a.localChain(j, ends)
				if args := a.genericArguments[a.tok(j).Text]; chain != "" && args != "" {
					bindAgreed(a.chainArguments, t.Text, args)
				}
				if chain == "" && a.mayInherit(j) {
					// `let n = childNode(withName: "x")` in an SKScene:
					// the chain from the superclass, read once every
					// declaration of the file is known (bindInherited).
					a.inheritedAt = append(a.inheritedAt, inheritedBinding{t.Text, j, ends})
				}
				a.bindSure(t.Text, chain)
			}
		case a.unwrapsAlike(i):
			// `if let task {`: the same name, unwrapped; not a new
			// binding (its type is the optional's wrapped one).
			a.unwrappedAlike[t.Text] = true
			if _, ok := a.locals[t.Text]; !ok {
				a.locals[t.Text] = ""
			}
			return
		case a.tok(i+1).Is(tokKeyword, "as") && (a.tok(i-2).Is(tokKeyword, "catch") || a.tok(i-2).Is(tokKeyword, "case")):
			// `catch let error as LAError`, `case let e as URLError:`: a
			// value of the type the pattern casts to.
			path, end := a.typePath(i + 2)
			if n := a.tok(end); path == "" || a.ownTypes[path] || !(n.IsPunct("{") || n.IsPunct(":") || n.IsPunct(",") || n.Is(tokKeyword, "where")) {
				path = ""
			}
			a.bindSure(t.Text, path)
		case a.casePatternValue(i) != "":
			// `case .verified(let transaction) = result`: the value the
			// case carries (caseValueTypes), agreed by every binding.
			bindAgreed(a.caseValues, t.Text, a.casePatternValue(i))
			a.caseBound[t.Text]++
			a.bindSure(t.Text, "")
		default:
			a.bindSure(t.Text, "")
		}
		if inType {
			a.memberDecls[t.Text] = true
			a.valueDecls[t.Text] = true
			if a.declaredStatic(i - 1) {
				a.staticDecls[t.Text] = true
			}
		}
		a.locals[t.Text] = typ
	case t.IsPunct("(") || t.IsPunct("."):
		j := i
		if t.IsPunct(".") {
			j = i + 2
		}
		if !a.tok(j).IsPunct("(") {
			return
		}
		end := a.closeOf(j)
		// `let (data, response) = try await URLSession.shared.data(from:
		// url)`: each name is that element of the tuple the chain returns.
		path := ""
		if t.IsPunct("(") && a.tok(end+1).IsPunct("=") {
			path = a.tupleValueChain(end + 2)
		}
		element := 0
		for k := j + 1; k < end; k++ {
			a.step()
			if a.toks[k].IsPunct(",") && a.holder[k] == j {
				element++
			}
			if a.toks[k].Kind == tokIdent && !isCapitalized(a.toks[k].Text) {
				a.locals[a.toks[k].Text] = ""
				bound := ""
				if path != "" && a.holder[k] == j && (a.tok(k-1).IsPunct("(") || a.tok(k-1).IsPunct(",")) && (a.tok(k+1).IsPunct(",") || a.tok(k+1).IsPunct(")")) {
					bound = path + "|" + tupleLink(element)
				}
				a.bindSure(a.toks[k].Text, bound)
				a.declTok[k] = true
			}
		}
	}
}

// tupleValueChain reads, at j, a value that is a chain from a type or a
// typed local ending in a call (`try await URLSession.shared.data(from:
// url)`, `try await session.upload(for: r, from: d)`), the chain as a
// binding records it ("URLSession|shared|data"), or "".
func (a *Analysis) tupleValueChain(j int) string {
	for a.tok(j).Is(tokKeyword, "try") || a.tok(j).Is(tokKeyword, "await") || a.tok(j).IsPunct("?") || a.tok(j).IsPunct("!") {
		a.step()
		j++
	}
	n := a.tok(j)
	if n.Kind == tokIdent && isCapitalized(n.Text) && !a.ownTypes[n.Text] {
		path, end := a.typePath(j)
		if !a.tok(end).IsPunct(".") {
			return ""
		}
		if chain := a.bindingChain(path, end); strings.Contains(chain, "|") {
			return chain
		}
		return ""
	}
	return a.chainOfLocal(j)
}

// tupleLink is the link a binding's path ends in for element i of the
// tuple its chain returns, taken with the link before (receiverTypes).
func tupleLink(i int) string { return "#" + strconv.Itoa(i) }

// tupleIndex is the element a tuple link takes, -1 for any other link.
func tupleIndex(link string) int {
	if n, ok := strings.CutPrefix(link, "#"); ok {
		if i, err := strconv.Atoi(n); err == nil {
			return i
		}
	}
	return -1
}

// unwrapsAlike reports whether the name at i, after let or var, is a
// condition's shorthand unwrapping (`if let x {`, `guard let x else`,
// `if let x, …`, `while let x {`).
func (a *Analysis) unwrapsAlike(i int) bool {
	before := a.tok(i - 2)
	if !(before.Is(tokKeyword, "if") || before.Is(tokKeyword, "guard") || before.Is(tokKeyword, "while") || before.IsPunct(",")) {
		return false
	}
	next := a.tok(i + 1)
	return next.IsPunct("{") || next.IsPunct(",") || next.Is(tokKeyword, "else")
}

// onChangeValue is the type of the local a SwiftUI `.onChange(of: name)`
// watches, for the closure opened at open that it calls with the old and
// the new value; optional says the local is an optional of it.
func (a *Analysis) onChangeValue(open int) (typ string, optional bool) {
	closeArgs := open - 1
	if !a.tok(closeArgs).IsPunct(")") {
		return "", false
	}
	o := a.openOf(closeArgs)
	if o < 2 || !a.tok(o-1).Is(tokIdent, "onChange") || !a.tok(o-2).IsPunct(".") ||
		!a.tok(o+1).Is(tokIdent, "of") || !a.tok(o+2).IsPunct(":") || a.tok(o+3).Kind != tokIdent || !a.tok(o+4).IsPunct(")") {
		return "", false
	}
	name := a.tok(o + 3).Text
	if sure := a.sureTypes[name]; sure != "" && !strings.Contains(sure, "|") && a.bindings[name] == 1 {
		return sure, false
	}
	if w := a.wrappedType(name); w != "" {
		return w, true
	}
	return "", false
}

// dictionaryValue is V when a type annotation at i is a dictionary
// `[K: V]` of plain type paths, else "".
func (a *Analysis) dictionaryValue(i int) string {
	if !a.tok(i).IsPunct("[") || a.tok(i+1).Kind != tokIdent {
		return ""
	}
	if _, colon := a.typePath(i + 1); a.tok(colon).IsPunct(":") {
		return a.closedTypePath(colon + 1)
	}
	return ""
}

// loopDictionaryValue is the value type a for loop at i binds: its
// second name in `for (k, v) in dict`, its name in `for v in
// dict.values`, over a name bound once to a dictionary (dictValues).
func (a *Analysis) loopDictionaryValue(i int) string {
	dictOf := func(name token) string {
		if name.Kind != tokIdent || a.bindings[name.Text] != 1 {
			return ""
		}
		return a.dictValues[name.Text]
	}
	// for ( k , v ) in dict
	if a.tok(i+1).IsPunct("(") && a.tok(i+3).IsPunct(",") && a.tok(i+5).IsPunct(")") && a.tok(i+6).Is(tokKeyword, "in") && loopEnd(a.tok(i+8)) {
		return dictOf(a.tok(i + 7))
	}
	// for v in dict . values
	if a.tok(i+2).Is(tokKeyword, "in") && a.tok(i+4).IsPunct(".") && a.tok(i+5).Text == "values" && loopEnd(a.tok(i+6)) {
		return dictOf(a.tok(i + 3))
	}
	return ""
}

// unwrapsItself says whether the binding of the name at i, in an if,
// guard or while condition, takes the same name alone (`guard let window
// = window else`) or the stored property of that name through self
// (`guard let recorder = self?.recorder else`).
func (a *Analysis) unwrapsItself(i int) bool {
	cond := a.tok(i-2).Is(tokKeyword, "if") || a.tok(i-2).Is(tokKeyword, "guard") || a.tok(i-2).Is(tokKeyword, "while") || a.tok(i-2).IsPunct(",")
	k := i + 2
	if end := selfPropertyEnd(a.toks, k, a.tok(i).Text); end > 0 {
		k = end - 1 // the property's name
	}
	n := a.tok(k)
	return cond && a.tok(i-1).Is(tokKeyword, "let") && n.Kind == tokIdent && n.Text == a.tok(i).Text &&
		(endsExpression(a.tok(k+1)) || a.tok(k+1).IsPunct("{"))
}

// enumeratedLoop reads `for (i, x) in xs.enumerated()` at the `for` at i,
// xs an array local of known elements: the element type and the token of
// the name it types (x), or "" and -1.
func (a *Analysis) enumeratedLoop(i int) (string, int) {
	if !a.tok(i+1).IsPunct("(") || a.tok(i+2).Kind != tokIdent && !a.tok(i+2).Is(tokKeyword, "_") || !a.tok(i+3).IsPunct(",") ||
		a.tok(i+4).Kind != tokIdent || !a.tok(i+5).IsPunct(")") || !a.tok(i+6).Is(tokKeyword, "in") {
		return "", -1
	}
	coll := a.tok(i + 7)
	if coll.Kind != tokIdent || !a.tok(i+8).IsPunct(".") || a.tok(i+9).Text != "enumerated" || !a.tok(i+10).IsPunct("(") || !a.tok(i+11).IsPunct(")") || !loopEnd(a.tok(i+12)) {
		return "", -1
	}
	if elem := a.elementsOf(coll.Text); elem != "" {
		return elem, i + 4
	}
	return "", -1
}
