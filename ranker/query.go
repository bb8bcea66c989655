package ranker

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// Query is a user query taken apart into the signals the ranker uses. Parsing
// only ever removes words that carry a signal of their own; whatever is left
// is Text, the part searched in full text.
type Query struct {
	Raw string `json:"raw"`
	// Text is what remains for full-text search; Terms is Terms(Text) and
	// Keywords is Terms without English function words (equal to Terms when
	// every term is one).
	Text     string   `json:"text"`
	Terms    []string `json:"terms,omitempty"`
	Keywords []string `json:"keywords,omitempty"`

	// Sources is set by a leading source prefix: "se actors", "hig: buttons".
	Sources []string `json:"sources,omitempty"`
	// Attributes are the @Name tokens without "@": "@MainActor view".
	Attributes []string `json:"attributes,omitempty"`
	// Directives are the compiler's # words the query writes, without
	// "#": "#available", "#if DEBUG". They stay in Text: the book's
	// section that uses one most is proposed beside the words' search
	// (sectionIndex.namedNameTopics).
	Directives []string `json:"directives,omitempty"`
	// FrameworkHint is the identifier of a framework word at the start or end
	// of a longer query ("SwiftUI text", "physics bodies SpriteKit").
	// FrameworkWord is the word as typed. A hint steers ranking; it is not a
	// filter, because "noncopyable types Swift" still wants Swift Evolution.
	FrameworkHint string `json:"frameworkHint,omitempty"`
	FrameworkWord string `json:"frameworkWord,omitempty"`
	// TypeName and Member are set for "URLSession dataTask" and
	// "URLSession.dataTask" shapes. The words stay in Text.
	TypeName string `json:"typeName,omitempty"`
	Member   string `json:"member,omitempty"`
	// SourceHint is a source a word of the query points to ("Parameter
	// Packs proposal": swift-evolution). Like FrameworkHint it steers
	// ranking and filters nothing; the word is removed.
	SourceHint string `json:"sourceHint,omitempty"`
	// DeprecatedIntent is set when the query asks for old API ("deprecated",
	// "legacy", "obsolete"): the deprecation penalty is then lifted.
	DeprecatedIntent bool `json:"deprecatedIntent,omitempty"`
	// Symbol is what the query asks of a page's declared symbols
	// ("Sendable conformance", "actor type", "async throws").
	Symbol SymbolIntent `json:"symbol,omitzero"`
	// Prose is set for words describing something ("schedule a local
	// notification", "how to pause an audio player", "Dark mode"), as
	// opposed to a name or a title-cased phrase ("Undo Architecture Overview");
	// see isProse.
	Prose bool `json:"prose,omitempty"`
	// Headline is set when a title's capitals are its headline style
	// (headlineCased), not names: its plain capitalised words ("Row",
	// "Text") name no API.
	Headline bool `json:"headline,omitempty"`
}

// SymbolIntent is a predicate over declared symbols that a query expresses.
type SymbolIntent struct {
	Kind              string `json:"kind,omitempty"` // protocol, actor, struct, class, enum, init, subscript, typealias
	Conformance       string `json:"conformance,omitempty"`
	Async             bool   `json:"async,omitempty"`
	Throws            bool   `json:"throws,omitempty"`
	Static            bool   `json:"static,omitempty"`
	Public            bool   `json:"public,omitempty"`
	GenericConstraint bool   `json:"genericConstraint,omitempty"`
}

// IsZero reports whether the intent asks nothing.
func (s SymbolIntent) IsZero() bool { return s == SymbolIntent{} }

// deprecatedWords mark deprecated intent.
var deprecatedWords = map[string]bool{"deprecated": true, "legacy": true, "obsolete": true}

// sourceHintWords point to a source.
var sourceHintWords = func() map[string]string {
	m := map[string]string{}
	for _, s := range source.All {
		for _, w := range s.HintWords {
			m[w] = s.ID
		}
	}
	return m
}()

// typeKindWords are the kinds a "<kind> type" query can ask for.
var typeKindWords = map[string]string{
	"protocol": "protocol", "actor": "actor", "struct": "struct", "structure": "struct",
	"class": "class", "enum": "enum", "enumeration": "enum",
}

// memberKindWords are single words that ask for a declaration kind.
var memberKindWords = map[string]string{
	"initializer": "init", "initializers": "init",
	"subscript": "subscript", "subscripts": "subscript",
	"typealias": "typealias", "typealiases": "typealias",
}

