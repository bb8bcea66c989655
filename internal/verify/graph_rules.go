package verify

import (
	"context"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// The rules the type-aware checks judge the graph by, and the per-check
// view they read it through.

// minOwnMembers: fewer documented members than this and a type is too
// thinly crawled to say a member is not on it.
const minOwnMembers = 15

// legacyHeavy says whether most of a type's member addresses are the
// numeric ones of Objective-C era pages.
func legacyHeavy(t *apiType) bool {
	legacy, all := legacyCount(t)
	return legacy*10 >= all*3 && all > 0
}

func legacyCount(t *apiType) (legacy, all int) {
	for _, ms := range t.members {
		for _, m := range ms {
			all++
			seg := m.uri[strings.LastIndexByte(m.uri, '/')+1:]
			if len(seg) > 0 && seg[0] >= '0' && seg[0] <= '9' && strings.IndexByte(seg, '-') > 0 {
				legacy++
			}
		}
	}
	return legacy, all
}

// minListedMembers: a type whose own page's Topics were read, with no
// Objective-C era addresses and no group page (apiType.grouped), is
// judged from this many members on: its Topics are its whole list of its
// own members (WidgetCenter's eight), and what it inherits is judged on
// its superclasses and protocols.
const minListedMembers = 5

// minListedSwiftMembers is minListedMembers for a SwiftUI or standard
// library structure: a Swift page's Topics list all of its few members
// (OpenURLAction: init(handler:), callAsFunction(_:), Result). Two would
// judge layouts whose lists the crawl predates (VStackLayout); on the
// sample code three gives the same findings as two, and five misses
// `openURL.open(url)`.
const minListedSwiftMembers = 3

// isThin applies the thin rule (apiType.thin).
func isThin(t *apiType) bool {
	legacy, all := legacyCount(t)
	if listedWhole(t) || swiftRootClass(t) {
		return false
	}
	return all < minOwnMembers || legacy*10 >= all*3
}

// listedWhole says whether a class with fewer than minOwnMembers members
// is judged all the same (minListedMembers), or a Swift structure, of a
// framework whose structures are not C ones (cFrameworks): NavigationPath's
// eight (`path.removeAll()` is not one of them), AsyncStream.Continuation's,
// OpenURLAction's three (minListedSwiftMembers), WidgetInfo's,
// PhotosPickerItem's; their initializers stay unjudged (judgedInits). Not
// C structures, and no enumerations: on the sample code, short lists of C
// ones (BNNSTensor, BNNSGraph) lacked members.
func listedWhole(t *apiType) bool {
	legacy, all := legacyCount(t)
	swiftStruct := t.kind == "struct" && !cFrameworks[t.framework]
	least := minListedMembers
	if swiftStruct {
		least = minListedSwiftMembers
	}
	return (t.kind == "class" || swiftStruct) && legacy == 0 && t.topics && !t.grouped && all >= least && all < minOwnMembers
}

// cFrameworks are the frameworks whose structures are C ones, imported
// with the fields their short Topics list and members a Swift overlay adds
// (BNNSTensor, CGRect's midX).
var cFrameworks = swiftlex.SetOf("accelerate", "coregraphics", "corefoundation", "kernel", "darwin", "metal", "simd",
	"coremedia", "corevideo", "audiotoolbox", "coreaudio", "coreaudiotypes", "coretext", "imageio", "security", "dispatch",
	"compression", "system", "os", "iosurface", "corehaptics", "coreml", "vision", "gameplaykit", "spritekit", "scenekit", "modelio")

// swiftRootClass says whether a class inherits from nothing (JSONDecoder,
// JSONEncoder): a Swift class, not an Objective-C one (those inherit from
// NSObject), so no Swift overlay adds to what its own page's Topics list,
// even when the addresses are the Objective-C era's numeric ones.
func swiftRootClass(t *apiType) bool {
	if t.kind != "class" || !t.topics || t.grouped || t.groupPage || t.title == "NSObject" || t.title == "NSProxy" {
		return false
	}
	for _, e := range t.edges {
		if e.Relation == "inheritsFrom" && strings.EqualFold(e.ChildURI, t.uri) {
			return false
		}
	}
	_, all := legacyCount(t)
	return all >= minListedMembers
}

// titleOnly says whether one of the overloads is known by its title alone
// (a Topics entry with no page): its labels show, its defaults do not.
func titleOnly(ms []apiMember) bool {
	for _, m := range ms {
		if m.decl == "" {
			return true
		}
	}
	return false
}

// titleOnlyMayFit says whether one of the overloads is known by its title
// alone (a Topics entry with no page), whose labels show and whose
// defaults do not, and would take the written labels were any of its
// parameters defaulted. A label no such title holds fits none of them
// (runAnimationGroup(_:completion:) against
// runAnimationGroup(_:completionHandler:)).
func titleOnlyMayFit(ms []apiMember, base string, labels []string, trailing int) bool {
	for _, m := range ms {
		if m.decl != "" {
			continue
		}
		ps, ok := paramsOf(m, base)
		if !ok {
			return true
		}
		loose := make([]param, len(ps))
		for i, p := range ps {
			p.defaulted = true
			loose[i] = p
		}
		if fits(labels, trailing, loose) {
			return true
		}
	}
	return false
}

// wholeLists says whether the types' short member lists are their whole
// lists, for a member's existence (not for initializers, which
// constrained extensions add): SwiftUI structures (no superclass to
// inherit from) that conform to no documented protocol (whose extensions
// the crawl may not link: BackgroundStyle's ShapeStyle.mask) and whose own
// pages' Topics were read, with no Objective-C era addresses, as
// GeometryProxy and ScrollViewProxy.
func (g *graphView) wholeLists(types []*apiType) bool {
	if len(g.lineage(types)) != len(types) {
		return false
	}
	for _, t := range types {
		legacy, all := legacyCount(t)
		if !t.topics || t.kind != "struct" || legacy > 0 || all == 0 || t.framework != "swiftui" {
			return false
		}
	}
	return len(types) > 0
}

// lineageComplete says whether no superclass of the types is thinly
// documented: a member missing from their lists may be on one that is.
func (g *graphView) lineageComplete(types []*apiType) bool {
	for _, t := range g.lineage(types) {
		if t.kind == "class" && t.thin && len(t.members) > 0 && t.title != "NSObject" && !ownTopicsRead(t) {
			return false
		}
	}
	return true
}

// hollowLineage says whether a type or an ancestor lists a collection the
// crawl lacks (apiType.hollowTitles).
func (g *graphView) hollowLineage(types []*apiType) bool {
	for _, t := range g.lineage(types) {
		if len(t.hollowTitles) > 0 {
			return true
		}
	}
	return false
}

// hollowOwn says whether one of the types itself lists a collection the
// crawl lacks (apiType.hollowTitles).
func hollowOwn(types []*apiType) bool {
	return slices.ContainsFunc(types, func(t *apiType) bool { return len(t.hollowTitles) > 0 })
}

// objcObject says whether one of the types is an Objective-C class: a
// class whose lineage reaches NSObject or NSObjectProtocol.
func (g *graphView) objcObject(types []*apiType) bool {
	if !isClass(types) {
		return false
	}
	for _, t := range g.lineage(types) {
		if t.title == "NSObject" || t.title == "NSObjectProtocol" {
			return true
		}
	}
	return false
}

// twinFits says whether the AppKit or UIKit twin of one of the types
// (NSView for UIView, UIView for NSView) has an overload of the site's
// member that takes its labels.
func (g *graphView) twinFits(types []*apiType, s site) bool {
	for _, t := range types {
		if twin := twinTitle(t); twin != "" {
			ms := g.membersOf(g.typesNamed(twin, twinFrameworks), s.name)
			if len(ms) > 0 && fitsAny(ms, s.name, s.labels, s.trailing) {
				return true
			}
		}
	}
	return false
}

// twinTitle is the AppKit or UIKit twin's title of a type's (UIView for
// NSView, NSColor for UIColor), or "".
func twinTitle(t *apiType) string {
	switch {
	case strings.HasPrefix(t.title, "NS"):
		return "UI" + t.title[2:]
	case strings.HasPrefix(t.title, "UI"):
		return "NS" + t.title[2:]
	}
	return ""
}

// appKitTwinMembers are the members named name of the AppKit twins of the
// UIKit types among types (NSColor for UIColor). UIKit and AppKit grew
// from one design, and a UIKit type listing a collection the crawl lacks
// ("Color Creation") may hold there what its twin documents
// (withAlphaComponent(_:)). Only this way round: models write iOS names on
// AppKit (NSView.backgroundColor), rarely AppKit names on UIKit, so an
// AppKit type's hollow collections never borrow from UIKit.
func (g *graphView) appKitTwinMembers(types []*apiType, name string) []apiMember {
	var out []apiMember
	for _, t := range types {
		if strings.HasPrefix(t.title, "UI") && strings.EqualFold(t.framework, "uikit") {
			out = append(out, g.membersOf(g.typesNamed(twinTitle(t), twinFrameworks), name)...)
		}
	}
	return out
}

// hollowTitled says whether a type or an ancestor lists a collection the
// crawl lacks whose title shares a word with the member's name: Apple
// titles a collection by what it holds ("App Windows": keyWindow,
// mainWindow).
func (g *graphView) hollowTitled(types []*apiType, name string) bool {
	if name == "" {
		return false
	}
	words := map[string]bool{}
	for _, w := range swiftsym.CamelWords(strings.ToUpper(name[:1]) + name[1:]) {
		if w = titleWord(w); len(w) >= minTitleWord {
			words[w] = true
		}
	}
	for _, t := range g.lineage(types) {
		for _, title := range t.hollowTitles {
			if legacyGroup(title) && g.legacyHeld(t, name) {
				return true
			}
			for _, w := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) }) {
				if words[titleWord(w)] {
					return true
				}
			}
		}
	}
	return false
}

