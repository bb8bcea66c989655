package verify

import (
	"regexp"
	"slices"
	"strings"
)

// Closure parameters typed from Apple's declarations: `GeometryReader {
// proxy in`, `URLSession.shared.dataTask(with: url) { data, response,
// error in` and `monitor.pathUpdateHandler = { path in` give their
// parameters the types the callee's declaration writes for its closure
// (GeometryProxy; Data, URLResponse; NWPath), so that members used on them
// are checked on those types.

// closureSource is where a closure's parameter gets its type: the index'th
// input of the last closure parameter of member (or "init") on the type
// the chain root.links names, or, for an assigned closure, of member's
// declared type.
type closureSource struct {
	root   string
	links  []string
	member string
	index  int
	arity  int
	// label: the closure is the argument of that label (`sink(receiveCompletion:
	// { completion in`), whose parameter's closure gives the inputs.
	label string
	// before: the closure is the first of several trailing closures,
	// the argument of the parameter before the one of that label.
	before string
	// args are the call's arguments written as one name, "label=name"
	// joined by commas (`onChange(of: scenePhase)`: "of=scenePhase"): a
	// generic input (V) takes the type of the argument its parameter
	// (`of value: V`) is given.
	args string
}

// closureCallee reads what the closure opened at open is passed to: a
// type's initializer (`GeometryReader {`, `Type(args) {`), a method on a
// chain from a type or a typed local (`URLSession.shared.dataTask(…) {`),
// or a property assigned it (`monitor.pathUpdateHandler = {`).
func (a *Analysis) closureCallee(open int) (closureSource, bool) {
	before := ""
	if end := a.closeOf(open); end > open && a.tok(end+1).Kind == tokIdent && a.tok(end+2).IsPunct(":") && a.tok(end+3).IsPunct("{") {
		// The first of several trailing closures (`publisher.sink {
		// completion in } receiveValue: { value in }`) is not the
		// callee's last closure but the one before the next one's label
		// (receiveCompletion).
		before = a.tok(end + 1).Text
	}
	src, ok := a.calleeOf(open, before != "")
	if src.label != "" && before != "" {
		return closureSource{}, false
	}
	src.before = before
	return src, ok
}

