package verify

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Element types: a value taken out of an array whose element type is
// written (`locations: [CLLocation]`) is an element: `for l in locations`,
// `locations.last`, `records.map { record in … }`. And a local bound to a
// member chain of a typed local (`let context = container.viewContext`)
// is what the chain returns, followed when checked.

// arrayElement reads an array type `[T]` or `[T.U]` written at i: T's
// path, "" when it is not one (a dictionary, an optional array, a generic
// element).
func (a *Analysis) arrayElement(i int) string {
	if !a.tok(i).IsPunct("[") {
		return ""
	}
	return a.closedTypePath(i + 1)
}

// closedTypePath reads the plain path of an Apple type at i that a `]`
// closes, not an optional's (`[T]`, the V of `[K: V]`); "" otherwise.
func (a *Analysis) closedTypePath(i int) string {
	if a.tok(i).Kind != tokIdent || !isCapitalized(a.tok(i).Text) || a.ownTypes[a.tok(i).Text] {
		return ""
	}
	path, end := a.typePath(i)
	if !a.tok(end).IsPunct("]") || a.tok(end+1).IsPunct("?") || a.tok(end+1).IsPunct("!") {
		return ""
	}
	return path
}

// bindElements records name's element type; a name bound twice keeps
// none (bindings counts it).
func (a *Analysis) bindElements(name, path string) { bindAgreed(a.elements, name, path) }

// bindAgreed records a fact of a name's bindings: the value they all
// agree on, "" once two differ.
func bindAgreed(facts map[string]string, name, value string) {
	if old, ok := facts[name]; ok && old != value {
		value = ""
	}
	facts[name] = value
}

// elementsOf is the element type of the array local name, "" when unknown:
// its written element type, or, for a local bound to a member chain
// (`let products = try await Product.products(for: ids)`), the chain with
// elementLink after it, followed when checked: the element of the array
// the chain's last member declares it returns.
func (a *Analysis) elementsOf(name string) string {
	if a.bindings[name] != 1 {
		return ""
	}
	if e := a.elements[name]; e != "" {
		return e
	}
	if sure := a.sureTypes[name]; strings.Contains(sure, "|") && !strings.HasSuffix(sure, "|"+elementLink) {
		return sure + "|" + elementLink
	}
	return ""
}

// isProperty says whether a member is a property.
func isProperty(m apiMember) bool { return m.kind == "property" }

// isStatic says whether a member is declared static.
func isStatic(m apiMember) bool {
	return strings.HasPrefix(strings.TrimSpace(m.typing()), "static ")
}

// elementLink, after a chain's member, stands for an element of the array
// that member returns ("Product|products|[]").
const elementLink = "[]"

// linkType is what a chain's link gives among its overloads ms: the type
// the declaring overloads agree on, or, when element says the next link is
// elementLink, the element type of the array they declare. Overloads that
// return different types (KeyedDecodingContainer.decode) give none.
//
// A property among them (UITableViewController.tableView) is the link,
// the methods of its base name (tableView(_:cellForRowAt:)) are not.
func linkType(ms []apiMember, element bool) string {
	// A static property listed among a type's members (AVAsset's `static
	// var tracks: AVAsyncProperty<Root, [AVAssetTrack]>`, a key for
	// load(_:)) is the link only when nothing else of the name is:
	// `asset.tracks(withMediaType:)` is the method's array.
	if slices.ContainsFunc(ms, isStatic) {
		if others := slices.DeleteFunc(slices.Clone(ms), isStatic); len(others) > 0 {
			ms = others
		}
	}
	var props []apiMember
	for _, m := range ms {
		if isProperty(m) {
			props = append(props, m)
		}
	}
	if len(props) > 0 {
		ms = props
	}
	// The overloads' pages decide; the Topics entries' declarations only
	// where no page declares a type (the link is not read with its
	// labels, so contentsOfDirectory(atPath:)'s [String] would otherwise
	// veto contentsOfDirectory(at:…)'s [URL]).
	if out, ok := agreedLinkType(ms, element, apiMember.pageDecl); !ok || out != "" {
		return out
	}
	out, _ := agreedLinkType(ms, element, apiMember.typing)
	return out
}

// agreedLinkType is the type every overload's declaration (as decl reads
// it) agrees on; ok is false when two disagree.
func agreedLinkType(ms []apiMember, element bool, decl func(apiMember) string) (out string, ok bool) {
	for _, m := range ms {
		t := declaredType(decl(m))
		if element {
			t = declaredElementType(decl(m))
		}
		if t != "" && out != "" && t != out {
			return "", false
		}
		if t != "" {
			out = t
		}
	}
	return out, true
}

