package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// The reads `cupertino verify` adds to a NameLookup: which modules the
// index documents, the names near a misspelt one, and the types known only
// as the parent of their members' pages.

// backgroundRead is a whole-index read a NameLookup starts once, in the
// background and without the caller's context (a cancelled first call
// must not spoil the value for the next ones): the symbol names, the
// address segments and the containers. A caller either waits for the
// value or, not to wait, goes on without it until it is there.
type backgroundRead[T any] struct {
	once sync.Once
	// done is closed when value and err are written.
	done  chan struct{}
	value T
	err   error
}

// start runs read in a goroutine of its own the first time it is called,
// and returns r (read or not yet: see done).
func (r *backgroundRead[T]) start(read func() (T, error)) *backgroundRead[T] {
	r.once.Do(func() {
		r.done = make(chan struct{})
		go func() {
			defer close(r.done)
			r.value, r.err = read()
		}()
	})
	return r
}

// wait returns the value once it is read.
func (r *backgroundRead[T]) wait() (T, error) {
	<-r.done
	return r.value, r.err
}

// ready returns the value when the read has ended without an error, and
// ok false while it goes on or when it failed.
func (r *backgroundRead[T]) ready() (value T, ok bool) {
	select {
	case <-r.done:
		return r.value, r.err == nil
	default:
		return value, false
	}
}

// containers is the lazily built map from a lowercased path segment of an
// Apple page's URI (its disambiguation suffix cut) to the URI up to that
// segment. A page the crawl missed still shows in its members' addresses:
// apple-docs://uikit/uicollectionviewdiffabledatasource-9tqpa/apply(_:animatingdifferences:).
type containers = backgroundRead[map[string]string]

// Modules returns the import names of the frameworks the index documents
// (framework_aliases.import_name, else the framework column), lowercased.
func (l *NameLookup) Modules(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	q := "SELECT DISTINCT framework FROM docs WHERE source = '" + document.SourceAppleDocs + "'"
	if cols, err := l.columns("framework_aliases"); err != nil {
		return nil, err
	} else if cols["import_name"] && cols["identifier"] {
		q = "SELECT identifier FROM framework_aliases UNION SELECT import_name FROM framework_aliases"
	}
	err := sqlrows.Each(ctx, l.db, "modules", q, nil, func(rows *sql.Rows) error {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		if name != "" {
			out[strings.ToLower(name)] = true
		}
		return nil
	})
	return out, err
}

// ContainerURI returns the address of the type name lowercased when Apple
// pages sit under it, whether or not its own page was crawled: the URI up to
// and including that path segment. The map is built on first use from one
// pass over the Apple URIs (about 0.2 s on the full index), without the
// caller's context: a cancelled first call must not spoil the map for the
// next ones.
func (l *NameLookup) ContainerURI(name string) (string, bool, error) {
	m, err := l.containerMap().wait()
	if err != nil {
		return "", false, err
	}
	uri, ok := m[strings.ToLower(name)]
	return uri, ok, nil
}

// containerMap starts the read of the containers, once, in the background,
// and returns them (read or not yet: see done).
func (l *NameLookup) containerMap() *containers {
	return l.containers.start(func() (map[string]string, error) {
		m := map[string]string{}
		prefix := document.SourceAppleDocs + "://"
		// The addresses by their scheme, from the address index alone:
		// `WHERE source = ?` went through docs_source_framework and then
		// to each of 183,202 rows of the docs table for its address, half
		// of the first verify call's wait.
		err := sqlrows.Each(context.Background(), l.db, "container segments", "SELECT uri FROM docs WHERE uri >= ?1 AND uri < ?2",
			[]any{prefix, strings.TrimSuffix(prefix, "/") + "0"}, func(rows *sql.Rows) error { // '0' follows '/'
				var uri string
				if err := rows.Scan(&uri); err != nil {
					return err
				}
				segs := strings.Split(strings.TrimPrefix(uri, prefix), "/")
				// The framework segment and the page's own last segment
				// are not containers.
				for i := 1; i < len(segs)-1; i++ {
					key := segs[i]
					if j := strings.LastIndexByte(key, '-'); j > 0 {
						key = key[:j]
					}
					if _, ok := m[key]; !ok {
						m[key] = prefix + strings.Join(segs[:i+1], "/")
					}
				}
				return nil
			})
		return m, err
	})
}

// Warm starts, in the background, the three whole-index reads a verify
// check comes to need (the symbol names, the address segments and the
// containers, 0.1 to 0.2 s each on the full index), so that they run side
// by side while the first check goes on, rather than one after another
// in the first checks that need each of them. It returns at once.
func (l *NameLookup) Warm() {
	l.nameSet()
	l.segmentSet()
	l.containerMap()
}