// legacyGroup says whether a collection's title names it the older
// members of its type, whatever their names (UINavigationBar's "Legacy
// customizations": barTintColor, shadowImage, titleTextAttributes).
func legacyGroup(title string) bool {
	first, _, _ := strings.Cut(title, " ")
	return strings.EqualFold(first, "legacy")
}

// legacyHeld says whether a type's legacy collection may hold name: its
// members moved to types of its family, whose titles share the type's last
// word (UINavigationBar's shadowImage is UIBarAppearance's now, its
// barTintColor also UISearchBar's), so a name another type of the family
// in the same framework has is held there; a name none has (titleColor,
// UIButton's) is not.
func (g *graphView) legacyHeld(t *apiType, name string) bool {
	words := swiftsym.CamelWords(t.title)
	if len(words) == 0 {
		return false
	}
	family := words[len(words)-1]
	for _, m := range g.overloads(name, true) {
		if p := m.parent; p != nil && p != t && p.framework == t.framework && strings.Contains(p.title, family) {
			return true
		}
	}
	return false
}

// minTitleWord: shorter words ("app", "key", "set") say nothing of what a
// collection holds.
const minTitleWord = 4

// titleWord is a word lowercased, a plural's "s" dropped.
func titleWord(w string) string {
	w = strings.ToLower(w)
	if len(w) > minTitleWord && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
		w = w[:len(w)-1]
	}
	return w
}

