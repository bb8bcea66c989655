package verify

import (
	"context"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/internal/version"
)

// ErrNotIndex means the file lacks the docs table the checks read.
var ErrNotIndex = index.ErrNoDocsTable

// IndexTable resolves names against the Apple documentation in a search.db
// through index.NameLookup rather than through the ranker: a symbol check
// wants exact titles, not the best-scoring page. The file is opened
// read-only, and an index of another schema version still answers.
type IndexTable struct {
	lookup *index.NameLookup

	cache nameCache[[]SymbolInfo]
	near  nameCache[[]Candidate]
	// mentioned memoizes MentionedIn, which reads up to mentionPagesRead
	// pages' text for one name.
	mentioned nameCache[mention]

	// sampleUses memoizes UsedInSamples: two reads for every unknown type.
	sampleUses nameCache[index.SampleUse]

	// dotUses memoizes WrittenAfterDot: a few source files' text for a
	// leading-dot name no page has.
	dotUses nameCache[index.DotUse]
	// dotValues memoizes ValuesWrittenAt, by the context's text;
	// placeWriters WrittenAt, by the context's and the name's.
	dotValues    nameCache[index.DotValues]
	placeWriters nameCache[[]string]
	// typeUses memoizes ProjectsUsing, genericArgs GenericArguments.
	typeUses, genericArgs nameCache[[]string]

	// cased memoizes casedName, which reads every page of a name.
	cased nameCache[string]

	// slips memoizes Slip, which Nearest asks again for a name the
	// check asked about.
	slips nameCache[slipAnswer]

	// The names, read once (loadNames): by first letter, shortest first,
	// each with its letterMask; and a filter of them all for Slip.
	namesOnce  sync.Once
	byFirst    map[byte][]string
	maskFirst  map[byte][]uint64
	nameFilter *nameFilter
	namesErr   error

	modulesOnce sync.Once
	modules     map[string]bool
	modulesErr  error

	graphOnce sync.Once
	graphData *symbolGraph
	graphErr  error

	// newestYear is the year of the WWDC that introduced the newest iOS
	// the documentation lists (iOS 18: 2024); 0 when unknown.
	newestOnce sync.Once
	newestYear int

	// warmOnce starts Warm's reads; warmStop ends warmCommonNames early
	// and warmDone is closed when all of them are done. firstChecked is
	// closed when a check has answered (checked).
	warmOnce         sync.Once
	warmStop         context.CancelFunc
	warmDone         chan struct{}
	firstChecked     chan struct{}
	firstCheckedOnce sync.Once
}

// maxCached bounds the name cache of a long-running server; past it the
// cache starts again rather than growing with every name an agent invents.
const maxCached = 100_000

// nameCache is a per-name answer cache, safe for concurrent use, emptied
// when it reaches maxCached.
type nameCache[V any] struct {
	mu sync.Mutex
	m  map[string]V
}

func (c *nameCache[V]) get(name string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[name]
	return v, ok
}

func (c *nameCache[V]) put(name string, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCached {
		c.m = map[string]V{}
	}
	c.m[name] = v
}

// nonSymbolKinds are page roles that are not APIs.
var nonSymbolKinds = swiftlex.SetOf("article", "collection", "sampleCode", "sample-code", "tutorial", "overview",
	"module", "framework", "proposal", "guide", "section", "symbol-collection", "landing")

// OpenIndexTable opens the index at path read-only.
func OpenIndexTable(path string) (*IndexTable, error) {
	lookup, err := index.OpenNameLookup(path)
	if err != nil {
		return nil, err
	}
	return &IndexTable{lookup: lookup, firstChecked: make(chan struct{})}, nil
}

// Warm starts reading, in the background, the whole-index sets that a
// server's checks soon all need (index.NameLookup.Warm) and the names by
// first letter (sorted, about 25 ms) once the names are read, so that they
// load side by side during the first check rather than one after another
// in the first checks that need each; and, once the first check has
// answered, what checks read for the names code writes most
// (warmCommonNames, about 1.8 s): begun earlier, it made the first check
// wait for the disk and the CPU. It returns at once; WaitWarm waits for
// it. A one-shot `cupertino verify` of a small file needs few of them and
// does not call it.
func (t *IndexTable) Warm() {
	t.warmOnce.Do(func() {
		t.lookup.Warm()
		ctx, stop := context.WithCancel(context.Background())
		t.warmStop, t.warmDone = stop, make(chan struct{})
		go func() {
			defer close(t.warmDone)
			t.loadNames()
			select {
			case <-t.firstChecked:
			case <-ctx.Done():
				return
			}
			t.warmCommonNames(ctx)
		}()
	})
}

