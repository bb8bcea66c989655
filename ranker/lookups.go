package ranker

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// lookups is stage 1: B-tree lookups, each bounded.
func (s *search) lookups(ctx context.Context) error {
	q := s.q
	text := strings.ToLower(strings.Join(q.Terms, " "))
	if err := s.forcedPages(ctx, text); err != nil {
		return err
	}
	if text != "" {
		if err := s.addIDs(ctx, viaExactTitle)(s.e.store.ExactTitleIDs(ctx, text, lookupLimit)); err != nil {
			return err
		}
		if err := s.addIDs(ctx, viaExactSymbol)(s.e.store.NameIDs(ctx, text, lookupLimit)); err != nil {
			return err
		}
		if s.identifier {
			// Titles that extend the identifier: Text -> TextField, Text.Scale.
			if err := s.addIDs(ctx, viaTitlePrefix)(s.e.store.TitleExtensionIDs(ctx, text, lookupLimit/2)); err != nil {
				return err
			}
		}
		if err := s.addRequirements(ctx, strings.TrimSpace(q.Text)); err != nil {
			return err
		}
	}
	// Multi-word queries: each keyword's exact symbol ("State property
	// wrapper" reaches the State page through "state"). In a request only
	// the words written like names qualify: "save a password in the
	// keychain" must not fetch the two hundred save() methods.
	if len(q.Keywords) > 1 {
		for _, k := range q.Keywords {
			if q.Prose && !isNameLike(k) {
				continue
			}
			if err := s.addIDs(ctx, viaKeywordSymbol)(s.e.store.NameIDs(ctx, strings.ToLower(k), lookupLimit/4)); err != nil {
				return err
			}
			if err := s.addRequirements(ctx, k); err != nil {
				return err
			}
		}
	}
	if err := s.wholePages(ctx); err != nil {
		return err
	}
	if q.Prose {
		if err := s.nounTypes(ctx); err != nil {
			return err
		}
		var err error
		if s.named, err = s.frameworksNamed(ctx); err != nil {
			return err
		}
	}
	for _, attr := range q.Attributes {
		if err := s.symbolFTS(ctx, viaAttribute, MatchColumns([]string{"attributes"}, Quote(attr)), index.SymbolFilter{}); err != nil {
			return err
		}
		// The reading proposes the page of what the attribute is: "@Published
		// not updating the view" asks about Published, which the words leave
		// out and the pages declaring @Published do not explain. Asked alone
		// ("@State"), the attribute's own page is the answer, first, before
		// the pages that declare it.
		ids, err := s.e.store.AttributePageIDs(ctx, strings.ToLower(attr), attributePageLookups)
		if err != nil {
			return fmt.Errorf("ranker lookup: %w", err)
		}
		for _, id := range ids {
			if len(q.Terms) == 0 {
				s.force(id, viaAttributePage)
			} else {
				s.add(id, viaAttributePage)
			}
		}
	}
	return s.symbolIntent(ctx)
}

// wholePages adds the sample projects, packages and WWDC sessions whose
// title holds every keyword. Their pages are long (a README, a whole
// transcript), so bm25's length normalisation ranks them below their own
// files and symbol pages, and the full-text stage's cap can leave them out;
// there are under two thousand of them, found through docs_kind.
func (s *search) wholePages(ctx context.Context) error {
	var sources []string
	for _, src := range s.filter.scope {
		// A source joining a name lookup it was not asked for has no
		// whole page to offer: "Continuation" is not a package.
		if separateSources[src] && (s.asked(src) || !s.identifier) {
			sources = append(sources, src)
		}
	}
	if len(sources) == 0 || len(s.q.Keywords) == 0 {
		return nil
	}
	words := make([]string, len(s.q.Keywords))
	for i, k := range s.q.Keywords {
		words[i] = strings.ToLower(k)
	}
	return s.addIDs(ctx, viaWholeTitle)(s.e.wholePagesTitled(ctx, sources, words, lookupLimit/4))
}

// wholePageList holds the index's whole pages, read once: asking SQLite for
// them on every search cost 0.4 ms, a twentieth of a sentence's search. A
// read that fails (a search cancelled first) is tried again by the next.
type wholePageList struct {
	mu     sync.Mutex
	loaded bool
	pages  []index.WholePage
}

