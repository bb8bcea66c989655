package ranker

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// Response is a search's results and how its query was read.
type Response struct {
	Results []Result `json:"results"`
	Reading Reading  `json:"reading"`
}

// SearchQuery reads a query (Reading) and searches it: words as typed, with
// misspelt names corrected when they name nothing; code and messages as
// the searches their reading lists, fused.
func (e *Engine) SearchQuery(ctx context.Context, raw string, filters Filters) (Response, error) {
	// A question's scaffolding ("How do I … in Swift?", "[duplicate]",
	// "(iOS 17)") is not searched: the rest is read and searched.
	form := ReadQuestionForm(raw, e.isFrameworkWord)
	text := form.Core
	r := form.ReadCore()
	ctx = withQuestion(ctx, form, r.Class)
	pages := memberPages{} // the index's confirmations of the calls' receivers
	if form.Changed() || form.NamesSwift() {
		// A form that only names the language ("Swift strings") is
		// searched as typed; --explain still says how it was read.
		r.Question = &form
	}
	if r.Class == ClassWords || len(r.Searches) == 0 {
		results, err := e.searchWords(ctx, text, filters, &r)
		if err != nil || !form.SidesSearched() {
			return Response{Results: results, Reading: r}, err
		}
		// A comparison: its sides are searched too, each weighing
		// comparisonSideWeight against the whole's WholeWeight.
		lists := []RankedList{{Source: "words"}}
		weights := map[string]float64{"words": form.WholeWeight()}
		byURI := map[string]Result{}
		addList(&lists[0], results, byURI)
		var found [][]Result
		var errs []error
		// A side of code or one code-like name is searched as that query
		// alone would be; sides of words, together, as words.
		found, errs = make([][]Result, len(form.Sides)), make([]error, len(form.Sides))
		var wordSides []string
		var wordAt []int
		for i, side := range form.Sides {
			if !reading.SideAlone(side) {
				wordSides, wordAt = append(wordSides, side), append(wordAt, i)
				continue
			}
			var resp Response
			resp, errs[i] = e.SearchQuery(ctx, side, filters)
			found[i] = resp.Results
		}
		if len(wordSides) > 0 {
			words, wordErrs := e.searchSides(ctx, wordSides, filters)
			for j, i := range wordAt {
				found[i], errs[i] = words[j], wordErrs[j]
			}
		}
		for i := range found {
			if errs[i] != nil && !errors.Is(errs[i], ErrEmptyQuery) {
				return Response{}, errs[i]
			}
			name := fmt.Sprintf("side %d", i)
			list := RankedList{Source: name}
			addList(&list, found[i], byURI)
			lists, weights[name] = append(lists, list), comparisonSideWeight
		}
		fused := fuseResults(lists, weights, RRFK, byURI, ClampLimit(filters.Limit)+spreadWindow)
		fused = spreadNames(fused, func(r Result) string { return spreadName(r.Title) }, func(Result) bool { return false })
		return Response{Results: fused[:min(len(fused), ClampLimit(filters.Limit))], Reading: r}, nil
	}
	// A name no page bears, in code or quoted by a message ('Renderable'),
	// is the caller's own: its words would only find unrelated pages.
	if err := e.knownSearches(ctx, text, &r); err != nil {
		return Response{}, err
	}
	if r.Class == ClassSyntax {
		if err := e.environmentActions(ctx, &r, pages); err != nil {
			return Response{}, err
		}
		if err := e.promoteTypedCalls(ctx, &r, pages); err != nil {
			return Response{}, err
		}
	}
	// The words of the code or message are searched beside the reading's
	// searches, weighed by how unsure the reading is; a sure reading's
	// words only when its searches find nothing (reading/reading_weight.go).
	words := text
	lead := float64(syntaxLeadWeight)
	if r.Class == ClassMessage {
		words, lead = reading.MessageKeywords(text), messageLeadWeight
	}
	r.Confidence = reading.Confidence(text, r.Class)
	sure := r.Confidence >= 1
	readingWeight, wordsWeight := reading.Weights(r.Confidence, lead)
	// The rewrites above (environment actions, promoted calls, free
	// functions) may have changed which call a search stands for.
	reading.LinkCalls(&r)
	searches := slices.Clone(r.Searches[:min(len(r.Searches), maxReadSearches)])
	if !sure {
		searches = append(searches, reading.Search{Words: words})
	}
	var lists []RankedList
	weights := map[string]float64{}
	byURI := map[string]Result{}
	found, errs := e.searchAll(ctx, searches, filters, r.Calls, pages)
	for i := range found {
		results, err := found[i], errs[i]
		if errors.Is(err, ErrEmptyQuery) {
			continue
		}
		if err != nil {
			return Response{}, err
		}
		name := fmt.Sprintf("%d", i)
		list := RankedList{Source: name}
		addList(&list, results, byURI)
		lists = append(lists, list)
		weights[name] = readingWeight(i)
		if !sure && i == len(searches)-1 {
			weights[name] = wordsWeight
		}
	}
	k := float64(RRFK)
	if r.Class == ClassMessage {
		k = messageRRFK
	}
	out := fuseResults(lists, weights, k, byURI, ClampLimit(filters.Limit))
	if sure && r.Class == ClassMessage && len(out) > 0 && len(out) < ClampLimit(filters.Limit) {
		// A sure diagnostic whose searches leave rows empty: its words fill
		// them, fused at SureMessageWordsWeight, since a message says what
		// it is about in words its concepts may miss. Only then: searching
		// them beside every message cost a fifth of the mix's CPU.
		results, err := e.searchText(ctx, words, filters, nil)
		if err != nil && !errors.Is(err, ErrEmptyQuery) {
			return Response{}, err
		}
		list := RankedList{Source: "words"}
		addList(&list, results, byURI)
		lists, weights["words"] = append(lists, list), reading.SureMessageWordsWeight(lead)
		out = fuseResults(lists, weights, k, byURI, ClampLimit(filters.Limit))
	}
	if !sure || len(out) > 0 {
		out, err := e.namedProposalsFirst(ctx, text, filters, out)
		return Response{Results: out, Reading: r}, err
	}
	// Nothing a sure reading named exists (the caller's own types): the
	// words of the code or message are all there is, a value's members
	// among them as names ("items.isEmpty": items isEmpty).
	results, err := e.searchText(ctx, reading.ValueChainWords(words), filters, nil)
	if errors.Is(err, ErrEmptyQuery) {
		err = nil
	}
	return Response{Results: results, Reading: r}, err
}

