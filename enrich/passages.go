package enrich

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// Bounds of the passages pass.
const (
	// passageMinBytes: a section with less text than this (a heading over
	// a lone code block's caption) is no unit of its own.
	passageMinBytes = 40
	// passageMaxBytes caps a passage's stored and indexed text: a
	// section's first 16 KiB say what it is about.
	passageMaxBytes = 16 << 10
)

// runPassages cuts the long pages of index.PassageSources (the Swift book's
// chapters, Swift Evolution's proposals, swift.org's articles) into their
// sections: each "###" subsection, and each "##" section's text before its
// first "###", becomes a passage whose anchor is its "##" heading, the name
// read_document's section= opens. The ranker searches them for requests
// (ranker/passages.go), so a question about one section of a chapter
// finds that chapter by that section.
func runPassages(ctx context.Context, e *env) (int64, string, error) {
	var ps []index.Passage
	pages := 0
	err := e.w.PassagePages(ctx, func(id int64, title string, compressed []byte) error {
		md, err := index.MarkdownPrefix(compressed, -1)
		if err != nil {
			return nil // a damaged body is read's problem; search does without its passages
		}
		pages++
		ps = append(ps, cutPassages(id, title, string(md))...)
		return nil
	})
	if err != nil {
		return 0, "", err
	}
	sum := sha256.New()
	for _, p := range ps {
		fmt.Fprintf(sum, "%d\x00%s\x00%s\x00%s\x00%s\x00", p.DocID, p.Anchor, p.Heading, p.Title, p.Text)
	}
	digest := fmt.Sprintf("%x", sum.Sum(nil))
	stored, err := e.w.PassagesDigest(ctx)
	if err != nil {
		return 0, "", err
	}
	if stored == digest {
		return 0, fmt.Sprintf("%d passages of %d pages, unchanged", len(ps), pages), nil
	}
	if err := e.w.ReplacePassages(ctx, ps, digest); err != nil {
		return 0, "", err
	}
	return int64(len(ps)), fmt.Sprintf("%d passages of %d pages", len(ps), pages), nil
}

// cutPassages returns the passages of one page's Markdown, in page order.
func cutPassages(docID int64, title, md string) []index.Passage {
	var out []index.Passage
	add := func(anchor, heading string, text string) {
		text = strings.TrimSpace(text)
		if len(text) < passageMinBytes {
			return
		}
		if len(text) > passageMaxBytes {
			text = clipUTF8(text, passageMaxBytes)
		}
		out = append(out, index.Passage{DocID: docID, Anchor: anchor, Heading: heading, Title: title, Text: text})
	}
	headings := mdbound.Headings(md)
	body := func(i int) (start, end int) {
		// The text under heading i: after its line, up to the next
		// heading of level 2 or 3.
		h := headings[i]
		start = len(md)
		if nl := strings.IndexByte(md[h.Offset:], '\n'); nl >= 0 {
			start = h.Offset + nl + 1
		}
		end = len(md)
		for _, next := range headings[i+1:] {
			if next.Level == 2 || next.Level == 3 {
				end = next.Offset
				break
			}
		}
		return start, end
	}
	anchor := ""
	for i, h := range headings {
		switch h.Level {
		case 2:
			anchor = h.Text
			start, end := body(i)
			add(anchor, anchor, md[start:end])
		case 3:
			if anchor == "" {
				continue // before the first "##": the page's head, which the page itself is
			}
			start, end := body(i)
			add(anchor, h.Text, md[start:end])
		}
	}
	return out
}

// clipUTF8 cuts s to at most n bytes at a rune boundary.
func clipUTF8(s string, n int) string {
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}