// list returns the whole pages, reading them on first use.
func (l *wholePageList) list(ctx context.Context, store *index.Store) ([]index.WholePage, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.loaded {
		pages, err := store.WholePages(ctx, wholeKindNames)
		if err != nil {
			return nil, err
		}
		l.pages, l.loaded = pages, true
	}
	return l.pages, nil
}

// wholePagesTitled returns up to limit whole pages of sources whose
// lower-cased title holds every one of words, in docs_kind's order.
func (e *Engine) wholePagesTitled(ctx context.Context, sources, words []string, limit int) ([]int64, error) {
	pages, err := e.whole.list(ctx, e.store)
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, p := range pages {
		if len(ids) == limit {
			break
		}
		if slices.Contains(sources, p.Source) && containsAll(p.TitleLower, words) {
			ids = append(ids, p.ID)
		}
	}
	return ids, nil
}

// separateSources index whole projects, packages or sessions beside their
// parts (source.Source.Separate).
var separateSources = func() map[string]bool {
	m := map[string]bool{}
	for _, id := range source.With(func(s source.Source) bool { return s.Separate }) {
		m[id] = true
	}
	return m
}()

// wholeKindNames are wholeKinds' names, sorted: ('sampleProject', 'session', …).
var wholeKindNames = slices.Sorted(maps.Keys(wholeKinds))

// forcedPages adds the pages that outrank everything when present, in this
// order: the canonical Swift/SwiftUI/Foundation type page of a bare
// identifier, the framework root the query names (after the type page, so
// NotificationCenter the class beats the NotificationCenter framework), other
// canonical pages, the proposals a query names (SE-0306) and the member pages
// of "Type member".
func (s *search) forcedPages(ctx context.Context, text string) error {
	q := s.q
	type hit struct {
		id   int64
		kind string
		via  int
	}
	var types, roots, others []hit
	byURI := func(uri string, via int) (bool, error) {
		var h hit
		id, kind, found, err := s.e.store.PageIDKind(ctx, uri)
		if err != nil || !found {
			return false, err
		}
		h.id, h.kind = id, kind
		h.via = via
		switch {
		case via == viaRoot || via == viaSynonymRoot:
			roots = append(roots, h)
		case via == viaCanonical && canonicalTypeKinds[h.kind]:
			types = append(types, h)
		default:
			others = append(others, h)
		}
		return true, nil
	}
	if s.inScope(document.SourceAppleDocs) && len(q.Terms) == 1 && q.TypeName == "" && swiftlex.IdentifierPrefix(q.Terms[0]) == q.Terms[0] {
		for _, fw := range canonicalFrameworks(s.filter.f.Framework, q.FrameworkHint) {
			if _, err := byURI("apple-docs://"+fw+"/"+text, viaCanonical); err != nil {
				return err
			}
		}
		// Swift names a protocol "…Protocol" when the plain name is taken by
		// an associated type: Iterator -> IteratorProtocol.
		if len(types) == 0 && s.filter.f.Framework == "" {
			if _, err := byURI("apple-docs://swift/"+text+"protocol", viaCanonical); err != nil {
				return err
			}
		}
	}
	if s.inScope(document.SourceAppleDocs) && text != "" {
		if id, ok := s.e.fw.Lookup(text); ok {
			if _, err := byURI("apple-docs://"+id, viaRoot); err != nil {
				return err
			}
		} else if len(q.Terms) == 1 && isTopicWord(q.Terms[0]) {
			for _, id := range s.e.fw.Synonym(text) {
				if _, err := byURI("apple-docs://"+id, viaSynonymRoot); err != nil {
					return err
				}
			}
		}
	}
	if s.inScope(document.SourceSwiftEvolution) {
		for _, t := range q.Terms {
			if m := proposalID.FindStringSubmatch(t); m != nil {
				n, _ := strconv.Atoi(m[1])
				if _, err := byURI(fmt.Sprintf("swift-evolution://SE-%04d", n), viaCanonical); err != nil {
					return err
				}
			}
		}
	}
	// A capitalised name means the type; a lower-case word ("scene") is a
	// topic, and the framework it names comes first.
	order := slices.Concat(types, roots, others)
	if len(q.Terms) == 1 && isTopicWord(q.Terms[0]) {
		order = slices.Concat(roots, types, others)
	}
	for _, h := range order {
		s.force(h.id, h.via)
	}
	if q.TypeName != "" && s.inScope(document.SourceAppleDocs) {
		return s.typeMembers(ctx)
	}
	return nil
}

// proposalID matches a Swift Evolution proposal number as people type it.
var proposalID = regexp.MustCompile(`(?i)^SE-?(\d{1,4})$`)

