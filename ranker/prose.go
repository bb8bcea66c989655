package ranker

import (
	"context"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// Prose queries ("schedule a local notification", "read a file from the app
// bundle") are judged by how much of the request a page covers, with words
// compared by their Porter stems as FTS5 compares them, rather than by the
// name-matching heuristics that serve identifier queries.

// titleStemsOf returns the stems of a candidate's title words, CamelCase
// names split into their parts ("scheduledLocalNotifications" -> schedul
// local notif), once per candidate and through the engine's memo across
// requests: the shared slice is read, never changed.
func (s *search) titleStemsOf(c *candidate) []string {
	if c.titleStems != nil {
		return c.titleStems
	}
	if s.e == nil {
		c.titleStems = titleStems(c.title)
		return c.titleStems
	}
	st, ok := s.e.titleStems.Get(c.title)
	if !ok {
		st = titleStems(c.title)
		s.e.titleStems.Put(c.title, st)
	}
	c.titleStems = st
	return st
}

// titleStems are the stems of a title's words, split at their capitals.
func titleStems(title string) []string {
	out := []string{}
	for _, w := range words(baseName(title)) {
		for _, part := range swiftsym.CamelWords(w) {
			out = append(out, stem(strings.ToLower(part)))
		}
	}
	return out
}

// titleCoverage is the fraction of the request's concepts that the title
// covers.
func (s *search) titleCoverage(c *candidate) float64 {
	if len(s.concepts) == 0 {
		return 0
	}
	if len(s.conceptWeights) == len(s.concepts) {
		var sum, all float64
		for i, ok := range coverage(s.concepts, s.titleStemsOf(c)) {
			all += s.conceptWeights[i]
			if ok {
				sum += s.conceptWeights[i]
			}
		}
		if all > 0 {
			return sum / all
		}
	}
	return float64(s.titleCovered(c)) / float64(len(s.concepts))
}

// weighConcepts sets each concept's weight in a framed question's title
// coverage: its rarity among the pages (the log of dfScale over its
// document frequency) to the power conceptRarityPower, so that a title
// holding "existential" covers more of "Why can't existential types be
// compared?" than one holding "types". Only questions: on requests
// written as tasks the weighing cost held-out rows (docs/search.md).
func (s *search) weighConcepts(ctx context.Context) error {
	w := make([]float64, len(s.concepts))
	for i, c := range s.concepts {
		df, err := s.e.docFreq(ctx, c.match())
		if err != nil {
			return err
		}
		w[i] = math.Pow(math.Log(dfScale/float64(df+1)), conceptRarityPower)
	}
	s.conceptWeights = w
	return nil
}

// titleCovered is how many of the request's concepts the title covers.
func (s *search) titleCovered(c *candidate) int {
	n := 0
	for _, ok := range coverage(s.concepts, s.titleStemsOf(c)) {
		if ok {
			n++
		}
	}
	return n
}

// coverage reports which concepts a list of stems covers. Each stem counts
// for one concept, its own word's first: in "save a password in the
// keychain" the title SFKeychainSavePanel covers "keychain" and "save" but
// not also "password", whose alternative "keychain" is already spent.
func coverage(cs []concept, list []string) []bool {
	covered := make([]bool, len(cs))
	used := map[string]bool{}
	for i, c := range cs {
		if slices.Contains(list, c.stems[0]) {
			covered[i] = true
			used[c.stems[0]] = true
		}
	}
	for i, c := range cs {
		if covered[i] {
			continue
		}
		for _, st := range c.stems[1:] {
			if !used[st] && slices.Contains(list, st) {
				covered[i] = true
				used[st] = true
				break
			}
		}
	}
	return covered
}

// proseFieldScore is fieldScore for prose: each concept scores the best
// field covering it (title 4, summary 1.5, framework 1), averaged (in a
// framed question weighed by the concepts' rarity, as titleCoverage is),
// plus the same brevity bonus.
func (s *search) proseFieldScore(c *candidate) float64 {
	if len(s.concepts) == 0 {
		return 0
	}
	ts := s.titleStemsOf(c)
	inTitle := coverage(s.concepts, ts)
	var inSummary []bool
	var sum, all float64
	weighed := len(s.conceptWeights) == len(s.concepts)
	for i, k := range s.concepts {
		w := 1.0
		if weighed {
			w = s.conceptWeights[i]
		}
		all += w
		switch {
		case inTitle[i]:
			sum += 4 * w
		default:
			if inSummary == nil {
				inSummary = coverage(s.concepts, s.summaryStems(c.summary))
			}
			switch {
			case inSummary[i]:
				sum += 1.5 * w
			case slices.Contains(k.words, c.framework):
				sum += w
			}
		}
	}
	extra := len(ts) - len(s.concepts)
	return sum/all + 2/float64(1+max(extra, 0))
}

// titleIsNameKeyword: the title is one of the query's words written as a
// name ("TextField editable text", "how does URLCache store responses"):
// the request is about that API. The spelling must match exactly, so "Face
// ID" is not about the id properties, and a framework named in passing
// ("decode JSON into a Swift struct") is context, not the subject. A word
// with only its first capital names a type or a macro ("Text", "Observable"),
// not a member: in "Get Position of UIView" it is a title's capital, and a
// shader node's subscript titled "Position" is no name the request mentions.
func (s *search) titleIsNameKeyword(c *candidate) bool {
	base := baseName(c.title)
	for _, k := range s.q.Keywords {
		if s.q.Headline && reading.PlainCapitalised(k) {
			continue
		}
		if isNameLike(k) && base == k && !s.isFrameworkName(k) && !sentenceStart(s.q.Text, k) && !reading.IsPlatformWord(k) &&
			(reading.CodeLike(k) || canonicalTypeKinds[c.kind] || c.kind == "macro") {
			return true
		}
	}
	return false
}

// sentenceStart reports whether w is the first word of a request of four
// words or more, capitalised only because a sentence begins with it
// ("Place a 3D object on a table…"): a verb, not the name of Place. The
// request is its text, without a framework named last: "Array contains in
// SwiftUI" is two words about Array.
func sentenceStart(text, w string) bool {
	fields := strings.Fields(text)
	if len(fields) < 4 || strings.TrimRight(fields[0], ",.:;") != w {
		return false
	}
	return len(w) > 1 && strings.ToLower(w[1:]) == w[1:]
}

// isFrameworkName reports whether a word names a framework.
func (s *search) isFrameworkName(w string) bool {
	_, ok := s.e.fw.Lookup(w)
	return ok || universalWord(w)
}

// concept is one keyword of a prose query with the words that may stand for
// it (see vocab.go); any of them satisfies the keyword.
type concept struct {
	words []string // the keyword as typed, then its alternatives (lower-case)
	stems []string // their Porter stems
	verb  bool     // the keyword stands where a request puts its verb
}

// buildConcepts makes the concepts of a prose query's terms: one per
// keyword, with its vocabulary alternatives and, when it stands where a
// request puts its verb, its agent nouns (see vocab.go). Keywords written
// as names (NavigationStack) get no alternatives.
func buildConcepts(terms []string) []concept {
	var out []concept
	first := true
	for i, t := range terms {
		t = trimPossessive(t)
		lower := strings.ToLower(t)
		if stopWords[lower] || t == "" {
			continue
		}
		c := concept{words: []string{t}, verb: first || verbPosition(terms, i)}
		if !isNameLike(t) {
			c.words = append(c.words, alternatives(lower, c.verb)...)
		}
		first = false
		for _, w := range c.words {
			for _, part := range words(strings.ToLower(w)) {
				if len(part) >= 2 && !stopWords[part] && !slices.Contains(c.stems, stem(part)) {
					c.stems = append(c.stems, stem(part))
				}
			}
		}
		if len(c.stems) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// trimPossessive drops an English possessive ending ("user's" -> user),
// which would otherwise reach FTS5 as the phrase "user s".
func trimPossessive(t string) string {
	for _, suffix := range []string{"'s", "’s", "s'", "s’"} {
		if rest, ok := strings.CutSuffix(t, suffix); ok && rest != "" {
			if suffix[0] == 's' {
				return rest + "s"
			}
			return rest
		}
	}
	return t
}

// verbPosition: the word at i is where English puts a verb in a request:
// after "to" ("how to play") or before an article or possessive ("pick a
// photo", "count the user's steps").
func verbPosition(terms []string, i int) bool {
	if i > 0 && strings.EqualFold(terms[i-1], "to") {
		return true
	}
	if i+1 < len(terms) {
		switch strings.ToLower(terms[i+1]) {
		case "a", "an", "the", "my", "your", "their", "its", "some":
			return true
		}
	}
	return false
}

// ftsConcepts are the concepts that can filter a full-text AND: a concept
// made only of a language word ("Swift") matches nearly every row.
func (s *search) ftsConcepts() []concept {
	var out []concept
	for _, c := range s.concepts {
		if !(len(c.words) == 1 && universalWord(c.words[0])) {
			out = append(out, c)
		}
	}
	return out
}

// match is the concept as an FTS5 expression: a quoted word, or the OR of
// its words in parentheses.
func (c concept) match() string {
	if len(c.words) == 1 {
		return Quote(c.words[0])
	}
	return "(" + MatchAny(c.words) + ")"
}

// conceptsExpr is the AND of the concepts' expressions.
func conceptsExpr(cs []concept) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.match()
	}
	return strings.Join(parts, " AND ")
}

// proseCap is proseScoreCap, lowered with the engine's cap by tests.
func (s *search) proseCap() int { return proseScoreCap * s.e.fullScoreCap / FullScoreCap }

// proseFields are the columns that say what a page is about; a request
// matching too many pages is scored within them.
var proseFields = []string{"title", "summary", "symbols", "symbol_components"}

// proseFullText is stage 2 for prose: the AND of the concepts, scored in
// full up to proseScoreCap and within the proseFields above it (plus the
// small sources in full), relaxed by dropCommon when too few pages hold
// every concept.
func (s *search) proseFullText(ctx context.Context) error {
	cs := s.ftsConcepts()
	if len(cs) == 0 {
		return nil
	}
	expr := s.filter.constrain(conceptsExpr(cs))
	n, err := s.countUpTo(ctx, expr, s.proseCap())
	if err != nil {
		return err
	}
	s.ftsExpr = expr
	if n >= proseMinMatches || len(cs) < 3 {
		return s.scoreProse(ctx, expr, n)
	}
	return s.dropCommon(ctx, cs, expr, n)
}

// scoreProse scores a request's expression matching n pages: all of them up
// to the cap, else the best within the naming fields and the small sources.
func (s *search) scoreProse(ctx context.Context, expr string, n int) error {
	if n == 0 {
		return nil
	}
	if limit := s.proseCap(); n <= limit {
		s.comparable = true
		return s.scoreFTS(ctx, expr, 0, 0, limit)
	}
	if err := s.scoreFTS(ctx, MatchColumns(proseFields, expr), 0, 0, proseFieldLimit); err != nil {
		return err
	}
	for _, r := range s.smallRanges() {
		if err := s.scoreFTS(ctx, expr, r.lo, r.hi, int(r.hi-r.lo+1)); err != nil {
			return err
		}
	}
	return nil
}

// dropCommon relaxes a request that too few pages match in full (n of
// them, for expr): concepts no page holds are dropped, then the most
// common concept, one at a time, down to two, since the rare words carry
// the request ("count the user's steps" keeps steps and count, and drops
// user). It scores the largest match found.
func (s *search) dropCommon(ctx context.Context, cs []concept, expr string, n int) error {
	dfs := make([]int, len(cs))
	for i, c := range cs {
		var err error
		if dfs[i], err = s.e.docFreq(ctx, c.match()); err != nil {
			return err
		}
	}
	for len(cs) > 1 && n < proseMinMatches {
		// A word no page holds (a typo, or a word the corpus does not use)
		// goes first; then the most common one, down to two words.
		most := slices.Index(dfs, 0)
		if most < 0 {
			if len(cs) == 2 {
				break
			}
			most = 0
			for i := range cs {
				if dfs[i] > dfs[most] {
					most = i
				}
			}
		}
		cs = append(cs[:most:most], cs[most+1:]...)
		dfs = append(dfs[:most:most], dfs[most+1:]...)
		if s.part.table == index.FTSTable && slices.Min(dfs) <= n {
			// No page holds more of these concepts together than the
			// rarest one alone (dfs count the documentation's table):
			// the relaxation cannot beat n, and its count is not needed.
			continue
		}
		relaxed := s.filter.constrain(conceptsExpr(cs))
		m, err := s.countUpTo(ctx, relaxed, s.proseCap())
		if err != nil {
			return err
		}
		if m > n {
			expr, n = relaxed, m
		}
	}
	s.ftsExpr = expr
	return s.scoreProse(ctx, expr, n)
}

// sourceWeights are the fusion weights of a search. For a request scored in
// full (one bm25 over the whole corpus, so one IDF and one average length,
// and scores comparable across sources), each source's weight is scaled by
// its best match relative to the best match anywhere: when the best page
// on "global actor inference rules" is a proposal scoring twice any Apple
// page, the proposal comes first, while a request that Apple's pages match
// well ("play a sound file") is not diluted by weak proposals. Other
// queries, and requests scored within fields, keep DefaultSourceWeights.
// A source the task lexicon named pages in keeps namedSourceFloor of its
// default weight at least: the lexicon knows the job ("steps walked today"
// is CMPedometer) where bm25 found only weak matches of its words, and a
// proposal that happens to say "walked" and "today" must not outrank it.
func (s *search) sourceWeights(best map[string]float64) map[string]float64 {
	if !s.q.Prose || !s.comparable {
		return DefaultSourceWeights
	}
	named := map[string]bool{}
	for id := range s.lexiconRank {
		if c := s.cands[id]; c != nil {
			named[c.source] = true
		}
	}
	top := 0.0
	for _, b := range best {
		top = max(top, b)
	}
	if top <= 0 {
		return DefaultSourceWeights
	}
	w := make(map[string]float64, len(DefaultSourceWeights))
	for src, v := range DefaultSourceWeights {
		if b, ok := best[src]; ok && b > 0 {
			if named[src] {
				v *= max(b/top, namedSourceFloor)
			} else {
				v *= b / top
			}
		}
		w[src] = v
	}
	return w
}

// nounTypes adds the type pages titled by a specific noun of the request
// or one of its alternatives: "draw a bar chart" names Chart, "read a file
// from the app bundle" names Bundle. A common noun names types too ("text"
// is SwiftUI's Text, "app" its App), but rarely the one a request needs,
// so only nouns on at most specificNounDF pages qualify. A bounded
// exact-title lookup per word, unlike the symbol-name lookup that a verb
// would flood.
func (s *search) nounTypes(ctx context.Context) error {
	for _, c := range s.concepts {
		if c.verb {
			continue
		}
		for _, w := range c.words {
			if isNameLike(w) || universalWord(w) || s.isFrameworkName(w) {
				continue
			}
			if df, err := s.e.docFreq(ctx, Quote(w)); err != nil || df > specificNounDF {
				if err != nil {
					return err
				}
				continue
			}
			if err := s.addIDs(ctx, viaNounType)(s.e.store.TypeIDs(ctx, strings.ToLower(w), 5)); err != nil {
				return err
			}
		}
	}
	return nil
}

// guideKinds are the pages that explain a task rather than declare an API.
var guideKinds = map[string]bool{"article": true, "sampleCode": true, "collectionGroup": true, "guide": true}

// wholeKinds are the pages that stand for a whole project, package or
// session of the sources that also index its parts.
var wholeKinds = func() map[string]bool {
	m := map[string]bool{}
	for _, s := range source.All {
		if s.Whole.Kind != "" {
			m[s.Whole.Kind] = true
		}
	}
	return m
}()

// proseKind is the kind factor for a request: the type that does the job
// first, the article that explains it close behind, a member page less
// so, and a framework root no more than any page (its summary matches
// many requests loosely).
func (s *search) proseKind(sc *Score, c *candidate) {
	switch {
	case wholeKinds[c.kind]:
		sc.apply(weightProseWholeKind, c.kind)
	case c.isType():
		sc.apply(weightProseTypeKind, c.kind)
	case guideKinds[c.kind]:
		sc.apply(weightProseGuideKind, c.kind)
	case memberKinds[c.kind] && s.framedQuestion:
		sc.apply(weightQuestionMemberKind, c.kind)
	case memberKinds[c.kind]:
		sc.apply(weightProseMemberKind, c.kind)
	}
}

// summaryStems returns the stems of a summary's words, without stop words,
// through the engine's memo: a page's summary is read by every prose
// request it is a candidate of.
func (s *search) summaryStems(summary string) []string {
	if s.e != nil {
		if st, ok := s.e.summaryStems.Get(summary); ok {
			return st
		}
	}
	var out []string
	for _, w := range words(strings.ToLower(summary)) {
		if len(w) >= 2 && !stopWords[w] {
			out = append(out, stem(w))
		}
	}
	if s.e != nil {
		s.e.summaryStems.Put(summary, out)
	}
	return out
}

// frameworksNamed returns the frameworks a request names by name or by a
// synonym recorded by enrich, through a phrase of two or three words
// ("speech to text", "face id", "local notifications") or a single word
// specific enough to mean the framework ("keychain", "pedometer",
// "location"): a common word that is also a synonym ("data" for Core
// Data, "text" for Core Text) names a framework too often by accident.
// Plurals and singulars are tried alike.
func (s *search) frameworksNamed(ctx context.Context) (map[string]bool, error) {
	out := map[string]bool{}
	terms := s.q.Terms
	add := func(phrase string) {
		for _, p := range []string{phrase, phrase + "s", strings.TrimSuffix(phrase, "s")} {
			if id, ok := s.e.fw.Lookup(p); ok {
				out[id] = true
			}
			for _, id := range s.e.fw.Synonym(p) {
				out[id] = true
			}
		}
	}
	for n := 2; n <= 3; n++ {
		for i := 0; i+n <= len(terms); i++ {
			if stopWords[strings.ToLower(terms[i])] || stopWords[strings.ToLower(terms[i+n-1])] {
				continue
			}
			add(strings.ToLower(strings.Join(terms[i:i+n], " ")))
		}
	}
	for _, t := range terms {
		w := strings.ToLower(trimPossessive(t))
		if stopWords[w] || universalWord(w) {
			continue
		}
		df, err := s.e.docFreq(ctx, Quote(w))
		if err != nil {
			return nil, err
		}
		if df <= namingWordDF {
			add(w)
		}
	}
	if concurrencyRE.MatchString(strings.ToLower(strings.Join(terms, " "))) {
		// "cancel an async func", "await a result": Swift's concurrency,
		// whose pages are the standard library's (Task, TaskGroup), not a
		// framework's method named alike (URLSessionTask's cancel()).
		out[concurrencyFramework] = true
	}
	return out, nil
}

// concurrencyFramework is the framework identifier of the standard
// library's pages, Swift's concurrency among them.
const concurrencyFramework = "swift"

// concurrencyRE: words that speak of Swift's concurrency: "await", or
// "async" before what it makes asynchronous (a function, a call, code, a
// let, a sequence). Not "async" alone: "an async completion handler" is a
// callback, and XCTest's expectations answer it.
var concurrencyRE = regexp.MustCompile(`\basync(?:/await)?\s+(?:func|funcs|function|functions|method|methods|call|calls|code|let|sequence|sequences|stream|streams|property|properties|operation|operations|work|context|closure|closures)\b|\bawait\b`)

// rivalUIFrameworks are the user-interface frameworks that answer the
// same jobs in another style: a request that names a UIKit type wants
// UIKit's way to tint a tab, not SwiftUI's. Not the other way: SwiftUI's
// names ("ScrollView", "TableView") are what people call UIKit's too.
var rivalUIFrameworks = map[string][]string{
	"uikit":  {"swiftui", "appkit"},
	"appkit": {"swiftui", "uikit"},
}

// rivalsOfNamedTypes returns the user-interface frameworks rival to those
// of the API types a prose request names ("UITabBarItem tint color" names
// UIKit's, so SwiftUI and AppKit are rivals), less any framework the
// request names ("UIImage to a SwiftUI Image").
func (s *search) rivalsOfNamedTypes() map[string]bool {
	if !s.q.Prose {
		return nil
	}
	names := s.typeNameKeywords()
	if len(names) == 0 {
		return nil
	}
	named := map[string]bool{}
	for _, c := range s.cands {
		if c.source == document.SourceAppleDocs && canonicalTypeKinds[c.kind] && slices.Contains(names, c.title) {
			named[c.framework] = true
		}
	}
	rivals := map[string]bool{}
	for fw := range named {
		for _, r := range rivalUIFrameworks[fw] {
			rivals[r] = true
		}
	}
	// A framework the request names or one of its types is in is no rival.
	for fw := range named {
		delete(rivals, fw)
	}
	for fw := range s.named {
		delete(rivals, fw)
	}
	delete(rivals, s.q.FrameworkHint)
	return rivals
}

// typeNameKeywords are a request's keywords written as an API type's name,
// with a second capital ("UILabel", "AVPlayer"), that name no framework
// ("XCTest").
func (s *search) typeNameKeywords() []string {
	var out []string
	for _, k := range s.q.Keywords {
		if reading.CodeLike(k) && swiftlex.IsTypeName(k) && !s.isFrameworkName(k) {
			out = append(out, k)
		}
	}
	return out
}