// calleeOf is closureCallee's reading of what the closure opened at open
// is passed to.
// several: the closure is the first of several trailing closures, whose
// parameter the member's overloads in scope may agree on.
func (a *Analysis) calleeOf(open int, several bool) (closureSource, bool) {
	j := open - 1
	prev := a.tok(j)
	label := ""
	args := ""
	if h := a.holder[open]; prev.IsPunct(":") && a.tok(j-1).Kind == tokIdent && h >= 0 && a.tok(h).IsPunct("(") && a.holder[j-1] == h {
		// A labelled argument: `publisher.sink(receiveCompletion: {`.
		label = a.tok(j - 1).Text
		j = h
		prev = a.tok(j)
		args = a.nameArguments(h)
	}
	switch {
	case label != "":
		// j is the call's "(": the callee's name is before it.
		if a.tok(j).SpaceBefore {
			return closureSource{}, false
		}
	case prev.Kind == tokIdent && isCapitalized(prev.Text) && !a.tok(j-1).IsPunct("."):
		return closureSource{root: prev.Text, member: "init"}, true
	case prev.IsPunct(")"):
		o := a.openOf(j)
		if o <= 0 {
			return closureSource{}, false
		}
		args = a.nameArguments(o)
		j = o - 1
	case prev.IsPunct("="):
		j--
	case prev.Kind == tokIdent && !isCapitalized(prev.Text) && a.tok(j-1).IsPunct("."):
		// A trailing closure with no parentheses:
		// `container.loadPersistentStores { description, error in`.
	case prev.Kind == tokIdent && !isCapitalized(prev.Text) && !a.declTok[j] && !a.tok(j-1).Is(tokKeyword, "func"):
		// A function of no type, with no parentheses:
		// `withCheckedThrowingContinuation { continuation in`.
		return closureSource{member: prev.Text}, true
	default:
		return closureSource{}, false
	}
	if label != "" {
		j--
	}
	name := a.tok(j)
	if name.Kind != tokIdent {
		return closureSource{}, false
	}
	if isCapitalized(name.Text) && !a.tok(j-1).IsPunct(".") {
		return closureSource{root: name.Text, member: "init", label: label}, true
	}
	// A chain back from the member: ident (. ident)*, its root a type
	// (or a type's initializer call) or a local whose type is written.
	var links []string
	k := j - 1
	for n := 0; n < maxLinks && a.tok(k).IsPunct("."); n++ {
		a.step()
		p := k - 1
		if a.tok(p).IsPunct(")") {
			// A method called in the chain, whose declaration gives
			// what it returns: `.shared.dataTaskPublisher(for: url).sink`.
			o := a.openOf(p)
			if o <= 1 || a.tok(o-1).Kind != tokIdent || isCapitalized(a.tok(o-1).Text) || !a.tok(o-2).IsPunct(".") {
				break
			}
			p = o - 1
		} else if a.tok(p).Kind != tokIdent {
			break
		}
		links = append(links, a.tok(p).Text)
		k = p - 1
	}
	if len(links) == 0 {
		// A call after a dot whose receiver is a call: `Type().member = {`.
		if a.tok(k).IsPunct(".") && a.tok(k-1).IsPunct(")") {
			if o := a.openOf(k - 1); o > 0 && a.tok(o-1).Kind == tokIdent && isCapitalized(a.tok(o-1).Text) {
				return closureSource{root: a.tok(o - 1).Text, member: name.Text, label: label}, true
			}
		}
		if !a.tok(k).IsPunct(".") && !prev.IsPunct("=") && !a.declTok[j] && !a.tok(k).Is(tokKeyword, "func") {
			// A function of no type: `withTaskGroup(of: Int.self) {
			// group in`, whose overloads in scope may agree on the
			// closure's inputs.
			return closureSource{member: name.Text, label: label}, true
		}
		if a.tok(k).IsPunct(".") && a.tok(k-1).IsPunct("}") && args != "" {
			// A modifier after a view's closing brace, called with
			// arguments (`}\n.onChange(of: scenePhase) { _, phase in`):
			// View's member.
			return closureSource{root: "View", member: name.Text, label: label, args: args}, true
		}
		return closureSource{}, false
	}
	root := links[len(links)-1]
	links = links[:len(links)-1]
	for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
		links[i], links[j] = links[j], links[i]
	}
	if !isCapitalized(root) {
		sure := a.sureTypes[root]
		if sure == "" {
			// `listener.stateUpdateHandler = {` on a local that an
			// optional property of the same type is named like.
			sure = a.onePath(root)
		}
		if sure == "" && (label != "" || several) {
			// A labelled closure, or the first of several trailing
			// ones, on a value of unknown type: the member's overloads
			// in scope may agree on its inputs.
			return closureSource{member: name.Text, label: label}, true
		}
		if sure == "" {
			return closureSource{}, false
		}
		parts := strings.Split(sure, "|")
		root, links = parts[0], append(parts[1:], links...)
	}
	return closureSource{root: root, links: links, member: name.Text, label: label}, true
}

// closureInput matches a closure type in a declaration: its parenthesized
// inputs (one level of parentheses inside, as in `(any Error)?`), then
// `->`. Inputs with a colon are a parameter list, not a closure's.
var closureInput = regexp.MustCompile(`\(((?:[^()]|\([^()]*\))*)\)\s*(?:async\s+)?(?:throws\s+)?->`)

// closureInputs lists the input types of the last closure a declaration
// takes, or a property of closure type holds, with arity inputs: the
// trailing closure is the last. A type that is not a plain name is "".
func closureInputs(decl string, arity int) ([]string, bool) {
	var found []string
	ok := false
	for _, m := range closureInput.FindAllStringSubmatch(decl, -1) {
		if strings.Contains(m[1], ":") {
			// A parameter list that an arrow follows (a function's
			// own, `-> GroupResult`) may hold the closure: `body:
			// (inout TaskGroup<ChildTaskResult>) async -> GroupResult`.
			if ins, inner := closureInputs(m[1], arity); inner {
				found, ok = ins, true
			}
			continue
		}
		var ins []string
		for _, part := range splitTopLevel(m[1]) {
			t := strings.TrimSpace(part)
			t = strings.TrimPrefix(t, "inout ")
			t = strings.TrimPrefix(strings.TrimPrefix(t, "any "), "some ")
			t = strings.TrimSuffix(strings.TrimSuffix(t, "?"), "!")
			if lt := strings.IndexByte(t, '<'); lt > 0 {
				// A generic type's members are its own:
				// Subscribers.Completion<Self.Failure>; so are a type's
				// nested in it: AsyncStream<Element>.Continuation.
				if end := closeAngle(t, lt); end == len(t) {
					t = t[:lt]
				} else if end > 0 && t[end] == '.' {
					t = t[:lt] + t[end:]
				}
			}
			in := plainType(t)
			if e := collectionElement(t); in == "" && e != "" {
				// `([UNNotification]) -> Void`: an array, whose
				// elements a loop or `.first` reaches (Analysis.closureElement).
				in = elementsPrefix + e
			}
			ins = append(ins, in)
		}
		if len(ins) == arity {
			found, ok = ins, true
		}
	}
	return found, ok
}