// mentionSources are where MentionedIn looks, in order: Apple's reference,
// the Evolution proposals that introduce standard-library API, and the WWDC
// sessions, whose transcripts and code name APIs newer than the crawl.
// Sample code is left out: it is what `verify`'s false-positive test reads.
var mentionSources = []struct{ table, source string }{
	{"docs_fts", document.SourceAppleDocs},
	{"docs_fts", document.SourceSwiftEvolution},
	{PartsFTSTable, document.SourceWWDC},
}

// MentionedIn returns a page of Apple's documentation, Swift Evolution or a
// WWDC session whose title, text or symbols mention name as a word, for an
// API whose own page the crawl missed: real APIs are named in their
// neighbours' prose and listings, invented ones are not. The full-text
// tokenizer folds case and stems, so this is evidence that a name exists,
// not of its spelling; ok is false when no page mentions it.
func (l *NameLookup) MentionedIn(ctx context.Context, name string) (string, bool, error) {
	uris, err := l.MentionedPages(ctx, name, 1)
	if err != nil || len(uris) == 0 {
		return "", false, err
	}
	return uris[0], true, nil
}

// MentionedPages is MentionedIn's pages, up to limit, its sources in
// the same order: the search folds case and stems, so the first page it
// finds for AVAudioFormat is AVAUDIOFORMAT_HAVE_CMFORMATDESCRIPTION's, and
// a caller that needs the name as written reads a few.
func (l *NameLookup) MentionedPages(ctx context.Context, name string, limit int) ([]string, error) {
	if !isWord(name) || limit <= 0 {
		return nil, nil
	}
	var out []string
	for _, m := range mentionSources {
		if !l.hasTable(m.table) {
			continue
		}
		match := `source:"` + m.source + `" AND {title content symbols}:"` + name + `"`
		uris, err := sqlrows.Column[string](ctx, l.fixed(), "mention of "+name,
			"SELECT d.uri FROM docs d WHERE d.id IN (SELECT rowid FROM "+m.table+" WHERE "+m.table+" MATCH ? LIMIT ?)",
			[]any{match, limit})
		if err != nil {
			return nil, err
		}
		out = append(out, uris...)
		if len(out) >= limit {
			return out[:limit], nil
		}
	}
	return out, nil
}

// hasTable reports whether the index has table (an older one lacks
// parts_fts).
func (l *NameLookup) hasTable(table string) bool {
	t := &l.tables
	t.mu.Lock()
	defer t.mu.Unlock()
	if has, ok := t.seen[table]; ok {
		return has
	}
	cols, err := l.columns(table)
	if err != nil {
		// A failed read is not remembered: the next call asks again.
		return false
	}
	if t.seen == nil {
		t.seen = map[string]bool{}
	}
	t.seen[table] = len(cols) > 0
	return t.seen[table]
}

// isWord keeps FTS5 syntax out of a match: letters, digits and underscores.
func isWord(s string) bool {
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// Names returns every distinct lowercased symbol name, for an in-memory
// search of the names one slip away from a misspelt one (170,000 names,
// about 7 MB, read once in 0.3 s on the full index, then held). It waits
// for the read if another call started it. It reads without the caller's
// context: a cancelled first call must not spoil the list for the next
// ones.
func (l *NameLookup) Names(ctx context.Context) ([]string, error) {
	n, err := l.nameSet().wait()
	return n.list, err
}

// names is the list of symbol names and its set, read once in the
// background: a lookup does not wait for them, it reads the index until
// they are there.
type names = backgroundRead[nameList]

// nameList is the symbol names, as a list and as a set.
type nameList struct {
	list []string
	set  map[string]struct{}
}

// nameSet starts the read of the names, once, and returns them (read or
// not yet: see done).
func (l *NameLookup) nameSet() *names {
	return l.names.start(func() (nameList, error) {
		if !l.byNames {
			return nameList{}, nil
		}
		list, err := sqlrows.Column[string](context.Background(), l.db, "symbol names", "SELECT DISTINCT name_lower FROM symbol_names", nil)
		set := make(map[string]struct{}, len(list))
		for _, name := range list {
			set[name] = struct{}{}
		}
		return nameList{list: list, set: set}, err
	})
}

// HasName says whether low (lowercased) is a symbol name of the index,
// waiting for the names if they are being read; always false for an index
// without symbol_names.
func (l *NameLookup) HasName(low string) (bool, error) {
	n, err := l.nameSet().wait()
	_, ok := n.set[low]
	return ok, err
}

// mayHavePages says whether a page may have low (lowercased) among its
// symbol names: false only when the names have been read and lack it, so
// that, once they are, the many names a project declares itself cost a
// map lookup, not a read. It never waits for them.
func (l *NameLookup) mayHavePages(low string) bool {
	if !l.byNames {
		return true
	}
	n, read := l.nameSet().ready()
	if !read {
		return true
	}
	_, ok := n.set[low]
	return ok
}

// PageText returns the title and Markdown of the page at uri (for a sample
// or package file, its text as stored); ok is false when the index lacks
// it. Citation scoring reads cited pages through it.
func (l *NameLookup) PageText(ctx context.Context, uri string) (title, markdown string, ok bool, err error) {
	var md []byte
	st, err := l.stmts.prepared(ctx, l.db, `SELECT d.title, b.markdown FROM docs d
LEFT JOIN doc_body b ON b.doc_id = d.id WHERE d.uri = ?`)
	if err != nil {
		return "", "", false, err
	}
	err = st.QueryRowContext(ctx, uri).Scan(&title, &md)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", false, nil
	}
	if err != nil {
		return "", "", false, fmt.Errorf("read %s: %w", uri, err)
	}
	text, err := decompress(md)
	if err != nil {
		return "", "", false, fmt.Errorf("read %s: %w", uri, err)
	}
	return title, string(text), true, nil
}

