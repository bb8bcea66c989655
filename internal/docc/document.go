package docc

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/canonjson"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
)

// Document converts the page into the source-neutral document. sourceFile is
// the file the page was read from (recorded for the audit log and used as the
// last resort for the URI); raw is the page's bytes, hashed canonically.
//
// Pages whose identifier is not a documentation address (tutorials, for
// instance: doc://…/tutorials/…) are not documents: the error wraps ErrNoURI
// and docuri.ErrNotDocumentation. They are not rescued from sourceFile on
// purpose, since a tutorial is not an API reference page.
func (p *Page) Document(sourceFile string, raw []byte) (*document.Document, error) {
	uri, err := p.URI(sourceFile)
	if err != nil {
		return nil, err
	}
	hash, err := canonjson.Hash(raw)
	if err != nil {
		return nil, fmt.Errorf("hash page: %w", err)
	}
	d := &document.Document{
		URI:         uri,
		Source:      document.SourceAppleDocs,
		Framework:   docuri.Framework(uri),
		SourceFile:  sourceFile,
		Title:       p.title(uri),
		Kind:        p.pageKind(),
		RoleHeading: p.Metadata.RoleHeading,
		Abstract:    p.plainText(p.Abstract),
		ContentHash: hash,
		Size:        len(raw),
	}
	decl, declLang := p.primaryDeclaration()
	d.Language = languageName(p.Identifier.InterfaceLanguage)
	if d.Language == "" {
		d.Language = languageName(declLang)
	}
	if decl != nil {
		d.Declaration = joinTokens(decl.Tokens)
		d.Attributes = attributes(decl.Tokens)
	}
	d.AvailableWhen = p.AvailableWhen()
	d.Content = p.contentText()
	d.Markdown = RenderMarkdown(p, RenderOptions{})
	d.CodeExamples = p.codeExamples()
	p.fillAvailability(d)
	p.fillRelationships(d)
	d.Children = p.taskGroupRefs(p.TopicSections)
	d.SeeAlso = p.taskGroupRefs(p.SeeAlsoSections)
	d.Parent = p.parent(uri)
	d.ObjCName = objcName(p.overriddenTitle("occ", ""), d.Title)
	return d, nil
}

// objcName is a symbol's Objective-C title when it names it otherwise than
// its Swift title, by a compound name ("addChildViewController:",
// "drawRect:", "exclusiveTouch"): "" when it is the same name, or a single
// word ("hidden" for isHidden), which prose writes anyway.
func objcName(occ, swift string) string {
	occ = strings.TrimSpace(occ)
	first, _, _ := strings.Cut(occ, ":")
	base, _, _ := strings.Cut(swift, "(")
	if first == "" || strings.EqualFold(first, base) || strings.ContainsAny(first, " \t") {
		return ""
	}
	if strings.ToLower(first[1:]) == first[1:] && !strings.Contains(strings.TrimSuffix(occ, ":"), ":") {
		return ""
	}
	return occ
}

// URI returns the page's canonical apple-docs:// URI, from identifier.url,
// else the page's own entry in references, else sourceFile's path below a
// "documentation" directory.
func (p *Page) URI(sourceFile string) (string, error) {
	id := string(p.Identifier.URL)
	var firstErr error
	if id != "" {
		uri, err := docuri.FromURL(id)
		if err == nil {
			return uri, nil
		}
		if errors.Is(err, docuri.ErrNotDocumentation) {
			return "", fmt.Errorf("%w: %q: %w", ErrNoURI, id, err)
		}
		firstErr = err
		if ref := p.References[id]; ref != nil && ref.URL != "" {
			if uri, err := docuri.FromURL(ref.URL); err == nil {
				return uri, nil
			}
		}
	}
	if rel, ok := documentationPath(sourceFile); ok {
		if uri, err := docuri.FromURL(rel); err == nil {
			return uri, nil
		}
	}
	if firstErr == nil {
		firstErr = errors.New("no identifier url")
	}
	return "", fmt.Errorf("%w: %w", ErrNoURI, firstErr)
}

