package ranker

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
)

// passageRunes bounds the passage a WWDC result shows in place of its
// summary: about two sentences.
const passageRunes = 320

// passages replaces the summary of each WWDC session among the results with
// the transcript paragraph that holds the most of the query's keywords, so
// that a hit shows why it matched and not the session's greeting. A session
// whose body cannot be read keeps its summary.
func (s *search) passages(ctx context.Context, results []Result) {
	var uris []string
	for _, r := range results {
		if r.Source == document.SourceWWDC {
			uris = append(uris, r.URI)
		}
	}
	if len(uris) == 0 || len(s.q.Keywords) == 0 {
		return
	}
	bodies, err := s.e.store.MarkdownOf(ctx, uris)
	if err != nil {
		s.e.log.Warn("read transcripts for passages", "err", err)
		return
	}
	stems := s.keywordStems()
	for i := range results {
		if body, ok := bodies[results[i].URI]; ok {
			if p := bestPassage(body, stems); p != "" {
				results[i].Summary = p
			}
		}
	}
}

// keywordStems are the Porter stems of the request's keywords, three
// letters or more, function words left out.
func (s *search) keywordStems() map[string]bool {
	stems := map[string]bool{}
	for _, k := range s.q.Keywords {
		for _, w := range words(strings.ToLower(k)) {
			if st := stem(w); !stopWords[w] && len(st) >= 3 {
				stems[st] = true
			}
		}
	}
	return stems
}

// bestParagraph returns the prose paragraph of a section's Markdown
// holding the most distinct keyword stems, clipped around its first match;
// with no match, its first prose paragraph, clipped. Code blocks, headings,
// tables and asides' markers are not prose.
func bestParagraph(markdown string, stems map[string]bool) string {
	var paras []string
	var cur []string
	inCode := false
	flush := func() {
		if len(cur) > 0 {
			paras = append(paras, strings.Join(cur, " "))
			cur = cur[:0]
		}
	}
	for _, line := range strings.Split(markdown, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(t, "```"):
			inCode = !inCode
			flush()
		case inCode || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "|"):
		case t == "":
			flush()
		default:
			cur = append(cur, strings.TrimLeft(t, "> "))
		}
	}
	flush()
	if len(paras) == 0 {
		return ""
	}
	best, bestHits, bestAt := paras[0], 0, 0
	for _, para := range paras {
		if hits, first := stemHits(para, stems); hits > bestHits {
			best, bestHits, bestAt = para, hits, first
		}
	}
	return clipAround(best, bestAt)
}

// stemHits counts the distinct stems text holds and gives the offset of
// the first match in its lowered form. A stem is a prefix of the words it
// stems from ("timelin" of "timelines"), so a substring test finds them
// without stemming every word of a long text per result.
func stemHits(text string, stems map[string]bool) (hits, first int) {
	lower := strings.ToLower(text)
	first = -1
	for st := range stems {
		if at := strings.Index(lower, st); at >= 0 {
			hits++
			if first < 0 || at < first {
				first = at
			}
		}
	}
	return hits, first
}

// bestPassage returns the paragraph of the Markdown's transcript holding
// the most distinct keyword stems (the earliest on a tie), clipped around
// its first match, or "" when no paragraph holds one. The offset of a
// match in the lowered paragraph is its offset in the paragraph for the
// ASCII text transcripts are.
func bestPassage(markdown string, stems map[string]bool) string {
	_, transcript, ok := strings.Cut(markdown, "\n## Transcript\n")
	if !ok {
		return ""
	}
	transcript, _, _ = strings.Cut(transcript, "\n## ")
	best, bestHits, bestAt := "", 0, 0
	for _, para := range strings.Split(transcript, "\n\n") {
		if hits, first := stemHits(para, stems); hits > bestHits {
			best, bestHits, bestAt = strings.TrimSpace(para), hits, first
		}
	}
	if bestHits == 0 {
		return ""
	}
	return clipAround(best, bestAt)
}

// clipAround cuts a paragraph to passageRunes, keeping the byte offset at
// in view and marking cut ends with "…".
func clipAround(para string, at int) string {
	if utf8.RuneCountInString(para) <= passageRunes {
		return para
	}
	start := max(0, at-passageRunes/3)
	for start > 0 && !utf8.RuneStart(para[start]) {
		start--
	}
	if start > 0 {
		if sp := strings.IndexByte(para[start:], ' '); sp >= 0 && sp < 40 {
			start += sp + 1
		}
	}
	end := start
	for n := 0; end < len(para) && n < passageRunes; n++ {
		_, size := utf8.DecodeRuneInString(para[end:])
		end += size
	}
	out := para[start:end]
	if end < len(para) {
		if sp := strings.LastIndexByte(out, ' '); sp > len(out)/2 {
			out = out[:sp]
		}
		out += "…"
	}
	if start > 0 {
		out = "…" + out
	}
	return out
}
