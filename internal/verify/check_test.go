package verify

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/internal/version"
)

func v(s string) Version { return version.MustParse(s) }

func target(t *testing.T, s string) Target {
	t.Helper()
	tg, err := ParseTarget(s)
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// summary is "line:symbol:status" per reference, in report order.
func summary(rep *Report) string {
	var out []string
	for _, r := range rep.References {
		out = append(out, fmt.Sprintf("%d:%s:%s", r.Line, r.Symbol, r.Status))
	}
	return strings.Join(out, " ")
}

func checkCode(t *testing.T, table SymbolTable, opts Options, files ...File) *Report {
	t.Helper()
	rep, err := (&Checker{Table: table}).Check(context.Background(), files, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestCheckStatuses(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	code := "import SwiftUI\nstruct A: View {\n    var body: some View {\n        UIOnly().padding().glassEffect().shimmer()\n    }\n}\nlet c = NSURLConnection()\n"
	rep := checkCode(t, table, Options{Targets: []Target{target(t, "macos15.0")}}, File{Path: "A.swift", Code: code})
	want := "2:View:resolved 4:UIOnly:unavailable 4:UIOnly.padding:resolved 4:.glassEffect:unavailable 4:.shimmer:unknown 7:NSURLConnection:deprecated 7:NSURLConnection:deprecated"
	if got := summary(rep); got != want {
		t.Errorf("references\n got %s\nwant %s", got, want)
	}
	byStatus := map[string]Reference{}
	for _, r := range rep.Findings {
		byStatus[r.Symbol+":"+string(r.Status)] = r
	}
	if g := byStatus[".glassEffect:unavailable"]; g.Introduced != "macOS 26.0" || g.URI != "apple-docs://swiftui/view/glasseffect(_:in:)" || g.Target != "macOS 15.0" {
		t.Errorf("unavailable carries the introduced version, its page and the target: %+v", g)
	}
	if rep.References[0].URI != "apple-docs://swiftui/view" {
		t.Errorf("a resolved reference cites its page: %+v", rep.References[0])
	}
	if len(rep.Findings) != 5 || rep.Counts[Resolved] != 2 {
		t.Errorf("findings %d, counts %v", len(rep.Findings), rep.Counts)
	}
	// Without a target nothing is unavailable, and what is deprecated on
	// only some platforms is not reported.
	rep = checkCode(t, table, Options{}, File{Path: "A.swift", Code: code})
	if got := summary(rep); strings.Contains(got, "unavailable") || strings.Contains(got, "deprecated") {
		t.Errorf("no target: %s", got)
	}
}

func TestCheckNearestNames(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	rep := checkCode(t, table, Options{}, File{Code: "import SwiftUI\nlet v = Text(\"a\").paddign()\n"})
	var unknown *Reference
	for i, r := range rep.Findings {
		if r.Symbol == ".paddign" {
			unknown = &rep.Findings[i]
		}
	}
	if unknown == nil || unknown.Status != Unknown || len(unknown.Nearest) == 0 || unknown.Nearest[0].Name != "padding" ||
		unknown.Nearest[0].URI != "apple-docs://swiftui/view/padding(_:_:)" {
		t.Fatalf("a misspelt member offers the real one: %+v", rep.Findings)
	}
}

func TestCheckProjectDeclarations(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	files := []File{
		{Path: "Model.swift", Code: "import SwiftUI\nstruct Shimmer { func sparkle() {} }\nextension View { func glow() -> some View { self } }\n"},
		{Path: "View.swift", Code: "import SwiftUI\nlet s = Shimmer()\nlet x = UIOnly().glow().padding()\nlet y = Shimmer.make().sparkle()\nlet z = Helper()\n"},
		{Path: "App.xcodeproj/project.pbxproj", Code: "\t\tA1 /* Helper.swift */ = {isa = PBXFileReference; path = Helper.swift; sourceTree = \"<group>\"; };\n"},
	}
	rep := checkCode(t, table, Options{}, files...)
	for _, r := range rep.References {
		if r.Status == Unknown {
			t.Errorf("%s:%d %s is declared by the project, not unknown", r.File, r.Line, r.Symbol)
		}
	}
	if got := summary(rep); !strings.Contains(got, "4:.make:not_checkable") {
		t.Errorf("a member of the project's own type is not checkable: %s", got)
	}
	if rep.Files != 2 {
		t.Errorf("files = %d, want the two Swift files", rep.Files)
	}
}

func TestCheckUnindexedModule(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	rep := checkCode(t, table, Options{}, File{Code: "import SwiftUI\nimport NIOCore\nlet b = ByteBuffer()\n"})
	if got := summary(rep); got != "3:ByteBuffer:not_checkable" || !strings.Contains(rep.References[0].Why, "NIOCore") {
		t.Errorf("a name that may come from a module the index lacks: %s %+v", got, rep.References)
	}
}

func TestCheckRefusals(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	c := &Checker{Table: table}
	cases := map[string]struct {
		code string
		want error
	}{
		"empty":     {"  \n\t\n", ErrEmptyCode},
		"huge":      {"import SwiftUI\n" + strings.Repeat("let a = 1\n", MaxFileBytes/10+1), ErrTooLarge},
		"not swift": {"Dear reader,\n\nthis is a letter; it isn't code at all, is it? (No.)\n\nRegards, me.\n", ErrNotSwift},
	}
	for name, tc := range cases {
		if name == "not swift" && !TreeSitter {
			continue
		}
		if _, err := c.Check(context.Background(), []File{{Code: tc.code}}, Options{}); !errors.Is(err, tc.want) {
			t.Errorf("%s: err = %v, want %v", name, err, tc.want)
		}
	}
}

// openTable opens the index at path as a symbol table for the rest of the
// test.
func openTable(t *testing.T, path string) *IndexTable {
	t.Helper()
	table, err := OpenIndexTable(path)
	return testenv.Closing(t, table, err)
}

// TestCitationInImportedFramework: a member whose name several frameworks
// document cites the page of one the file imports, not the shortest
// address (TVML's background for a SwiftUI modifier).
func TestCitationInImportedFramework(t *testing.T) {
	table := NewMemTable("two frameworks", []SymbolInfo{
		{Name: "background", Kind: "property", Module: "tvml", URI: "apple-docs://tvml/background"},
		{Name: "background", Kind: "method", Module: "swiftui", URI: "apple-docs://swiftui/view/background(_:alignment:)"},
	})
	rep := checkCode(t, table, Options{}, File{Code: "import SwiftUI\nlet v = Text(\"a\").background(.red)\n"})
	for _, r := range rep.References {
		if r.Symbol == "Text.background" {
			if r.URI != "apple-docs://swiftui/view/background(_:alignment:)" {
				t.Errorf("cites %s, want SwiftUI's page", r.URI)
			}
			return
		}
	}
	t.Fatalf("no reference to Text.background: %+v", rep.References)
}

// TestMemberOfAnInitializersValueCitesItsType: a member right after a
// type's initializer call is cited on that type (Text.bold), not on
// another type of the same framework that has the name too (Font.bold).
func TestMemberOfAnInitializersValueCitesItsType(t *testing.T) {
	table := NewMemTable("bold twice", []SymbolInfo{
		{Name: "Text", Kind: "struct", Module: "swiftui", URI: "apple-docs://swiftui/text"},
		{Name: "bold", Parent: "Font", Kind: "method", Module: "swiftui", URI: "apple-docs://swiftui/font/bold()"},
		{Name: "bold", Parent: "Text", Kind: "method", Module: "swiftui", URI: "apple-docs://swiftui/text/bold()"},
	})
	rep := checkCode(t, table, Options{}, File{Code: "import SwiftUI\nlet a = Text(\"a\").bold()\n"})
	cited := map[string]string{}
	for _, r := range rep.References {
		cited[fmt.Sprint(r.Line, " ", r.Symbol)] = r.URI
	}
	if got := cited["2 Text.bold"]; got != "apple-docs://swiftui/text/bold()" {
		t.Errorf("Text(…).bold() cites %q, want Text's page: %v", got, cited)
	}
}

// samplesTable is a MemTable that knows which names Apple's sample code
// uses, in how many projects.
type samplesTable struct {
	*MemTable
	projects map[string]int
}

func (t samplesTable) UsedInSamples(name string) (string, int, error) {
	return "samples://p/" + name + ".swift", t.projects[name], nil
}

// TestTypeTwoSampleProjectsUseIsMentioned pins minSampleProjects: a type
// no page documents that two of Apple's sample projects use (and none
// declares) is mentioned, not unknown; one project is not evidence.
func TestTypeTwoSampleProjectsUseIsMentioned(t *testing.T) {
	table := samplesTable{NewMemTable("samples", nil), map[string]int{"UIContextualAction": 2, "OneProjectView": 1}}
	rep := checkCode(t, table, Options{}, File{Code: "import UIKit\nlet a = UIContextualAction()\nlet b = OneProjectView()\nlet c = NoWhereView()\n"})
	wantStatuses(t, rep, map[string]Status{"UIContextualAction": Mentioned, "OneProjectView": Unknown, "NoWhereView": Unknown})
}

// TestTopicsGroupIsNoSymbol: a Topics group page titled like a name
// (AppKit's "Color") documents no symbol of that name; SwiftUI's Color
// structure does.
func TestTopicsGroupIsNoSymbol(t *testing.T) {
	if _, keep := symbolInfo(index.NamedPage{Title: "Color", Kind: "collectionGroup", Framework: "appkit", URI: "apple-docs://appkit/color"}, "Color"); keep {
		t.Error("a Topics group is a candidate for Color")
	}
	if _, keep := symbolInfo(index.NamedPage{Title: "Color", Kind: "struct", Framework: "swiftui", URI: "apple-docs://swiftui/color"}, "Color"); !keep {
		t.Error("SwiftUI's Color structure is no candidate")
	}
}

// TestResolvedMemberCitesItsReceiversPage: a member the type-aware checks
// find on its receiver's type cites that type's overload that takes the
// written labels, where the name alone chose another type's page.
func TestResolvedMemberCitesItsReceiversPage(t *testing.T) {
	g := testGraph()
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "UIDevice", Kind: "class", Module: "uikit", URI: "apple-docs://uikit/uidevice"},
		{Name: "current", Parent: "UIDevice", Kind: "property", Module: "uikit", URI: "apple-docs://uikit/uidevice/current"},
		{Name: "pick", Parent: "UIScreen", Kind: "method", Module: "uikit", URI: "apple-docs://uikit/uiscreen/pick(_:)"},
	})
	rep := checkCode(t, g, Options{}, File{Code: "import UIKit\nlet v = UIDevice.current.pick(1)\n"})
	wantResolvedAt(t, rep, 2, "pick", "apple-docs://uikit/uidevice/pick(_:)-1")
}

