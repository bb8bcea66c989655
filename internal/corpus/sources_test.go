package corpus

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// parseAll runs a source over its files the way the save pipeline does and
// returns the documents by URI and the error of every declined file by its
// path relative to the root.
func parseAll(t *testing.T, src Source) (map[string]*document.Document, map[string]error) {
	t.Helper()
	listed, err := src.Files(context.Background())
	files := listed.Files
	if err != nil {
		t.Fatalf("%s Files: %v", src.Name(), err)
	}
	if !slices.IsSorted(files) {
		t.Errorf("%s Files not sorted: %v", src.Name(), files)
	}
	docs := map[string]*document.Document{}
	declined := map[string]error{}
	for _, path := range files {
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("read %s: %v", path, err)
		}
		rel := relSlash(src.Root(), path)
		doc, err := src.Parse(path, raw)
		if err != nil {
			declined[rel] = err
			continue
		}
		if doc.Source != src.Name() {
			t.Errorf("%s: source %q, want %q", rel, doc.Source, src.Name())
		}
		if doc.SourceFile != path {
			t.Errorf("%s: SourceFile %q", rel, doc.SourceFile)
		}
		if other, dup := docs[doc.URI]; dup {
			t.Errorf("duplicate URI %s from %s and %s", doc.URI, other.SourceFile, path)
		}
		docs[doc.URI] = doc
		for _, d := range doc.Derived {
			if other, dup := docs[d.URI]; dup {
				t.Errorf("duplicate URI %s from %s and derived from %s", d.URI, other.SourceFile, path)
			}
			docs[d.URI] = d
		}
	}
	return docs, declined
}

func mustOpen(t *testing.T, kind, root string, opts Options) Source {
	t.Helper()
	src, err := Open(kind, root, opts)
	if err != nil {
		t.Fatalf("Open(%s, %s): %v", kind, root, err)
	}
	if src.Name() != kind || src.Root() != root {
		t.Fatalf("Open(%s) returned %s at %s", kind, src.Name(), src.Root())
	}
	return src
}

// mustDoc returns the document parsed at uri and stops the test, listing the
// documents there are and the files declined, when there is none.
func mustDoc(t *testing.T, docs map[string]*document.Document, declined map[string]error, uri string) *document.Document {
	t.Helper()
	d := docs[uri]
	if d == nil {
		t.Fatalf("no document %s; have %v, declined %v", uri, slices.Sorted(maps.Keys(docs)), declined)
	}
	return d
}

func wantDeclined(t *testing.T, declined map[string]error, rel string, sentinel error, reason string) {
	t.Helper()
	err, ok := declined[rel]
	if !ok {
		t.Errorf("%s: parsed, want %v", rel, sentinel)
		return
	}
	if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), reason) {
		t.Errorf("%s: error %q, want %v with %q", rel, err, sentinel, reason)
	}
}

func TestOpenMissingAndUnknown(t *testing.T) {
	for _, kind := range Kinds() {
		_, err := Open(kind, filepath.Join(t.TempDir(), "absent"), Options{})
		if !errors.Is(err, ErrMissingSource) {
			t.Errorf("Open(%s, absent) = %v, want ErrMissingSource", kind, err)
		}
	}
	if _, err := Open("forums", t.TempDir(), Options{}); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("Open(forums) = %v, want ErrUnknownKind", err)
	}
	// A root removed after Open is reported by Files.
	dir := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	src := mustOpen(t, document.SourceHIG, dir, Options{})
	if err := os.Remove(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Files(context.Background()); !errors.Is(err, ErrMissingSource) {
		t.Errorf("Files after removal = %v, want ErrMissingSource", err)
	}
}

func TestFilesHonoursCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := mustOpen(t, document.SourceSwiftOrg, "testdata/swiftorg", Options{})
	if _, err := src.Files(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Files(cancelled) = %v, want context.Canceled", err)
	}
}

