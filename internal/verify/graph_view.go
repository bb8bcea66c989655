package verify

import (
	"context"
	"slices"
	"sort"
	"strings"
)

// The per-check view of the symbol graph: the modules in scope, the types a
// name may be, their lineage and members, read lazily and cached.

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
	if slices.ContainsFunc(exact, func(t *apiType) bool { return t.kind != "associatedtype" }) {
		// A protocol's associated type is titled by its bare name
		// (InstantProtocol's Duration): where a type of the name is in
		// scope, the name written alone is that type's.
		exact = slices.DeleteFunc(exact, func(t *apiType) bool { return t.kind == "associatedtype" })
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

// graphView is a view of the checker's symbol graph for one check, nil
// when its table has none.
func (c *Checker) graphView(ctx context.Context) (*graphView, error) {
	gs, ok := c.Table.(graphSource)
	if !ok {
		return nil, nil
	}
	sg, err := gs.graph()
	if err != nil || sg == nil {
		return nil, err
	}
	return &graphView{g: sg, ctx: ctx}, nil
}