// ObjCPage is a page whose symbol Objective-C names otherwise.
type ObjCPage struct{ URI, Title string }

// objcPagesRead bounds the pages ObjCNamed returns.
const objcPagesRead = 4

// ObjCNamed returns the Apple pages whose symbol's Objective-C name is name
// ("addChildViewController" names addChild(_:)): save indexes such a name
// whole among the page's symbol components (Document.ObjCName), where no
// Swift name's part is a name of several words. A name of one word is not
// looked up: a component of that spelling is a Swift name's part.
func (l *NameLookup) ObjCNamed(ctx context.Context, name string) ([]ObjCPage, error) {
	if !isWord(name) || len(swiftsym.CamelWords(name)) < 2 || !l.hasTable("docs_fts") {
		return nil, nil
	}
	var out []ObjCPage
	err := sqlrows.Each(ctx, l.fixed(), "Objective-C name "+name,
		"SELECT d.uri, d.title FROM docs d WHERE d.id IN (SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT ?)",
		[]any{`source:"` + document.SourceAppleDocs + `" AND {symbol_components}:"` + name + `"`, objcPagesRead},
		func(rows *sql.Rows) error {
			var p ObjCPage
			if err := rows.Scan(&p.URI, &p.Title); err != nil {
				return err
			}
			out = append(out, p)
			return nil
		})
	return out, err
}

// MostWrittenNames lists the names the sample and package code writes in
// the most files (code_refs: types, calls, conformances, attributes and
// members as "Type.member"), most written first, up to limit: what a
// checker of Swift meets in nearly every file, worth reading before the
// first check asks. None when the index has no code_refs.
func (l *NameLookup) MostWrittenNames(ctx context.Context, limit int) ([]string, error) {
	if limit <= 0 || !l.hasTable("code_refs") {
		return nil, nil
	}
	return sqlrows.Column[string](ctx, l.fixed(), "most written names",
		`SELECT name FROM code_refs GROUP BY name ORDER BY count(DISTINCT doc_id) DESC, name LIMIT ?`, []any{limit})
}

// CrowdedNames lists the plain symbol names (lowercased, letters, digits
// and underscores) that at least minPages pages bear, the most borne
// first: init, appending, count, value… Reading one name's pages costs
// about a millisecond per hundred pages, and these are the names code
// writes as members everywhere. None when the index has no symbol_names.
func (l *NameLookup) CrowdedNames(ctx context.Context, minPages int) ([]string, error) {
	if !l.byNames {
		return nil, nil
	}
	return sqlrows.Column[string](ctx, l.fixed(), "crowded names",
		`SELECT name_lower FROM symbol_names GROUP BY name_lower
		HAVING count(*) >= ? AND name_lower NOT GLOB '*[^a-z0-9_]*' ORDER BY count(*) DESC, name_lower`, []any{minPages})
}

// SampleUse is what Apple's sample code says of a name no page documents:
// how many sample projects use it (code_refs), and one file that does.
type SampleUse struct {
	Projects int
	URI      string
}

// sampleUsesRead bounds the uses read for one name.
const sampleUsesRead = 64

