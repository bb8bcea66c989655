package ranker

import (
	"context"
	"math"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The task lexicon bridges the words of a job ("show a spinner while it
// loads", "keep the screen awake") to the API that does it (ProgressView,
// isIdleTimerDisabled) where the two share no vocabulary that the corpus
// could teach: Apple's pages never say "spinner". It is curated knowledge,
// the kind an experienced developer carries, kept as data in
// ranker/lexicon/*.tsv (lexicon_files.go says how it is compiled);
// docs/search.md says how each round was written and gives its ablation.
//
// A phrase of an idea matches a request when every content word of the
// phrase is among the request's words, compared by Porter stem and in any
// order; an idea also matches loosely on rare words of its phrases
// (rankIdeas). The best ideas' pages join the candidates with a relevance
// of their own (lexiconRelevance): a hint that competes, not an answer
// forced on top. The table is compiled by `go generate ./ranker` into
// static arrays; the first request that reads it derives its per-stem and
// per-idea lists from them (compiledLexicon).

// taskIdea is one everyday job: the ways people word it and the pages that
// do it, best first. A page is an apple-docs path or a whole URI.
type taskIdea struct {
	phrases []string
	apis    []string
}

// lexicon is a table of ideas with their phrases stemmed, in flat arrays:
// a stem's number is its index in the sorted stems, and each index is a
// list per stem or idea cut from one array by offsets (list[at[i]:at[i+1]]).
type lexicon struct {
	ideas []taskIdea
	stems []string      // sorted
	words []lexiconWord // every phrase's words, phrase after phrase
	spans []lexiconSpan // the phrases, as the ends of their runs of words
	// byStem lists the phrases holding each stem, so a request checks
	// only the phrases that share a word with it; ideasByStem the ideas
	// holding each stem, and bags each idea's words (indexes into words),
	// all its phrases' together, for the loose match.
	byStem, byStemAt           []int32
	ideasByStem, ideasByStemAt []int32
	bags, bagsAt               []int32
	// whole marks the ideas matched by a whole phrase only, whose words
	// count in no idea's rarity (a file's wholePhrasesLine,
	// lexicon_files.go); nil for none.
	whole []bool
	// ordinaryIdeas counts the ideas neither whole nor a problem's, and
	// ordinaryDF, per stem, those of them holding it: a word's rarity is
	// theirs alone, so the ideas of another kind change no task idea's
	// loose match.
	ordinaryIdeas int
	ordinaryDF    []int32
	// problem marks the ideas of a problem ("cell shows old image", "timer
	// stops while scrolling"), which vote only in a request that reports
	// one (a file's problemsLine, lexicon_files.go); nil for none.
	problem []bool
}

// lexiconSpan is a phrase: its words run in words from where the phrase
// before it ends (0 for the first) to end; idea is the idea it words.
type lexiconSpan struct {
	end, idea int32
}

// phrase returns the words of phrase n.
func (lx *lexicon) phrase(n int32) []lexiconWord {
	start := int32(0)
	if n > 0 {
		start = lx.spans[n-1].end
	}
	return lx.words[start:lx.spans[n].end]
}

// lexiconWord is a content word by its Porter stem's number (-1: a stem no
// phrase has). Where the stemmer cut a derivational ending ("localize" ->
// local, "transferable" -> transfer), a request's word must also begin like
// the phrase's (prefix): "local" and "transfer" mean something else,
// "localization" and "transferables" do not. A request's words keep the
// word as written, to compare with that prefix; a phrase's need only the
// prefix and the stem.
type lexiconWord struct {
	word, prefix string
	stem         int32
}

// list cuts entry i out of a list and its offsets.
func list(all, at []int32, i int32) []int32 { return all[at[i]:at[i+1]] }

// newLexicon compiles ideas: the task lexicon's files under `go generate`
// (GenerateLexicon), and the tests' small tables. Each distinct word is
// normalised, stemmed and looked up once; a phrase's words are numbers into
// those, so reading and compiling the whole table takes about 20 ms warm
// (BenchmarkCompileLexiconFiles).
func newLexicon(ideas []taskIdea, flags ...ideaFlags) *lexicon {
	type distinctWord struct{ word, stem string }
	var (
		distinct []distinctWord       // each content word once
		number   = map[string]int32{} // a word as written -> its place in distinct, -1 for none
		phrases  []int32              // every phrase's words as places in distinct, phrase after phrase
		spans    []lexiconSpan
	)
	for i, idea := range ideas {
		for _, p := range idea.phrases {
			start := len(phrases)
			for w := range strings.FieldsSeq(p) {
				n, ok := number[w]
				if !ok {
					n = -1
					if norm := normalizeWord(w); norm != "" && !stopWords[norm] {
						n = int32(len(distinct))
						distinct = append(distinct, distinctWord{norm, stem(norm)})
					}
					number[w] = n
				}
				if n >= 0 && !slices.ContainsFunc(phrases[start:], func(x int32) bool { return distinct[x].stem == distinct[n].stem }) {
					phrases = append(phrases, n)
				}
			}
			if len(phrases) > start {
				spans = append(spans, lexiconSpan{int32(len(phrases)), int32(i)})
			}
		}
	}
	lx := &lexicon{ideas: ideas, spans: spans, words: make([]lexiconWord, len(phrases))}
	for _, f := range flags {
		lx.whole, lx.problem = f.whole, f.problem
	}
	for _, d := range distinct {
		lx.stems = append(lx.stems, d.stem)
	}
	slices.Sort(lx.stems)
	lx.stems = slices.Compact(lx.stems)
	compiled := make([]lexiconWord, len(distinct))
	for n, d := range distinct {
		id, _ := slices.BinarySearch(lx.stems, d.stem)
		compiled[n] = lexiconWord{prefix: derivedPrefix(d.word, d.stem), stem: int32(id)}
	}
	for x, n := range phrases {
		lx.words[x] = compiled[n]
	}
	lx.index()
	return lx
}

// index derives the lists a lookup reads from the words and phrases: the
// phrases holding each stem, the ideas holding each stem and each idea's
// bag of words, a stem once per idea: two passes over the words and
// phrases (count, then fill). An idea's phrases stand together, so a
// stem is new to an idea's bag when the last idea to bag it was another.
func (lx *lexicon) index() {
	lx.byStemAt = make([]int32, len(lx.stems)+1)
	lx.ideasByStemAt = make([]int32, len(lx.stems)+1)
	lx.bagsAt = make([]int32, len(lx.ideas)+1)
	lastIdea := make([]int32, len(lx.stems))
	each := func(visit func(n int, x int32, newToIdea bool)) {
		for i := range lastIdea {
			lastIdea[i] = -1
		}
		start := int32(0)
		for n, p := range lx.spans {
			for x := start; x < p.end; x++ {
				id := lx.words[x].stem
				fresh := lastIdea[id] != p.idea
				lastIdea[id] = p.idea
				visit(n, x, fresh)
			}
			start = p.end
		}
	}
	// Every idea is in the loose lists: an idea matched by whole phrases
	// only is scored by its words' worth as the others are, though it
	// matches by a whole phrase alone (rankIdeas). Only the ordinary
	// ideas count in a word's rarity.
	lx.ordinaryIdeas = 0
	for i := range lx.ideas {
		if !lx.wholeIdea(i) && !lx.problemIdea(i) {
			lx.ordinaryIdeas++
		}
	}
	lx.ordinaryDF = make([]int32, len(lx.stems))
	each(func(n int, x int32, fresh bool) {
		id := lx.words[x].stem
		lx.byStemAt[id+1]++
		if fresh {
			if i := int(lx.spans[n].idea); !lx.problemIdea(i) && !lx.wholeIdea(i) {
				lx.ordinaryDF[id]++
			}
			lx.ideasByStemAt[id+1]++
			lx.bagsAt[lx.spans[n].idea+1]++
		}
	})
	for _, at := range [][]int32{lx.byStemAt, lx.ideasByStemAt, lx.bagsAt} {
		for i := 1; i < len(at); i++ {
			at[i] += at[i-1]
		}
	}
	lx.byStem = make([]int32, lx.byStemAt[len(lx.stems)])
	lx.ideasByStem = make([]int32, lx.ideasByStemAt[len(lx.stems)])
	lx.bags = make([]int32, lx.bagsAt[len(lx.ideas)])
	byStemNext := slices.Clone(lx.byStemAt)
	ideasNext := slices.Clone(lx.ideasByStemAt)
	bagsNext := slices.Clone(lx.bagsAt)
	each(func(n int, x int32, fresh bool) {
		id, idea := lx.words[x].stem, lx.spans[n].idea
		lx.byStem[byStemNext[id]] = int32(n)
		byStemNext[id]++
		if fresh {
			lx.ideasByStem[ideasNext[id]] = idea
			ideasNext[id]++
			lx.bags[bagsNext[idea]] = x
			bagsNext[idea]++
		}
	})
}

// problemIdea says whether idea i is a problem's.
func (lx *lexicon) problemIdea(i int) bool { return i < len(lx.problem) && lx.problem[i] }

// problemWords are the words that report a problem rather than ask for a
// job: "tap gesture not recognised", "cell image wrong after scrolling",
// "app crashes on launch". A request for a job ("schedule a local
// notification") has none of them, and the ideas of problems, whose
// words overlap the jobs' ("notification never appears"), stay out of it.
var problemWords = swiftlex.SetOf("not", "no", "never", "doesn't", "doesnt", "isn't", "isnt", "won't", "wont",
	"can't", "cant", "cannot", "didn't", "didnt", "don't", "dont", "aren't", "wasn't", "nil", "wrong", "fails",
	"failed", "failing", "fail", "error", "errors", "crash", "crashes", "crashed", "crashing", "broken", "issue",
	"issues", "problem", "bug", "weird", "strange", "stuck", "stops", "stopped", "freezes", "slow", "why",
	"instead", "missing", "blank", "empty", "ignored", "twice", "again", "still", "old",
	// What a symptom says happens to the app or a view.
	"killed", "kills", "terminated", "terminates", "hangs", "hang", "hung", "freeze", "frozen", "freezing",
	"leak", "leaks", "leaking", "pauses", "paused", "lags", "laggy", "unresponsive", "disappears", "disappeared",
	"flickers", "flickering", "jumps", "jumpy")

// reportsProblem says whether a request reports a problem: a question's
// scaffolding was stripped from it ("Why is …?", "… not working"), or one
// of its words is one of problemWords.
func reportsProblem(ctx context.Context, terms []string) bool {
	if questionAsked(ctx).framed {
		return true
	}
	for _, t := range terms {
		if problemWords[strings.ToLower(t)] {
			return true
		}
	}
	return false
}

// asksAboutAType says whether a request in words names an API type
// ("Animate text change in UILabel", "Check play state of AVPlayer"): a
// developer asking how a type behaves or does a job, as the problems' and
// how-to ideas were written from (they vote in it, as in a question). A
// name with a second capital that titles no type ("VoiceOver") or names a
// framework ("XCTest", also a class) is a product, not an API; pasted code
// is no request in words.
func (s *search) asksAboutAType(ctx context.Context) (bool, error) {
	if !s.q.Prose {
		return false, nil
	}
	for _, k := range s.typeNameKeywords() {
		title, err := s.e.typeTitle(ctx, strings.ToLower(k))
		if err != nil {
			return false, err
		}
		if title != "" {
			return true, nil
		}
	}
	return false, nil
}

// wholeIdea says whether idea i matches by a whole phrase only.
func (lx *lexicon) wholeIdea(i int) bool { return i < len(lx.whole) && lx.whole[i] }

// normalizeWord is a word of a phrase or request as the lexicon compares
// it: lower-case, without surrounding punctuation or a possessive.
func normalizeWord(w string) string {
	return strings.ToLower(trimPossessive(strings.Trim(w, `.,;:!?"'()`)))
}

// joinedForms are words people write both whole and apart: a request that
// says "logs in" or "pop-up" means the phrases' "login" and "popup".
var joinedForms = map[string]bool{
	"login": true, "logout": true, "signin": true, "signout": true, "signup": true, "setup": true, "popup": true,
	"backup": true, "lookup": true, "dropdown": true, "checkbox": true, "checkmark": true, "startup": true,
	"shutdown": true, "lockscreen": true, "homescreen": true, "wifi": true, "email": true, "offline": true, "online": true,
}

// requestForms normalises a request's words and adds the forms a phrase may
// use for them: the parts and the whole of a hyphenated word ("long-press"
// is "long", "press" and "longpress"), and the joined form of two words
// written apart ("logs in" adds "login", "pop up" adds "popup").
func requestForms(terms []string) []string {
	var out []string
	for _, t := range terms {
		w := normalizeWord(t)
		if parts := strings.Split(w, "-"); len(parts) > 1 {
			out = append(out, parts...)
			w = strings.Join(parts, "")
		}
		out = append(out, w)
	}
	for i := 0; i+1 < len(out); i++ {
		if joined := stem(out[i]) + out[i+1]; joinedForms[joined] {
			out = append(out, joined)
		} else if joined := out[i] + out[i+1]; joinedForms[joined] {
			out = append(out, joined)
		}
	}
	return out
}

// requestWords returns a request's content words, each stem once, with
// their stems' numbers in the table.
func (lx *lexicon) requestWords(terms []string) []lexiconWord {
	var out []lexiconWord
	seen := map[string]bool{}
	for _, w := range requestForms(terms) {
		if w == "" || stopWords[w] {
			continue
		}
		st := stem(w)
		if seen[st] {
			continue
		}
		seen[st] = true
		id, ok := slices.BinarySearch(lx.stems, st)
		if !ok {
			id = -1
		}
		out = append(out, lexiconWord{word: w, stem: int32(id)})
	}
	return out
}

// derivedPrefix is the beginning a request's word must share with a phrase
// word whose stem lost a derivational ending of three letters or more, or
// "" when the stem is all that counts: inflections ("playing", "loaded",
// "photos") are what stemming is for.
func derivedPrefix(word, st string) string {
	if len(word)-len(st) < 3 || len(st) >= len(word) {
		return ""
	}
	for _, inflection := range []string{"ing", "ed", "es", "s"} {
		if strings.HasSuffix(word, inflection) {
			return ""
		}
	}
	return word[:len(st)+1]
}

// phraseIn reports whether every word of a phrase is among have.
func phraseIn(phrase, have []lexiconWord) bool {
	for _, w := range phrase {
		if !slices.ContainsFunc(have, func(h lexiconWord) bool {
			return h.stem == w.stem && strings.HasPrefix(h.word, w.prefix)
		}) {
			return false
		}
	}
	return true
}

// uris returns the pages the lexicon names for a request's words, best
// first. Each of the best ideas votes for its pages, its score divided by
// the page's place in it; a page several ideas name (ProgressView, for
// "spinner" and for "loading indicator") adds their votes.
func (lx *lexicon) uris(terms []string) []string { return lx.urisFor(terms, true) }

// urisFor is uris for a request that does or does not report a problem
// (reportsProblem): the ideas of a problem (lexicon.problem) vote only in
// one that does.
func (lx *lexicon) urisFor(terms []string, problem bool) []string {
	ideas, scores := lx.rankIdeas(lx.requestWords(terms), problem)
	votes := map[string]float64{}
	var out []string
	for n, i := range ideas[:min(len(ideas), lexiconIdeas)] {
		for place, api := range lx.ideas[i].apis {
			uri := lexiconURI(api)
			if _, ok := votes[uri]; !ok {
				out = append(out, uri)
			}
			votes[uri] += scores[n] / float64(place+1)
		}
	}
	// Stable: among equal votes, the better idea's page first.
	sort.SliceStable(out, func(a, b int) bool { return votes[out[a]] > votes[out[b]] })
	return out[:min(len(out), lexiconPages)]
}

// rankIdeas orders the ideas a request's words match, best first. An idea
// matches wholly when one of its phrases does, and loosely when the request
// holds at least lexiconLooseWords of its words (any phrases') worth
// lexiconLooseMin together: "a red number on the app icon" is no phrase of
// the badge idea, but "number", "app" and "icon" are its words. A word is
// worth its rarity among the ordinary ideas (log N/df), so "app" counts for
// little and "icon" for much; a whole phrase adds lexiconWholeWeight per
// word. An idea marked whole matches by a whole phrase only, and a
// problem's only when problem is true (the request reports one).
func (lx *lexicon) rankIdeas(have []lexiconWord, problem bool) (ideas []int, scores []float64) {
	if len(have) == 0 {
		return nil, nil
	}
	type match struct {
		whole, words int
		worth        float64
	}
	matches := map[int]*match{}
	at := func(i int) *match {
		if matches[i] == nil {
			matches[i] = &match{}
		}
		return matches[i]
	}
	seen := map[int32]bool{}
	for _, h := range have {
		if h.stem < 0 {
			continue
		}
		for _, n := range list(lx.byStem, lx.byStemAt, h.stem) {
			if !seen[n] {
				seen[n] = true
				words, idea := lx.phrase(n), int(lx.spans[n].idea)
				if phraseIn(words, have) && len(words) > at(idea).whole {
					at(idea).whole = len(words)
				}
			}
		}
	}
	n := float64(lx.ordinaryIdeas)
	for _, h := range have {
		if h.stem < 0 {
			continue
		}
		ideas := list(lx.ideasByStem, lx.ideasByStemAt, h.stem)
		worth := math.Log(n / float64(max(lx.ordinaryDF[h.stem], 1)))
		for _, i := range ideas {
			for _, wi := range list(lx.bags, lx.bagsAt, i) {
				if w := lx.words[wi]; w.stem == h.stem && strings.HasPrefix(h.word, w.prefix) {
					m := at(int(i))
					m.words++
					m.worth += worth
				}
			}
		}
	}
	score := map[int]float64{}
	ideas = make([]int, 0, len(matches))
	for i, m := range matches {
		if m.whole == 0 && (m.words < lexiconLooseWords || m.worth < lexiconLooseMin || lx.wholeIdea(i)) || !problem && lx.problemIdea(i) {
			continue
		}
		score[i] = lexiconWholeWeight*float64(m.whole) + m.worth
		ideas = append(ideas, i)
	}
	// Among equal scores, the table's order.
	sort.Slice(ideas, func(a, b int) bool {
		if score[ideas[a]] != score[ideas[b]] {
			return score[ideas[a]] > score[ideas[b]]
		}
		return ideas[a] < ideas[b]
	})
	scores = make([]float64, len(ideas))
	for n, i := range ideas {
		scores[n] = score[i]
	}
	return ideas, scores
}

// lexiconURI is the URI of a lexicon page: an apple-docs path, or a whole
// URI of another source.
func lexiconURI(api string) string {
	if strings.Contains(api, "://") {
		return api
	}
	return "apple-docs://" + api
}

// lexiconStage adds the pages the lexicon names for a request.
func (s *search) lexiconStage(ctx context.Context) error {
	if !s.e.lexiconReads(ctx, s.q) {
		return nil
	}
	terms := lexiconTerms(ctx, s.q.Terms)
	problem := reportsProblem(ctx, terms)
	if !problem {
		var err error
		if problem, err = s.asksAboutAType(ctx); err != nil {
			return err
		}
	}
	uris := compiledLexicon().urisFor(terms, problem)
	if len(uris) == 0 {
		return nil
	}
	defer s.trace(ctx, "lexicon", time.Now())
	s.lexiconRank = make(map[int64]int, len(uris))
	for _, uri := range uris {
		id, found, err := s.e.store.PageID(ctx, uri)
		if err != nil {
			return err
		}
		if !found {
			continue // a page this index does not hold
		}
		s.lexiconRank[id] = len(s.lexiconRank) + 1
		s.add(id, viaLexicon)
	}
	return nil
}

// comparedWord is the word a comparison's stripped scaffolding meant
// ("vs", "difference between … and"), which the lexicon's ideas of a
// difference write ("let var difference").
const comparedWord = "difference"

// lexiconTerms are the request's words as the lexicon reads them: a
// question that compares two things asks for their difference, one that
// reports a nil value ("… is returning nil") for what makes it nil, in
// the words the lexicon's problems write ("dateformatter returns nil").
func lexiconTerms(ctx context.Context, terms []string) []string {
	asked := questionAsked(ctx)
	if asked.compares && !slices.Contains(terms, comparedWord) {
		terms = append(slices.Clip(terms), comparedWord)
	}
	if asked.nilSymptom != "" {
		terms = append(slices.Clip(terms), Terms(asked.nilSymptom)...)
	}
	return terms
}

// lexiconReads: the lexicon reads requests ("show a spinner") and lone
// lower-case words ("spinner"), never a name, a member lookup or a
// declaration query.
func (e *Engine) lexiconReads(ctx context.Context, q *Query) bool {
	if e.Semantic == SemanticOnly || e.NoLexicon {
		return false
	}
	if q.Prose || questionAsked(ctx).nilSymptom != "" {
		// A name that "is nil" is a problem report, as its words were.
		return true
	}
	if len(q.Keywords) != 1 || q.TypeName != "" || !q.Symbol.IsZero() || len(q.Attributes) > 0 {
		return false
	}
	r, _ := utf8.DecodeRuneInString(q.Keywords[0])
	return unicode.IsLower(r)
}

// lexiconIdeas names, by its first phrase, each idea the lexicon draws
// pages from for a query as typed, for the reading --explain prints.
func (e *Engine) lexiconIdeas(ctx context.Context, raw string) []string {
	q, err := Parse(raw, e.fw)
	if err != nil || !e.lexiconReads(ctx, &q) {
		return nil
	}
	lx := compiledLexicon()
	var out []string
	terms := lexiconTerms(ctx, q.Terms)
	ideas, _ := lx.rankIdeas(lx.requestWords(terms), reportsProblem(ctx, terms))
	for _, i := range ideas[:min(len(ideas), lexiconIdeas)] {
		out = append(out, lx.ideas[i].phrases[0])
	}
	return out
}

// lexiconRelevance is what a page the lexicon named adds to its base.
func (s *search) lexiconRelevance(c *candidate) float64 {
	r, ok := s.lexiconRank[c.id]
	if !ok {
		return 0
	}
	v := max(lexiconBase-lexiconStep*float64(r-1), 1)
	if s.framedQuestion {
		v *= lexiconQuestionScale
	}
	return v
}