// searchWords searches text as words: names of one to three words are
// corrected first when misspelt, and the words as typed are searched only
// when the correction finds nothing. A longer request with a misspelt word
// is relaxed by the full-text stage instead, unless it found nothing at
// all.
func (e *Engine) searchWords(ctx context.Context, text string, filters Filters, r *Reading) ([]Result, error) {
	var results []Result
	recased, err := e.recaseNames(ctx, reading.AmericanSpelling(text))
	if err != nil {
		return nil, err
	}
	if recased, err = e.respell(ctx, recased); err != nil {
		return nil, err
	}
	if recased != text {
		// Shown as a correction, and the search is of the names and words
		// as Apple writes them.
		text, r.Corrected = recased, recased
	}
	tryCorrection := func() error {
		corrected, err := e.correct(ctx, text)
		if err != nil || corrected == "" {
			return err
		}
		if alt, err := e.searchText(ctx, corrected, filters, nil); err == nil && len(alt) > 0 {
			r.Corrected, results = corrected, alt
		}
		return nil
	}
	short := len(strings.Fields(text)) <= 3
	if short {
		if err := tryCorrection(); err != nil {
			return nil, err
		}
	}
	if r.Corrected == "" || r.Corrected == recased {
		if results, err = e.searchText(ctx, text, filters, nil); err != nil {
			return nil, err
		}
		if !short && len(results) == 0 {
			if err := tryCorrection(); err != nil {
				return nil, err
			}
		}
	}
	r.Ideas = e.lexiconIdeas(ctx, cmp.Or(r.Corrected, text))
	return results, nil
}

// addList appends results to a fusion list, keeping each page's first
// result.
func addList(list *RankedList, results []Result, byURI map[string]Result) {
	for _, res := range results {
		list.URIs = append(list.URIs, res.URI)
		if _, seen := byURI[res.URI]; !seen {
			byURI[res.URI] = res
		}
	}
}

// fuseResults fuses lists into at most limit results.
func fuseResults(lists []RankedList, weights map[string]float64, k float64, byURI map[string]Result, limit int) []Result {
	var out []Result
	for _, fu := range Fuse(lists, weights, k) {
		res := byURI[fu.URI]
		res.Score = fu.Score
		out = append(out, res)
		if len(out) == limit {
			break
		}
	}
	return out
}