// declaredElementType is T when a declaration returns (or a property
// holds) an array `[T]` or `[T<…>]` of a plain type path, else "".
func declaredElementType(decl string) string {
	s := declaredValueText(decl)
	if set, ok := strings.CutPrefix(s, "Set<"); ok {
		// `var connectedScenes: Set<UIScene> { get }`.
		elem, _, found := strings.Cut(set, ">")
		if typ := plainType(elem); found && typ != "" && typ != "Self" {
			return typ
		}
		return ""
	}
	if !strings.HasPrefix(s, "[") {
		return ""
	}
	end := 1
	for end < len(s) && (identByte(s[end]) || s[end] == '.') {
		end++
	}
	typ := s[1:end]
	if end < len(s) && s[end] == '<' {
		// `static var activities: [Activity<Attributes>]`: the generic
		// type's, its arguments left out as a plain type's are.
		if end = closeAngle(s, end); end < 0 {
			return ""
		}
	}
	if end >= len(s) || s[end] != ']' || typ == "" || !isCapitalized(typ) || typ == "Self" {
		return ""
	}
	return typ
}

// elementTaken reads `coll.first`, `coll.last` or `coll[i]` (one name or
// number: a range gives a slice) at j, ending the expression: the element
// type, or "".
func (a *Analysis) elementTaken(j int) string {
	coll := a.tok(j)
	if coll.Kind != tokIdent {
		return ""
	}
	end, _, ok := a.elementAt(j + 1)
	subscripted := false
	if !ok || end != j+3 {
		if k := a.tok(j + 2).Kind; !a.tok(j+1).IsPunct("[") || k != tokIdent && k != tokNumber && k != tokString || !a.tok(j+3).IsPunct("]") {
			return ""
		}
		end, subscripted = j+4, true
	}
	if n := a.tok(end); !endsExpression(n) && !n.Is(tokKeyword, "else") && !n.IsPunct("{") {
		return ""
	}
	if subscripted {
		return a.subscripted(coll.Text, a.tok(j+2))
	}
	return a.elementsOf(coll.Text)
}

// subscripted is the type a one-token subscript of the local name gives:
// an array's element (`items[0]`), or a dictionary's value (`views[key]`,
// `counts["a"]`, of a local or property annotated `[K: V]`); "" when
// unknown.
func (a *Analysis) subscripted(name string, key token) string {
	if key.Kind != tokString {
		if elem := a.elementsOf(name); elem != "" {
			return elem
		}
	}
	if a.bindings[name] != 1 {
		return ""
	}
	return a.dictValues[name]
}

// firstOrLast says whether the name at root is followed by `.first` or
// `.last` (perhaps unwrapped), not called: an element of the collection.
func (a *Analysis) firstOrLast(root int) bool {
	dot := a.dotAfter(root)
	end, _, ok := a.elementAt(dot)
	return ok && end == dot+2 && !a.tok(end).IsPunct("{")
}

// elementPicked says whether the name at root is followed by a call of
// `.first` or `.last` that picks an element (`barcodes.first { $0.symbology
// == .qr }`, `items.last(where: { … })`): the value after it, unwrapped, is
// an element of the collection.
func (a *Analysis) elementPicked(root int) bool {
	dot := a.dotAfter(root)
	end, _, ok := a.elementAt(dot)
	return ok && (end > dot+2 || a.tok(end).IsPunct("{"))
}

// elementAt reads `.first` or `.last` at dot, its ".": found says the name
// is one of them, ok that it takes an element rather than calling another
// method of the name (`first(where:)` picks one); end is the index after
// the name or after the `(where: …)`. A brace after it is the caller's to
// read: an if's body, or a closure that picks the element.
func (a *Analysis) elementAt(dot int) (end int, found, ok bool) {
	name := a.tok(dot + 1)
	if !a.tok(dot).IsPunct(".") || name.Kind != tokIdent || name.Text != "first" && name.Text != "last" {
		return 0, false, false
	}
	end = dot + 2
	switch {
	case !a.tok(end).IsPunct("("):
		return end, true, true
	case a.tok(end+1).Text == "where" && a.tok(end+2).IsPunct(":"):
		return a.closeOf(end) + 1, true, true
	}
	return end, true, false
}