// checked tells the warm-up a check has answered: Checker.Check calls it.
func (t *IndexTable) checked() {
	t.firstCheckedOnce.Do(func() { close(t.firstChecked) })
}

// WaitWarm lets what Warm started read ahead without waiting for a check,
// and waits until it is read; at once when Warm was not called. Call it
// after Warm returns.
func (t *IndexTable) WaitWarm() {
	t.checked()
	if t.warmDone != nil {
		<-t.warmDone
	}
}

// Close stops the warm-up and releases the database.
func (t *IndexTable) Close() error {
	if t.warmStop != nil {
		t.warmStop()
		<-t.warmDone
	}
	return t.lookup.Close()
}

// Describe implements SymbolTable.
func (t *IndexTable) Describe() string {
	return "search index " + filepath.Base(t.lookup.Path()) + " (docs table)"
}

// Lookup implements SymbolTable.
func (t *IndexTable) Lookup(name string) ([]SymbolInfo, error) {
	if cached, ok := t.cache.get(name); ok {
		return cached, nil
	}
	pages, err := t.lookup.Pages(name)
	if err != nil {
		return nil, err
	}
	var out []SymbolInfo
	for _, p := range pages {
		if info, keep := symbolInfo(p, name); keep {
			out = append(out, info)
		}
	}
	t.cache.put(name, out)
	return out, nil
}

// symbolInfo turns a page that may document name into what the checks use,
// or reports that it does not document it.
func symbolInfo(p index.NamedPage, name string) (SymbolInfo, bool) {
	// Case matters in Swift: "Text" must not resolve to a "text" property.
	// A Topics group titled like a name (AppKit's "Color" group of color
	// APIs) declares nothing: a SwiftUI file's Color is not it.
	if titleName(p.Title) != name || nonSymbolKinds[p.Kind] || p.Kind == "collectionGroup" || p.Language == "data" {
		return SymbolInfo{}, false
	}
	info := SymbolInfo{Name: name, Kind: p.Kind, Module: p.Framework, Origin: "index:" + p.URI, URI: p.URI, Note: p.DeprecatedNote}
	if p.ParentTitle != "" && !nonSymbolKinds[p.ParentKind] {
		info.Parent = titleName(p.ParentTitle)
	}
	for platform, packed := range p.Introduced {
		setVersion(&info.Introduced, strings.ToLower(platform), version.Unpack(packed))
	}
	perPlatformDeprecation := applyPlatforms(&info, p.Platforms())
	if p.Deprecated && !perPlatformDeprecation {
		info.DeprecatedEverywhere = true
	}
	return info, true
}

// applyPlatforms fills availability from docs_structured.platforms and
// reports whether it carried per-platform deprecation.
func applyPlatforms(info *SymbolInfo, plats []document.Platform) bool {
	anyDeprecated := false
	for _, p := range plats {
		plat := domainPlatform(p.Name)
		if plat == "" {
			continue
		}
		if _, ok := info.Introduced[plat]; !ok && p.Introduced != "" {
			if v, err := ParseVersion(p.Introduced); err == nil {
				setVersion(&info.Introduced, plat, v)
			}
		}
		if p.Deprecated {
			anyDeprecated = true
			v, _ := ParseVersion(p.DeprecatedAt)
			setVersion(&info.Deprecated, plat, v)
		}
		if p.Unavailable {
			if info.Unavailable == nil {
				info.Unavailable = map[string]bool{}
			}
			info.Unavailable[plat] = true
		}
	}
	return anyDeprecated
}

// titleName is the name a page documents: "padding" for "padding(_:_:)",
// "Scale" for the nested type titled "Text.Scale".
func titleName(title string) string {
	b := baseName(title)
	if i := strings.LastIndex(b, "."); i > 0 && isCapitalized(b) {
		b = b[i+1:]
	}
	return b
}

