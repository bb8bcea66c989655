package verify

import (
	"context"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// The symbol graph: Apple's types with their members (own pages and Topics
// entries), superclasses and protocols, read once from the index. The
// type-aware checks (calls.go) ask it which overloads a member or an
// initializer has on a receiver's type, and what a property returns.

// apiMember is one documented member (or initializer, or case).
type apiMember struct {
	title, uri, decl, kind string
	parent                 *apiType
}

// apiType is one documented type (or any page that has members).
type apiType struct {
	uri, title, framework, kind string
	members                     map[string][]apiMember
	supers                      []*apiType
	// thin: the crawl documents this type from its Objective-C era pages
	// (most member addresses are numeric, "cgrect/1454354-origin"), whose
	// lists lack the Swift overlay (CGRect.midY), or with too few members
	// to say what it lacks.
	thin bool
}

// symbolGraph is the whole graph.
type symbolGraph struct {
	types map[string]*apiType
	// byName finds types by full title ("UIView.ContentMode") and by last
	// component ("ContentMode").
	byName map[string][]*apiType
	// names holds every documented base name as written (case matters:
	// fullScreen is real, fullscreen is not).
	names map[string]bool
	// overloads lists every member of a base name, whatever its type.
	overloads map[string][]apiMember
	// byLower finds, by the lowercased last segment of their address, the
	// types whose own page the crawl missed but whose members it has.
	byLower map[string][]*apiType
	// lowerNames holds names lowercased: a name found only here is a
	// misspelling of a real one's case (.fullscreen for .fullScreen).
	lowerNames map[string]bool
}

// uriParent is the address a member's address sits under, "" for a
// framework's top level.
func uriParent(uri string) string {
	const scheme = "://"
	i := strings.Index(uri, scheme)
	j := strings.LastIndexByte(uri, '/')
	if i < 0 || j <= i+len(scheme) || !strings.Contains(uri[i+len(scheme):j], "/") {
		return ""
	}
	return uri[:j]
}

// segmentName is an address's last segment, lowercased, its
// disambiguation suffix cut: "contentmode" for ".../contentmode-swift.enum".
func segmentName(uri string) string {
	seg := strings.ToLower(uri[strings.LastIndexByte(uri, '/')+1:])
	if k := strings.IndexByte(seg, '-'); k > 0 {
		seg = seg[:k]
	}
	return seg
}

var typeKinds = setOf("class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype", "union")

// buildGraph turns the index's rows into the graph.
func buildGraph(d *index.Graph) *symbolGraph {
	g := &symbolGraph{types: map[string]*apiType{}, byName: map[string][]*apiType{}, byLower: map[string][]*apiType{},
		names: map[string]bool{}, lowerNames: map[string]bool{}, overloads: map[string][]apiMember{}}
	typeAt := func(uri string) *apiType {
		uri = strings.ToLower(uri)
		t := g.types[uri]
		if t == nil {
			t = &apiType{uri: uri, members: map[string][]apiMember{}}
			g.types[uri] = t
		}
		return t
	}
	seen := map[string]bool{}
	var add func(parentURI string, m apiMember)
	add = func(parentURI string, m apiMember) {
		base := titleName(m.title)
		if base == "" {
			return
		}
		g.names[base] = true
		g.lowerNames[strings.ToLower(base)] = true
		// A member grouped under a Topics page (uikit/standard-colors)
		// belongs to the type its address sits under (uikit/uicolor/white).
		if up := uriParent(m.uri); up != "" && !strings.EqualFold(up, parentURI) {
			defer add(up, m)
		}
		if parentURI == "" {
			return
		}
		key := strings.ToLower(parentURI) + "|" + m.title + "|" + m.decl
		if seen[key] {
			return
		}
		seen[key] = true
		p := typeAt(parentURI)
		m.parent = p
		p.members[base] = append(p.members[base], m)
		g.overloads[base] = append(g.overloads[base], m)
	}
	for _, p := range d.Pages {
		if nonSymbolKinds[p.Kind] {
			continue
		}
		if typeKinds[p.Kind] {
			t := typeAt(p.URI)
			t.title, t.framework, t.kind = p.Title, p.Framework, p.Kind
			if len(t.members) == 0 || g.byName[p.Title] == nil || !containsType(g.byName[p.Title], t) {
				g.byName[p.Title] = append(g.byName[p.Title], t)
				if last := titleName(p.Title); last != p.Title {
					g.byName[last] = append(g.byName[last], t)
				}
			}
		}
		add(p.ParentURI, apiMember{title: p.Title, uri: p.URI, decl: p.Declaration, kind: p.Kind})
	}
	for _, c := range d.Children {
		if strings.ToLower(c.URI) != "" && g.types[strings.ToLower(c.URI)] != nil && g.types[strings.ToLower(c.URI)].title != "" {
			// A nested type listed under its parent: its name is known.
			g.names[titleName(c.Title)] = true
			continue
		}
		if seen[strings.ToLower(c.ParentURI)+"|"+c.Title+"|"] || pageListed(g, c) {
			continue
		}
		add(c.ParentURI, apiMember{title: c.Title, uri: c.URI})
	}
	for _, t := range g.types {
		t.thin = isThin(t)
		if t.title == "" && len(t.members) > 0 && !strings.ContainsAny(segmentName(t.uri), "(:") {
			g.byLower[segmentName(t.uri)] = append(g.byLower[segmentName(t.uri)], t)
		}
	}
	for _, e := range d.Edges {
		child := typeAt(e.ChildURI)
		parent := g.types[strings.ToLower(e.ParentURI)]
		if parent == nil || len(parent.members) == 0 {
			// The edge names a parent by an address the crawl does not
			// hold (NSHostingView's NSView): its title finds the type.
			for _, t := range g.byName[e.ParentTitle] {
				if t.title == e.ParentTitle {
					child.supers = append(child.supers, t)
					parent = t
				}
			}
			if parent != nil && parent.title == e.ParentTitle {
				continue
			}
			parent = typeAt(e.ParentURI)
		}
		if parent.title == "" {
			parent.title = e.ParentTitle
		}
		child.supers = append(child.supers, parent)
	}
	return g
}

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

// isThin applies the thin rule (apiType.thin).
func isThin(t *apiType) bool {
	legacy, all := 0, 0
	for _, ms := range t.members {
		for _, m := range ms {
			all++
			seg := m.uri[strings.LastIndexByte(m.uri, '/')+1:]
			if len(seg) > 0 && seg[0] >= '0' && seg[0] <= '9' && strings.IndexByte(seg, '-') > 0 {
				legacy++
			}
		}
	}
	return all < minOwnMembers || legacy*10 >= all*3
}

// judged says whether the types are documented well enough, with their
// superclasses, to say that a member or an initializer is not theirs.
func judged(types []*apiType) bool { return judgedOwn(types) && lineageComplete(types) }

// lineageComplete says whether no superclass of the types is thinly
// documented: a member missing from their lists may be on one that is.
func lineageComplete(types []*apiType) bool {
	for _, t := range lineage(types) {
		if t.kind == "class" && t.thin && len(t.members) > 0 && t.title != "NSObject" {
			return false
		}
	}
	return true
}

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
		if all < minOwnMembers || t.title == "" || t.kind == "typealias" || t.kind == "associatedtype" || t.kind == "protocol" {
			return false
		}
	}
	return true
}

