package verify

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The sites of the type-aware checks (calls.go): each use of a member, a
// call, an initializer or a leading dot that a check can judge, found in one
// pass over the tokens, with the chain from its root and the labels written.

type siteKind int

const (
	siteMember   siteKind = iota // x.member, Type.member(…)
	siteImplicit                 // .member with no receiver written
	siteInit                     // Type(…)
	siteFree                     // function(…), no receiver, outside an Apple type's body
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
	// projectNamed: a file checked with this one declares the name
	// (checkSites sets it): a leading dot judged by its name alone
	// (caseNowhere) may be the project's own static.
	projectNamed bool
	// attribute: an init site written as an attribute, `@Attribute(.unique)`.
	attribute bool
	// selfType is the concrete type a protocol member's `Self` stands for
	// at this call, its receiver's (withSelf); "" when not one type.
	// selfElement: the receiver is an option set, whose `Self.Element` is
	// itself.
	selfType    string
	selfElement bool
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
	// linkLabels are the bound links' written labels (Analysis.chainLabels),
	// nil where unknown.
	linkLabels [][]string
	// alternatives: a local bound by several written paths
	// (Analysis.agreedPaths), its links written after it in links; the
	// checker roots the site at the first when every path reaches one
	// type (agreeAlternatives).
	alternatives []string
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
	// closureFirst: the closure parameter is an array and the chain takes
	// its `.first` or `.last`; elementOf: the root is a loop's element
	// over that closure parameter (`for n in notifications`). Both are
	// typed when the callee's declaration gives the array's element.
	closureFirst bool
	elementOf    string
	// rootArgument: the one generic argument the root's written type has
	// (`assets: PHFetchResult<PHAsset>`), which a link declared to
	// return the type's generic parameter gives (receiverTypes).
	rootArgument string
	// rootUnion: the types the root may be, when it is not one
	// (caseValueTypes); rootType is the first.
	rootUnion []*apiType
}

// unwraps says whether t, right after a name, unwraps it: `x?.m`, `x!.m`.
func unwraps(t token) bool {
	return t.Kind == tokPunct && (t.Text == "?" || t.Text == "!") && !t.SpaceBefore
}

// vagueType is what a leading dot's context wants when it is an Apple
// type the crawl does not name: the dot is not checked at all.
const vagueType = "?"

// maxLinks bounds the chain a receiver's type is followed through. A
// SwiftUI view's modifiers run six or seven deep before the one a model
// gets wrong (`.border(color:width:)` after `.padding(12)`); at 4 those
// were never checked. 8 changed one of the sample code's findings, a
// modifier newer than the crawl.
const maxLinks = 8

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
		label := a.argLabel(j, h)
		out[h] = append(out[h], label)
		start := j
		if label != "_" {
			start = j + 2
		}
		a.argStarts[h] = append(a.argStarts[h], start)
	}
	return out
}

// argLabel is the label of the argument starting at j of the call opened
// at h: its name before a colon, or "_".
func (a *Analysis) argLabel(j, h int) string {
	if t := a.toks[j]; (t.Kind == tokIdent || t.Kind == tokKeyword) && a.tok(j+1).IsPunct(":") && a.holder[j+1] == h {
		return t.Text
	}
	return "_"
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

// stringLiteralBefore says whether a string literal ends right before
// the dot at dot, past its interpolations' synthetic groups.
func (a *Analysis) stringLiteralBefore(dot int) bool {
	j := dot - 1
	for n := 0; n < maxInterpolations && a.tok(j).IsPunct(")") && a.tok(j).Start == a.tok(j).End; n++ {
		a.step()
		if j = a.openOf(j) - 1; j < 0 {
			return false
		}
	}
	return a.tok(j).Kind == tokString
}

// maxInterpolations bounds the interpolations read back to a literal.
const maxInterpolations = 16

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
			} else if s, ok := a.bareConditionSite(i); ok {
				out = append(out, s)
			}
		case t.Kind == tokIdent:
			if s, ok := a.freeCallSite(i, labels); ok {
				out = append(out, s)
			}
		}
	}
	return out
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

