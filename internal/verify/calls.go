package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Type-aware checks over the symbol graph (graph.go): a member on its
// receiver's type, a call's labels against the member's overloads, an
// initializer's labels against the type's initializers, and a leading-dot
// name that no Apple type has. Each use is a site, found in one pass over
// the tokens; the work per site is bounded (a chain of at most maxLinks
// members), so the pass stays linear.

type siteKind int

const (
	siteMember   siteKind = iota // x.member, Type.member(…)
	siteImplicit                 // .member with no receiver written
	siteInit                     // Type(…)
)

// site is one use the type-aware checks look at.
type site struct {
	kind siteKind
	// tok is the name's token (for siteImplicit, its dot's); open is the
	// call's "(" or -1.
	tok, open int
	line      int
	name      string
	called    bool
	labels    []string
	trailing  int
	// rootType is the type the chain starts from, "" when not known; links
	// are the member names between it and the member.
	rootType string
	links    []string
	// closure: the root is a closure parameter whose type the callee's
	// declaration gives (closureParamType); rootType is "" until read.
	closure *closureSource
	// unguessed: the name-based pass does not report this member (its
	// receiver's type is unknown).
	unguessed bool
	// ownNamed: the file's own types declare a member of this name too,
	// none in an extension or a protocol; the receiver is a typed local.
	ownNamed bool
	// attribute: an init site written as an attribute, `@Attribute(.unique)`.
	attribute bool
	// opaqueRoot names the root when it is a value known only by a
	// protocol it conforms to: a view of the file's own (ownViews), which
	// offers View's members and its own, or a @Published property's
	// publisher, `$name`, which offers Publisher's. Opaque (rootType is the
	// protocol) until a link is read.
	opaqueRoot string
	// boundLinks: the first links come from the chain a local was bound
	// to (`let products = try await Product.products(for: ids)`), members
	// of Apple types as written there; a local named like one of them is
	// no member of the project's.
	boundLinks int
	// localOnly: the file, checked alone, declares the name only as a
	// local or a free function (`let database = container.database(with:
	// .private)`), which no receiver's member can be.
	localOnly bool
	// bare: a call written with no receiver inside a class or extension
	// of an Apple type (`present(alert, animated: true)` in a
	// UIViewController subclass): a member of self when the lineage has
	// the name, else possibly a global function, which is not judged.
	bare bool // bareRoot: the chain starts from a name written with no receiver
	// inside a class or extension of an Apple type
	// (`parentViewController?.navigationController` in a UIView
	// subclass), which the file does not declare: a property of self.
	bareRoot bool
}

// objectOverlay are the members Foundation's Swift overlay gives every
// NSObject subclass (key-value observing: `player.observe(\.status)`,
// `defaults.publisher(for: \.volume)`), which the crawl documents on no
// type: a class's list lacking them says nothing.
var objectOverlay = swiftlex.SetOf("observe", "publisher")

// errorOverlay are the members Swift gives every imported error
// structure (ARError, NFCReaderError, URLError: _BridgedStoredNSError),
// which their own lists lack.
var errorOverlay = swiftlex.SetOf("code", "errorCode", "errorUserInfo", "userInfo", "localizedDescription")

// isErrorType says whether one of the types is named as an error.
func isErrorType(types []*apiType) bool {
	for _, t := range types {
		if strings.HasSuffix(t.title, "Error") {
			return true
		}
	}
	return false
}

// onlyOnRoot says whether every overload found is NSObject's: its
// Objective-C class methods (load()) say nothing of a subclass's Swift
// methods of that name the crawl lacks (AVURLAsset.load(_:)).
func onlyOnRoot(ms []apiMember) bool {
	for _, m := range ms {
		if m.parent == nil || m.parent.title != "NSObject" {
			return false
		}
	}
	return len(ms) > 0
}

// isClass says whether one of the types is a class.
func isClass(types []*apiType) bool {
	for _, t := range types {
		if t.kind == "class" {
			return true
		}
	}
	return false
}

// unwraps says whether t, right after a name, unwraps it: `x?.m`, `x!.m`.
func unwraps(t token) bool {
	return t.Kind == tokPunct && (t.Text == "?" || t.Text == "!") && !t.SpaceBefore
}

// checkImplicit: a name checked for existence alone, whatever type
// (a leading-dot member, a member of a value of unknown type), on an
// index whose Topics entries are found by their qualified titles' last
// component (symbolGraph.leaves): UIView.ContentMode.scaleAspectFill is
// listed so, and many cases have no page of their own.
var checkImplicit = false

// checkUntypedLabels: a call's labels checked against every documented
// overload of its name when its receiver's type is unknown.
var checkUntypedLabels = false

// vagueType is what a leading dot's context wants when it is an Apple
// type the crawl does not name: the dot is not checked at all.
const vagueType = "?"

// maxLinks bounds the chain a receiver's type is followed through.
const maxLinks = 4

// argLabels gives, for each "(" token, the labels of its arguments ("_"
// for an unlabelled one), in one pass.
func (a *Analysis) argLabels() map[int][]string {
	out := map[int][]string{}
	a.argStarts = map[int][]int{}
	for j := range a.toks {
		a.step()
		h := a.holder[j]
		if h < 0 || !a.toks[h].IsPunct("(") {
			continue
		}
		if !(j == h+1 || a.toks[j-1].IsPunct(",") && a.holder[j-1] == h) {
			continue
		}
		t := a.toks[j]
		if t.IsPunct(")") && j == h+1 {
			out[h] = []string{}
			continue
		}
		if t.IsPunct(")") {
			// A trailing comma (Swift 6.1) ends the list; no argument follows.
			continue
		}
		label := "_"
		if (t.Kind == tokIdent || t.Kind == tokKeyword) && a.tok(j+1).IsPunct(":") && a.holder[j+1] == h {
			label = t.Text
		}
		out[h] = append(out[h], label)
		start := j
		if label != "_" {
			start = j + 2
		}
		a.argStarts[h] = append(a.argStarts[h], start)
	}
	return out
}

// callAfter reads the call that follows the name at tok: its labels and
// trailing closures.
func (a *Analysis) callAfter(tok int, labels map[int][]string, s *site) {
	k := tok + 1
	s.open = -1
	if a.tok(k).IsPunct("(") && !a.tok(k).SpaceBefore {
		s.open = k
		s.called = true
		s.labels = labels[k]
		if s.labels == nil {
			s.labels = []string{}
		}
		k = a.closeOf(k) + 1
	}
	if a.tok(k).IsPunct("{") && (!a.tok(k).NLBefore || s.open >= 0 && !a.inStatementHead(tok)) {
		s.called = true
		if s.labels == nil {
			s.labels = []string{}
		}
		s.trailing = 1
		k = a.closeOf(k) + 1
		for a.tok(k).Kind == tokIdent && a.tok(k+1).IsPunct(":") && a.tok(k+2).IsPunct("{") {
			a.step()
			s.trailing++
			k = a.closeOf(k+2) + 1
		}
	}
}

// awaited says whether the chain holding the name at i is awaited: an
// Objective-C method's async Swift form may have labels of its own
// (HKWorkoutBuilder's endCollection(withEnd:completion:) is awaited as
// endCollection(at:)), which a Topics title does not show.
func (a *Analysis) awaited(i int) bool {
	return a.beforeChain(i).Is(tokKeyword, "await")
}

// beforeChain is the token before the member chain that holds the token at
// i (`try await builder.endCollection(…)`: await), whole groups skipped;
// a token of no kind at the file's start.
func (a *Analysis) beforeChain(i int) token {
	for j := i - 1; j >= 0; j = a.groupStart(j) - 1 {
		t := a.toks[j]
		if !(t.IsPunct(")") || t.IsPunct("]") || t.IsPunct(".") || t.IsPunct("?") || t.IsPunct("!") || t.Kind == tokIdent || t.Is(tokKeyword, "self")) {
			return t
		}
	}
	return a.tok(-1)
}