// Modules implements Documented: the import names the index documents.
func (t *IndexTable) Modules() (map[string]bool, error) {
	t.modulesOnce.Do(func() { t.modules, t.modulesErr = t.lookup.Modules(context.Background()) })
	return t.modules, t.modulesErr
}

// Container implements Documented.
func (t *IndexTable) Container(name string) (string, bool, error) { return t.lookup.ContainerURI(name) }

// Nearest implements Documented: the real names closest to name, a slip
// away first, then from the names that share its first letter and are about
// as long, ranked by edit distance.
func (t *IndexTable) Nearest(name string, n int) ([]Candidate, error) {
	if len(name) < 2 {
		return nil, nil
	}
	if cached, ok := t.near.get(name); ok {
		return cached, nil
	}
	if err := t.loadNames(); err != nil {
		return nil, err
	}
	var out []Candidate
	low := strings.ToLower(name)
	names := t.byFirst[low[0]]
	lo, hi := aboutAsLong(names, low)
	for _, near := range rankNear(low, names[lo:hi], t.maskFirst[low[0]][lo:hi], n*3) {
		cand, found, err := t.namedCandidate(t.casedName(near))
		if err != nil {
			return nil, err
		}
		if found && cand.Name != name {
			out = append(out, cand)
		}
		if len(out) == n {
			break
		}
	}
	if slip, found, err := t.Slip(name); err != nil {
		return nil, err
	} else if found && (len(out) == 0 || out[0] != slip) {
		out = append([]Candidate{slip}, out...)
		if len(out) > n {
			out = out[:n]
		}
	}
	// An Objective-C name (`addChildViewController`, `runAction`) comes
	// first: the Swift name of what the code meant.
	objc, err := t.lookup.ObjCNamed(context.Background(), name)
	if err != nil {
		return nil, err
	}
	if len(objc) > 0 {
		var named []Candidate
		for _, p := range objc {
			named = append(named, Candidate{Name: p.Title, URI: p.URI})
		}
		out = append(named, slices.DeleteFunc(out, func(c Candidate) bool { return slices.Contains(named, c) })...)
		if len(out) > n {
			out = out[:n]
		}
	}
	t.near.put(name, out)
	return out, nil
}

// loadNames reads every symbol name once, by first letter, each letter's
// names shortest first (aboutAsLong cuts them by length) with their
// letterMasks, and fills the filter Slip asks first.
func (t *IndexTable) loadNames() error {
	t.namesOnce.Do(func() {
		all, err := t.lookup.Names(context.Background())
		t.byFirst, t.maskFirst, t.namesErr = map[byte][]string{}, map[byte][]uint64{}, err
		for _, n := range all {
			if n != "" {
				t.byFirst[n[0]] = append(t.byFirst[n[0]], n)
			}
		}
		for first, names := range t.byFirst {
			sort.Slice(names, func(i, j int) bool { return len(names[i]) < len(names[j]) })
			masks := make([]uint64, len(names))
			for i, n := range names {
				masks[i] = letterMask(n)
			}
			t.maskFirst[first] = masks
		}
		t.nameFilter = newNameFilter(all)
	})
	return t.namesErr
}

// aboutAsLong is the range of names (shortest first) whose length is
// within name's nearLimit of name's: the only ones rankNear can keep.
func aboutAsLong(names []string, name string) (lo, hi int) {
	limit := nearLimit(name)
	lo = sort.Search(len(names), func(i int) bool { return len(names[i]) >= len(name)-limit })
	hi = sort.Search(len(names), func(i int) bool { return len(names[i]) > len(name)+limit })
	return lo, hi
}

// namedCandidate is a real name offered in a finding, with its page: the
// shortest address of the pages that document it, as bestURI picks among
// Lookup's. A name already looked up answers from its cache; another is
// read without the joins and platform lists a check needs and a
// suggestion does not.
func (t *IndexTable) namedCandidate(name string) (Candidate, bool, error) {
	cands, cached := t.cache.get(name)
	if !cached {
		briefs, err := t.lookup.Briefs(name)
		if err != nil {
			return Candidate{}, false, err
		}
		for _, p := range briefs {
			if info, keep := symbolInfo(p, name); keep {
				cands = append(cands, info)
			}
		}
	}
	if len(cands) == 0 {
		return Candidate{}, false, nil
	}
	return Candidate{Name: cands[0].Name, URI: bestURI(cands)}, true, nil
}

