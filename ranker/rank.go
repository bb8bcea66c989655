package ranker

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// canonicalTypeKinds are the declaration kinds a bare name most likely means.
var canonicalTypeKinds = map[string]bool{
	"class": true, "struct": true, "enum": true, "protocol": true, "actor": true, "typealias": true,
}

// memberKinds are declarations nested in a type, rarely what a bare name means.
var memberKinds = map[string]bool{
	"func": true, "property": true, "init": true, "case": true, "subscript": true, "operator": true,
	"method": true, "deinit": true, "associatedtype": true,
}

// Match tiers order the fused list before the fused score does.
const (
	tierForced = iota
	tierExactTitle
	tierAllInTitle
	tierOther
	tierCount
)

var tierNames = [...]string{"forced canonical page", "exact title", "every keyword in the title", "other"}

// rank scores, filters, fuses and orders the candidates.
func (s *search) rank() []Result {
	s.prepareQuery()
	bySource := map[string][]*scored{}
	best := map[string]float64{}
	var kept []*candidate
	for _, c := range s.cands {
		if c.uri == "" || !s.filter.keeps(c) {
			continue
		}
		c.prepare()
		kept = append(kept, c)
		if c.rel > best[c.source] {
			best[c.source] = c.rel
		}
	}
	for _, c := range kept {
		sc := &scored{c: c, score: s.score(c, best[c.source], false), tier: s.tier(c), declares: s.declares(c), forcedWhy: s.forcedWhy(c)}
		bySource[c.source] = append(bySource[c.source], sc)
	}
	var lists []RankedList
	byURI := map[string]*scored{}
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		list := bySource[src]
		sort.Slice(list, func(i, j int) bool { return list[i].less(list[j]) })
		if len(list) > perSourceList {
			list = list[:perSourceList]
		}
		uris := make([]string, len(list))
		for i, sc := range list {
			uris[i] = sc.c.uri
			sc.sourceRank = i + 1
			byURI[sc.c.uri] = sc
		}
		lists = append(lists, RankedList{Source: src, URIs: uris, Weak: s.weakTailOf(list)})
	}
	fused := Fuse(lists, s.proposalFusionWeights(s.sectionFusionWeights(s.sourceWeights(best)), bySource[document.SourceSwiftEvolution]), RRFK)
	// Each source puts forward one page, its best-tiered, for the exact and
	// all-keywords tiers; its other pages follow in fused order. Without the
	// limit, three Swift Evolution proposals with "result builders" in their
	// titles would bury every Apple page; with it, each source's best match
	// still surfaces above the source weights.
	for _, list := range bySource {
		var best *scored
		for _, sc := range list {
			if sc.tier == tierForced || sc.tier == tierOther {
				continue
			}
			if best == nil || sc.tier < best.tier {
				best = sc
			}
		}
		for _, sc := range list {
			if sc != best && sc.tier != tierForced && !sc.declares {
				sc.tier = tierOther
			}
		}
	}
	sort.SliceStable(fused, func(i, j int) bool {
		a, b := byURI[fused[i].URI], byURI[fused[j].URI]
		if a.tier != b.tier {
			return a.tier < b.tier
		}
		if a.tier == tierForced && a.c.forcedRank != b.c.forcedRank {
			return a.c.forcedRank < b.c.forcedRank
		}
		return false // keep the fused order
	})
	if s.spreadQuestion {
		fused = spreadNames(fused, func(f Fused) string { return spreadName(byURI[f.URI].c.title) },
			func(f Fused) bool { return byURI[f.URI].tier == tierForced })
	}
	fused = s.namedMemberFirst(fused, byURI)
	s.lexiconBeforeNamedType(fused, byURI)
	s.uikitBeforeAppKit(fused, byURI)
	// A few rows past the limit: swiftTwins drops an Objective-C page
	// whose Swift twin is listed, and the list keeps its length.
	if n := s.filter.f.Limit + twinSpare; len(fused) > n {
		fused = fused[:n]
	}
	out := make([]Result, len(fused))
	for i, fu := range fused {
		sc := byURI[fu.URI]
		sc.score = s.score(sc.c, best[sc.c.source], true)
		out[i] = sc.result(fu, len(fused)-i)
	}
	return out
}

// queryView holds the query forms every candidate is compared with,
// computed once per search.
type queryView struct {
	textNorm string   // normalizeTitle(Text)
	textStem string   // stemWords of its words
	keywords []string // lower-case Keywords
	allWords []string // lower-case allWords, for the all-in-title tier
}

