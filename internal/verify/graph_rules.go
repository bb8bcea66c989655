package verify

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The rules the type-aware checks judge the graph by: when a type's list
// is whole enough to say a member is not on it (graph_view.go is the view
// they read it through, hollow.go the collections the crawl lacks).

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
