package ranker

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Topics: the Swift book's section titles, read once per engine (at the
// first request that may name one), are the topics of the language a
// question may name in its own words: "Swift property observers initial
// value" names "Property Observers", "failable initializer in Swift" names
// "Failable Initializers". A question that
// names one is a language question whose answer is that section's
// chapter: the reading proposes the chapter (it joins the candidates as if
// found through that section, first) and the book meets Apple's pages on
// equal terms (sectionFusionWeights). The words' search still runs and
// decides. The titles are data of the index, not a list written here.

// bookTopic is one section title of the book, by its words' stems.
type bookTopic struct {
	doc, passage    int64
	anchor, heading string
}

// sectionIndex is what the engine knows of the passage rows: each passage
// source's span of passage ids, and the book's section titles as topics.
type sectionIndex struct {
	spans map[string]idRange
	// topics are the book's section titles of at least minTopicWords
	// content words, keyed by their stems joined by spaces; the first
	// section of a title wins.
	topics map[string]bookTopic
	// attributeTopics are the book's one-name section titles, lower-cased
	// ("discardableresult"), which a request's @attribute names.
	attributeTopics map[string]bookTopic
	// keywordTopics are, for each Swift keyword the book writes as code,
	// lower-cased, the section that writes it most often ("weak": Weak
	// References; "repeat": Repeat-While). They are read from the
	// sections' texts (headings, store) at the first question about a
	// keyword, or by Preload: reading them with the titles cost every
	// fresh server's first sentence about 3 ms.
	keywordTopics map[string]bookTopic
	// directiveTopics are, for each compiler # word the book writes
	// ("if", "available", "selector"), the section that writes it most
	// (Conditional Compilation Block, Checking API Availability, Selector
	// Expression); read with the keyword topics.
	directiveTopics map[string]bookTopic
	keywordsRead    sync.Mutex
	headings        []index.PassageHit
	store           *index.Store
}

// sectionIndexOf returns the engine's section index, reading it at the
// first request that needs it. A server's first request is often a name,
// which reads no section: reading the spans and the titles in New cost
// every fresh server about 5 ms before its first answer. A read that
// fails is returned and tried again by the next request.
func (e *Engine) sectionIndexOf(ctx context.Context) (*sectionIndex, error) {
	if x := e.sections.Load(); x != nil {
		return x, nil
	}
	e.sectionsRead.Lock()
	defer e.sectionsRead.Unlock()
	if x := e.sections.Load(); x != nil {
		return x, nil
	}
	x := &sectionIndex{spans: map[string]idRange{}, topics: map[string]bookTopic{}, attributeTopics: map[string]bookTopic{}, store: e.store}
	for _, src := range index.PassageSources {
		r, ok := e.ranges[src]
		if !ok {
			continue
		}
		first, last, ok, err := e.store.PassageSpan(ctx, r.lo, r.hi)
		if err != nil {
			return nil, fmt.Errorf("ranker sections: %w", err)
		}
		if ok {
			x.spans[src] = idRange{lo: first, hi: last}
		}
	}
	if err := x.readBookTopics(ctx, e.store); err != nil {
		return nil, err
	}
	e.sections.Store(x)
	return x, nil
}

// readBookTopics reads the book's section titles into x's topics, and
// keeps them for the keyword topics (keywordTopicsOf).
func (x *sectionIndex) readBookTopics(ctx context.Context, store *index.Store) error {
	r, ok := x.spans[sectionFusionSource]
	if !ok {
		return nil
	}
	hits, err := store.PassageHeadings(ctx, index.RowSpan{Lo: r.lo, Hi: r.hi})
	if err != nil {
		return fmt.Errorf("ranker topics: %w", err)
	}
	for _, h := range hits {
		if name := strings.TrimSpace(h.Heading); swiftlex.IdentifierPrefix(name) == name && name != "" {
			// A heading that is one Swift name ("discardableResult",
			// "available", "escaping": the Attributes chapter's sections)
			// is what a request's @name asks about.
			key := strings.ToLower(name)
			if _, seen := x.attributeTopics[key]; !seen {
				x.attributeTopics[key] = bookTopic{doc: h.DocID, passage: h.ID, anchor: h.Anchor, heading: h.Heading}
			}
		}
		words := topicStems(h.Heading)
		if len(words) < minTopicWords || len(words) > maxTopicWords {
			continue
		}
		key := strings.Join(words, " ")
		if _, seen := x.topics[key]; !seen {
			x.topics[key] = bookTopic{doc: h.DocID, passage: h.ID, anchor: h.Anchor, heading: h.Heading}
		}
	}
	x.headings = hits
	return nil
}

// topicStems are the stems of text's content words, in order.
func topicStems(text string) []string {
	var out []string
	for _, w := range topicWords(text) {
		out = append(out, stem(w))
	}
	return out
}