// groupStart is the index of the "(" or "[" a ")" or "]" at j closes, or
// j itself: a walk back steps over a group whole.
func (a *Analysis) groupStart(j int) int {
	if t := a.toks[j]; t.IsPunct(")") || t.IsPunct("]") {
		if open := a.openOf(j); open >= 0 && open < j {
			return open
		}
	}
	return j
}

// headKeywords open a statement whose head a "{" ends: the body that
// follows it is no trailing closure, on its own line or not.
var headKeywords = swiftlex.SetOf("if", "guard", "while", "for", "switch", "catch", "else", "func", "init", "subscript")

// inStatementHead says whether the token at i is in the head of an if,
// guard, while, for, switch or catch statement, or of a declaration: a
// "{" on the line after a call there opens the statement's body. Anywhere
// else Swift reads a "{" after a call's ")" as a trailing closure, on the
// next line as well (`addObserver(forName:object:queue:)` then `{ _ in`
// below it, Allman style). It walks back over whole groups to the "{",
// "}" or ";" before the statement.
func (a *Analysis) inStatementHead(i int) bool {
	for j := i - 1; j >= 0; j = a.groupStart(j) - 1 {
		switch t := a.toks[j]; {
		case t.IsPunct("{") || t.IsPunct("}") || t.IsPunct(";"):
			return false
		case t.Kind == tokKeyword && headKeywords[t.Text]:
			return true
		}
	}
	return false
}

// implicitBefore are the tokens after which ".name" has no receiver
// written: an implicit member expression.
var implicitBefore = swiftlex.SetOf("(", ",", "[", ":", "=", "==", "!=", "?", "{", "&&", "||", "??", "return", "case", "in", "&")

// sites lists the uses the type-aware checks look at.
func (a *Analysis) sites() []site {
	a.computeReceivers()
	a.computeSelfTypes()
	labels := a.argLabels()
	var out []site
	for i, t := range a.toks {
		a.step()
		switch {
		case (t.Kind == tokIdent || t.Kind == tokAttr) && isCapitalized(t.Text):
			if s, ok := a.initSite(i, labels); ok {
				out = append(out, s)
			}
		case t.IsPunct(".") && (a.tok(i+1).Kind == tokIdent || a.tok(i+1).Is(tokKeyword, "default")):
			if s, ok := a.memberSite(i, labels); ok {
				out = append(out, s)
			}
		case t.Kind == tokIdent && a.selfTypes[i] != "":
			if s, ok := a.bareCallSite(i, labels); ok {
				out = append(out, s)
			} else if s, ok := a.bareAssignSite(i); ok {
				out = append(out, s)
			}
		}
	}
	return out
}

// checkBareRoot judges the name a chain starts from when it is written with
// no receiver in a class or extension of an Apple type and the file does
// not declare it: a property of self, which self's type and its ancestors
// must have, when their lists are whole.
func (c *Checker) checkBareRoot(g *graphView, s site, imports map[string]bool) (Reference, bool, error) {
	name := s.links[0]
	types := g.typesNamed(s.rootType, imports)
	if len(types) == 0 || len(g.membersOf(types, name)) > 0 || !(judgedOwn(types) || g.wholeLists(types)) || !g.lineageComplete(types) ||
		stdlibMembers[name] || objectOverlay[name] && isClass(types) {
		return Reference{}, false, nil
	}
	r, err := c.notOnType(g, s.line, types[0].title, name)
	return r, err == nil, err
}

// notOnType is the finding for a member name a receiver's type and its
// ancestors lack: not on this type, naming the types that have it, or
// unknown when nothing in the documentation has it.
func (c *Checker) notOnType(g *graphView, line int, recv, name string) (Reference, error) {
	r := Reference{Line: line, Symbol: recv + "." + name, Kind: string(RefMember), Status: NotOnType,
		Why: recv + ", its superclasses and protocols have no member `" + name + "`"}
	if others := g.overloads(name, true); len(others) > 0 {
		r.Nearest = typeCandidates(others, name)
		r.Why += "; it is on " + candidateNames(r.Nearest)
		return r, nil
	}
	exists, err := c.exists(g, name)
	if err != nil {
		return Reference{}, err
	}
	if !exists {
		r.Status, r.Why = Unknown, "`"+name+"` is not in the documentation, on "+recv+" or any type"
	}
	return r, nil
}

// bareAssignSite reads an assignment to a name with no receiver written,
// at the start of a statement, in the body of a class or extension of an
// Apple type (`placeholder = "Search"` in a UITextField subclass): self's
// property unless the file declares the name. Its value's leading dot
// takes the property's type.
func (a *Analysis) bareAssignSite(i int) (site, bool) {
	t := a.toks[i]
	if !t.NLBefore || !a.tok(i+1).IsPunct("=") || isCapitalized(t.Text) || strings.HasPrefix(t.Text, "$") ||
		a.declTok[i] || a.conditionTok[i] || a.memberDecls[t.Text] {
		return site{}, false
	}
	if _, local := a.locals[t.Text]; local {
		return site{}, false
	}
	return site{kind: siteMember, tok: i, open: -1, line: t.Line, name: t.Text, rootType: a.selfTypes[i]}, true
}

// bareCallSite reads a call with no receiver written, `name(…)`, in the
// body of a class or extension of an Apple type: a call of self's method
// unless the file declares the name (a method, a local, a free function).
func (a *Analysis) bareCallSite(i int, labels map[int][]string) (site, bool) {
	t := a.toks[i]
	prev := a.tok(i - 1)
	if isCapitalized(t.Text) || strings.HasPrefix(t.Text, "$") || a.declTok[i] || a.conditionTok[i] ||
		prev.IsPunct(".") || prev.Kind == tokKeyword && (prev.Text == "func" || prev.Text == "case") ||
		!a.tok(i+1).IsPunct("(") || a.tok(i+1).SpaceBefore || a.memberDecls[t.Text] {
		return site{}, false
	}
	if _, local := a.locals[t.Text]; local {
		return site{}, false
	}
	s := site{kind: siteMember, tok: i, line: t.Line, name: t.Text, rootType: a.selfTypes[i], bare: true}
	a.callAfter(i, labels, &s)
	return s, true
}

func (a *Analysis) initSite(i int, labels map[int][]string) (site, bool) {
	t := a.toks[i]
	if a.declTok[i] || a.conditionTok[i] || a.ownTypes[t.Text] || a.tok(i-1).IsPunct(".") || a.tok(i+1).IsPunct(".") {
		return site{}, false
	}
	if _, local := a.locals[t.Text]; local {
		return site{}, false
	}
	k := i + 1
	if a.tok(k).IsPunct("<") {
		k = a.closeOf(k) + 1
		if k <= i {
			return site{}, false
		}
	}
	if !a.tok(k).IsPunct("(") || a.tok(k).SpaceBefore {
		return site{}, false
	}
	s := site{kind: siteInit, tok: i, open: k, line: t.Line, name: t.Text, called: true, labels: labels[k], attribute: t.Kind == tokAttr}
	if s.labels == nil {
		s.labels = []string{}
	}
	end := a.closeOf(k)
	if a.tok(end+1).IsPunct("{") && (!a.tok(end+1).NLBefore || !a.inStatementHead(i)) {
		s.trailing = 1
		// More trailing closures, each labelled: `{ … } label: { … }`.
		for j := a.closeOf(end+1) + 1; j > end && a.tok(j).Kind == tokIdent && a.tok(j+1).IsPunct(":") && a.tok(j+2).IsPunct("{"); j = a.closeOf(j+2) + 1 {
			a.step()
			s.trailing++
		}
	}
	return s, true
}

// boundLocal says whether name is a local the file binds. A name only a
// condition unwraps under itself (`guard let window else`), bound nowhere
// in the file, is the property it unwraps: in a subclass of an Apple type,
// an inherited one (NSWindowController.window).
func (a *Analysis) boundLocal(name string) bool {
	_, local := a.locals[name]
	return local && !a.unwrapsOnly(name)
}

// unwrapsOnly says whether the file only unwraps name under itself and
// binds or declares it nowhere.
func (a *Analysis) unwrapsOnly(name string) bool {
	return a.unwrappedAlike[name] && a.bindings[name] == 0 && !a.memberDecls[name]
}

