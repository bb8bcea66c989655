package corpus

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/docc"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
)

// processedPage is the page JSON the original Swift tool wrote for every
// crawled Apple page (its StructuredDocumentationPage): flat fields already
// extracted from DocC or HTML, plus the Markdown it rendered.
type processedPage struct {
	URL         string `json:"url"`
	Title       string `json:"title"`
	Kind        string `json:"kind"`
	Language    string `json:"language"`
	Abstract    string `json:"abstract"`
	Declaration *struct {
		Code     string `json:"code"`
		Language string `json:"language"`
	} `json:"declaration"`
	Overview     string             `json:"overview"`
	Sections     []processedSection `json:"sections"`
	CodeExamples []struct {
		Code     string `json:"code"`
		Language string `json:"language"`
		Caption  string `json:"caption"`
	} `json:"codeExamples"`
	Platforms          []string `json:"platforms"`
	Module             string   `json:"module"`
	ConformsTo         []string `json:"conformsTo"`
	ConformsToURIs     []string `json:"conformsToURIs"`
	InheritsFrom       []string `json:"inheritsFrom"`
	InheritsFromURIs   []string `json:"inheritsFromURIs"`
	InheritedBy        []string `json:"inheritedBy"`
	InheritedByURIs    []string `json:"inheritedByURIs"`
	ConformingTypes    []string `json:"conformingTypes"`
	ConformingTypesURI []string `json:"conformingTypesURIs"`
	RawMarkdown        string   `json:"rawMarkdown"`
	ContentHash        string   `json:"contentHash"`
	CrawledAt          string   `json:"crawledAt"`
}

// processedSection is a titled section; items are the links of a topic
// group ("Instance Methods") with their one-line descriptions.
type processedSection struct {
	Title   string `json:"title"`
	Content string `json:"content"`
	Items   []struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		URL         string `json:"url"`
	} `json:"items"`
}

// titleSuffix is what the original tool's HTML path left on titles.
const titleSuffix = " | Apple Developer Documentation"

