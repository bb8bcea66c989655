package ranker

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
)

// Response is a search's results and how its query was read.
type Response struct {
	Results []Result `json:"results"`
	Reading Reading  `json:"reading"`
}

// maxReadSearches bounds the searches one reading runs: a long message
// quoting many names still costs a few searches, not dozens.
const maxReadSearches = 5

// The fusion weight of a reading's first search; the others have 1. The
// first is what the code calls, which outranks the types it mentions, or
// the name the message quotes, which its concepts explain.
const (
	syntaxLeadWeight  = 3
	messageLeadWeight = 1.5
)

// messageRRFK is the fusion constant of a message's searches. Each search
// returns at most a page of results, so at the usual k of 60 all ten of the
// lead's outranked the first result of the second search (1.5/70 > 1/61)
// and the chapter that explains the rule never showed. At 1 the lists
// interleave, the lead first: dev error MRR 0.78 -> 0.88 and error-v2 0.88
// -> 0.96, the same pages found (docs/benchmarks.md). Code keeps 60: what
// it calls should fill the page, and at 2 its MRR fell.
const messageRRFK = 1

// SearchQuery reads a query (Reading) and searches it: words as typed, with
// misspelt names corrected when they name nothing; code and messages as
// the searches their reading lists, fused.
func (e *Engine) SearchQuery(ctx context.Context, raw string, filters Filters) (Response, error) {
	r := readQuery(raw)
	if r.Class == ClassWords || len(r.Searches) == 0 {
		results, err := e.searchText(ctx, raw, filters, nil)
		if err != nil {
			return Response{}, err
		}
		// Names are one to three words; a longer request with a misspelt
		// word is relaxed by the full-text stage instead, unless it found
		// nothing at all.
		var corrected string
		if len(strings.Fields(raw)) <= 3 || len(results) == 0 {
			if corrected, err = e.correct(ctx, raw); err != nil {
				return Response{}, err
			}
		}
		if corrected != "" {
			alt, err := e.searchText(ctx, corrected, filters, nil)
			if err == nil && len(alt) > 0 {
				r.Corrected, results = corrected, alt
			}
		}
		r.Ideas = e.lexiconIdeas(cmp.Or(r.Corrected, raw))
		return Response{Results: results, Reading: r}, nil
	}
	if r.Class == ClassSyntax {
		known, err := e.knownSearches(ctx, raw, r.Searches)
		if err != nil {
			return Response{}, err
		}
		r.Searches = known
		if err := e.promoteTypedCalls(ctx, &r); err != nil {
			return Response{}, err
		}
	}
	var lists []RankedList
	weights := map[string]float64{}
	byURI := map[string]Result{}
	for i, q := range r.Searches {
		if i == maxReadSearches {
			break
		}
		var call *Call
		for j := range r.Calls {
			if callQuery(r.Calls[j]) == q {
				call = &r.Calls[j]
			}
		}
		results, err := e.searchText(ctx, q, filters, call)
		if errors.Is(err, ErrEmptyQuery) {
			continue
		}
		if err != nil {
			return Response{}, err
		}
		name := fmt.Sprintf("%d", i)
		list := RankedList{Source: name}
		for _, res := range results {
			list.URIs = append(list.URIs, res.URI)
			if _, seen := byURI[res.URI]; !seen {
				byURI[res.URI] = res
			}
		}
		lists = append(lists, list)
		weights[name] = 1
		if i == 0 {
			weights[name] = messageLeadWeight
			if r.Class == ClassSyntax {
				weights[name] = syntaxLeadWeight
			}
		}
	}
	if !slices.ContainsFunc(lists, func(l RankedList) bool { return len(l.URIs) > 0 }) {
		// Nothing the reading named exists (the caller's own types): the
		// words of the code or message are all there is.
		q := raw
		if r.Class == ClassMessage {
			q = messageKeywords(raw)
		}
		results, err := e.searchText(ctx, q, filters, nil)
		if errors.Is(err, ErrEmptyQuery) {
			err = nil
		}
		return Response{Results: results, Reading: r}, err
	}
	limit := ClampLimit(filters.Limit)
	var out []Result
	k := float64(RRFK)
	if r.Class == ClassMessage {
		k = messageRRFK
	}
	for _, fu := range Fuse(lists, weights, k) {
		res := byURI[fu.URI]
		res.Score = fu.Score
		out = append(out, res)
		if len(out) == limit {
			break
		}
	}
	return Response{Results: out, Reading: r}, nil
}