func (s *search) prepareQuery() {
	s.view = queryView{textNorm: normalizeTitle(s.q.Text),
		textStem: stemWords(words(strings.ToLower(s.q.Text)))}
	for _, k := range s.q.Keywords {
		s.view.keywords = append(s.view.keywords, strings.ToLower(k))
	}
	for _, k := range s.q.allWords() {
		s.view.allWords = append(s.view.allWords, strings.ToLower(k))
	}
}

// prepare caches the title forms the heuristics compare.
// Keyword heuristics look at the base name ("decode" of
// "decode(type:decoder:)"): argument labels are not what a page is about.
func (c *candidate) prepare() {
	c.titleLower = strings.ToLower(c.title)
	c.titleNorm = normalizeTitle(c.title)
	c.baseLower = strings.ToLower(baseName(c.title))
	c.titleWords = words(c.baseLower)
	c.baseNorm = strings.Join(c.titleWords, " ")
}

// scored is a candidate with its in-source score.
type scored struct {
	c          *candidate
	score      Score
	tier       int
	sourceRank int
	// declares marks the pages declaring what a declaration query asks for;
	// they all keep their tier, as each of them is an exact answer.
	declares bool
	// forcedWhy is why a forced page is first, for --explain's tier line.
	forcedWhy string
}

// less orders a source's list: forced pages first in their order, then by
// adjusted relevance, then by id for determinism.
func (a *scored) less(b *scored) bool {
	af, bf := a.c.forcedRank > 0, b.c.forcedRank > 0
	if af != bf {
		return af
	}
	if af && a.c.forcedRank != b.c.forcedRank {
		return a.c.forcedRank < b.c.forcedRank
	}
	if va, vb := a.score.Value(), b.score.Value(); va != vb {
		return va > vb
	}
	return a.c.id < b.c.id
}

// result renders the final Result. order counts down from the list length so
// that Score is strictly decreasing along the list: tier first, then the
// fused score; only the order is meaningful.
func (sc *scored) result(fu Fused, order int) Result {
	c := sc.c
	explain := append([]Factor(nil), sc.score.Factors...)
	explain = append(explain, Factor{Name: "source_rank", Op: OpBase, Value: float64(sc.sourceRank),
		Detail: fmt.Sprintf("%s, adjusted relevance %.4g", c.source, sc.score.Value())})
	for _, con := range fu.Contributions {
		explain = append(explain, Factor{Name: FactorRRF, Op: OpAdd, Value: con.Value,
			Detail: fmt.Sprintf("%s weight %g at rank %d, k %d%s", con.Source, con.Weight, con.Rank, RRFK, weakNote(con))})
	}
	tierWhy := tierNames[sc.tier]
	switch {
	case sc.tier == tierForced && sc.forcedWhy != "":
		tierWhy += ": " + sc.forcedWhy
	case sc.tier == tierExactTitle && sc.declares:
		// A declaration query's answers ("actor types", "@MainActor")
		// are its exact matches (tier).
		tierWhy += ": declares what the query asks for"
	}
	explain = append(explain, Factor{Name: "tier", Op: OpBase, Value: float64(sc.tier), Detail: tierWhy})
	return Result{
		URI: c.uri, Title: c.title, Source: c.source, Framework: c.framework, Kind: c.kind, Summary: c.summary,
		Score:        float64(tierCount-sc.tier) + fu.Score + float64(order)*1e-9,
		Availability: c.introduced, Deprecated: c.deprecated, Explain: explain,
	}
}

// weakTailOf marks the weak tail (weakTail) of one source's ranked list,
// for a request in words; a name's or code's list has none.
func (s *search) weakTailOf(list []*scored) []bool {
	if !s.q.Prose {
		return nil
	}
	scores, names, named := make([]float64, len(list)), make([]string, len(list)), make([]bool, len(list))
	for i, sc := range list {
		scores[i], names[i] = sc.score.Value(), spreadName(sc.c.title)
		_, named[i] = s.lexiconRank[sc.c.id]
	}
	return weakTail(scores, names, named)
}

// weakNote says in --explain that a contribution's weight is its weak
// tail's (weakTailWeight).
func weakNote(con Contribution) string {
	if con.Weak {
		return fmt.Sprintf(", weak tail ×%g", weakTailWeight)
	}
	return ""
}