// decodeProcessedPage decodes raw as a processed page. ok is false when the
// JSON lacks the fields that make one (url, title and one of the crawl
// stamps), so that other JSON is declined rather than mis-read.
func decodeProcessedPage(raw []byte) (*processedPage, bool, error) {
	var page processedPage
	if err := json.Unmarshal(raw, &page); err != nil {
		if _, isType := err.(*json.UnmarshalTypeError); !isType {
			return nil, false, fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		return nil, false, fmt.Errorf("%w: processed page: %w", ErrMalformed, err)
	}
	if page.URL == "" || page.Title == "" || (page.ContentHash == "" && page.CrawledAt == "" && page.RawMarkdown == "") {
		return nil, false, nil
	}
	return &page, true, nil
}

// document converts a processed page. Its ContentHash is recomputed over the
// canonical JSON so that the same page saved by either tool dedups alike.
func (p *processedPage) document(path string, raw []byte) (*document.Document, error) {
	uri, err := docuri.FromURL(p.URL)
	if errors.Is(err, docuri.ErrForeignHost) || errors.Is(err, docuri.ErrNotDocumentation) {
		// The original tool kept other sites' pages (swift.org) in the
		// same format; they are not Apple documentation.
		return nil, fmt.Errorf("%w: processed page for %q: %w", ErrNotADocument, p.URL, err)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: processed page url %q: %w", ErrMalformed, p.URL, err)
	}
	hash, err := canonjson.Hash(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: hash processed page: %w", ErrMalformed, err)
	}
	doc := &document.Document{
		URI:         uri,
		Source:      document.SourceAppleDocs,
		Framework:   docuri.Framework(uri),
		SourceFile:  path,
		Title:       strings.TrimSpace(strings.TrimSuffix(p.Title, titleSuffix)),
		Kind:        processedKind(p.Kind),
		Abstract:    collapseSpace(inlineText(p.Abstract)),
		Content:     p.content(),
		ContentHash: hash,
		Size:        len(raw),
	}
	if p.Declaration != nil {
		doc.Declaration = strings.TrimSpace(p.Declaration.Code)
		doc.Language = processedLanguage(p.Declaration.Language)
	}
	if lang := processedLanguage(p.Language); lang != "" {
		doc.Language = lang
	}
	for _, example := range p.CodeExamples {
		if strings.TrimSpace(example.Code) == "" {
			continue
		}
		doc.CodeExamples = append(doc.CodeExamples, document.CodeExample{
			Language: codeLanguage(example.Language),
			Code:     example.Code,
			Caption:  example.Caption,
		})
	}
	doc.Platforms = parsePlatforms(p.Platforms)
	if len(doc.Platforms) > 0 {
		doc.AvailabilitySource = "processed"
		doc.Deprecated = allDeprecated(doc.Platforms)
	}
	doc.ConformsTo = namedRefs(p.ConformsTo, p.ConformsToURIs, "Conforms To")
	doc.InheritsFrom = namedRefs(p.InheritsFrom, p.InheritsFromURIs, "Inherits From")
	doc.InheritedBy = namedRefs(p.InheritedBy, p.InheritedByURIs, "Inherited By")
	doc.ConformingTypes = namedRefs(p.ConformingTypes, p.ConformingTypesURI, "Conforming Types")
	doc.Children = p.children()
	doc.Markdown = strings.TrimSpace(p.RawMarkdown)
	if doc.Markdown == "" {
		doc.Markdown = p.markdown(doc.Title)
	}
	doc.Markdown += "\n"
	return doc, nil
}

// processedKind maps the original tool's kind names onto Document.Kind.
func processedKind(kind string) string {
	switch kind {
	case "initializer":
		return docc.KindInit
	case "sample code":
		return "sampleCode"
	case "":
		return "unknown"
	}
	return docc.NormalizeSymbolKind(kind)
}

// processedLanguage maps a page or declaration language to Document.Language.
func processedLanguage(lang string) string {
	switch strings.ToLower(strings.TrimSpace(lang)) {
	case "":
		return ""
	case "objc", "objective-c", "occ", "c":
		return "objc"
	default:
		return strings.ToLower(strings.TrimSpace(lang))
	}
}

// content is the searchable text: the overview, then each section's title,
// text and item lines, as plain text.
func (p *processedPage) content() string {
	var parts []string
	add := func(markdown string) {
		if text := plainText(parseBlocks(markdown), -1); text != "" {
			parts = append(parts, text)
		}
	}
	add(p.Overview)
	for _, section := range p.Sections {
		add(section.Title)
		add(section.Content)
		for _, item := range section.Items {
			add(strings.TrimSpace(item.Name + " " + item.Description))
		}
	}
	return strings.Join(parts, "\n")
}

// children turns section items with a documentation url into topic links.
func (p *processedPage) children() []document.Ref {
	var refs []document.Ref
	for _, section := range p.Sections {
		for _, item := range section.Items {
			if item.URL == "" {
				continue
			}
			uri, err := docuri.FromURL(item.URL)
			if err != nil {
				continue
			}
			refs = append(refs, document.Ref{URI: uri, Title: item.Name, Section: section.Title})
		}
	}
	return refs
}

// namedRefs pairs relationship names with their URIs, which newer versions
// of the original tool wrote as a parallel array.
func namedRefs(names, uris []string, section string) []document.Ref {
	var refs []document.Ref
	for i, name := range names {
		ref := document.Ref{Title: name, Section: section}
		if i < len(uris) {
			if uri, err := docuri.FromURL(uris[i]); err == nil {
				ref.URI = uri
			}
		}
		refs = append(refs, ref)
	}
	return refs
}

// markdown renders the page from its fields, for pages saved without
// rawMarkdown, in the layout `read` shows for DocC pages.
func (p *processedPage) markdown(title string) string {
	var b strings.Builder
	b.WriteString("# " + title + "\n")
	if p.Abstract != "" {
		b.WriteString("\n" + strings.TrimSpace(p.Abstract) + "\n")
	}
	if p.Declaration != nil && strings.TrimSpace(p.Declaration.Code) != "" {
		writeFencedCode(&b, codeLanguage(p.Declaration.Language), p.Declaration.Code)
	}
	if p.Overview != "" {
		b.WriteString("\n## Overview\n\n" + strings.TrimSpace(p.Overview) + "\n")
	}
	for _, example := range p.CodeExamples {
		if example.Caption != "" {
			b.WriteString("\n" + example.Caption + "\n")
		}
		writeFencedCode(&b, codeLanguage(example.Language), example.Code)
	}
	for _, section := range p.Sections {
		b.WriteString("\n## " + section.Title + "\n")
		if content := strings.TrimSpace(section.Content); content != "" {
			b.WriteString("\n" + content + "\n")
		}
		if len(section.Items) > 0 {
			b.WriteString("\n")
			for _, item := range section.Items {
				b.WriteString("- " + item.Name)
				if item.Description != "" {
					b.WriteString(": " + item.Description)
				}
				b.WriteString("\n")
			}
		}
	}
	for _, group := range []struct {
		heading string
		names   []string
	}{{"Conforms To", p.ConformsTo}, {"Inherits From", p.InheritsFrom}, {"Inherited By", p.InheritedBy}, {"Conforming Types", p.ConformingTypes}} {
		if len(group.names) == 0 {
			continue
		}
		b.WriteString("\n## " + group.heading + "\n\n")
		for _, name := range group.names {
			b.WriteString("- " + name + "\n")
		}
	}
	return strings.TrimSpace(b.String())
}

// writeFencedCode writes a fenced block long enough not to be closed by
// backticks inside the code.
func writeFencedCode(b *strings.Builder, lang, code string) {
	marker := "```"
	for strings.Contains(code, marker) {
		marker += "`"
	}
	b.WriteString("\n" + marker + lang + "\n" + strings.TrimRight(code, "\n") + "\n" + marker + "\n")
}

// platformPattern reads the original tool's platform strings: "iOS 13.0+",
// "Mac Catalyst 13.1+ Beta", "macOS 10.10–10.15 Deprecated", "visionOS".
var platformPattern = regexp.MustCompile(`^(.*?)\s*(\d+(?:\.\d+)*)?\s*\+?\s*(?:[–—-]\s*(\d+(?:\.\d+)*))?\s*\+?\s*([A-Za-z ]*)$`)

// parsePlatforms reads availability strings into Platform entries.
func parsePlatforms(entries []string) []document.Platform {
	var platforms []document.Platform
	for _, entry := range entries {
		entry = collapseSpace(entry)
		match := platformPattern.FindStringSubmatch(entry)
		if entry == "" || match == nil {
			continue
		}
		name, flags := strings.TrimSpace(match[1]), strings.ToLower(match[4])
		if match[2] == "" {
			// No version: the words are the name ("visionOS", "Mac
			// Catalyst"), unless they end in a status word.
			name, flags = strings.TrimSpace(entry), ""
			for _, word := range []string{" Deprecated", " Beta", " Unavailable"} {
				if strings.HasSuffix(name, word) {
					name, flags = strings.TrimSuffix(name, word), strings.ToLower(word)
				}
			}
		}
		if name == "" {
			continue
		}
		platform := document.Platform{
			Name:         name,
			Introduced:   match[2],
			DeprecatedAt: match[3],
			Deprecated:   match[3] != "" || strings.Contains(flags, "deprecated"),
			Beta:         strings.Contains(flags, "beta"),
			Unavailable:  strings.Contains(flags, "unavailable"),
		}
		platforms = append(platforms, platform)
	}
	return platforms
}

// allDeprecated reports whether every listed platform is deprecated.
func allDeprecated(platforms []document.Platform) bool {
	for _, platform := range platforms {
		if !platform.Deprecated {
			return false
		}
	}
	return len(platforms) > 0
}