// maxReadTitles is how many pages may bear a property's name for a read of
// it on a value of unguessed type to be searched by that name.
const maxReadTitles = 3

// promoteTypedCalls reorders a reading's call searches once the index
// has been asked about the caller's own calls. A call on a value the code
// does not type is searched after the others (viewModel.load() is the
// caller's API); one whose value's name gives a type that has the member
// (invoice.dueDate.formatted: Date's, tableView.reloadData: UITableView's)
// is Apple's after all and takes its place as written. Not so a property
// the code sets, whose value tells more, nor a call inside a closure,
// a detail of what the closure is handed to.
func (e *Engine) promoteTypedCalls(ctx context.Context, r *Reading) error {
	promoted := false
	var unconfirmed []string
	for i, c := range r.Calls {
		if c.order == nil || c.Type != "" {
			continue
		}
		guessable := c.order.own == 1 && c.Receiver != "" && !c.order.inClosure && !c.order.assigned
		if !guessable && !c.order.read {
			continue
		}
		pages, err := e.typeMemberPages(ctx, append(receiverTypes(c.Via), receiverTypes(c.Receiver)...), strings.ToLower(c.Member))
		if err != nil {
			return err
		}
		switch {
		case len(pages) > 0 && guessable:
			o := *c.order
			o.own = 0
			r.Calls[i].order, promoted = &o, true
		case len(pages) == 0 && c.order.read:
			// A property no guessed type has is searched by its name
			// only when few pages bear it (isPlaybackLikelyToKeepUp),
			// not a name every other type has (name, height).
			n, err := e.store.TitleCount(ctx, c.Member)
			if err != nil {
				return err
			}
			if n == 0 || n > maxReadTitles {
				unconfirmed = append(unconfirmed, callQuery(c))
			}
		}
	}
	r.Searches = slices.DeleteFunc(r.Searches, func(q string) bool {
		return slices.Contains(unconfirmed, q) && !slices.ContainsFunc(r.Calls, func(c Call) bool {
			return callQuery(c) == q && (c.order == nil || !c.order.read)
		})
	})
	if !promoted {
		return nil
	}
	// The searches of the calls written keep their slots among the
	// others; only their order within those slots changes.
	var written []Call
	for _, c := range r.Calls {
		if c.order != nil {
			written = append(written, c)
		}
	}
	slices.SortStableFunc(written, func(a, b Call) int { return a.order.compare(b.order) })
	var order []string
	for _, c := range written {
		order = appendUnique(order, callQuery(c))
	}
	next := 0
	for i, q := range r.Searches {
		if slices.Contains(order, q) {
			r.Searches[i] = order[next]
			next++
		}
	}
	return nil
}

// forceTypePage forces the page of the type named typ.
func (s *search) forceTypePage(ctx context.Context, typ string) error {
	found, err := s.e.callPages(ctx, `SELECT id, uri, title, depth FROM docs
		WHERE title_lower = ? AND kind IN `+typeKindList+` AND source = 'apple-docs' ORDER BY depth, id LIMIT 1`,
		strings.ToLower(typ))
	if err != nil {
		return err
	}
	for _, p := range found {
		s.force(p.id, viaTypeMember)
		s.memberHits++
	}
	return nil
}

// callQuery is the search a call becomes: Type.member, or the member.
func callQuery(c Call) string {
	if c.Type != "" {
		return c.Type + "." + c.Member
	}
	return c.Member
}

// knownSearches drops the searches of types no page names: the code's own
// views and models (TripFilterSheet(filters:), OrderRow), whose words would
// only find unrelated pages. Only a bare name or an initializer is judged;
// a member call (NSApp.activate) finds its pages by the member. A name
// written as an attribute or a macro (@Model, #Preview) is kept: its page
// may be a macro's.
func (e *Engine) knownSearches(ctx context.Context, code string, searches []string) ([]string, error) {
	var out []string
	for _, q := range searches {
		typ, member, dotted := strings.Cut(q, ".")
		if (dotted && member != "init") || !isTypeName(typ) || strings.Contains(code, "@"+typ) || strings.Contains(code, "#"+typ) {
			out = append(out, q)
			continue
		}
		known, err := e.store.NameExists(ctx, typ)
		if err != nil {
			return nil, err
		}
		if known {
			out = append(out, q)
		}
	}
	return out, nil
}