// dotAfter is the index of the "." that may follow the name at i, past an
// unwrap (`x?.first`).
func (a *Analysis) dotAfter(i int) int {
	if unwraps(a.tok(i + 1)) {
		return i + 2
	}
	return i + 1
}

// indexedElement is the element type of the array local a receiver's root
// names when it is subscripted by one name or number and the member
// follows (`results[0].itemProvider`, `items[i].title`), "" otherwise: a
// range (`items[1...]`) gives a slice, not an element.
func (a *Analysis) indexedElement(rcv receiver) string {
	if rcv.prev >= 0 || rcv.link != rcv.root || !a.tok(rcv.root+1).IsPunct("[") || !a.tok(rcv.root+3).IsPunct("]") {
		return ""
	}
	if k := a.tok(rcv.root + 2).Kind; k != tokIdent && k != tokNumber && k != tokString {
		return ""
	}
	after := a.tok(rcv.root + 4)
	if !after.IsPunct(".") && !(unwraps(after) && a.tok(rcv.root+5).IsPunct(".")) {
		return ""
	}
	if _, local := a.locals[a.tok(rcv.root).Text]; !local {
		return ""
	}
	return a.subscripted(a.tok(rcv.root).Text, a.tok(rcv.root+2))
}

// chainOfLocal reads `local.a.b` at j, local's type written: the chain
// from that type ("NSPersistentContainer|viewContext"), or "".
func (a *Analysis) chainOfLocal(j int) string {
	return a.localChain(j, endsExpression)
}

// chainWithEmptyDefault reads `x.y ?? []` at j, ending the expression: a
// chain from a typed local whose optional array an empty one replaces
// (`let observations = request.results ?? []`), the array the chain
// returns; "" when it is not one.
func (a *Analysis) chainWithEmptyDefault(j int) string {
	for k := j + 1; k < len(a.toks) && !a.toks[k].NLBefore; k++ {
		a.step()
		if a.toks[k].IsPunct("?") && a.tok(k+1).IsPunct("?") && a.tok(k+2).IsPunct("[") && a.tok(k+3).IsPunct("]") && endsExpression(a.tok(k+4)) {
			mark := a.toks[k]
			return a.localChain(j, func(t token) bool { return t == mark })
		}
	}
	return ""
}

// localChain is chainOfLocal with the tokens that may end the chain.
func (a *Analysis) localChain(j int, ends func(token) bool) string {
	root := a.tok(j)
	dot := a.tok(j+1).IsPunct(".") || unwraps(a.tok(j+1)) && a.tok(j+2).IsPunct(".")
	if root.Kind != tokIdent || isCapitalized(root.Text) || !dot || a.tok(j-1).IsPunct(".") {
		return ""
	}
	if _, local := a.locals[root.Text]; !local || a.sureTypes[root.Text] == "" {
		return ""
	}
	return a.chainTo(a.sureTypes[root.Text], j+1, ends)
}

// elementClosures are the collection methods whose closure takes elements:
// one (map) or two (sorted(by:)).
var elementClosures = map[string]int{
	"map": 1, "compactMap": 1, "flatMap": 1, "forEach": 1, "filter": 1, "first": 1, "last": 1,
	"contains": 1, "allSatisfy": 1, "firstIndex": 1, "lastIndex": 1, "drop": 1, "prefix": 1,
	"sorted": 2, "min": 2, "max": 2,
}

// closureElements says how many of the closure opened at open's first
// parameters are elements of an array local, and their type: `xs.map {`,
// `xs.first(where: {`, `xs.sorted { a, b in`.
func (a *Analysis) closureElements(open int) (string, int) {
	j := open - 1
	if a.tok(j).IsPunct(":") && a.tok(j-1).Kind == tokIdent && a.tok(j-2).IsPunct("(") {
		j -= 3
	}
	if elem := a.viewElements(j); elem != "" {
		return elem, 1
	}
	n := elementClosures[a.tok(j).Text]
	if n == 0 || a.tok(j).Kind != tokIdent || !a.tok(j-1).IsPunct(".") {
		return "", 0
	}
	if rcv := a.receiverOf(j - 1); rcv.root >= 0 && rcv.prev >= 0 {
		// `entries.compactMap { $0 as? OSLogEntryLog }.map { entry in`:
		// the elements the link before cast.
		if typ := a.castClosure(rcv.link); typ != "" {
			return typ, n
		}
	}
	if a.tok(j-2).Kind != tokIdent || a.tok(j-3).IsPunct(".") {
		// `completer.results.prefix(5).map { completion in`: the
		// elements of a chain from a typed local.
		if chain := a.chainElements(j - 1); chain != "" {
			return chain, n
		}
		return "", 0
	}
	elem := a.elementsOf(a.tok(j - 2).Text)
	if elem == "" && a.closureElement != nil {
		// `notifications.filter { $0.date < cutoff }` on a closure's
		// array parameter, once the typed checks read its type.
		elem = a.closureElement(a.tok(j-2).Text, j-2)
	}
	if elem == "" {
		return "", 0
	}
	return elem, n
}

