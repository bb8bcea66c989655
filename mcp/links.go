package mcp

import (
	"context"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/source"
)

// This file settles the links a page renders. The crawl holds most of
// Apple's pages, not all: about one internal link in nine names a page the
// index lacks. Each page's links are looked up in one batch
// (index.Store.ResolveLinks); a link whose page the index holds under
// another spelling (the "_"/"-" slug variant, the legacy numeric path, the
// modern address of a legacy page) is rewritten to the indexed URI, and a
// link it does not hold at all is marked, with the web address where one
// is known, so an agent neither follows it into "not found" nor loses the
// citation:
//
//	[`foo`](apple-docs://x/foo) (not indexed: https://developer.apple.com/documentation/x/foo)

// notIndexedMark is what follows a link the index does not hold.
func notIndexedMark(uri string) string {
	var b strings.Builder
	writeNotIndexedMark(&b, uri)
	return b.String()
}

// writeNotIndexedMark writes notIndexedMark(uri) to b without building it
// first: a page of Matter clusters marks 838 links.
func writeNotIndexedMark(b *strings.Builder, uri string) {
	if web := docuri.WebURL(uri); web != "" {
		b.WriteString(" (not indexed: ")
		b.WriteString(web)
		b.WriteString(")")
		return
	}
	b.WriteString(" (not indexed)")
}

// internalSchemes are the URI schemes of the sources, "apple-docs://" and
// the rest: links with them name index pages.
var internalSchemes = func() []string {
	out := make([]string, 0, len(source.All))
	for _, s := range source.All {
		out = append(out, s.ID+"://")
	}
	return out
}()

func isInternalURI(s string) bool {
	for _, scheme := range internalSchemes {
		if strings.HasPrefix(s, scheme) {
			return true
		}
	}
	return false
}

// mdLink is one internal link found in Markdown: the byte span of its
// destination (inside the angle brackets, if any) and where the link ends.
type mdLink struct {
	destStart, destEnd int
	end                int // just past the closing ")"
	target             string
	fragment           string // "#…", kept on a rewrite
	text               string
}

// findLinks lists the internal links of md outside code: inline links
// "[text](dest)" whose destination is bare (parentheses balanced) or in
// angle brackets, as internal/docc writes them.
func findLinks(md string) []mdLink {
	var out []mdLink
	inFence := false
	fence := ""
	pos := 0
	for pos < len(md) {
		lineEnd := strings.IndexByte(md[pos:], '\n')
		if lineEnd < 0 {
			lineEnd = len(md)
		} else {
			lineEnd += pos
		}
		line := md[pos:lineEnd]
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case inFence:
			if strings.HasPrefix(trimmed, fence) {
				inFence = false
			}
		case strings.HasPrefix(trimmed, "```"), strings.HasPrefix(trimmed, "~~~"):
			inFence, fence = true, trimmed[:3]
		default:
			out = appendLineLinks(out, md, pos, lineEnd)
		}
		pos = lineEnd + 1
	}
	return out
}

// appendLineLinks appends the internal links of md[start:end], one line.
func appendLineLinks(out []mdLink, md string, start, end int) []mdLink {
	line := md[start:end]
	for i := 0; i < len(line); {
		j := strings.Index(line[i:], "](")
		if j < 0 {
			break
		}
		close := i + j
		d := close + 2
		var l mdLink
		if d < len(line) && line[d] == '<' {
			k := strings.IndexByte(line[d+1:], '>')
			gt := d + 1 + k
			if k < 0 || gt+1 >= len(line) || line[gt+1] != ')' {
				i = d
				continue
			}
			l = mdLink{destStart: start + d + 1, destEnd: start + gt, end: start + gt + 2}
		} else {
			depth, k := 0, d
		scan:
			for ; k < len(line); k++ {
				switch line[k] {
				case '(':
					depth++
				case ')':
					if depth == 0 {
						break scan
					}
					depth--
				case ' ', '\t', '<', '>':
					break scan
				}
			}
			if k >= len(line) || line[k] != ')' {
				i = d
				continue
			}
			l = mdLink{destStart: start + d, destEnd: start + k, end: start + k + 1}
		}
		i = l.end - start
		dest := md[l.destStart:l.destEnd]
		if !isInternalURI(dest) {
			continue
		}
		l.target, l.fragment = dest, ""
		if h := strings.IndexByte(dest, '#'); h >= 0 {
			l.target, l.fragment = dest[:h], dest[h:]
		}
		l.text = linkText(line[:close])
		out = append(out, l)
	}
	return out
}

// linkText returns the text of the link whose "]" ends before, from its
// matching "[" (escaped brackets aside), without backticks.
func linkText(before string) string {
	depth := 0
	for k := len(before) - 1; k >= 0; k-- {
		if k > 0 && before[k-1] == '\\' {
			continue
		}
		switch before[k] {
		case ']':
			depth++
		case '[':
			if depth == 0 {
				t := strings.ReplaceAll(before[k+1:], "\\[", "[")
				return strings.Trim(strings.ReplaceAll(t, "\\]", "]"), "`")
			}
			depth--
		}
	}
	return ""
}

