package corpus

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// demoSamplesWithStrays is the demo corpus's sample code with the files a
// mirror also holds that are no document: a README outside any project, a
// binary file and a file that is not UTF-8.
func demoSamplesWithStrays(t *testing.T) string {
	t.Helper()
	dir := testenv.CopyDir(t, filepath.Join(t.TempDir(), "samples"), filepath.Join(testenv.RepoRoot(t), "testdata", "demo", "sample-code"))
	testenv.WriteFile(t, filepath.Join(dir, "README.md"), "# A collection of samples\n")
	testenv.WriteFile(t, filepath.Join(dir, "swiftui-building-a-list", "ListApp", "Icon.png"), "BIN\x00ARY")
	testenv.WriteFile(t, filepath.Join(dir, "swiftui-building-a-list", "ListApp", "Notes.txt"), "caf\xe9 latin-1\n")
	return dir
}

func TestSamples(t *testing.T) {
	docs, declined := parseAll(t, mustOpen(t, document.SourceSamples, demoSamplesWithStrays(t), Options{}))
	project := mustDoc(t, docs, declined, "samples://swiftui-building-a-list")
	if project.Title != "Building a list" || project.Kind != document.KindSampleProject || project.Framework != "swiftui" {
		t.Errorf("project page = %q kind %q framework %q", project.Title, project.Kind, project.Framework)
	}
	if !strings.Contains(project.Abstract, "scrolling list") {
		t.Errorf("project abstract = %q", project.Abstract)
	}
	if !strings.Contains(project.Markdown, "samples://swiftui-building-a-list/ListApp/ContentView.swift") {
		t.Errorf("project page does not list its files:\n%s", project.Markdown)
	}
	file := mustDoc(t, docs, declined, "samples://swiftui-building-a-list/ListApp/ContentView.swift")
	if file.Language != "swift" || file.Kind != document.KindSourceFile || file.Parent != "samples://swiftui-building-a-list" {
		t.Errorf("file page language %q kind %q parent %q", file.Language, file.Kind, file.Parent)
	}
	text, ok := mdbound.CodeFileText(file.Markdown)
	if !ok || !strings.HasPrefix(text, "import SwiftUI\nimport MapKit\n") {
		t.Errorf("file text does not round-trip: %q", text)
	}
	refs := map[string]int{}
	for _, r := range file.References {
		refs[r.Kind+" "+r.Name] = r.Line
	}
	if refs["call NavigationSplitView"] != 7 || refs["call Map"] != 10 || refs["conform View"] != 4 || refs["wrap State"] != 5 {
		t.Errorf("references = %v", refs)
	}
	if _, ok := refs["type ContentView"]; ok {
		t.Error("the file's own type counted as a reference")
	}
	// A project without a README still gets a page, from its first file.
	if p := docs["samples://avfaudio-no-readme"]; p == nil || p.Title != "No readme" {
		t.Errorf("project page without README = %+v", p)
	}
	wantDeclined(t, declined, "README.md", ErrNotADocument, "outside any project")
	wantDeclined(t, declined, "swiftui-building-a-list/LICENSE.txt", ErrNotADocument, "licence")
	wantDeclined(t, declined, "swiftui-building-a-list/ListApp.xcodeproj/project.pbxproj", ErrNotADocument, "Xcode project")
	wantDeclined(t, declined, "swiftui-building-a-list/ListApp/Icon.png", ErrMalformed, "binary")
	wantDeclined(t, declined, "swiftui-building-a-list/ListApp/Notes.txt", ErrMalformed, "UTF-8")
}