// isFrameworkWord: a word that names a framework (for a question's
// asides and tags).
func (e *Engine) isFrameworkWord(w string) bool {
	_, ok := e.fw.Lookup(w)
	return ok
}

// readSearchParallelism is how many of a reading's searches run at once:
// two, as a small server has two cores and serves other calls too.
const readSearchParallelism = 2

// searchSides searches a comparison's sides. A side of Swift keywords
// alone (reading.KeywordsAlone: "var", "static func", "guard let") keeps
// only its results of languageSources, from its first languageSideDepth:
// elsewhere its words match names that end in them (MTR…ErrorStateStruct
// is no answer to "struct vs class"). The sides are searched unscoped, as
// any side is, only deeper when one is of keywords: a search scoped to the
// three sources ranked a little better (realq-dev 0.5039 against 0.5000)
// for a second kind of search per side. A caller's own sources are kept.
func (e *Engine) searchSides(ctx context.Context, sides []string, filters Filters) ([][]Result, []error) {
	keywords := len(filters.Sources) == 0 && slices.ContainsFunc(sides, reading.KeywordsAlone)
	read := filters
	if keywords {
		read.Limit = max(ClampLimit(filters.Limit), languageSideDepth)
	}
	found, errs := e.searchAll(ctx, reading.WordSearches(sides...), read, nil, nil)
	for i, side := range sides {
		if keywords && reading.KeywordsAlone(side) {
			found[i] = slices.DeleteFunc(found[i], func(r Result) bool { return !slices.Contains(languageSources, r.Source) })
		}
		found[i] = found[i][:min(len(found[i]), ClampLimit(filters.Limit))]
	}
	return found, errs
}

// searchAll runs searches side by side: each is a whole search of its
// own, and a line of code or a message waits for the slowest of them
// rather than their sum. A call's search (Search.Call) is searched with
// that call and its member pages. The results come back in the searches'
// order.
func (e *Engine) searchAll(ctx context.Context, searches []reading.Search, filters Filters, calls []Call, pages memberPages) ([][]Result, []error) {
	found := make([][]Result, len(searches))
	errs := make([]error, len(searches))
	var wg sync.WaitGroup
	slots := make(chan struct{}, readSearchParallelism)
	for i, s := range searches {
		var call *readCall
		if s.Call > 0 && s.Call <= len(calls) {
			call = &readCall{Call: calls[s.Call-1], memberPages: pages[s.Call-1]}
		}
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			found[i], errs[i] = e.searchOne(ctx, s, filters, call)
		}()
	}
	wg.Wait()
	return found, errs
}