// twinFrameworks are where a twin is looked for.
var twinFrameworks = swiftlex.SetOf("uikit", "appkit")

// foundationStructsListed says whether the types are Foundation's Swift
// structures (Date, Data, URL, Calendar) of Objective-C era addresses whose
// own Topics were read and list no group page: Swift value types whose
// pages list their members.
// swiftTypesListed says whether the types are Swift enumerations or
// structures whose own pages' Topics were read, with no Objective-C era
// addresses and no prefixed name (ScenePhase, Text.Case, os's Logger; not
// UIKeyboardType or CGRect): their cases and members are their whole
// lists, beside what their protocols give. On the 606 sample projects this
// judges as many findings as before (a structure of any framework, not
// only SwiftUI's and Foundation's).
func swiftTypesListed(types []*apiType) bool {
	for _, t := range types {
		if t.kind != "enum" && t.kind != "struct" || !ownTopicsRead(t) || prefixedName(t.title) || t.groupPage {
			return false
		}
	}
	return len(types) > 0
}

func foundationStructsListed(types []*apiType) bool {
	for _, t := range types {
		if t.kind != "struct" || t.framework != "foundation" || !t.topics || t.grouped || t.groupPage {
			return false
		}
	}
	return len(types) > 0
}

// ownTopicsRead says whether a class's short list is its page's own
// Topics, read whole: no Objective-C era addresses, no group page. As a
// superclass it holds what it declares (NSPersistentStoreRequest's three
// members), so a member its subclass lacks is not hidden on it.
func ownTopicsRead(t *apiType) bool {
	legacy, _ := legacyCount(t)
	return t.topics && !t.grouped && legacy == 0
}

