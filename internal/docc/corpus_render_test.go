package docc

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// renderCorpusPage renders one real page by its path below the corpus's
// documentation folder.
func renderCorpusPage(t *testing.T, dir, rel string) (*Page, string) {
	t.Helper()
	p := mustParse(t, testenv.ReadFile(t, filepath.Join(dir, filepath.FromSlash(rel))))
	return p, RenderMarkdown(p, RenderOptions{})
}

// TestCorpusRequirementsAndBreadcrumbs spot-checks real pages: every
// requirement in UIViewControllerRepresentable's Topics is marked, a
// requirement's own page says so and names its protocol, and dismiss names
// EnvironmentValues in its breadcrumb.
func TestCorpusRequirementsAndBreadcrumbs(t *testing.T) {
	dir := testenv.CorpusPath(t, testenv.AppleDocsPath)

	p, md := renderCorpusPage(t, dir, "SwiftUI/UIViewControllerRepresentable.json")
	required := 0
	for _, g := range p.TopicSections {
		for _, id := range g.Identifiers {
			if ref := p.References[id]; ref != nil && ref.Required {
				required++
			}
		}
	}
	topics := md[strings.Index(md, "## Topics"):]
	if marked := strings.Count(topics, " (Required"); required < 6 || marked != required {
		t.Errorf("UIViewControllerRepresentable: %d requirements in Topics, %d marked", required, marked)
	}
	for _, want := range []string{
		"[`makeUIViewController(context:)`](apple-docs://swiftui/uiviewcontrollerrepresentable/makeuiviewcontroller(context:)) (Required) — ",
		"[`makeCoordinator()`](apple-docs://swiftui/uiviewcontrollerrepresentable/makecoordinator()) (Required, default implementation provided) — ",
	} {
		if !strings.Contains(topics, want) {
			t.Errorf("UIViewControllerRepresentable Topics lack %q", want)
		}
	}

	_, md = renderCorpusPage(t, dir, "SwiftUI/UIGestureRecognizerRepresentable/handleUIGestureRecognizerAction(_:context:).json")
	if want := "**Required.** A protocol requirement of [`UIGestureRecognizerRepresentable`](apple-docs://swiftui/uigesturerecognizerrepresentable)."; !strings.Contains(md, want) {
		t.Errorf("requirement page lacks %q:\n%s", want, md[:min(len(md), 600)])
	}

	_, md = renderCorpusPage(t, dir, "SwiftUI/EnvironmentValues/dismiss.json")
	if want := "\n\n[SwiftUI](apple-docs://swiftui) › [`EnvironmentValues`](apple-docs://swiftui/environmentvalues) › `dismiss`\n\n"; !strings.Contains(md, want) {
		t.Errorf("dismiss lacks its breadcrumb %q:\n%s", want, md[:min(len(md), 400)])
	}
}

// TestCorpusContextLines renders every 40th real page and checks each
// rendering case against the JSON it came from: a requirement's page has
// its line, a sample page its download, a page in two languages its other
// one, a REST type naming a schema page links it, and an anchored reference
// keeps its anchor. The counts are logged.
func TestCorpusContextLines(t *testing.T) {
	if testing.Short() {
		t.Skip("corpus rendering check skipped in -short mode")
	}
	dir := testenv.CorpusPath(t, testenv.AppleDocsPath)
	const step = 40
	type check struct{ has, shown int }
	names := []string{"required", "breadcrumb", "download", "language", "restType", "anchor"}
	counts := map[string]*check{}
	for _, name := range names {
		counts[name] = &check{}
	}
	see := func(name string, has, shown bool, file string) {
		if !has {
			return
		}
		counts[name].has++
		if shown {
			counts[name].shown++
		} else if counts[name].has-counts[name].shown <= 3 {
			t.Errorf("%s: %s not rendered", file, name)
		}
	}
	for _, f := range corpusFiles(t, dir, step) {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Parse(raw)
		if err != nil {
			continue
		}
		uri, err := p.URI(f)
		if err != nil {
			continue
		}
		md := RenderMarkdown(p, RenderOptions{})
		see("required", p.Metadata.Required, strings.Contains(md, "**Required.** A protocol requirement"), f)
		see("download", p.SampleCodeDownload != nil, strings.Contains(md, "Download the sample code: ["), f)
		see("language", otherLanguage(p), strings.Contains(md, "\nObjective-C: [") || strings.Contains(md, "\nSwift: ["), f)
		see("breadcrumb", ancestors(p, uri) >= minBreadcrumbAncestors, strings.Contains(md, breadcrumbSeparator), f)
		if id := restTypeID(p); id != "" {
			see("restType", true, strings.Contains(md, "]("+p.target(id).href+")"), f)
		}
		if href := anchoredHref(p); href != "" {
			see("anchor", true, strings.Contains(md, "]("+linkDestination(href)+")"), f)
		}
	}
	for _, name := range names {
		c := counts[name]
		t.Logf("%-10s %5d pages have it, %5d render it", name, c.has, c.shown)
	}
}

// otherLanguage reports whether the page names a variant in another
// interface language.
func otherLanguage(p *Page) bool {
	own := p.Identifier.InterfaceLanguage
	if own == "" {
		own = langSwift
	}
	for _, v := range p.Variants {
		if len(v.Paths) > 0 && len(v.Traits) > 0 && v.Traits[0].InterfaceLanguage != own && uriOrEmpty(v.Paths[0]) != "" {
			if _, ok := variantLanguages[v.Traits[0].InterfaceLanguage]; ok {
				return true
			}
		}
	}
	return false
}

func ancestors(p *Page, uri string) int {
	n := 0
	if len(p.Hierarchy.Paths) > 0 {
		for _, id := range p.Hierarchy.Paths[0] {
			if !isTechnologies(id) && p.target(id).uri != uri {
				n++
			}
		}
	}
	return n
}

// restTypeID is the first schema type a REST or dictionary item names.
func restTypeID(p *Page) string {
	for _, s := range p.PrimaryContentSections {
		if s.Kind != "restResponses" && s.Kind != "restParameters" && s.Kind != "properties" {
			continue
		}
		for _, it := range s.Items {
			for _, tok := range it.Type {
				if tok.Kind == "typeIdentifier" && tok.Identifier != "" && tok.Text != "" && p.target(tok.Identifier).href != "" {
					return tok.Identifier
				}
			}
		}
	}
	return ""
}

// anchoredHref is the link of the first inline reference in the page's
// abstract or content to an anchor ("…#Setting-Interpolation-Values").
func anchoredHref(p *Page) string {
	var found string
	var walkInlines func([]Inline)
	walkInlines = func(in []Inline) {
		for _, x := range in {
			if found != "" {
				return
			}
			if x.Type == "reference" && (x.IsActive == nil || *x.IsActive) {
				if t := p.target(x.Identifier); strings.Contains(t.href, "#") && strings.HasPrefix(t.href, "apple-docs://") {
					found = t.href
				}
			}
			walkInlines(x.InlineContent)
		}
	}
	walkInlines(p.Abstract)
	for _, s := range p.PrimaryContentSections {
		for _, b := range s.Content {
			walkInlines(b.InlineContent)
		}
	}
	return found
}