// tier places a candidate in its match tier.
func (s *search) tier(c *candidate) int {
	if c.forcedRank > 0 {
		return tierForced
	}
	// A query that is only @attributes or a symbol intent ("Sendable
	// conformance") asks for pages declaring it: those are its exact matches.
	if s.declares(c) || s.definesAttribute(c) || s.definesDirective(c) {
		return tierExactTitle
	}
	switch {
	case s.exactTitle(c) && !s.directiveOnly || s.directiveOnly && c.framework == "swift" && s.exactTitle(c):
		return tierExactTitle
	case len(s.view.allWords) > 1 && allWordsIn(s.view.allWords, c.titleWords):
		return tierAllInTitle
	}
	return tierOther
}

// declares reports whether c answers a declaration query.
func (s *search) declares(c *candidate) bool {
	return c.via&viaAttribute != 0 && len(s.q.Terms) == 0 || c.via&viaSymbolIntent != 0
}

// definesAttribute reports the book's section titled by the @attribute a
// request holds alone ("@discardableResult"): the language's definition
// of it, an exact match beside the pages that declare it.
func (s *search) definesAttribute(c *candidate) bool {
	if len(s.q.Terms) > 0 || len(s.q.Attributes) == 0 || c.source != sectionFusionSource {
		return false
	}
	h, ok := s.sections[c.id]
	return ok && h.namedTopic
}

// definesDirective reports the book's section that writes most the #
// word a request holds alone ("#available", "#if"): the language's
// definition of it. Apple's pages titled with the bare word ("available"
// in the kernel, "warning" in News) are not what the # word names; the
// standard library's (fileID(), the macro #fileID) are (tier).
func (s *search) definesDirective(c *candidate) bool {
	if !s.directiveOnly || c.source != sectionFusionSource {
		return false
	}
	h, ok := s.sections[c.id]
	return ok && h.namedTopic
}

// directiveOnlyQuery: every keyword of q is a # word of the compiler's.
func directiveOnlyQuery(q *Query) bool {
	if len(q.Directives) == 0 {
		return false
	}
	for _, k := range q.Keywords {
		if name, ok := strings.CutPrefix(k, "#"); !ok || !slices.Contains(q.Directives, name) {
			return false
		}
	}
	return true
}

func (s *search) exactTitle(c *candidate) bool {
	t := s.view.textNorm
	if t == "" {
		return false
	}
	if c.titleNorm == t || c.baseNorm == t {
		return true
	}
	if !s.identifier && len(s.view.keywords) >= 1 && len(s.view.keywords) <= 3 && c.isType() &&
		reading.Unprefixed(c.title) == strings.Join(s.view.keywords, "") {
		// "label" in UIKit is UILabel, "collection view" UICollectionView:
		// lower-case words name the type that joins them behind its
		// framework's prefix.
		return true
	}
	if !s.identifier && s.filter.f.Framework != "" && len(s.view.keywords) >= 1 && len(s.view.keywords) <= 2 && c.isType() &&
		s.view.keywords[len(s.view.keywords)-1] != "view" {
		// Within one framework, a UI word names its view: "progress" in
		// SwiftUI is ProgressView, "scroll" in UIKit UIScrollView.
		joined := strings.Join(s.view.keywords, "") + "view"
		if c.titleNorm == joined || reading.Unprefixed(c.title) == joined {
			return true
		}
	}
	// Prose compares singular and plural alike ("App icon" is the page "App
	// icons"); API names must match exactly (View is not Views).
	return !s.identifier && s.view.textStem == stemWords(c.titleWords)
}

// stemWords folds a plural "s" off each word of more than three letters
// (not "ss"), enough to equate the titles of topic pages with queries.
func stemWords(ws []string) string {
	out := make([]string, len(ws))
	for i, w := range ws {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		out[i] = w
	}
	return strings.Join(out, " ")
}

// normalizeTitle folds case and treats punctuation other than '.' as word
// breaks, so "Async/await" equals "async await" and "Text.Scale" stays one
// name.
func normalizeTitle(s string) string {
	return strings.Join(words(strings.ToLower(s)), " ")
}

// words splits lower-case text at anything but letters, digits and '.'.
func words(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.'
	})
}

