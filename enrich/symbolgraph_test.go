package enrich

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

type graphRow struct {
	name, kind, signature, attributes, conformances, params, constraints string
	async, throws, static                                                int
}

func symbolGraphRow(t *testing.T, fx string, uri string) (graphRow, int) {
	t.Helper()
	x := openIndex(t, fx)
	defer x.Close()
	rows, err := rawDB(t, x).Query(`SELECT s.name, s.kind, s.signature, s.attributes, s.conformances, s.generic_params,
		s.generic_constraints, s.is_async, s.is_throws, s.is_static
		FROM doc_symbols s JOIN docs d ON d.id = s.doc_id WHERE d.uri = ? AND s.origin = 'symbolgraph'`, uri)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var r graphRow
	n := 0
	for rows.Next() {
		if err := rows.Scan(&r.name, &r.kind, &r.signature, &r.attributes, &r.conformances, &r.params, &r.constraints,
			&r.async, &r.throws, &r.static); err != nil {
			t.Fatal(err)
		}
		n++
	}
	return r, n
}

// TestSymbolGraphJoinMiniGraph runs the join over the hand-written MiniKit
// graphs (testdata/minikit), which cover an exact path, constraints from
// swiftGenerics and swiftExtension, a kind-ambiguous pair of overloads told
// apart by declaration, an extension graph (MiniKit@Swift), availability and
// an unreadable file.
func TestSymbolGraphJoinMiniGraph(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	res := runPasses(t, x, Options{SymbolGraphDir: fx.graphs}, "constraints")
	summary := res[len(res)-1].Summary
	for _, want := range []string{"2 files (1 unreadable)", "5 symbols, 5 matched to 5 pages", "availability filled on 1 pages"} {
		if !strings.Contains(summary, want) {
			t.Errorf("summary %q lacks %q", summary, want)
		}
	}
	x.Close()

	cases := map[string]graphRow{
		"apple-docs://minikit/box": {name: "Box", kind: "struct", signature: "struct Box<Content> where Content : Hashable",
			conformances: "Equatable", params: "Content", constraints: "Content: Hashable"},
		"apple-docs://minikit/box/map(_:)": {name: "map", kind: "func",
			signature:  "@MainActor func map<T>(_ transform: (Content) async throws -> T) -> T where T : Sendable",
			attributes: "MainActor", params: "Content; T", constraints: "T: Sendable; Content == String", async: 1, throws: 1},
		"apple-docs://minikit/box/count-1abcd":      {name: "count", kind: "var", signature: "var count: Int"},
		"apple-docs://minikit/box/count-9wxyz":      {name: "count", kind: "var", signature: "var count: Double", constraints: "Content: NSObject"},
		"apple-docs://minikit/swift/array/unique()": {name: "unique", kind: "func", signature: "func unique() -> [Element]", params: "Element", constraints: "Element: Hashable"},
	}
	for uri, want := range cases {
		got, n := symbolGraphRow(t, fx.db, uri)
		if n != 1 || got != want {
			t.Errorf("%s: %d rows, %+v\nwant %+v", uri, n, got, want)
		}
	}

	x = openIndex(t, fx.db)
	// Availability was filled where the page had none, and only there.
	if got := queryString(t, rawDB(t, x), `SELECT availability_source || ' ' || min_ios || ' ' || min_macos || ' ' || coalesce(min_watchos, 'null')
		FROM docs WHERE uri = 'apple-docs://minikit/box'`); got != "symbolgraph 160000 130000 null" {
		t.Errorf("box availability = %q", got)
	}
	if got := queryString(t, rawDB(t, x), `SELECT st.platforms FROM docs_structured st JOIN docs d ON d.id = st.doc_id WHERE d.uri = 'apple-docs://minikit/box'`); !strings.Contains(got, `"watchOS"`) || !strings.Contains(got, `"unavailable":true`) {
		t.Errorf("box platforms = %s", got)
	}
	if got := queryString(t, rawDB(t, x), `SELECT availability_source || ' ' || min_ios || ' ' || coalesce(min_macos, 'null') FROM docs WHERE uri = 'apple-docs://minikit/swift/array/unique()'`); got != " 170000 null" {
		t.Errorf("unique() availability was overwritten: %q", got)
	}

	// A second join changes nothing; a join of an empty directory removes
	// the rows it owns.
	res = runPasses(t, x, Options{SymbolGraphDir: fx.graphs}, "constraints")
	if r := res[len(res)-1]; r.Rows != 0 {
		t.Errorf("second join changed %d rows: %s", r.Rows, r.Summary)
	}
	empty := t.TempDir()
	os.WriteFile(filepath.Join(empty, "Other.symbols.json"), []byte(`{"module":{"name":"Other"},"symbols":[]}`), 0o644)
	res = runPasses(t, x, Options{SymbolGraphDir: empty}, "constraints")
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM doc_symbols WHERE origin = 'symbolgraph'"); n != 0 {
		t.Errorf("%d symbol-graph rows survive a join that matched none", n)
	}
	if r := res[len(res)-1]; r.Rows < 5 {
		t.Errorf("removal reported %d rows changed", r.Rows)
	}
}