// splitTopLevel splits s at commas outside brackets (the ">" of an arrow
// closes none).
func splitTopLevel(s string) []string {
	var out []string
	depth, from := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '<':
			depth++
		case ')', ']', '>':
			if s[i] == '>' && i > 0 && s[i-1] == '-' {
				continue
			}
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[from:i])
				from = i + 1
			}
		}
	}
	if strings.TrimSpace(s[from:]) != "" {
		out = append(out, s[from:])
	}
	return out
}

// closureParamType is the type a closure parameter gets from the callee's
// declaration: the same input type in every overload that takes a
// closure of the parameter's arity, else "".
//
// A labelled closure whose callee's receiver is lost on the way (a link
// with no page: `URLSession.shared.dataTaskPublisher(for:).sink(receiveCompletion:
// {`) takes the type the documented overloads of the member in scope
// agree on.
func (c *Checker) closureParamType(g *graphView, src closureSource, imports map[string]bool, resolve func(string) string) string {
	var types []*apiType
	if src.root != "" {
		types = g.typesNamed(src.root, imports)
	}
	for i, l := range src.links {
		if l == elementLink {
			continue // taken with the link before
		}
		next := linkType(g.linkMembers(types, l), i+1 < len(src.links) && src.links[i+1] == elementLink)
		if next == "" {
			types = nil
			break
		}
		types = g.typesNamed(next, imports)
	}
	if len(types) == 0 {
		if (src.label != "" || src.before != "") && src.member != "init" {
			t, _ := g.agreedClosureInput(inScopeOverloads(g, src.member, imports), src, imports)
			return t
		}
		if src.root == "" && len(src.links) == 0 && src.member != "init" {
			t, _ := g.agreedClosureInput(freeFunctions(g, src.member, imports), src, imports)
			return t
		}
		return ""
	}
	ms := g.membersOf(types, src.member)
	out, untyped := g.agreedClosureInput(ms, src, imports)
	if out == "" && src.member == "init" {
		return storedClosureType(g, types, untyped, src)
	}
	if bound := genericInput(ms, src.member, out, src, resolve); bound != "" {
		return bound
	}
	if genericParameterOf(ms, out) {
		// `points.reduce(CGRect.null) { accumulated, point in`: reduce's
		// Result is the caller's type, not Swift's Result.
		return ""
	}
	return out
}

// closureParam matches a parameter whose type is a name alone, perhaps
// escaping: `completionHandler: @escaping CLGeocodeCompletionHandler`.
var closureParam = regexp.MustCompile(`:\s*(?:@escaping\s+)?([A-Z][A-Za-z0-9_]*)\s*[,)]`)

// closureAliasesSpelled writes out, in a declaration, the parameters
// typed by a typealias of a function type
// (`typealias CLGeocodeCompletionHandler = ([CLPlacemark]?, (any Error)?)
// -> Void`), so that the closure's inputs can be read.
func (g *graphView) closureAliasesSpelled(decl string, imports map[string]bool) string {
	out := decl
	// Back to front, so that the earlier matches' offsets hold.
	ms := closureParam.FindAllStringSubmatchIndex(decl, -1)
	for i := len(ms) - 1; i >= 0; i-- {
		from, to := ms[i][2], ms[i][3]
		for _, t := range g.typesNamed(decl[from:to], imports) {
			if t.aliasedClosure != "" {
				out = out[:from] + t.aliasedClosure + out[to:]
				break
			}
		}
	}
	return out
}