func TestSwiftEvolution(t *testing.T) {
	src := mustOpen(t, document.SourceSwiftEvolution, "testdata/evolution", Options{})
	listed, err := src.Files(context.Background())
	files := listed.Files
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, ".png") || strings.HasSuffix(f, "notes.md") {
			t.Errorf("Files includes non-proposal %s", f)
		}
	}
	docs, declined := parseAll(t, src)

	actors := mustDoc(t, docs, declined, "swift-evolution://SE-0101")
	if actors.Title != "Counter Actors" || actors.Kind != "proposal" || actors.Status != "Implemented" || actors.SwiftVersion != "5.5" {
		t.Errorf("SE-0101 = title %q kind %q status %q version %q", actors.Title, actors.Kind, actors.Status, actors.SwiftVersion)
	}
	if want := "This proposal adds counter actors, a reference type that protects its mutable state from data races by running one task at a time."; actors.Abstract != want {
		t.Errorf("SE-0101 abstract = %q", actors.Abstract)
	}
	if actors.Framework != "" {
		t.Errorf("SE-0101 framework = %q, want empty", actors.Framework)
	}
	if len(actors.CodeExamples) != 2 || actors.CodeExamples[0].Language != "swift" || !strings.HasPrefix(actors.CodeExamples[0].Code, "actor Counter {") {
		t.Errorf("SE-0101 code examples = %+v", actors.CodeExamples)
	}
	if !strings.Contains(actors.Content, "CounterIsolation") || strings.Contains(actors.Content, "value += 1") || strings.Contains(actors.Content, "**") || strings.Contains(actors.Content, "hidden remark") {
		t.Errorf("SE-0101 content should hold header text, no code, no Markdown: %q", actors.Content)
	}
	raw, _ := os.ReadFile("testdata/evolution/proposals/0101-counter-actors.md")
	// Verbatim but for links to proposals, which name their URIs.
	verbatim := strings.ReplaceAll(string(raw), "(0101-counter-actors.md)", "(swift-evolution://SE-0101)")
	if actors.Markdown != verbatim || actors.Size != len(raw) || actors.ContentHash != sha256Hex(raw) {
		t.Errorf("SE-0101 markdown/size/hash do not match the file")
	}

	trimmed := docs["swift-evolution://SE-0102"]
	if trimmed == nil || trimmed.Status != StatusAcceptedWithModifications || trimmed.SwiftVersion != "" || trimmed.Title != "Trimming helpers for String" {
		t.Errorf("SE-0102 = %+v", trimmed)
	} else if trimmed.Abstract != "Trimming white space is common; this adds trimmed() to String." {
		// No Introduction section: the first paragraph after the header.
		t.Errorf("SE-0102 abstract = %q", trimmed.Abstract)
	}

	tagged := docs["swift-evolution://ST-0003"]
	if tagged == nil || tagged.Status != "Implemented" || tagged.SwiftVersion != "6.1" {
		t.Errorf("ST-0003 = %+v", tagged)
	}
	// The header lacks a Proposal line: the number comes from the file name.
	next := docs["swift-evolution://SE-0106"]
	if next == nil || next.Status != "Implemented" || next.SwiftVersion != "" {
		t.Errorf("SE-0106 = %+v", next)
	}

	wantDeclined(t, declined, "proposals/0103-implicit-self-everywhere.md", ErrFiltered, "status Rejected")
	wantDeclined(t, declined, "proposals/0105-review-pending.md", ErrFiltered, "status Active review")
	wantDeclined(t, declined, "proposals/0104-old-name.md", ErrNotADocument, "no proposal header")
	wantDeclined(t, declined, "proposals/0107-empty.md", ErrMalformed, "empty")
	if len(docs) != 4 || len(declined) != 4 {
		t.Errorf("got %d documents %v and %d declined %v", len(docs), slices.Sorted(maps.Keys(docs)), len(declined), declined)
	}

	all := mustOpen(t, document.SourceSwiftEvolution, "testdata/evolution", Options{IncludeAllStatuses: true})
	docs, _ = parseAll(t, all)
	if rejected := docs["swift-evolution://SE-0103"]; rejected == nil || rejected.Status != "Rejected" {
		t.Errorf("IncludeAllStatuses: SE-0103 = %+v", rejected)
	}
}