// TestSymbolGraphJoinSwiftDocCGraphs joins swift-docc's own test graphs (the
// shared corpus) into pages written at the addresses DocC gives them.
func TestSymbolGraphJoinSwiftDocCGraphs(t *testing.T) {
	dir := testenv.CorpusPath(t, "symbolgraphs")
	page := func(uri, title, kind, decl string) *document.Document {
		return fixtureDoc(uri, title, kind, decl)
	}
	docs := []*document.Document{
		// MyKit@Foundation@_MyKit_Foundation: an extension graph; its page is
		// filed under MyKit without the Foundation level.
		page("apple-docs://mykit/myclass/myfunction1()", "myFunction1()", "func", "func myFunction1() -> TestSymbol"),
		// SameShapeConstraint: a parameter-pack requirement.
		page("apple-docs://sameshapeconstraint/function(_:)", "function(_:)", "func", ""),
		// ModuleWithProtocolExtensions@Swift: a member of an extended type,
		// at the extending module/extended module/type path.
		page("apple-docs://modulewithprotocolextensions/swift/set/iterator/fixture()", "fixture()", "func", "func fixture() -> String"),
		// ConformanceOverloads: the class matches; its two myFunc() overloads
		// print the same declaration and must not be matched to a page.
		page("apple-docs://conformanceoverloads/myclass", "MyClass", "class", "class MyClass<T>"),
		page("apple-docs://conformanceoverloads/myclass/myfunc()-1", "myFunc()", "func", "func myFunc()"),
		page("apple-docs://conformanceoverloads/myclass/myfunc()-2", "myFunc()", "func", "func myFunc()"),
		// ModuleWithProtocolExtensions@Swift also holds the extension block
		// "extension Set.Iterator where Element: Hashable": a block is no
		// page, and Swift's own Set.Iterator page must not take its clause.
		page("apple-docs://swift/set/iterator", "Set.Iterator", "struct", "struct Iterator"),
		// FillIntroduced: availability only.
		page("apple-docs://fillintroduced/iosmacosonly()", "iOSMacOSOnly()", "func", ""),
	}
	path := buildIndex(t, docs...)
	x := openIndex(t, path)
	res := runPasses(t, x, Options{SymbolGraphDir: dir}, "constraints")
	summary := res[len(res)-1].Summary
	t.Log(summary)
	if !strings.Contains(summary, "unreadable") {
		t.Errorf("the corpus holds a malformed graph (TopLevelCuration); summary %q does not count it", summary)
	}
	want := map[string]string{
		"apple-docs://mykit/myclass/myfunction1()":                               "Label == Text; Observer: NSObject; S: StringProtocol",
		"apple-docs://sameshapeconstraint/function(_:)":                          "each Element0 == each Element1",
		"apple-docs://modulewithprotocolextensions/swift/set/iterator/fixture()": "Element: Hashable",
		"apple-docs://conformanceoverloads/myclass":                              "",
	}
	x.Close()
	for uri, constraints := range want {
		got, n := symbolGraphRow(t, path, uri)
		if n != 1 || got.constraints != constraints {
			t.Errorf("%s: %d rows, constraints %q, want 1 row with %q", uri, n, got.constraints, constraints)
		}
	}
	for _, uri := range []string{"apple-docs://conformanceoverloads/myclass/myfunc()-1", "apple-docs://conformanceoverloads/myclass/myfunc()-2",
		"apple-docs://swift/set/iterator"} {
		if _, n := symbolGraphRow(t, path, uri); n != 0 {
			t.Errorf("%s: matched an ambiguous overload or an extension block", uri)
		}
	}
	x = openIndex(t, path)
	if got := queryString(t, rawDB(t, x), `SELECT min_ios || ' ' || min_macos FROM docs WHERE uri = 'apple-docs://fillintroduced/iosmacosonly()'`); got != "140000 101600" {
		t.Errorf("iOSMacOSOnly() availability = %q, want iOS 14.0, macOS 10.16", got)
	}
	if got := queryString(t, rawDB(t, x), `SELECT min_tvos || ' ' || min_macos FROM docs WHERE uri = 'apple-docs://mykit/myclass/myfunction1()'`); got != "130000 101500" {
		t.Errorf("myFunction1() availability = %q", got)
	}
}
