package index

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// The reads behind `cupertino verify`'s type-aware checks, one type or one
// name at a time, each through an index of the schema: a type's member
// pages (docs_parent_uri and the uri range under its address), its Topics
// entries (doc_children by primary key and doc_children_child's range), its
// superclasses and protocols (inheritance_edges_child), and the pages that
// document a name (symbol_names). The checker builds its symbol graph from
// these on demand and memoizes it, so a one-shot check reads only the types
// its file uses.

// GraphPage is one Apple documentation page: a type or a member.
type GraphPage struct {
	URI, Title, Kind, Framework, ParentURI string
	// Declaration is the page's Swift declaration ("class var current:
	// UIDevice { get }"); "" when the index has none. A page with several
	// declarations (overloads on one page) comes once per declaration.
	Declaration string
	// ParentTitle, ParentKind and ParentFramework describe the page at
	// ParentURI (GraphNamed fills them; "" when absent).
	ParentTitle, ParentKind, ParentFramework string
}

// GraphChild is one entry of a page's Topics: a member listed under its
// type, whether or not its own page was crawled.
type GraphChild struct {
	ParentURI, URI, Title string
	// Kind and PageParentURI are the kind and parent of the entry's own
	// page, "" when the crawl lacks it.
	Kind, PageParentURI string
	// Section is the group a See Also entry comes from (GraphSiblings:
	// "Constants"); "" for a Topics entry.
	Section string
	// Declaration is the entry's declaration as the listing page shows it
	// (labels and types, no parameter names or defaults); "" when the
	// page gave none, and for entries read without doc_children_title.
	Declaration string
}

// GraphEdge is a type's superclass (Relation "inheritsFrom") or adopted
// protocol ("conformsTo").
type GraphEdge struct {
	ChildURI, ParentURI, ParentTitle, Relation string
}

// GraphType is what GraphType reads about one address.
type GraphType struct {
	// Page is the page at the address; Found is false when the crawl
	// lacks it (its members may still be there).
	Page  GraphPage
	Found bool
	// Members are the pages whose parent is the address or whose address
	// sits directly under it, and the pages further down (the checker
	// keeps the direct ones).
	Members []GraphPage
	// Children are the Topics entries of the page at the address and
	// those of other pages whose address sits under it.
	Children []GraphChild
	// Edges are the address's superclasses and protocols.
	Edges []GraphEdge
}

const declarationJoin = " LEFT JOIN doc_symbols s ON s.doc_id = d.id AND s.origin = 'declaration'"

// graphTables reports which of the optional tables the reads can use,
// asked once per lookup.
func (l *NameLookup) graphTables() (symbols, children, edges bool) {
	t := &l.graphTablesSeen
	t.once.Do(func() {
		t.symbols, t.children, t.edges = l.hasTable("doc_symbols"), l.hasTable("doc_children"), l.hasTable("inheritance_edges")
		t.childTitles = l.hasIndex("doc_children_title")
		t.childLeaves = l.hasIndex("doc_children_leaf")
	})
	return t.symbols, t.children, t.edges
}

// graphTablesSeen memoizes graphTables.
type graphTablesSeen struct {
	once                     sync.Once
	symbols, children, edges bool
	childTitles              bool
	// childLeaves: doc_children_leaf is there, so GraphListed also finds
	// entries by their qualified title's last component.
	childLeaves bool
}

// GraphPageAt reads the page at uri, with its declaration, without its
// members; ok is false when the crawl lacks it.
func (l *NameLookup) GraphPageAt(ctx context.Context, uri string) (GraphPage, bool, error) {
	symbols, _, _ := l.graphTables()
	decl, join := "''", ""
	if symbols {
		decl, join = "COALESCE(s.signature, '')", declarationJoin
	}
	pages, err := sqlrows.All(ctx, l.fixed(), "graph page "+uri,
		"SELECT d.uri, d.title, d.kind, d.framework, d.parent_uri, "+decl+" FROM docs d"+join+" WHERE d.uri = ? AND d.source = ?",
		[]any{uri, document.SourceAppleDocs}, scanGraphPage)
	if err != nil || len(pages) == 0 {
		return GraphPage{}, false, err
	}
	return pages[0], true, nil
}