// selfPropertySite reads `self.name.….member`, in a type of the file's own,
// as the chain from name when name is a stored property the type's body
// declares with one sure type (`private let monitor = NWPathMonitor()`):
// every binding of the name agrees on it, as an initializer's parameter
// that sets the property usually does (`init(player: AVPlayer)`).
func (a *Analysis) selfPropertySite(s site, rcv receiver) (site, bool) {
	var links []string
	r := rcv
	for r.prev >= 0 {
		a.step()
		if len(links) == maxLinks || a.tok(r.link+1).IsPunct("[") || r.linkCall {
			return site{}, false
		}
		links = append(links, a.toks[r.link].Text)
		r = a.receivers[r.prev]
	}
	for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
		links[i], links[j] = links[j], links[i]
	}
	prop := links[0]
	typ, local := a.locals[prop]
	sure := a.sureTypes[prop]
	if !local || !a.memberDecls[prop] || sure == "" || a.ownTypes[typ] {
		return site{}, false
	}
	s.links = s.bindRoot(sure, links[1:])
	return s, true
}

// bindRoot roots the site at a bound path ("Calendar|current": the type,
// then the links its binding went through) and returns the links written
// after the root, behind the bound ones.
func (s *site) bindRoot(path string, links []string) []string {
	parts := strings.Split(path, "|")
	s.rootType = parts[0]
	s.boundLinks = len(parts) - 1
	return append(parts[1:], links...)
}

// computeSelfTypes finds, in one pass, the Apple type `self` is inside
// each class or extension body: the superclass a class declares first
// (`class CardView: UIView`), or the type an extension extends. Only the
// tokens a member chain can start from are recorded.
func (a *Analysis) computeSelfTypes() {
	a.selfTypes = map[int]string{}
	var stack []string
	pending, pendingSet := "", false
	for i, t := range a.toks {
		a.step()
		switch {
		case t.Is(tokKeyword, "class") && a.tok(i+1).Kind == tokIdent:
			pending, pendingSet = "", true
			k := i + 2
			if a.tok(k).IsPunct("<") {
				k = a.closeOf(k) + 1
			}
			if a.tok(k).IsPunct(":") && a.tok(k+1).Kind == tokIdent && isCapitalized(a.tok(k+1).Text) && !a.ownTypes[a.tok(k+1).Text] {
				pending = a.tok(k + 1).Text
			}
		case t.Is(tokKeyword, "extension") && a.tok(i+1).Kind == tokIdent:
			pending, pendingSet = "", true
			if !a.ownTypes[a.tok(i+1).Text] && !a.tok(i+2).IsPunct(".") {
				pending = a.tok(i + 1).Text
			}
		case (t.Kind == tokKeyword && (t.Text == "struct" || t.Text == "enum" || t.Text == "protocol" || t.Text == "actor")) && a.tok(i+1).Kind == tokIdent:
			pending, pendingSet = "", true
		case t.IsPunct("{"):
			top := ""
			if len(stack) > 0 {
				top = stack[len(stack)-1]
			}
			if pendingSet {
				top, pending, pendingSet = pending, "", false
			}
			stack = append(stack, top)
		case t.IsPunct("}"):
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case len(stack) > 0 && stack[len(stack)-1] != "" && (t.Is(tokKeyword, "self") || t.Kind == tokIdent && !isCapitalized(t.Text)):
			a.selfTypes[i] = stack[len(stack)-1]
		}
	}
}

func (a *Analysis) memberSite(dot int, labels map[int][]string) (site, bool) {
	nameTok := dot + 1
	name := a.toks[nameTok].Text
	if strings.HasPrefix(name, "$") || a.ownTypes[name] || isCapitalized(name) {
		return site{}, false
	}
	// A name the file's own types declare is theirs, but not on a value
	// of a written Apple type when only the file's classes, structures,
	// enums and actors declare it (`func pause() { timer?.pause() }`):
	// no extension or protocol can have given it to the Apple type.
	// A local of the same name (`let database =
	// container.database(with: .private)`) is no member: only a name
	// declared in a type's body is.
	_, localName := a.locals[name]
	ownName := a.memberDecls[name]
	// A stored property counts like a method: `@Published var products`
	// in the file's own class is not Product.products(for:).
	shadowable := a.alone && a.memberDecls[name] && !a.openMembers[name]
	if ownName && !shadowable {
		return site{}, false
	}
	switch name {
	case "init", "self", "Type", "Protocol":
		return site{}, false
	}
	s := site{kind: siteMember, tok: nameTok, line: a.toks[nameTok].Line, name: name, localOnly: localName && !ownName && a.alone}
	a.callAfter(nameTok, labels, &s)
	rcv := a.receiverOf(dot)
	if rcv.root < 0 {
		prev := a.tok(dot - 1)
		if dot == 0 || (prev.Kind == tokPunct || prev.Kind == tokKeyword) && implicitBefore[prev.Text] {
			s.kind, s.tok = siteImplicit, dot
			return s, true
		}
		return site{}, false
	}
	root := a.toks[rcv.root]
	if ownName {
		// Only a typed local's member, or a member of an Apple type
		// written as the receiver (`Product.products(for:)`), may be
		// another type's.
		typ, local := a.locals[root.Text]
		appleType := isCapitalized(root.Text) && !local && !a.ownTypes[root.Text] && !a.generics[root.Text] && !a.modules[root.Text] && !knownModules[root.Text]
		if !appleType && (!local || a.ownTypes[typ] || rcv.viaCall || a.sureTypes[root.Text] == "" && a.wrappedType(root.Text) == "") {
			return site{}, false
		}
		s.ownNamed = true
	}
	if self := a.selfTypes[rcv.root]; self != "" && !strings.HasPrefix(root.Text, "$") && (root.Is(tokKeyword, "self") || root.Kind == tokIdent && !isCapitalized(root.Text)) {
		if !a.boundLocal(root.Text) && !a.memberDecls[root.Text] && !a.tok(rcv.root+1).IsPunct("(") && !a.tok(rcv.root+1).IsPunct("[") {
			// self.member, or an inherited property written bare
			// (tableView in a UITableViewController): a member of the
			// Apple superclass the enclosing class declares.
			var links []string
			if !root.Is(tokKeyword, "self") {
				links = append(links, root.Text)
			}
			r := rcv
			for r.prev >= 0 && len(links) <= maxLinks {
				a.step()
				if a.tok(r.link + 1).IsPunct("[") {
					return s, true
				}
				links = append(links, a.toks[r.link].Text)
				r = a.receivers[r.prev]
			}
			if len(links) > maxLinks {
				return s, true
			}
			head := 0
			if !root.Is(tokKeyword, "self") {
				head = 1
			}
			rest := links[head:]
			for i, j := 0, len(rest)-1; i < j; i, j = i+1, j-1 {
				rest[i], rest[j] = rest[j], rest[i]
			}
			// `self.monitor.isConnected` where the file's own type declares
			// monitor: the chain from that stored property (below), not
			// a member of the Apple type the class adopts.
			if !(root.Is(tokKeyword, "self") && len(links) > 0 && a.memberDecls[links[0]]) {
				s.rootType, s.links = self, links
				s.bareRoot = !root.Is(tokKeyword, "self")
				return s, true
			}
		}
	}
	if root.Is(tokKeyword, "self") && rcv.prev >= 0 {
		// `self.monitor.isConnected`: the chain from the file's own stored
		// property, as `monitor.isConnected` is read.
		if s, ok := a.selfPropertySite(s, rcv); ok {
			return s, true
		}
	}
	// `NowPlayingView(title: title).presentationDetents([.small])`: a
	// value of the file's own view, made right there.
	ownView := a.ownTypes[root.Text] && a.ownViews()[root.Text] && rcv.viaCall && (a.tok(rcv.root+1).IsPunct("(") || a.tok(rcv.root+1).IsPunct("{"))
	if root.Kind == tokKeyword || a.generics[root.Text] || a.conditionTok[rcv.root] || a.ownTypes[root.Text] && !ownView {
		return site{}, false
	}
	if a.modules[root.Text] || knownModules[root.Text] {
		return site{}, false
	}
	// The chain from the root: link names back to it, at most maxLinks.
	var links []string
	r := rcv
	if a.tok(rcv.link + 1).IsPunct("[") {
		return s, true
	}
	for r.prev >= 0 {
		a.step()
		if len(links) == maxLinks || a.tok(a.receivers[r.prev].link+1).IsPunct("[") {
			return s, true
		}
		links = append(links, a.toks[r.link].Text)
		r = a.receivers[r.prev]
	}
	for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
		links[i], links[j] = links[j], links[i]
	}
	typ, local := a.locals[root.Text]
	switch {
	case ownView:
		s.rootType, s.opaqueRoot = "View", root.Text
	case strings.HasPrefix(root.Text, "$") && a.publishedNames()[root.Text[1:]]:
		// `$username.debounce(for:scheduler:)` on `@Published var
		// username`: Published.Publisher, whose members are Publisher's.
		s.rootType, s.opaqueRoot = "Publisher", root.Text
	case !r.linkCall && a.envTypes[root.Text] != "":
		// `@Environment(\.modelContext) private var modelContext`.
		s.rootType = a.envTypes[root.Text]
	case isCapitalized(root.Text) && !local:
		s.rootType = root.Text
	case local && a.sureTypes[root.Text] != "" && !r.linkCall && !a.ownTypes[typ]:
		links = s.bindRoot(a.sureTypes[root.Text], links)
	case !local && !r.linkCall && a.dollarElement(rcv.root) != "":
		// `$0` in a closure over an array's elements.
		links = s.bindRoot(a.dollarElement(rcv.root), links)
	case local && a.wrappedType(root.Text) != "" && !r.linkCall && !a.ownTypes[typ] && (unwraps(a.tok(rcv.root+1)) || a.unwrappedAlike[root.Text]):
		// `player?.stop()` on `var player: AVAudioPlayer?`, or
		// `player.stop()` after `if let player`.
		links = s.bindRoot(a.wrappedType(root.Text), links)
	}
	if s.ownNamed && s.rootType == "" {
		return site{}, false
	}
	if src := a.closures[root.Text]; src != nil && local && typ == "" && s.rootType == "" && !r.linkCall {
		s.closure = src
	}
	s.links = links
	if s.rootType == "" && !rcv.viaCall && !local {
		// The name-based pass skips a lowercase root of unknown type.
		s.unguessed = true
	}
	if local && typ == "" && !rcv.viaCall {
		s.unguessed = true
	}
	return s, true
}