// listsOwnMembers says whether a type's page can list members of its own:
// it has a title and is neither a protocol (its conformers hold the
// members) nor a name for another type (typealias, associatedtype).
func listsOwnMembers(t *apiType) bool {
	return t.title != "" && t.kind != "typealias" && t.kind != "associatedtype" && t.kind != "protocol"
}

// listedOverloads says whether a short list of one class's members holds
// every overload of the name it lists: its own page's Topics were read
// and hold no group page, so the overloads of a name it lists itself are
// all listed, even when the members' addresses are the Objective-C era's
// ones (NotificationCenter's post(name:object:userInfo:)) and the list may
// lack members of other names. A name found only on an ancestor is not
// judged so: the crawl may lack the Swift overload a subclass's page
// would not list (HKLiveWorkoutBuilder's endCollection(at:)).
//
// A group page its Topics list (PHImageManager's "Image Result Info
// Keys") leaves the list whole when the crawl has it and it does not list
// the name (groupsMayHold).
func (g *graphView) listedOverloads(types []*apiType, ms []apiMember, base string) bool {
	if protocolOverloads(ms) {
		return true
	}
	if len(types) != 1 || len(ms) == 0 || ms[0].parent != types[0] {
		return false
	}
	t := types[0]
	_, all := legacyCount(t)
	return t.kind == "class" && t.topics && (!t.grouped || !g.groupsMayHold(t, base)) && all >= minListedMembers
}

// protocolOverloads says whether every overload found is a member of one
// protocol of a Swift framework whose own page's Topics were read, with no
// Objective-C era addresses (SwiftUI's View lists every
// navigationTitle(_:)): the protocol's page lists its overloads whole,
// whatever the conforming type's own list (Form's few members).
func protocolOverloads(ms []apiMember) bool {
	if len(ms) == 0 {
		return false
	}
	p := ms[0].parent
	if p == nil || p.kind != "protocol" || !p.topics || !swiftFrameworks[p.framework] {
		return false
	}
	for _, m := range ms {
		if m.parent != p {
			return false
		}
	}
	legacy, _ := legacyCount(p)
	return legacy == 0
}

// swiftFrameworks are frameworks written in Swift, whose protocols' pages
// list their members whole.
var swiftFrameworks = swiftlex.SetOf("swift", "swiftui", "combine", "observation", "swiftdata", "charts", "widgetkit", "appintents")

// judgedForLabels says whether the types hold all the overloads of a
// member found on them. Objective-C era addresses do not matter here: the
// member is there, and a Swift overlay rarely adds an overload of its
// base name (it adds initializers and new members, judged by judgedOwn).
func judgedForLabels(types []*apiType) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		_, all := legacyCount(t)
		if all < minOwnMembers && !listedWhole(t) || !listsOwnMembers(t) {
			return false
		}
	}
	return true
}