// elementViews are SwiftUI's views whose content closure takes an element
// of the collection they are given first: `ForEach(products) { product in`.
var elementViews = swiftlex.SetOf("ForEach", "List", "Table")

// viewElements is the element type of the collection local an element view
// is given when the call's arguments close at close (`ForEach(products)`,
// `ForEach(items, id: \.self)`), "" otherwise.
func (a *Analysis) viewElements(close int) string {
	if !a.tok(close).IsPunct(")") {
		return ""
	}
	open := a.openOf(close)
	if open <= 0 || !elementViews[a.tok(open-1).Text] || a.tok(open-2).IsPunct(".") {
		return ""
	}
	arg := a.tok(open + 1)
	if arg.Kind != tokIdent || !(a.tok(open+2).IsPunct(")") || a.tok(open+2).IsPunct(",")) {
		return ""
	}
	return a.elementsOf(arg.Text)
}

// dollarElement is the element type of an anonymous closure parameter
// (`$0`, `$1`) at i, "" when unknown: `products.filter { $0.type ==
// .subscription }`, `xs.sorted { $0.date < $1.date }`. The closure is the
// innermost brace holding the token.
func (a *Analysis) dollarElement(i int) string {
	text := a.tok(i).Text
	if len(text) != 2 || text[0] != '$' || text[1] < '0' || text[1] > '9' {
		return ""
	}
	open := a.innermostBrace(i)
	if open < 0 {
		return ""
	}
	elem, n := a.closureElements(open)
	if int(text[1]-'0') >= n {
		return ""
	}
	return elem
}

// innermostBrace is the "{" of the innermost closure or body holding the
// token at i, -1 at top level.
func (a *Analysis) innermostBrace(i int) int {
	open := a.holder[i]
	for open >= 0 && !a.toks[open].IsPunct("{") {
		a.step()
		open = a.holder[open]
	}
	return open
}

// linkMembers are the members named l that a link of a chain reaches on
// types: of one type's lineage (membersOf: its own first, then its
// ancestors'), its own when it declares the name, since a subclass's own
// declaration is what a call on it reaches.
// DistributedNotificationCenter.default() returns a
// DistributedNotificationCenter, though NotificationCenter.default, which
// it hides, holds a NotificationCenter. Several types named alike keep
// every member, whose types must agree.
func (g *graphView) linkMembers(types []*apiType, l string) []apiMember {
	ms := g.membersOf(types, l)
	if len(types) != 1 {
		return ms
	}
	// The type's own members, when one of them declares something: one
	// known by its Topics entry alone (Text's font(_:)) says nothing of
	// its type, and the ancestors' then do.
	own := 0
	for own < len(ms) && ms[own].parent == types[0] {
		own++
	}
	for _, m := range ms[:own] {
		if m.decl != "" {
			return ms[:own]
		}
	}
	return ms
}

// closureBinding is a local bound to a chain from a closure parameter
// (`guard let route = response?.routes.first`): the parameter and the
// links after it, elementLink for a `.first` or `.last`.
type closureBinding struct {
	param string
	links []string
}