func TestNormaliseStatus(t *testing.T) {
	tests := []struct{ raw, status, version string }{
		{"**Implemented (Swift 5.5)**", StatusImplemented, "5.5"},
		{" **Implemented (Swift 5.9.2)** ", StatusImplemented, "5.9.2"},
		{"**Implemented (5.6)**", StatusImplemented, "5.6"},
		{"**Implemented (Swift Next)**", StatusImplemented, ""},
		{"**Implemented**", StatusImplemented, ""},
		{"**Implemented with Modifications (Swift 5.9)**", StatusImplemented, "5.9"},
		{"**Implemented (Swift 4.0)** (with modifications, see Implementation Notes)", StatusImplemented, "4.0"},
		{"**Partially implemented (Swift 5.9 supports platform conditionals)**", StatusPartiallyImplemented, "5.9"},
		{"**Partially implemented (Swift 6.0):** the manifest API", StatusPartiallyImplemented, "6.0"},
		{"**Accepted**", StatusAccepted, ""},
		{"**Accepted with modifications**", StatusAcceptedWithModifications, ""},
		{"**Accepted with revisions**", StatusAcceptedWithModifications, ""},
		{"**Active review (July 17 - July 31, 2026)**", StatusActiveReview, ""},
		{"**Status: Active Review (Aug 1–Aug 24, 2026)**", StatusActiveReview, ""},
		{"**Returned for Revision**", StatusReturnedForRevision, ""},
		{"**Rejected**", StatusRejected, ""},
		{"**Withdrawn**", StatusWithdrawn, ""},
		{"**Deferred**", StatusDeferred, ""},
		{"**Expired**", StatusExpired, ""},
		{"**Previewing**", StatusPreviewing, ""},
		{"**Awaiting implementation (pitch)**", "Awaiting implementation", ""},
		{"", "", ""},
	}
	for _, tt := range tests {
		status, version := normaliseStatus(tt.raw)
		if status != tt.status || version != tt.version {
			t.Errorf("normaliseStatus(%q) = %q, %q; want %q, %q", tt.raw, status, version, tt.status, tt.version)
		}
	}
}

func TestSwiftBook(t *testing.T) {
	src := mustOpen(t, document.SourceSwiftBook, "testdata/swiftbook", Options{})
	docs, declined := parseAll(t, src)
	if len(declined) != 0 {
		t.Errorf("declined: %v", declined)
	}
	if _, ok := docs["swift-book://readme"]; ok || len(docs) != 2 {
		t.Errorf("want the two catalog chapters only, got %v", slices.Sorted(maps.Keys(docs)))
	}
	closures := mustDoc(t, docs, declined, "swift-book://languageguide/closures")
	if closures.Title != "Closures" || closures.Kind != "article" || closures.Abstract != "Group code that executes together, without creating a named function." {
		t.Errorf("closures = title %q kind %q abstract %q", closures.Title, closures.Kind, closures.Abstract)
	}
	if strings.Contains(closures.Markdown, "must not appear") || strings.Contains(closures.Content, "must not appear") {
		t.Error("commented-out test code leaked into the chapter")
	}
	if !strings.Contains(closures.Content, "as described in Capturing Values.") {
		t.Errorf("doc link not rendered readably: %q", closures.Content)
	}
	if len(closures.CodeExamples) != 2 || !strings.HasPrefix(closures.CodeExamples[1].Code, "@MainActor\nfunc makeIncrementer") {
		t.Errorf("code examples = %+v", closures.CodeExamples)
	}
	root := docs["swift-book://book"]
	if root == nil || strings.Contains(root.Markdown, "@Metadata") || strings.Contains(root.Markdown, "@AutomaticSeeAlso") || root.Title != "The Example Book" {
		t.Errorf("book root = %+v", root)
	}
}

