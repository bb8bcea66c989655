package ranker

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// The task lexicon bridges the words of a job ("show a spinner while it
// loads", "keep the screen awake") to the API that does it (ProgressView,
// isIdleTimerDisabled) where the two share no vocabulary that the corpus
// could teach: Apple's pages never say "spinner". It is curated knowledge,
// the kind an experienced developer carries, kept as data in
// lexicon_data.go and written blind to every battery; docs/search.md gives
// its ablation.
//
// A phrase of an idea matches a request when every content word of the
// phrase is among the request's words, compared by Porter stem and in any
// order. The ideas whose longest matching phrase is longest win, so "screen
// awake" outranks a one-word idea the same request also touches, and their
// pages join the candidates with a relevance of their own
// (lexiconRelevance): a hint that competes, not an answer forced on top.

// taskIdea is one everyday job: the ways people word it and the pages that
// do it, best first. A page is an apple-docs path or a whole URI.
type taskIdea struct {
	phrases []string
	apis    []string
}

const (
	// lexiconIdeas is how many of the best-matching ideas a request draws
	// pages from; lexiconPages caps the pages they add.
	lexiconIdeas = 3
	lexiconPages = 8
	// lexiconBase is the relevance the first page of the best idea gains,
	// falling linearly by lexiconStep per page (bm25 adds up to
	// bm25Scale, 10; the context stage's best API 4).
	lexiconBase = 20.0
	lexiconStep = 1.25
	// A loose match needs lexiconLooseWords of an idea's words worth
	// lexiconLooseMin together; a whole phrase's words each add
	// lexiconWholeWeight to the idea's score besides their worth.
	lexiconLooseWords  = 2
	lexiconLooseMin    = 8.0
	lexiconWholeWeight = 1.0
)

// lexicon is a table of ideas with their phrases stemmed.
type lexicon struct {
	ideas   []taskIdea
	phrases []lexiconPhrase
	// byStem lists the phrases holding each stem, so a request checks
	// only the phrases that share a word with it.
	byStem map[string][]int
	// bags holds each idea's words, all its phrases' together, and
	// ideasByStem the ideas holding each stem, for the loose match.
	bags        [][]lexiconWord
	ideasByStem map[string][]int
}

// lexiconPhrase is a phrase's words and its idea.
type lexiconPhrase struct {
	words []lexiconWord
	idea  int
}

// lexiconWord is a content word by its Porter stem. Where the stemmer cut a
// derivational ending ("localize" -> local, "transferable" -> transfer), a
// request's word must also begin like the phrase's (prefix): "local" and
// "transfer" mean something else, "localization" and "transferables" do
// not.
type lexiconWord struct {
	word, stem, prefix string
}

// newLexicon stems the phrases of ideas.
func newLexicon(ideas []taskIdea) *lexicon {
	lx := &lexicon{ideas: ideas, byStem: map[string][]int{}}
	stems := map[string]string{} // the table repeats its words
	for i, idea := range ideas {
		for _, p := range idea.phrases {
			ws := contentWordsMemo(strings.Fields(p), stems)
			if len(ws) == 0 {
				continue
			}
			for j := range ws {
				ws[j].prefix = derivedPrefix(ws[j].word, ws[j].stem)
				lx.byStem[ws[j].stem] = append(lx.byStem[ws[j].stem], len(lx.phrases))
			}
			lx.phrases = append(lx.phrases, lexiconPhrase{words: ws, idea: i})
		}
	}
	lx.bags = make([][]lexiconWord, len(ideas))
	lx.ideasByStem = map[string][]int{}
	for _, p := range lx.phrases {
		for _, w := range p.words {
			if !slices.ContainsFunc(lx.bags[p.idea], func(x lexiconWord) bool { return x.stem == w.stem }) {
				lx.bags[p.idea] = append(lx.bags[p.idea], w)
				lx.ideasByStem[w.stem] = append(lx.ideasByStem[w.stem], p.idea)
			}
		}
	}
	return lx
}

// taskLexiconOnce is taskLexicon compiled on first use, so a process that
// never reads a request pays nothing.
var taskLexiconOnce = sync.OnceValue(func() *lexicon { return newLexicon(taskLexicon) })

// contentWords returns the words that carry content, lower-case with their
// Porter stems, each stem once.
func contentWords(words []string) []lexiconWord { return contentWordsMemo(words, nil) }

