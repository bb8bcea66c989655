package swiftsym

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// find returns the symbol with that name and kind, failing the test when absent.
func find(t *testing.T, syms []document.Symbol, name, kind string) document.Symbol {
	t.Helper()
	for _, s := range syms {
		if s.Name == name && s.Kind == kind {
			return s
		}
	}
	t.Fatalf("no %s %s in %s", kind, name, describe(syms))
	return document.Symbol{}
}

func describe(syms []document.Symbol) string {
	var parts []string
	for _, s := range syms {
		parts = append(parts, s.Kind+" "+s.Name+" ["+s.Signature+"]")
	}
	return strings.Join(parts, "; ")
}

const swiftUIView = `import SwiftUI

struct ContentView: View {
    @State private var count = 0
    @Environment(\.dismiss) private var dismiss
    @Binding var title: String

    var body: some View {
        VStack {
            Text("\(count)")
            Button("Tap") { count += 1 }
        }
    }

    private func reset() {
        let local = 1
        count = local
    }
}
`

func TestExtractCodeSwiftUIView(t *testing.T) {
	syms := ExtractCode(swiftUIView)
	view := find(t, syms, "ContentView", "struct")
	if len(view.Conformances) != 1 || view.Conformances[0] != "View" {
		t.Errorf("ContentView conformances = %q", view.Conformances)
	}
	count := find(t, syms, "count", "var")
	if len(count.Attributes) != 1 || count.Attributes[0] != "State" {
		t.Errorf("count attributes = %q", count.Attributes)
	}
	if count.Signature != "@State private var count = 0" {
		t.Errorf("count signature = %q", count.Signature)
	}
	if a := find(t, syms, "dismiss", "var").Attributes; len(a) != 1 || a[0] != "Environment" {
		t.Errorf("dismiss attributes = %q", a)
	}
	find(t, syms, "title", "var")
	body := find(t, syms, "body", "var")
	if body.Signature != "var body: some View" {
		t.Errorf("body signature = %q", body.Signature)
	}
	find(t, syms, "reset", "func")
	for _, s := range syms {
		if s.Name == "local" || s.Origin != OriginExample {
			t.Errorf("unexpected symbol %+v", s)
		}
	}
}

func TestExtractCodeObservableActorExtension(t *testing.T) {
	code := `@Observable
final class Library {
    var books: [Book] = []
    @ObservationIgnored private var cache = [String: Int]()
    init(books: [Book]) { self.books = books }
}

actor Downloader {
    private var tasks: [URL: Task<Data, Error>] = [:]
    func fetch(_ url: URL) async throws -> Data {
        try await URLSession.shared.data(from: url).0
    }
    static let shared = Downloader()
}

extension Library: CustomStringConvertible where Book: Sendable {
    var description: String { "\(books.count) books" }
}

enum Genre: String, CaseIterable, Codable {
    case fiction, poetry
    case other
}

protocol Shelf {
    associatedtype Item: Identifiable
    var items: [Item] { get async throws }
    func place<T: Item>(_ item: T) where T: Sendable
}
`
	syms := ExtractCode(code)
	lib := find(t, syms, "Library", "class")
	if len(lib.Attributes) != 1 || lib.Attributes[0] != "Observable" {
		t.Errorf("Library attributes = %q", lib.Attributes)
	}
	if a := find(t, syms, "cache", "var").Attributes; len(a) != 1 || a[0] != "ObservationIgnored" {
		t.Errorf("cache attributes = %q", a)
	}
	find(t, syms, "init", "init")
	find(t, syms, "Downloader", "actor")
	fetch := find(t, syms, "fetch", "func")
	if !fetch.IsAsync || !fetch.IsThrows {
		t.Errorf("fetch effects = %+v", fetch)
	}
	if !find(t, syms, "shared", "let").IsStatic {
		t.Error("shared not static")
	}
	ext := find(t, syms, "Library", "extension")
	if len(ext.Conformances) != 1 || ext.Conformances[0] != "CustomStringConvertible" ||
		len(ext.GenericConstraints) != 1 || ext.GenericConstraints[0] != "Book: Sendable" {
		t.Errorf("extension = %+v", ext)
	}
	find(t, syms, "description", "var")
	find(t, syms, "Genre", "enum")
	for _, c := range []string{"fiction", "poetry", "other"} {
		find(t, syms, c, "case")
	}
	item := find(t, syms, "Item", "associatedtype")
	if len(item.Conformances) != 1 || item.Conformances[0] != "Identifiable" {
		t.Errorf("Item = %+v", item)
	}
	items := find(t, syms, "items", "var")
	if !items.IsAsync || !items.IsThrows {
		t.Errorf("items effects = %+v", items)
	}
	place := find(t, syms, "place", "func")
	if strings.Join(place.GenericConstraints, "|") != "T: Item|T: Sendable" {
		t.Errorf("place constraints = %q", place.GenericConstraints)
	}
}