// promoteTypedCalls reorders a reading's call searches once the index
// has been asked about the caller's own calls. A call on a value the code
// does not type is searched after the others (viewModel.load() is the
// caller's API); one whose value's name gives a type that has the member
// (invoice.dueDate.formatted: Date's, tableView.reloadData: UITableView's)
// is Apple's after all and takes its place as written, a property the
// code sets included (gradientLayer.colors = …: CAGradientLayer's); not
// a call inside a closure, a detail of what the closure is handed to. An
// implicit member assigned (= .secondarySystemBackground) goes before the
// property when few pages bear its name, after everything when many do
// (= .currency). A property read that the index does not confirm is not
// searched at all, nor is a declared property no protocol requires; a
// declared function the index confirms as a requirement is not searched
// through its signature's types.
func (e *Engine) promoteTypedCalls(ctx context.Context, r *Reading, memberPages memberPages) error {
	promoted := false
	var unconfirmed []string
	for i, c := range r.Calls {
		if c.Order != nil && c.Order.Value {
			// = .currency names nothing by itself: the property set
			// leads, the value follows.
			n, err := e.store.TitleCount(ctx, c.Member)
			if err != nil {
				return err
			}
			o := *c.Order
			if n > maxReadTitles {
				o.Own = 2
			} else {
				o.At = math.MinInt32 // before the property it is assigned to
			}
			r.Calls[i].Order, promoted = &o, true
			continue
		}
		if c.Order == nil || c.Type != "" {
			continue
		}
		if c.Declared && len(c.Labels) > 0 && len(r.Signature) > 0 {
			// A function that implements a requirement is searched
			// through it, not through the types its signature names.
			required, err := e.store.RequirementPrefixExists(ctx, c.Prefix())
			if err != nil {
				return err
			}
			if required {
				unconfirmed = append(unconfirmed, r.Signature...)
			}
			continue
		}
		if c.DeclaredProperty() {
			// var isNilOrEmpty: Bool { … } that no protocol requires is
			// the code's own: not searched.
			required, err := e.store.RequirementExists(ctx, c.Member)
			if err != nil {
				return err
			}
			if !required {
				unconfirmed = append(unconfirmed, reading.CallQuery(c))
			}
			continue
		}
		guessable := c.Order.Own == 1 && c.Receiver != "" && !c.Order.InClosure
		if !guessable && !c.Order.Read {
			continue
		}
		types := append(reading.ReceiverTypes(c.Via), reading.ReceiverTypes(c.Receiver)...)
		if guessable && len(c.Labels) > 0 {
			// A labelled call on an untyped value may be the standard
			// library's (email.range(of:): StringProtocol's) when the
			// labels written fit.
			types = append(types, standardValueTypes...)
		}
		pages, err := e.typeMemberPages(ctx, types, strings.ToLower(c.Member))
		if err != nil {
			return err
		}
		if guessable && len(c.Labels) > 0 && slices.ContainsFunc(pages, func(p callPage) bool { return standardOwner(p.uri) }) &&
			!slices.ContainsFunc(pages, func(p callPage) bool { return isSubsequence(c.Labels, selectorLabels(p.title)) }) {
			pages = nil // a standard type's copy with other labels is no confirmation
		}
		memberPages[i] = pages // callPages reads them instead of asking again
		switch {
		case len(pages) > 0 && guessable:
			o := *c.Order
			o.Own = 0
			r.Calls[i].Order, promoted = &o, true
		case len(pages) == 0 && c.Order.Read:
			// A property no guessed type has is searched by its name
			// only when few pages bear it (isPlaybackLikelyToKeepUp),
			// not a name every other type has (name, height).
			n, err := e.store.TitleCount(ctx, c.Member)
			if err != nil {
				return err
			}
			if n == 0 || n > maxReadTitles {
				unconfirmed = append(unconfirmed, reading.CallQuery(c))
			}
		}
	}
	r.Searches = slices.DeleteFunc(r.Searches, func(s reading.Search) bool {
		return s.Scope == "" && slices.Contains(unconfirmed, s.Words) && !slices.ContainsFunc(r.Calls, func(c Call) bool {
			return reading.CallQuery(c) == s.Words && (c.Order == nil || !c.Order.Read) && !c.DeclaredProperty()
		})
	})
	if !promoted {
		return nil
	}
	// The searches of the calls written keep their slots among the
	// others; only their order within those slots changes.
	var written []Call
	for _, c := range r.Calls {
		if c.Order != nil {
			written = append(written, c)
		}
	}
	slices.SortStableFunc(written, func(a, b Call) int { return a.Order.Compare(b.Order) })
	var order []string
	for _, c := range written {
		order = reading.AppendUnique(order, reading.CallQuery(c))
	}
	next := 0
	for i, s := range r.Searches {
		if s.Scope == "" && slices.Contains(order, s.Words) {
			r.Searches[i] = reading.Search{Words: order[next]}
			next++
		}
	}
	return nil
}

// knownSearches drops the searches of types no page names: the code's own
// views and models (TripFilterSheet(filters:), OrderRow), or the types a
// message quotes from the caller's code ('Renderable'), whose words would
// only find unrelated pages. Only a bare name or an initializer is judged;
// a member call (NSApp.activate) finds its pages by the member. A name
// written as an attribute or a macro (@Model, #Preview) is kept: its page
// may be a macro's. A capitalised call that no type's name bears but a
// function's title does (SecItemAdd(_:_:)) is that function, searched as
// such: the C APIs Swift imports are called the way types are built.
func (e *Engine) knownSearches(ctx context.Context, code string, r *Reading) error {
	var out []reading.Search
	for _, s := range r.Searches {
		typ, member, dotted := strings.Cut(s.Words, ".")
		if s.Scope != "" || (dotted && member != "init") || !swiftlex.IsTypeName(typ) || strings.Contains(code, "@"+typ) || strings.Contains(code, "#"+typ) {
			out = reading.AppendSearch(out, s)
			continue
		}
		known, err := e.store.NameExists(ctx, typ)
		if err != nil {
			return err
		}
		if known {
			out = reading.AppendSearch(out, s)
			continue
		}
		function, err := e.store.TitlePrefixExists(ctx, typ+"(")
		if err != nil {
			return err
		}
		if !function {
			continue
		}
		for i, c := range r.Calls {
			if c.Type == typ && c.Member == "init" {
				r.Calls[i].Type, r.Calls[i].Member = "", typ
			}
		}
		out = reading.AppendSearch(out, reading.Search{Words: typ})
	}
	r.Searches = out
	return nil
}