// score computes a candidate's in-source relevance; see doc.go.
func (s *search) score(c *candidate, bestRel float64, explain bool) Score {
	q := s.q
	var fields float64
	if q.Prose {
		fields = s.proseFieldScore(c)
	} else {
		fields = fieldScore(c, s.view.keywords)
	}
	base, norm := fields, 0.0
	if c.via&viaFTS != 0 && bestRel > 0 {
		norm = c.rel / bestRel
		base += bm25Scale * norm
	}
	semantic := s.semanticRelevance(c)
	if s.e.Semantic == SemanticOnly && s.queryVector != nil {
		base, norm, fields = semantic, 0, 0
	} else {
		base += semantic + s.contextRelevance(c) + s.lexiconRelevance(c) + s.sectionRelevance(c) + s.namedMemberRelevance(c) + s.familyMemberRelevance(c)
	}
	sc := Score{Base: base, product: 1, quiet: true}
	if explain {
		detail := fmt.Sprintf("field match %.3g", fields)
		if norm > 0 {
			detail = fmt.Sprintf("bm25 %.4g (%.2f of the best in %s) ×10 + field match %.3g", c.rel, norm, c.source, fields)
		}
		if semantic > 0 {
			detail += fmt.Sprintf(" + meaning %.3g (similarity %.2f)", semantic, s.similarity[c.id])
		}
		if sr := s.sectionRelevance(c); sr > 0 {
			h := s.sections[c.id]
			detail += fmt.Sprintf(" + section %.3g (%q, passage %d found)", sr, h.heading, h.rank)
		}
		if lx := s.lexiconRelevance(c); lx > 0 {
			detail += fmt.Sprintf(" + task lexicon %.3g (page %d it names)", lx, s.lexiconRank[c.id])
		}
		if nm := s.namedMemberRelevance(c); nm > 0 {
			detail += fmt.Sprintf(" + named member %.3g (%s)", nm, s.namedMembers[c.id])
		}
		if fm := s.familyMemberRelevance(c); fm > 0 {
			detail += fmt.Sprintf(" + family member %.3g (match %d)", fm, s.familyMembers[c.id])
		}
		sc = NewScore(base, detail)
	}

	switch {
	case s.exactTitle(c):
		sc.apply(weightExactTitle)
		if c.source == document.SourceAppleDocs {
			if m, ok := frameworkAuthority[c.framework]; ok {
				sc.multiplyRule(frameworkAuthorityRule(c.framework), FactorFrameworkAuthority, m, c.framework)
			}
			switch {
			case c.isType():
				sc.apply(weightExactTypeKind)
			case memberKinds[c.kind]:
				if s.requirements[c.id] {
					sc.apply(weightProtocolRequirement)
				}
			}
			if len(c.introduced) == 0 && (c.isType() || memberKinds[c.kind]) {
				sc.apply(weightNoPlatform)
			}
		}
	case q.Prose && s.titleIsNameKeyword(c):
		sc.apply(weightProseNamesTitle)
		if s.requirements[c.id] {
			sc.apply(weightNamedRequirement)
		}
	case q.Prose:
		// A request's first word is usually a verb ("get", "save"): what
		// counts is how much of the request the title covers.
		if cov := s.titleCoverage(c); cov > 0 {
			w := weightProseCoverageSlope
			why := fmt.Sprintf("title covers %.0f%% of the keywords", 100*cov)
			if s.conceptWeights != nil {
				why += ", weighed by rarity"
			}
			sc.multiplyRule(CoverageSlopeRule, w.factor, 1-w.value*cov, why)
		}
	case containsAll(c.baseLower, s.view.keywords):
		sc.apply(weightTitleHoldsAll)
	}
	if !strings.Contains(q.Text, ".") && strings.Contains(baseName(c.title), ".") {
		sc.apply(weightNestedType)
	}
	switch {
	case q.Prose:
		s.proseKind(&sc, c)
	case wholeKinds[c.kind]:
		sc.apply(weightWholeKind, c.kind)
	case c.isType() || c.kind == "framework":
		sc.apply(weightTypeKind, c.kind)
	case memberKinds[c.kind]:
		sc.apply(weightMemberKind, c.kind)
	}
	s.prominence(&sc, c)
	if conv, ok := s.conversions[c.id]; ok {
		sc.apply(weightConversionInit, "an initializer for "+conv)
	}
	if s.platform != "" && len(c.introduced) > 0 {
		if _, ok := c.introduced[s.platform]; !ok {
			sc.apply(weightOtherPlatform, "not on "+s.platform+", the platform the question names")
		}
	}
	if c.language == "data" && !s.dataIntent {
		sc.apply(weightDataLanguage)
	}
	if len(q.Keywords) <= shortQueryKeywords && len([]rune(c.title)) > verboseTitleRunes {
		sc.apply(weightVerboseTitle)
	}
	if strings.Contains(c.uri, "release-notes") {
		sc.apply(weightReleaseNotes)
	}
	switch {
	case c.via&viaExactSymbol != 0:
		sc.apply(weightExactSymbol)
	case c.via&viaKeywordSymbol != 0 && (!q.Prose || s.titleIsNameKeyword(c)):
		sc.apply(weightKeywordSymbol)
	case c.via&viaNounType != 0:
		sc.apply(weightNounType)
	}
	if c.via&viaWholeTitle != 0 {
		sc.apply(weightWholeTitle)
	}
	if c.via&viaAttributePage != 0 {
		sc.apply(weightAttributePage)
	}
	// A deprecated page asked for ("deprecated NSURL") takes no factor:
	// the request's words find it.
	if c.deprecated && !q.DeprecatedIntent {
		sc.apply(weightDeprecated)
	}
	if s.rivals[c.framework] {
		sc.apply(weightRivalFramework, "in "+c.framework+", rival to the named type's")
	}
	if q.Prose && s.named[c.framework] {
		sc.apply(weightNamedFramework)
	}
	if q.FrameworkHint != "" && c.framework == q.FrameworkHint {
		sc.apply(weightFrameworkHint, "in "+q.FrameworkWord)
	}
	return sc
}