func TestExtractCodePreviewAndNoncopyable(t *testing.T) {
	code := `struct Badge: View {
    var body: some View { Text("Hi") }
}

#Preview {
    Badge()
}

struct FileHandle: ~Copyable {
    let descriptor: Int32
    consuming func close() {}
}

#Preview("Dark") {
    Badge().preferredColorScheme(.dark)
}
`
	syms := ExtractCode(code)
	find(t, syms, "Badge", "struct")
	fh := find(t, syms, "FileHandle", "struct")
	if len(fh.Conformances) != 1 || fh.Conformances[0] != "~Copyable" {
		t.Errorf("FileHandle conformances = %q", fh.Conformances)
	}
	find(t, syms, "descriptor", "let")
	find(t, syms, "close", "func")
	for _, s := range syms {
		if strings.Contains(s.Name, "Preview") {
			t.Errorf("#Preview became a symbol: %+v", s)
		}
	}
}

func TestExtractCodeLongInitialiserIsCut(t *testing.T) {
	code := "let formatter: DateFormatter = {\n    let f = DateFormatter()\n    f.dateStyle = .short\n    return f\n}()\n"
	syms := ExtractCode(code)
	f := find(t, syms, "formatter", "let")
	if f.Signature != "let formatter: DateFormatter" {
		t.Errorf("signature = %q", f.Signature)
	}
	if len(syms) != 1 {
		t.Errorf("locals leaked: %s", describe(syms))
	}
}

func TestExtractCodeCommentsInHeader(t *testing.T) {
	syms := ExtractCode("@MainActor // UI work\nfinal class Store /* shared */ : ObservableObject {}\n")
	s := find(t, syms, "Store", "class")
	if len(s.Conformances) != 1 || s.Conformances[0] != "ObservableObject" {
		t.Errorf("Store = %+v", s)
	}
}

func TestExtractCodeRejects(t *testing.T) {
	for name, code := range map[string]string{
		"empty":  "",
		"spaces": " \n\t ",
		"objc":   "#import <Foundation/Foundation.h>\n@interface Foo : NSObject\n- (void)bar;\n@end\n",
		"huge":   "struct A {}\n" + strings.Repeat("// filler\n", MaxCodeLen/10+1),
	} {
		if syms := ExtractCode(code); syms != nil {
			t.Errorf("%s: got %s", name, describe(syms))
		}
	}
}

func TestExtractCodeGarbageDoesNotCrash(t *testing.T) {
	inputs := []string{
		strings.Repeat("(", 5000),
		strings.Repeat("{[<", 3000),
		strings.Repeat("struct ", 2000),
		"func f(" + strings.Repeat("a: Int, ", 2000),
		"\x00\xff\xfe class \x00",
		strings.Repeat("@A ", 3000) + "var x = 1",
	}
	for _, in := range inputs {
		for _, s := range ExtractCode(in) {
			if s.Name == "" || s.Kind == "" {
				t.Errorf("empty symbol from garbage: %+v", s)
			}
		}
	}
}

func TestExtractCodeConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				code := fmt.Sprintf("struct S%d_%d: P { func f() async {} }", g, i)
				syms := ExtractCode(code)
				if len(syms) != 2 || syms[0].Name != fmt.Sprintf("S%d_%d", g, i) || !syms[1].IsAsync {
					errs <- describe(syms)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func BenchmarkExtractCode(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ExtractCode(swiftUIView)
	}
}

func TestExtractCodeExpressionsOnly(t *testing.T) {
	if syms := ExtractCode("numbers.publisher\n    .contains { $0 > 4 }\n    .sink { print(\"\\($0)\") }\n"); syms != nil {
		t.Errorf("got %s", describe(syms))
	}
	if mayDeclare("session.prefersEphemeralWebBrowserSession = true") {
		t.Error("mayDeclare true for an assignment")
	}
	if !mayDeclare("x.map { y in\n let z = y }") {
		t.Error("mayDeclare false with a let")
	}
}