// searchText is one search of a query as typed, with the call its reading
// found in code, if any.
func (e *Engine) searchText(ctx context.Context, raw string, filters Filters, call *readCall) ([]Result, error) {
	return e.searchOne(ctx, reading.Search{Words: raw}, filters, call)
}

// searchOne runs one of a reading's searches: its words, parsed as a
// query (a user's own "se:" still scopes), within its scope, as the search
// prints.
func (e *Engine) searchOne(ctx context.Context, s reading.Search, filters Filters, call *readCall) ([]Result, error) {
	f, err := filters.Normalize(e.fw)
	if err != nil {
		return nil, err
	}
	q, err := Parse(s.Words, e.fw)
	if err != nil {
		return nil, err
	}
	if (!q.Prose && headlineCased(&q) || q.Prose && headlineCasedPastItsStart(&q)) &&
		(questionAsked(ctx).framed || titleCasedAroundAName(&q)) {
		q.Prose, q.Headline = true, true
	}
	if s.Scope != "" {
		q.Raw, q.Sources = s.String(), []string{s.Scope}
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
		if isLetters(joined) && !slices.ContainsFunc(fields, reading.CodeLike) {
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
		if err == nil && near == "" {
			near, err = e.swiftNameOf(ctx, w)
		}
		if err == nil && near == "" && len(fields) == 1 {
			near, err = e.owningTypeOf(ctx, w)
		}
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
	found, err := e.store.KnownName(ctx, lower)
	if err != nil {
		return false, fmt.Errorf("ranker spelling: %w", err)
	}
	if found {
		return true, nil
	}
	if isNameLike(w) && !capitalisedWord(w) {
		return false, nil
	}
	// A lower-case word, or one capitalised as a title writes every word
	// ("Implicitly Unwrapped Optionals"), may be English the titles never
	// use: corrected to the nearest title, "Unwrapped" became "unmapped".
	n, err := (&search{e: e, part: documentation()}).countUpTo(ctx, Quote(w), 0)
	return n > 0, err
}

// capitalisedWord: a capital and lower-case letters only ("Unwrapped"),
// the way a title writes an English word; a name has a second capital
// (NavigatoinStack) or is all capitals.
func capitalisedWord(w string) bool {
	if len(w) < 2 || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// typeTitle returns the title of a type page titled exactly lower (any
// case), or "".
func (e *Engine) typeTitle(ctx context.Context, lower string) (string, error) {
	if title, ok := e.typeTitles.Get(lower); ok {
		return title, nil
	}
	title, err := e.store.TypeTitle(ctx, lower)
	if err != nil {
		return "", fmt.Errorf("ranker spelling: %w", err)
	}
	e.typeTitles.Put(lower, title)
	return title, nil
}

// headlineCased: a question's title written in title case ("Is Swift Pass
// By Value or Pass By Reference", "Multiple Type Constraints in Swift"),
// its capitals the headline's style, not names: two keywords or more
// capitalised as plain words (Pass, Multiple), nothing else read of it.
func headlineCased(q *Query) bool { return plainCapitals(q, "") >= 2 }

// headlineCasedPastItsStart: a sentence in title case ("Handling Touch
// Event in UILabel…"), two plain capitalised keywords past its first word;
// "Stored values order is changed in Dictionary" names a type once.
func headlineCasedPastItsStart(q *Query) bool {
	first := ""
	if f := strings.Fields(q.Text); len(f) > 0 {
		first = strings.TrimRight(f[0], ",.:;")
	}
	return plainCapitals(q, first) >= 2
}

// plainCapitals counts q's keywords capitalised as plain words, but for
// except; none when q reads as a type or a symbol.
func plainCapitals(q *Query, except string) int {
	if q.TypeName != "" || !q.Symbol.IsZero() {
		return 0
	}
	n := 0
	for _, k := range q.Keywords {
		if reading.PlainCapitalised(k) && k != except {
			n++
		}
	}
	return n
}

// titleCasedAroundAName: a title in title case around an API's name
// ("UIPickerView Row Color", "Calculating UILabel Text Size"): three
// keywords or more, one of them a name with a second capital.
func titleCasedAroundAName(q *Query) bool {
	return len(q.Keywords) >= 3 && slices.ContainsFunc(q.Keywords, reading.CodeLike)
}