// stopWords are English function words dropped from Keywords so that "how to
// pause an audio player" does not require "how" and "to" in every hit.
var stopWords = swiftlex.QueryStopWords

// Parse takes a query apart. fw resolves framework words; nil disables them.
// It returns ErrEmptyQuery when nothing searchable remains.
func Parse(raw string, fw *Frameworks) (Query, error) {
	q := Query{Raw: raw}
	tokens := strings.Fields(dashesAndEllipses.Replace(cleanText(raw)))
	for i, t := range tokens {
		tokens[i] = trimSentencePunctuation(t)
	}

	if len(tokens) > 0 {
		if src, rest, ok := sourcePrefix(tokens[0]); ok && (rest != "" || len(tokens) > 1) {
			q.Sources = []string{src}
			if rest != "" {
				tokens[0] = rest
			} else {
				tokens = tokens[1:]
			}
		}
	}

	q.Directives = directivesOf(raw)
	tokens = q.takeAttributes(tokens)
	tokens = q.takeDeprecatedIntent(tokens)
	tokens = q.takeSourceHint(tokens)
	tokens = q.takeFrameworkWord(tokens, fw)
	q.detectSymbolIntent(tokens)
	if q.Symbol.IsZero() {
		q.detectTypeMember(tokens)
	}

	q.Text = strings.Join(tokens, " ")
	q.Terms = Terms(q.Text)
	for _, t := range q.Terms {
		if !stopWords[strings.ToLower(t)] {
			q.Keywords = append(q.Keywords, t)
		}
	}
	if len(q.Keywords) == 0 {
		q.Keywords = q.Terms
	}
	q.Prose = isProse(&q)
	if len(q.Terms) == 0 && len(q.Attributes) == 0 {
		return q, ErrEmptyQuery
	}
	return q, nil
}

// quoteMarks are the quotes a sentence puts around a word.
const quoteMarks = "'\"“”‘’«»"

// dashesAndEllipses part words that a dash or an ellipsis joins without a
// space ("UIButton—title", "UIButton… title"); a hyphen ("read-only")
// stays.
var dashesAndEllipses = strings.NewReplacer("—", " ", "–", " ", "…", " ")

// contractions are the words whose "'s" is "is" or "us", not a possessive.
var contractions = map[string]bool{"it": true, "what": true, "that": true, "there": true, "here": true, "where": true, "who": true, "how": true, "let": true, "he": true, "she": true}

// trimSentencePunctuation drops the punctuation a sentence puts after a
// word, so that "UITableView: how are cells reused" and "UIView, CALayer"
// name UITableView and UIView as the bare words do: a comma, a semicolon or
// a full stop always; a colon only after a capitalised word with no other
// colon or parenthesis ("SKStoreReviewController:"), since a lower-case word
// ending in one is an Objective-C selector ("setNeedsDisplayInRect:") and a
// colon inside a name belongs to it ("init(coder:)", "se:actors").
//
// A name's possessive goes too ("UIButton's title", "SwiftUI’s List"): the
// tokenizer reads "UIButton's" as the phrase "uibutton s", which no page
// holds, and a request of two words found nothing. Only after a word with
// a capital that is no contraction ("it's", "What's", "Let's").
//
// Quotes around a word with a capital go as well ("'UIButton' title
// color", "“UIButton”"): a quoted name is the name. A quoted lower-case
// word ("the 'weak' keyword") keeps them: the keyword readings know it by
// its quotes.
func trimSentencePunctuation(token string) string {
	for {
		trimmed := strings.TrimRight(token, ",;.")
		if unquoted := strings.Trim(trimmed, quoteMarks); strings.ContainsFunc(unquoted, unicode.IsUpper) {
			trimmed = unquoted
		}
		if c, ok := strings.CutSuffix(trimmed, ":"); ok && c != "" && unicode.IsUpper([]rune(c)[0]) && !strings.ContainsAny(c, ":()") {
			trimmed = c
		}
		if c, ok := cutPossessive(trimmed); ok {
			trimmed = c
		}
		if trimmed == token || trimmed == "" {
			return token
		}
		token = trimmed
	}
}

// cutPossessive cuts a possessive (trimPossessive) from a word with a
// capital that is no contraction.
func cutPossessive(word string) (string, bool) {
	c := trimPossessive(word)
	if c == word || !strings.ContainsFunc(c, unicode.IsUpper) || contractions[strings.ToLower(c)] {
		return word, false
	}
	return c, true
}

