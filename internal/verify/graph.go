package verify

import (
	"context"
	"maps"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The symbol graph: Apple's types with their members (own pages and Topics
// entries), superclasses and protocols. The type-aware checks (calls.go)
// ask it which overloads a member or an initializer has on a receiver's
// type, and what a property returns. It is read from the index one type
// and one name at a time, on first use (index.NameLookup.GraphType and
// GraphNamed, each a few indexed reads), and memoized for the process:
// a one-shot check reads only the types its file uses, a server keeps what
// its calls read, up to maxGraphEntries.

// apiMember is one documented member (or initializer, or case).
type apiMember struct {
	title, uri, decl, kind string
	// listed is a Topics entry's declaration as its listing page shows it
	// (`func setTitleColor(UIColor?, for: UIControl.State)`), for a member
	// with no page of its own (decl ""): its types, not its defaults or
	// parameter names. Only the types a check follows are read from it.
	listed string
	parent *apiType
}

// pageDecl is the declaration of a member's own page, "" without one.
func (m apiMember) pageDecl() string { return m.decl }

// typing is the declaration a member's types are read from: its page's,
// else its Topics entry's.
func (m apiMember) typing() string {
	if m.decl != "" {
		return m.decl
	}
	return m.listed
}

// apiType is one documented type (or any page that has members). Its
// address and header (title, kind and framework, set only for a type's
// own page) are fixed when it is made; its members and thin are filled by
// load, its supers by linkSupers, each once.
type apiType struct {
	uri, title, framework, kind string
	// alias: for a typealias's page, the type it names when that is a
	// plain path (`typealias URLRequest.CachePolicy =
	// NSURLRequest.CachePolicy`).
	alias string
	// aliasedClosure: for a typealias of a function type, that type
	// (`(CMPedometerData?, (any Error)?) -> Void`).
	aliasedClosure string
	// dynamicMembers: the type's declaration is @dynamicMemberLookup
	// (Binding, Bindable): a value of it answers its wrapped value's
	// members too, which no list of its own holds.
	dynamicMembers bool
	// genericParams are the generic parameters its declaration names
	// (`enum Result<Success, Failure>`: Success, Failure).
	genericParams []string

	loaded  untilRead
	members map[string][]apiMember
	// thin: the crawl documents this type from its Objective-C era pages
	// (most member addresses are numeric, "cgrect/1454354-origin"), whose
	// lists lack the Swift overlay (CGRect.midY), or with too few members
	// to say what it lacks.
	thin bool
	// topics: the type's own page lists its members (Topics entries were
	// read from it), so a short list is the whole list.
	topics bool
	// grouped: the type's own Topics list a page that is neither a member
	// nor a type (SKAction's "Action Initializers", UIToolbar's "Legacy
	// customizations"), whose members the type's lists may lack. An entry
	// with a declaration of its own is a symbol, not a group: a related
	// global (FileManager's NSFullUserName()) holds none of its members.
	grouped bool
	// groupPage: the type's own Topics list a page titled in words
	// ("Creation methods", "Deprecated Symbols"), which holds members its
	// lists lack; groupPages are their addresses.
	groupPage  bool
	groupPages []string
	// hollowTitles: the titles of the type's own Topics entries that are
	// no symbol (no declaration) and whose page the crawl lacks, such as
	// NSView's "View Hierarchy", which holds overloads its lists lack
	// (addSubview(_:) beside addSubview(_:positioned:relativeTo:)). A type
	// with any is hollow.
	hollowTitles []string
	edges        []index.GraphEdge

	supersLinked untilRead
	supers       []*apiType

	// siblings: for a type whose own page is missing, what its member
	// pages' See Also lists say (siblings.go), read once when a leading
	// dot is checked against it.
	siblingsRead untilRead
	siblings     *siblingList
}

// graphReader is what the graph is read from: index.NameLookup, or a
// fixture in the tests.
type graphReader interface {
	GraphType(ctx context.Context, uri string) (*index.GraphType, error)
	GraphPageAt(ctx context.Context, uri string) (index.GraphPage, bool, error)
	GraphNamed(ctx context.Context, name string) ([]index.GraphPage, error)
	GraphContainers(ctx context.Context, prefixes []string) (map[string][]index.GraphPage, error)
	GraphListed(ctx context.Context, name string) ([]index.GraphChild, error)
	// GraphSiblings reads the member pages under an address with their
	// See Also entries.
	GraphSiblings(ctx context.Context, uri string) ([]index.GraphSibling, error)
	// GraphListsLeaves says whether GraphListed also finds entries by
	// their qualified title's last component, so that a name it does not
	// find is in no Topics list.
	GraphListsLeaves() bool
}

// maxGraphEntries bounds what a long-running server memoizes: past it the
// graph starts again (a check holding types keeps them whole).
const maxGraphEntries = 50_000

// maxEmptyPrefixes bounds the prefixes remembered as holding no container
// type; past it they alone are forgotten.
const maxEmptyPrefixes = 200_000

// untilRead runs a read of a type's until one succeeds. A failed read,
// such as one whose call was cancelled or ran out of time, is returned to
// its caller and not remembered: the next check, with a context of its
// own, reads again rather than inherit another call's cancellation.
// Callers that arrive while a read runs wait for it.
type untilRead struct {
	done atomic.Bool
	mu   sync.Mutex
}

func (o *untilRead) do(read func() error) error {
	if o.done.Load() {
		return nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.done.Load() {
		return nil
	}
	if err := read(); err != nil {
		return err
	}
	o.done.Store(true)
	return nil
}

// symbolGraph is the memoized graph, safe for concurrent use.
type symbolGraph struct {
	src graphReader
	// leaves: src finds Topics entries by their qualified titles' last
	// component (GraphListsLeaves), so exists can say a name is nowhere.
	leaves bool

	mu sync.Mutex
	// types by lowercased address.
	types map[string]*apiType
	// named holds, by name as written, what GraphNamed read.
	named map[string]*namedPages
	// containers holds, by lowercased address prefix, the types whose own
	// page the crawl missed but whose members it has.
	containers map[string][]*apiType
	// noContainers holds the prefixes under which no such type stands:
	// most of those read (a type's name is probed in every module in
	// scope), a few bytes each, so they are bounded on their own
	// (maxEmptyPrefixes) rather than crowd the types out of the graph.
	noContainers map[string]bool

	// listed holds, by base name, the Topics entries GraphListed read.
	listed map[string][]index.GraphChild
}

// namedPages is what one name reads: the type pages it names, and every
// member of that base name, whatever its type.
type namedPages struct {
	types     []*apiType
	overloads []apiMember
}

func newSymbolGraph(src graphReader) *symbolGraph {
	g := &symbolGraph{src: src, leaves: src.GraphListsLeaves()}
	g.reset()
	return g
}

func (g *symbolGraph) reset() {
	g.types = map[string]*apiType{}
	g.named = map[string]*namedPages{}
	g.containers = map[string][]*apiType{}
	g.noContainers = map[string]bool{}
	g.listed = map[string][]index.GraphChild{}
}

// entries is how much the graph memoizes; under g.mu.
func (g *symbolGraph) entries() int {
	return len(g.types) + len(g.named) + len(g.containers) + len(g.listed)
}

// typesMemo and namedMemo select a memo of the graph: functions rather
// than the maps themselves, because reset replaces the maps.
func typesMemo(g *symbolGraph) map[string]*apiType    { return g.types }
func namedMemo(g *symbolGraph) map[string]*namedPages { return g.named }

// memoized is what the memo holds under key, nil for nothing.
func memoized[V any](g *symbolGraph, memo func(*symbolGraph) map[string]*V, key string) *V {
	g.mu.Lock()
	defer g.mu.Unlock()
	return memo(g)[key]
}

// keepFirst stores v under key in the memo unless another caller stored a
// value there first, and returns the value kept. A graph that holds
// maxGraphEntries forgets everything before it stores.
func keepFirst[V any](g *symbolGraph, memo func(*symbolGraph) map[string]*V, key string, v *V) *V {
	g.mu.Lock()
	defer g.mu.Unlock()
	if old := memo(g)[key]; old != nil {
		return old
	}
	if g.entries() >= maxGraphEntries {
		g.reset()
	}
	memo(g)[key] = v
	return v
}

// guidePageKinds are the pages a type's Topics may list that explain it
// rather than group its members (URLSession's "Processing URL session data
// task results with Combine"): an article or a sample holds none of its
// initializers or methods, so it leaves the type's lists judged.
var guidePageKinds = swiftlex.SetOf("article", "sampleCode")

// headerOf makes a type's header from its page: only a type's own page
// gives it a title (a property page with members stays untitled). What its
// declaration says is read with its members (declarationOf).
func headerOf(t *apiType, p index.GraphPage) {
	if typeKinds[p.Kind] {
		t.title, t.framework, t.kind = p.Title, p.Framework, p.Kind
	}
}

// declarationOf reads what the type's own page's declaration says: its
// dynamic members, the type or function type a typealias names, its
// generic parameters. It runs in load, not with the header: a type first
// made as a member's parent has no declaration then, and whether a check
// first met Bindable as `wrappedValue`'s parent or by its name decided
// whether its dynamic members were read; every reader of these fields
// loads the type first.
func declarationOf(t *apiType, p index.GraphPage) {
	if typeKinds[p.Kind] {
		t.dynamicMembers = strings.Contains(p.Declaration, "@dynamicMemberLookup")
		t.genericParams = genericParamsOf(p.Declaration, titleName(p.Title))
	}
	if p.Kind == "typealias" {
		t.alias = aliasedPath(p.Declaration)
		if _, rhs, ok := strings.Cut(p.Declaration, " = "); ok && strings.HasPrefix(strings.TrimSpace(rhs), "(") && strings.Contains(rhs, "->") {
			t.aliasedClosure = strings.TrimSpace(rhs)
		}
	}
}

// genericParamsOf reads the generic parameters a type's declaration
// gives after its name (`@frozen enum Result<Success, Failure> where
// Failure : Error`: Success, Failure), constraints dropped.
func genericParamsOf(decl, name string) []string {
	i := strings.Index(decl, name+"<")
	if name == "" || i < 0 {
		return nil
	}
	rest := decl[i+len(name)+1:]
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return nil
	}
	var out []string
	for _, p := range strings.Split(rest[:end], ",") {
		p, _, _ = strings.Cut(strings.TrimSpace(p), ":")
		if p = strings.TrimSpace(p); p != "" && isCapitalized(p) {
			out = append(out, p)
		}
	}
	return out
}

// aliasedPath is the type a typealias declaration names, "" when it is
// not a plain path (a generic, a function type, a composition).
func aliasedPath(decl string) string {
	_, rhs, ok := strings.Cut(decl, " = ")
	if !ok {
		return ""
	}
	rhs = strings.TrimSpace(rhs)
	for _, part := range strings.Split(rhs, ".") {
		if part == "" || !isCapitalized(part) {
			return ""
		}
		for i := range len(part) {
			if !identByte(part[i]) {
				return ""
			}
		}
	}
	return rhs
}

// typeAt returns the type at uri, made with the header of page (nil:
// read it) if the graph does not hold it yet.
func (g *symbolGraph) typeAt(ctx context.Context, uri string, page *index.GraphPage) (*apiType, error) {
	key := strings.ToLower(uri)
	if t := memoized(g, typesMemo, key); t != nil {
		return t, nil
	}
	t := &apiType{uri: key}
	if page != nil {
		headerOf(t, *page)
	} else if p, ok, err := g.src.GraphPageAt(ctx, key); err != nil {
		return nil, err
	} else if ok {
		headerOf(t, p)
	}
	return keepFirst(g, typesMemo, key, t), nil
}

// load reads the type's members once.
func (g *symbolGraph) load(ctx context.Context, t *apiType) error {
	return t.loaded.do(func() error {
		rows, err := g.src.GraphType(ctx, t.uri)
		if err != nil {
			return err
		}
		if rows.Found {
			declarationOf(t, rows.Page)
		}
		t.members = map[string][]apiMember{}
		seen := map[string]bool{}
		add := func(m apiMember) {
			base := titleName(m.title)
			if base == "" || seen[m.title+"|"+m.decl] {
				return
			}
			seen[m.title+"|"+m.decl] = true
			m.parent = t
			t.members[base] = append(t.members[base], m)
		}
		uris := map[string]bool{}
		for _, p := range rows.Members {
			// A member grouped under a Topics page (uikit/standard-colors)
			// belongs to the type its address sits under (uikit/uicolor/white).
			if nonSymbolKinds[p.Kind] || !strings.EqualFold(p.ParentURI, t.uri) && !strings.EqualFold(uriParent(p.URI), t.uri) {
				continue
			}
			uris[strings.ToLower(p.URI)] = true
			add(apiMember{title: p.Title, uri: p.URI, decl: p.Declaration, kind: p.Kind})
		}
		for _, c := range rows.Children {
			// A nested type listed in the Topics is not a member; an entry
			// whose page is a member of the page that lists it adds
			// nothing. An entry listed by a Topics page (equatable-implementations)
			// whose address sits under this type is this type's too.
			own := strings.EqualFold(c.ParentURI, t.uri)
			t.topics = t.topics || own
			if own && !typeKinds[c.Kind] && c.Declaration == "" && !strings.EqualFold(uriParent(c.URI), t.uri) {
				t.grouped = true
			}
			if own && !typeKinds[c.Kind] && !guidePageKinds[c.Kind] && strings.Contains(c.Title, " ") {
				t.groupPage = true
				t.groupPages = append(t.groupPages, c.URI)
			}
			if own && c.Kind == "" && c.Declaration == "" && !strings.EqualFold(uriParent(c.URI), t.uri) {
				t.hollowTitles = append(t.hollowTitles, c.Title)
			}
			if typeKinds[c.Kind] || own && uris[strings.ToLower(c.URI)] || !own && strings.EqualFold(c.PageParentURI, c.ParentURI) {
				continue
			}
			if !own && !strings.EqualFold(uriParent(c.URI), t.uri) {
				continue
			}
			add(apiMember{title: c.Title, uri: c.URI, listed: c.Declaration})
		}
		t.edges = rows.Edges
		t.thin = isThin(t)
		return nil
	})
}

// linkSupers resolves the type's superclasses and protocols once: by
// address, or, when the crawl holds nothing at the edge's address
// (NSHostingView's NSView), by title.
func (g *symbolGraph) linkSupers(ctx context.Context, t *apiType) error {
	if err := g.load(ctx, t); err != nil {
		return err
	}
	return t.supersLinked.do(func() error {
		var supers []*apiType
		for _, e := range t.edges {
			parent, err := g.typeAt(ctx, e.ParentURI, nil)
			if err == nil {
				err = g.load(ctx, parent)
			}
			if err != nil {
				return err
			}
			if len(parent.members) == 0 && e.ParentTitle != "" {
				np, err := g.namedPages(ctx, e.ParentTitle)
				if err != nil {
					return err
				}
				found := false
				for _, p := range np.types {
					if p.title == e.ParentTitle {
						if err := g.load(ctx, p); err != nil {
							return err
						}
						supers = append(supers, p)
						found = true
					}
				}
				if found {
					continue
				}
			}
			supers = append(supers, parent)
		}
		t.supers = supers
		return nil
	})
}

// namedPages reads what a name documents, once.
func (g *symbolGraph) namedPages(ctx context.Context, name string) (*namedPages, error) {
	if np := memoized(g, namedMemo, name); np != nil {
		return np, nil
	}
	pages, err := g.src.GraphNamed(ctx, name)
	if err != nil {
		return nil, err
	}
	np := &namedPages{}
	seen := map[string]bool{}
	for _, p := range pages {
		if nonSymbolKinds[p.Kind] {
			continue
		}
		if typeKinds[p.Kind] && (p.Title == name || titleName(p.Title) == name) && !seen[p.URI] {
			seen[p.URI] = true
			t, err := g.typeAt(ctx, p.URI, &p)
			if err != nil {
				return nil, err
			}
			np.types = append(np.types, t)
		}
		if titleName(p.Title) != name || p.ParentURI == "" {
			continue
		}
		m := apiMember{title: p.Title, uri: p.URI, decl: p.Declaration, kind: p.Kind}
		parent, err := g.typeAt(ctx, p.ParentURI, &index.GraphPage{URI: p.ParentURI, Title: p.ParentTitle, Kind: p.ParentKind, Framework: p.ParentFramework})
		if err != nil {
			return nil, err
		}
		m.parent = parent
		np.overloads = append(np.overloads, m)
		if up := uriParent(p.URI); up != "" && !strings.EqualFold(up, p.ParentURI) {
			parent, err := g.typeAt(ctx, up, nil)
			if err != nil {
				return nil, err
			}
			m.parent = parent
			np.overloads = append(np.overloads, m)
		}
	}
	return keepFirst(g, namedMemo, name, np), nil
}

// overloads lists every documented member of a base name, whatever its
// type, from the pages.
func (g *symbolGraph) overloads(ctx context.Context, name string) ([]apiMember, error) {
	np, err := g.namedPages(ctx, name)
	if err != nil {
		return nil, err
	}
	return np.overloads, nil
}

// listedAs lists the Topics entries of a base name, with the type each
// sits in: the page that lists it and the type its address sits under.
func (g *symbolGraph) listedAs(ctx context.Context, name string) ([]apiMember, error) {
	g.mu.Lock()
	entries, ok := g.listed[name]
	g.mu.Unlock()
	if !ok {
		var err error
		if entries, err = g.src.GraphListed(ctx, name); err != nil {
			return nil, err
		}
		g.mu.Lock()
		if g.entries() >= maxGraphEntries {
			g.reset()
		}
		g.listed[name] = entries
		g.mu.Unlock()
	}
	var out []apiMember
	for i, c := range entries {
		if i == maxListedRead {
			break
		}
		if typeKinds[c.Kind] || titleName(c.Title) != name {
			continue
		}
		for _, at := range []string{c.ParentURI, uriParent(c.URI)} {
			if at == "" || at != c.ParentURI && strings.EqualFold(at, c.ParentURI) {
				continue
			}
			parent, err := g.typeAt(ctx, at, nil)
			if err != nil {
				return nil, err
			}
			out = append(out, apiMember{title: c.Title, uri: c.URI, listed: c.Declaration, parent: parent})
		}
	}
	return out, nil
}

// maxListedRead bounds the Topics entries of one name whose types are
// read: a finding names a few.
const maxListedRead = 64

// containersNamed finds, under each prefix (a lowercased address), the
// types whose own page the crawl missed but whose members it has; the
// prefixes not memoized yet are read together.
func (g *symbolGraph) containersNamed(ctx context.Context, prefixes []string) ([]*apiType, error) {
	var out []*apiType
	var missing []string
	g.mu.Lock()
	for _, p := range prefixes {
		if cs, ok := g.containers[p]; ok {
			out = append(out, cs...)
		} else if !g.noContainers[p] {
			missing = append(missing, p)
		}
	}
	g.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	pages, err := g.src.GraphContainers(ctx, missing)
	if err != nil {
		return nil, err
	}
	read := map[string][]*apiType{}
	for _, prefix := range missing {
		cs := []*apiType{}
		for _, p := range pages[prefix] {
			if typeKinds[p.Kind] || strings.ContainsAny(segmentName(p.URI), "(:") {
				continue
			}
			t, err := g.typeAt(ctx, p.URI, &p)
			if err != nil {
				return nil, err
			}
			if err := g.load(ctx, t); err != nil {
				return nil, err
			}
			if t.title == "" && len(t.members) > 0 {
				cs = append(cs, t)
			}
		}
		read[prefix] = cs
		out = append(out, cs...)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.noContainers)+len(read) >= maxEmptyPrefixes {
		g.noContainers = map[string]bool{}
	}
	for prefix, cs := range read {
		if len(cs) > 0 {
			continue
		}
		g.noContainers[prefix] = true
		delete(read, prefix)
	}
	if g.entries()+len(read) >= maxGraphEntries {
		g.reset()
	}
	maps.Copy(g.containers, read)
	return out, nil
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

var typeKinds = swiftlex.SetOf("class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype", "union")