// casedName recovers a name's spelling from its pages' titles: symbol_names
// keeps it lowercased.
func (t *IndexTable) casedName(low string) string {
	if cased, ok := t.cased.get(low); ok {
		return cased
	}
	briefs, err := t.lookup.Briefs(low)
	if err != nil {
		return low
	}
	cased := low
	for _, p := range briefs {
		if n := titleName(p.Title); strings.EqualFold(n, low) {
			cased = n
			break
		}
	}
	t.cased.put(low, cased)
	return cased
}

// mentionPagesRead is how many pages MentionedIn reads for a page that
// writes a name as written.
const mentionPagesRead = 8

// MentionedIn implements Documented: the first of a few pages the
// full-text search finds that writes name as written (its case, a whole
// word), else the first it finds. The search folds case and stems, so its
// first page for AVAudioFormat is AVAUDIOFORMAT_HAVE_CMFORMATDESCRIPTION's,
// and NSKeyValueObservation's a page on key-value observing.
func (t *IndexTable) MentionedIn(name string) (string, bool, error) {
	if m, ok := t.mentioned.get(name); ok {
		return m.uri, m.found, nil
	}
	m, err := t.mentionOf(name)
	if err != nil {
		return "", false, err
	}
	t.mentioned.put(name, m)
	return m.uri, m.found, nil
}

// UsedInSamples implements sampleEvidence: the sample projects that use a
// name no page documents, and one file of them.
func (t *IndexTable) UsedInSamples(name string) (uri string, projects int, err error) {
	if u, ok := t.sampleUses.get(name); ok {
		return u.URI, u.Projects, nil
	}
	u, err := t.lookup.UsedInSamples(context.Background(), name)
	if err != nil {
		return "", 0, err
	}
	t.sampleUses.put(name, u)
	return u.URI, u.Projects, nil
}

// WrittenAfterDot implements dotEvidence: the sample projects and
// packages that write name after a dot, and one file of them.
func (t *IndexTable) WrittenAfterDot(name string) (uri string, projects []string, err error) {
	if u, ok := t.dotUses.get(name); ok {
		return u.URI, u.Projects, nil
	}
	u, err := t.lookup.WrittenAfterDot(context.Background(), name)
	if err != nil {
		return "", nil, err
	}
	t.dotUses.put(name, u)
	return u.URI, u.Projects, nil
}

// ValuesWrittenAt implements dotEvidence: the leading-dot names the sample
// projects and packages write at the place, each with its projects.
func (t *IndexTable) ValuesWrittenAt(at index.DotContext) (index.DotValues, error) {
	if v, ok := t.dotValues.get(at.String()); ok {
		return v, nil
	}
	v, err := t.lookup.ValuesWrittenAt(context.Background(), at)
	if err != nil {
		return nil, err
	}
	t.dotValues.put(at.String(), v)
	return v, nil
}

// WrittenAt implements dotEvidence: the sample projects and packages that
// write name after a leading dot at the place.
func (t *IndexTable) WrittenAt(at index.DotContext, name string) ([]string, error) {
	return readOnce(&t.placeWriters, at.String()+" ."+name, func(ctx context.Context, _ string) ([]string, error) {
		return t.lookup.WrittenAt(ctx, at, name)
	})
}

// ProjectsUsing implements dotEvidence: the sample projects and packages
// whose code uses the type named root.
func (t *IndexTable) ProjectsUsing(root string) ([]string, error) {
	return readOnce(&t.typeUses, root, t.lookup.ProjectsUsing)
}

// GenericArguments implements genericEvidence: the types the
// documentation writes as the argument of the generic type named name.
func (t *IndexTable) GenericArguments(name string) ([]string, error) {
	return readOnce(&t.genericArgs, name, t.lookup.GenericArguments)
}

// readOnce is read(name), read once per name into cache.
func readOnce(cache *nameCache[[]string], name string, read func(context.Context, string) ([]string, error)) ([]string, error) {
	if u, ok := cache.get(name); ok {
		return u, nil
	}
	u, err := read(context.Background(), name)
	if err != nil {
		return nil, err
	}
	cache.put(name, u)
	return u, nil
}