// judgedOpaque says whether an opaque `some P` receiver can be judged: P
// is a documented protocol, well crawled; the other types are the
// containers in scope of the same name, whose members count too.
func judgedOpaque(types []*apiType) bool {
	protocols := 0
	for _, t := range types {
		switch {
		case t.title == "":
		case t.kind == "protocol" && !t.thin:
			protocols++
		default:
			return false
		}
	}
	return protocols > 0
}

// opaqueTitle names the protocol of an opaque receiver.
func opaqueTitle(types []*apiType) string {
	for _, t := range types {
		if t.title != "" {
			return t.title
		}
	}
	return ""
}

// judgedInits says whether the types' initializers are documented well
// enough to say a call fits none: judgedOwn, or a type with few members
// whose own page lists them (its Topics), not from Objective-C era pages
// (whose lists lack the Swift overlay's initializers); a SwiftUI view's
// only when its Topics list no group page.
func judgedInits(types []*apiType) bool {
	for _, t := range types {
		if t.kind == "struct" && t.framework == "swiftui" && listedWhole(t) && !isShape(t) && (t.grouped || t.groupPage) {
			// A short SwiftUI list that names a group page keeps its
			// deprecated initializers there, on a page the crawl may
			// lack (NavigationLink's "Deprecated symbols":
			// NavigationLink(destination:isActive:)). One that names
			// none lists them all (Link, Label, LinearGradient). A
			// long list is judged (judgedOwn) either way: leaving out
			// the grouped ones too lost nine catches of Color(hex:)
			// and Image(url:) for three false TextField(_:text:onCommit:).
			return false
		}
	}
	if judgedOwn(types) {
		return true
	}
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		// A SwiftUI view whose Topics list a group page, which
		// judgedOwn did not judge, is left out, as above.
		if t.title == "" || !t.topics || legacyHeavy(t) || t.framework == "swiftui" && !isShape(t) && (t.grouped || t.groupPage) || t.kind != "class" && t.kind != "struct" && t.kind != "actor" {
			return false
		}
	}
	return true
}

// isShape says whether a SwiftUI structure conforms to Shape directly
// (RoundedRectangle, Capsule): a shape's Topics list its initializers
// whole, deprecated ones included, unlike a view's
// (NavigationLink(destination:isActive:)).
func isShape(t *apiType) bool {
	for _, e := range t.edges {
		if e.Relation == "conformsTo" && strings.EqualFold(e.ChildURI, t.uri) && e.ParentTitle == "Shape" {
			return true
		}
	}
	return false
}

// judgedLegacyInits says whether Objective-C era classes (legacyHeavy:
// CIImage, Timer, DateFormatter) list their initializers whole: classes
// whose own page's Topics were read, none of them or their superclasses
// listing a group page (apiType.groupPage: NSAttributedString's "Creation
// methods" holds its initializers). A class's Swift overlay rarely adds initializers (a
// C structure's does: CGAffineTransform(scaleX:y:), which stays unjudged);
// Foundation's structures (Date, URLRequest) are Swift value types whose
// pages list their Swift initializers, and are judged like the classes.
func (g *graphView) judgedLegacyInits(types []*apiType) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		if t.title == "" || !t.topics || t.kind != "class" && !(t.kind == "struct" && t.framework == "foundation") || t.framework == "swiftui" {
			return false
		}
	}
	for _, t := range g.lineage(types) {
		if t.kind == "class" && t.title != "NSObject" && (g.groupsMayHold(t, "init") || !t.topics) {
			return false
		}
	}
	return true
}

// groupsMayHold says whether a group page the type's Topics list may hold
// members named base that its own list lacks: one the crawl lacks (no
// Topics entries of its own read), or one that lists such a member
// (NSAttributedString's "Creation methods" lists initializers). A group
// of constants (CIImage's "Autoadjustment Keys") hides none.
func (g *graphView) groupsMayHold(t *apiType, base string) bool {
	for _, uri := range t.groupPages {
		gp, err := g.g.typeAt(g.ctx, uri, nil)
		if g.fail(err) || g.fail(g.g.load(g.ctx, gp)) {
			return true
		}
		// Its Topics entries are read when the crawl has the page.
		if !gp.topics || len(gp.members[base]) > 0 {
			return true
		}
	}
	return false
}