func TestSwiftOrg(t *testing.T) {
	src := mustOpen(t, document.SourceSwiftOrg, "testdata/swiftorg", Options{})
	docs, declined := parseAll(t, src)
	guides := mustDoc(t, docs, declined, "swift-org://documentation/guides")
	if guides.Title != "Server Guides: Getting Started" || guides.Kind != "article" {
		t.Errorf("guides = title %q kind %q", guides.Title, guides.Kind)
	}
	if !strings.Contains(guides.Content, "Example Editor supports building with SwiftPM.") {
		t.Errorf("include_relative not expanded with its parameter: %q", guides.Content)
	}
	for _, leak := range []string{"{%", "{{", "Maintainers", "{:"} {
		if strings.Contains(guides.Markdown, leak) {
			t.Errorf("Liquid %q left in Markdown: %q", leak, guides.Markdown)
		}
	}
	if guides.Abstract != "These guides help you build and deploy services written in Swift." {
		t.Errorf("guides abstract = %q", guides.Abstract)
	}

	post := docs["swift-org://blog/hello-swift"]
	if post == nil || post.Kind != "blogPost" || post.Title != "Hello, Swift: A First Post" || len(post.CodeExamples) != 1 {
		t.Errorf("post = %+v", post)
	}
	plain := docs["swift-org://documentation/no-front-matter"]
	if plain == nil || plain.Title != "Plain Page" || plain.Abstract != "A page with no front matter at all." {
		t.Errorf("page without front matter = %+v", plain)
	}
	wantDeclined(t, declined, "documentation/guides/_shared-tools.md", ErrNotADocument, "partial")
	wantDeclined(t, declined, "documentation/guides/moved.md", ErrNotADocument, "redirect to /documentation/guides/")
	wantDeclined(t, declined, "_posts/2024-06-01-draft.md", ErrFiltered, "unpublished")
	if len(docs) != 3 {
		t.Errorf("documents: %v", slices.Sorted(maps.Keys(docs)))
	}
}

func TestHIG(t *testing.T) {
	src := mustOpen(t, document.SourceHIG, "testdata/hig", Options{})
	docs, declined := parseAll(t, src)
	if len(declined) != 0 {
		t.Errorf("declined: %v", declined)
	}
	focus := mustDoc(t, docs, declined, "hig://general/focusrings")
	if focus.Title != "Focus rings" || focus.Kind != "guideline" || focus.Framework != "" {
		t.Errorf("focus = title %q kind %q framework %q", focus.Title, focus.Kind, focus.Framework)
	}
	if focus.Abstract != "A focus ring shows which element receives keyboard or remote input next." {
		t.Errorf("focus abstract = %q", focus.Abstract)
	}
	if strings.Contains(focus.Markdown, "AppleDeveloperDocumentation") || !strings.HasPrefix(focus.Markdown, "# Focus rings\n") {
		t.Errorf("mangled heading kept or title not first:\n%s", focus.Markdown)
	}
	if !strings.Contains(focus.Markdown, "\n## Best practices\n") || !strings.Contains(focus.Markdown, "\n## Change log\n") {
		t.Errorf("linked or glued headings not cleaned:\n%s", focus.Markdown)
	}
	if !strings.Contains(focus.Content, "Platforms: iOS, macOS, tvOS") {
		t.Errorf("platform note missing from content: %q", focus.Content)
	}
	// No front matter: category from the folder, title from the heading.
	if menus := docs["hig://general/nofrontmatter"]; menus == nil || menus.Title != "Menus Without Front Matter" {
		t.Errorf("page without front matter = %+v", menus)
	}

	// The fetched format beside it: DocC JSON, under the URI its web
	// address maps to, rendered without the header line.
	dark := mustDoc(t, docs, declined, "hig://general/darkmode")
	if dark.Title != "Dark Mode" || dark.Kind != "guideline" || dark.Source != document.SourceHIG ||
		dark.Abstract != "Fixture guidance on a darker appearance that keeps a nocturnal contrast ledger balanced." {
		t.Errorf("dark mode = title %q kind %q abstract %q", dark.Title, dark.Kind, dark.Abstract)
	}
	for _, want := range []string{"# Dark Mode\n", "\n## Best practices\n", "[Color](hig://general/color)"} {
		if !strings.Contains(dark.Markdown, want) {
			t.Errorf("dark mode markdown lacks %q:\n%s", want, dark.Markdown)
		}
	}
	if !strings.Contains(dark.Content, "every surface you darken") || strings.Contains(dark.Markdown, "Article ·") {
		t.Errorf("dark mode content %q", dark.Content)
	}
	if buttons := mustDoc(t, docs, declined, "hig://general/buttons"); !strings.Contains(buttons.Markdown, "[`Button`](apple-docs://swiftui/button)") {
		t.Errorf("buttons markdown:\n%s", buttons.Markdown)
	}
	if len(docs) != 4 {
		t.Errorf("documents: %v", slices.Sorted(maps.Keys(docs)))
	}
}

