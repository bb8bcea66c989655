package ranker

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// lookups is stage 1: B-tree lookups, each bounded.
func (s *search) lookups(ctx context.Context) error {
	q := s.q
	text := strings.ToLower(strings.Join(q.Terms, " "))
	if err := s.forcedPages(ctx, text); err != nil {
		return err
	}
	if text != "" {
		if err := s.queryIDs(ctx, viaExactTitle, `SELECT id FROM docs WHERE title_lower = ? LIMIT ?`, text, lookupLimit); err != nil {
			return err
		}
		if err := s.queryIDs(ctx, viaExactSymbol, `SELECT doc_id FROM symbol_names WHERE name_lower = ? LIMIT ?`, text, lookupLimit); err != nil {
			return err
		}
		if s.identifier {
			// Titles that extend the identifier: Text -> TextField, Text.Scale.
			if err := s.queryIDs(ctx, viaTitlePrefix, `SELECT id FROM docs WHERE title_lower > ? AND title_lower < ? LIMIT ?`,
				text, text+"\U0010FFFF", lookupLimit/2); err != nil {
				return err
			}
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
			if err := s.queryIDs(ctx, viaKeywordSymbol, `SELECT doc_id FROM symbol_names WHERE name_lower = ? LIMIT ?`,
				strings.ToLower(k), lookupLimit/4); err != nil {
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
		if err := s.symbolFTS(ctx, viaAttribute, MatchColumns([]string{"attributes"}, Quote(attr)), ""); err != nil {
			return err
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
	var sources []any
	for _, src := range s.scope {
		// A source joining a name lookup it was not asked for has no
		// whole page to offer: "Continuation" is not a package.
		if separateSources[src] && (s.asked(src) || !s.identifier) {
			sources = append(sources, src)
		}
	}
	if len(sources) == 0 || len(s.q.Keywords) == 0 {
		return nil
	}
	query := `SELECT id FROM docs INDEXED BY docs_kind WHERE kind IN ` + wholeKindList + ` AND source IN (?` + strings.Repeat(",?", len(sources)-1) + `)`
	args := sources
	for _, k := range s.q.Keywords {
		query += ` AND title_lower LIKE ? ESCAPE '\'`
		args = append(args, "%"+likeEscape(strings.ToLower(k))+"%")
	}
	return s.queryIDs(ctx, viaWholeTitle, query+` LIMIT ?`, append(args, lookupLimit/4)...)
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

// wholeKindList is wholeKinds for SQL: ('sampleProject', 'session', …).
var wholeKindList = func() string {
	kinds := slices.Sorted(maps.Keys(wholeKinds))
	return "('" + strings.Join(kinds, "', '") + "')"
}()

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
		err := s.e.queryRow(ctx, []any{&h.id, &h.kind}, `SELECT id, kind FROM docs WHERE uri = ?`, uri)
		if err == sql.ErrNoRows {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("ranker lookup: %w", err)
		}
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
		for _, fw := range canonicalFrameworks(s.f.Framework, q.FrameworkHint) {
			if _, err := byURI("apple-docs://"+fw+"/"+text, viaCanonical); err != nil {
				return err
			}
		}
		// Swift names a protocol "…Protocol" when the plain name is taken by
		// an associated type: Iterator -> IteratorProtocol.
		if len(types) == 0 && s.f.Framework == "" {
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
		typePath := "%/" + likeEscape(strings.ToLower(strings.ReplaceAll(q.TypeName, ".", "/"))) + "/%"
		if ids, err = s.e.ids(ctx, `SELECT d.id FROM symbol_names n JOIN docs d ON d.id = n.doc_id
			WHERE n.name_lower = ? AND d.uri LIKE ? ESCAPE '\' ORDER BY d.depth, d.id LIMIT 20`, member, typePath); err != nil {
			return err
		}
	}
	for _, id := range ids {
		s.force(id, viaTypeMember)
	}
	s.memberHits = len(ids)
	if len(ids) > 0 {
		// The type itself follows its members in the list.
		return s.queryIDs(ctx, viaTitlePrefix, `SELECT id FROM docs WHERE title_lower = ? AND kind IN `+typeKindList+` LIMIT 5`,
			strings.ToLower(s.q.TypeName))
	}
	return nil
}

// typeKindList is canonicalTypeKinds as an SQL list.
const typeKindList = `('class', 'struct', 'enum', 'protocol', 'actor', 'typealias')`

// authorityList are the frameworks whose type wins a shared name (View is
// SwiftUI's), as in canonicalFrameworks.
const authorityList = `('swift', 'swiftui', 'foundation')`

// memberIDs returns up to limit pages declaring member (a base name, or a
// prefix of one when no base name equals it) whose parent is a type page
// titled typeName, shallowest first, non-deprecated first.
func (e *Engine) memberIDs(ctx context.Context, typeName, member string, limit int) ([]int64, error) {
	typeLower := strings.ToLower(typeName)
	member = strings.ToLower(baseName(member))
	ids, err := e.ids(ctx, `SELECT c.id FROM symbol_names n JOIN docs c ON c.id = n.doc_id JOIN docs p ON p.uri = c.parent_uri
		WHERE n.name_lower = ? AND p.title_lower = ? AND p.kind IN `+typeKindList+`
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, c.depth, c.id LIMIT ?`, member, typeLower, limit)
	if err != nil || len(ids) > 0 || len(member) < 3 {
		return ids, err
	}
	return e.ids(ctx, `SELECT c.id FROM docs p JOIN docs c ON c.parent_uri = p.uri
		WHERE p.title_lower = ? AND p.kind IN `+typeKindList+` AND c.title_lower > ? AND c.title_lower < ?
		ORDER BY c.deprecated, p.framework NOT IN `+authorityList+`, length(c.title), c.depth, c.id LIMIT ?`, typeLower, member, member+"\U0010FFFF", limit)
}

// ids runs a query returning document ids.
func (e *Engine) ids(ctx context.Context, query string, args ...any) ([]int64, error) {
	return sqlrows.All(ctx, sqlrows.QueryFunc(e.query), "ranker lookup", query, args, scanID)
}

// scanID reads a row of one document id.
func scanID(rows *sql.Rows) (id int64, err error) {
	err = rows.Scan(&id)
	return id, err
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
	if !swiftlex.IsTypeName(typ) || !isMemberName(member) {
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
	return unicode.IsUpper(r) || codeLike(w)
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
func (s *search) symbolFTS(ctx context.Context, via int, expr, where string, args ...any) error {
	query := `SELECT DISTINCT doc_id FROM doc_symbols WHERE id IN
		(SELECT rowid FROM doc_symbols_fts WHERE doc_symbols_fts MATCH ? LIMIT ?) AND origin != 'example'`
	if where != "" {
		query += " AND " + where
	}
	return s.queryIDs(ctx, via, query+" LIMIT ?", append(append([]any{expr, 4 * lookupLimit}, args...), lookupLimit)...)
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
		if err := s.queryIDs(ctx, viaSymbolIntent, `SELECT d.id FROM inheritance_edges e JOIN docs d ON d.uri = e.child_uri
			WHERE e.parent_title = ? COLLATE NOCASE AND e.relation = ? LIMIT ?`, in.Conformance, index.RelationConformsTo, lookupLimit); err != nil {
			return err
		}
		return s.symbolFTS(ctx, viaSymbolIntent, MatchColumns([]string{"conformances"}, Quote(in.Conformance)), "")
	case in.Kind != "":
		return s.symbolFTS(ctx, viaSymbolIntent, signature(in.Kind), "kind = ?", in.Kind)
	case in.GenericConstraint:
		return s.symbolFTS(ctx, viaSymbolIntent, signature("where"), "generic_constraints != ''")
	case in.Async || in.Throws || in.Static || in.Public:
		var words, where []string
		for _, m := range []struct {
			on         bool
			word, cond string
		}{
			{in.Async, "async", "is_async = 1"},
			{in.Throws, "throws", "is_throws = 1"},
			{in.Static, "static", "is_static = 1"},
			{in.Public, "public", ""},
		} {
			if m.on {
				words = append(words, m.word)
				if m.cond != "" {
					where = append(where, m.cond)
				}
			}
		}
		return s.symbolFTS(ctx, viaSymbolIntent, signature(words...), strings.Join(where, " AND "))
	}
	return nil
}
