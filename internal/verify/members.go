package verify

import (
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"slices"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Members on their receiver's type (calls.go): a member the type and its
// lineage lack, the types that have it, and the candidates a finding names.

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
// methods of that name the crawl lacks (AVURLAsset.load(_:), which
// AVAsynchronousKeyValueLoading declares), when a type in scope has the
// labels written; with no such type, `imageView.load(from: url)` is no
// method at all.
func onlyOnRoot(ms []apiMember) bool {
	for _, m := range ms {
		if m.parent == nil || m.parent.title != "NSObject" {
			return false
		}
	}
	return len(ms) > 0
}

// fitsElsewhere says whether a method of the site's name in scope, its
// title a signature (not an Objective-C page's bare `load`, whose
// parameters are unknown), takes the labels written.
func fitsElsewhere(g *graphView, s site, imports map[string]bool) bool {
	for _, m := range g.overloads(s.name, false) {
		// A page whose type's own page the crawl lacks counts by its
		// address's framework (AVAsynchronousKeyValueLoading.load(_:)).
		if imports[memberFramework(m)] && strings.Contains(m.title, "(") && fitsAny([]apiMember{m}, s.name, s.labels, s.trailing) {
			return true
		}
	}
	return false
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
	r, err := c.notOnType(g, s.line, types[0].title, types, name, imports)
	return r, err == nil, err
}

// notOnType is the finding for a member name a receiver's type and its
// ancestors lack: not on this type, naming the types that have it, or
// unknown when nothing in the documentation has it.
func (c *Checker) notOnType(g *graphView, line int, recv string, types []*apiType, name string, imports map[string]bool) (r Reference, err error) {
	r = Reference{Line: line, Symbol: recv + "." + name, Kind: string(RefMember), Status: NotOnType,
		Why: recv + ", its superclasses and protocols have no member `" + name + "`"}
	own := g.ownNear(types, name)
	defer func() {
		// The receiver's own members named like it (pathExtension for
		// fileExtension, trimmingCharacters(in:) for trimmed) are the
		// likeliest fix: they lead the candidates.
		if len(own) > 0 && err == nil {
			// The same page found both ways is named once, as the
			// receiver's.
			r.Nearest = slices.DeleteFunc(append(own, r.Nearest...), func(c Candidate) bool {
				return c.URI != "" && !slices.Contains(own, c) && slices.ContainsFunc(own, func(o Candidate) bool { return o.URI == c.URI })
			})
			r.Nearest = r.Nearest[:min(len(r.Nearest), maxShown)]
			r.Why += "; " + recv + " has " + candidateNames(own)
		}
	}()
	if others := g.overloads(name, true); len(others) > 0 {
		r.Nearest = typeCandidates(g.fixFirst(others, types, imports), name)
		r.Why += "; it is on " + candidateNames(r.Nearest)
		return r, nil
	}
	exists, err := c.exists(g, name)
	if err != nil {
		return Reference{}, err
	}
	if !exists {
		// It replaces the name's own finding (mergeTyped), so it names
		// the nearest real names as that one does.
		r.Status, r.Why = Unknown, "`"+name+"` is not in the documentation, on "+recv+" or any type"
		if r.Nearest, err = c.nearest(name); err != nil {
			return Reference{}, err
		}
	}
	return r, nil
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
	if len(g.siteMembers(types, s)) > 0 {
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

// supersListed says whether the types' superclasses list what they have of
// name as the class itself must (thinClassLacks): each thin one's own
// page's Topics were read, Objective-C era addresses and all (HKSample,
// HKObject), and no group page they list may hold it.
func (g *graphView) supersListed(types []*apiType, name string) bool {
	for _, t := range g.supertypes(types) {
		if t.kind == "class" && t.thin && len(t.members) > 0 && t.title != "NSObject" && !ownTopicsRead(t) &&
			!(t.topics && !g.groupsMayHold(t, name)) {
			return false
		}
	}
	return true
}

// siteMembers are the types' members a site may use: a name written with
// no call is no method whose first parameter is labelled
// (`sample.value` is not NSObject's value(forKey:), whose base name it
// shares); such a method is referred to with its labels.
func (g *graphView) siteMembers(types []*apiType, s site) []apiMember {
	ms := g.membersOf(types, s.name)
	if s.called || s.open >= 0 {
		return ms
	}
	return slices.DeleteFunc(slices.Clone(ms), labelledMethod)
}

// labelledMethod says whether a member is a method whose first parameter
// has a label (value(forKey:)), from its title.
func labelledMethod(m apiMember) bool {
	open := strings.IndexByte(m.title, '(')
	if open < 0 {
		return false
	}
	first, _, ok := strings.Cut(m.title[open+1:], ":")
	return ok && first != "_" && first != ""
}

// thinClassLacks says whether an Objective-C era class (numeric member
// addresses, so not judged whole: a Swift overlay may add members its
// list lacks) lacks a member that another type of a framework in scope
// has (FileManager.documentsDirectory is URL's): its own page's Topics
// were read and list members (however few: VNRecognizedTextObservation
// lists two), no group page they list holds the name (CIImage's
// "Autoadjustment Keys" hold keys), no collection the crawl lacks may,
// and its superclasses are whole.
func (g *graphView) thinClassLacks(types []*apiType, s site, imports map[string]bool) bool {
	if len(types) == 0 || stdlibMembers[s.name] || objectOverlay[s.name] || errorOverlay[s.name] {
		return false
	}
	for _, t := range types {
		if t.kind != "class" || !t.topics || g.groupsMayHold(t, s.name) || len(t.members) == 0 {
			return false
		}
	}
	if len(g.siteMembers(types, s)) > 0 || !g.supersListed(types, s.name) || g.hollowLineage(types) || g.hollowTitled(types, s.name) {
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
		return found && c.mentionedAsWritten(uri, name, false), nil
	}
	return false, nil
}

// fitsAny says whether one overload takes the labels; a member with no
// argument list (a property, which may hold a closure) is not judged.
func fitsAny(ms []apiMember, base string, labels []string, trailing int) bool {
	declared := map[string]*apiType{}
	for _, m := range ms {
		if m.decl != "" && m.parent != nil && m.parent.kind == "protocol" {
			declared[m.title] = m.parent
		}
	}
	for _, m := range ms {
		if p := declared[m.title]; m.decl == "" && p != nil && m.parent != p {
			// A conforming type's copy, known by its title alone, of a
			// protocol's overload that the protocol's page declares
			// (PassthroughSubject's page of Publisher's
			// debounce(for:scheduler:options:)): the declaration says
			// which parameters have defaults.
			continue
		}
		ps, ok := paramsOf(m, base)
		if !ok && len(labels) > 0 && uncallableProperty(m) {
			// `store.calendars(forEntityType:)`: EventKit's `var
			// calendars: [EKCalendar]` is no function to call. Only with
			// arguments written: a brace after the name may open a
			// condition's body (`if player.isAuthenticated {`), not a
			// trailing closure.
			continue
		}
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

// uncallableProperty says whether a member is a property whose declared
// type can take no argument list: a collection (`var calendars:
// [EKCalendar]`) or a plain standard value. Other types may be called
// (SwiftUI's `dismiss()`, a DismissAction's callAsFunction).
func uncallableProperty(m apiMember) bool {
	if m.kind != "property" {
		return false
	}
	typ := declaredValueText(m.pageDecl())
	if i := strings.Index(typ, " {"); i >= 0 {
		typ = typ[:i]
	}
	typ = strings.TrimSuffix(strings.TrimSpace(typ), "?")
	return strings.HasPrefix(typ, "[") && strings.HasSuffix(typ, "]") || plainValueTypes[typ]
}

// plainValueTypes are standard value types with no callAsFunction.
var plainValueTypes = swiftlex.SetOf("Bool", "Int", "Double", "Float", "String", "CGFloat", "Date", "URL", "Data", "UUID", "TimeInterval")

// maxShown bounds the overloads or types a finding lists.
const maxShown = 5

// overloadCandidates lists the real overloads a finding names, those that
// share most of the written labels first (NSImage(cgImage:size:) for
// NSImage(cgImage:)), else in the documentation's order.
func overloadCandidates(ms []apiMember, typeName string, written []string) []Candidate {
	shared := func(m apiMember) int {
		n := 0
		for _, l := range written {
			if l != "_" && (strings.Contains(m.title, "("+l+":") || strings.Contains(m.title, ":"+l+":")) {
				n++
			}
		}
		return n
	}
	ms = slices.Clone(ms)
	if callable := slices.DeleteFunc(slices.Clone(ms), uncallableProperty); len(callable) > 0 {
		// A property no call can be is no overload to offer.
		ms = callable
	}
	slices.SortStableFunc(ms, func(a, b apiMember) int { return shared(b) - shared(a) })
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

// assetTwins are the UIKit and AppKit types whose members a model writes
// on SwiftUI's Color and Image.
var assetTwins = map[string][]string{"Color": {"UIColor", "NSColor"}, "Image": {"UIImage", "NSImage"}}

// twinStatic judges `Color.name` written on SwiftUI's Color (or Image),
// which an asset catalog may extend with any name: a name the type lacks
// and its UIKit or AppKit twin of a framework in scope has is the twin's
// (`Color.systemBackground`), not an asset's.
func (g *graphView) twinStatic(s site, imports map[string]bool) (Reference, bool) {
	twins := assetTwins[s.rootType]
	if len(twins) == 0 {
		return Reference{}, false
	}
	types := g.typesNamed(s.rootType, imports)
	if len(types) == 0 || len(g.membersOf(types, s.name)) > 0 || !judgedOwn(types) {
		return Reference{}, false
	}
	var has []apiMember
	for _, twin := range twins {
		if ts := g.typesNamed(twin, imports); len(ts) > 0 && imports[strings.ToLower(ts[0].framework)] {
			has = append(has, g.membersOf(ts, s.name)...)
		}
	}
	if len(has) == 0 {
		return Reference{}, false
	}
	r := Reference{Line: s.line, Symbol: s.rootType + "." + s.name, Kind: string(RefMember), Status: NotOnType}
	r.Nearest = typeCandidates(has, s.name)
	r.Why = s.rootType + " has no member `" + s.name + "`; it is on " + candidateNames(r.Nearest)
	return r, true
}

// fixFirst orders the members of a name that a receiver lacks so that the
// likely fix comes first: a member of a type that inherits from the
// receiver's (HTTPURLResponse.statusCode for a URLResponse), then one of
// a framework the file imports, then the rest in their order.
func (g *graphView) fixFirst(ms []apiMember, recv []*apiType, imports map[string]bool) []apiMember {
	// A subclass is looked for among the types of imported frameworks
	// only, at most maxFixLineages of them: a common name ("start") has
	// hundreds of owners, and each lineage is read from the index.
	ranks := make(map[*apiType]int, len(ms))
	read := 0
	rank := func(m apiMember) int {
		if m.parent == nil || !imports[m.parent.framework] {
			return 2
		}
		if r, ok := ranks[m.parent]; ok {
			return r
		}
		r := 1
		if read < maxFixLineages {
			read++
			// The lineage starts with the type itself (nil when the
			// index could not be read, g.err says so).
			for _, t := range g.lineage([]*apiType{m.parent}) {
				if t != m.parent && slices.Contains(recv, t) {
					r = 0
					break
				}
			}
		}
		ranks[m.parent] = r
		return r
	}
	// Ranked in the list's order first, so that which lineages the cap
	// reads does not depend on the sort's comparisons; the sort reads the
	// cached ranks.
	for _, m := range ms {
		rank(m)
	}
	out := slices.Clone(ms)
	slices.SortStableFunc(out, func(a, b apiMember) int { return rank(a) - rank(b) })
	return out
}

// maxFixLineages bounds the lineages fixFirst reads for one finding.
const maxFixLineages = 16

// ownNear lists, at most maxOwnNear, the members of the receiver's types
// and what they inherit whose names share a word with name, its last
// first and the shortest first (pathExtension for fileExtension,
// trimmingCharacters(in:) for trimmed, query for queryParams), or lie
// within a slip of it.
func (g *graphView) ownNear(types []*apiType, name string) []Candidate {
	words := map[string]bool{}
	parts := swiftsym.CamelWords(upperFirst(name))
	for _, w := range parts {
		if len(w) >= 4 {
			words[strings.ToLower(w)] = true
		}
	}
	last := ""
	if len(parts) > 0 {
		last = strings.ToLower(parts[len(parts)-1])
	}
	lowerName, limit := strings.ToLower(name), nearLimit(name)
	if lowerName == "" {
		return nil
	}
	type scored struct {
		c            Candidate
		score, words int
	}
	var hits []scored
	seen := map[string]bool{}
	for _, t := range g.lineage(types) {
		for base, ms := range t.members {
			if seen[base] || strings.HasPrefix(base, "filler") || base == "init" || len(ms) == 0 {
				continue
			}
			seen[base] = true
			score := 0
			title := titleName(ms[0].title)
			lower := strings.ToLower(title)
			if !sharesWord(lower, words, last) {
				// Most members share no word: only a slip is left.
				if len(lower) > 0 && lower[0] == lowerName[0] && max(len(lower)-len(lowerName), len(lowerName)-len(lower)) <= limit &&
					index.EditDistanceWithin(lower, lowerName, limit) <= limit {
					hits = append(hits, scored{Candidate{Name: ownerOf(t, types) + "." + ms[0].title, URI: ms[0].uri}, 1, 1})
				}
				continue
			}
			for _, w := range swiftsym.CamelWords(upperFirst(title)) {
				lw := strings.ToLower(w)
				switch {
				case lw == last && words[lw]:
					score += 2
				case words[lw]:
					score++
				case len(lw) >= 4 && len(last) >= 4 && strings.HasPrefix(lw, last[:4]):
					score++ // trim: trimming
				}
			}
			if score > 0 {
				hits = append(hits, scored{Candidate{Name: ownerOf(t, types) + "." + ms[0].title, URI: ms[0].uri}, score, len(swiftsym.CamelWords(upperFirst(title)))})
			}
		}
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].score != hits[j].score {
			return hits[i].score > hits[j].score
		}
		// Fewer other words first: pathExtension before
		// appendingPathExtension(_:).
		if hits[i].words != hits[j].words {
			return hits[i].words < hits[j].words
		}
		return hits[i].c.Name < hits[j].c.Name
	})
	var out []Candidate
	for _, h := range hits[:min(len(hits), maxOwnNear)] {
		out = append(out, h.c)
	}
	return out
}

// maxOwnNear bounds the receiver's own members a finding offers.
const maxOwnNear = 3

// upperFirst is s with its first letter capitalised, for CamelWords.
func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// sharesWord says whether lower, a member's lower-cased name, holds one of
// words, or the first four letters of last (trim: trimming).
func sharesWord(lower string, words map[string]bool, last string) bool {
	for w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return len(last) >= 4 && strings.Contains(lower, last[:4])
}

// ownerOf names the type a receiver's member is listed on: its own title,
// else the receiver's.
func ownerOf(t *apiType, types []*apiType) string {
	if t.title != "" {
		return t.title
	}
	return types[0].title
}