// linkResolver answers, for a page's links and refs, which indexed URI each
// target names: one ResolveLinks call for all of them.
type linkResolver struct {
	resolved map[string]string // target (and text) -> indexed URI or ""
}

func resolverKey(uri, text string) string {
	if strings.HasPrefix(uri, docuri.Scheme) && docuri.IsLegacySegment(uri[strings.LastIndexByte(uri, '/')+1:]) {
		return uri + "\x00" + text // a legacy target resolves through its text too
	}
	return uri
}

// resolveTargets looks up every distinct target of links and refs.
func resolveTargets(ctx context.Context, st *index.Store, links []mdLink, refs ...[]document.Ref) (linkResolver, error) {
	r := linkResolver{resolved: map[string]string{}}
	var queries []index.LinkQuery
	add := func(uri, text string) {
		if uri == "" || !isInternalURI(uri) {
			return
		}
		k := resolverKey(uri, text)
		if _, ok := r.resolved[k]; ok {
			return
		}
		r.resolved[k] = ""
		queries = append(queries, index.LinkQuery{URI: uri, Text: text})
	}
	for _, l := range links {
		add(l.target, l.text)
	}
	for _, list := range refs {
		for _, ref := range list {
			add(ref.URI, ref.Title)
		}
	}
	if len(queries) == 0 {
		return r, nil
	}
	found, err := st.ResolveLinks(ctx, queries)
	if err != nil {
		return r, err
	}
	for i, q := range queries {
		r.resolved[resolverKey(q.URI, q.Text)] = found[i]
	}
	return r, nil
}

// lookup returns the indexed URI of a target and whether the index holds
// it; targets that are not internal count as held.
func (r linkResolver) lookup(uri, text string) (string, bool) {
	got, ok := r.resolved[resolverKey(uri, text)]
	if !ok {
		return uri, true
	}
	return got, got != ""
}

// settleLinks rewrites md's links to the URIs the index holds them under
// and marks the ones it lacks.
func settleLinks(md string, links []mdLink, r linkResolver) string {
	if len(links) == 0 {
		return md
	}
	var b strings.Builder
	// Room for a mark after every link (" (not indexed: <web address>)",
	// about 90 bytes): on the largest pages nearly every link gets one.
	b.Grow(len(md) + len(links)*96)
	last := 0
	for _, l := range links {
		got, held := r.lookup(l.target, l.text)
		switch {
		case !held:
			b.WriteString(md[last:l.end])
			writeNotIndexedMark(&b, l.target)
			last = l.end
		case got != l.target:
			dest := got + l.fragment
			if md[l.destStart-1] == '<' || balancedDestination(dest) {
				b.WriteString(md[last:l.destStart])
				b.WriteString(dest)
				b.WriteString(md[l.destEnd:l.end])
			} else {
				// A bare destination that no longer balances goes in
				// angle brackets.
				b.WriteString(md[last:l.destStart])
				b.WriteString("<" + dest + ">)")
			}
			last = l.end
		}
	}
	b.WriteString(md[last:])
	return b.String()
}

// balancedDestination reports whether dest can stand bare in a link: no
// space or angle bracket, parentheses balanced.
func balancedDestination(dest string) bool {
	depth := 0
	for i := 0; i < len(dest); i++ {
		switch dest[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth < 0 {
				return false
			}
		case ' ', '<', '>', '\\', '\n':
			return false
		}
	}
	return depth == 0
}

// settleRefs rewrites each ref to its indexed URI and returns the URIs of
// those the index lacks.
func settleRefs(refs []document.Ref, r linkResolver) (out []document.Ref, missing []string) {
	if len(refs) == 0 {
		return refs, nil
	}
	out = make([]document.Ref, len(refs))
	for i, ref := range refs {
		got, held := r.lookup(ref.URI, ref.Title)
		if held {
			ref.URI = got
		} else if ref.URI != "" {
			missing = append(missing, ref.URI)
		}
		out[i] = ref
	}
	return out, missing
}

// settlePage settles the links of a page's Markdown body and, with refs
// set, of its structured refs, in one lookup. It returns the body and the
// page with rewritten refs, and the URIs of the refs the index lacks. A
// failed lookup leaves everything as it was: the page is still worth
// reading. A page shown as Markdown shows no refs but in its body, so it
// settles the body alone.
func settlePage(ctx context.Context, st *index.Store, body string, doc *index.StoredDocument, refs bool) (string, *index.StoredDocument, []string) {
	links := findLinks(body)
	d := doc.Document
	var lists []*[]document.Ref
	if refs {
		lists = []*[]document.Ref{&d.Children, &d.SeeAlso, &d.ConformsTo, &d.InheritsFrom, &d.InheritedBy, &d.ConformingTypes}
	}
	refLists := make([][]document.Ref, len(lists))
	for i, l := range lists {
		refLists[i] = *l
	}
	r, err := resolveTargets(ctx, st, links, refLists...)
	if err != nil {
		return body, doc, nil
	}
	var missing []string
	for _, l := range lists {
		var m []string
		*l, m = settleRefs(*l, r)
		missing = append(missing, m...)
	}
	out := *doc
	out.Document = d
	return settleLinks(body, links, r), &out, missing
}