// documentationPath turns ".../documentation/Swift/Error.json" into
// "/documentation/Swift/Error".
func documentationPath(file string) (string, bool) {
	if file == "" {
		return "", false
	}
	f := "/" + filepath.ToSlash(file)
	i := strings.LastIndex(f, "/documentation/")
	if i < 0 {
		return "", false
	}
	return strings.TrimSuffix(f[i:], ".json"), true
}

// title falls back from metadata.title to the navigator title, the page's own
// reference and finally the last segment of its identifier or URI.
func (p *Page) title(uri string) string {
	if t := strings.TrimSpace(p.Metadata.Title); t != "" {
		return t
	}
	if t := strings.TrimSpace(joinTokens(p.Metadata.NavigatorTitle)); t != "" {
		return t
	}
	if ref := p.References[string(p.Identifier.URL)]; ref != nil && ref.Title != "" {
		return ref.Title
	}
	if id := string(p.Identifier.URL); id != "" {
		return titleFromID(id)
	}
	return titleFromID(uri)
}

func titleFromID(id string) string {
	if i := strings.IndexAny(id, "?#"); i >= 0 {
		id = id[:i]
	}
	id = strings.TrimRight(id, "/")
	if i := strings.LastIndexByte(id, '/'); i >= 0 {
		return id[i+1:]
	}
	return id
}

func joinTokens(ts []Token) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.Text)
	}
	return strings.TrimSpace(b.String())
}

// primaryDeclaration picks the declaration to index: the first Swift one,
// else the first one of any language. lang is its first language.
func (p *Page) primaryDeclaration() (decl *Declaration, lang string) {
	for i := range p.PrimaryContentSections {
		s := &p.PrimaryContentSections[i]
		if s.Kind != "declarations" {
			continue
		}
		for j := range s.Declarations {
			d := &s.Declarations[j]
			if len(d.Tokens) == 0 {
				continue
			}
			if decl == nil {
				decl = d
			}
			for _, l := range d.Languages {
				if l == "swift" {
					return d, l
				}
			}
		}
	}
	if decl != nil && len(decl.Languages) > 0 {
		lang = decl.Languages[0]
	}
	return decl, lang
}

// attributes returns the attribute names of a declaration without "@" or
// arguments, in order, once each. DocC splits "@MainActor" into an "@" token
// and a "MainActor" token, so adjacent attribute tokens are joined first.
func attributes(ts []Token) []string {
	var out []string
	seen := map[string]bool{}
	add := func(run string) {
		for _, part := range strings.Split(run, "@") {
			name := part
			if i := strings.IndexAny(name, "( \t\n"); i >= 0 {
				name = name[:i]
			}
			if name == "" || seen[name] {
				continue
			}
			seen[name] = true
			out = append(out, name)
		}
	}
	for i := 0; i < len(ts); i++ {
		if ts[i].Kind != "attribute" {
			continue
		}
		run := ts[i].Text
		for i+1 < len(ts) && ts[i+1].Kind == "attribute" && strings.HasSuffix(ts[i].Text, "@") {
			i++
			run += ts[i].Text
		}
		add(run)
	}
	return out
}

// target is what a reference identifier points at.
type target struct {
	uri        string // canonical URI when the target is a documentation page
	href       string // link destination: the URI, or an external URL
	title      string
	abstract   []Inline
	symbol     bool // written in code voice
	deprecated bool
	beta       bool
	required   bool // a protocol requirement
	defaulted  bool // a requirement with a default implementation
}