// typeMembers forces the pages of Member under TypeName ("URLSession
// dataTask": the dataTask pages below .../urlsession/), shallowest first.
// The member's base name is matched exactly, else as a prefix ("UITableView
// dequeue" -> dequeueReusableCell(withIdentifier:)); the children of the
// type pages are found through parent_uri, with a URI-path match as the
// fallback for members filed elsewhere.
func (s *search) typeMembers(ctx context.Context) error {
	defer s.trace(ctx, "members", time.Now())
	ids, err := s.e.memberIDs(ctx, s.q.TypeName, s.q.Member, 20)
	if err != nil {
		return err
	}
	if len(ids) == 0 {
		q := s.q
		member := strings.ToLower(baseName(q.Member))
		typePath := strings.ToLower(strings.ReplaceAll(q.TypeName, ".", "/"))
		if ids, err = s.e.store.MemberIDsUnderPath(ctx, member, typePath, 20); err != nil {
			return err
		}
	}
	for _, id := range ids {
		s.force(id, viaTypeMember)
	}
	s.memberHits = len(ids)
	if len(ids) > 0 {
		// The type itself follows its members in the list.
		return s.addIDs(ctx, viaTitlePrefix)(s.e.store.TypeIDs(ctx, strings.ToLower(s.q.TypeName), 5))
	}
	return nil
}

// memberIDs returns up to limit pages declaring member (a base name, or a
// prefix of one when no base name equals it) whose parent is a type page
// titled typeName, shallowest first, non-deprecated first.
func (e *Engine) memberIDs(ctx context.Context, typeName, member string, limit int) ([]int64, error) {
	typeLower := strings.ToLower(typeName)
	member = strings.ToLower(baseName(member))
	ids, err := e.store.TypeMemberIDs(ctx, typeLower, member, limit)
	if err != nil || len(ids) > 0 || len(member) < 3 {
		return ids, err
	}
	return e.store.TypeMemberPrefixIDs(ctx, typeLower, member, limit)
}

// resolveTypeMember reads "Task sleep", "View frame" as a type and a member
// when the index has such a member: two plain words are too often prose
// ("Dark mode", "App icon") for Parse to decide on their shape alone, which
// it does only for code-like words (URLSession dataTask).
func (e *Engine) resolveTypeMember(ctx context.Context, q *Query) error {
	if q.TypeName != "" || len(q.Terms) != 2 || len(q.Attributes) > 0 || !q.Symbol.IsZero() || q.FrameworkHint != "" {
		return nil
	}
	typ, member := q.Terms[0], q.Terms[1]
	if !swiftlex.IsTypeName(typ) || !reading.IsMemberName(member) {
		return nil
	}
	ids, err := e.memberIDs(ctx, typ, member, 1)
	if err != nil || len(ids) == 0 {
		return err
	}
	q.TypeName, q.Member, q.Prose = typ, member, false
	return nil
}

// canonicalFrameworks are the frameworks probed for a bare identifier's
// type page, in authority order; a framework filter or hint narrows them.
func canonicalFrameworks(filter, hint string) []string {
	switch {
	case filter != "":
		return []string{filter}
	case hint != "":
		return []string{hint}
	}
	return []string{"swift", "swiftui", "foundation"}
}

// isNameLike: a word written like a Swift name, capitalised or code-like
// (Sendable, NavigationStack, dataTask).
func isNameLike(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r) || reading.CodeLike(w)
}

// isTopicWord: a lower-case word or an all-caps acronym names a topic ("wifi",
// "NFC"); a capitalised word names a type ("Image", "Scene").
func isTopicWord(w string) bool {
	return w == strings.ToLower(w) || (w == strings.ToUpper(w) && len(w) <= 5)
}

// symbolFTS adds the documents of the first declared symbols matching a
// doc_symbols_fts expression and, when given, an extra condition on
// doc_symbols. First matches in rowid order, not the best: the point is a
// bounded set of pages that certainly qualify, found in well under a
// millisecond, where a scan of doc_symbols or docs.kind costs 100 ms.
func (s *search) symbolFTS(ctx context.Context, via int, expr string, f index.SymbolFilter) error {
	return s.addIDs(ctx, via)(s.e.store.SymbolIDs(ctx, expr, f, 4*lookupLimit, lookupLimit))
}