// forcedWhy says why a page is forced first (tierForced): the root of the
// framework the query names or means, the canonical page of its name, or
// the member of the type it names. Forced pages keep the order they were
// forced in, in their source's list and in the fused one, so no weight of
// the score can move them; the ablation study found the four multipliers
// they once took worth nothing and they went (docs/search.md, "What each
// weight adds").
func (s *search) forcedWhy(c *candidate) string {
	switch {
	case c.forcedRank == 0:
		return ""
	case c.via&viaRoot != 0:
		return "the query names this framework"
	case c.via&viaSynonymRoot != 0:
		return "the query is a synonym of this framework"
	case c.via&viaCanonical != 0:
		return "canonical page of the name"
	case c.via&viaTypeMember != 0 && s.q.TypeName != "":
		return "member " + s.q.Member + " of " + s.q.TypeName
	case c.via&viaTypeMember != 0:
		// A reading's search for a call in code (callPages).
		return "a type or member the code names"
	}
	return ""
}

// fieldScore is the Go-side field match: for each keyword, the weight of the
// best field holding it (the field* constants), averaged, plus a brevity
// bonus for titles close to the query's length. It mirrors the BM25F column weights on the fields the docs
// table has, so lookup-only candidates and FTS candidates share a scale.
// keywords are lower-case.
func fieldScore(c *candidate, keywords []string) float64 {
	if len(keywords) == 0 {
		return 0
	}
	var summaryLower string
	var sum float64
	for _, k := range keywords {
		switch {
		case slices.Contains(c.titleWords, k):
			sum += fieldTitleWord
		case strings.Contains(c.baseLower, k):
			sum += fieldInTitle
		default:
			if summaryLower == "" {
				summaryLower = strings.ToLower(c.summary)
			}
			switch {
			case containsWordBounded(summaryLower, k):
				sum += fieldSummary
			case c.framework == k:
				sum += fieldFramework
			}
		}
	}
	extra := len(c.titleWords) - len(keywords)
	return sum/float64(len(keywords)) + fieldBrevityMax/float64(1+max(extra, 0))
}

// containsWordBounded reports whether word occurs in s between non-letters.
func containsWordBounded(s, word string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		before, after := ' ', ' '
		if start > 0 {
			before = rune(s[start-1])
		}
		if end < len(s) {
			after = rune(s[end])
		}
		if !isWordByte(before) && !isWordByte(after) {
			return true
		}
		i = start + 1
	}
}

func isWordByte(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r >= 0x80
}

// allWordsIn reports whether every keyword is a word of the title, singular
// and plural alike.
func allWordsIn(keywords, titleWords []string) bool {
	stems := strings.Fields(stemWords(titleWords))
	for _, k := range strings.Fields(stemWords(keywords)) {
		if !slices.Contains(stems, k) {
			return false
		}
	}
	return true
}

// containsAll reports whether every (lower-case) word is a substring of the
// lower-case s; false for no words.
func containsAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return len(words) > 0
}