// callPages forces the pages of a call's member: titles starting with its
// selector as written (upload(for:from:…), else the member's name followed
// by a parenthesis or alone, those under the receiver's type first.
func (s *search) callPages(ctx context.Context) error {
	c := s.call
	if c == nil || !s.inScope("apple-docs") {
		return nil
	}
	var pages []callPage
	typePath := "/" + strings.ToLower(c.Type) + "/"
	underType := func() bool {
		return slices.ContainsFunc(pages, func(p callPage) bool { return strings.Contains(strings.ToLower(p.uri), typePath) })
	}
	// A property (\.dismiss, .shared) is titled by its name alone; a
	// method by its selector, as precisely as the code wrote it.
	prefixes := []string{c.Member, c.Member + "("}
	if len(c.Labels) > 0 {
		prefixes = []string{c.Member + "(", c.Member}
	}
	types := []string{c.Type}
	if c.Type != "" && c.Via != "" {
		types = append(types, viaTypes(c.Type, c.Via)...)
	}
	if c.Type == "" {
		// A property reached from a value is named after its type too:
		// invoice.dueDate is a Date before invoice is an Invoice.
		types = append(receiverTypes(c.Via), receiverTypes(c.Receiver)...)
		if c.Receiver != "" {
			// A value the code does not type (people., rawValues.) is
			// most often a collection: the standard protocols' member,
			// before a type-erased wrapper's copy of it.
			types = append(types, "Sequence", "Collection")
		}
	}
	member := strings.ToLower(c.Member)
	// The type's own members first, through the type page's children
	// ("init(" alone names thousands of pages): those of the first of the
	// candidate types that has the member, in one statement.
	found, err := s.e.typeMemberPages(ctx, types, member)
	if err != nil {
		return err
	}
	// A guessed type's copy of the member that takes other labels
	// (Collection's firstIndex(of:) for firstIndex(where:)) does not end
	// the search: the titles with the labels written are read too.
	labelled := len(c.Labels) == 0 || slices.ContainsFunc(found, func(p callPage) bool {
		return isSubsequence(c.Labels, selectorLabels(p.title))
	})
	if pages = found; len(pages) > 0 && labelled {
		prefixes = nil
	}
	if c.Type != "" && member == "init" && len(pages) == 0 {
		// Some initializers are documented under their Objective-C
		// selector only (NSSortDescriptor's initWithKey:ascending:, which
		// Swift calls init(key:ascending:)); one the crawl lacks entirely
		// is not every type's init: the type page, searched by name,
		// answers instead.
		prefixes = nil
		if len(c.Labels) > 0 && c.Labels[0] != "_" {
			objc := "initwith" + strings.ToLower(c.Labels[0]) + ":"
			found, err := s.e.callPages(ctx, `SELECT c.id, c.uri, c.title, c.depth FROM docs p JOIN docs c ON c.parent_uri = p.uri
				WHERE p.title_lower = ? AND p.kind IN `+typeKindList+` AND c.source = 'apple-docs'
				AND c.title_lower >= ? AND c.title_lower < ? ORDER BY c.depth, c.id LIMIT ?`,
				strings.ToLower(c.Type), objc, objc+"\U0010FFFF", lookupLimit)
			if err != nil {
				return err
			}
			pages = found
		}
	}
	if c.Declared && c.Type != "" && len(pages) == 0 {
		// A requirement of the protocol the code conforms to that the
		// crawl has no page for: the protocol's own page answers, not
		// other protocols' members of that name.
		return s.forceTypePage(ctx, c.Type)
	}
	requirement := map[int64]bool{}
	if c.Declared && len(prefixes) > 0 {
		// A declared member implements a requirement: the protocol's page
		// (Hashable's hash(into:)) before the hundreds of types' copies.
		lower := strings.ToLower(c.Member + "(")
		found, err := s.e.callPages(ctx, `SELECT c.id, c.uri, c.title, c.depth FROM docs c JOIN docs p ON p.uri = c.parent_uri
			WHERE c.title_lower >= ? AND c.title_lower < ? AND c.source = 'apple-docs' AND p.kind = 'protocol' LIMIT ?`,
			lower, lower+"\U0010FFFF", lookupLimit)
		if err != nil {
			return err
		}
		for _, p := range found {
			requirement[p.id] = true
		}
		pages = append(pages, found...)
	}
	for _, prefix := range prefixes {
		lower := strings.ToLower(prefix)
		// The frameworks code calls most are read first: a common member
		// (hash(, init() has more pages than the lookup's limit, in no
		// useful order.
		queries := []string{
			`SELECT id, uri, title, depth FROM docs WHERE title_lower >= ? AND title_lower < ? AND source = 'apple-docs' AND framework IN ` + callFrameworkList + ` LIMIT ?`,
			`SELECT id, uri, title, depth FROM docs WHERE title_lower >= ? AND title_lower < ? AND source = 'apple-docs' LIMIT ?`,
		}
		args := []any{lower, lower + "\U0010FFFF", lookupLimit}
		if prefix == c.Member {
			// A member's name as written: the type ContextMenu is not the
			// member .contextMenu.
			queries = []string{`SELECT id, uri, title, depth FROM docs WHERE title_lower = ? AND title = ? AND source = 'apple-docs' LIMIT ?`}
			args = []any{lower, c.Member, lookupLimit}
		}
		for _, query := range queries {
			found, err := s.e.callPages(ctx, query, args...)
			if err != nil {
				return err
			}
			for _, p := range found {
				if !slices.ContainsFunc(pages, func(q callPage) bool { return q.id == p.id }) {
					pages = append(pages, p)
				}
			}
		}
		if len(pages) > 0 && (c.Type == "" || underType()) {
			break
		}
	}
	if c.Type != "" && len(pages) == 0 {
		// A member of a named type that the crawl lacks on every type
		// (UIApplication's isIdleTimerDisabled): the type's page answers.
		return s.forceTypePage(ctx, c.Type)
	}
	// A member written without a typed receiver (.debounce(…), feed.sink)
	// is the protocol's, before the concrete types' copies of it
	// (Optional.Publisher's debounce).
	onProtocol := map[int64]bool{}
	if c.Type == "" && len(pages) > 0 {
		var err error
		if onProtocol, err = s.e.protocolMembers(ctx, pages); err != nil {
			return err
		}
	}
	rank := func(p callPage) int {
		n := 0
		if c.Type != "" && strings.Contains(strings.ToLower(p.uri), typePath) {
			n -= 100
		}
		// Code omits defaulted arguments: .frame(maxWidth:alignment:) is
		// frame(minWidth:…maxWidth:…alignment:).
		if labels := selectorLabels(p.title); len(c.Labels) > 0 && isSubsequence(c.Labels, labels) {
			n -= 50
			if len(labels) == len(c.Labels) {
				n -= 20
			}
			// An unlabelled first parameter the code does not pass is
			// rarely defaulted: PhotosPicker(selection:…) is not
			// init(_:selection:…).
			if labels[0] == "_" && c.Labels[0] != "_" {
				n += 15
			}
		}
		if requirement[p.id] {
			n -= 30
		}
		if onProtocol[p.id] {
			n -= 15
		}
		if fw := docuri.Framework(p.uri); callFrameworks[fw] > 0 {
			n -= callFrameworks[fw]
		}
		// A modifier called on nothing written (.contextMenu { … }) is
		// SwiftUI's View's, before the same name on TableRowContent or Scene.
		if c.Type == "" && c.Receiver == "" && strings.Contains(p.uri, "/swiftui/view/") {
			n -= 10
		}
		// A value the code does not type is most often an array: its
		// copy of a collection member before a type-erased wrapper's.
		if c.Type == "" && c.Receiver != "" && strings.Contains(p.uri, "/swift/array/") {
			n -= 10
		}
		return n + p.depth
	}
	slices.SortStableFunc(pages, func(a, b callPage) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		return len(a.title) - len(b.title)
	})
	for i, p := range pages {
		if i == 5 {
			break
		}
		s.force(p.id, viaTypeMember)
		s.memberHits++
	}
	return nil
}