// isProse: words rather than a name. A name is one identifier, a "Type
// member" pair or a title-cased phrase ("Undo Architecture Overview"); two or
// more keywords with a lower-case one describe something ("schedule a local
// notification", "structured concurrency", "Dark mode", "how to pause an
// audio player"). The difference matters because such words are mostly
// common verbs and nouns ("get", "save", "file") that name thousands of
// unrelated symbols, so the name heuristics (a title starting with the
// first word, a symbol named like a word) mislead.
func isProse(q *Query) bool {
	if q.TypeName != "" || !q.Symbol.IsZero() || len(q.Keywords) < 2 {
		return false
	}
	for _, k := range q.Keywords {
		if r, _ := utf8.DecodeRuneInString(k); unicode.IsLower(r) {
			return true
		}
	}
	return false
}

// allWords is Keywords plus the framework word: the full text still has to
// contain what the user typed ("Quartz 2D" is about Quartz even though
// "Quartz" is also a framework), and a page of that framework holds the word
// in its framework column anyway.
func (q *Query) allWords() []string {
	if q.FrameworkWord == "" {
		return q.Keywords
	}
	return append(Terms(q.FrameworkWord), q.Keywords...)
}

func (q *Query) takeAttributes(tokens []string) []string {
	out := tokens[:0:0]
	for _, t := range tokens {
		if name, ok := strings.CutPrefix(t, "@"); ok {
			if ident := swiftlex.IdentifierPrefix(name); ident != "" {
				if !containsFold(q.Attributes, ident) {
					q.Attributes = append(q.Attributes, ident)
				}
				continue
			}
		}
		out = append(out, t)
	}
	return out
}

// directiveRE finds a # word at a word's start: "#if", "(#available".
var directiveRE = regexp.MustCompile(`(?:^|[^\w#])#([A-Za-z]+)\b`)

