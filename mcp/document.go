package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// This file renders one page for read_document and resources/read, in
// Markdown or JSON, within a byte budget (max_tokens × charsPerToken). Every
// part is sized before it is written: the header and metadata are clipped
// to a share of the budget, the continuation hint is measured, and the
// Markdown window gets what is left, so a page of any size, with fields of
// any length, answers within the budget and says where to continue.

// Bounds on the metadata of one page before a response shrinks it further.
const (
	maxAbstractLen    = 2000
	maxDeclarationLen = 4000
	maxNoteLen        = 500
	maxCodeLen        = 2000
	maxPlatforms      = 20
)

// docHeader is the block every read starts with: what the page is and where
// it applies, so an agent can judge it before reading on. It is at most
// limit bytes.
func docHeader(doc *index.StoredDocument, body string, limit int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", oneLine(doc.Title))
	meta := []string{"URI: " + clip(doc.URI, maxTitleLen)}
	meta = append(meta, nonEmpty(labelled("Kind", clip(doc.RoleHeading, maxLabelLen), clip(doc.Kind, maxLabelLen)),
		labelled("Framework", clip(doc.Framework, maxLabelLen)), labelled("Source", clip(doc.Source, maxLabelLen)),
		labelled("Status", clip(doc.Status, maxLabelLen)), labelled("Swift", clip(doc.SwiftVersion, maxLabelLen)))...)
	b.WriteString(strings.Join(meta, " · ") + "\n")
	early := body[:min(len(body), 1500)]
	if len(doc.Platforms) > 0 && !strings.Contains(early, "Availability:") {
		b.WriteString("Availability: " + clip(platformsText(doc.Platforms[:min(len(doc.Platforms), maxPlatforms)]), maxNoteLen) + "\n")
	}
	if doc.Deprecated && !strings.Contains(strings.ToLower(early), "deprecated") {
		note := "Deprecated."
		if doc.DeprecationNote != "" {
			note = "Deprecated: " + clip(doc.DeprecationNote, maxNoteLen)
		}
		b.WriteString("> " + note + "\n")
	}
	if body == "" && doc.Abstract != "" {
		b.WriteString("\n" + clip(doc.Abstract, maxAbstractLen) + "\n")
	}
	if body == "" && doc.Declaration != "" {
		b.WriteString("\n```swift\n" + cutText(doc.Declaration, maxDeclarationLen) + "\n```\n")
	}
	if b.Len() > limit {
		head, _ := mdbound.Window(b.String(), 0, max(limit-4, 1))
		return strings.TrimRight(head, "\n") + "…\n"
	}
	return b.String()
}

func labelled(label string, values ...string) string {
	for _, v := range values {
		if v != "" {
			return label + ": " + v
		}
	}
	return ""
}

// cutText keeps the first n bytes of s with its line breaks (code), marking
// a cut.
func cutText(s string, n int) string {
	part, next := mdbound.Window(s, 0, n)
	if next > 0 {
		return part + "…"
	}
	return part
}

// documentMarkdown renders body from offset within budget bytes.
func documentMarkdown(doc *index.StoredDocument, body, section string, offset, budget int) string {
	header := docHeader(doc, body, budget/2)
	if offset > len(body) {
		return header + fmt.Sprintf("\nOffset %d is past the end of this page (%d bytes).\n", offset, len(body))
	}
	continued := ""
	if offset > 0 {
		continued = fmt.Sprintf("\n(continued from byte %d of %d)\n", offset, len(body))
	}
	// The hint is written after the window is cut, but its size is known
	// before: no offset it can name is longer than len(body).
	room := budget - len(header) - len(continued) - len(continuationHint(doc, body, section, len(body), budget)) - 2
	part, next := mdbound.Window(body, offset, max(room, 64))
	var b strings.Builder
	b.WriteString(header)
	b.WriteString(continued)
	b.WriteString("\n")
	b.WriteString(strings.TrimRight(part, "\n") + "\n")
	if next > 0 {
		b.WriteString(continuationHint(doc, body, section, next, budget))
	}
	return b.String()
}

// continuationHint tells the agent how to read on from next.
func continuationHint(doc *index.StoredDocument, body, section string, next, budget int) string {
	uri := fmt.Sprintf("uri=%q", doc.URI)
	if len(uri) > maxTitleLen {
		uri = "the same uri"
	}
	args := fmt.Sprintf("%s offset=%d", uri, next)
	if section != "" {
		args += fmt.Sprintf(" section=%q", section)
	}
	hint := fmt.Sprintf("\n… truncated at byte %d of %d; call read_document with %s to continue.", next, len(body), args)
	if section == "" {
		// A few headings, within an eighth of the budget.
		var picked []string
		used := 0
		for _, h := range mdbound.Names(body, 8) {
			q := fmt.Sprintf("%q", clip(h, 40))
			if used += len(q) + 2; used > budget/8 {
				break
			}
			picked = append(picked, q)
		}
		if len(picked) > 1 {
			hint += fmt.Sprintf(" Or pick sections with section=, e.g. %s.", strings.Join(picked, ", "))
		}
	}
	return hint + "\n"
}