// judgedOwn says whether the types themselves are documented well enough
// to hold all their overloads of a member they have.
func judgedOwn(types []*apiType) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		if t.thin || !listsOwnMembers(t) {
			return false
		}
	}
	return true
}

// impliedImports are the modules an import brings in: their types are in
// scope without an import of their own.
var impliedImports = map[string][]string{
	"swiftui":      {"uikit", "appkit", "foundation", "coregraphics", "corefoundation", "combine", "observation"},
	"uikit":        {"foundation", "coregraphics", "corefoundation", "quartzcore", "coreimage", "uniformtypeidentifiers"},
	"appkit":       {"foundation", "coregraphics", "corefoundation", "quartzcore", "coreimage"},
	"mapkit":       {"corelocation"},
	"swiftdata":    {"coredata"},
	"avfoundation": {"avfaudio", "coremedia", "corevideo"},
	"avkit":        {"avfoundation", "avfaudio", "coremedia", "corevideo"},
	"oslog":        {"os"},
	"coreimage":    {"corevideo"},
	"vision":       {"coreml", "coreimage", "corevideo"},
	"metalkit":     {"metal"},
}

// citedImports are modules an umbrella import brings that only the
// choice of the page to cite takes into account: the type-aware checks
// leave AppKit's types in a file importing Cocoa unjudged (older sample
// code; the crawl's AppKit lists lack NSView.isHidden and the anchors).
//
// The rest are frameworks whose headers import others (a framework whose
// views are UIKit or AppKit views, or whose API takes another's types):
// Swift sees what they export, so a type of those is no citation of a
// framework the file lacks; the type-aware checks keep to the imports as
// written (the crawl's AppKit lists lack NSView.isHidden, which a MetalKit
// file's NSTextField would then lack).
var citedImports = map[string][]string{
	"cocoa":                 {"appkit", "coredata", "quartzcore", "coreimage"},
	"mapkit":                {"uikit", "appkit"},
	"avfoundation":          {"quartzcore"},
	"avkit":                 {"uikit", "appkit"},
	"metalkit":              {"metal", "modelio", "quartzcore", "uikit", "appkit"},
	"spritekit":             {"uikit", "appkit"},
	"scenekit":              {"uikit", "appkit", "quartzcore", "metal"},
	"arkit":                 {"uikit", "scenekit", "spritekit", "corevideo", "metal", "corelocation", "avfoundation"},
	"realitykit":            {"arkit", "uikit", "appkit", "metal", "combine"},
	"coremedia":             {"corevideo"},
	"corevideo":             {"metal"},
	"gamekit":               {"uikit", "appkit"},
	"gameplaykit":           {"spritekit", "scenekit"},
	"tvuikit":               {"uikit"},
	"homekit":               {"uikit"},
	"carplay":               {"uikit"},
	"multipeerconnectivity": {"uikit"},
	"photosui":              {"photos", "uikit", "appkit"},
	"pencilkit":             {"uikit"},
}

// citationScope is inScope with what citedImports adds.
func citationScope(imports []string) map[string]bool {
	out := inScope(imports)
	for _, m := range imports {
		for _, x := range citedImports[strings.ToLower(m)] {
			out[x] = true
		}
	}
	return out
}

// inScope is the set of modules the file's imports make visible.
func inScope(imports []string) map[string]bool {
	out := map[string]bool{"swift": true, "foundation": true, "objectivec": true, "dispatch": true, "corefoundation": true, "coregraphics": true}
	for _, m := range imports {
		m = strings.ToLower(m)
		out[m] = true
		for _, x := range impliedImports[m] {
			out[x] = true
		}
	}
	return out
}