// directivesOf lists the compiler's # words text writes, each once.
func directivesOf(text string) []string {
	var out []string
	for _, m := range directiveRE.FindAllStringSubmatch(text, -1) {
		if swiftlex.Directives[m[1]] && !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	return out
}

func (q *Query) takeDeprecatedIntent(tokens []string) []string {
	out := tokens[:0:0]
	for _, t := range tokens {
		if deprecatedWords[strings.ToLower(t)] {
			q.DeprecatedIntent = true
			continue
		}
		out = append(out, t)
	}
	// A query that is only "deprecated" is a search for the word.
	if len(out) == 0 && len(q.Attributes) == 0 {
		q.DeprecatedIntent = false
		return tokens
	}
	return out
}

func (q *Query) takeSourceHint(tokens []string) []string {
	if len(tokens) < 2 {
		return tokens
	}
	out := tokens[:0:0]
	for _, t := range tokens {
		if src := sourceHintWords[strings.ToLower(t)]; src != "" && q.SourceHint == "" {
			q.SourceHint = src
			continue
		}
		out = append(out, t)
	}
	return out
}

// takeFrameworkWord strips one framework name from the start or the end of a
// query of two or more words. Framework qualifiers are written there
// ("SwiftUI List", "physics bodies SpriteKit"); a framework name in the middle
// ("how does network reachability work") is ordinary text. Two-word display
// names ("Core Data stack") are tried before single words.
func (q *Query) takeFrameworkWord(tokens []string, fw *Frameworks) []string {
	n := len(tokens)
	if fw == nil || n < 2 {
		return tokens
	}
	type span struct{ from, to int }
	candidates := []span{{0, 1}, {n - 1, n}}
	if n >= 3 {
		candidates = []span{{0, 2}, {0, 1}, {n - 2, n}, {n - 1, n}}
	}
	end := n
	if n >= 3 && frameworkProjectWords[strings.ToLower(tokens[n-1])] {
		// "Set in SwiftUI app", "add context menus to a UIKit app": the
		// framework names the app's kind, and goes with "app".
		end = n - 1
		candidates = append(candidates, span{end - 1, end})
		if end >= 3 {
			candidates = append(candidates, span{end - 2, end})
		}
	}
	for _, c := range candidates {
		word := strings.Join(tokens[c.from:c.to], " ")
		id, ok := fw.Lookup(word)
		if !ok {
			continue
		}
		q.FrameworkHint, q.FrameworkWord = id, word
		from, to := c.from, c.to
		if to == end && end < n {
			to = n
			for from >= 2 && frameworkDeterminers[strings.ToLower(tokens[from-1])] {
				from--
			}
			if from >= 2 && strings.EqualFold(tokens[from-1], "to") {
				from-- // "add context menus to a UIKit app"
			}
		}
		if to == n && from >= 2 && frameworkPrepositions[strings.ToLower(tokens[from-1])] {
			// "WKWebView in SwiftUI": the preposition goes with its
			// framework, or "WKWebView in" is no name to look up.
			from--
		}
		return append(tokens[:from:from], tokens[to:]...)
	}
	return tokens
}

// frameworkProjectWords follow a framework named last as the kind of
// project it builds ("a SwiftUI app"); frameworkDeterminers may stand
// before it ("in my SwiftUI app").
var (
	frameworkProjectWords = swiftlex.SetOf("app", "apps", "application", "project")
	frameworkDeterminers  = swiftlex.SetOf("a", "an", "the", "my", "our", "this")
)

// frameworkPrepositions put a framework named last in its place ("in
// SwiftUI", "with UIKit", "using Combine").
var frameworkPrepositions = swiftlex.SetOf("in", "with", "using", "for", "from", "inside", "into", "on", "via")

func (q *Query) detectTypeMember(tokens []string) {
	switch len(tokens) {
	case 1:
		// "URLSession.dataTask(with:)": split at the last dot before any
		// selector, so the dots of "Text.Scale.small" keep the nesting.
		t := tokens[0]
		base := t
		if open := strings.IndexByte(t, '('); open >= 0 {
			base = t[:open]
		}
		i := strings.LastIndexByte(base, '.')
		if i <= 0 || i == len(base)-1 {
			return
		}
		typ, member := t[:i], t[i+1:]
		if swiftlex.IsTypeName(strings.ReplaceAll(typ, ".", "")) && swiftlex.IdentifierPrefix(member) != "" {
			q.TypeName, q.Member = typ, member
		}
	case 2:
		// Two words are a type and a member only when one of them looks like
		// code (URLSession, dataTask, resume()); "Dark mode" is prose.
		if swiftlex.IsTypeName(tokens[0]) && reading.IsMemberName(tokens[1]) && (reading.CodeLike(tokens[0]) || reading.CodeLike(tokens[1])) {
			q.TypeName, q.Member = tokens[0], tokens[1]
		}
	}
}

func (q *Query) detectSymbolIntent(tokens []string) {
	lower := make([]string, len(tokens))
	for i, t := range tokens {
		lower[i] = strings.ToLower(t)
	}
	var s SymbolIntent
	switch n := len(lower); {
	case n == 2 && (lower[1] == "conformance" || lower[1] == "conformances") && swiftlex.IsTypeName(tokens[0]):
		s.Conformance = tokens[0]
	case n == 2 && (lower[1] == "type" || lower[1] == "types") && typeKindWords[lower[0]] != "":
		s.Kind = typeKindWords[lower[0]]
	case n == 1 && memberKindWords[lower[0]] != "":
		s.Kind = memberKindWords[lower[0]]
	case n >= 2 && slices.Contains(lower, "generic") && (hasPrefixAny(lower, "constraint") || slices.Contains(lower, "where")):
		s.GenericConstraint = true
	case n >= 2 && lower[n-2] == "where" && strings.HasPrefix(lower[n-1], "clause"):
		s.GenericConstraint = true
	case n >= 2 && allModifiers(lower):
		for _, w := range lower {
			switch w {
			case "async":
				s.Async = true
			case "throws", "throwing", "rethrows":
				s.Throws = true
			case "static":
				s.Static = true
			case "public", "open":
				s.Public = true
			}
		}
	}
	for i := 0; i+2 < len(lower); i++ {
		// "conforms to Sendable" names a type; "conforming to protocols"
		// is a question's words, not a conformance to look for.
		if (lower[i] == "conforms" || lower[i] == "conforming" || lower[i] == "conform") && lower[i+1] == "to" && swiftlex.IsTypeName(tokens[i+2]) {
			s.Conformance = tokens[i+2]
		}
	}
	q.Symbol = s
}

func hasPrefixAny(words []string, prefix string) bool {
	for _, w := range words {
		if strings.HasPrefix(w, prefix) {
			return true
		}
	}
	return false
}

func allModifiers(words []string) bool {
	for _, w := range words {
		switch w {
		case "async", "throws", "throwing", "rethrows", "static", "public", "open":
		default:
			return false
		}
	}
	return true
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}