func (p *Page) target(id string) target {
	var t target
	if ref := p.References[id]; ref != nil {
		t.title = ref.Title
		t.abstract = ref.Abstract
		t.deprecated = ref.Deprecated
		t.beta = ref.Beta
		t.required = ref.Required
		t.defaulted = ref.DefaultImplementations > 0
		switch ref.Role {
		case "symbol", "pseudoSymbol", "containerSymbol", "dictionarySymbol":
			t.symbol = true
		case "":
			t.symbol = ref.Kind == "symbol"
		}
		if ref.URL != "" {
			t.uri = uriOrEmpty(ref.URL)
			switch {
			case t.uri != "":
			case isWebURL(ref.URL) || ref.Type == "link" || ref.Type == "download":
				t.href = ref.URL
			case strings.HasPrefix(ref.URL, higPath+"/"):
				// A guidelines page links its neighbours by site path;
				// the link goes to the hig:// page the index has.
				t.href = higURI(ref.URL)
			}
		}
	}
	if t.uri == "" && t.href == "" {
		t.uri = uriOrEmpty(id)
		if t.uri == "" && isWebURL(id) {
			t.href = id
		}
	}
	if t.href == "" && t.uri != "" {
		t.href = t.uri + anchorOf(p.References[id], id)
	}
	if t.title == "" {
		t.title = titleFromID(id)
	}
	return t
}

// anchorOf is "#anchor" when a reference points into a page (a section, a
// listing, a heading: "/documentation/quartzcore/cabasicanimation#Setting-
// Interpolation-Values"), else "". docuri drops fragments, because a page's
// identity has none; a link keeps it so it lands where Apple's does.
func anchorOf(ref *Reference, id string) string {
	src := id
	if ref != nil && ref.URL != "" {
		src = ref.URL
	}
	i := strings.IndexByte(src, '#')
	if i < 0 || i == len(src)-1 {
		return ""
	}
	return src[i:]
}

// higPath is where the Human Interface Guidelines live on the site.
const higPath = "/design/human-interface-guidelines"

// higURI is the index URI of a guidelines page's site path, "" when it has
// none (the landing page).
func higURI(sitePath string) string {
	u, _, err := docuri.FromWebURL("https://developer.apple.com" + sitePath)
	if err != nil || !strings.HasPrefix(u, "hig://") {
		return ""
	}
	return u
}

func uriOrEmpty(s string) string {
	u, err := docuri.FromURL(s)
	if err != nil {
		return ""
	}
	return u
}

func isWebURL(s string) bool {
	return strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://")
}

func (p *Page) ref(id, section string) document.Ref {
	t := p.target(id)
	return document.Ref{URI: t.uri, Title: t.title, Section: section}
}

func (p *Page) taskGroupRefs(groups []TaskGroup) []document.Ref {
	var out []document.Ref
	for _, g := range groups {
		for _, id := range g.Identifiers {
			r := p.ref(id, g.Title)
			r.Declaration = p.listedDeclaration(id)
			out = append(out, r)
		}
	}
	return out
}

// listedDeclaration is a Topics entry's declaration as the listing page
// shows it (`func setTitleColor(UIColor?, for: UIControl.State)`: labels
// and types, no parameter names or defaults), "" for an entry that is not
// a symbol. Many members have no page of their own in a crawl; this is
// then all the documentation says of their types.
func (p *Page) listedDeclaration(id string) string {
	ref := p.References[id]
	if ref == nil || ref.Kind != "symbol" || len(ref.Fragments) == 0 {
		return ""
	}
	return joinTokens(ref.Fragments)
}

func (p *Page) fillRelationships(d *document.Document) {
	for _, s := range p.RelationshipsSections {
		var dst *[]document.Ref
		switch s.Type {
		case "inheritsFrom":
			dst = &d.InheritsFrom
		case "inheritedBy":
			dst = &d.InheritedBy
		case "conformsTo":
			dst = &d.ConformsTo
		case "conformingTypes":
			dst = &d.ConformingTypes
		default:
			continue
		}
		title := s.Title
		if title == "" {
			title = relationshipTitle(s.Type)
		}
		for _, id := range s.Identifiers {
			*dst = append(*dst, p.ref(id, title))
		}
	}
}