// agreedClosureInput is the closure parameter's type every overload among
// ms that takes such a closure gives, "" when none does or two differ;
// untyped are the overloads known by their titles alone.
func (g *graphView) agreedClosureInput(ms []apiMember, src closureSource, imports map[string]bool) (string, []apiMember) {
	out := ""
	var untyped []apiMember
	for _, m := range ms {
		// A member with no page of its own: its Topics entry's
		// declaration (AsyncStream's init(_:bufferingPolicy:_:)).
		decl := m.typing()
		if src.label != "" {
			decl = labelledParam(decl, src.label)
		}
		if src.before != "" {
			decl = paramBefore(decl, src.before)
		}
		ins, ok := closureInputs(decl, src.arity)
		if !ok {
			ins, ok = closureInputs(g.closureAliasesSpelled(decl, imports), src.arity)
		}
		if !ok {
			if m.decl == "" {
				untyped = append(untyped, m)
			}
			continue
		}
		t := ins[src.index]
		if t == "" || out != "" && t != out {
			return "", nil
		}
		out = t
	}
	return out, untyped
}

// freeFunctions lists a name's documented functions of no type
// (withTaskGroup(of:returning:isolation:body:)) in the modules in scope.
func freeFunctions(g *graphView, name string, imports map[string]bool) []apiMember {
	var out []apiMember
	for _, m := range g.overloads(name, false) {
		if (m.parent == nil || m.parent.title == "") && m.kind == "func" && imports[memberFramework(m)] {
			out = append(out, m)
		}
	}
	return out
}

// labelledParam is the text of the parameter of a declaration whose label
// is label (`receiveCompletion: @escaping ((Subscribers.Completion<Self.Failure>)
// -> Void)`), "" when it has none.
func labelledParam(decl, label string) string {
	ps := topLevelParams(decl)
	for _, part := range ps {
		if names := strings.Fields(part); len(names) > 0 && strings.TrimSuffix(names[0], ":") == label {
			return part
		}
	}
	return ""
}

// paramBefore is the declaration's parameter just before the one labelled
// label, "" when none is.
func paramBefore(decl, label string) string {
	ps := topLevelParams(decl)
	for i, part := range ps {
		if names := strings.Fields(part); i > 0 && len(names) > 0 && strings.TrimSuffix(names[0], ":") == label {
			return ps[i-1]
		}
	}
	return ""
}

// topLevelParams splits a declaration's parameter list at the commas
// outside brackets.
func topLevelParams(decl string) []string {
	open := strings.IndexByte(decl, '(')
	if open < 0 {
		return nil
	}
	var out []string
	// The parameters, split at the commas outside brackets; the ">" of
	// an arrow closes nothing.
	depth, from := 0, open+1
	for i := open + 1; i < len(decl); i++ {
		c := decl[i]
		switch {
		case c == '(' || c == '[' || c == '<':
			depth++
		case c == '>' && decl[i-1] == '-':
		case c == ')' || c == ']' || c == '>':
			depth--
		}
		if depth < 0 || depth == 0 && c == ',' {
			out = append(out, strings.TrimSpace(decl[from:i]))
			from = i + 1
		}
		if depth < 0 {
			break
		}
	}
	return out
}

// storedClosureType is the closure parameter's type when the type's
// initializers are known by their titles alone (a Topics entry:
// ScrollViewReader's init(content:)): an initializer stores its trailing
// closure in the property its last label names, whose declaration gives
// the inputs (`var content: (ScrollViewProxy) -> Content`). Every such
// initializer must agree.
func storedClosureType(g *graphView, types []*apiType, inits []apiMember, src closureSource) string {
	out := ""
	for _, m := range inits {
		ps, ok := paramsOf(m, "init")
		if !ok || len(ps) == 0 {
			return ""
		}
		label := ps[len(ps)-1].label
		found := ""
		for _, p := range g.membersOf(types, label) {
			if p.kind != "property" {
				continue
			}
			if ins, ok := closureInputs(p.decl, src.arity); ok {
				found = ins[src.index]
				break
			}
		}
		if found == "" || out != "" && found != out {
			return ""
		}
		out = found
	}
	return out
}

