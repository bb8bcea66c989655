package verify

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Type-aware checks over the symbol graph (graph.go): a member on its
// receiver's type, a call's labels against the member's overloads, an
// initializer's labels against the type's initializers, and a leading-dot
// name that no Apple type has. Each use is a site, found in one pass over
// the tokens; the work per site is bounded (a chain of at most maxLinks
// members), so the pass stays linear. The sites are found in sites.go, their
// receivers' types in receivers.go, a member judged on its type in
// members.go, a leading dot's expected type in expect.go and the dot in
// cases.go.

// checkImplicit: a name checked for existence alone, whatever type
// (a leading-dot member, a member of a value of unknown type), on an
// index whose Topics entries are found by their qualified titles' last
// component (symbolGraph.leaves): UIView.ContentMode.scaleAspectFill is
// listed so, and many cases have no page of their own.
var checkImplicit = false

// checkUntypedLabels: a call's labels checked against every documented
// overload of its name when its receiver's type is unknown.
var checkUntypedLabels = false

// checkSites runs the type-aware checks over a file's sites. It returns
// the findings, and the (line, name) of each, so that the name-based
// reference on the same use gives way.
//
// unindexed says the file imports a module the index does not document:
// a name checked for its existence alone may be that module's.
func (c *Checker) checkSites(ctx context.Context, a *Analysis, declared map[string]bool, unindexed bool) ([]Reference, error) {
	g, err := c.graphView(ctx)
	if g == nil || err != nil {
		return nil, err
	}
	g.nameAlone, g.unindexed = checkImplicit && g.g.leaves && !unindexed, unindexed
	imports := inScope(a.imports)
	// The types whose extensions, in this file or another checked with
	// it, declare an initializer (declaredNames gathered them).
	extInits := map[string]bool{}
	for name := range declared {
		if typ, ok := strings.CutPrefix(name, extensionInitPrefix); ok {
			extInits[typ] = true
		}
	}
	// expect maps a leading dot to the type its context wants: the
	// parameter's declared type, or the assigned property's.
	expect := a.returnContexts()
	c.typeClosureParams(g, a, declared, imports)
	c.typeEnvironment(g, a, imports)
	a.switchContexts(expect)
	a.comparisonContexts(expect)
	c.chainSwitchContexts(g, a, imports, expect)
	a.closureCallContexts(expect)
	a.interpolationContexts(expect)
	a.bindingContexts(expect)
	out := c.checkEnvironmentKeys(g, a, declared, imports)
	seen := map[string]bool{}
	for _, s := range a.sites() {
		a.step() // each site's lookups are bounded; the step polls the context
		if s.closure != nil && !declared[s.closure.root] {
			t := c.closureParamType(g, *s.closure, imports, a.sureOrClosureType)
			if elem, isArray := strings.CutPrefix(t, elementsPrefix); isArray {
				if s.closureFirst {
					s.rootType, s.links, s.unguessed = elem, s.links[1:], false
				}
			} else if t != "" && !(len(s.links) > 0 && s.links[0] == elementLink) {
				// (An element of a parameter that is no array is not
				// typed.)
				s.rootType, s.unguessed = t, false
			}
		}
		if len(s.alternatives) > 0 && s.rootType == "" {
			c.agreeAlternatives(g, a, &s, imports)
		}
		if strings.HasPrefix(s.rootType, casePatternRoot) {
			// `case .verified(let transaction)`: one of the types the
			// case's value may be.
			if s.rootUnion = c.caseValueTypes(g, s.rootType, imports, declared); len(s.rootUnion) == 0 {
				continue
			}
			s.rootType = s.rootUnion[0].title
		}
		if s.rootType != "" && !declared[s.rootType] && !strings.Contains(s.rootType, ".") {
			// `context: Context` in a TimelineProvider: the protocol's
			// typealias, TimelineProviderContext.
			if alias := protocolAlias(g, a.adoptedAround(s.tok), s.rootType, imports); alias != "" {
				s.rootType = alias
			}
		}
		if s.elementOf != "" {
			if elem := a.closureElement(s.elementOf, s.tok); elem != "" {
				s.rootType, s.unguessed = elem, false
			}
		}
		if declared[s.name] && !s.ownNamed && !s.localOnly || declared[s.rootType] {
			continue
		}
		s.projectNamed = declared[s.name]
		if want, _, _ := strings.Cut(expect[s.tok], "."); s.kind == siteImplicit && declared[want] {
			// `switch category { case .favorites:` over a type another
			// file of the project declares.
			continue
		}
		own := false
		for i, l := range s.links {
			// A link the file declares only as a method, read as a value
			// (`self.tableView.reloadRows` in a UITableViewController that
			// declares tableView(_:cellForRowAt:)), is the inherited
			// property.
			valueOfMethod := a.methodOnly(l) && (i >= len(s.linkLabels) || s.linkLabels[i] == nil)
			own = own || declared[l] && !a.localOnly(l) && !(i == 0 && s.bareRoot && a.unwrapsOnly(l)) && !valueOfMethod && (i >= s.boundLinks || a.memberDecls[l])
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
		// An unknown name inside code guarded for a version newer than
		// the index may be real (Report.ApplyHorizon).
		r.floors = a.floorsAt(s.tok)
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
		if s.attribute && fitsAny(inits, "init", append([]string{"wrappedValue"}, s.labels...), s.trailing) {
			// A property wrapper's attribute on a property with a value
			// (`@ScaledMetric(relativeTo: .caption) var scale = 1.0`)
			// passes that value as wrappedValue.
			return Reference{}, false, nil
		}
		if len(s.labels) == 0 && s.trailing == 0 && g.objcObject(types) {
			// NSObject's init(), which every Objective-C class inherits
			// where the crawl's lineage stops short of NSObject
			// (AVMutableVideoComposition()).
			return Reference{}, false, nil
		}
		if hollowOwn(types) && fitsAny(g.appKitTwinMembers(types, "init"), "init", s.labels, s.trailing) {
			// A collection the crawl lacks may hold the initializer
			// the AppKit twin documents (UIColor(cgColor:)): one of the
			// type's own, for a superclass's collections hold no
			// initializer of the twin's (UIStackView(views:) is
			// NSStackView's alone, though UIView lists a collection
			// the crawl lacks).
			return Reference{}, false, nil
		}
		r := Reference{Line: s.line, Symbol: signature(s.name, s.labels), Kind: "initializer", Status: NoSuchInitializer}
		r.Nearest = overloadCandidates(inits, s.name, s.labels)
		r.Why = "no initializer of " + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
		return r, true, nil
	case siteFree:
		r, found := g.checkFreeCall(a, s, imports, expect)
		return r, found, g.err
	case siteImplicit:
		switch want := expect[s.tok]; want {
		case "":
		case vagueType:
			return Reference{}, false, nil
		default:
			r, found, err := c.checkCase(g, a, s, want, imports, true)
			if !found && err == nil && s.called {
				if r, found := g.caseCallLabels(s, want, imports); found {
					return r, true, g.err
				}
				c.expectCaseArguments(g, a, s, want, imports, expect)
			}
			if !found && err == nil {
				return c.caseNowhere(g, a, s, want, imports)
			}
			return r, found, err
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
		// `Color.gameBackground`: an asset symbol, the project's own;
		// but not a name its UIKit or AppKit twin has and it lacks
		// (`Color.systemBackground` is UIColor's).
		if r, found := g.twinStatic(s, imports); found || g.err != nil {
			return r, found, g.err
		}
		return Reference{}, false, nil
	}
	if s.bareRoot {
		if r, found, err := c.checkBareRoot(g, s, imports); found || err != nil || g.err != nil {
			return r, found, errors.Join(err, g.err)
		}
	}
	if path, ok := a.staticTypePath(s); ok && !g.cStructure(path, imports) {
		// `NSTextAlignment.middle`, `UIView.ContentMode.aspectFitted`: a
		// case or static member named on its type is what a leading dot
		// would name where that type is wanted, judged the same way. Not
		// a C structure's, whose Swift overlay adds static functions its
		// Topics lack (BNNSTensor.allocateUninitialized).
		if r, found, err := c.checkCase(g, nil, s, path, imports, false); found || err != nil {
			if err == nil {
				r, err = c.namedOnType(g, r, path, s.name)
			}
			return r, found && err == nil, err
		}
	}
	types, opaque := c.receiverTypes(g, s, imports)
	if s.bare && len(g.membersOf(types, s.name)) == 0 && !g.twinFits(types, s) {
		// A global function, or the file's own; but a call that fits
		// the AppKit or UIKit twin's method (`bringSubviewToFront(hit)`
		// in an NSView subclass) is that method written on the wrong
		// platform, judged as `self.` would be.
		return Reference{}, false, nil
	}
	if slices.ContainsFunc(types, func(t *apiType) bool { return t.dynamicMembers }) && len(g.membersOf(types, s.name)) == 0 {
		// `Bindable(item).isDone`: the wrapped value's member.
		return Reference{}, false, nil
	}
	// The values the member is compared with, assigned or switched over
	// take its type.
	for _, dot := range a.valuesOf(s.tok) {
		c.expectValue(g, a, s, types, dot, imports, expect)
	}
	if !judgedOwn(types) && !opaque && s.called && (judgedForLabels(types) || g.listedOverloads(types, g.membersOf(types, s.name), s.name)) {
		ms := g.membersOf(types, s.name)
		if len(ms) > 0 && fitsAny(ms, s.name, s.labels, s.trailing) {
			a.expectArguments(g.withSelf(s, types), ms, s.name, expect)
			g.expectNested(a, s, ms, s.name, imports, expect)
		}
		if len(ms) > 0 && !fitsAny(ms, s.name, s.labels, s.trailing) {
			r := Reference{Line: s.line, Symbol: types[0].title + "." + signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
			r.Nearest = overloadCandidates(ms, "", s.labels)
			r.Why = "no overload of " + types[0].title + "." + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
			return r, true, nil
		}
	}
	if judgedOwn(types) || foundationStructsListed(types) || swiftTypesListed(types) || !opaque && g.wholeLists(types) || opaque && judgedOpaque(types) {
		ms := g.siteMembers(types, s)
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
		if len(ms) == 0 && (g.hollowTitled(types, s.name) || g.hollowLineage(types) && len(g.appKitTwinMembers(types, s.name)) > 0 || g.sharedWithTwin(types, s.name)) {
			// A collection the crawl lacks, titled with a word of the
			// name ("App Windows" for NSApplication.keyWindow), may hold it.
			return Reference{}, false, nil
		}
		if len(ms) == 0 {
			r, err := c.notOnType(g, s.line, recv, types, s.name, imports)
			return r, err == nil, err
		}
		if s.called && fitsAny(ms, s.name, s.labels, s.trailing) {
			a.expectArguments(g.withSelf(s, types), ms, s.name, expect)
			a.expectArguments(s, inScopeOverloads(g, s.name, imports), s.name, expect)
			g.expectNested(a, s, ms, s.name, imports, expect)
		}
		// A short list's overload known by its title alone may have
		// defaults the title hides (UIStoryboard's
		// instantiateViewController(identifier:creator:)).
		shortList := len(types) > 0 && listedWhole(types[0])
		// A type listing a collection the crawl lacks may hold there the
		// overload its AppKit or UIKit twin documents.
		if s.called && !fitsAny(ms, s.name, s.labels, s.trailing) && !(shortList && (titleOnlyMayFit(ms, s.name, s.labels, s.trailing) || a.awaited(s.tok) && titleOnly(ms))) && !(onlyOnRoot(ms) && fitsElsewhere(g, s, imports)) &&
			!(g.hollowLineage(types) && g.twinFits(types, s)) {
			r := Reference{Line: s.line, Symbol: recv + "." + signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
			r.Nearest = overloadCandidates(ms, "", s.labels)
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
		r, err := c.notOnType(g, s.line, types[0].title, types, s.name, imports)
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
			r.Nearest = overloadCandidates(ms, "", s.labels)
			r.Why = "no documented " + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
			return r, true, nil
		}
	}
	// A receiver of a known Apple type whose list is not judged whole
	// (an enumeration: ColorScheme; a short list: DismissAction) still
	// has no member that no Apple page, Topics entry or symbol names at
	// all. Unlike checkImplicit's untyped names, this is on: the sample
	// code's real names the crawl lacks are leading dots and members of
	// values of unknown type.
	typedNowhere := len(types) > 0 && types[0].title != "" && !opaque && g.g.leaves && !g.unindexed
	if s.unguessed && g.nameAlone || typedNowhere {
		exists, err := c.exists(g, s.name)
		if err != nil || exists {
			return Reference{}, false, err
		}
		r := Reference{Line: s.line, Symbol: "." + s.name, Kind: string(RefMember), Status: Unknown,
			Why: "no Apple type has a member named `" + s.name + "`"}
		if typedNowhere {
			// It replaces the name's own finding (mergeTyped), so it
			// names the nearest real names as that one does.
			r.Symbol = types[0].title + r.Symbol
			near, err := c.nearest(s.name)
			if err != nil {
				return Reference{}, false, err
			}
			r.Nearest = near
		}
		return r, true, nil
	}
	return Reference{}, false, nil
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
	r.Nearest = overloadCandidates(macros, "", s.labels)
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

// citeTypesByMembers makes a resolved type reference cite the page of the
// type whose member the same line uses after it, where two frameworks in
// scope have a type of that name: `Transaction.currentEntitlements` is
// StoreKit's Transaction, not SwiftUI's.
func citeTypesByMembers(refs []Reference) {
	owner := map[string]string{} // "line|Type" -> the page its member sits under
	for _, r := range refs {
		typ, _, ok := strings.Cut(r.Symbol, ".")
		if r.Status != Resolved || r.Kind != string(RefMember) || !ok || !isCapitalized(typ) {
			continue
		}
		if parent := uriParent(r.URI); strings.EqualFold(parent[strings.LastIndexByte(parent, '/')+1:], typ) {
			owner[fmt.Sprint(r.Line, "|", typ)] = parent
		}
	}
	for i, r := range refs {
		if r.Status != Resolved || r.Kind != string(RefType) {
			continue
		}
		if uri, ok := owner[fmt.Sprint(r.Line, "|", r.Symbol)]; ok {
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
					// The extended type's whole path:
					// `extension NWProtocolFramer.Message`.
					path, _ := a.typePath(i + 1)
					bodyOf[j] = cmp.Or(path, a.toks[i+1].Text)
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
