package docc

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
)

// Sections is a set of Markdown sections, by bit.
type Sections uint32

// The sections RenderMarkdown writes, in page order. The title ("# Title") is
// always written. Names (for ParseSections) are in the comments.
const (
	SectionHeader                 Sections = 1 << iota // "header": breadcrumb, kind · framework, requirement, other language, sample download
	SectionAvailability                                // "availability": iOS 13.0+, macOS 10.15+, …
	SectionDeprecation                                 // "deprecation": the "> Deprecated:" aside
	SectionAbstract                                    // "abstract"
	SectionDeclaration                                 // "declaration": ## Declaration and its "Available when …" line, REST ## URL
	SectionParameters                                  // "parameters": ## Parameters
	SectionDiscussion                                  // "discussion": overview, discussion, return value and other prose
	SectionProperties                                  // "properties": properties, REST parameters/body/responses, possible values, attributes, details
	SectionMentions                                    // "mentions": ## Mentioned In
	SectionTopics                                      // "topics": ## Topics
	SectionRelationships                               // "relationships": ## Relationships
	SectionDefaultImplementations                      // "defaultImplementations": ## Default Implementations
	SectionSeeAlso                                     // "seeAlso": ## See Also

	AllSections = SectionSeeAlso<<1 - 1
)

var sectionNames = []struct {
	name string
	s    Sections
}{
	{"header", SectionHeader}, {"availability", SectionAvailability}, {"deprecation", SectionDeprecation},
	{"abstract", SectionAbstract}, {"declaration", SectionDeclaration}, {"parameters", SectionParameters},
	{"discussion", SectionDiscussion}, {"properties", SectionProperties}, {"mentions", SectionMentions},
	{"topics", SectionTopics}, {"relationships", SectionRelationships},
	{"defaultImplementations", SectionDefaultImplementations}, {"seeAlso", SectionSeeAlso},
}

// ErrUnknownSection is returned by ParseSections for a name it does not know.
var ErrUnknownSection = errors.New("unknown section")

// ParseSections parses a comma-separated list of section names (case
// insensitive, see the Section constants); "all" means every section.
func ParseSections(list string) (Sections, error) {
	var out Sections
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if strings.EqualFold(name, "all") {
			out |= AllSections
			continue
		}
		found := false
		for _, sn := range sectionNames {
			if strings.EqualFold(sn.name, name) {
				out |= sn.s
				found = true
				break
			}
		}
		if !found {
			return 0, fmt.Errorf("%w: %q", ErrUnknownSection, name)
		}
	}
	return out, nil
}

// RenderOptions tunes RenderMarkdown. The zero value renders everything.
type RenderOptions struct {
	// Omit lists the sections to leave out.
	Omit Sections
	// OmitTopicAbstracts writes topic, see-also and relationship entries as
	// bare links, which keeps framework roots with hundreds of entries short.
	OmitTopicAbstracts bool
}

func (o RenderOptions) has(s Sections) bool { return o.Omit&s == 0 }

// RenderMarkdown renders the page as compact Markdown for an AI agent. Links to
// other pages use their apple-docs:// URIs; external links keep their URL.
func RenderMarkdown(p *Page, opts RenderOptions) string {
	if p == nil {
		return ""
	}
	return renderMarkdown(p, opts, nil)
}

// renderMarkdown renders, counting unknown block, inline and section types in
// seen when it is non-nil.
func renderMarkdown(p *Page, opts RenderOptions, seen map[string]int) string {
	m := mdPage{r: renderer{p: p, seen: seen}, opts: opts}
	return m.render()
}

type mdPage struct {
	r    renderer
	opts RenderOptions
	w    bytes.Buffer
	// wroteAvailableWhen: the "Available when …" line is out (it follows
	// the first declaration section, or the abstract when there is none).
	wroteAvailableWhen bool
}

// section starts a new block, separated from the previous one by a blank line.
func (m *mdPage) section() {
	if m.w.Len() > 0 && !endsWithBlankLine(m.w.Bytes()) {
		if bytes.HasSuffix(m.w.Bytes(), []byte("\n")) {
			m.w.WriteByte('\n')
		} else {
			m.w.WriteString("\n\n")
		}
	}
}

// lines writes the non-empty lines as one block, one per line.
func (m *mdPage) lines(lines ...string) {
	wrote := false
	for _, l := range lines {
		if l == "" {
			continue
		}
		if wrote {
			m.w.WriteByte('\n')
		} else {
			m.section()
			wrote = true
		}
		m.w.WriteString(l)
	}
}

func (m *mdPage) heading(text string) {
	m.section()
	m.w.WriteString("## " + text + "\n\n")
}