// closureChain reads, at j, a chain from a parameter of the closure that
// holds j, ending the bound expression (`placemarks?.first else`,
// `response?.routes.first {`): the parameter and the links, or "".
func (a *Analysis) closureChain(j int) (string, []string) {
	root := a.tok(j)
	if root.Kind != tokIdent || a.tok(j-1).IsPunct(".") {
		return "", nil
	}
	param, first := root.Text, []string(nil)
	if coll := a.loopOver[param]; a.closures[param] == nil && coll != "" && a.closures[coll] != nil && a.bindings[param] == 1 {
		// `for request in requests { guard let trigger = request.trigger`:
		// the chain from an element of the closure's parameter.
		param, first = coll, []string{elementLink}
	}
	if a.closures[param] == nil || !a.inClosureOf(param, j) {
		return "", nil
	}
	dot := a.dotAfter(j)
	// In an if, guard or while condition a brace after the value is the
	// body; after a plain binding's, a trailing closure.
	inCondition := a.tok(j-4).Is(tokKeyword, "if") || a.tok(j-4).Is(tokKeyword, "guard") || a.tok(j-4).Is(tokKeyword, "while") || a.tok(j-4).IsPunct(",")
	ends := func(t token) bool { return bindingEnds(t) || inCondition && t.IsPunct("{") }
	if inCondition && a.tok(j-1).IsPunct("=") && ends(a.tok(j+1)) {
		// `guard let r = result else`: the parameter itself, unwrapped.
		return param, first
	}
	if !a.tok(dot).IsPunct(".") || !inCondition && a.trailingClosureAfterChain(j+1) {
		return "", nil
	}
	if k, found, ok := a.elementAt(dot); found {
		if first != nil {
			return "", nil // an element's element
		}
		// `placemarks?.first`: the chain's first link is an element.
		// A brace after it opens an if's body, or a closure that
		// picks the element (`first { $0.isPrimary }`): an element
		// either way.
		if !ok {
			return "", nil
		}
		if ends(a.tok(k)) {
			return root.Text, []string{elementLink}
		}
		if rest := a.chainTo(elementLink, k, ends); rest != "" {
			return root.Text, strings.Split(rest, "|")
		}
		return "", nil
	}
	if chain := a.chainTo("", j+1, ends); chain != "" {
		return param, append(first, strings.Split(strings.TrimPrefix(chain, "|"), "|")...)
	}
	return "", nil
}

// trailingClosureAfterChain says whether the member chain from i ends in a
// brace right after a call: outside an if, guard or while condition, the
// call's trailing closure (`let items = group.reduce(into: []) {`), whose
// value is what the closure makes of the chain's.
func (a *Analysis) trailingClosureAfterChain(i int) bool {
	end := i
	for n := 0; n < maxLinks; n++ {
		a.step()
		if unwraps(a.tok(end)) && a.tok(end+1).IsPunct(".") {
			end++
		}
		if !a.tok(end).IsPunct(".") || a.tok(end+1).Kind != tokIdent {
			break
		}
		end += 2
		if a.tok(end).IsPunct("(") {
			end = a.closeOf(end) + 1
		}
	}
	return a.tok(end).IsPunct("{") && a.tok(end-1).IsPunct(")")
}

// bindingEnds says whether t ends the value a binding is given: the end
// of the expression, a guard's else or the next condition.
func bindingEnds(t token) bool {
	return endsExpression(t) || t.Is(tokKeyword, "else") || t.IsPunct(",")
}

// chainElements reads the receiver of the dot at dot, a chain from a local
// of written type (`completer.results.prefix(5)`): the chain's path with
// elementLink after it, followed when checked ("MKLocalSearchCompleter|
// results|[]"); methods that keep the elements (prefix, filter, sorted)
// are no links, and an array local's methods that keep them all give its
// elements. "" when the chain is not one.
func (a *Analysis) chainElements(dot int) string {
	rcv := a.receiverOf(dot)
	if rcv.root < 0 || rcv.prev < 0 {
		return ""
	}
	var links []string // last first
	for r := rcv; r.prev >= 0; r = a.receivers[r.prev] {
		a.step()
		l := a.toks[r.link].Text
		if a.tok(r.link+1).IsPunct("[") || len(links) > maxLinks {
			return ""
		}
		if !elementKeeping[l] {
			links = append(links, l)
		}
	}
	root := a.toks[rcv.root]
	if _, local := a.locals[root.Text]; local && len(links) == 0 && !a.tok(rcv.root+1).IsPunct("(") {
		// `observations.filter { … }.prefix(5).map { $0.label }`: the
		// array local's own elements.
		return a.elementsOf(root.Text)
	}
	sure := a.sureTypes[root.Text]
	if a.bindings[root.Text] != 1 {
		// Bound more than once (a stored property and a delegate
		// method's parameter of one name), each binding of one type.
		sure = ""
		if a.typedBindings[root.Text] == a.bindings[root.Text] {
			sure = a.valueTypes[root.Text]
		}
	}
	if _, local := a.locals[root.Text]; !local || sure == "" || len(links) == 0 || a.tok(rcv.root+1).IsPunct("(") || a.ownTypes[sure] {
		return ""
	}
	slices.Reverse(links)
	return sure + "|" + strings.Join(links, "|") + "|" + elementLink
}
