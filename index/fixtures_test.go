package index

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/sqlrows"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// testOptions skips the real disk check so tests run on small filesystems.
func testOptions() BuildOptions { return BuildOptions{SkipDiskCheck: true} }

// fixtureDocs are hand-written pages covering every table: a protocol with
// conforming types, a struct that conforms, a method with symbols and a
// code example, an article that only mentions padding in its body, and a
// Swift Evolution proposal.
func fixtureDocs() []*document.Document {
	return []*document.Document{
		{
			URI: "apple-docs://swiftui/view", Source: document.SourceAppleDocs, Framework: "swiftui",
			SourceFile: "SwiftUI/View.json", Title: "View", Kind: "protocol", RoleHeading: "Protocol",
			Language: "swift", Abstract: "A type that represents part of your app's user interface.",
			Declaration: "@MainActor @preconcurrency protocol View",
			Content:     "You create custom views by declaring types that conform to the View protocol.",
			Markdown:    "# View\n\nA type that represents part of your app's user interface.\n",
			Platforms: []document.Platform{
				{Name: "iOS", Introduced: "13.0"}, {Name: "macOS", Introduced: "10.15"},
				{Name: "Mac Catalyst", Introduced: "13.0"}, {Name: "visionOS", Introduced: "1.0"},
			},
			AvailabilitySource: "docc",
			Attributes:         []string{"MainActor", "preconcurrency"},
			ConformingTypes: []document.Ref{
				{URI: "apple-docs://swiftui/text", Title: "Text", Section: "Conforming Types"},
				{Title: "LazyVGrid"},
			},
			Children: []document.Ref{
				{URI: "apple-docs://swiftui/view/padding(_:_:)", Section: "Layout modifiers"},
				{URI: "apple-docs://swiftui/view/body-swift.property", Title: "body", Section: "Implementing a custom view",
					Declaration: "var body: Self.Body"},
			},
			SeeAlso: []document.Ref{{URI: "apple-docs://swiftui/app", Title: "App"}},
			Symbols: []document.Symbol{
				{Name: "View", Kind: "protocol", Signature: "protocol View", Attributes: []string{"MainActor", "preconcurrency"}, Origin: "declaration"},
				{Name: "ContentView", Kind: "struct", Signature: "struct ContentView: View", Conformances: []string{"View"}, Origin: "example"},
			},
			ContentHash: "hash-view", Size: 5120,
		},
		{
			URI: "apple-docs://swiftui/text", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "Text", Kind: "struct", RoleHeading: "Structure", Language: "swift",
			Abstract:    "A view that displays one or more lines of read-only text.",
			Declaration: "@frozen struct Text",
			Content:     "A text view draws a string in your app's user interface.",
			Markdown:    "# Text\n",
			Platforms:   []document.Platform{{Name: "iOS", Introduced: "13.0"}, {Name: "macOS", Introduced: "10.15"}},
			ConformsTo:  []document.Ref{{URI: "apple-docs://swiftui/view", Title: "View"}, {URI: "apple-docs://swift/equatable", Title: "Equatable"}},
			Parent:      "apple-docs://swiftui",
			ContentHash: "hash-text", Size: 4096,
		},
		{
			URI: "apple-docs://swiftui/lazyvgrid", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "LazyVGrid", Kind: "struct", Language: "swift",
			Abstract:    "A container view that arranges its child views in a grid that grows vertically.",
			Declaration: "struct LazyVGrid<Content> where Content : View",
			Platforms:   []document.Platform{{Name: "iOS", Introduced: "14.0"}, {Name: "macOS", Introduced: "11.0"}},
			Symbols: []document.Symbol{{Name: "LazyVGrid", Kind: "struct", Signature: "struct LazyVGrid<Content> where Content : View",
				GenericParams: []string{"Content"}, GenericConstraints: []string{"Content: View"}, Origin: "declaration"}},
			ContentHash: "hash-grid",
		},
		{
			URI: "apple-docs://swiftui/view/padding(_:_:)", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "padding(_:_:)", Kind: "method", RoleHeading: "Instance Method", Language: "swift",
			Abstract:    "Adds a different padding amount to each edge of this view.",
			Declaration: "nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View",
			Content:     "Use this modifier to add a different amount of padding on each edge of a view.",
			Markdown:    "# padding(_:_:)\n\n```swift\nText(\"Hi\").padding(.top, 10)\n```\n",
			CodeExamples: []document.CodeExample{
				{Language: "swift", Code: "Text(\"Hi\").padding(.top, 10)", Caption: "Pad the top edge"},
				{Language: "swift", Code: "VStack { }.padding()"},
			},
			Platforms:  []document.Platform{{Name: "iOS", Introduced: "13.0"}, {Name: "watchOS", Introduced: "6.0"}, {Name: "tvOS", Introduced: "13.0"}},
			Deprecated: false, Parent: "apple-docs://swiftui/view",
			Symbols: []document.Symbol{{Name: "padding", Kind: "func", Signature: "func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View",
				Attributes: []string{"nonisolated"}, Origin: "declaration"}},
			ContentHash: "hash-padding", Size: 3000,
		},
		{
			URI: "apple-docs://swiftui/laying-out-views", Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: "Laying out views", Kind: "article", Language: "swift",
			Abstract:    "Arrange views with stacks and modifiers.",
			Content:     "Stacks place views. The padding modifier adds space; padding is common. Use padding generously, padding everywhere.",
			ContentHash: "hash-article",
		},
		{
			URI: "apple-docs://foundation/urlsession", Source: document.SourceAppleDocs, Framework: "foundation",
			Title: "URLSession", Kind: "class", Language: "swift",
			Abstract:     "An object that coordinates a group of related, network data transfer tasks.",
			Declaration:  "class URLSession",
			InheritsFrom: []document.Ref{{Title: "NSObject"}},
			Deprecated:   true, DeprecationNote: "Not really; a fixture.",
			Symbols: []document.Symbol{{Name: "dataTask", Kind: "func", Signature: "func dataTask(with url: URL) async throws -> (Data, URLResponse)",
				IsAsync: true, IsThrows: true, Origin: "declaration"}},
			ContentHash: "hash-urlsession",
			ObjCName:    "NSURLSession",
		},
		{
			URI: "swift-evolution://SE-0306", Source: document.SourceSwiftEvolution,
			Title: "Actors", Kind: "proposal", Status: "Implemented", SwiftVersion: "5.5",
			Content:  "This proposal introduces actors into Swift.",
			Markdown: "# Actors\n\nThis proposal introduces actors.\n", ContentHash: "hash-se0306",
		},
	}
}