func (m *mdPage) render() string {
	p := m.r.p
	uri, _ := p.URI("")
	title := p.title(uri)
	m.w.WriteString("# " + title + "\n")
	if m.opts.has(SectionHeader) {
		m.lines(m.breadcrumb(uri, title))
		m.lines(p.headerLine())
		m.lines(m.requiredLine(uri))
		m.lines(m.variantLines(uri, title)...)
	}
	if m.opts.has(SectionAvailability) {
		if line := p.availabilityLine(); line != "" {
			m.section()
			m.w.WriteString("Availability: " + line)
		}
	}
	if m.opts.has(SectionDeprecation) {
		m.deprecation()
	}
	if m.opts.has(SectionAbstract) && len(p.Abstract) > 0 {
		if s := m.r.inlineString(p.Abstract, 0); s != "" {
			m.section()
			m.w.WriteString(s)
		}
	}
	if m.opts.has(SectionHeader) {
		m.lines(m.sampleDownload())
	}
	if !p.hasDeclarationCode() {
		m.availableWhen()
	}
	for i := range p.PrimaryContentSections {
		m.contentSection(&p.PrimaryContentSections[i])
	}
	if m.opts.has(SectionTopics) {
		m.taskGroups("Topics", p.TopicSections)
	}
	if m.opts.has(SectionRelationships) {
		m.relationships()
	}
	if m.opts.has(SectionDefaultImplementations) {
		m.taskGroups("Default Implementations", p.DefaultImplementationsSections)
	}
	if m.opts.has(SectionSeeAlso) {
		m.taskGroups("See Also", p.SeeAlsoSections)
	}
	return strings.TrimRight(m.w.String(), "\n") + "\n"
}

// headerLine is "Role Heading · Module", e.g. "Protocol · Swift".
func (p *Page) headerLine() string {
	kind := p.Metadata.RoleHeading
	if kind == "" {
		if kind = p.pageKind(); kind != "" {
			kind = strings.ToUpper(kind[:1]) + kind[1:]
		}
	}
	module := ""
	if len(p.Metadata.Modules) > 0 {
		module = p.Metadata.Modules[0].Name
	}
	if module == "" {
		module = p.frameworkTitle()
	}
	switch {
	case kind != "" && module != "" && kind != "Framework":
		return kind + " · " + module
	case kind != "":
		return kind
	}
	return module
}

// frameworkTitle is the title of the first page below the technologies page
// in the hierarchy: the framework the page belongs to.
func (p *Page) frameworkTitle() string {
	if len(p.Hierarchy.Paths) == 0 {
		return ""
	}
	for _, id := range p.Hierarchy.Paths[0] {
		if !isTechnologies(id) {
			return p.target(id).title
		}
	}
	return ""
}