// judgedOwn says whether the types themselves are documented well enough
// to hold all their overloads of a member they have.
func judgedOwn(types []*apiType) bool {
	if len(types) == 0 {
		return false
	}
	for _, t := range types {
		if t.thin || t.title == "" || t.kind == "typealias" || t.kind == "associatedtype" || t.kind == "protocol" {
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
	"avfoundation": {"avfaudio", "coremedia"},
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

// pageListed says whether a Topics entry is a page the graph already has.
func pageListed(g *symbolGraph, c index.GraphChild) bool {
	p := g.types[strings.ToLower(c.ParentURI)]
	if p == nil {
		return false
	}
	for _, m := range p.members[titleName(c.Title)] {
		if strings.EqualFold(m.uri, c.URI) {
			return true
		}
	}
	return false
}

func containsType(ts []*apiType, t *apiType) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

// maxSupertypes bounds the walk up a type's superclasses and protocols.
const maxSupertypes = 96

// typesNamed finds the documented types a name written in code means,
// preferring the frameworks the file imports and the standard library.
func (g *symbolGraph) typesNamed(name string, imports map[string]bool) []*apiType {
	all := g.byName[name]
	var exact []*apiType
	for _, t := range all {
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
	// Pages under the type's address whose own page is missing: the
	// CoreGraphics overlay's CGAffineTransform initializers.
	if outer, inner, nested := strings.Cut(name, "."); nested && len(all) == 0 && !strings.Contains(inner, ".") {
		// A nested type whose page is missing: its members sit under
		// its address, below its outer type's (uitableview/rowanimation).
		for _, t := range g.byLower[strings.ToLower(inner)] {
			if segmentName(uriParent(t.uri)) == strings.ToLower(outer) {
				all = append(all, t)
			}
		}
	}
	if !strings.Contains(name, ".") {
		for _, t := range g.byLower[strings.ToLower(name)] {
			if len(all) > 0 {
				all = append(all, t)
			}
		}
		if len(all) == 0 {
			all = g.byLower[strings.ToLower(name)]
		}
	}
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

// lineage is each type with its superclasses and protocols, breadth
// first, each once.
func lineage(types []*apiType) []*apiType {
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
		out = append(out, t)
		queue = append(queue, t.supers...)
	}
	return out
}

// membersOf lists base's members on the types and what they inherit.
func membersOf(types []*apiType, base string) []apiMember {
	var out []apiMember
	for _, t := range lineage(types) {
		out = append(out, t.members[base]...)
	}
	return out
}

// memberCount is how many members the types document with their lineage:
// a type with few is too thinly crawled to say a member is not on it.
func memberCount(types []*apiType) int {
	n := 0
	for _, t := range lineage(types) {
		n += len(t.members)
	}
	return n
}

// Graph implements graphSource: the index's symbol graph, read on first
// use.
func (t *IndexTable) graph() (*symbolGraph, error) {
	t.graphOnce.Do(func() {
		d, err := t.lookup.GraphData(context.Background())
		if err != nil {
			t.graphErr = err
			return
		}
		t.graphData = buildGraph(d)
	})
	return t.graphData, t.graphErr
}

// graphSource is a SymbolTable with a symbol graph.
type graphSource interface {
	graph() (*symbolGraph, error)
}
