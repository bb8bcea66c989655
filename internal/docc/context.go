package docc

import (
	"bytes"
	"path"
	"strings"
)

// This file writes the lines under a page's title that tell an agent where
// the page sits and what to do with it: the breadcrumb, the protocol
// requirement note, the page in the other language and the sample-code
// download. Apple's site shows each of them around the title; the JSON
// carries them outside the content sections, so they need rendering of
// their own.

// breadcrumbSeparator joins breadcrumb entries, as Apple's site does.
const breadcrumbSeparator = " › "

// minBreadcrumbAncestors is how many ancestors (the technologies page not
// counted) a page needs for a breadcrumb: a member or nested page has its
// framework and its type. A framework's top-level page would only repeat the
// header line's framework.
const minBreadcrumbAncestors = 2

// breadcrumb is "[SwiftUI](…) › [`EnvironmentValues`](…) › `dismiss`", from
// the page's first hierarchy path, or "" for a page without enough
// ancestors to need one.
func (m *mdPage) breadcrumb(uri, title string) string {
	p := m.r.p
	if len(p.Hierarchy.Paths) == 0 {
		return ""
	}
	var parts []string
	for _, id := range p.Hierarchy.Paths[0] {
		if isTechnologies(id) || p.target(id).uri == uri {
			continue
		}
		parts = append(parts, m.r.refLink(id, "", true))
	}
	if len(parts) < minBreadcrumbAncestors {
		return ""
	}
	self := escapeLinkText(title)
	if p.Metadata.Role == "symbol" && !strings.ContainsAny(title, "` ") {
		var b bytes.Buffer
		writeCodeSpan(&b, title)
		self = b.String()
	}
	return strings.Join(append(parts, self), breadcrumbSeparator)
}

// requiredLine marks a protocol requirement's own page (metadata.required):
// "**Required.** A protocol requirement of [`P`](…)." An agent implementing
// P must write it, unless a default implementation is provided, which the
// line then says.
func (m *mdPage) requiredLine(uri string) string {
	p := m.r.p
	if !p.Metadata.Required {
		return ""
	}
	line := "**Required.** A protocol requirement"
	if id := p.parentID(uri); id != "" {
		line += " of " + m.r.refLink(id, "", true)
	}
	line += "."
	for _, g := range p.DefaultImplementationsSections {
		if len(g.Identifiers) > 0 {
			line += " A default implementation is provided (see Default Implementations)."
			break
		}
	}
	return line
}

// Interface languages of DocC variants, and how a link names them.
const (
	langSwift = "swift"
	langObjC  = "occ"
	// languageQuery selects a language on a page Apple renders in both,
	// as developer.apple.com's ?language=objc does.
	languageQuery = "?language="
)

// variantLanguages maps a variant's interface language to its label and
// the value of languageQuery that selects it.
var variantLanguages = map[string]struct{ label, query string }{
	langSwift: {"Swift", "swift"},
	langObjC:  {"Objective-C", "objc"},
}

// variantLines links the page in its other interface language: the Swift
// page of an Objective-C symbol and back. A variant at another path is
// linked by its URI; one at the page's own path (Apple serves both
// languages from one address, the other as a patch) by the URI with
// ?language=objc.
func (m *mdPage) variantLines(uri, title string) []string {
	p := m.r.p
	own := p.Identifier.InterfaceLanguage
	if own == "" {
		own = langSwift
	}
	var lines []string
	seen := map[string]bool{own: true}
	for _, v := range p.Variants {
		if len(v.Paths) == 0 || len(v.Traits) == 0 {
			continue
		}
		lang := v.Traits[0].InterfaceLanguage
		meta, known := variantLanguages[lang]
		if !known || seen[lang] {
			continue
		}
		target := uriOrEmpty(v.Paths[0])
		if target == "" {
			continue
		}
		seen[lang] = true
		// A variant elsewhere has no title in the page: its slug stands in,
		// as text, since it is lowercased and may be cut short.
		label := escapeLinkText(slugName(v.Paths[0]))
		if target == uri {
			target += languageQuery + meta.query
			label = escapeLinkText(p.overriddenTitle(lang, title))
			if p.Metadata.Role == "symbol" && !strings.ContainsAny(label, "` ") {
				var b bytes.Buffer
				writeCodeSpan(&b, label)
				label = b.String()
			}
		}
		lines = append(lines, meta.label+": ["+label+"]("+linkDestination(target)+")")
	}
	return lines
}

// slugName is a path's last segment without the number a legacy address
// starts with ("1412177-ubiquitousitemdownloadingstatusk" gives
// "ubiquitousitemdownloadingstatusk").
func slugName(path string) string {
	name := titleFromID(path)
	digits := 0
	for digits < len(name) && name[digits] >= '0' && name[digits] <= '9' {
		digits++
	}
	if digits > 0 && digits+1 < len(name) && name[digits] == '-' {
		return name[digits+1:]
	}
	return name
}

// titlePatchPath is the variant-override patch path of the page's title.
const titlePatchPath = "/metadata/title"

// overriddenTitle is the page's title in lang, from its variant overrides,
// else fallback (many symbols keep their name across languages).
func (p *Page) overriddenTitle(lang, fallback string) string {
	for _, vo := range p.VariantOverrides {
		if len(vo.Traits) == 0 || vo.Traits[0].InterfaceLanguage != lang {
			continue
		}
		for _, op := range vo.Patch {
			if op.Path == titlePatchPath && op.Value != "" {
				return op.Value
			}
		}
	}
	return fallback
}

// downloadTitle is the text of the sample-code download button; anything
// after it ("Download (1.2 GB)") is kept as a note.
const downloadTitle = "Download"

// sampleDownload is "Download the sample code: [Name.zip](https://…)" for a
// sample-code page: the project an agent can fetch and build.
func (m *mdPage) sampleDownload() string {
	d := m.r.p.SampleCodeDownload
	if d == nil {
		return ""
	}
	a := d.Action
	url := a.Destination
	if a.Identifier != "" {
		url = m.r.p.target(a.Identifier).href
	}
	if url == "" {
		return ""
	}
	name := url
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	name = path.Base(name)
	line := "Download the sample code: [" + escapeLinkText(name) + "](" + linkDestination(url) + ")"
	label := a.OverridingTitle
	if label == "" {
		label = a.Title
	}
	if note := strings.TrimSpace(strings.TrimPrefix(label, downloadTitle)); note != "" {
		line += " " + note
	}
	return line
}