// UsedInSamples reports how many of Apple's sample projects use name, as
// written, when none of the sample or package files declares a type of
// that name: a type the crawl missed is used by the code Apple ships,
// while a project's own type is declared where it is used. Zero Projects
// when nothing uses it, or something declares it.
func (l *NameLookup) UsedInSamples(ctx context.Context, name string) (SampleUse, error) {
	low := strings.ToLower(name)
	if !isWord(name) || !l.hasTable("code_refs") {
		return SampleUse{}, nil
	}
	rows, err := sqlrows.Column[int](ctx, l.fixed(), "declarations of "+name,
		`SELECT 1 FROM symbol_names n JOIN doc_symbols s ON s.doc_id = n.doc_id AND s.name = ?2 JOIN docs d ON d.id = n.doc_id
		WHERE n.name_lower = ?1 AND d.source IN (?3, ?4) AND s.kind IN ('struct', 'class', 'enum', 'protocol', 'actor', 'typealias') LIMIT 1`,
		[]any{low, name, document.SourceSamples, document.SourcePackages})
	if err != nil || len(rows) > 0 {
		return SampleUse{}, err
	}
	uris, err := sqlrows.Column[string](ctx, l.fixed(), "sample uses of "+name,
		`SELECT d.uri FROM code_refs r JOIN docs d ON d.id = r.doc_id WHERE r.name_lower = ?1 AND r.name = ?2 AND d.source = ?3 LIMIT ?4`,
		[]any{low, name, document.SourceSamples, sampleUsesRead})
	if err != nil || len(uris) == 0 {
		return SampleUse{}, err
	}
	projects := map[string]bool{}
	for _, uri := range uris {
		projects[CodeProject(uri)] = true
	}
	return SampleUse{Projects: len(projects), URI: uris[0]}, nil
}

// dotUsesRead bounds the source files read for one name written after a
// dot: the search stems ("positional" finds every "position"), so the
// files that write the name may come late among those it finds.
const dotUsesRead = 400

// dotProjectsEnough is how many projects WrittenAfterDot looks for before
// it stops reading: two tell another project from the one being checked.
const dotProjectsEnough = 2

// errEnoughFound stops a read that has found what it looks for.
var errEnoughFound = errors.New("enough found")

// DotUse is what the sample and package code says of a name written after
// a dot: up to dotProjectsEnough projects that write it (a sample
// project's "samples/<id>", a package's "<owner>/<repo>"), sorted, and one
// file that does.
type DotUse struct {
	Projects []string
	URI      string
}

// WrittenAfterDot reports which sample projects and packages write name
// after a dot (`.convertFromSnakeCase`, `.semibold`), as written, a whole
// word, among the first dotUsesRead files the full-text search finds:
// code that compiles against the SDK names the cases of types whose pages
// the crawl missed.
func (l *NameLookup) WrittenAfterDot(ctx context.Context, name string) (DotUse, error) {
	if !isWord(name) || !l.hasTable(PartsFTSTable) {
		return DotUse{}, nil
	}
	var use DotUse
	err := l.codeFiles(ctx, "code that writes ."+name, []string{name},
		func(project string) bool { return slices.Contains(use.Projects, project) },
		func(uri, project, text string) error {
			if !writesAfterDot(text, name) {
				return nil
			}
			use.Projects = append(use.Projects, project)
			if use.URI == "" {
				use.URI = uri
			}
			if len(use.Projects) >= dotProjectsEnough {
				return errEnoughFound
			}
			return nil
		})
	sort.Strings(use.Projects)
	return use, err
}

// typeUsesRead bounds the uses of a type read to count the projects that
// use it.
const typeUsesRead = 400

// ProjectsUsing returns the sample projects and packages (CodeProject)
// whose code uses the type named root (code_refs' type_lower: the part of
// a written name before its first dot), among its first typeUsesRead uses,
// sorted.
func (l *NameLookup) ProjectsUsing(ctx context.Context, root string) ([]string, error) {
	if !isWord(root) || !l.hasTable("code_refs") {
		return nil, nil
	}
	uris, err := sqlrows.Column[string](ctx, l.fixed(), "uses of "+root,
		`SELECT d.uri FROM code_refs r JOIN docs d ON d.id = r.doc_id WHERE r.type_lower = ? LIMIT ?`,
		[]any{strings.ToLower(root), typeUsesRead})
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, uri := range uris {
		if p := CodeProject(uri); !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	return out, nil
}

// writesAfterDot says whether text writes name right after a dot, as a
// whole word with its case.
func writesAfterDot(text, name string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], "."+name)
		if j < 0 {
			return false
		}
		end := i + j + 1 + len(name)
		if end == len(text) || !isWord(text[end:end+1]) {
			return true
		}
		i = end
	}
}

// CodeProject is the sample project (samples://<project>/… gives
// "samples/<project>") or the package (packages://<owner>/<repo>/… gives
// "<owner>/<repo>") a source file's URI belongs to.
func CodeProject(uri string) string {
	if rest, ok := strings.CutPrefix(uri, document.SourceSamples+"://"); ok {
		project, _, _ := strings.Cut(rest, "/")
		return document.SourceSamples + "/" + project
	}
	rest := strings.TrimPrefix(uri, document.SourcePackages+"://")
	owner, rest, _ := strings.Cut(rest, "/")
	repo, _, _ := strings.Cut(rest, "/")
	return owner + "/" + repo
}