func scanGraphPage(rows *sql.Rows) (GraphPage, error) {
	var p GraphPage
	err := rows.Scan(&p.URI, &p.Title, &p.Kind, &p.Framework, &p.ParentURI, &p.Declaration)
	return p, err
}

// GraphType reads one address: its page, its members with their
// declarations, its Topics entries and its edges. An index without
// doc_children, doc_symbols or inheritance_edges gives fewer facts, not an
// error.
func (l *NameLookup) GraphType(ctx context.Context, uri string) (*GraphType, error) {
	symbols, children, edges := l.graphTables()
	decl, join := "''", ""
	if symbols {
		decl, join = "COALESCE(s.signature, '')", declarationJoin
	}
	cols := "d.uri, d.title, d.kind, d.framework, d.parent_uri, " + decl
	out := &GraphType{}
	pages, err := sqlrows.All(ctx, l.fixed(), "graph page "+uri,
		"SELECT "+cols+" FROM docs d"+join+" WHERE d.uri = ?1 AND d.source = ?2",
		[]any{uri, document.SourceAppleDocs}, scanGraphPage)
	if err != nil {
		return nil, err
	}
	if len(pages) > 0 {
		out.Page, out.Found = pages[0], true
	}
	// Two indexed reads: the pages whose parent is the address, and the
	// address range under it ('0' follows '/').
	out.Members, err = sqlrows.All(ctx, l.fixed(), "graph members "+uri,
		"SELECT "+cols+" FROM docs d"+join+" WHERE d.source = ?2 AND (d.parent_uri = ?1 OR (d.uri > ?1 || '/' AND d.uri < ?1 || '0'))",
		[]any{uri, document.SourceAppleDocs}, scanGraphPage)
	if err != nil {
		return nil, err
	}
	if children {
		out.Children, err = sqlrows.All(ctx, l.fixed(), "graph children "+uri,
			`SELECT p.uri, c.child_uri, c.child_title, COALESCE(k.kind, ''), COALESCE(k.parent_uri, ''), c.child_decl FROM doc_children c
JOIN docs p ON p.id = c.doc_id AND p.source = ?2
LEFT JOIN docs k ON k.uri = c.child_uri
WHERE c.doc_id = (SELECT id FROM docs WHERE uri = ?1)
   OR (c.child_uri > ?1 || '/' AND c.child_uri < ?1 || '0')`,
			[]any{uri, document.SourceAppleDocs}, scanGraphChild)
		if err != nil {
			return nil, err
		}
	}
	if edges {
		out.Edges, err = sqlrows.All(ctx, l.fixed(), "graph edges "+uri,
			"SELECT child_uri, parent_uri, parent_title, relation FROM inheritance_edges WHERE child_uri = ?",
			[]any{uri}, func(rows *sql.Rows) (GraphEdge, error) {
				var e GraphEdge
				err := rows.Scan(&e.ChildURI, &e.ParentURI, &e.ParentTitle, &e.Relation)
				return e, err
			})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// GraphNamed reads the Apple pages that document name: those whose
// symbol names (symbol_names: the base name and the full title, so
// "ContentMode" finds UIView.ContentMode) include it, lowercased, each with
// its declarations and its parent page's title, kind and framework.
// Without symbol_names, the title is matched instead.
func (l *NameLookup) GraphNamed(ctx context.Context, name string) ([]GraphPage, error) {
	symbols, _, _ := l.graphTables()
	decl, join := "''", ""
	if symbols {
		decl, join = "COALESCE(s.signature, '')", declarationJoin
	}
	low := strings.ToLower(name)
	if !l.mayHavePages(low) {
		return nil, nil
	}
	where := "d.id IN (SELECT doc_id FROM symbol_names WHERE name_lower = ?1)"
	args := []any{low, document.SourceAppleDocs}
	if !l.byNames {
		where = "(d.title_lower = ?1 OR (d.title_lower >= ?3 AND d.title_lower < ?4))"
		args = append(args, low+"(", low+")")
	}
	return sqlrows.All(ctx, l.fixed(), "graph name "+name,
		"SELECT d.uri, d.title, d.kind, d.framework, d.parent_uri, "+decl+
			", COALESCE(p.title, ''), COALESCE(p.kind, ''), COALESCE(p.framework, '') FROM docs d"+join+
			" LEFT JOIN docs p ON d.parent_uri != '' AND p.uri = d.parent_uri WHERE "+where+" AND d.source = ?2",
		args, func(rows *sql.Rows) (GraphPage, error) {
			var p GraphPage
			err := rows.Scan(&p.URI, &p.Title, &p.Kind, &p.Framework, &p.ParentURI, &p.Declaration,
				&p.ParentTitle, &p.ParentKind, &p.ParentFramework)
			return p, err
		})
}

// GraphContainers finds the addresses that hold Apple members although
// they may have no page of their own: each prefix itself and each prefix
// with a disambiguation suffix ("apple-docs://uikit/uicollectionviewdiffabledatasource-9tqpa"),
// when a member page's parent is one or a Topics entry's address sits
// under one. Each comes with its own page when the crawl has it (a
// non-empty Title), listed under the prefix it spells. All the prefixes
// are read in two statements.
func (l *NameLookup) GraphContainers(ctx context.Context, prefixes []string) (map[string][]GraphPage, error) {
	out := map[string][]GraphPage{}
	// SQLite takes at most 500 terms in a compound SELECT.
	for len(prefixes) > maxContainerPrefixes {
		part, err := l.GraphContainers(ctx, prefixes[:maxContainerPrefixes])
		if err != nil {
			return nil, err
		}
		maps.Copy(out, part)
		prefixes = prefixes[maxContainerPrefixes:]
	}
	if prefixes = l.maySitUnder(prefixes); len(prefixes) == 0 {
		return out, nil
	}
	_, children, _ := l.graphTables()
	// Four index probes per prefix, UNION ALL: a UNION sorts in a
	// temporary B-tree, which costs ten times the probes. '-' sorts before '.', and '/' after
	// it: [prefix-, prefix.) is every suffixed spelling, not the addresses
	// under prefix itself; [prefix/, prefix0) is those.
	var parts []string
	var args []any
	for i, p := range prefixes {
		n := fmt.Sprintf("?%d", i+1)
		args = append(args, p)
		parts = append(parts,
			"SELECT parent_uri FROM docs WHERE parent_uri >= "+n+" || '-' AND parent_uri < "+n+" || '.'",
			"SELECT "+n+" WHERE EXISTS (SELECT 1 FROM docs WHERE parent_uri = "+n+")")
		if children {
			parts = append(parts,
				"SELECT "+n+" WHERE EXISTS (SELECT 1 FROM doc_children WHERE child_uri > "+n+" || '/' AND child_uri < "+n+" || '0')",
				"SELECT * FROM (SELECT child_uri FROM doc_children WHERE child_uri >= "+n+" || '-' AND child_uri < "+n+" || '.'"+
					" AND instr(substr(child_uri, length("+n+") + 1), '/') > 0 LIMIT 500)")
		}
	}
	seen := map[string]bool{}
	var found []string
	prefixOf := map[string]string{}
	// The text depends only on how many prefixes there are (at most
	// maxContainerPrefixes), so it is prepared once per count.
	err := sqlrows.Each(ctx, l.fixed(), "graph containers", strings.Join(parts, "\nUNION ALL "), args, func(rows *sql.Rows) error {
		var u string
		if err := rows.Scan(&u); err != nil {
			return err
		}
		for _, p := range prefixes {
			if c := containerOf(u, p); c != "" && !seen[c] {
				seen[c] = true
				found = append(found, c)
				prefixOf[c] = p
			}
		}
		return nil
	})
	if err != nil || len(found) == 0 {
		return out, err
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", len(found)), ",")
	uriArgs := []any{document.SourceAppleDocs}
	for _, u := range found {
		uriArgs = append(uriArgs, u)
	}
	pages := map[string]GraphPage{}
	err = sqlrows.Each(ctx, l.db, "graph container pages",
		"SELECT uri, title, kind, framework, parent_uri, '' FROM docs WHERE source = ? AND uri IN ("+marks+")", uriArgs,
		func(rows *sql.Rows) error {
			p, err := scanGraphPage(rows)
			pages[p.URI] = p
			return err
		})
	if err != nil {
		return nil, err
	}
	for _, u := range found {
		p, ok := pages[u]
		if !ok {
			p = GraphPage{URI: u}
		}
		out[prefixOf[u]] = append(out[prefixOf[u]], p)
	}
	return out, nil
}

// segmentKeys is the set of the path segments that page parents and
// Topics entries have, each cut at its first '-'
// ("uicollectionviewdiffabledatasource" for
// "uicollectionviewdiffabledatasource-9tqpa"): every address
// GraphContainers can find ends in one of them. It is read once in the
// background (two passes over indexed columns, about 0.6 s on the full
// index); the containers' reads go on without it until it is there.
type segmentKeys = backgroundRead[map[string]struct{}]

// segmentKey is a path segment as segmentKeys holds it. The containers'
// reads compare addresses byte for byte with lowercased prefixes, so a
// segment is kept as spelled.
func segmentKey(seg string) string {
	if i := strings.IndexByte(seg, '-'); i > 0 {
		return seg[:i]
	}
	return seg
}

// maySitUnder keeps the prefixes whose last segment some page parent or
// Topics entry has: the others hold nothing, and most of the names a
// project declares itself are among them. Until the segments are read (or
// if their read failed) it keeps every prefix.
func (l *NameLookup) maySitUnder(prefixes []string) []string {
	set, read := l.segmentSet().ready()
	if !read {
		return prefixes
	}
	var out []string
	for _, p := range prefixes {
		if _, ok := set[segmentKey(p[strings.LastIndexByte(p, '/')+1:])]; ok {
			out = append(out, p)
		}
	}
	return out
}

// segmentSet starts the read of the segments, once, without the caller's
// context, and returns them (read or not yet: see done).
func (l *NameLookup) segmentSet() *segmentKeys {
	return l.segments.start(func() (map[string]struct{}, error) {
		set := map[string]struct{}{}
		// add keeps uri's segments; a Topics entry's own last
		// segment is no container of it.
		add := func(uri string, withLast bool) {
			_, path, _ := strings.Cut(uri, "://")
			for path != "" {
				seg, rest, more := strings.Cut(path, "/")
				if !more && !withLast {
					break
				}
				key := segmentKey(seg)
				if _, ok := set[key]; !ok {
					set[strings.Clone(key)] = struct{}{}
				}
				path = rest
			}
		}
		read := func(what, query string, withLast bool) error {
			return sqlrows.Each(context.Background(), l.db, what, query, nil, func(rows *sql.Rows) error {
				var uri string
				if err := rows.Scan(&uri); err != nil {
					return err
				}
				add(uri, withLast)
				return nil
			})
		}
		err := read("page parents", "SELECT DISTINCT parent_uri FROM docs", true)
		if _, children, _ := l.graphTables(); children && err == nil {
			err = read("topics entries", "SELECT DISTINCT child_uri FROM doc_children", false)
		}
		return set, err
	})
}

// maxContainerPrefixes is how many prefixes one GraphContainers statement
// reads (four terms each).
const maxContainerPrefixes = 100

// containerOf cuts uri after the path segment that spells prefix's last
// one (with or without a "-suffix"); "" when uri has no such segment. A
// member's address gives the address it sits under.
func containerOf(uri, prefix string) string {
	if !strings.HasPrefix(uri, prefix) {
		return ""
	}
	rest := uri[len(prefix):]
	if rest == "" {
		return uri
	}
	switch rest[0] {
	case '/':
		return prefix
	case '-':
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			return prefix + rest[:i]
		}
		return uri
	}
	return ""
}

// GraphListed reads the Topics entries of Apple pages titled name or
// "name(…)", for a member whose own page is missing when its type is not
// known, and, where the index has doc_children_leaf (GraphListsLeaves),
// those whose qualified title ends so ("UIView.ContentMode.scaleAspectFill"
// for scaleAspectFill). It reads them through doc_children_title; an index
// saved before that index existed is read whole once instead (about 0.5 s
// on the full index), and kept by title.
func (l *NameLookup) GraphListed(ctx context.Context, name string) ([]GraphChild, error) {
	if _, children, _ := l.graphTables(); !children || name == "" {
		return nil, nil
	}
	if l.graphTablesSeen.childTitles {
		return sqlrows.All(ctx, l.fixed(), "graph listed "+name, listedQuery(l.graphTablesSeen.childLeaves),
			[]any{name, document.SourceAppleDocs}, scanGraphChild)
	}
	byTitle, err := l.allListed()
	if err != nil {
		return nil, err
	}
	entries := byTitle[name]
	if len(entries) > maxListedEntries {
		entries = entries[:maxListedEntries]
	}
	if len(entries) == 0 {
		return nil, nil
	}
	// One read for all the entries: their listing pages and own pages.
	var args []any
	rows := make([]string, len(entries))
	for i, e := range entries {
		rows[i] = "(?, ?, ?)"
		args = append(args, e.docID, e.uri, e.title)
	}
	args = append(args, document.SourceAppleDocs)
	return sqlrows.All(ctx, l.db, "graph listed "+name,
		"WITH e(doc_id, uri, title) AS (VALUES "+strings.Join(rows, ", ")+`)
SELECT p.uri, e.uri, e.title, COALESCE(k.kind, ''), COALESCE(k.parent_uri, ''), '' FROM e
JOIN docs p ON p.id = e.doc_id AND p.source = ?
LEFT JOIN docs k ON k.uri = e.uri`, args, scanGraphChild)
}

// listedQuery reads a name's Topics entries by title through
// doc_children_title and, with leaves, by last component through
// doc_children_leaf: one range per index, [name, name")"), which holds
// name and "name(…)" and nothing an identifier continues ('0' > ')').
func listedQuery(leaves bool) string {
	const cols = `SELECT p.uri, c.child_uri, c.child_title, COALESCE(k.kind, ''), COALESCE(k.parent_uri, ''), c.child_decl FROM doc_children c
JOIN docs p ON p.id = c.doc_id AND p.source = ?2
LEFT JOIN docs k ON k.uri = c.child_uri
WHERE `
	query := cols + "c.child_title >= ?1 AND c.child_title < ?1 || ')'"
	if leaves {
		// The partial index serves a read that writes its expression and
		// its WHERE term as the DDL does.
		leaf := strings.ReplaceAll(childLeafExpr, "child_title", "c.child_title")
		query += "\nUNION ALL\n" + cols + strings.ReplaceAll(childQualified, "child_title", "c.child_title") +
			" AND " + leaf + " >= ?1 AND " + leaf + " < ?1 || ')'"
	}
	return query
}

// GraphListsLeaves says whether GraphListed finds Topics entries by their
// qualified title's last component: without doc_children_leaf, a name no
// page has may still be listed as Outer.Type.name.
func (l *NameLookup) GraphListsLeaves() bool {
	l.graphTables()
	return l.graphTablesSeen.childLeaves
}

// maxListedEntries bounds the Topics entries of one title read on an
// index without doc_children_title (a finding names a few).
const maxListedEntries = 300

func scanGraphChild(rows *sql.Rows) (GraphChild, error) {
	var c GraphChild
	err := rows.Scan(&c.ParentURI, &c.URI, &c.Title, &c.Kind, &c.PageParentURI, &c.Declaration)
	return c, err
}

// listedEntry is a Topics entry as allListed keeps it.
type listedEntry struct {
	docID      int64
	uri, title string
}

// allListed reads every Topics entry once, by its title up to "(", for an
// index without doc_children_title. It reads without the caller's
// context: a cancelled first call must not spoil it for the next ones.
func (l *NameLookup) allListed() (map[string][]listedEntry, error) {
	a := &l.listed
	a.once.Do(func() {
		a.m = map[string][]listedEntry{}
		a.err = sqlrows.Each(context.Background(), l.db, "graph listed entries",
			"SELECT doc_id, child_uri, child_title FROM doc_children", nil, func(rows *sql.Rows) error {
				var e listedEntry
				if err := rows.Scan(&e.docID, &e.uri, &e.title); err != nil {
					return err
				}
				key, _, _ := strings.Cut(e.title, "(")
				a.m[key] = append(a.m[key], e)
				return nil
			})
	})
	return a.m, a.err
}

// listedEntries memoizes allListed.
type listedEntries struct {
	once sync.Once
	m    map[string][]listedEntry
	err  error
}

// hasIndex reports whether the index has the SQL index name (one saved
// before it was added lacks it).
func (l *NameLookup) hasIndex(name string) bool {
	var n int
	err := l.db.QueryRow("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = ?", name).Scan(&n)
	return err == nil && n > 0
}