// The guidelines' landing page and JSON of another shape are no documents.
func TestHIGJSONDeclinesWhatIsNoGuideline(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "human-interface-guidelines.json"), []byte(`{"identifier":{"url":"doc://org.example.HIG/design/human-interface-guidelines"},"kind":"article","metadata":{"title":"Human Interface Guidelines"}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "kit.json"), []byte(`{"identifier":{"url":"doc://x/documentation/Kit"},"kind":"symbol","metadata":{"title":"Kit"}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "other.json"), []byte(`{"hello":"world"}`), 0o644)
	os.WriteFile(filepath.Join(dir, "cut.json"), []byte(`{"identifier":{"url":"doc://org.example.HIG/design/human-interface-guidelines/x"},"metadata":`), 0o644)
	docs, declined := parseAll(t, mustOpen(t, document.SourceHIG, dir, Options{}))
	if len(docs) != 0 {
		t.Errorf("documents: %v", slices.Sorted(maps.Keys(docs)))
	}
	wantDeclined(t, declined, "human-interface-guidelines.json", ErrNotADocument, "landing page")
	wantDeclined(t, declined, "kit.json", ErrNotADocument, "not a Human Interface Guidelines page")
	wantDeclined(t, declined, "other.json", ErrNotADocument, "not a DocC render node")
	wantDeclined(t, declined, "cut.json", ErrMalformed, "")
}

func TestAppleArchive(t *testing.T) {
	src := mustOpen(t, document.SourceAppleArchive, "testdata/archive", Options{})
	docs, declined := parseAll(t, src)
	wantDeclined(t, declined, "20001234i/book.json", ErrNotADocument, "table of contents")
	wantDeclined(t, declined, "20001234i/RevisionHistory.md", ErrFiltered, "revision history")

	intro := mustDoc(t, docs, declined, "apple-archive://20001234i/intro")
	if intro.Title != "Introduction to Value Observation Guide" || intro.Kind != "guide" {
		t.Errorf("intro = title %q kind %q", intro.Title, intro.Kind)
	}
	for _, chrome := range []string{"[Next]", "Last updated", "Copyright", "[](../index.html)"} {
		if strings.Contains(intro.Markdown, chrome) {
			t.Errorf("crawl chrome %q left in:\n%s", chrome, intro.Markdown)
		}
	}
	if strings.Count(intro.Markdown, "# Introduction") != 1 {
		t.Errorf("repeated heading kept:\n%s", intro.Markdown)
	}
	if intro.Abstract != "Value observation lets one object learn about changes to a property of another object." {
		t.Errorf("intro abstract = %q", intro.Abstract)
	}

	// The part and its first chapter share a page: the chapter names it.
	basics := docs["apple-archive://20001234i/basics"]
	if basics == nil || basics.Title != "Basic Observation" || basics.Framework != "foundation" {
		t.Errorf("basics = %+v", basics)
	} else if len(basics.CodeExamples) != 1 || !strings.HasPrefix(basics.CodeExamples[0].Code, "[account addObserver:self\n") || strings.Count(basics.CodeExamples[0].Code, "\n") != 2 {
		t.Errorf("split listing not joined: %+v", basics.CodeExamples)
	} else if basics.CodeExamples[0].Language != "objective-c" {
		t.Errorf("unlabeled listing language = %q, want objective-c", basics.CodeExamples[0].Language)
	} else if strings.Contains(basics.Content, "addObserver") {
		t.Errorf("listing's first line left in the prose: %q", basics.Content)
	}
	if chapter := docs["apple-archive://20001234i/untitled"]; chapter == nil || chapter.Title != "Troubleshooting Observers" {
		t.Errorf("chapter outside the table of contents = %+v", chapter)
	}
	if len(docs) != 4 {
		t.Errorf("documents: %v", slices.Sorted(maps.Keys(docs)))
	}
}

