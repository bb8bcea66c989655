package docc

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestParseErrors(t *testing.T) {
	cases := []struct {
		in   string
		want error
	}{
		{"", ErrEmpty},
		{" \n\t ", ErrEmpty},
		{"{", ErrMalformed},
		{`{"kind": "symbol",}`, ErrMalformed},
		{`{"kind": "symbol"} trailing`, ErrMalformed},
		{"[1, 2]", ErrNotDocC},
		{"null", ErrNotDocC},
		{`"a string"`, ErrNotDocC},
		{"{}", ErrNotDocC},
		{`{"name": "not a page", "items": []}`, ErrNotDocC},
		{`{"kind": "symbol"}`, ErrNotDocC}, // a kind alone is not enough
	}
	for _, c := range cases {
		p, err := Parse([]byte(c.in))
		if !errors.Is(err, c.want) || p != nil {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, p, err, c.want)
		}
	}
}

// A value of the wrong type must not lose the rest of the page.
func TestParseSkipsWrongTypes(t *testing.T) {
	raw := `{"identifier": {"url": "doc://com.example.docs/documentation/Gizmo/Dial"}, "kind": "symbol",
		"metadata": {"title": 5, "role": "symbol", "platforms": [{"name": "iOS", "introducedAt": 13}]},
		"abstract": [{"type": "text", "text": "kept"}],
		"references": {"x": {"title": ["odd"], "url": "/documentation/gizmo/x"}}}`
	p := mustParse(t, []byte(raw))
	if p.Metadata.Role != "symbol" || len(p.Abstract) != 1 || p.Abstract[0].Text != "kept" {
		t.Errorf("lost data after a type mismatch: %+v %+v", p.Metadata, p.Abstract)
	}
	if p.Metadata.Platforms[0].IntroducedAt != "" || p.References["x"].URL != "/documentation/gizmo/x" {
		t.Errorf("platform %+v, reference %+v", p.Metadata.Platforms, p.References["x"])
	}
}

func parseFixture(t *testing.T, name string) *Page {
	t.Helper()
	return mustParse(t, testenv.ReadFile(t, "testdata/"+name))
}

// mustParse parses a page the test expects to be valid render JSON.
func mustParse(t testing.TB, raw []byte) *Page {
	t.Helper()
	p, err := Parse(raw)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return p
}

// documentOf parses raw and converts it as the file at path, failing the
// test on either error.
func documentOf(t testing.TB, path string, raw []byte) *document.Document {
	t.Helper()
	d, err := mustParse(t, raw).Document(path, raw)
	if err != nil {
		t.Fatalf("document %s: %v", path, err)
	}
	return d
}

func docOf(t *testing.T, raw string) (*Page, error) {
	t.Helper()
	p := mustParse(t, []byte(raw))
	_, err := p.Document("", []byte(raw))
	return p, err
}