// checkSites runs the type-aware checks over a file's sites. It returns
// the findings, and the (line, name) of each, so that the name-based
// reference on the same use gives way.
//
// unindexed says the file imports a module the index does not document:
// a name checked for its existence alone may be that module's.
func (c *Checker) checkSites(ctx context.Context, a *Analysis, declared map[string]bool, unindexed bool) ([]Reference, error) {
	gs, ok := c.Table.(graphSource)
	if !ok {
		return nil, nil
	}
	sg, err := gs.graph()
	if err != nil || sg == nil {
		return nil, err
	}
	g := &graphView{g: sg, ctx: ctx, nameAlone: checkImplicit && sg.leaves && !unindexed, unindexed: unindexed}
	imports := inScope(a.imports)
	extInits := a.extensionInits()
	// expect maps a leading dot to the type its context wants: the
	// parameter's declared type, or the assigned property's.
	expect := a.returnContexts()
	c.typeClosureParams(g, a, declared, imports)
	c.typeEnvironment(g, a, imports)
	a.switchContexts(expect)
	c.chainSwitchContexts(g, a, imports, expect)
	a.comparisonContexts(expect)
	out := c.checkEnvironmentKeys(g, a, declared, imports)
	seen := map[string]bool{}
	for _, s := range a.sites() {
		a.step() // each site's lookups are bounded; the step polls the context
		if s.closure != nil && !declared[s.closure.root] {
			if t := c.closureParamType(g, *s.closure, imports); t != "" {
				s.rootType, s.unguessed = t, false
			}
		}
		if declared[s.name] && !s.ownNamed && !s.localOnly || declared[s.rootType] {
			continue
		}
		own := false
		for i, l := range s.links {
			own = own || declared[l] && !(i == 0 && s.bareRoot && a.unwrapsOnly(l)) && (i >= s.boundLinks || a.memberDecls[l])
		}
		if own {
			continue
		}
		r, found, err := c.checkSite(g, a, s, imports, extInits, expect)
		if err == nil {
			err = g.err
		}
		if err != nil {
			return nil, err
		}
		if !found {
			continue
		}
		key := fmt.Sprint(r.Line, r.Symbol, r.Status)
		if !seen[key] {
			seen[key] = true
			out = append(out, r)
		}
	}
	return out, nil
}