// contentWordsMemo is contentWords with the stems it computes kept in memo,
// when memo is not nil.
func contentWordsMemo(words []string, memo map[string]string) []lexiconWord {
	var out []lexiconWord
	for _, w := range words {
		w = strings.ToLower(trimPossessive(strings.Trim(w, `.,;:!?"'()`)))
		if w == "" || stopWords[w] {
			continue
		}
		st, ok := memo[w]
		if !ok {
			st = stem(w)
			if memo != nil {
				memo[w] = st
			}
		}
		if !slices.ContainsFunc(out, func(x lexiconWord) bool { return x.stem == st }) {
			out = append(out, lexiconWord{word: w, stem: st})
		}
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

// matches reports whether every word of the phrase is among have.
func (p lexiconPhrase) matches(have []lexiconWord) bool {
	for _, w := range p.words {
		if !slices.ContainsFunc(have, func(h lexiconWord) bool {
			return h.stem == w.stem && strings.HasPrefix(h.word, w.prefix)
		}) {
			return false
		}
	}
	return true
}

// uris returns the pages the lexicon names for a request's words, best
// first.
func (lx *lexicon) uris(terms []string) []string {
	var out []string
	for n, i := range lx.rankIdeas(contentWords(terms)) {
		if n == lexiconIdeas {
			break
		}
		for _, api := range lx.ideas[i].apis {
			uri := lexiconURI(api)
			if !slices.Contains(out, uri) && len(out) < lexiconPages {
				out = append(out, uri)
			}
		}
	}
	return out
}

// rankIdeas orders the ideas a request's words match, best first. An idea
// matches wholly when one of its phrases does, and loosely when the request
// holds at least lexiconLooseWords of its words (any phrases') worth
// lexiconLooseMin together: "a red number on the app icon" is no phrase of
// the badge idea, but "number", "app" and "icon" are its words. A word is
// worth its rarity among the ideas (log N/df), so "app" counts for little
// and "icon" for much; a whole phrase adds lexiconWholeWeight per word.
func (lx *lexicon) rankIdeas(have []lexiconWord) []int {
	if len(have) == 0 {
		return nil
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
	seen := map[int]bool{}
	for _, h := range have {
		for _, n := range lx.byStem[h.stem] {
			if p := lx.phrases[n]; !seen[n] {
				seen[n] = true
				if p.matches(have) && len(p.words) > at(p.idea).whole {
					at(p.idea).whole = len(p.words)
				}
			}
		}
	}
	n := float64(len(lx.ideas))
	for _, h := range have {
		ideas := lx.ideasByStem[h.stem]
		worth := math.Log(n / float64(max(len(ideas), 1)))
		for _, i := range ideas {
			for _, w := range lx.bags[i] {
				if w.stem == h.stem && strings.HasPrefix(h.word, w.prefix) {
					m := at(i)
					m.words++
					m.worth += worth
				}
			}
		}
	}
	score := map[int]float64{}
	ideas := make([]int, 0, len(matches))
	for i, m := range matches {
		if m.whole == 0 && (m.words < lexiconLooseWords || m.worth < lexiconLooseMin) {
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
	return ideas
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
	if !s.lexiconApplies() {
		return nil
	}
	uris := taskLexiconOnce().uris(s.q.Terms)
	if len(uris) == 0 {
		return nil
	}
	defer s.trace(ctx, "lexicon", time.Now())
	s.lexiconRank = make(map[int64]int, len(uris))
	for _, uri := range uris {
		var id int64
		err := s.e.queryRow(ctx, []any{&id}, `SELECT id FROM docs WHERE uri = ?`, uri)
		if err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				continue // a page this index does not hold
			}
			return err
		}
		s.lexiconRank[id] = len(s.lexiconRank) + 1
		s.add(id, viaLexicon)
	}
	return nil
}

// lexiconApplies: the lexicon reads requests ("show a spinner") and lone
// lower-case words ("spinner"), never a name, a member lookup or a
// declaration query.
func (s *search) lexiconApplies() bool { return s.e.lexiconReads(s.q) }

// lexiconReads is lexiconApplies for a parsed query.
func (e *Engine) lexiconReads(q *Query) bool {
	if e.Semantic == SemanticOnly || e.NoLexicon {
		return false
	}
	if q.Prose {
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
func (e *Engine) lexiconIdeas(raw string) []string {
	q, err := Parse(raw, e.fw)
	if err != nil || !e.lexiconReads(&q) {
		return nil
	}
	lx := taskLexiconOnce()
	var out []string
	for n, i := range lx.rankIdeas(contentWords(q.Terms)) {
		if n == lexiconIdeas {
			break
		}
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
	return max(lexiconBase-lexiconStep*float64(r-1), 1)
}