// typeClosureParams lets the switches and comparisons over a closure
// parameter bound once (`switch completion { case .finished:`) read the
// type its callee's declaration gives it (Analysis.closureType), each read
// on first use.
func (c *Checker) typeClosureParams(g *graphView, a *Analysis, declared, imports map[string]bool) {
	a.closureTypes = map[string]string{}
	// declaredType is what the callee declares for the parameter, an
	// array's elements behind elementsPrefix, read once per name.
	declaredType := func(name string) string {
		if t, done := a.closureTypes[name]; done {
			return t
		}
		t := ""
		a.closureTypes[name] = "" // a generic input bound to the name itself reads none
		if src := a.closures[name]; src != nil && !declared[src.root] && a.bindings[name] == 1 {
			t = c.closureParamType(g, *src, imports, a.sureOrClosureType)
		}
		a.closureTypes[name] = t
		return t
	}
	a.closureType = func(name string) string {
		if t := declaredType(name); !strings.HasPrefix(t, elementsPrefix) {
			return t
		}
		return "" // an array: only its elements are typed (closureElement)
	}
	// An array's element, at a token inside the closure that binds it:
	// what `for n in notifications` and `notifications.map { $0 }` reach.
	a.closureElement = func(name string, i int) string {
		if !a.inClosureOf(name, i) {
			return ""
		}
		if elem, isArray := strings.CutPrefix(declaredType(name), elementsPrefix); isArray {
			return elem
		}
		return ""
	}
}

// bindClosure records where a closure parameter's type comes from; a name
// two closures bind from different sources gets none.
func (a *Analysis) bindClosure(name string, src closureSource, open int) {
	a.closureScopes[name] = append(a.closureScopes[name], [2]int{open, a.closeOf(open)})
	if old, seen := a.closures[name]; seen && (old == nil || !sameSource(*old, src)) {
		a.closures[name] = nil
		return
	}
	a.closures[name] = &src
}

// inClosureOf says whether the token at i is inside a closure that binds
// name as a parameter: outside, the name is another binding (a stored
// property the closure's parameter shadows).
func (a *Analysis) inClosureOf(name string, i int) bool {
	for _, sc := range a.closureScopes[name] {
		if i > sc[0] && i < sc[1] {
			return true
		}
	}
	return false
}

func sameSource(x, y closureSource) bool {
	return x.root == y.root && x.member == y.member && x.label == y.label && x.before == y.before && x.index == y.index && x.arity == y.arity && x.args == y.args && strings.Join(x.links, ".") == strings.Join(y.links, ".")
}

// nameArguments reads the call's arguments opened at open that are one
// name each (`of: scenePhase`, `_ value`): "label=name" joined by commas.
func (a *Analysis) nameArguments(open int) string {
	var out []string
	end := a.closeOf(open)
	for st := open + 1; st < end; st++ {
		a.step()
		if a.holder[st] != open || st > open+1 && !a.toks[st-1].IsPunct(",") {
			continue // within an argument, or not where one starts
		}
		label, k := "_", st
		if a.tok(k).Kind == tokIdent && a.tok(k+1).IsPunct(":") {
			label, k = a.tok(k).Text, k+2
		}
		if n := a.tok(k); n.Kind == tokIdent && !isCapitalized(n.Text) && (a.tok(k+1).IsPunct(",") || k+1 == end) {
			out = append(out, label+"="+n.Text)
		}
	}
	return strings.Join(out, ",")
}

// genericInput is the type of the argument given to the parameter whose
// declared type is the generic input in, among the overloads ms of
// member (`onChange<V>(of value: V, …, _ action: (V, V) -> Void)`), as
// resolve types a name; "" when in is no generic parameter of theirs or
// its argument is not one typed name.
func genericInput(ms []apiMember, member, in string, src closureSource, resolve func(string) string) string {
	if in == "" || resolve == nil || src.args == "" {
		return ""
	}
	for _, m := range ms {
		decl := m.typing()
		lt := strings.Index(decl, member+"<")
		if lt < 0 || !slices.Contains(strings.Split(strings.ReplaceAll(decl[lt+len(member)+1:closeAngle(decl, lt+len(member))-1], " ", ""), ","), in) {
			continue
		}
		for _, arg := range strings.Split(src.args, ",") {
			label, name, _ := strings.Cut(arg, "=")
			if _, typ, ok := strings.Cut(labelledParam(decl, label), ":"); ok && strings.TrimSpace(typ) == in {
				return resolve(name)
			}
		}
	}
	return ""
}