// topicWords are text's content words in lower case, split at every mark
// ("in-out": in, out), as a heading's are read.
func topicWords(text string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if !stopWords[w] && !sectionScaffolding[w] {
			out = append(out, w)
		}
	}
	return out
}

// namedTopics are the book's topics the request names: runs of its
// content words, longest first, equal to a section title's.
func (s *search) namedTopics() []bookTopic {
	if s.topicsRead {
		return s.topics
	}
	s.topicsRead = true
	if s.sectionIndex == nil || len(s.sectionIndex.topics) == 0 && len(s.sectionIndex.attributeTopics) == 0 {
		return nil
	}
	s.topics = append(s.topics, s.nameTopics...)
	var words, named []string
	for _, w := range s.contentWords() {
		// Split as the headings are (topicStems): "read-only" is "read"
		// and "only".
		for _, part := range topicWords(w) {
			words = append(words, stem(part))
			if c, ok := keywordConcepts[part]; ok {
				part = c
			}
			named = append(named, stem(part))
		}
	}
	taken := make([]bool, len(words))
	s.matchTopics(words, taken)
	if !slices.Equal(words, named) {
		// The words as the book's headings name them: "let vs var" asks
		// about "Constants and Variables".
		s.matchTopics(named, taken)
	}
	return s.topics
}

// matchTopics adds the topics that runs of words not yet taken name,
// longest first, and marks their words taken.
func (s *search) matchTopics(words []string, taken []bool) {
	for n := min(maxTopicWords, len(words)); n >= minTopicWords; n-- {
		for i := 0; i+n <= len(words); i++ {
			if slices.Contains(taken[i:i+n], true) {
				continue
			}
			if t, ok := s.sectionIndex.topics[strings.Join(words[i:i+n], " ")]; ok {
				s.topics = append(s.topics, t)
				for j := i; j < i+n; j++ {
					taken[j] = true
				}
			}
		}
	}
}

// keywordConcepts name Swift's keywords by the concept the book's headings
// use for them: a question says "let vs var", "static properties" or
// "struct and enum", the book's sections are "Constants and Variables",
// "Type Properties", "Structures and Enumerations Are Value Types". Only
// keywords that no English sentence uses as the concept's name: "class"
// and "protocol" are their own concepts already.
var keywordConcepts = map[string]string{
	"let": "constants", "var": "variables", "func": "functions", "struct": "structures", "structs": "structures",
	"enum": "enumerations", "enums": "enumerations", "init": "initializers", "deinit": "deinitializers",
	"static": "type",
}

// topicStage adds the chapter of each topic the request names, as found
// through that section first.
func (s *search) topicStage() {
	for _, t := range s.namedTopics() {
		h := s.sections[t.doc]
		h.rank, h.passage, h.anchor, h.heading, h.namedTopic = 1, t.passage, t.anchor, t.heading, true
		s.sections[t.doc] = h
		s.add(t.doc, viaSection)
	}
}

// readKeywordTopics counts, in every section of the book (hits), the Swift
// keywords it writes as code (`weak`), and keeps for each keyword the
// section that writes it most, the first of a tie: what the book says of
// a keyword, it says where it uses it. The counts are the book's own, so
// a keyword it teaches in a heading's section ("Repeat-While") and one it
// only lists (Lexical Structure's every keyword once) fall out alike.
func (x *sectionIndex) readKeywordTopics(ctx context.Context) error {
	ids := make([]int64, len(x.headings))
	for i, h := range x.headings {
		ids[i] = h.ID
	}
	texts, err := x.store.PassageTexts(ctx, ids)
	if err != nil {
		return fmt.Errorf("ranker topics: %w", err)
	}
	x.keywordTopics = keywordSections(x.headings, texts)
	x.directiveTopics = directiveSections(x.headings, texts)
	return nil
}

// directiveSections picks, for each compiler # word the sections write
// (in prose or in code), the section that writes it most, the first of a
// tie: "#if" is written most by Conditional Compilation Block, whose
// samples open and close with it, "#selector" by Selector Expression.
func directiveSections(hits []index.PassageHit, texts map[int64]string) map[string]bookTopic {
	out := map[string]bookTopic{}
	best := map[string]int{}
	for _, h := range hits {
		counts := map[string]int{}
		for _, m := range directiveRE.FindAllStringSubmatch(texts[h.ID], -1) {
			if swiftlex.Directives[m[1]] {
				counts[m[1]]++
			}
		}
		for d, n := range counts {
			if n > best[d] {
				best[d] = n
				out[d] = bookTopic{doc: h.DocID, passage: h.ID, anchor: h.Anchor, heading: h.Heading}
			}
		}
	}
	return out
}

