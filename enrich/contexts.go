package enrich

import (
	"bufio"
	"context"
	"crypto/sha256"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/semantic"
)

// runContexts writes what the corpus says around each API it mentions: for
// every paragraph of an article, a guide, a WWDC transcript, a sample's
// README or a page's discussion that links to or names an Apple API page,
// the paragraph's words join that page's context (index.ContextFTSTable).
// Requests are phrased the way these paragraphs are ("show a spinner while
// content loads"), not the way the API's own abstract is, so the ranker
// searches the contexts of prose queries (ranker/contexts.go).
func runContexts(ctx context.Context, e *env) (int64, string, error) {
	names, byURI, types, err := readAPINames(ctx, e.w)
	if err != nil {
		return 0, "", err
	}
	profiles := map[int64][]string{}
	var pages int
	err = e.w.EachContextSource(ctx, func(id int64, src string, compressed []byte) {
		limit := int64(contextPageBytes)
		if src == "wwdc" {
			limit = contextTranscriptBytes
		}
		text, err := index.MarkdownPrefix(compressed, limit)
		if err != nil {
			return // a damaged body is read's problem; the context does without it
		}
		pages++
		for _, para := range paragraphs(string(text)) {
			mentioned := mentions(para, names, byURI, types)
			if len(mentioned) == 0 {
				continue
			}
			words := semantic.Words(linkRE.ReplaceAllString(para, "$1"))
			for _, m := range mentioned {
				if m == id || len(profiles[m]) >= contextWordsPerAPI {
					continue
				}
				room := contextWordsPerAPI - len(profiles[m])
				profiles[m] = append(profiles[m], words[:min(len(words), room)]...)
			}
		}
	})
	if err != nil {
		return 0, "", err
	}
	ids := make([]int64, 0, len(profiles))
	sum := sha256.New()
	for id := range profiles {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	for _, id := range ids {
		fmt.Fprintf(sum, "%d %s\n", id, strings.Join(profiles[id], " "))
	}
	digest := fmt.Sprintf("%x", sum.Sum(nil))
	stored, found, err := e.w.MetaValue(ctx, index.MetaContextsDigest)
	if err == nil && found && stored == digest {
		return 0, fmt.Sprintf("%d APIs in context, unchanged", len(ids)), nil
	}
	words := make([]string, len(ids))
	for i, id := range ids {
		words[i] = strings.Join(profiles[id], " ")
	}
	if err := e.w.ReplaceContexts(ctx, ids, words, digest); err != nil {
		return 0, "", err
	}
	return int64(len(ids)), fmt.Sprintf("%d APIs in the context of %d pages", len(ids), pages), nil
}

// Bounds of the contexts pass.
const (
	// contextPageBytes is how much of a page's Markdown is read: the
	// abstract and overview, where a page speaks of other APIs in prose.
	contextPageBytes = 6 << 10
	// contextTranscriptBytes is how much of a WWDC transcript is read.
	contextTranscriptBytes = 64 << 10
	// contextWordsPerAPI caps one API's context, so that View and String,
	// mentioned everywhere, do not grow the table without bound.
	contextWordsPerAPI = 600
)

var (
	// linkRE is a Markdown link to a page of the index: [text](scheme://…).
	linkRE = regexp.MustCompile("\\[`?([^\\]`]*)`?\\]\\((apple-docs://[^)\\s]+)\\)")
	// nameRE is a Swift type name as prose writes it.
	nameRE = regexp.MustCompile(`\b[A-Z][A-Za-z0-9]{2,}\b`)
)

// linkListHeadings end a page's prose: what follows lists links.
var linkListHeadings = map[string]bool{"## Topics": true, "## See Also": true, "## Relationships": true,
	"## Mentioned In": true, "## Declaration": false}

// paragraphs splits Markdown into its prose paragraphs, up to the first
// list of links, leaving out code blocks, headings, tables and link lists.
func paragraphs(md string) []string {
	var out []string
	var cur strings.Builder
	inCode := false
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	sc := bufio.NewScanner(strings.NewReader(md))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !inCode && linkListHeadings[line] {
			// Topics, See Also and the like list links with their
			// abstracts: the linked pages' own words, not prose about them.
			break
		}
		switch {
		case strings.HasPrefix(line, "```"):
			inCode = !inCode
			flush()
		case inCode, strings.HasPrefix(line, "#"), strings.HasPrefix(line, "|"), strings.HasPrefix(line, "- ["):
		case line == "":
			flush()
		default:
			cur.WriteString(line)
			cur.WriteByte(' ')
		}
	}
	flush()
	return out
}

// mentions lists the API pages a paragraph links to or names: a link's
// page and, for a member, its type; a name with two capitals or more
// (ProgressView, not Text, which prose uses as a word) that titles one type.
func mentions(para string, names, byURI map[string]int64, types map[int64]bool) []int64 {
	var out []int64
	add := func(id int64) {
		for _, have := range out {
			if have == id {
				return
			}
		}
		out = append(out, id)
	}
	for _, m := range linkRE.FindAllStringSubmatch(para, -1) {
		uri, _, _ := strings.Cut(m[2], "?")
		uri = strings.ToLower(uri)
		if id, ok := byURI[uri]; ok {
			add(id)
		}
		if id, ok := byURI[docuri.Parent(uri)]; ok && types[id] {
			add(id)
		}
	}
	for _, n := range nameRE.FindAllString(linkRE.ReplaceAllString(para, ""), -1) {
		if strings.ToLower(n) == n || upperCount(n) < 2 {
			continue
		}
		if id, ok := names[n]; ok {
			add(id)
		}
	}
	return out
}

func upperCount(s string) int {
	n := 0
	for _, r := range s {
		if r >= 'A' && r <= 'Z' {
			n++
		}
	}
	return n
}

// readAPINames maps Apple's type titles to their page (Swift, SwiftUI,
// Foundation, UIKit and AppKit first, then the shallowest), every Apple
// page's lower-case URI to its id, and says which ids are types.
func readAPINames(ctx context.Context, w *index.EnrichTx) (names, byURI map[string]int64, types map[int64]bool, err error) {
	names, byURI, types = map[string]int64{}, map[string]int64{}, map[int64]bool{}
	err = w.EachAPIName(ctx, func(n index.APIName) {
		byURI[strings.ToLower(n.URI)] = n.ID
		types[n.ID] = n.IsType
		if _, taken := names[n.Title]; n.IsType && !taken && !strings.Contains(n.Title, ".") {
			names[n.Title] = n.ID
		}
	})
	if err != nil {
		return nil, nil, nil, err
	}
	return names, byURI, types, nil
}