// wantResolvedAt fails unless the reference to name on line is resolved
// citing uri.
func wantResolvedAt(t *testing.T, rep *Report, line int, name, uri string) {
	t.Helper()
	for _, r := range rep.References {
		if r.Line == line && refBase(r.Symbol) == name {
			if r.Status != Resolved || r.URI != uri {
				t.Errorf("%s: %s citing %s, want resolved citing %s", name, r.Status, r.URI, uri)
			}
			return
		}
	}
	t.Fatalf("no reference to %s: %+v", name, rep.References)
}

// TestMemberOfAnUnjudgedTypeCitesItsPage: a type whose list is not judged
// whole (FileManager, of Objective-C era pages) still has the members it
// lists, and a use of one cites it, not another type's page of the name.
func TestMemberOfAnUnjudgedTypeCitesItsPage(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://foundation/filemanager/1409234-shared", Title: "shared", Kind: "property",
			ParentURI: "apple-docs://foundation/filemanager", Declaration: "class var shared: FileManager { get }"})
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "FileManager", Kind: "class", Module: "foundation", URI: "apple-docs://foundation/filemanager"},
		{Name: "shared", Parent: "FileManager", Kind: "property", Module: "foundation", URI: "apple-docs://foundation/filemanager/1409234-shared"},
		{Name: "fileExists", Parent: "NSFileWrapper", Kind: "method", Module: "foundation", URI: "apple-docs://foundation/nsfilewrapper/fileexists(atpath:)"},
	})
	rep := checkCode(t, g, Options{}, File{Code: "import Foundation\nlet x = 1\nlet e = FileManager.shared.fileExists(atPath: p)\n"})
	wantResolvedAt(t, rep, 3, "fileExists", "apple-docs://foundation/filemanager/1410277-fileexists")
}

// TestExtensionWhereClauseNamesGenerics: the names an extension's where
// clause constrains are the extended type's generic parameters or
// associated types (`where T == …`), not unknown types; a protocol the
// extension adopts before the clause is still checked.
func TestExtensionWhereClauseNamesGenerics(t *testing.T) {
	table := openTable(t, makeIndex(t, true))
	code := "import SwiftUI\nextension View where T == Text, U: View {\n    func glow() -> some View { self }\n}\nextension View: Shimmery, Sparkly where V: View {}\n"
	got := summary(checkCode(t, table, Options{}, File{Path: "A.swift", Code: code}))
	for _, name := range []string{":T:", ":U:", ":V:"} {
		if strings.Contains(got, name) {
			t.Errorf("%s is a where clause's generic, not a reference: %s", name, got)
		}
	}
	for _, want := range []string{"5:Shimmery:unknown", "5:Sparkly:unknown"} {
		if !strings.Contains(got, want) {
			t.Errorf("want %s in %s", want, got)
		}
	}
}