// newBuilder starts a build of search.db in a new temporary folder of the
// test and returns the builder and the file's path.
func newBuilder(t testing.TB) (*Builder, string) {
	t.Helper()
	dbPath := filepath.Join(t.TempDir(), "search.db")
	b, err := Create(dbPath, testOptions())
	if err != nil {
		t.Fatalf("create: %v", err)
	}
	return b, dbPath
}

// putAll puts docs into b; the test fails at the first that is refused.
func putAll(t testing.TB, b *Builder, docs []*document.Document) {
	t.Helper()
	for _, doc := range docs {
		if err := b.Put(doc); err != nil {
			t.Fatalf("put %s: %v", doc.URI, err)
		}
	}
}

// buildFixture commits fixtureDocs plus manifest, meta and an alias into a
// new DB and returns its path.
func buildFixture(t testing.TB) string {
	t.Helper()
	b, dbPath := newBuilder(t)
	putAll(t, b, fixtureDocs())
	mustNoErr(t, b.PutSourceFile(SourceFile{Path: "SwiftUI/View.json", Source: document.SourceAppleDocs, Size: 5120,
		MtimeNS: 1700000000000000000, ContentHash: "hash-view", State: "indexed", URI: "apple-docs://swiftui/view"}))
	mustNoErr(t, b.PutSourceFile(SourceFile{Path: "proposals/0306-actors.md", Source: document.SourceSwiftEvolution, State: "indexed", URI: "swift-evolution://SE-0306"}))
	mustNoErr(t, b.SetMeta(MetaVersion, "test"))
	mustNoErr(t, b.UpsertFrameworkAlias(Framework{Identifier: "swiftui", DisplayName: "SwiftUI", ImportName: "SwiftUI", Synonyms: []string{"swift-ui", "declarative"}}))
	if err := b.Commit(context.Background()); err != nil {
		t.Fatalf("commit: %v", err)
	}
	return dbPath
}

func openFixture(t testing.TB) *Store {
	t.Helper()
	return openStore(t, buildFixture(t))
}

// openStore opens the index at dbPath for the rest of the test.
func openStore(t testing.TB, dbPath string) *Store {
	t.Helper()
	s, err := Open(dbPath)
	return testenv.Closing(t, s, err)
}

// openLookup opens a NameLookup on the index at dbPath for the rest of the
// test.
func openLookup(t testing.TB, dbPath string) *NameLookup {
	t.Helper()
	l, err := OpenNameLookup(dbPath)
	return testenv.Closing(t, l, err)
}

func mustNoErr(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func queryInt(t testing.TB, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func queryStrings(t testing.TB, db *sql.DB, query string, args ...any) []string {
	t.Helper()
	out, err := sqlrows.Column[string](context.Background(), db, query, query, args)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// match runs a docs_fts query ranked with BM25Expr and returns URIs, best first.
func match(t testing.TB, db *sql.DB, expr string) []string {
	t.Helper()
	return queryStrings(t, db, fmt.Sprintf(`SELECT d.uri FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid
		WHERE docs_fts MATCH ? ORDER BY %s, d.id`, BM25Expr), expr)
}

func joined(values []string) string { return strings.Join(values, ",") }