// symbolIntent adds pages declaring what a symbol-intent query asks for.
// Declarations start with their keyword, so the signature column finds a
// kind ("actor MainActor"), and modifiers are words of it too.
func (s *search) symbolIntent(ctx context.Context) error {
	in := s.q.Symbol
	signature := func(words ...string) string {
		parts := make([]string, len(words))
		for i, w := range words {
			parts[i] = MatchColumns([]string{"signature"}, Quote(w))
		}
		return strings.Join(parts, " AND ")
	}
	switch {
	case in.Conformance != "":
		// Apple declarations rarely spell out conformances ("struct Text"); the
		// relationships sections do, and inheritance_edges indexes them.
		if err := s.addIDs(ctx, viaSymbolIntent)(s.e.store.ConformingIDs(ctx, in.Conformance, lookupLimit)); err != nil {
			return err
		}
		return s.symbolFTS(ctx, viaSymbolIntent, MatchColumns([]string{"conformances"}, Quote(in.Conformance)), index.SymbolFilter{})
	case in.Kind != "":
		return s.symbolFTS(ctx, viaSymbolIntent, signature(in.Kind), index.SymbolFilter{Kind: in.Kind})
	case in.GenericConstraint:
		return s.symbolFTS(ctx, viaSymbolIntent, signature("where"), index.SymbolFilter{GenericConstraint: true})
	case in.Async || in.Throws || in.Static || in.Public:
		var words []string
		for _, m := range []struct {
			on   bool
			word string
		}{
			{in.Async, "async"},
			{in.Throws, "throws"},
			{in.Static, "static"},
			{in.Public, "public"},
		} {
			if m.on {
				words = append(words, m.word)
			}
		}
		return s.symbolFTS(ctx, viaSymbolIntent, signature(words...), index.SymbolFilter{Async: in.Async, Throws: in.Throws, Static: in.Static})
	}
	return nil
}

// memberNameRE is a member's name as a query: lower-case first, with its
// labels ("hash(into:)", "makeIterator()") or in lowerCamelCase
// ("hashValue"). A plain word ("open", "lazy") is a word before it is a
// name: a keyword question asks about the language, not a requirement.
var memberNameRE = regexp.MustCompile(`^[a-z][A-Za-z0-9_]*(?:\((?:[A-Za-z_][A-Za-z0-9_]*:)*\)|[A-Z][A-Za-z0-9_]*)$`)

// addRequirements adds the protocol requirements titled like a member
// name ("hash(into:)": Hashable's), which the hundreds of pages of the
// types implementing it leave out of the exact titles' lookup: the
// requirement defines what they implement (weightProtocolRequirement).
func (s *search) addRequirements(ctx context.Context, text string) error {
	if !memberNameRE.MatchString(text) {
		return nil
	}
	ids, err := s.e.store.RequirementIDs(ctx, strings.ToLower(text), requirementLookups)
	if err != nil {
		return fmt.Errorf("ranker lookup: %w", err)
	}
	for _, id := range ids {
		if s.requirements == nil {
			s.requirements = map[int64]bool{}
		}
		s.requirements[id] = true
		s.add(id, viaExactTitle)
	}
	return nil
}

// proposalMention finds the proposals a sentence names ("… in SE-0390").
var proposalMention = regexp.MustCompile(`(?i)\bSE-?(\d{4})\b`)

// namedProposalsFirst puts the proposals that text names by number at the
// head of a read query's results, as a words query's lookup does
// (forcedPages): a message or code reading searches what it reads, not the
// number, yet "non-escaping closure in SE-0390" asks about that proposal.
// Each is searched alone, so the request's filters still decide.
func (e *Engine) namedProposalsFirst(ctx context.Context, text string, filters Filters, out []Result) ([]Result, error) {
	var named []Result
	for _, m := range proposalMention.FindAllStringSubmatch(text, maxNamedProposals) {
		uri := "swift-evolution://SE-" + m[1]
		results, err := e.searchText(ctx, "SE-"+m[1], filters, nil)
		if err != nil && !errors.Is(err, ErrEmptyQuery) {
			return nil, err
		}
		if len(results) > 0 && results[0].URI == uri {
			named = append(named, results[0])
		}
	}
	if len(named) == 0 {
		return out, nil
	}
	rest := slices.DeleteFunc(slices.Clone(out), func(r Result) bool {
		return slices.ContainsFunc(named, func(n Result) bool { return n.URI == r.URI })
	})
	return slices.Concat(named, rest)[:min(len(named)+len(rest), ClampLimit(filters.Limit))], nil
}