// keywordTopicsOf returns the keyword and the directive topics, reading
// them at the first call; a read that fails is tried again by the next.
func (x *sectionIndex) keywordTopicsOf(ctx context.Context) (keywords, directives map[string]bookTopic, err error) {
	x.keywordsRead.Lock()
	defer x.keywordsRead.Unlock()
	if x.keywordTopics == nil && x.store != nil {
		if err := x.readKeywordTopics(ctx); err != nil {
			return nil, nil, err
		}
	}
	return x.keywordTopics, x.directiveTopics, nil
}

// keywordSections picks, for each keyword the sections write as code, the
// section that writes it most, a section whose heading also names it
// (Weak References, Repeat-While) counting keywordHeadingBonus more: the
// book teaches a keyword where a heading names it and declares it, with
// every other modifier, in the reference's lists. The first of a tie wins.
func keywordSections(hits []index.PassageHit, texts map[int64]string) map[string]bookTopic {
	out := map[string]bookTopic{}
	best := map[string]int{}
	for _, h := range hits {
		heading := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(h.Heading), func(r rune) bool { return !unicode.IsLetter(r) }) {
			heading[w] = true
		}
		for kw, n := range codeKeywords(texts[h.ID]) {
			if heading[kw] {
				n += keywordHeadingBonus
			}
			if n > best[kw] {
				best[kw] = n
				out[kw] = bookTopic{doc: h.DocID, passage: h.ID, anchor: h.Anchor, heading: h.Heading}
			}
		}
	}
	return out
}

// codeKeywords counts the Swift keywords text writes as code spans of one
// word (`weak`), lower-cased.
func codeKeywords(text string) map[string]int {
	counts := map[string]int{}
	for rest := text; ; {
		i := strings.IndexByte(rest, '`')
		if i < 0 {
			return counts
		}
		rest = rest[i+1:]
		j := strings.IndexByte(rest, '`')
		if j < 0 {
			return counts
		}
		if w := rest[:j]; swiftlex.Keywords[w] {
			counts[strings.ToLower(w)]++
		}
		rest = rest[j+1:]
	}
}

// keywordQuestionWords may stand beside the keyword a question asks about
// ("the 'open' keyword", "the defer statement").
var keywordQuestionWords = swiftlex.SetOf("keyword", "keywords", "statement", "statements", "modifier", "modifiers")

// askedKeyword is the Swift keyword a question asks about, lower-cased:
// when asked (a question, not a comparison: keywordQuestion) and the
// terms left of it ("What does weak mean in Swift?", "What is the 'open'
// keyword?") are that keyword alone, or with "keyword" or "statement";
// else "".
func askedKeyword(q *Query, asked bool) string {
	if !asked {
		return ""
	}
	kw := ""
	for _, t := range q.Terms {
		w := strings.Trim(t, "'\"`‘’“”")
		switch {
		case keywordQuestionWords[strings.ToLower(w)]:
		case kw == "" && swiftlex.Keywords[w]:
			kw = strings.ToLower(w)
		default:
			return ""
		}
	}
	return kw
}

// namedNameTopics are the book's sections a request names by a name: its
// @attributes' (namedAttributeTopics), its # words' (the section that
// writes each most: "#available", "how does #if work") and, for a
// question about a keyword, the section that writes the keyword most
// (readKeywordTopics). The reading proposes them; the words' search still
// runs. A comparison's # words ("#file vs #fileID") propose nothing: the
// section that writes both most mentions them, it does not compare them
// (a realq-dev4 row 1 -> 2 with them).
func (x *sectionIndex) namedNameTopics(ctx context.Context, q *Query, keywordQuestion, compares bool) ([]bookTopic, error) {
	out := x.namedAttributeTopics(q)
	kw := askedKeyword(q, keywordQuestion)
	directives := q.Directives
	if compares {
		directives = nil
	}
	if x == nil || kw == "" && len(directives) == 0 {
		return out, nil
	}
	keywords, directiveTopics, err := x.keywordTopicsOf(ctx)
	if err != nil {
		return nil, err
	}
	for _, d := range directives {
		if t, ok := directiveTopics[d]; ok && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if t, ok := keywords[kw]; ok && kw != "" {
		out = append(out, t)
	}
	return out, nil
}

// namedAttributeTopics are the book's sections titled by one of the
// request's @attributes: "@discardableResult" and "Forward-compatibility
// of @available?" ask what the language's attribute does, which the
// Attributes chapter's section of that name says; Apple's pages only
// declare it. The reading proposes the section; the words' search still
// runs, and the attribute's declaring pages compete in fusion.
func (x *sectionIndex) namedAttributeTopics(q *Query) []bookTopic {
	if x == nil {
		return nil
	}
	var out []bookTopic
	for _, a := range q.Attributes {
		if t, ok := x.attributeTopics[strings.ToLower(a)]; ok {
			out = append(out, t)
		}
	}
	return out
}
