package mcp

import (
	"context"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
)

// readPage is a page as read_document shows it before a section, an offset
// or a budget applies: the page itself (its refs settled when it was read
// with its lists) and its Markdown body with the sample links that lead
// it, the "Used in samples" section that closes it, and its links settled.
// An open index does not change, so neither does a readPage: a snapshot
// keeps the pages it rendered (snapshot.pages), and reading a long page on
// with offset=, or again, costs no inflating, no link lookups and no
// rewriting. The largest pages' bodies are 150-200 KB with 800 links.
type readPage struct {
	doc *index.StoredDocument
	// note precedes the body, after any section is picked: it says when
	// an Objective-C page was asked for and the index holds none.
	note    string
	body    string
	missing []string // the refs the index lacks (with lists)
}

// pageKey names a readPage: the address as the agent wrote it (resolved
// rows differ by case and spelling), the language asked for, and whether
// the page's lists were read (format=json).
type pageKey struct {
	uri, language string
	lists         bool
}

// pageCacheBytes bounds one generation of snapshot.pages by the bytes of
// text its pages hold, so at most about twice it stays in memory: some
// 160 of the largest pages, thousands of ordinary ones.
const pageCacheBytes = 16 << 20

// pageWeight is about the bytes a readPage holds: its body and its refs.
func pageWeight(p *readPage) int {
	n := len(p.body) + len(p.note) + 512
	d := &p.doc.Document
	for _, list := range [][]document.Ref{d.Children, d.SeeAlso, d.ConformsTo, d.InheritsFrom, d.InheritedBy, d.ConformingTypes} {
		for _, r := range list {
			n += len(r.URI) + len(r.Title) + 32
		}
	}
	for _, m := range p.missing {
		n += len(m)
	}
	return n
}

// renderPage returns the readPage at uri, from the snapshot's pages when
// it rendered it before. A page rendered while the call was running out of
// time may lack what a lookup that failed would have added (the links
// stay as stored, "Used in samples" is left out), so it is shown but not
// kept.
func renderPage(ctx context.Context, b *backend, uri, language string, lists bool) (*readPage, error) {
	snap, err := b.snapshot()
	if err != nil {
		return nil, err
	}
	key := pageKey{uri: uri, language: language, lists: lists}
	if p, ok := snap.pages.Get(key); ok {
		return p, nil
	}
	doc, err := loadDocument(ctx, b, uri, lists)
	if err != nil {
		return nil, err
	}
	st := snap.store
	doc, note, err := languageVariant(ctx, b, st, doc, language, lists)
	if err != nil {
		return nil, err
	}
	body := stripTitle(doc.Markdown, doc.Title)
	if body != "" {
		// The links to a page's sample project or Apple page lead it;
		// the sample files that use an API close it, as a section.
		body = sampleLinks(ctx, st, doc) + body + usedInSamples(ctx, snap, doc)
	}
	p := &readPage{note: note}
	p.body, p.doc, p.missing = settlePage(ctx, st, body, doc, lists)
	// The body is what is shown; the stored Markdown it was made from, as
	// large, is read no further (settlePage returns a copy of the page,
	// or the one this call loaded).
	p.doc.Markdown = ""
	if ctx.Err() == nil {
		snap.pages.Put(key, p)
	}
	return p, nil
}
