package verify

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
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
					if a.declaredStatic(i) {
						a.staticDecls[name.Text] = true
					}
					a.openMembers[name.Text] = a.openMembers[name.Text] || inOpen
				} else {
					a.locals[name.Text] = ""
					a.bindSure(name.Text, "")
				}
			}
			a.declareSignature(i + 2)
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
// func/init/subscript whose name ends just before i.
func (a *Analysis) declareSignature(i int) {
	for a.tok(i).IsPunct("?") || a.tok(i).IsPunct("!") {
		a.step()
		i++
	}
	i = a.declareGenerics(i)
	if !a.tok(i).IsPunct("(") {
		return
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

// typeAfter returns the first type name of a type annotation starting at i,
// "" for collection or function types (collectionSugar reads the former).
func (a *Analysis) typeAfter(i int) string {
	for ; i < len(a.toks); i++ {
		a.step()
		t := a.toks[i]
		switch {
		case t.Kind == tokAttr, t.Is(tokKeyword, "some"), t.Is(tokKeyword, "any"), t.Is(tokKeyword, "inout"),
			t.Is(tokKeyword, "sending"), t.Is(tokKeyword, "borrowing"), t.Is(tokKeyword, "consuming"):
			continue
		case t.Kind == tokIdent && isCapitalized(t.Text):
			return t.Text
		default:
			return ""
		}
	}
	return ""
}

// bindingChain reads `.a.b()` after a type at end, up to maxLinks
// members, as "T|a|b"; "" when it does not end the expression there.
func (a *Analysis) bindingChain(root string, end int) string {
	return a.chainTo(root, end, endsExpression)
}

// loopEnd says whether t ends a for loop's sequence (`{`, `where`).
func loopEnd(t token) bool { return t.IsPunct("{") || t.Is(tokKeyword, "where") }

// chainTo is bindingChain with the tokens that may end the chain.
func (a *Analysis) chainTo(root string, end int, ends func(token) bool) string {
	return a.chainLinks(root, end, false, ends)
}

// mayInherit says whether the value at j starts with `self.` or a bare
// name that may be inherited: inheritedChain decides once the file's
// declarations are known.
func (a *Analysis) mayInherit(j int) bool {
	t := a.tok(j)
	if a.tok(j - 1).IsPunct(".") {
		return false
	}
	if t.Is(tokKeyword, "self") {
		return a.tok(j + 1).IsPunct(".")
	}
	return t.Kind == tokIdent && !isCapitalized(t.Text) && (a.tok(j+1).IsPunct(".") || a.tok(j+1).IsPunct("(") || endsCondition(a.tok(j+1)))
}

// bindInherited types the locals bound to a chain from the enclosing
// class's Apple superclass (mayInherit), each bound once.
func (a *Analysis) bindInherited() {
	if len(a.inheritedAt) == 0 {
		return
	}
	a.computeSelfTypes()
	for _, b := range a.inheritedAt {
		if a.bindings[b.name] != 1 {
			continue
		}
		if chain := a.inheritedChain(b.at, b.ends); chain != "" {
			// The one binding, untyped when it was read, now typed.
			delete(a.sureTypes, b.name)
			a.bindings[b.name]--
			a.bindSure(b.name, chain)
		}
	}
}

// inheritedBinding is a local bound to a value that may be a chain from the
// enclosing class's superclass (mayInherit), and where the value starts.
type inheritedBinding struct {
	name string
	at   int
	ends func(token) bool
}

// inheritedChain reads, at j, a chain from the Apple superclass the
// enclosing class declares: `self.childNode(withName: "x")`, or an
// inherited method or property written bare (`nodes(at: p).first(where:
// …)` in an SKScene), "SKScene|nodes|[]"; "" when it is not one. A name
// the file's own types declare, or a local, is not inherited.
func (a *Analysis) inheritedChain(j int, ends func(token) bool) string {
	super, t := a.selfTypes[j], a.tok(j)
	if super == "" || a.tok(j-1).IsPunct(".") {
		return ""
	}
	if t.Is(tokKeyword, "self") {
		if !a.tok(j+1).IsPunct(".") || a.memberDecls[a.tok(j+2).Text] {
			return ""
		}
		return a.chainTo(super, j+1, ends)
	}
	if t.Kind != tokIdent || isCapitalized(t.Text) || strings.HasPrefix(t.Text, "$") || a.boundLocal(t.Text) || a.memberDecls[t.Text] {
		return ""
	}
	return a.chainLinks(super, j-1, true, ends)
}

// chainLinks is chainTo; bare says the first link is written without its
// dot, right after end.
func (a *Analysis) chainLinks(root string, end int, bare bool, ends func(token) bool) string {
	chain := root
	// The root's own links (a local bound to "FileManager|default") keep
	// the labels they were read with.
	labels := slices.Clone(a.chainLabels[root])
	for len(labels) < strings.Count(root, "|") {
		labels = append(labels, nil)
	}
	// `default` is a keyword the lexer marks, and the name of many
	// singletons (`CKContainer.default()`, `FileManager.default`).
	for n := 0; n < maxLinks; n++ {
		a.step()
		bareLink := bare && n == 0
		// `x?.a`, `x!.a`: the link is the wrapped value's member.
		if !bareLink && unwraps(a.tok(end)) && a.tok(end+1).IsPunct(".") {
			end++
		}
		if !bareLink && !a.tok(end).IsPunct(".") || !(a.tok(end+1).Kind == tokIdent && !isCapitalized(a.tok(end+1).Text) || a.tok(end+1).Is(tokKeyword, "default")) {
			break
		}
		keeps := chain != root && elementKeeping[a.tok(end+1).Text]
		if next, found, ok := a.elementAt(end); chain != root && found {
			// `response?.routes.first`, `content.entities.first(where:
			// { … })`: an element of the array the link before returns.
			if !ok {
				break
			}
			chain += "|" + elementLink
			labels = append(labels, nil)
			end = next
			continue
		}
		if !keeps {
			chain += "|" + a.tok(end+1).Text
			labels = append(labels, nil)
		}
		end += 2
		if a.tok(end).IsPunct("(") {
			if !keeps {
				labels[len(labels)-1] = a.labelsOf(end)
			}
			end = a.closeOf(end) + 1
		}
		if keeps && a.tok(end).IsPunct("{") {
			end = a.closeOf(end) + 1
		}
	}
	if chain == root || !ends(a.tok(end)) {
		return ""
	}
	if old, seen := a.chainLabels[chain]; seen && !slices.EqualFunc(old, labels, slices.Equal) {
		// The same chain written with other labels elsewhere: its
		// links are read by name alone.
		labels = nil
	}
	a.chainLabels[chain] = labels
	return chain
}

// elementKeeping are the collection methods whose result holds the same
// elements (`store.events(matching: p).filter { !$0.isAllDay }` is still
// EKEvents): a binding's chain reads past them.
var elementKeeping = swiftlex.SetOf("filter", "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast")

// labelsOf reads the argument labels of the call opened at open ("_" for
// an unlabelled one): contentsOfDirectory(at:includingPropertiesForKeys:),
// as argLabels reads every call's in one pass.
func (a *Analysis) labelsOf(open int) []string {
	out := []string{}
	end := a.closeOf(open)
	for j := open + 1; j < end; j++ {
		if a.holder[j] == open && (j == open+1 || a.toks[j-1].IsPunct(",")) {
			out = append(out, a.argLabel(j, open))
		}
	}
	return out
}

// endsExpression says whether t ends the expression before it (`else`
// ends a guard's condition).
func endsExpression(t token) bool {
	return t.Kind < 0 || t.NLBefore || t.IsPunct(";") || t.IsPunct("}") || t.IsPunct(")") || t.IsPunct(",") || t.Is(tokKeyword, "else")
}

// endsCondition is endsExpression for an if, guard or while condition's
// value, which its body's brace ends as well.
func endsCondition(t token) bool { return endsExpression(t) || t.IsPunct("{") }

// closedGeneric says whether the generic arguments opened at lt end the
// parameter's type (`publisher: AnyPublisher<Data, URLError>`): its
// members are the generic type's own. A nested path after them
// (`T<X>.Nested`) or an optional is not followed.
func (a *Analysis) closedGeneric(lt int) bool {
	end := a.closeOf(lt)
	if end <= lt {
		return false
	}
	n := a.tok(end + 1)
	return n.IsPunct(",") || n.IsPunct(")") || n.IsPunct("=")
}

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
func (a *Analysis) agreedPaths(name string) []string {
	paths := a.boundPaths[name]
	if len(paths) < 2 || len(paths) != a.bindings[name] || a.sureTypes[name] != "" || len(paths) > maxAgreedPaths {
		return nil
	}
	for _, p := range paths {
		if p == "" {
			return nil
		}
	}
	return paths
}

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

// typePath reads a type written as capitalised names joined by dots
// (UIButton.Configuration) from i, and the index after it; "" when the
// type is not one.
func (a *Analysis) typePath(i int) (string, int) {
	path := ""
	for n := 0; n < 4 && a.tok(i).Kind == tokIdent && isCapitalized(a.tok(i).Text); n++ {
		a.step()
		if path != "" {
			path += "."
		}
		path += a.tok(i).Text
		if !a.tok(i+1).IsPunct(".") || a.tok(i+2).Kind != tokIdent || !isCapitalized(a.tok(i+2).Text) {
			return path, i + 1
		}
		i += 2
	}
	return path, i
}

// pastGenericArguments reads a type path on past the generic arguments
// opened at lt: a nested type after them (`AsyncStream<Double>.
// Continuation`) joins the path; end is the index after what was read.
// A nested path of more than one more name is not followed.
func (a *Analysis) pastGenericArguments(path string, lt int) (string, int) {
	after := a.closeOf(lt) + 1
	if after <= lt {
		return "", lt
	}
	if a.tok(after).IsPunct(".") && a.tok(after+1).Kind == tokIdent && isCapitalized(a.tok(after+1).Text) {
		if a.tok(after+2).IsPunct(".") || a.tok(after+2).IsPunct("<") {
			return "", after
		}
		return path + "." + a.tok(after+1).Text, after + 2
	}
	return path, after
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
			path := ""
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
				}
				if n := a.tok(end); n.IsPunct("?") || n.IsPunct("<") || n.IsPunct(".") {
					path = ""
				}
			}
			a.bindSure(t.Text, path)
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
			} else if param, links := a.closureChain(j); param != "" {
				// `guard let placemark = placemarks?.first`: the chain
				// from a closure parameter, typed when checked.
				a.closureBound[t.Text] = closureBinding{param: param, links: links}
				a.bindSure(t.Text, "")
			} else {
				// `let c = container.viewContext`: the chain from the
				// local's written type.
				chain := a.localChain(j, ends)
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
		default:
			a.bindSure(t.Text, "")
		}
		if inType {
			a.memberDecls[t.Text] = true
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
// = window else`).
func (a *Analysis) unwrapsItself(i int) bool {
	cond := a.tok(i-2).Is(tokKeyword, "if") || a.tok(i-2).Is(tokKeyword, "guard") || a.tok(i-2).Is(tokKeyword, "while") || a.tok(i-2).IsPunct(",")
	n := a.tok(i + 2)
	return cond && a.tok(i-1).Is(tokKeyword, "let") && n.Kind == tokIdent && n.Text == a.tok(i).Text &&
		(endsExpression(a.tok(i+3)) || a.tok(i+3).IsPunct("{"))
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