func TestURI(t *testing.T) {
	// identifier.url wrapped in an object, as one real page has it.
	p := parseFixture(t, "dictionary.json")
	if u, err := p.URI(""); err != nil || u != "apple-docs://widgetapi/widgetresponse" {
		t.Errorf("object url: %q, %v", u, err)
	}

	// Tutorials are not reference documentation.
	_, err := docOf(t, `{"identifier": {"url": "doc://com.example.docs/tutorials/Gizmo/first-steps"}, "kind": "project", "metadata": {"title": "First Steps"}}`)
	if !errors.Is(err, ErrNoURI) || !errors.Is(err, docuri.ErrNotDocumentation) {
		t.Errorf("tutorial page: %v, want ErrNoURI and docuri.ErrNotDocumentation", err)
	}

	// No identifier: the file path below "documentation" is the last resort.
	p, err = Parse([]byte(`{"kind": "article", "metadata": {"title": "Orphan", "role": "article"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if u, err := p.URI("/data/documentation/Gizmo/Orphan-Page.json"); err != nil || u != "apple-docs://gizmo/orphan-page" {
		t.Errorf("from source file: %q, %v", u, err)
	}
	if _, err := p.URI("/data/elsewhere/x.json"); !errors.Is(err, ErrNoURI) {
		t.Errorf("no address at all: %v, want ErrNoURI", err)
	}
}

// Swift's "-=" and "/=" operator pages differ only by "-" and "_" in their
// paths; their URIs must stay distinct.
func TestOperatorURIsStayDistinct(t *testing.T) {
	page := func(path string) string {
		return `{"identifier": {"url": "doc://com.example.Swift/documentation/Swift/FloatingPoint/` + path + `"}, "kind": "symbol",
			"metadata": {"title": "` + path + `", "symbolKind": "op", "role": "symbol"}}`
	}
	minus, err := Parse([]byte(page("-=(_:_:)")))
	if err != nil {
		t.Fatal(err)
	}
	slash, err := Parse([]byte(page("_=(_:_:)")))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := minus.URI("")
	b, _ := slash.URI("")
	if a == "" || a == b {
		t.Errorf("URIs %q and %q must differ", a, b)
	}
	if minus.pageKind() != KindOperator {
		t.Errorf("kind %q, want operator", minus.pageKind())
	}
}

func TestNormalizeSymbolKind(t *testing.T) {
	cases := map[string]string{
		"struct": "struct", "class": "class", "cl": "class", "protocol": "protocol", "intf": "protocol",
		"enum": "enum", "actor": "actor", "func": "func", "method": "func", "instm": "func", "clm": "func",
		"property": "property", "var": "property", "instp": "property", "structp": "property", "data": "property",
		"init": "init", "instctr": "init", "case": "case", "enumelt": "case", "econst": "case",
		"typealias": "typealias", "tdef": "typealias", "op": "operator", "opfunc": "operator",
		"macro": "macro", "associatedtype": "associatedtype", "subscript": "subscript",
		"dictionary": "dictionary", "httpRequest": "endpoint", "module": "framework",
		"SomethingNew": "somethingnew", "": "",
	}
	for in, want := range cases {
		if got := NormalizeSymbolKind(in); got != want {
			t.Errorf("NormalizeSymbolKind(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPageKindFallsBackToRole(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`{"kind": "article", "metadata": {"role": "collectionGroup", "title": "x"}}`, "collectionGroup"},
		{`{"kind": "article", "metadata": {"role": "sampleCode", "title": "x"}}`, "sampleCode"},
		{`{"kind": "overview", "metadata": {"title": "x"}}`, "overview"},
		{`{"kind": "symbol", "metadata": {"role": "collection", "symbolKind": "module", "title": "x"}}`, "framework"},
	} {
		p := mustParse(t, []byte(c.raw))
		if got := p.pageKind(); got != c.want {
			t.Errorf("%s: kind %q, want %q", c.raw, got, c.want)
		}
	}
}

func TestAttributes(t *testing.T) {
	tok := func(kind, text string) Token { return Token{Kind: kind, Text: text} }
	ts := []Token{
		tok("attribute", "@"), tok("attribute", "MainActor"), tok("text", " "),
		tok("attribute", "@preconcurrency"), tok("text", " "),
		tok("attribute", "@available"), tok("text", "(iOS 13, *) "),
		tok("attribute", "@attached"), tok("text", "(peer) "),
		tok("attribute", "nonisolated"), tok("text", " "),
		tok("keyword", "func"), tok("text", " f(_ g: "), tok("attribute", "@escaping "), tok("text", "() -> "),
		tok("attribute", "@"), tok("attribute", "MainActor"),
	}
	want := []string{"MainActor", "preconcurrency", "available", "attached", "nonisolated", "escaping"}
	if got := attributes(ts); !slices.Equal(got, want) {
		t.Errorf("attributes = %q, want %q", got, want)
	}
}

func TestDeprecation(t *testing.T) {
	plat := func(extra string) string {
		return `{"identifier": {"url": "doc://com.example.docs/documentation/Gizmo/Old"}, "kind": "symbol",
			"metadata": {"title": "Old", "role": "symbol", "symbolKind": "func", "platforms": [` + extra + `]}}`
	}
	cases := []struct {
		name, raw string
		want      bool
		note      string
	}{
		{"all deprecated", plat(`{"name": "iOS", "introducedAt": "2.0", "deprecated": true, "deprecatedAt": "13.0", "message": "Use New."},
			{"name": "macOS", "introducedAt": "10.0", "deprecatedAt": "10.15"}`), true, "Use New."},
		{"one still current", plat(`{"name": "iOS", "introducedAt": "2.0", "deprecated": true}, {"name": "macOS", "introducedAt": "10.0"}`), false, ""},
		{"unavailable ignored", plat(`{"name": "iOS", "deprecated": true, "renamed": "New"}, {"name": "tvOS", "unavailable": true}`), true, "Renamed to New."},
		{"no platforms", plat(``), false, ""},
	}
	for _, c := range cases {
		d := documentOf(t, "", []byte(c.raw))
		if d.Deprecated != c.want || d.DeprecationNote != c.note {
			t.Errorf("%s: deprecated %v note %q, want %v %q", c.name, d.Deprecated, d.DeprecationNote, c.want, c.note)
		}
	}
	d := mustDocument(t, "method_deprecated.json")
	if !d.Deprecated || d.DeprecationNote != "Use spin(by:) instead." {
		t.Errorf("summary: deprecated %v note %q", d.Deprecated, d.DeprecationNote)
	}
}

func mustDocument(t *testing.T, fixture string) *document.Document {
	t.Helper()
	path := "testdata/" + fixture
	return documentOf(t, path, testenv.ReadFile(t, path))
}

func TestDocumentFields(t *testing.T) {
	d := mustDocument(t, "struct_all_blocks.json")
	if d.URI != "apple-docs://gizmo/widget" || d.Framework != "gizmo" || d.Kind != "struct" || d.Language != "swift" {
		t.Errorf("uri %q framework %q kind %q language %q", d.URI, d.Framework, d.Kind, d.Language)
	}
	if d.Abstract != "A small configurable control that draws a Dial." {
		t.Errorf("abstract %q", d.Abstract)
	}
	if !strings.HasPrefix(d.Declaration, "@MainActor @preconcurrency struct Widget<Label>") {
		t.Errorf("declaration %q", d.Declaration)
	}
	if !slices.Equal(d.Attributes, []string{"MainActor", "preconcurrency"}) {
		t.Errorf("attributes %q", d.Attributes)
	}
	if d.Parent != "apple-docs://gizmo" {
		t.Errorf("parent %q", d.Parent)
	}
	if len(d.Children) != 4 || d.Children[1].Section != "Spinning" || d.Children[3].URI != "apple-docs://gizmo/widget/-=(_:_:)" {
		t.Errorf("children %+v", d.Children)
	}
	if len(d.ConformsTo) != 2 || d.ConformsTo[1].URI != "apple-docs://swift/sendable" || d.ConformsTo[1].Title != "Sendable" {
		t.Errorf("conformsTo %+v", d.ConformsTo)
	}
	if len(d.SeeAlso) != 2 || d.SeeAlso[0].Section != "Controls" {
		t.Errorf("seeAlso %+v", d.SeeAlso)
	}
	// Code listings everywhere in the content, with languages and captions.
	var langs []string
	for _, c := range d.CodeExamples {
		langs = append(langs, c.Language+":"+c.Caption)
	}
	want := []string{"swift:Creating a widget", "objective-c:", ":", "swift:Swift", "objective-c:Objective-C", "json:", ":Request", "json:Response"}
	if !slices.Equal(langs, want) {
		t.Errorf("code examples %q, want %q", langs, want)
	}
	// Content is prose: no topic lists, no code.
	if strings.Contains(d.Content, "Creates a widget with a label") || strings.Contains(d.Content, "widget.spin(by: 2)") {
		t.Errorf("content holds topics or code: %q", d.Content)
	}
	if !strings.Contains(d.Content, "Widgets redraw lazily.") || !strings.Contains(d.Content, "Text of a block type from the future.") {
		t.Errorf("content misses prose: %q", d.Content)
	}
	if d.ContentHash == "" || d.Size == 0 || d.AvailabilitySource != "docc" || len(d.Platforms) != 4 {
		t.Errorf("hash %q size %d availability %q platforms %d", d.ContentHash, d.Size, d.AvailabilitySource, len(d.Platforms))
	}

	legacy := mustDocument(t, "objc_legacy_class.json")
	if legacy.Kind != "class" || legacy.Language != "objc" || len(legacy.InheritsFrom) != 1 || legacy.InheritedBy[0].Section != "Inherited By" {
		t.Errorf("legacy: kind %q language %q inherits %+v inheritedBy %+v", legacy.Kind, legacy.Language, legacy.InheritsFrom, legacy.InheritedBy)
	}
	rest := mustDocument(t, "rest_endpoint.json")
	if rest.Kind != "endpoint" || rest.Language != "data" || !strings.Contains(rest.Content, "GET https://api.example.com/v1/widgets/{id}") {
		t.Errorf("rest: kind %q language %q content %q", rest.Kind, rest.Language, rest.Content)
	}
}

func TestTitleFallbacks(t *testing.T) {
	for _, c := range []struct{ raw, want string }{
		{`{"identifier": {"url": "doc://com.example.docs/documentation/Gizmo/Spin"}, "kind": "symbol", "metadata": {"navigatorTitle": [{"kind": "identifier", "text": "spin"}]}}`, "spin"},
		{`{"identifier": {"url": "doc://com.example.docs/documentation/Gizmo/Spin-Page"}, "kind": "symbol", "metadata": {}}`, "Spin-Page"},
		// Real pages are titled "Error" and "error": titles are kept verbatim.
		{`{"identifier": {"url": "doc://com.example.docs/documentation/Combine/Fail/error"}, "kind": "symbol", "metadata": {"title": "error", "symbolKind": "property"}}`, "error"},
	} {
		d := documentOf(t, "", []byte(c.raw))
		if d.Title != c.want || !strings.HasPrefix(d.Markdown, "# "+c.want+"\n") {
			t.Errorf("title %q (markdown %q), want %q", d.Title, d.Markdown, c.want)
		}
	}
}

func TestParseSections(t *testing.T) {
	s, err := ParseSections("topics, SeeAlso,relationships")
	if err != nil || s != SectionTopics|SectionSeeAlso|SectionRelationships {
		t.Errorf("ParseSections = %b, %v", s, err)
	}
	if s, err := ParseSections("all"); err != nil || s != AllSections {
		t.Errorf("all = %b, %v", s, err)
	}
	if _, err := ParseSections("topics,nope"); !errors.Is(err, ErrUnknownSection) {
		t.Errorf("unknown name: %v", err)
	}
	for _, sn := range sectionNames {
		if got, err := ParseSections(sn.name); err != nil || got != sn.s {
			t.Errorf("%s = %b, %v", sn.name, got, err)
		}
	}
}

func TestRenderOptions(t *testing.T) {
	p := parseFixture(t, "struct_all_blocks.json")
	full := RenderMarkdown(p, RenderOptions{})
	omit := SectionTopics | SectionSeeAlso | SectionRelationships | SectionDiscussion | SectionAvailability
	short := RenderMarkdown(p, RenderOptions{Omit: omit})
	for _, gone := range []string{"## Topics", "## See Also", "## Relationships", "## Overview", "Availability:"} {
		if !strings.Contains(full, gone) || strings.Contains(short, gone) {
			t.Errorf("%q: in full %v, in short %v", gone, strings.Contains(full, gone), strings.Contains(short, gone))
		}
	}
	for _, kept := range []string{"# Widget\n", "Structure · Gizmo", "## Declaration", "## Default Implementations"} {
		if !strings.Contains(short, kept) {
			t.Errorf("short rendering lost %q:\n%s", kept, short)
		}
	}
	bare := RenderMarkdown(p, RenderOptions{OmitTopicAbstracts: true})
	if strings.Contains(bare, "— Creates a widget") || !strings.Contains(bare, "- [`init(label:)`](apple-docs://gizmo/widget/init(label:))\n") {
		t.Errorf("OmitTopicAbstracts kept abstracts:\n%s", bare)
	}
	if RenderMarkdown(nil, RenderOptions{}) != "" {
		t.Error("nil page must render empty")
	}
}

func TestLinkDestination(t *testing.T) {
	for in, want := range map[string]string{
		"apple-docs://swift/int/-=(_:_:)": "apple-docs://swift/int/-=(_:_:)",
		"apple-docs://swift/int/)(":       "<apple-docs://swift/int/)(>",
		"apple-docs://swift/x(":           "<apple-docs://swift/x(>",
		"https://example.com/a b":         "<https://example.com/a b>",
		"https://example.com/<tag>":       "<https://example.com/%3Ctag%3E>",
	} {
		if got := linkDestination(in); got != want {
			t.Errorf("linkDestination(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCodeFences(t *testing.T) {
	r := renderer{p: &Page{}}
	var w bytes.Buffer
	r.block(&w, &Block{Type: "codeListing", Syntax: "swift", Code: CodeLines{"let s = \"```\"", "````"}}, 0)
	if got := w.String(); !strings.HasPrefix(got, "`````swift\n") || !strings.HasSuffix(got, "\n`````") {
		t.Errorf("fence too short:\n%s", got)
	}
}