func (c *Checker) checkSite(g *graphView, a *Analysis, s site, imports, extInits map[string]bool, expect map[int]string) (Reference, bool, error) {
	switch s.kind {
	case siteInit:
		if extInits[s.name] || extInits["*"] {
			return Reference{}, false, nil
		}
		if s.attribute {
			if r, found, judged := c.checkMacroAttribute(g, a, s, imports, expect); judged {
				return r, found, nil
			}
		}
		types := g.typesNamed(s.name, imports)
		inits := g.membersOf(types, "init")
		if len(inits) == 0 {
			return Reference{}, false, nil
		}
		if !judgedInits(types) && (g.unindexed || !g.judgedLegacyInits(types)) {
			// The list may lack the initializer called, but one that
			// fits still gives its leading-dot arguments' types
			// (URLRequest(url:cachePolicy:timeoutInterval:)).
			if fitsAny(inits, "init", s.labels, s.trailing) {
				a.expectArguments(s, inits, "init", expect)
			}
			return Reference{}, false, nil
		}
		if fitsAny(inits, "init", s.labels, s.trailing) {
			a.expectArguments(s, inits, "init", expect)
			g.expectNested(a, s, inits, "init", imports, expect)
			return Reference{}, false, nil
		}
		r := Reference{Line: s.line, Symbol: signature(s.name, s.labels), Kind: "initializer", Status: NoSuchInitializer}
		r.Nearest = overloadCandidates(inits, s.name)
		r.Why = "no initializer of " + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
		return r, true, nil
	case siteImplicit:
		switch want := expect[s.tok]; want {
		case "":
		case vagueType:
			return Reference{}, false, nil
		default:
			return c.checkCase(g, s, want, imports)
		}
		if !g.nameAlone {
			return Reference{}, false, nil
		}
		exists, err := c.exists(g, s.name)
		if err != nil || exists {
			return Reference{}, false, err
		}
		return Reference{Line: s.line, Symbol: "." + s.name, Kind: string(RefMember), Status: Unknown,
			Why: "no Apple type has a member named `" + s.name + "` (names are case-sensitive)"}, true, nil
	}
	if len(s.links) == 0 && assetTypes[s.rootType] && a.toks[s.tok-2].Text == s.rootType {
		// `Color.gameBackground`: an asset symbol, the project's own.
		return Reference{}, false, nil
	}
	if s.bareRoot {
		if r, found, err := c.checkBareRoot(g, s, imports); found || err != nil || g.err != nil {
			return r, found, errors.Join(err, g.err)
		}
	}
	types, opaque := c.receiverTypes(g, s, imports)
	if s.bare && len(g.membersOf(types, s.name)) == 0 {
		return Reference{}, false, nil // a global function, or the file's own
	}
	// The values the member is compared with, assigned or switched over
	// take its type.
	for _, dot := range a.valuesOf(s.tok) {
		c.expectValue(g, a, s, types, dot, imports, expect)
	}
	if !judgedOwn(types) && !opaque && s.called && (judgedForLabels(types) || listedOverloads(types, g.membersOf(types, s.name))) {
		ms := g.membersOf(types, s.name)
		if len(ms) > 0 && fitsAny(ms, s.name, s.labels, s.trailing) {
			a.expectArguments(s, ms, s.name, expect)
			g.expectNested(a, s, ms, s.name, imports, expect)
		}
		if len(ms) > 0 && !fitsAny(ms, s.name, s.labels, s.trailing) {
			r := Reference{Line: s.line, Symbol: types[0].title + "." + signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
			r.Nearest = overloadCandidates(ms, "")
			r.Why = "no overload of " + types[0].title + "." + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
			return r, true, nil
		}
	}
	if judgedOwn(types) || foundationStructsListed(types) || !opaque && g.wholeLists(types) || opaque && judgedOpaque(types) {
		ms := g.membersOf(types, s.name)
		recv := types[0].title
		if opaque {
			// An opaque `some View` offers its protocol's members and
			// nothing else, however many types conform.
			recv = "some " + opaqueTitle(types)
			if s.opaqueRoot != "" && len(s.links) == 0 {
				recv = s.opaqueRoot // "NowPlayingView, its superclasses and protocols have no…"
			}
		}
		if len(ms) == 0 && (!g.lineageComplete(types) || stdlibMembers[s.name] || objectOverlay[s.name] && isClass(types) || errorOverlay[s.name] && isErrorType(types)) {
			return Reference{}, false, nil
		}
		if len(ms) == 0 && g.hollowTitled(types, s.name) {
			// A collection the crawl lacks, titled with a word of the
			// name ("App Windows" for NSApplication.keyWindow), may hold it.
			return Reference{}, false, nil
		}
		if len(ms) == 0 {
			r, err := c.notOnType(g, s.line, recv, s.name)
			return r, err == nil, err
		}
		if s.called && fitsAny(ms, s.name, s.labels, s.trailing) {
			a.expectArguments(s, ms, s.name, expect)
			a.expectArguments(s, inScopeOverloads(g, s.name, imports), s.name, expect)
			g.expectNested(a, s, ms, s.name, imports, expect)
		}
		// A short list's overload known by its title alone may have
		// defaults the title hides (UIStoryboard's
		// instantiateViewController(identifier:creator:)).
		shortList := len(types) > 0 && listedWhole(types[0])
		// A type listing a collection the crawl lacks may hold there the
		// overload its AppKit or UIKit twin documents.
		if s.called && !fitsAny(ms, s.name, s.labels, s.trailing) && !(shortList && (titleOnlyMayFit(ms, s.name, s.labels, s.trailing) || a.awaited(s.tok) && titleOnly(ms))) && !onlyOnRoot(ms) &&
			!(g.hollowLineage(types) && g.twinFits(types, s)) {
			r := Reference{Line: s.line, Symbol: recv + "." + signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
			r.Nearest = overloadCandidates(ms, "")
			r.Why = "no overload of " + recv + "." + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
			return r, true, nil
		}
		a.citeTyped(s, ms)
		return Reference{}, false, nil
	}
	if r, found := memberElsewhere(g, s, types, opaque, imports); found || g.err != nil {
		return r, found, g.err
	}
	if !opaque && g.thinClassLacks(types, s, imports) {
		r, err := c.notOnType(g, s.line, types[0].title, s.name)
		return r, err == nil, err
	}
	if !opaque {
		// A type whose list is not judged whole still has the members it
		// lists: a use of one cites it (FileManager.temporaryDirectory,
		// a Topics entry), not another type's page of that name
		// (URL.temporaryDirectory).
		a.citeTyped(s, g.membersOf(types, s.name))
	}
	if s.called && s.open >= 0 {
		// The receiver's type is unknown (a modifier chain): the
		// documented overloads in scope that fit may still agree on a
		// leading-dot argument's type.
		a.expectArguments(s, inScopeOverloads(g, s.name, imports), s.name, expect)
	}
	if s.called && checkUntypedLabels {
		ms := g.overloads(s.name, true)
		if len(ms) > 0 && !fitsAny(ms, s.name, s.labels, s.trailing) {
			r := Reference{Line: s.line, Symbol: "." + signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
			r.Nearest = overloadCandidates(ms, "")
			r.Why = "no documented " + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
			return r, true, nil
		}
	}
	if s.unguessed && g.nameAlone {
		exists, err := c.exists(g, s.name)
		if err != nil || exists {
			return Reference{}, false, err
		}
		return Reference{Line: s.line, Symbol: "." + s.name, Kind: string(RefMember), Status: Unknown,
			Why: "no Apple type has a member named `" + s.name + "`"}, true, nil
	}
	return Reference{}, false, nil
}

// expectArguments records, for each leading-dot argument of a call, the
// type its parameter declares, when every overload that fits the labels
// agrees on it. An array literal's leading-dot elements (an option set)
// expect the same type.
func (a *Analysis) expectArguments(s site, ms []apiMember, base string, expect map[int]string) {
	if s.open < 0 {
		return
	}
	starts := a.argStarts[s.open]
	want := make([]string, len(s.labels))
	vetoed := make([]bool, len(s.labels))
	for _, m := range ms {
		ps, ok := paramsOf(m, base)
		if !ok {
			continue // a property of the same name
		}
		to, ok := assign(s.labels, s.trailing, ps)
		if !ok {
			continue
		}
		// An overload known only by its title (no declared types) does
		// not veto; two declared types that differ do.
		for i, k := range to {
			switch typ := ps[k].typ; {
			case typ == "":
			case want[i] == "" && !vetoed[i]:
				want[i] = typ
			case want[i] == typ:
			case strings.HasPrefix(want[i], conformingPrefix) && strings.HasPrefix(typ, conformingPrefix):
				// Overloads constrained to different protocols
				// (buttonStyle: ButtonStyle or PrimitiveButtonStyle):
				// a static member of either fits.
				if !slices.Contains(strings.Split(strings.TrimPrefix(want[i], conformingPrefix), "|"), strings.TrimPrefix(typ, conformingPrefix)) {
					want[i] += "|" + strings.TrimPrefix(typ, conformingPrefix)
				}
			default:
				vetoed[i] = true
			}
		}
	}
	for i, st := range starts {
		if i >= len(want) || want[i] == "" || vetoed[i] || expect[st] != "" {
			continue
		}
		// A collection parameter's array literal holds its element
		// type's leading dots; a leading dot for the collection itself
		// is left alone.
		elem, collection := strings.CutPrefix(want[i], elementsPrefix)
		switch t := a.tok(st); {
		case t.IsPunct(".") && a.tok(st+1).Kind == tokIdent && !collection:
			expect[st] = want[i]
		case t.IsPunct("["):
			end := a.closeOf(st)
			for j := st + 1; j < end; j++ {
				a.step()
				if a.holder[j] == st && a.toks[j].IsPunct(".") && (j == st+1 || a.toks[j-1].IsPunct(",")) {
					expect[j] = elem
				}
			}
		}
	}
}

// expectValue records the type a leading dot compared with, assigned to
// or switched over a member takes: the member's declared type.
func (c *Checker) expectValue(g *graphView, a *Analysis, s site, types []*apiType, dot int, imports map[string]bool, expect map[int]string) {
	if len(types) > 0 && dot > 0 && expect[dot] == "" {
		// `x.property = .name` (or `== .name`, `!= .name`): the name is the property's type's, which
		// its declaration gives; when the crawl gives none (a Topics
		// entry with no page: JSONDecoder.keyDecodingStrategy), the name
		// is not judged by its existence elsewhere either.
		expect[dot] = vagueType
		typeOf := declaredType
		if a.tok(dot-1).IsPunct("[") || a.tok(dot-1).IsPunct(",") {
			typeOf = literalElementType // an element of an assigned literal
		}
		for _, m := range g.membersOf(types, s.name) {
			if t := typeOf(m.typing()); t != "" {
				expect[dot] = t
				break
			}
		}
		if expect[dot] == vagueType {
			// No declaration: the type the property is named after, nested
			// in its owner (UIStackView.alignment, a UIStackView.Alignment).
			if want := g.nestedTypeIn(types, nestedName(s.name, "", false), imports); want != "" {
				expect[dot] = want
			}
		}
	}
	if len(types) == 0 && s.rootType != "" && dot > 0 && expect[dot] == "" && len(g.typesNamed(s.rootType, imports)) > 0 {
		// `window?.titleVisibility = .hidden` in an NSWindowController
		// subclass: the chain starts from an Apple type but a link's type
		// is not declared (NSWindowController.window has no page), so the
		// property is an Apple one; the documented properties of that
		// name in scope may agree on its type. A root type the crawl does
		// not have (SystemLanguageModel, newer) says nothing of that.
		if want := agreedPropertyType(inScopeOverloads(g, s.name, imports)); want != "" {
			expect[dot] = want
		}
	}
}

// valuesOf lists the leading dots that take the type of the member at i:
// the one it is assigned or compared with (valueAfter), or its switch's
// case patterns.
func (a *Analysis) valuesOf(i int) []int {
	if dot := a.valueAfter(i); dot > 0 {
		return []int{dot}
	}
	if a.tok(i+1).IsPunct("=") && a.tok(i+2).IsPunct("[") {
		// An option set assigned as a literal (`layer.maskedCorners =
		// [.layerMinXMinYCorner]`): its elements are of the property's type.
		return a.literalDots(i + 2)
	}
	if open, ok := a.switchedOn(i); ok {
		return a.caseDots(open)
	}
	return nil
}

// literalDots lists the leading dots that are whole elements of the array
// literal opened at open: `.name`, each followed by "," or the "]".
func (a *Analysis) literalDots(open int) []int {
	var out []int
	end := a.closeOf(open)
	for k := open + 1; k < end; k++ {
		if (k == open+1 || a.toks[k-1].IsPunct(",")) && a.toks[k].IsPunct(".") && a.tok(k+1).Kind == tokIdent &&
			(a.tok(k+2).IsPunct(",") || k+2 == end) {
			out = append(out, k)
		}
		if c := a.closeOf(k); c > k && (a.toks[k].IsPunct("(") || a.toks[k].IsPunct("[")) {
			k = c
		}
	}
	return out
}

// valueAfter is the leading dot that a property at i is assigned or
// compared with (`x.p = .name`, `x.p == .name`, `x.p != .name`, which the
// lexer gives as "!" and "="), -1 when there is none.
func (a *Analysis) valueAfter(i int) int {
	k := i + 1
	switch t := a.tok(k); {
	case t.IsPunct("!") && a.tok(k+1).IsPunct("=") && !a.tok(k+1).SpaceBefore:
		k += 2
	case t.IsPunct("=") || t.IsPunct("=="):
		k++
	default:
		return -1
	}
	if !a.tok(k).IsPunct(".") || a.tok(k+1).Kind != tokIdent {
		return -1
	}
	return k
}

// agreedPropertyType is the type every documented property among ms
// declares, "" when none does, one is not a property or two differ.
func agreedPropertyType(ms []apiMember) string {
	agreed := ""
	for _, m := range ms {
		t := declaredType(m.decl)
		if t == "" || m.kind != "property" || strings.Contains(m.decl, "(") {
			return ""
		}
		if agreed != "" && agreed != t {
			return ""
		}
		agreed = t
	}
	return agreed
}

// memberElsewhere judges a member of a receiver whose type is known but
// whose list may lack some of its members (not judged whole): when no type
// of a framework in scope has a member of that name at all, page or
// Topics entry, and only types of frameworks the file does not import do
// (`logger.warn(…)` on os's Logger: Automator's AMLogLevel.warn), the name
// is not on the receiver's type, for a real member of it would be
// documented in its framework or one the file imports.
func memberElsewhere(g *graphView, s site, types []*apiType, opaque bool, imports map[string]bool) (Reference, bool) {
	if len(types) == 0 || opaque || stdlibMembers[s.name] ||
		objectOverlay[s.name] && isClass(types) || errorOverlay[s.name] && isErrorType(types) {
		return Reference{}, false
	}
	for _, t := range types {
		// A type of its own page, whose list is its own: not a protocol or
		// an alias, not one whose Topics list a group page, which holds
		// members the type's list lacks (SKAction.fadeIn(withDuration:)),
		// and not a C structure of Objective-C era pages, which Swift
		// overlays give members the crawl lacks (CGRect.midX).
		if !listsOwnMembers(t) || t.grouped || t.kind != "class" && legacyHeavy(t) {
			return Reference{}, false
		}
	}
	if len(g.membersOf(types, s.name)) > 0 {
		return Reference{}, false
	}
	others := g.overloads(s.name, true)
	if len(others) == 0 {
		return Reference{}, false
	}
	for _, m := range others {
		if m.parent == nil || imports[strings.ToLower(m.parent.framework)] {
			return Reference{}, false
		}
	}
	recv := types[0].title
	r := Reference{Line: s.line, Symbol: recv + "." + s.name, Kind: string(RefMember), Status: NotOnType}
	r.Nearest = typeCandidates(others, s.name)
	r.Why = recv + ", its superclasses and protocols have no member `" + s.name + "`, and no type of a framework the file imports has one; it is on " + candidateNames(r.Nearest)
	return r, true
}

// thinClassLacks says whether an Objective-C era class (numeric member
// addresses, so not judged whole: a Swift overlay may add members its
// list lacks) lacks a member that another type of a framework in scope
// has (FileManager.documentsDirectory is URL's): its own page's Topics
// were read, no group page they list holds the name (CIImage's
// "Autoadjustment Keys" hold keys), no collection the crawl lacks may,
// and its superclasses are whole.
func (g *graphView) thinClassLacks(types []*apiType, s site, imports map[string]bool) bool {
	if len(types) == 0 || stdlibMembers[s.name] || objectOverlay[s.name] || errorOverlay[s.name] {
		return false
	}
	for _, t := range types {
		if t.kind != "class" || !t.topics || g.groupsMayHold(t, s.name) || len(t.members) < minListedMembers {
			return false
		}
	}
	if len(g.membersOf(types, s.name)) > 0 || !g.lineageComplete(g.supertypes(types)) || g.hollowLineage(types) || g.hollowTitled(types, s.name) {
		return false
	}
	for _, m := range g.overloads(s.name, true) {
		if m.parent != nil && m.parent.title != "" && imports[strings.ToLower(m.parent.framework)] {
			return true
		}
	}
	return false
}

// supertypes are the types' superclasses and protocols, without them.
func (g *graphView) supertypes(types []*apiType) []*apiType {
	var out []*apiType
	for _, t := range g.lineage(types) {
		if !slices.Contains(types, t) {
			out = append(out, t)
		}
	}
	return out
}

// checkMacroAttribute judges an attribute that names an Apple macro of an
// imported framework (`@Attribute(.unique)`, `@Relationship(deleteRule:
// .cascade)`) as a call of the macro: its labels must fit one of its
// declarations, and its leading dots take the parameters' types. judged
// is false for any other attribute (a property wrapper, whose initializer
// takes its property's value unwritten, or the project's own).
func (c *Checker) checkMacroAttribute(g *graphView, a *Analysis, s site, imports map[string]bool, expect map[int]string) (r Reference, found, judged bool) {
	var macros []apiMember
	for _, m := range g.overloads(s.name, false) {
		// A macro's page sits under its framework's, whose title the
		// graph does not read: the address names the framework.
		if m.kind == "macro" && m.decl != "" && imports[uriFramework(m.uri)] {
			macros = append(macros, m)
		}
	}
	if len(macros) == 0 {
		return Reference{}, false, false
	}
	if fitsAny(macros, s.name, s.labels, s.trailing) {
		a.expectArguments(s, macros, s.name, expect)
		return Reference{}, false, true
	}
	r = Reference{Line: s.line, Symbol: signature(s.name, s.labels), Kind: string(RefMacro), Status: WrongLabels}
	r.Nearest = overloadCandidates(macros, "")
	r.Why = "no declaration of @" + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
	return r, true, true
}

// citeTyped records, for the member at a site its receiver's type was
// found to have, the page a resolved reference to it cites: the first
// overload that takes the written labels. The name-based pass knows only
// the name, and cited UIView.frame for a SwiftUI modifier chain's
// `.frame(width:)`.
func (a *Analysis) citeTyped(s site, ms []apiMember) {
	for _, m := range ms {
		if m.uri == "" {
			continue
		}
		if s.called {
			if ps, ok := paramsOf(m, s.name); ok && !fits(s.labels, s.trailing, ps) {
				continue
			}
		}
		if a.typedCitations == nil {
			a.typedCitations = map[string]string{}
		}
		key := fmt.Sprint(s.line, "|", s.name)
		if _, taken := a.typedCitations[key]; !taken {
			a.typedCitations[key] = m.uri
		}
		return
	}
}

// citeTypedMembers makes each resolved member reference cite the page
// its receiver's type gave (citeTyped), where the name alone chose
// another.
func citeTypedMembers(refs []Reference, cites map[string]string) {
	for i, r := range refs {
		if r.Status != Resolved || r.Kind != string(RefMember) {
			continue
		}
		if uri, ok := cites[fmt.Sprint(r.Line, "|", refBase(r.Symbol))]; ok {
			refs[i].URI = uri
		}
	}
}

// inScopeOverloads lists a name's documented overloads on types of the
// modules in scope.
func inScopeOverloads(g *graphView, name string, imports map[string]bool) []apiMember {
	var out []apiMember
	for _, m := range g.overloads(name, false) {
		if m.parent != nil && m.parent.title != "" && imports[strings.ToLower(m.parent.framework)] {
			out = append(out, m)
		}
	}
	return out
}

// checkCase checks a leading-dot name against the type its context wants.
func (c *Checker) checkCase(g *graphView, s site, want string, imports map[string]bool) (Reference, bool, error) {
	// Optional's own cases fit any optional parameter; an asset
	// catalog's colours and images are the project's own statics.
	if s.name == "none" || s.name == "some" || assetTypes[want] {
		return Reference{}, false, nil
	}
	if protocols, ok := strings.CutPrefix(want, conformingPrefix); ok {
		return c.checkStaticMember(g, s, strings.Split(protocols, "|"), imports)
	}
	types := g.typesNamed(want, imports)
	if len(types) == 1 && types[0].alias != "" {
		// A typealias's cases are the named type's.
		types = g.typesNamed(types[0].alias, imports)
	}
	judged := g.judgedCases(types, false)
	if !judged && g.judgedCases(types, true) && !extensible(g, types) {
		// A list from Objective-C era pages (HKQuantityTypeIdentifier's
		// constants) may lack the Swift overlay's names: a name no page
		// or Topics entry of a module in scope has is a finding all the
		// same.
		judged = !staticElsewhere(g, s, imports) && g.err == nil
	}
	if !judged || len(g.membersOf(types, s.name)) > 0 || len(g.siblingMembers(types, s.name)) > 0 {
		return Reference{}, false, g.err
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	r.Nearest = g.caseCandidates(types)
	r.Why = want + " has no case or static member `" + s.name + "`; real ones: " + candidateNames(r.Nearest)
	return r, true, nil
}

// checkStaticMember checks a leading dot where any type conforming to one
// of the protocols fits (`.pickerStyle(.dropdown)`): the name is one of
// their static members (`extension PickerStyle where Self == MenuPickerStyle
// { static var menu }`). The crawl lists them partly (PickerStyle's page
// lacks radioGroup, which RadioGroupPickerStyle's Topics list), so a name
// missing from the protocols is a finding only when no page and no Topics
// entry has it at all, nor a page writes it, when it is camel-cased, as
// spelled (a lowercase word such as "dropdown" is prose).
func (c *Checker) checkStaticMember(g *graphView, s site, protocols []string, imports map[string]bool) (Reference, bool, error) {
	var types []*apiType
	for _, p := range protocols {
		ts := g.typesNamed(p, imports)
		if len(ts) == 0 || g.err != nil {
			return Reference{}, false, g.err
		}
		types = append(types, ts...)
	}
	if !judgedStatics(types) || len(g.membersOf(types, s.name)) > 0 {
		return Reference{}, false, nil
	}
	if stdlibMembers[s.name] || staticElsewhere(g, s, imports) || g.err != nil {
		return Reference{}, false, g.err
	}
	if strings.ToLower(s.name) != s.name {
		if doc, ok := c.Table.(Documented); ok {
			uri, found, err := doc.MentionedIn(s.name)
			if err != nil || found && c.mentionedAsWritten(uri, s.name) {
				return Reference{}, false, err
			}
		}
	}
	r := Reference{Line: s.line, Symbol: "." + s.name, Kind: "case", Status: NoSuchCase}
	r.Nearest = staticCandidates(types)
	r.Why = "no type conforming to " + strings.Join(protocols, " or ") + " has a static member `" + s.name + "`; real ones: " + candidateNames(r.Nearest)
	return r, true, nil
}

// staticElsewhere says whether a page or a Topics entry of a module in
// scope has the name in a form the use fits: the crawl lists a protocol's
// static members partly (RadioGroupPickerStyle's Topics give PickerStyle's
// radioGroup), but a case of a framework the file does not import
// (CarPlay's CPMessageLeadingItem.star) is no static of SwiftUI's, and a
// method (UIButton.Configuration.filled()) is no property written without
// a call (`.buttonStyle(.filled)`).
//
// Pages first: the Topics entries are read only when no page has it.
func staticElsewhere(g *graphView, s site, imports map[string]bool) bool {
	fits := func(ms []apiMember) bool {
		for _, m := range ms {
			if imports[memberFramework(m)] && (s.called || !strings.Contains(m.title, "(")) {
				return true
			}
		}
		return false
	}
	return fits(g.overloads(s.name, false)) || fits(g.overloads(s.name, true))
}

// memberFramework is the lowercased module of a member: its parent's, or
// the first segment of its address when the parent is not known.
func memberFramework(m apiMember) string {
	if m.parent != nil && m.parent.framework != "" {
		return strings.ToLower(m.parent.framework)
	}
	rest, ok := strings.CutPrefix(m.uri, "apple-docs://")
	if !ok {
		return ""
	}
	fw, _, _ := strings.Cut(rest, "/")
	return strings.ToLower(fw)
}

// extensible says whether one of the types is an extensible string
// enumeration (NS_EXTENSIBLE_STRING_ENUM: an unlabelled init(_:) beside
// init(rawValue:)), whose constants other frameworks and projects add
// (NSNotification.Name.fileProviderPendingSetDidChange in FileProvider).
func extensible(g *graphView, types []*apiType) bool {
	for _, m := range g.membersOf(types, "init") {
		if m.title == "init(_:)" {
			return true
		}
	}
	return false
}

// judgedStatics says whether protocols list static members to judge a
// leading dot by: each a protocol, one of them listing at least three
// (ButtonStyle's page lists one, PrimitiveButtonStyle's fourteen: a
// `.buttonStyle(…)` argument is a static of either).
func judgedStatics(types []*apiType) bool {
	listed := false
	for _, t := range types {
		if t.kind != "protocol" || assetStatics[t.title] {
			return false
		}
		listed = listed || len(staticMembers(t)) >= 3
	}
	return listed
}

// assetStatics are protocols whose static members a project's asset
// catalog adds: Xcode generates `extension ShapeStyle where Self == Color
// { static var darkBrown }` for a colour set, so `.foregroundStyle(.darkBrown)`
// is real in a project whose sources never declare it.
var assetStatics = swiftlex.SetOf("ShapeStyle")

// assetTypes are the types Xcode's asset symbols extend: a colour set
// named AccentColor is `Color.accent` (`.accent` where a Color is wanted),
// an image set `UIImage.logo`, in a project whose sources never declare
// them.
var assetTypes = swiftlex.SetOf("Color", "UIColor", "NSColor", "Image", "UIImage", "NSImage", "ColorResource", "ImageResource")

// staticMembers are a type's members declared static, and those its Topics
// list with no page (TextFieldStyle's roundedBorder), which for a
// protocol are the static members its extensions add.
func staticMembers(t *apiType) []apiMember {
	var out []apiMember
	for base, ms := range t.members {
		if base == "init" {
			continue
		}
		for _, m := range ms {
			if m.decl == "" && m.kind == "" || strings.HasPrefix(m.decl, "static ") || strings.Contains(m.decl, " static ") {
				out = append(out, m)
				break
			}
		}
	}
	return out
}

// staticCandidates lists the protocols' static members.
func staticCandidates(types []*apiType) []Candidate {
	var out []Candidate
	for _, t := range types {
		for _, m := range staticMembers(t) {
			out = append(out, Candidate{Name: "." + titleName(m.title), URI: m.uri})
		}
	}
	sortCandidates(out)
	if len(out) > maxShown*2 {
		out = out[:maxShown*2]
	}
	return out
}

// judgedCases says whether the types' cases and static members are
// documented well enough to say one is missing: titled, not from
// Objective-C era pages, a few members at least, superclasses complete.
//
// legacy admits types whose lists are from Objective-C era pages.
func (g *graphView) judgedCases(types []*apiType, legacy bool) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		// A class's static members (UIColor's colours) are many and the
		// crawl has a part of them: only enums and structs are judged.
		// A type whose own page the crawl missed is not judged: its
		// cases may be a part of the real list (UIKeyboardType).
		if t.title == "" && g.siblingsWhole(t) && (legacy || !legacyHeavy(t)) {
			// The crawl missed its page, but its member pages' See Also
			// lists give its cases (siblings.go).
			continue
		}
		if t.kind != "enum" && t.kind != "struct" {
			return false
		}
		if !listsOwnMembers(t) || len(t.members) < 3 || !legacy && legacyHeavy(t) {
			return false
		}
	}
	return g.lineageComplete(types)
}

// caseCandidates lists a type's cases, then its other members (with
// those its member pages' See Also lists name).
func (g *graphView) caseCandidates(types []*apiType) []Candidate {
	var cases, others []Candidate
	seen := map[string]bool{}
	for _, t := range types {
		for _, ms := range t.members {
			for _, m := range ms {
				seen[strings.ToLower(m.uri)] = true
			}
		}
		if t.title != "" {
			continue
		}
		for _, ms := range g.siblings(t).members {
			for _, m := range ms {
				if !seen[strings.ToLower(m.uri)] && titleName(m.title) != "init" {
					seen[strings.ToLower(m.uri)] = true
					cases = append(cases, Candidate{Name: "." + titleName(m.title), URI: m.uri})
				}
			}
		}
	}
	for _, t := range types {
		for base, ms := range t.members {
			for _, m := range ms {
				if base == "init" || strings.HasPrefix(base, "filler") {
					continue
				}
				cand := Candidate{Name: "." + titleName(m.title), URI: m.uri}
				if m.kind == "case" {
					cases = append(cases, cand)
				} else if m.kind == "property" || m.kind == "" {
					others = append(others, cand)
				}
				break
			}
		}
	}
	sortCandidates(cases)
	sortCandidates(others)
	out := append(cases, others...)
	if len(out) > maxShown*2 {
		out = out[:maxShown*2]
	}
	return out
}

func sortCandidates(cs []Candidate) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
}

// receiverTypes follows a site's chain from its root type through the
// declared types of the members between. opaque says the last link
// returns `some P`: the receiver is P's existential, whose members are
// P's alone.
func (c *Checker) receiverTypes(g *graphView, s site, imports map[string]bool) (types []*apiType, opaque bool) {
	if s.rootType == "" {
		return nil, false
	}
	types, opaque = g.typesNamed(s.rootType, imports), s.opaqueRoot != ""
	for i, l := range s.links {
		if l == elementLink {
			continue // taken with the link before
		}
		opaque = false
		ms := g.linkMembers(types, l)
		element := i+1 < len(s.links) && s.links[i+1] == elementLink
		next := linkType(ms, element)
		if next == "" && !element {
			// Every overload in the lineage: which one a call picks is
			// not read.
			next, opaque = sameOpaqueType(g.membersOf(types, l))
		}
		if next == "" {
			return nil, false
		}
		types = g.typesNamed(next, imports)
	}
	return types, opaque
}

// sameOpaqueType is P when every overload that declares what it returns
// returns `some P`: Shape.stroke returns `some Shape` in one overload and
// `some View` in another, and which one a call picks is not read.
func sameOpaqueType(ms []apiMember) (string, bool) {
	out := ""
	for _, m := range ms {
		if m.decl == "" {
			continue
		}
		t := opaqueType(m.decl)
		if t == "" || out != "" && t != out {
			return "", false
		}
		out = t
	}
	return out, out != ""
}

// exists says whether any Apple page, Topics entry or symbol has name, as
// written.
func (c *Checker) exists(g *graphView, name string) (bool, error) {
	// Pages first: the Topics entries are read only for a name no page
	// has.
	if stdlibMembers[name] || len(g.overloads(name, false)) > 0 || len(g.overloads(name, true)) > 0 {
		return true, nil
	}
	if g.err != nil {
		return false, g.err
	}
	cands, err := c.Table.Lookup(name)
	if err != nil || len(cands) > 0 {
		return len(cands) > 0, err
	}
	// A page that writes the name as it is spelled, as a whole word, is
	// evidence enough not to call it invented: many cases have no page
	// and no Topics entry in the crawl, but a code example or a
	// discussion shows them (DatePickerComponents.hourAndMinute).
	if doc, ok := c.Table.(Documented); ok {
		uri, found, err := doc.MentionedIn(name)
		if err != nil {
			return false, err
		}
		return found && c.mentionedAsWritten(uri, name), nil
	}
	return false, nil
}

// fitsAny says whether one overload takes the labels; a member with no
// argument list (a property, which may hold a closure) is not judged.
func fitsAny(ms []apiMember, base string, labels []string, trailing int) bool {
	for _, m := range ms {
		ps, ok := paramsOf(m, base)
		if !ok && base == "init" && m.decl == "" {
			// An initializer always takes an argument list: a page titled
			// "init" alone (os_object/init) says nothing of its labels.
			continue
		}
		if !ok || fits(labels, trailing, ps) {
			return true
		}
	}
	return false
}

// maxShown bounds the overloads or types a finding lists.
const maxShown = 5

func overloadCandidates(ms []apiMember, typeName string) []Candidate {
	var out []Candidate
	seen := map[string]bool{}
	for _, m := range ms {
		name := m.title
		if typeName != "" {
			name = typeName + "." + m.title
		} else if m.parent != nil && m.parent.title != "" {
			name = m.parent.title + "." + m.title
		}
		if seen[name] {
			continue
		}
		seen[name] = true
		out = append(out, Candidate{Name: name, URI: m.uri})
		if len(out) == maxShown {
			break
		}
	}
	return out
}

func typeCandidates(ms []apiMember, name string) []Candidate {
	var out []Candidate
	seen := map[string]bool{}
	for _, m := range ms {
		if m.parent == nil || m.parent.title == "" || seen[m.parent.title] {
			continue
		}
		seen[m.parent.title] = true
		out = append(out, Candidate{Name: m.parent.title + "." + m.title, URI: m.uri})
		if len(out) == maxShown {
			break
		}
	}
	return out
}

func candidateNames(cs []Candidate) string {
	var names []string
	for _, c := range cs {
		names = append(names, c.Name)
	}
	if len(names) == 0 {
		return "none documented"
	}
	return strings.Join(names, ", ")
}

// extensionInits names the types whose extensions in this file declare an
// initializer: a call to one of them may be the file's own.
func (a *Analysis) extensionInits() map[string]bool {
	out := map[string]bool{}
	bodyOf := map[int]string{}
	for i, t := range a.toks {
		a.step()
		if t.Is(tokKeyword, "extension") && a.tok(i+1).Kind == tokIdent {
			for j := i + 2; j < len(a.toks) && j < i+64; j++ {
				a.step()
				if a.toks[j].IsPunct("{") {
					bodyOf[j] = a.toks[i+1].Text
					break
				}
			}
		}
		if t.Is(tokKeyword, "init") {
			if h := a.holder[i]; h >= 0 {
				if typ, ok := bodyOf[h]; ok {
					out[typ] = true
				}
			}
		}
	}
	return out
}