// selectorLabels are the argument labels of a selector title:
// frame(minWidth:maxWidth:) -> minWidth, maxWidth; "_" for unlabelled.
func selectorLabels(title string) []string {
	if rest, ok := strings.CutPrefix(title, "initWith"); ok && len(rest) > 1 && strings.HasSuffix(rest, ":") && rest[0] != ':' {
		// An Objective-C initializer: initWithKey:ascending: is Swift's
		// init(key:ascending:).
		parts := strings.Split(strings.TrimSuffix(rest, ":"), ":")
		parts[0] = strings.ToLower(parts[0][:1]) + parts[0][1:]
		return parts
	}
	open := strings.IndexByte(title, '(')
	if open < 0 || !strings.HasSuffix(title, ")") {
		return nil
	}
	var out []string
	for _, l := range strings.Split(title[open+1:len(title)-1], ":") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// isSubsequence reports whether want appears in have in order.
func isSubsequence(want, have []string) bool {
	i := 0
	for _, h := range have {
		if i < len(want) && strings.EqualFold(want[i], h) {
			i++
		}
	}
	return i == len(want)
}

// callPage is a member page a call may mean.
type callPage struct {
	id         int64
	uri, title string
	depth      int
}

// callPages runs a query of (id, uri, title, depth) rows.
func (e *Engine) callPages(ctx context.Context, query string, args ...any) ([]callPage, error) {
	return sqlrows.All(ctx, sqlrows.QueryFunc(e.query), "ranker call pages", query, args, func(rows *sql.Rows) (callPage, error) {
		var p callPage
		err := rows.Scan(&p.id, &p.uri, &p.title, &p.depth)
		return p, err
	})
}

// typeMemberPages returns the pages of member (its name alone, or followed
// by its selector, or qualified by the type as an enumeration case is:
// DecodingError.typeMismatch(_:_:)) that are children of a type titled like
// one of types, those of the first such type in the list only.
func (e *Engine) typeMemberPages(ctx context.Context, types []string, member string) ([]callPage, error) {
	var names []string
	for _, t := range types {
		if t = strings.ToLower(t); t != "" && !slices.Contains(names, t) {
			names = append(names, t)
		}
	}
	if len(names) == 0 {
		return nil, nil
	}
	list := "?" + strings.Repeat(",?", len(names)-1)
	args := make([]any, 0, 2*len(names)+4)
	for _, n := range names {
		args = append(args, n)
	}
	args = append(args, member, member+"(", member+"(\U0010FFFF", "."+member, "."+member+"(", "."+member+"(\U0010FFFF")
	order := "CASE p.title_lower"
	for i, n := range names {
		order += fmt.Sprintf(" WHEN ? THEN %d", i)
		args = append(args, n)
	}
	args = append(args, lookupLimit)
	type ownedPage struct {
		callPage
		owner string
	}
	found, err := sqlrows.All(ctx, sqlrows.QueryFunc(e.query), "ranker type member pages",
		`SELECT c.id, c.uri, c.title, c.depth, p.title_lower FROM docs p JOIN docs c ON c.parent_uri = p.uri
		WHERE p.title_lower IN (`+list+`) AND p.kind IN `+typeKindList+` AND c.source = 'apple-docs'
		AND (c.title_lower = ? OR (c.title_lower > ? AND c.title_lower < ?)
			OR c.title_lower = p.title_lower || ? OR (c.title_lower > p.title_lower || ? AND c.title_lower < p.title_lower || ?))
		ORDER BY `+order+` END, p.framework NOT IN `+authorityList+`, c.deprecated, c.depth, c.id LIMIT ?`,
		args, func(rows *sql.Rows) (p ownedPage, err error) {
			err = rows.Scan(&p.id, &p.uri, &p.title, &p.depth, &p.owner)
			return p, err
		})
	if err != nil || len(found) == 0 {
		return nil, err
	}
	var pages []callPage
	for _, p := range found {
		if p.owner == found[0].owner {
			pages = append(pages, p.callPage)
		}
	}
	return pages, nil
}

// protocolMembers reports which of the pages are members of a protocol.
func (e *Engine) protocolMembers(ctx context.Context, pages []callPage) (map[int64]bool, error) {
	args := make([]any, len(pages))
	for i, p := range pages {
		args[i] = p.id
	}
	ids, err := sqlrows.All(ctx, sqlrows.QueryFunc(e.query), "ranker protocol members",
		`SELECT c.id FROM docs c JOIN docs p ON p.uri = c.parent_uri WHERE p.kind = 'protocol' AND c.id IN (?`+
			strings.Repeat(",?", len(pages)-1)+`)`, args, func(rows *sql.Rows) (id int64, err error) {
			err = rows.Scan(&id)
			return id, err
		})
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, err
}

// callFrameworks rank the frameworks whose members code most often calls,
// for a member written without its type (".padding(" is SwiftUI's).
var callFrameworks = map[string]int{"swiftui": 12, "swift": 11, "foundation": 10, "uikit": 9, "observation": 8,
	"combine": 7, "swiftdata": 7, "appkit": 6}

// callFrameworkList is callFrameworks' keys as an SQL list.
const callFrameworkList = `('swiftui', 'swift', 'foundation', 'uikit', 'observation', 'combine', 'swiftdata', 'appkit')`

// searchText is one search of a query as typed, with the call its reading
// found in code, if any.
func (e *Engine) searchText(ctx context.Context, raw string, filters Filters, call *Call) ([]Result, error) {
	f, err := filters.Normalize(e.fw)
	if err != nil {
		return nil, err
	}
	q, err := Parse(raw, e.fw)
	if err != nil {
		return nil, err
	}
	if err := e.resolveTypeMember(ctx, &q); err != nil {
		return nil, err
	}
	return e.run(ctx, &q, f, call)
}

// correct returns the query with each name that names nothing in the index
// replaced by the nearest title (typos.go), or "" when nothing changed.
func (e *Engine) correct(ctx context.Context, raw string) (string, error) {
	fields := strings.Fields(raw)
	if len(fields) == 0 || len(fields) > 4 {
		return "", nil
	}
	// "user defaults", "Navigation Stack": words that join into a type.
	if len(fields) >= 2 && len(fields) <= 3 {
		// Only plain words: "URLSession dataTask" is a type and a member.
		joined := strings.Join(fields, "")
		if isLetters(joined) && !slices.ContainsFunc(fields, codeLike) {
			title, err := e.typeTitle(ctx, strings.ToLower(joined))
			if err != nil || title != "" {
				return title, err
			}
		}
	}
	changed := false
	for i, w := range fields {
		if !correctable(w) {
			continue
		}
		known, err := e.knownName(ctx, w)
		if err != nil {
			return "", err
		}
		if known {
			continue
		}
		near, err := e.nearestTitle(ctx, w)
		if err != nil {
			return "", err
		}
		if near != "" {
			fields[i], changed = near, true
		}
	}
	if !changed {
		return "", nil
	}
	return strings.Join(fields, " "), nil
}

// correctable: a word written like a name (UIViewControler, dataTsk), or a
// long lower-case word, the shapes whose misspellings match nothing.
func correctable(w string) bool {
	if len(w) < 4 || !isLetters(w) {
		return false
	}
	return isNameLike(w) || len(w) >= 7
}

func isLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// knownName reports whether a word is a title, the start of one, a symbol
// name or a word of the full text.
func (e *Engine) knownName(ctx context.Context, w string) (bool, error) {
	lower := strings.ToLower(w)
	var one int
	for _, probe := range []struct {
		query string
		args  []any
	}{
		{`SELECT 1 FROM docs WHERE title_lower >= ? AND title_lower < ? LIMIT 1`, []any{lower, lower + "\U0010FFFF"}},
		{`SELECT 1 FROM symbol_names WHERE name_lower = ? LIMIT 1`, []any{lower}},
	} {
		err := e.queryRow(ctx, []any{&one}, probe.query, probe.args...)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return false, fmt.Errorf("ranker spelling: %w", err)
		}
	}
	if isNameLike(w) {
		return false, nil
	}
	// A lower-case word may be English the titles never use.
	n, err := (&search{e: e, part: documentation()}).countUpTo(ctx, Quote(w), 0)
	return n > 0, err
}

// typeTitle returns the title of a type page titled exactly lower (any
// case), or "".
func (e *Engine) typeTitle(ctx context.Context, lower string) (string, error) {
	var title, kind string
	err := e.queryRow(ctx, []any{&title, &kind}, `SELECT title, kind FROM docs WHERE title_lower = ? AND source = 'apple-docs'
		AND kind IN `+typeKindList+` ORDER BY depth LIMIT 1`, lower)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("ranker spelling: %w", err)
	}
	return title, nil
}