// Hostile nesting must neither overflow the stack nor panic.
func TestDeepNesting(t *testing.T) {
	const n = 2000 // under jsontext's nesting limit of 10,000
	inner := strings.Repeat(`{"type": "aside", "style": "note", "content": [`, n) + `{"type": "paragraph", "inlineContent": [{"type": "text", "text": "deep"}]}` + strings.Repeat(`]}`, n)
	raw := `{"identifier": {"url": "doc://com.example.docs/documentation/Gizmo/Deep"}, "kind": "article", "metadata": {"title": "Deep"},
		"primaryContentSections": [{"kind": "content", "content": [` + inner + `]}]}`
	documentOf(t, "", []byte(raw))
}

func TestLinkedURIs(t *testing.T) {
	p := parseFixture(t, "struct_all_blocks.json")
	got := p.LinkedURIs()
	for _, want := range []string{"apple-docs://gizmo", "apple-docs://gizmo/dial", "apple-docs://swift/sendable", "apple-docs://gizmo/widget/-=(_:_:)"} {
		if !slices.Contains(got, want) {
			t.Errorf("LinkedURIs lacks %q: %q", want, got)
		}
	}
	if slices.ContainsFunc(got, func(u string) bool { return !strings.HasPrefix(u, docuri.Scheme) }) || !slices.IsSorted(got) {
		t.Errorf("LinkedURIs must be sorted apple-docs URIs: %q", got)
	}
}