// maxSupertypes bounds the walk up a type's superclasses and protocols.
const maxSupertypes = 96

// graphView is one check's view of the symbol graph: it reads with the
// check's context and keeps the first read error, which ends the check.
type graphView struct {
	g   *symbolGraph
	ctx context.Context
	err error
	// nameAlone: a name whose receiver's type is not known is checked for
	// its existence anywhere (checkImplicit, on an index that lists
	// qualified Topics titles by their last component, in a file that
	// imports only documented modules).
	nameAlone bool
	// unindexed: the file imports a module the index does not document,
	// whose extensions may add initializers to any type.
	unindexed bool
}

func (g *graphView) fail(err error) bool {
	if err != nil && g.err == nil {
		g.err = err
	}
	return g.err != nil
}

// loaded reads the types' members, dropping any whose read failed.
func (g *graphView) loaded(types []*apiType) []*apiType {
	for _, t := range types {
		if g.fail(g.g.load(g.ctx, t)) {
			return nil
		}
	}
	return types
}

// typesNamed finds the documented types a name written in code means,
// preferring the frameworks the file imports and the standard library,
// their members read.
func (g *graphView) typesNamed(name string, imports map[string]bool) []*apiType {
	np, err := g.g.namedPages(g.ctx, name)
	if g.fail(err) {
		return nil
	}
	var all, exact []*apiType
	for _, t := range np.types {
		if t.title == name || titleName(t.title) == name {
			all = append(all, t)
		}
		if t.title == name {
			exact = append(exact, t)
		}
	}
	if len(imports) > 0 {
		var in []*apiType
		for _, t := range exact {
			if imports[strings.ToLower(t.framework)] {
				in = append(in, t)
			}
		}
		exact = in
	}
	if len(exact) > 0 {
		all = exact
	} else if len(all) > 1 || len(imports) > 0 && len(all) == 1 && !imports[strings.ToLower(all[0].framework)] {
		// "Configuration" alone names a dozen nested types: none is sure.
		return nil
	}
	if outer, inner, nested := strings.Cut(name, "."); nested && len(all) == 0 && !strings.Contains(inner, ".") {
		// A nested type whose page is missing: its members sit under
		// its address, below its outer type's (uitableview/rowanimation).
		var prefixes []string
		for _, o := range g.outerAddresses(outer, imports) {
			prefixes = append(prefixes, o+"/"+strings.ToLower(inner))
		}
		all = append(all, g.containers(prefixes)...)
	}
	if !strings.Contains(name, ".") {
		// Pages under the type's address whose own page is missing: the
		// CoreGraphics overlay's CGAffineTransform initializers.
		all = append(all, g.containers(topAddresses(imports, name))...)
	}
	if g.err != nil {
		return nil
	}
	all = g.loaded(all)
	if len(all) <= 1 || len(imports) == 0 {
		return all
	}
	var in []*apiType
	for _, t := range all {
		if imports[strings.ToLower(t.framework)] || t.framework == "swift" {
			in = append(in, t)
		}
	}
	if len(in) == 0 {
		return all
	}
	return in
}

// topAddresses are the addresses a top-level type of that name would have
// in the modules in scope (at most maxProbedModules of them, in order: a
// file may import anything).
func topAddresses(imports map[string]bool, name string) []string {
	var out []string
	for fw := range imports {
		out = append(out, "apple-docs://"+strings.ToLower(fw)+"/"+strings.ToLower(name))
	}
	sort.Strings(out)
	if len(out) > maxProbedModules {
		out = out[:maxProbedModules]
	}
	return out
}

// maxProbedModules bounds the modules a name's missing page is looked for
// in.
const maxProbedModules = 64

// outerAddresses are the addresses an outer type's name may have: its
// pages', and those of the containers that stand for it.
func (g *graphView) outerAddresses(outer string, imports map[string]bool) []string {
	np, err := g.g.namedPages(g.ctx, outer)
	if g.fail(err) {
		return nil
	}
	var out []string
	for _, t := range np.types {
		if t.title == outer {
			out = append(out, t.uri)
		}
	}
	if len(out) == 0 {
		for _, t := range g.containers(topAddresses(imports, outer)) {
			out = append(out, t.uri)
		}
	}
	return out
}

