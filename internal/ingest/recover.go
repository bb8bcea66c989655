package ingest

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/door"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftsym"
)

// Placeholder recovery. The door rejects a thin page whose title is a
// placeholder ("Error", "Documentation", none): mostly crawl debris, but
// sometimes a real symbol whose only title is that word (Combine's
// Fail.error). Once a source is read, each such page whose URI no real page
// took is indexed after all, titled from its URL leaf and marked Recovered
// so that it ranks below normal pages. They are rare (the real corpus has
// none), so the pipeline keeps them in memory until the source ends.

// placeholderReject is a page the door rejected for its placeholder title.
type placeholderReject struct {
	file fileStat
	doc  *document.Document
}

// holdPlaceholder keeps a placeholder reject for recovery at the end of its
// source.
func (p *plan) holdPlaceholder(r parsed, dec door.Decision) {
	if dec.State == door.Rejected && door.ReasonClass(dec.Reason) == door.ReasonPlaceholder &&
		r.doc != nil && r.doc.URI != "" {
		p.placeholders = append(p.placeholders, placeholderReject{file: r.file, doc: r.doc})
	}
}

// recoverPlaceholders indexes the held rejects whose URI the door let no
// other page take, and records each in the audit log and the manifest.
func recoverPlaceholders(p *plan, gate *door.Door, audit *door.AuditWriter, b *index.Builder) error {
	for _, rj := range p.placeholders {
		doc := rj.doc
		if gate.Holds(doc.URI) {
			continue // a real page has this URI
		}
		doc.Title = recoveredTitle(doc.URI, rj.file.path)
		doc.Recovered = true
		doc.Symbols = swiftsym.FromDocument(doc)
		if audit != nil {
			if err := audit.WriteEntry(door.AuditEntry{SourceFile: rj.file.path, URI: doc.URI, State: door.Indexed, Recovered: true}); err != nil {
				return fmt.Errorf("write audit log: %w", err)
			}
		}
		p.summary.Recovered++
		if b == nil {
			continue
		}
		if err := b.Put(doc); err != nil {
			return fmt.Errorf("recover %s: %w", rj.file.path, err)
		}
		if err := b.PutSourceFile(index.SourceFile{Path: rj.file.path, Source: p.spec.Kind, Size: rj.file.size,
			MtimeNS: rj.file.mtimeNS, State: string(door.Indexed), URI: doc.URI, ContentHash: doc.ContentHash}); err != nil {
			return fmt.Errorf("write manifest: %w", err)
		}
	}
	return nil
}

// recoveredTitle derives a readable title from the URI's last segment:
// the symbol name as the source file spells it ("apple-docs://combine/fail/error"
// from error.json -> "error"), or an article slug as words
// ("setting-up-healthkit" -> "Setting up healthkit").
func recoveredTitle(uri, sourceFile string) string {
	leaf := uri
	if _, rest, ok := strings.Cut(uri, "://"); ok {
		leaf = rest
	}
	if i := strings.LastIndexByte(strings.TrimRight(leaf, "/"), '/'); i >= 0 {
		leaf = leaf[i+1:]
	}
	leaf = strings.TrimRight(leaf, "/")
	if s, err := url.PathUnescape(leaf); err == nil {
		leaf = s
	}
	base := strings.TrimSuffix(filepath.Base(sourceFile), filepath.Ext(sourceFile))
	if strings.EqualFold(base, leaf) {
		leaf = base
	}
	if isSlug(leaf) {
		words := strings.ReplaceAll(leaf, "-", " ")
		r, size := utf8.DecodeRuneInString(words)
		return string(unicode.ToUpper(r)) + words[size:]
	}
	return leaf
}

// isSlug reports an article slug: lowercase words joined by '-', no symbol
// punctuation.
func isSlug(s string) bool {
	if !strings.Contains(s, "-") || strings.ContainsAny(s, "():_.") {
		return false
	}
	for _, r := range s {
		if unicode.IsUpper(r) {
			return false
		}
	}
	return true
}