func TestAppleDocs(t *testing.T) {
	src := mustOpen(t, document.SourceAppleDocs, "testdata/appledocs", Options{})
	docs, declined := parseAll(t, src)
	wantDeclined(t, declined, "technologies.json", ErrNotADocument, "technologies")
	wantDeclined(t, declined, "index/swiftui.json", ErrNotADocument, "navigator index")
	wantDeclined(t, declined, "metadata.json", ErrNotADocument, "neither")
	wantDeclined(t, declined, "legacy/swift-org-page.json", ErrNotADocument, "www.swift.org")
	wantDeclined(t, declined, "SwiftUI/Empty.json", ErrMalformed, "empty")
	wantDeclined(t, declined, "SwiftUI/Truncated.json", ErrMalformed, "")

	gauge := mustDoc(t, docs, declined, "apple-docs://swiftui/gauge")
	if gauge.Title != "Gauge" || gauge.Framework != "swiftui" || gauge.Kind != "struct" || gauge.AvailabilitySource != "docc" {
		t.Errorf("gauge = title %q framework %q kind %q availability %q", gauge.Title, gauge.Framework, gauge.Kind, gauge.AvailabilitySource)
	}

	stepper := mustDoc(t, docs, declined, "apple-docs://uikit/uistepper")
	if stepper.Title != "UIStepper" || stepper.Kind != "class" || stepper.Framework != "uikit" || stepper.Language != "swift" {
		t.Errorf("stepper = title %q kind %q framework %q language %q", stepper.Title, stepper.Kind, stepper.Framework, stepper.Language)
	}
	if stepper.Declaration != "@MainActor\nclass UIStepper : UIControl" || stepper.Abstract != "A control for incrementing or decrementing a value by a fixed amount." {
		t.Errorf("stepper declaration %q abstract %q", stepper.Declaration, stepper.Abstract)
	}
	if !strings.Contains(stepper.Content, "A stepper shows a minus and a plus button.") || !strings.Contains(stepper.Content, "minimumValue The lowest value") {
		t.Errorf("stepper content = %q", stepper.Content)
	}
	wantPlatforms := []document.Platform{
		{Name: "iOS", Introduced: "5.0"},
		{Name: "iPadOS", Introduced: "5.0"},
		{Name: "Mac Catalyst", Introduced: "13.1"},
		{Name: "visionOS", Introduced: "1.0", Beta: true},
		{Name: "tvOS", Introduced: "9.0", Deprecated: true, DeprecatedAt: "10.0"},
	}
	if !slices.Equal(stepper.Platforms, wantPlatforms) || stepper.AvailabilitySource != "processed" || stepper.Deprecated {
		t.Errorf("stepper platforms = %+v (%q, deprecated %v)", stepper.Platforms, stepper.AvailabilitySource, stepper.Deprecated)
	}
	if len(stepper.InheritsFrom) != 1 || stepper.InheritsFrom[0].URI != "apple-docs://uikit/uicontrol" || len(stepper.ConformsTo) != 1 || stepper.ConformsTo[0].URI != "" {
		t.Errorf("stepper relationships = %+v %+v", stepper.InheritsFrom, stepper.ConformsTo)
	}
	if len(stepper.Children) != 2 || stepper.Children[0].URI != "apple-docs://uikit/uistepper/minimumvalue" || stepper.Children[0].Section != "Configuring the Range" {
		t.Errorf("stepper children = %+v", stepper.Children)
	}
	if !strings.HasPrefix(stepper.Markdown, "# UIStepper\n") || !strings.Contains(stepper.Markdown, "```swift\n@MainActor") {
		t.Errorf("rendered Markdown:\n%s", stepper.Markdown)
	}
	if len(stepper.ContentHash) != 64 || stepper.ContentHash == "9f1c0d" {
		t.Errorf("content hash %q should be the canonical SHA-256, not the tool's", stepper.ContentHash)
	}

	uiswitch := docs["apple-docs://uikit/uiswitch"]
	if uiswitch == nil || uiswitch.Markdown != "# UISwitch\n\nA control that offers a binary choice, such as on or off.\n" || uiswitch.AvailabilitySource != "" {
		t.Errorf("uiswitch = %+v", uiswitch)
	}
	if len(docs) != 3 {
		t.Errorf("documents: %v", slices.Sorted(maps.Keys(docs)))
	}
}