func (g *graphView) containers(prefixes []string) []*apiType {
	cs, err := g.g.containersNamed(g.ctx, prefixes)
	if g.fail(err) {
		return nil
	}
	return cs
}

// lineage is each type with its superclasses and protocols, breadth
// first, each once.
func (g *graphView) lineage(types []*apiType) []*apiType {
	seen := map[*apiType]bool{}
	var out []*apiType
	queue := append([]*apiType(nil), types...)
	for len(queue) > 0 && len(out) < maxSupertypes {
		t := queue[0]
		queue = queue[1:]
		if seen[t] {
			continue
		}
		seen[t] = true
		if g.fail(g.g.linkSupers(g.ctx, t)) {
			return nil
		}
		out = append(out, t)
		queue = append(queue, t.supers...)
	}
	return out
}

// membersOf lists base's members on the types and what they inherit.
func (g *graphView) membersOf(types []*apiType, base string) []apiMember {
	var out []apiMember
	getter := asyncGetter(base)
	for _, t := range g.lineage(types) {
		out = append(out, t.members[base]...)
		for _, m := range t.members[getter] {
			if takesCompletionHandler(m) {
				out = append(out, asyncForm(m, base))
			}
		}
	}
	return out
}

// asyncGetter is the Objective-C name whose async form Swift imports as
// base: a method named get… that takes a completion handler loses the
// prefix (SE-0297: getNotificationSettings(completionHandler:) is also
// `notificationSettings() async`). "" when base cannot be one.
func asyncGetter(base string) string {
	if base == "" || base[0] < 'a' || base[0] > 'z' {
		return ""
	}
	return "get" + strings.ToUpper(base[:1]) + base[1:]
}

// takesCompletionHandler says whether a member's last parameter is a
// completion handler, by its title's labels.
func takesCompletionHandler(m apiMember) bool {
	if !strings.Contains(m.title, "(") || !strings.HasSuffix(m.title, ":)") {
		return false
	}
	labels := strings.Split(strings.TrimSuffix(m.title, ":)"), ":")
	last := strings.ToLower(labels[len(labels)-1])
	if i := strings.LastIndexByte(last, '('); i >= 0 {
		last = last[i+1:]
	}
	return strings.Contains(last, "completion") || strings.Contains(last, "handler") || last == "reply"
}

// asyncForm is the async method Swift imports m as, named base, without
// its completion handler: titled and declared as the async form, at m's
// page.
func asyncForm(m apiMember, base string) apiMember {
	ps, ok := paramsOf(m, m.title[:strings.IndexByte(m.title, '(')])
	var labels []string
	if ok && len(ps) > 0 {
		for _, p := range ps[:len(ps)-1] {
			labels = append(labels, p.label+":")
		}
	}
	m.title = base + "(" + strings.Join(labels, "") + ")"
	m.decl, m.listed = "", ""
	return m
}

// overloads lists every member of a base name, whatever its type: its
// pages, then, when listed, its Topics entries whose pages are missing.
func (g *graphView) overloads(name string, listed bool) []apiMember {
	ms, err := g.g.overloads(g.ctx, name)
	if g.fail(err) {
		return nil
	}
	if listed {
		more, err := g.g.listedAs(g.ctx, name)
		if g.fail(err) {
			return nil
		}
		ms = append(ms[:len(ms):len(ms)], more...)
	}
	return ms
}

// Graph implements graphSource: the index's symbol graph, read on demand.
func (t *IndexTable) graph() (*symbolGraph, error) {
	t.graphOnce.Do(func() { t.graphData = newSymbolGraph(t.lookup) })
	return t.graphData, nil
}

// graphSource is a SymbolTable with a symbol graph.
type graphSource interface {
	graph() (*symbolGraph, error)
}