// mention is what MentionedIn found for a name.
type mention struct {
	uri   string
	found bool
}

func (t *IndexTable) mentionOf(name string) (mention, error) {
	uris, err := t.lookup.MentionedPages(context.Background(), name, mentionPagesRead)
	if err != nil || len(uris) == 0 {
		return mention{}, err
	}
	// A page that writes the name as code comes first, then a session
	// newer than the crawl that names it, then one that writes it as
	// written, then the search's first.
	newer, written, first := "", "", ""
	for _, uri := range uris {
		title, text, ok, err := t.PageText(uri)
		if err != nil {
			return mention{}, err
		}
		if isCapitalized(name) && strings.HasPrefix(uri, document.SourceSwiftEvolution+"://") && !(ok && declaresPublicly(text, name)) {
			// A proposal names other libraries' types (RxCocoa's
			// BehaviorRelay in SE-0258) and examples' (its UserDefault):
			// only one that declares the type public API (SE-0453's
			// `public struct InlineArray`) is evidence of it.
			continue
		}
		if first == "" {
			first = uri
		}
		if ok && writesNameAsCode(title, text, name) {
			return mention{uri, true}, nil
		}
		if ok && (writesName(title, name) || writesName(text, name)) {
			if newer == "" && t.NewerThanCrawl(uri) {
				newer = uri
			}
			if written == "" {
				written = uri
			}
		}
	}
	for _, uri := range []string{newer, written, first} {
		if uri != "" {
			return mention{uri, true}, nil
		}
	}
	return mention{}, nil
}

// declaresPublicly says whether text declares name as public API: `public
// struct InlineArray<…>`, `@frozen public struct RawSpan`, `public final
// class TaskLocal`.
func declaresPublicly(text, name string) bool {
	for _, kind := range []string{"struct ", "class ", "enum ", "protocol ", "actor ", "typealias "} {
		if writesName(text, "public "+kind+name) || writesName(text, "public final "+kind+name) {
			return true
		}
	}
	return false
}

// Slip implements Documented: an Apple name one edit (a letter dropped,
// added, changed, or two swapped) from name, found among every symbol name
// in memory, so that it costs microseconds where Nearest scans the index.
func (t *IndexTable) Slip(name string) (Candidate, bool, error) {
	if cached, ok := t.slips.get(name); ok {
		return cached.slip, cached.found, nil
	}
	if err := t.loadNames(); err != nil {
		return Candidate{}, false, err
	}
	var answer slipAnswer
	var err error
	eachOneEdit(strings.ToLower(name), func(candidate []byte) bool {
		if !t.nameFilter.mayHave(candidate) {
			return false
		}
		near := string(candidate)
		var has bool
		if has, err = t.lookup.HasName(near); err != nil || !has {
			return err != nil
		}
		cand, found, e := t.namedCandidate(t.casedName(near))
		if e != nil {
			err = e
			return true
		}
		if found && cand.Name != name {
			answer = slipAnswer{cand, true}
			return true
		}
		return false
	})
	if err != nil {
		return Candidate{}, false, err
	}
	t.slips.put(name, answer)
	return answer.slip, answer.found, nil
}

// slipAnswer is what Slip found for a name.
type slipAnswer struct {
	slip  Candidate
	found bool
}

// NewerThanCrawl implements sessionDater: a WWDC session of a year after
// the one that introduced the newest iOS the documentation lists presents
// APIs the crawl cannot have, so its prose is evidence of them.
func (t *IndexTable) NewerThanCrawl(uri string) bool {
	t.newestOnce.Do(func() {
		h, err := t.Horizon(context.Background())
		if v, ok := h.Newest["ios"]; err == nil && ok && v[0] > 0 {
			t.newestYear = wwdcYearOfIOS(v[0])
		}
	})
	year, ok := wwdcYear(uri)
	return ok && t.newestYear > 0 && year > t.newestYear
}

// PageText returns a cited page's title and text; ok is false when the
// index lacks it.
func (t *IndexTable) PageText(uri string) (title, text string, ok bool, err error) {
	return t.lookup.PageText(context.Background(), uri)
}