// documentJSON is read_document's JSON form: the page's structured fields,
// clipped to at most half of budget, the URIs of the refs the index lacks
// (notIndexed), and as much of its Markdown from offset as the rest of
// budget holds once encoded.
func documentJSON(sd *index.StoredDocument, body string, notIndexed []string, offset, budget int) string {
	meta, truncated := documentMeta(sd.Document, budget/2)
	if len(notIndexed) > 0 {
		// The refs whose pages the index lacks, so an agent does not
		// follow them into "not found".
		meta["notIndexed"] = clipList(notIndexed[:min(len(notIndexed), maxListItems)], maxURILen)
	}
	offset = min(offset, len(body))
	base, _ := encodeJSON(meta)
	room := budget - len(base) - 200 // the markdown members' names and numbers
	for {
		part, next := mdbound.Window(body, offset, max(room, 64))
		meta["markdown"], meta["markdownBytes"] = part, len(body)
		delete(meta, "markdownOffset")
		delete(meta, "nextOffset")
		if offset > 0 {
			meta["markdownOffset"] = offset
		}
		if next > 0 {
			meta["nextOffset"] = next
		}
		if truncated {
			meta["listsTruncated"] = true
		}
		out, err := encodeJSON(meta)
		if err != nil {
			return fmt.Sprintf(`{"error": %q}`, "the page could not be encoded")
		}
		// Escapes ("\n", "\"", control characters) make the encoded
		// Markdown longer than the window; shrink by the overshoot.
		if len(out) <= budget || room <= 64 {
			return string(out)
		}
		room -= len(out) - budget + room/10
	}
}

// documentMeta is the page without its Markdown, as a JSON object of at most
// limit bytes: long fields clipped and long lists cut, halving the bounds
// until it fits. truncated reports that lists were cut.
func documentMeta(d document.Document, limit int) (map[string]any, bool) {
	d.SourceFile, d.ContentHash, d.Content, d.Markdown = "", "", "", ""
	for div := 1; ; div *= 2 {
		b, truncated := boundDocument(d, div)
		m := map[string]any{}
		if raw, err := encodeJSON(b); err == nil {
			_ = json.Unmarshal(raw, &m)
		}
		// Drop the empty and internal fields Document always writes; they
		// cost tokens and say nothing.
		for _, k := range []string{"sourceFile", "contentHash", "size"} {
			delete(m, k)
		}
		for k, v := range m {
			if v == "" {
				delete(m, k)
			}
		}
		if raw, _ := encodeJSON(m); len(raw) <= limit || div >= 1<<10 {
			return m, truncated
		}
	}
}

// boundDocument clips d's fields and cuts its lists to their bounds divided
// by div.
func boundDocument(d document.Document, div int) (document.Document, bool) {
	truncated := false
	// Lists shrink to nothing at the smallest budgets; strings keep a few
	// words.
	n := func(bound int) int { return bound / div }
	cut := func(length, bound int) int {
		if length > n(bound) {
			truncated = true
			return n(bound)
		}
		return length
	}
	scaled := func(bound int) int { return max(bound/div, 40) }
	d.URI, d.Parent = clip(d.URI, maxURILen), clip(d.Parent, maxURILen)
	d.Title, d.RoleHeading, d.Kind = clip(d.Title, scaled(maxTitleLen)), clip(d.RoleHeading, maxLabelLen), clip(d.Kind, maxLabelLen)
	d.Source, d.Framework, d.Language = clip(d.Source, maxLabelLen), clip(d.Framework, maxLabelLen), clip(d.Language, maxLabelLen)
	d.Status, d.SwiftVersion, d.AvailabilitySource = clip(d.Status, maxLabelLen), clip(d.SwiftVersion, maxLabelLen), clip(d.AvailabilitySource, maxLabelLen)
	d.Abstract, d.DeprecationNote = clip(d.Abstract, scaled(maxAbstractLen)), clip(d.DeprecationNote, scaled(maxNoteLen))
	d.Declaration = cutText(d.Declaration, scaled(maxDeclarationLen))

	d.Platforms = d.Platforms[:cut(len(d.Platforms), maxPlatforms)]
	platforms := make([]document.Platform, len(d.Platforms))
	for i, p := range d.Platforms {
		p.Name, p.Introduced, p.DeprecatedAt = clip(p.Name, maxLabelLen), clip(p.Introduced, maxLabelLen), clip(p.DeprecatedAt, maxLabelLen)
		platforms[i] = p
	}
	d.Platforms = platforms
	d.Attributes = clipList(d.Attributes[:cut(len(d.Attributes), maxListItems)], maxLabelLen)
	d.AvailableWhen = clipList(d.AvailableWhen[:cut(len(d.AvailableWhen), maxListItems)], maxTitleLen)
	d.ConformsTo = clipRefs(d.ConformsTo, cut(len(d.ConformsTo), 100))
	d.InheritsFrom = clipRefs(d.InheritsFrom, cut(len(d.InheritsFrom), 100))
	d.InheritedBy = clipRefs(d.InheritedBy, cut(len(d.InheritedBy), 100))
	d.ConformingTypes = clipRefs(d.ConformingTypes, cut(len(d.ConformingTypes), 100))
	d.Children = clipRefs(d.Children, cut(len(d.Children), 300))
	d.SeeAlso = clipRefs(d.SeeAlso, cut(len(d.SeeAlso), 50))

	symbols := make([]document.Symbol, cut(len(d.Symbols), 50))
	for i := range symbols {
		symbols[i] = clipSymbol(d.Symbols[i])
	}
	d.Symbols = symbols
	examples := make([]document.CodeExample, cut(len(d.CodeExamples), 20))
	for i := range examples {
		ex := d.CodeExamples[i]
		examples[i] = document.CodeExample{Language: clip(ex.Language, maxLabelLen), Code: cutText(ex.Code, scaled(maxCodeLen)),
			Caption: clip(ex.Caption, scaled(maxTitleLen))}
	}
	d.CodeExamples = examples
	return d, truncated
}

// encodeJSON is encodeLine without the newline.
func encodeJSON(v any) ([]byte, error) {
	b, err := encodeLine(v)
	return bytes.TrimSuffix(b, []byte("\n")), err
}

// encodeLine marshals v as one line of JSON, newline included, the way both
// transports send it: without HTML escaping, which would turn every "<" of
// a Swift generic into six bytes.
func encodeLine(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