func TestWWDC(t *testing.T) {
	docs, declined := parseAll(t, mustOpen(t, document.SourceWWDC, "testdata/wwdc", Options{}))
	s := mustDoc(t, docs, declined, "wwdc://2024/10001")
	if s.Title != "Meet the widget toolkit" || s.Kind != document.KindSession {
		t.Errorf("session = %q kind %q", s.Title, s.Kind)
	}
	for _, want := range []string{"## Transcript", "interactive buttons", "### A timeline provider (1:02)", "struct Provider: TimelineProvider",
		"[Bring widgets to life](wwdc://2023/10002)"} {
		if !strings.Contains(s.Markdown, want) {
			t.Errorf("session Markdown lacks %q:\n%s", want, s.Markdown)
		}
	}
	if len(s.SeeAlso) != 1 || s.SeeAlso[0].URI != "wwdc://2023/10002" {
		t.Errorf("related sessions = %+v", s.SeeAlso)
	}
	if len(s.CodeExamples) != 1 {
		t.Errorf("code examples = %d", len(s.CodeExamples))
	}
	wantDeclined(t, declined, "all-videos.json", ErrNotADocument, "collection index")
	wantDeclined(t, declined, "by-year/2024.json", ErrNotADocument, "collection index")
	wantDeclined(t, declined, "videos/2024-10003.json", ErrMalformed, "")
}

// TestPackages reads the demo corpus's package: it is the fixture this
// test needs, so the package keeps no copy of its own.
func TestPackages(t *testing.T) {
	docs, declined := parseAll(t, mustOpen(t, document.SourcePackages, filepath.Join(demoCorpus, "packages"), Options{}))
	pkg := mustDoc(t, docs, declined, "packages://acme/swift-widgets")
	for _, want := range []string{"Widgets is a package", "Swift tools version: 5.9", ".iOS(.v16)", "library Widgets",
		"https://github.com/apple/swift-collections.git from: 1.1.0", "## Apple frameworks imported\n\nFoundation", "### Usage"} {
		if !strings.Contains(pkg.Markdown, want) {
			t.Errorf("package page lacks %q:\n%s", want, pkg.Markdown)
		}
	}
	if pkg.Abstract != "Widgets is a package of reusable widget types." || pkg.Kind != document.KindPackage {
		t.Errorf("package abstract %q kind %q", pkg.Abstract, pkg.Kind)
	}
	for uri, title := range map[string]string{
		"packages://acme/swift-widgets/symbols/Widgets/Widget":                         "Widget",
		"packages://acme/swift-widgets/symbols/Widgets/Widget/init(name:)":             "init(name:)",
		"packages://acme/swift-widgets/symbols/Widgets/Widget/render(width:_:)":        "render(width:_:)",
		"packages://acme/swift-widgets/symbols/Widgets/Widget/name":                    "name",
		"packages://acme/swift-widgets/Sources/Widgets/Widgets.docc/GettingStarted.md": "Getting started with widgets",
		"packages://acme/swift-widgets/Package.swift":                                  "Package.swift",
	} {
		d := docs[uri]
		if d == nil {
			t.Errorf("missing %s; have %v", uri, slices.Sorted(maps.Keys(docs)))
			continue
		}
		if d.Title != title {
			t.Errorf("%s title = %q, want %q", uri, d.Title, title)
		}
	}
	if d := docs["packages://acme/swift-widgets/symbols/Widgets/Widget/init(name:)"]; d != nil && d.Abstract != "Creates a widget with a name." {
		t.Errorf("init abstract = %q", d.Abstract)
	}
	if _, ok := docs["packages://acme/swift-widgets/symbols/Widgets/Widget/helper()"]; ok {
		t.Error("an internal method got a symbol page")
	}
	wantDeclined(t, declined, "index.json", ErrNotADocument, "outside any package")
}

func TestDoccName(t *testing.T) {
	for sig, want := range map[string]string{
		"public func append(_ x: Int, at i: Int) -> Int":           "append(_:at:)",
		"public func f(_ g: (Int, Int) -> Void, h: [Int: String])": "f(_:h:)",
		"public init()":                          "init()",
		"public subscript(i: Int) -> Int":        "subscript(_:)",
		"public subscript(key k: String) -> Int": "subscript(key:)",
	} {
		name, kind := "append", "func"
		switch {
		case strings.Contains(sig, "init"):
			name, kind = "init", "init"
		case strings.Contains(sig, "subscript"):
			name, kind = "subscript", "subscript"
		case strings.Contains(sig, "func f"):
			name = "f"
		}
		if got := doccName(document.Symbol{Name: name, Kind: kind, Signature: sig}); got != want {
			t.Errorf("doccName(%q) = %q, want %q", sig, got, want)
		}
	}
}