// availabilityLine lists platforms as Apple's site does: "iOS 13.0+",
// "iOS 2.0–13.0 (Deprecated)", "iOS 18.0+ (Beta)".
func (p *Page) availabilityLine() string {
	var parts []string
	for _, pl := range p.Metadata.Platforms {
		if pl.Name == "" {
			continue
		}
		s := pl.Name
		switch {
		case pl.Unavailable:
			s += " (Unavailable)"
		case pl.IntroducedAt != "" && pl.DeprecatedAt != "":
			s += " " + pl.IntroducedAt + "–" + pl.DeprecatedAt + " (Deprecated)"
		case pl.IntroducedAt != "":
			s += " " + pl.IntroducedAt + "+"
			if pl.Deprecated {
				s += " (Deprecated)"
			}
		case pl.Deprecated || pl.DeprecatedAt != "":
			s += " (Deprecated)"
		}
		if pl.Beta {
			s += " (Beta)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func (m *mdPage) deprecation() {
	p := m.r.p
	body := m.r.blocksString(p.DeprecationSummary, 0)
	if body == "" {
		named, dep := 0, 0
		for _, pl := range p.Metadata.Platforms {
			if !pl.Unavailable {
				named++
				if pl.Deprecated || pl.DeprecatedAt != "" {
					dep++
				}
			}
		}
		if named == 0 || dep < named {
			return
		}
		body = p.platformDeprecationMessage()
	}
	m.section()
	text := "Deprecated:"
	if body != "" {
		text += " " + body
	}
	m.w.WriteString(quote(text))
}

func (m *mdPage) contentSection(s *ContentSection) {
	r := &m.r
	switch s.Kind {
	case "declarations":
		if m.opts.has(SectionDeclaration) {
			m.declarations(s)
		}
	case "restEndpoint":
		if m.opts.has(SectionDeclaration) && len(s.Tokens) > 0 {
			m.heading(orDefault(s.Title, "URL"))
			writeFence(&m.w, "", joinTokens(s.Tokens))
		}
	case "parameters":
		if m.opts.has(SectionParameters) && len(s.Parameters) > 0 {
			m.heading("Parameters")
			m.properties(s.Parameters, false)
		}
	case "content":
		if m.opts.has(SectionDiscussion) {
			m.section()
			r.blocks(&m.w, s.Content, 0)
		}
	case "mentions":
		if m.opts.has(SectionMentions) && len(s.Mentions) > 0 {
			m.heading("Mentioned In")
			for i, id := range s.Mentions {
				if i > 0 {
					m.w.WriteByte('\n')
				}
				m.w.WriteString("- " + r.refLink(id, "", true))
			}
		}
	default:
		if m.opts.has(SectionProperties) {
			m.dataSection(s)
		}
	}
}

func (m *mdPage) declarations(s *ContentSection) {
	seen := map[string]bool{}
	for _, d := range s.Declarations {
		code := joinTokens(d.Tokens)
		if code == "" || seen[code] {
			continue
		}
		if len(seen) == 0 {
			m.heading("Declaration")
		} else {
			m.section()
		}
		seen[code] = true
		lang := ""
		if len(d.Languages) > 0 {
			lang = fenceLanguage(d.Languages[0])
		}
		writeFence(&m.w, lang, code)
	}
	if len(seen) > 0 {
		m.availableWhen()
	}
}

// availableWhen writes the "Available when …" line once, as part of the
// declaration section (omitting "declaration" omits it too).
func (m *mdPage) availableWhen() {
	if m.wroteAvailableWhen || !m.opts.has(SectionDeclaration) {
		return
	}
	if line := m.r.availableWhenLine(); line != "" {
		m.section()
		m.w.WriteString(line)
		m.wroteAvailableWhen = true
	}
}

// hasDeclarationCode reports whether a declarations section will render a
// code block, which the "Available when …" line then follows.
func (p *Page) hasDeclarationCode() bool {
	for i := range p.PrimaryContentSections {
		s := &p.PrimaryContentSections[i]
		if s.Kind != "declarations" {
			continue
		}
		for _, d := range s.Declarations {
			if joinTokens(d.Tokens) != "" {
				return true
			}
		}
	}
	return false
}

func fenceLanguage(declLang string) string {
	switch declLang {
	case "swift":
		return "swift"
	case "data":
		return ""
	}
	return codeLanguage(declLang)
}

// taskGroups writes "## heading" then "### group" with one link per entry.
func (m *mdPage) taskGroups(heading string, groups []TaskGroup) {
	wrote := false
	for _, g := range groups {
		if len(g.Identifiers) == 0 {
			continue
		}
		if !wrote {
			m.heading(heading)
			wrote = true
		}
		m.section()
		if g.Title != "" {
			m.w.WriteString("### " + g.Title + "\n\n")
		}
		if s := m.r.inlineString(g.Abstract, 0); s != "" {
			m.w.WriteString(s + "\n\n")
		}
		if g.Discussion != nil {
			if s := m.r.blocksString(withoutHeadings(g.Discussion.Content), 0); s != "" {
				m.w.WriteString(s + "\n\n")
			}
		}
		m.linkList(g.Identifiers)
	}
}

// withoutHeadings drops the generic "Discussion" heading DocC puts at the top
// of a topic group's discussion.
func withoutHeadings(bs []Block) []Block {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Type != "heading" {
			out = append(out, b)
		}
	}
	return out
}

func (m *mdPage) linkList(ids []string) {
	for i, id := range ids {
		if i > 0 {
			m.w.WriteByte('\n')
		}
		m.w.WriteString("- " + m.entry(id))
	}
}

// entry is one topic line: link, markers and abstract.
func (m *mdPage) entry(id string) string {
	t := m.r.p.target(id)
	line := m.r.refLink(id, "", true)
	switch {
	case t.required && t.defaulted:
		line += " (Required, default implementation provided)"
	case t.required:
		line += " (Required)"
	}
	if t.deprecated {
		line += " (Deprecated)"
	}
	if t.beta {
		line += " (Beta)"
	}
	if !m.opts.OmitTopicAbstracts {
		if a := m.r.inlineString(t.abstract, 1); a != "" {
			line += " — " + a
		}
	}
	return line
}

func (m *mdPage) relationships() {
	p := m.r.p
	wrote := false
	for _, s := range p.RelationshipsSections {
		if len(s.Identifiers) == 0 {
			continue
		}
		if !wrote {
			m.heading("Relationships")
			wrote = true
		}
		m.section()
		m.w.WriteString("### " + orDefault(s.Title, relationshipTitle(s.Type)) + "\n\n")
		for i, id := range s.Identifiers {
			if i > 0 {
				m.w.WriteByte('\n')
			}
			m.w.WriteString("- " + m.r.refLink(id, "", true))
		}
	}
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}