// bareConditionSite reads a name with no receiver written that a
// condition tests alone (`if !isPictureInPictureActive {`), in the body of
// a class or extension of an Apple type: self's property unless the file
// declares the name. Not in a managed object's subclass, whose generated
// properties another file may declare.
func (a *Analysis) bareConditionSite(i int) (site, bool) {
	t := a.toks[i]
	prev := a.tok(i - 1)
	if prev.IsPunct("!") {
		prev = a.tok(i - 2)
	}
	next := a.tok(i + 1)
	opens := prev.Is(tokKeyword, "if") || prev.Is(tokKeyword, "guard") || prev.Is(tokKeyword, "while") || prev.IsPunct("&&") || prev.IsPunct("||")
	closes := next.IsPunct("{") || next.IsPunct(",") || next.Is(tokKeyword, "else") || next.IsPunct("&&") || next.IsPunct("||")
	if !opens || !closes || isCapitalized(t.Text) || strings.HasPrefix(t.Text, "$") || a.declTok[i] || a.conditionTok[i] ||
		a.memberDecls[t.Text] || a.selfTypes[i] == "NSManagedObject" {
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

// freeCallSite reads a call of a free function, `name(…)` with no receiver
// outside a class or extension of an Apple type (where bareCallSite reads
// it as self's method): a function of a module in scope unless the file
// declares the name.
func (a *Analysis) freeCallSite(i int, labels map[int][]string) (site, bool) {
	s, ok := a.bareCallSite(i, labels)
	if !ok {
		return site{}, false
	}
	s.kind, s.bare = siteFree, false
	return s, true
}

func (a *Analysis) initSite(i int, labels map[int][]string) (site, bool) {
	t := a.toks[i]
	if a.declTok[i] || a.conditionTok[i] || a.ownTypes[t.Text] || a.tok(i+1).IsPunct(".") {
		return site{}, false
	}
	// A nested type's initializer (`CKRecord.ID(recordName:)`) is its
	// whole path's, from a type the file does not declare.
	first := i
	for a.tok(first-1).IsPunct(".") && a.tok(first-2).Kind == tokIdent && isCapitalized(a.tok(first-2).Text) && !a.tok(first-1).SpaceBefore {
		a.step()
		first -= 2
	}
	if a.tok(first-1).IsPunct(".") || a.ownTypes[a.tok(first).Text] {
		return site{}, false
	}
	if _, local := a.locals[a.tok(first).Text]; local {
		return site{}, false
	}
	name := t.Text
	if first < i {
		var path strings.Builder
		for j := first; j <= i; j += 2 {
			if j > first {
				path.WriteByte('.')
			}
			path.WriteString(a.toks[j].Text)
		}
		name = path.String()
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
	s := site{kind: siteInit, tok: i, open: k, line: t.Line, name: name, called: true, labels: labels[k], attribute: t.Kind == tokAttr}
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

// localOnly says whether the file, checked alone, declares name only as
// a local (`let window = NSWindow(…)`), no member: a link written with a
// dot (`controller?.window?`) is then no member of the file's own.
func (a *Analysis) localOnly(name string) bool {
	_, local := a.locals[name]
	return a.alone && (local || a.scopedLocals[name]) && !a.memberDecls[name]
}

// methodOnly says whether the file's type bodies declare name with func
// alone, never with var or let (methodDecls): a chain's root of that
// name is no member of the file's own but a value, an inherited property.
func (a *Analysis) methodOnly(name string) bool {
	return a.methodDecls[name] && !a.valueDecls[name]
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
	r, propLink := rcv, -1
	for r.prev >= 0 {
		a.step()
		if len(links) == maxLinks || a.tok(r.link+1).IsPunct("[") || r.linkCall {
			return site{}, false
		}
		links = append(links, a.toks[r.link].Text)
		propLink = r.link
		r = a.receivers[r.prev]
	}
	for i, j := 0, len(links)-1; i < j; i, j = i+1, j-1 {
		links[i], links[j] = links[j], links[i]
	}
	prop := links[0]
	typ, local := a.locals[prop]
	sure := a.sureTypes[prop]
	if sure == "" {
		// `self.` names the property even where a closure's parameter
		// binds the name again.
		sure = a.shadowed[prop]
	}
	if sure == "" && unwraps(a.tok(propLink+1)) {
		// `self.player?.play()` on `var player: AVAudioPlayer?`.
		if sure = a.wrappedType(prop); sure == "" {
			sure = a.shadowedWrapped[prop]
		}
	}
	if !local || !a.memberDecls[prop] || sure == "" || a.ownTypes[typ] {
		return site{}, false
	}
	s.links = s.bindRoot(sure, links[1:], a.chainLabels)
	return s, true
}

// bindRoot roots the site at a bound path ("Calendar|current": the type,
// then the links its binding went through) and returns the links written
// after the root, behind the bound ones.
func (s *site) bindRoot(path string, links []string, chainLabels map[string][][]string) []string {
	parts := strings.Split(path, "|")
	s.rootType = parts[0]
	s.boundLinks = len(parts) - 1
	base := strings.TrimSuffix(path, "|"+elementLink)
	if k := strings.LastIndexByte(base, '|'); k >= 0 && tupleIndex(base[k+1:]) >= 0 {
		base = base[:k]
	}
	s.linkLabels = chainLabels[base]
	return append(parts[1:], links...)
}

// computeSelfTypes finds, in one pass, the Apple type `self` is inside
// each class or extension body: the superclass a class declares first
// (`class CardView: UIView`), or the type an extension extends. Only the
// tokens a member chain can start from are recorded.
func (a *Analysis) computeSelfTypes() {
	if a.selfTypes != nil {
		return
	}
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
			if a.tok(k).IsPunct(":") && a.tok(k+1).Kind == tokIdent && isCapitalized(a.tok(k+1).Text) {
				pending = a.appleAncestor(a.tok(k + 1).Text)
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
		case len(stack) > 0 && stack[len(stack)-1] != "" && (t.Is(tokKeyword, "self") || t.Text == "Self" || t.Kind == tokIdent && !isCapitalized(t.Text)):
			a.selfTypes[i] = stack[len(stack)-1]
		}
	}
}

// appleAncestor is the Apple class a class named typ is or inherits from
// through the file's own classes (`class Base: UIViewController`, `class
// Detail: Base`: UIViewController for Detail), or the one Apple protocol a
// structure of the file conforms to (`struct FavoriteTip: Tip`), "" when it
// is none.
func (a *Analysis) appleAncestor(typ string) string {
	if a.ownSupers == nil {
		a.ownSupers = map[string]string{}
		for i, t := range a.toks {
			if !t.Is(tokKeyword, "class") && !t.Is(tokKeyword, "struct") || a.tok(i+1).Kind != tokIdent {
				continue
			}
			k := i + 2
			if a.tok(k).IsPunct("<") {
				k = a.closeOf(k) + 1
			}
			if !a.tok(k).IsPunct(":") || a.tok(k+1).Kind != tokIdent || !isCapitalized(a.tok(k+1).Text) {
				continue
			}
			if t.Text == "struct" && !a.tok(k+2).IsPunct("{") && !a.tok(k+2).Is(tokKeyword, "where") {
				// A structure's one conformance (`struct FavoriteTip:
				// Tip {`) offers its protocol's members as a superclass
				// does; of two, a member may be either's.
				continue
			}
			a.ownSupers[a.tok(i+1).Text] = a.tok(k + 1).Text
		}
	}
	for range maxLinks {
		if !a.ownTypes[typ] {
			return typ
		}
		if typ = a.ownSupers[typ]; typ == "" {
			return ""
		}
	}
	return ""
}

// inheritedFromApple is the Apple class whose member name is, reached
// through links, on a value of the file's own class own: its Apple
// ancestor, when the file declares none of the names (a member it declares
// is its own class's), "" otherwise.
func (a *Analysis) inheritedFromApple(own, name string, links []string) string {
	if own == "" || a.memberDecls[name] || slices.ContainsFunc(links, func(l string) bool { return a.memberDecls[l] }) {
		return ""
	}
	if super := a.appleAncestor(own); super != own {
		return super
	}
	return ""
}

// ownNameIrrelevant says whether the leading dot at dot names what the file
// declares only as its own enumerations' cases or instance members (`case
// active, lapsed`, `@State var email`), no static member: where the context
// gives an Apple type (`switch status.state { case .active:`,
// `.keyboardType(.email)`), none of them is what it names.
func (a *Analysis) ownNameIrrelevant(name string, dot int) bool {
	return !a.staticDecls[name] && a.receiverOf(dot).root < 0
}