func TestParsePlatforms(t *testing.T) {
	got := parsePlatforms([]string{"macOS 10.15+", "Mac Catalyst", "watchOS Unavailable", "iOS 13.0 Deprecated", "", "visionOS 2.0+ Beta"})
	want := []document.Platform{
		{Name: "macOS", Introduced: "10.15"},
		{Name: "Mac Catalyst"},
		{Name: "watchOS", Unavailable: true},
		{Name: "iOS", Introduced: "13.0", Deprecated: true},
		{Name: "visionOS", Introduced: "2.0", Beta: true},
	}
	if !slices.Equal(got, want) {
		t.Errorf("parsePlatforms = %+v\nwant %+v", got, want)
	}
}

// demoCorpus is the repository's demo corpus (make demo). Tests read it
// where its files are the fixture they need.
var demoCorpus = filepath.Join("..", "..", "testdata", "demo")

func TestDemoCorpus(t *testing.T) {
	want := map[string]int{
		document.SourceSwiftEvolution: 2,
		document.SourceSwiftBook:      1,
		document.SourceSwiftOrg:       1,
		document.SourceHIG:            1,
		document.SourceAppleArchive:   2,
	}
	dirs := map[string]string{
		document.SourceSwiftEvolution: "swift-evolution",
		document.SourceSwiftBook:      "swift-book",
		document.SourceSwiftOrg:       "swift-org",
		document.SourceHIG:            "hig",
		document.SourceAppleArchive:   "apple-archive",
	}
	for kind, count := range want {
		docs, declined := parseAll(t, mustOpen(t, kind, filepath.Join(demoCorpus, dirs[kind]), Options{}))
		if len(docs) != count {
			t.Errorf("demo %s: %d documents %v, want %d; declined %v", kind, len(docs), slices.Sorted(maps.Keys(docs)), count, declined)
		}
		for rel, err := range declined {
			if !errors.Is(err, ErrFiltered) && !errors.Is(err, ErrNotADocument) {
				t.Errorf("demo %s: %s failed: %v", kind, rel, err)
			}
		}
		for uri, doc := range docs {
			if doc.Abstract == "" || doc.Content == "" {
				t.Errorf("demo %s: %s has no abstract or content", kind, uri)
			}
		}
	}
}

// TestParseConcurrently runs Parse from several goroutines at once, as the
// save pipeline's workers do; run with -race to check the book cache.
func TestParseConcurrently(t *testing.T) {
	src := mustOpen(t, document.SourceAppleArchive, "testdata/archive", Options{})
	listed, err := src.Files(context.Background())
	files := listed.Files
	if err != nil {
		t.Fatal(err)
	}
	raws := make([][]byte, len(files))
	for i, f := range files {
		if raws[i], err = os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]string{}
	for i, f := range files {
		if doc, err := src.Parse(f, raws[i]); err == nil {
			want[f] = doc.Title
		}
	}
	fresh := mustOpen(t, document.SourceAppleArchive, "testdata/archive", Options{})
	errs := make(chan error, 8*len(files))
	done := make(chan struct{})
	for w := 0; w < 8; w++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i, f := range files {
				doc, err := fresh.Parse(f, raws[i])
				if err == nil && doc.Title != want[f] {
					errs <- errors.New(f + ": title " + doc.Title + ", want " + want[f])
				}
			}
		}()
	}
	for w := 0; w < 8; w++ {
		<-done
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestLocate(t *testing.T) {
	base := t.TempDir()
	for _, dir := range []string{"docs", filepath.Join("tutorials", "data", "documentation"), "hig"} {
		if err := os.MkdirAll(filepath.Join(base, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// "docs" (the original tool's layout) wins over the corpus layout.
	if got, err := Locate(base, document.SourceAppleDocs); err != nil || got != filepath.Join(base, "docs") {
		t.Errorf("Locate(apple-docs) = %q, %v", got, err)
	}
	if got, err := Locate(base, document.SourceHIG); err != nil || got != filepath.Join(base, "hig") {
		t.Errorf("Locate(hig) = %q, %v", got, err)
	}
	if _, err := Locate(base, document.SourceSwiftBook); !errors.Is(err, ErrMissingSource) {
		t.Errorf("Locate(swift-book) = %v, want ErrMissingSource", err)
	}
	if _, err := Locate(base, "forums"); !errors.Is(err, ErrUnknownKind) {
		t.Errorf("Locate(forums) = %v, want ErrUnknownKind", err)
	}
}