func relationshipTitle(typ string) string {
	switch typ {
	case "inheritsFrom":
		return "Inherits From"
	case "inheritedBy":
		return "Inherited By"
	case "conformsTo":
		return "Conforms To"
	case "conformingTypes":
		return "Conforming Types"
	}
	return typ
}

// technologiesPath is the crawl root every hierarchy starts from; it is not a
// framework, so it is never a parent.
const technologiesPath = "/documentation/technologies"

// parent is the URI of the page's parent (parentID), else docuri.Parent.
// A framework root, whose only ancestor is the technologies page, has none.
func (p *Page) parent(uri string) string {
	id, atRoot := p.hierarchyParent(uri)
	switch {
	case id != "":
		return p.target(id).uri
	case atRoot:
		return ""
	}
	return docuri.Parent(uri)
}

// parentID is the reference identifier of the page's parent: the last
// element of the first hierarchy path that names another documentation
// page, stopping at the technologies page. "" when there is none.
func (p *Page) parentID(uri string) string {
	id, _ := p.hierarchyParent(uri)
	return id
}

// hierarchyParent walks the first hierarchy path up from the page: the
// identifier of the nearest ancestor with a URI of its own, or atRoot when
// the walk reached the technologies page first.
func (p *Page) hierarchyParent(uri string) (id string, atRoot bool) {
	if len(p.Hierarchy.Paths) == 0 {
		return "", false
	}
	path := p.Hierarchy.Paths[0]
	for i := len(path) - 1; i >= 0; i-- {
		if isTechnologies(path[i]) {
			return "", true
		}
		if u := p.target(path[i]).uri; u != "" && u != uri {
			return path[i], false
		}
	}
	return "", false
}

func isTechnologies(id string) bool {
	return strings.HasSuffix(strings.ToLower(id), technologiesPath)
}

func (p *Page) fillAvailability(d *document.Document) {
	named, deprecated := 0, 0
	for _, pl := range p.Metadata.Platforms {
		isDep := pl.Deprecated || pl.DeprecatedAt != ""
		if !pl.Unavailable {
			named++
			if isDep {
				deprecated++
			}
		}
		if pl.Name == "" {
			continue
		}
		d.Platforms = append(d.Platforms, document.Platform{
			Name:         pl.Name,
			Introduced:   pl.IntroducedAt,
			Deprecated:   isDep,
			DeprecatedAt: pl.DeprecatedAt,
			Beta:         pl.Beta,
			Unavailable:  pl.Unavailable,
		})
	}
	if len(d.Platforms) > 0 {
		d.AvailabilitySource = "docc"
	}
	d.DeprecationNote = p.plainBlocks(p.DeprecationSummary)
	d.Deprecated = len(p.DeprecationSummary) > 0 || (named > 0 && deprecated == named)
	if d.Deprecated && d.DeprecationNote == "" {
		d.DeprecationNote = p.platformDeprecationMessage()
	}
}

// platformDeprecationMessage is the first platform message or rename, used
// when the page has no deprecation summary.
func (p *Page) platformDeprecationMessage() string {
	for _, pl := range p.Metadata.Platforms {
		if pl.Message != "" {
			return pl.Message
		}
	}
	for _, pl := range p.Metadata.Platforms {
		if pl.Renamed != "" {
			return "Renamed to " + pl.Renamed + "."
		}
	}
	return ""
}

// LinkedURIs returns the canonical URIs of every documentation page the page
// references, sorted and without duplicates (a crawler's next hops).
func (p *Page) LinkedURIs() []string {
	set := make(map[string]struct{}, len(p.References))
	for id, ref := range p.References {
		if ref == nil || (ref.Type != "topic" && ref.Type != "") {
			continue
		}
		src := ref.URL
		if src == "" {
			src = id
		}
		if u := uriOrEmpty(src); u != "" {
			set[u] = struct{}{}
		}
	}
	out := make([]string, 0, len(set))
	for u := range set {
		out = append(out, u)
	}
	slices.Sort(out)
	return out
}