// A guidelines page links its neighbours by site path; they render as the
// hig:// pages the index keeps, the landing page as plain text.
func TestGuidelinesLinksRenderAsHIGURIs(t *testing.T) {
	page, err := Parse([]byte(`{"identifier":{"url":"doc://org.example.HIG/design/human-interface-guidelines/color"},
		"kind":"article","metadata":{"title":"Color","role":"article"},
		"primaryContentSections":[{"kind":"content","content":[{"type":"paragraph","inlineContent":[
			{"type":"text","text":"See "},
			{"type":"reference","identifier":"doc://org.example.HIG/design/human-interface-guidelines/dark-mode","isActive":true},
			{"type":"text","text":" and "},
			{"type":"reference","identifier":"doc://org.example.HIG/design/human-interface-guidelines","isActive":true}]}]}],
		"references":{
			"doc://org.example.HIG/design/human-interface-guidelines/dark-mode":{"type":"topic","title":"Dark Mode","url":"/design/human-interface-guidelines/dark-mode"},
			"doc://org.example.HIG/design/human-interface-guidelines":{"type":"topic","title":"Human Interface Guidelines","url":"/design/human-interface-guidelines"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	md := RenderMarkdown(page, RenderOptions{Omit: SectionHeader})
	if !strings.Contains(md, "See [Dark Mode](hig://general/darkmode) and Human Interface Guidelines") {
		t.Errorf("markdown:\n%s", md)
	}
}

// TestObjCName: a symbol's Objective-C title is kept where it is another
// compound name than its Swift one, selector and all; the same name, a
// single lowercase word (isHidden's "hidden") or none is not.
func TestObjCName(t *testing.T) {
	pairs := [][2]string{
		{"addChildViewController:", "addChild(_:)"}, {"drawRect:", "draw(_:)"},
		{"beginAppearanceTransition:animated:", "beginAppearanceTransition(_:animated:)"},
		{"exclusiveTouch", "isExclusiveTouch"}, {"hidden", "isHidden"},
		{"setNeedsDisplayInRect:", "setNeedsDisplay(_:)"}, {"insertSubview:atIndex:", "insertSubview(_:at:)"},
		{"performSelector:withObject:", "perform(_:with:)"}, {"NSURLSession", "URLSession"},
		{"", "URLSession"}, {"viewDidLoad", "viewDidLoad()"},
	}
	var got []string
	for _, p := range pairs {
		got = append(got, objcName(p[0], p[1]))
	}
	want := []string{"addChildViewController:", "drawRect:", "", "exclusiveTouch", "", "setNeedsDisplayInRect:", "",
		"performSelector:withObject:", "NSURLSession", "", ""}
	if !slices.Equal(got, want) {
		t.Errorf("objcName of %q\n got %q\nwant %q", pairs, got, want)
	}
}
