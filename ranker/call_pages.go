package ranker

import (
	"context"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// The pages a call in code means: its member under the receiver's type,
// chosen among overloads by the labels written.

// forceTypePage forces the page of the type named typ.
func (s *search) forceTypePage(ctx context.Context, typ string) error {
	found, err := callPagesOf(s.e.store.TypePage(ctx, strings.ToLower(typ)))
	if err != nil {
		return err
	}
	for _, p := range found {
		s.force(p.id, viaTypeMember)
		s.memberHits++
	}
	return nil
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
	if len(c.Labels) > 0 || c.Closure {
		prefixes = []string{c.Member + "(", c.Member}
	}
	types := []string{c.Type}
	if c.Type != "" && c.Via != "" {
		types = append(types, reading.ViaTypes(c.Type, c.Via)...)
	}
	if c.Type == "" {
		// A property reached from a value is named after its type too:
		// invoice.dueDate is a Date before invoice is an Invoice.
		types = append(reading.ReceiverTypes(c.Via), reading.ReceiverTypes(c.Receiver)...)
		if c.Built != "" {
			types = append([]string{c.Built}, types...)
		}
		if c.Receiver != "" {
			// A value the code does not type (people., rawValues.) is
			// most often a collection: the standard protocols' member,
			// before a type-erased wrapper's copy of it; then a
			// dictionary's, a set's or a string's (defaults.merging(…),
			// selection.subtracting(…), title.replacingOccurrences(…)).
			types = append(append(types, "Sequence", "Collection"), standardValueTypes...)
		}
	}
	member := strings.ToLower(c.Member)
	// The type's own members first, through the type page's children
	// ("init(" alone names thousands of pages): those of the first of the
	// candidate types that has the member, in one statement.
	// promoteTypedCalls may have asked already: its guessed types lead
	// this list, so pages it found are the ones this would find.
	found := c.memberPages
	if found == nil {
		var err error
		if found, err = s.e.typeMemberPages(ctx, types, member); err != nil {
			return err
		}
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
			found, err := callPagesOf(s.e.store.ChildPagesFrom(ctx, strings.ToLower(c.Type), objc, lookupLimit))
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
		// Its labels as written (init(from:), not every init), or its
		// name alone for a property (description, not description(_:)).
		lower, end := strings.ToLower(c.Member+"("), "\U0010FFFF"
		switch {
		case len(c.Labels) > 0:
			lower = strings.ToLower(c.Prefix())
		case c.DeclaredProperty():
			end = ""
		}
		found, err := callPagesOf(s.e.store.RequirementPages(ctx, strings.ToLower(c.Member), lower, lower+end, lookupLimit))
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
		queries := []func() ([]index.MemberPage, error){
			func() ([]index.MemberPage, error) {
				return s.e.store.TitlePrefixPages(ctx, lower, callFrameworkNames, lookupLimit)
			},
			func() ([]index.MemberPage, error) { return s.e.store.TitlePrefixPages(ctx, lower, nil, lookupLimit) },
		}
		if prefix == c.Member {
			// A member's name as written: the type ContextMenu is not the
			// member .contextMenu.
			queries = []func() ([]index.MemberPage, error){
				func() ([]index.MemberPage, error) { return s.e.store.TitlePages(ctx, lower, c.Member, lookupLimit) },
			}
		}
		for _, query := range queries {
			found, err := callPagesOf(query())
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
	// Of the member's copies on types the code does not name, the type
	// code uses most comes first: defaults.set(true, forKey:) is
	// UserDefaults' far more often than NSUbiquitousKeyValueStore's.
	uses := map[string]int{}
	if c.Type == "" {
		if owners := ownerNames(pages); len(owners) > 1 {
			var err error
			if uses, err = s.e.codeUses(ctx, owners); err != nil {
				return err
			}
		}
	}
	rank := func(p callPage) int {
		n := -callProminence(uses[ownerName(p.uri)])
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
		if c.NoArguments && strings.HasSuffix(p.title, "()") {
			n -= 20 // as exact as labels that all match
		}
		return n + p.depth
	}
	slices.SortStableFunc(pages, func(a, b callPage) int {
		if d := rank(a) - rank(b); d != 0 {
			return d
		}
		if d := len(a.title) - len(b.title); d != 0 {
			return d
		}
		// Of equals, the page with a path of its own is the member
		// itself; a hash suffix marks an overload or a default
		// implementation (perform()-2523c).
		switch sa, sb := hashSuffixRE.MatchString(a.uri), hashSuffixRE.MatchString(b.uri); {
		case sa && !sb:
			return 1
		case sb && !sa:
			return -1
		}
		return 0
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

// callProminence is a type's use in sample and package code on a log scale
// that saturates as prominence's does (prominence.go).
func callProminence(uses int) int {
	return int(math.Round(callProminenceWeight * min(1, math.Log1p(float64(uses))/math.Log1p(prominenceSaturation))))
}

// ownerName is the lower-case name of the type a member page's URI puts it
// under (userdefaults in apple-docs://foundation/userdefaults/1408905-set).
func ownerName(uri string) string {
	parent := docuri.Parent(uri)
	if docuri.Parent(parent) == "" {
		return "" // a framework owns no member
	}
	return parent[strings.LastIndexByte(parent, '/')+1:]
}

// standardValueTypes are the standard library's dictionary, set and
// string types a value of untyped code may be, after its collections.
var standardValueTypes = []string{"Dictionary", "Set", "StringProtocol"}

// standardOwner: a member page of one of standardValueTypes.
func standardOwner(uri string) bool {
	return strings.HasPrefix(uri, "apple-docs://swift/") &&
		slices.ContainsFunc(standardValueTypes, func(t string) bool { return strings.EqualFold(t, ownerName(uri)) })
}

// ownerNames are the distinct owner names of pages.
func ownerNames(pages []callPage) []string {
	var out []string
	for _, p := range pages {
		out = reading.AppendUnique(out, ownerName(p.uri))
	}
	return out
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

// hashSuffixRE: a URI ending in DocC's disambiguating hash (-2523c).
var hashSuffixRE = regexp.MustCompile(`-[0-9a-z]{4,6}$`)

// readCall is a call of a reading, searched with the member pages the
// index confirmed for it while the reading's searches were ordered (nil
// when none were asked for).
type readCall struct {
	Call
	memberPages []callPage
}

// memberPages are the member pages promoteTypedCalls and
// environmentActions found, by the call's index in Reading.Calls.
type memberPages map[int][]callPage

// callPage is a member page a call may mean.
type callPage struct {
	id         int64
	uri, title string
	depth      int
}

// callPagesOf turns the index's member pages into callPages.
func callPagesOf(found []index.MemberPage, err error) ([]callPage, error) {
	if err != nil {
		return nil, fmt.Errorf("ranker call pages: %w", err)
	}
	pages := make([]callPage, len(found))
	for i, p := range found {
		pages[i] = callPage{id: p.ID, uri: p.URI, title: p.Title, depth: p.Depth}
	}
	return pages, nil
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
	// The answer is the index's and never changes while it is open; a
	// type's members come back search after search, and a large type's
	// lookup walks all its children (View has thousands).
	key := strings.Join(names, "\x00") + "\x01" + member
	pages, ok := e.memberPages.Get(key)
	if !ok {
		found, err := e.store.TypeMemberPages(ctx, names, member, lookupLimit)
		if err != nil {
			return nil, fmt.Errorf("ranker type member pages: %w", err)
		}
		for _, p := range found {
			if p.Owner == found[0].Owner {
				pages = append(pages, callPage{id: p.ID, uri: p.URI, title: p.Title, depth: p.Depth})
			}
		}
		e.memberPages.Put(key, pages)
	}
	// Callers sort and extend what they get: each gets its own copy.
	return slices.Clone(pages), nil
}

// protocolMembers reports which of the pages are members of a protocol.
func (e *Engine) protocolMembers(ctx context.Context, pages []callPage) (map[int64]bool, error) {
	ids := make([]int64, len(pages))
	for i, p := range pages {
		ids[i] = p.id
	}
	members, err := e.store.ProtocolMemberIDs(ctx, ids)
	out := make(map[int64]bool, len(members))
	for _, id := range members {
		out[id] = true
	}
	if err != nil {
		return out, fmt.Errorf("ranker protocol members: %w", err)
	}
	return out, nil
}

// callFrameworks rank the frameworks whose members code most often calls,
// for a member written without its type (".padding(" is SwiftUI's).
var callFrameworks = map[string]int{"swiftui": 12, "swift": 11, "foundation": 10, "uikit": 9, "observation": 8,
	"combine": 7, "swiftdata": 7, "appkit": 6}

// callFrameworkNames are callFrameworks' keys, for the index's lookup of
// their members.
var callFrameworkNames = slices.Sorted(maps.Keys(callFrameworks))

// environmentActions reads a function called by its name alone that an
// action type answers (openWindow(id:value:), dismissWindow(id:),
// openURL(url)) as that action's callAsFunction: SwiftUI hands views
// such actions through the environment, and code calls them like
// functions. The index confirms the action has the member, with the
// labels written.
func (e *Engine) environmentActions(ctx context.Context, r *Reading, memberPages memberPages) error {
	for i, c := range r.Calls {
		if !c.Free || c.Type != "" || c.Receiver != "" || reading.OwnCall(c) == 2 || c.Member == "" {
			continue
		}
		action := strings.ToUpper(c.Member[:1]) + c.Member[1:] + "Action"
		pages, err := e.typeMemberPages(ctx, []string{action}, "callasfunction")
		if err != nil {
			return err
		}
		// The labels written must fit the action's: UIKit's
		// dismiss(animated:) is a view controller's, not DismissAction.
		pages = slices.DeleteFunc(pages, func(p callPage) bool { return !isSubsequence(c.Labels, selectorLabels(p.title)) })
		if len(pages) == 0 {
			continue
		}
		before := reading.CallQuery(c)
		r.Calls[i].Type, r.Calls[i].Member, memberPages[i] = action, "callAsFunction", pages
		for j, s := range r.Searches {
			if s.Scope == "" && s.Words == before {
				r.Searches[j].Words = reading.CallQuery(r.Calls[i])
			}
		}
	}
	return nil
}
