package ranker

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/ranker/reading"
)

// page builds a fixture document; the index derives everything else.
func page(uri, title, kind, abstract string, mod ...func(*document.Document)) *document.Document {
	src, rest, _ := strings.Cut(uri, "://")
	fw := ""
	if src == document.SourceAppleDocs {
		fw, _, _ = strings.Cut(rest, "/")
	}
	d := &document.Document{URI: uri, Source: src, Framework: fw, Title: title, Kind: kind, Abstract: abstract,
		Content: abstract, Language: "swift", ContentHash: uri}
	for _, m := range mod {
		m(d)
	}
	return d
}

func ios(v string) func(*document.Document) {
	return func(d *document.Document) {
		d.Platforms = append(d.Platforms, document.Platform{Name: "iOS", Introduced: v})
	}
}

func mac(v string) func(*document.Document) {
	return func(d *document.Document) {
		d.Platforms = append(d.Platforms, document.Platform{Name: "macOS", Introduced: v})
	}
}

func symbols(syms ...document.Symbol) func(*document.Document) {
	return func(d *document.Document) { d.Symbols = append(d.Symbols, syms...) }
}

func parent(uri string) func(*document.Document) {
	return func(d *document.Document) { d.Parent = uri }
}

func content(s string) func(*document.Document) {
	return func(d *document.Document) { d.Content += " " + s }
}

// fixturePages: canonical pages and their decoys, in source order (the save
// pipeline writes each source contiguously).
func fixturePages() []*document.Document {
	decl := func(name, kind string, attrs ...string) document.Symbol {
		return document.Symbol{Name: name, Kind: kind, Signature: kind + " " + name, Attributes: attrs, Origin: "declaration"}
	}
	return []*document.Document{
		page("apple-docs://swift", "Swift", "framework", "Build apps using a powerful open language."),
		page("apple-docs://swift/task", "Task", "struct", "A unit of asynchronous work.", ios("13.0"),
			symbols(decl("Task", "struct"))),
		page("apple-docs://swift/result", "Result", "enum", "A value that represents either a success or a failure.", ios("8.0")),
		page("apple-docs://swift/mainactor", "MainActor", "actor", "A singleton actor whose executor is the main dispatch queue.",
			symbols(decl("MainActor", "actor", "globalActor"))),
		page("apple-docs://swiftui", "SwiftUI", "framework", "Declare the user interface and behavior for your app."),
		page("apple-docs://swiftui/text", "Text", "struct", "A view that displays one or more lines of read-only text.", ios("13.0"),
			symbols(decl("Text", "struct", "frozen"))),
		page("apple-docs://swiftui/text/scale", "Text.Scale", "struct", "A scale to apply to a text view.", ios("15.0")),
		page("apple-docs://swiftui/textfield", "TextField", "struct", "A control that displays an editable text interface.", ios("13.0")),
		page("apple-docs://swiftui/view", "View", "protocol", "A type that represents part of your app's user interface.", ios("13.0"),
			symbols(decl("View", "protocol", "MainActor", "preconcurrency"))),
		page("apple-docs://swiftui/state", "State", "struct", "A property wrapper type that can read and write a value managed by SwiftUI.", ios("13.0"),
			symbols(decl("State", "struct", "frozen", "propertyWrapper"))),
		page("apple-docs://swiftui/color", "Color", "struct", "A representation of a color that adapts to a given context.", ios("13.0")),
		page("apple-docs://foundation/url", "URL", "struct", "A value that identifies the location of a resource.", ios("7.0")),
		page("apple-docs://foundation/nsurl", "NSURL", "class", "An object representing the location of a resource; bridges to URL.", ios("2.0"),
			func(d *document.Document) { d.Deprecated = true }),
		page("apple-docs://foundation/urlsession", "URLSession", "class", "An object that coordinates a group of related network data transfer tasks.", ios("7.0")),
		page("apple-docs://foundation/urlsession/datatask(with:)", "dataTask(with:)", "func", "Creates a task that retrieves the contents of a URL.", ios("7.0"),
			symbols(document.Symbol{Name: "dataTask", Kind: "func", Signature: "func dataTask(with url: URL) -> URLSessionDataTask", Origin: "declaration"}),
			parent("apple-docs://foundation/urlsession")),
		page("apple-docs://foundation/urlsession/datatask(with:completionhandler:)", "dataTask(with:completionHandler:)", "func",
			"Creates a task that retrieves the contents of the specified URL, then calls a handler upon completion.", ios("7.0")),
		page("apple-docs://foundation/urlsessiontask/resume()", "resume()", "func", "Resumes the task, if it is suspended. dataTask tasks start suspended."),
		page("apple-docs://installer_js/result", "Result", "property", "The result of an installer script."),
		page("apple-docs://installer_js/task", "Task", "property", "An installer task."),
		page("apple-docs://corewlan", "Core WLAN", "framework", "Query and change the Wi-Fi interface of a Mac."),
		page("apple-docs://uikit/supporting-dark-mode-in-your-interface", "Supporting Dark Mode in Your Interface", "article",
			"Update colors, images, and behaviors so that your app adapts automatically when Dark Mode is active."),
		page("apple-docs://swiftui/view/padding(_:_:)", "padding(_:_:)", "func", "Adds a different padding amount to each edge of this view.", ios("13.0")),
		page("apple-docs://swiftui/release-notes", "SwiftUI Release Notes", "article", "Text, views and every other change in this release."),
		// "Type member" in plain words, prose requests and their decoys.
		page("apple-docs://swiftui/text/bold()", "bold()", "func", "Applies a bold font weight to the text.", ios("13.0"),
			parent("apple-docs://swiftui/text"), symbols(document.Symbol{Name: "bold", Kind: "func", Origin: "declaration"})),
		page("apple-docs://avfaudio/avaudioplayer", "AVAudioPlayer", "class", "An object that plays audio data from a file or buffer.", ios("2.2")),
		page("apple-docs://combine/scheduler/schedule(_:)", "schedule(_:)", "func", "Performs the action at the next possible opportunity.", ios("13.0"),
			symbols(document.Symbol{Name: "schedule", Kind: "func", Origin: "declaration"})),
		page("apple-docs://combine/scheduler/schedule(after:_:)", "schedule(after:_:)", "func", "Performs the action at some time after the specified date.", ios("13.0"),
			symbols(document.Symbol{Name: "schedule", Kind: "func", Origin: "declaration"})),
		page("apple-docs://usernotifications/scheduling-a-notification-locally-from-your-app", "Scheduling a notification locally from your app", "article",
			"Create and schedule notifications from your app when you want to get the user's attention."),
		page("apple-docs://storekit/product", "Product", "struct", "Information about a product that you configure in App Store Connect.", ios("15.0")),
		page("apple-docs://packagedescription/product", "Product", "class", "The object that defines a package product."),
		page("swift-evolution://SE-0306", "Actors", "proposal", "Actors protect their mutable state from data races.",
			content("Actor reentrancy: an actor-isolated function can be suspended at an await.")),
		page("swift-evolution://SE-0296", "Async/await", "proposal", "Introduce async functions and await expressions."),
		page("swift-book://concurrency", "Concurrency", "article", "Perform asynchronous operations with async and await.",
			content("Tasks and task groups; actors; structured concurrency.")),
		page("hig://dark-mode", "Dark Mode", "article", "Dark Mode is a systemwide appearance setting that uses a dark color palette."),
		page("hig://color", "Color", "article", "Judicious use of color can enhance communication."),
		page("apple-archive://cocoa-bindings", "Cocoa Bindings Programming Topics", "article", "Cocoa bindings keep model and view values in sync."),
		// Sources searched apart, in parts_fts.
		page("samples://swiftui-garden-planner", "Garden Planner", document.KindSampleProject, "Plan a vegetable garden in a grid of beds."),
		page("samples://swiftui-garden-planner/App/BedGrid.swift", "App/BedGrid.swift", document.KindSourceFile, "From the sample project Garden Planner.",
			content("struct BedGrid: View { var beds: [Bed] } // lays out vegetable beds in a LazyVGrid")),
		page("wwdc://2024/10001", "Meet the widget toolkit", document.KindSession, "Hello and welcome.",
			content("First, the timeline provider supplies entries for the widget.")),
		page("wwdc://2023/10002", "Bring widgets to life", document.KindSession, "Widgets animate.",
			content("A timeline provider again, with animations.")),
		page("packages://acme/swift-widgets", "Widgets (acme/swift-widgets)", document.KindPackage, "Reusable widget types for vegetable gardens."),
	}
}

// fixtureIndex is an index of generated pages, built once per test binary.
type fixtureIndex struct {
	once  sync.Once
	path  string
	err   error
	pages func() []*document.Document
	// passages, when set, are the book's sections (as enrich's passages
	// pass writes them), keyed by their page's URI.
	passages func() map[string][]index.Passage
}

// testFixture is the ranker's fixture index.
var testFixture = &fixtureIndex{pages: fixturePages}

// build builds the index on first use and returns its path.
func (f *fixtureIndex) build(t testing.TB) string {
	t.Helper()
	f.once.Do(func() {
		dir, err := filepathTemp()
		if err != nil {
			f.err = err
			return
		}
		f.path = filepath.Join(dir, "search.db")
		if f.err = buildFixtureIndex(f.path, f.pages()); f.err == nil && f.passages != nil {
			f.err = addFixturePassages(f.path, f.passages())
		}
	})
	if f.err != nil {
		t.Fatal(f.err)
	}
	return f.path
}

// openTestEngine opens an engine over the fixture index.
func openTestEngine(t testing.TB) *Engine { return openEngineAt(t, testFixture.build(t)) }

// openEngineAt opens an engine over the index at path, closed when the test
// ends.
func openEngineAt(t testing.TB, path string) *Engine {
	t.Helper()
	e, err := New(context.Background(), indextest.Open(t, path), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// buildFixtureIndex saves pages, and the fixture's framework aliases, into
// a new index at path.
func buildFixtureIndex(path string, pages []*document.Document) error {
	b, err := index.Create(path, index.BuildOptions{SkipDiskCheck: true})
	if err != nil {
		return err
	}
	for _, d := range pages {
		if err := b.Put(d); err != nil {
			return err
		}
	}
	for _, f := range []index.Framework{
		{Identifier: "corewlan", ImportName: "CoreWLAN", DisplayName: "Core WLAN", Synonyms: []string{"wifi"}},
		{Identifier: "swiftui", ImportName: "SwiftUI", DisplayName: "SwiftUI"},
		{Identifier: "installer_js", DisplayName: "Installer JS"},
	} {
		if err := b.UpsertFrameworkAlias(f); err != nil {
			return err
		}
	}
	return b.Commit(context.Background())
}

// addFixturePassages writes passages into the index at path, each on the
// page its key names, the pages in the order of their URIs.
func addFixturePassages(path string, byURI map[string][]index.Passage) error {
	db, err := sql.Open("sqlite", path)
	if err != nil {
		return err
	}
	defer db.Close()
	var all []index.Passage
	for _, uri := range slices.Sorted(maps.Keys(byURI)) {
		ps := byURI[uri]
		var id int64
		if err := db.QueryRow("SELECT id FROM docs WHERE uri = ?", uri).Scan(&id); err != nil {
			return fmt.Errorf("passages of %s: %w", uri, err)
		}
		for _, p := range ps {
			p.DocID = id
			all = append(all, p)
		}
	}
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	if err := index.ReplacePassages(context.Background(), tx, all, "fixture"); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// queryURIs are the URIs of the first ten results of q through
// SearchQuery, as a request reads them.
func queryURIs(t *testing.T, e *Engine, q string) []string {
	t.Helper()
	resp, err := e.SearchQuery(context.Background(), q, Filters{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	return uris(resp.Results)
}

func uris(rs []Result) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.URI
	}
	return out
}

func rankOf(rs []Result, uri string) int {
	for i, r := range rs {
		if r.URI == uri {
			return i + 1
		}
	}
	return 0
}

func mustSearch(t testing.TB, e *Engine, q string, f Filters) []Result {
	t.Helper()
	rs, err := e.Search(context.Background(), q, f)
	if err != nil {
		t.Fatalf("Search(%q): %v", q, err)
	}
	return rs
}

// wantInTop searches for q without filters and reports an error unless uri
// is among the first n results; it returns the results.
func wantInTop(t testing.TB, e *Engine, q, uri string, n int) []Result {
	t.Helper()
	rs := mustSearch(t, e, q, Filters{})
	if r := rankOf(rs, uri); r == 0 || r > n {
		t.Errorf("%s: %s at %d (want 1..%d) in %v", q, uri, r, n, uris(rs))
	}
	return rs
}

// TestSearchTopResults runs each query on both paths: every match scored
// with bm25, and the bounded path a common query takes on the full index.
func TestSearchTopResults(t *testing.T) {
	tests := []struct {
		query string
		top   string
	}{
		{"Task", "apple-docs://swift/task"},           // canonical Swift page over installer_js
		{"Result", "apple-docs://swift/result"},       // framework authority
		{"Text", "apple-docs://swiftui/text"},         // over Text.Scale and TextField
		{"SwiftUI", "apple-docs://swiftui"},           // framework root
		{"wifi", "apple-docs://corewlan"},             // declared synonym
		{"wlan", "apple-docs://corewlan"},             // implicit synonym (Core prefix)
		{"URL", "apple-docs://foundation/url"},        // over deprecated NSURL
		{"NSURL", "apple-docs://foundation/nsurl"},    // the legacy page when asked by name
		{"SwiftUI View", "apple-docs://swiftui/view"}, // framework word stripped, hint kept
		{"URLSession dataTask", "apple-docs://foundation/urlsession/datatask(with:)"},
		{"URLSession.dataTask(with:)", "apple-docs://foundation/urlsession/datatask(with:)"},
		{"padding(_:_:)", "apple-docs://swiftui/view/padding(_:_:)"},
		{"TextField editable text", "apple-docs://swiftui/textfield"}, // the name, not the lower-case "text"
		{"se actors", "swift-evolution://SE-0306"},
		{"actor isolation guarantees", "swift-evolution://SE-0306"}, // relaxed: "guarantees" is nowhere
	}
	e := openTestEngine(t)
	for _, cap := range []int{FullScoreCap, 1} {
		e.fullScoreCap = cap
		for _, tt := range tests {
			rs := mustSearch(t, e, tt.query, Filters{})
			if len(rs) == 0 || rs[0].URI != tt.top {
				t.Errorf("cap %d: %q top = %v, want %s", cap, tt.query, uris(rs), tt.top)
			}
		}
	}
	e.fullScoreCap = FullScoreCap
}

func TestSearchCrossSource(t *testing.T) {
	e := openTestEngine(t)
	// An exact HIG title is not buried under loose Apple matches.
	wantInTop(t, e, "Dark mode", "hig://dark-mode", 3)
	// Both exact "Color" pages lead; Apple's first by source weight.
	rs := mustSearch(t, e, "color", Filters{})
	if len(rs) < 2 || rs[0].URI != "apple-docs://swiftui/color" || rs[1].URI != "hig://color" {
		t.Errorf("color = %v", uris(rs))
	}
	// An identifier query stays in the symbol sources.
	for _, r := range mustSearch(t, e, "Color", Filters{}) {
		if r.Source == document.SourceHIG {
			t.Errorf("identifier query reached hig: %v", r.URI)
		}
	}
	// The archive joins every query but a bare API name, or any when asked.
	if rankOf(mustSearch(t, e, "Cocoa Bindings", Filters{}), "apple-archive://cocoa-bindings") == 0 {
		t.Error("prose query did not reach the archive")
	}
	if rankOf(mustSearch(t, e, "Bindings", Filters{}), "apple-archive://cocoa-bindings") != 0 {
		t.Error("identifier query reached the archive")
	}
	if rankOf(mustSearch(t, e, "Bindings", Filters{IncludeArchive: true}), "apple-archive://cocoa-bindings") == 0 {
		t.Error("IncludeArchive did not admit the archive")
	}
}

func TestSearchFilters(t *testing.T) {
	e := openTestEngine(t)
	for _, r := range mustSearch(t, e, "text", Filters{Framework: "SwiftUI"}) {
		if r.Framework != "swiftui" {
			t.Errorf("framework filter let through %s", r.URI)
		}
	}
	for _, r := range mustSearch(t, e, "actors", Filters{Sources: []string{"se"}}) {
		if r.Source != document.SourceSwiftEvolution {
			t.Errorf("source filter let through %s", r.URI)
		}
	}
	rs := mustSearch(t, e, "Text", Filters{MinIOS: "14.0"})
	if rankOf(rs, "apple-docs://swiftui/text") == 0 || rankOf(rs, "apple-docs://swiftui/text/scale") != 0 {
		t.Errorf("MinIOS 14.0 = %v: want Text (13.0) and not Text.Scale (15.0)", uris(rs))
	}
	if rs := mustSearch(t, e, "Text", Filters{Limit: 1}); len(rs) != 1 {
		t.Errorf("Limit 1 gave %d results", len(rs))
	}
	if _, err := e.Search(context.Background(), "Text", Filters{Framework: "SwiftIU"}); !errors.Is(err, ErrUnknownFramework) ||
		!strings.Contains(err.Error(), "list-frameworks") {
		t.Errorf("unknown framework error = %v", err)
	}
	if _, err := e.Search(context.Background(), `"*" ^ :`, Filters{}); !errors.Is(err, ErrEmptyQuery) {
		t.Errorf("empty query error = %v", err)
	}
}

func TestSearchAttributesAndExplain(t *testing.T) {
	e := openTestEngine(t)
	rs := mustSearch(t, e, "@MainActor", Filters{})
	if len(rs) == 0 || rs[0].URI != "apple-docs://swiftui/view" {
		t.Fatalf("@MainActor = %v, want the page declaring @MainActor first", uris(rs))
	}
	rs = mustSearch(t, e, "Task", Filters{})
	names := map[string]bool{}
	for _, f := range rs[0].Explain {
		names[f.Name] = true
	}
	for _, want := range []string{FactorBM25, FactorExactTitle, FactorFrameworkAuthority, FactorRRF, "tier"} {
		if !names[want] {
			t.Errorf("Task explain lacks %s: %s", want, rs[0].ExplainText())
		}
	}
	if rs[0].Availability["iOS"] != "13.0" {
		t.Errorf("availability = %v", rs[0].Availability)
	}
	for i := 1; i < len(rs); i++ {
		if rs[i].Score >= rs[i-1].Score {
			t.Errorf("scores not decreasing at %d: %v then %v", i, rs[i-1].Score, rs[i].Score)
		}
	}
	// Deprecated results carry the flag; asking for legacy lifts the penalty.
	rs = mustSearch(t, e, "deprecated NSURL", Filters{})
	if len(rs) == 0 || !rs[0].Deprecated {
		t.Errorf("deprecated NSURL = %v", uris(rs))
	}
}

func TestPackageSearch(t *testing.T) {
	rs, err := Search(context.Background(), indextest.Open(t, testFixture.build(t)), "Task", Filters{})
	if err != nil || len(rs) == 0 || rs[0].URI != "apple-docs://swift/task" {
		t.Fatalf("Search = %v, %v", uris(rs), err)
	}
}

// filepathTemp makes a directory for the shared fixture index; TestMain
// removes it when the test binary exits.
func filepathTemp() (string, error) { return os.MkdirTemp("", "ranker-fixture-") }

func TestMain(m *testing.M) {
	code := m.Run()
	for _, path := range []string{testFixture.path, scoringFixture.path} {
		if path != "" {
			os.RemoveAll(filepath.Dir(path))
		}
	}
	os.Exit(code)
}

// FuzzSearch runs arbitrary queries end to end on the fixture index: every
// expression the ranker builds from user text (relaxed ANDs, column filters,
// symbol intents) must parse, and nothing may panic.
func FuzzSearch(f *testing.F) {
	for _, seed := range []string{
		`"`, `NEAR(`, `*`, `se: "`, `@`, `@"x`, `@MainActor "`, `Sendable" conformance`, `conforms to "x`,
		`"Type" member(`, `URLSession.dataTask(with:`, `a.b.c.`, `SE-0306`, "proposal \x00", `actor type`,
		`async throws static public`, `generic where clause`, `hig: `, `Core Data stack`, `wifi`, "\xff",
		strings.Repeat("word ", 40), strings.Repeat("é", 300),
	} {
		f.Add(seed)
	}
	e := openTestEngine(f)
	f.Fuzz(func(t *testing.T, q string) {
		rs, err := e.Search(context.Background(), q, Filters{Limit: 5})
		if err != nil && !errors.Is(err, ErrEmptyQuery) {
			t.Fatalf("Search(%q): %v", q, err)
		}
		if len(rs) > 5 {
			t.Fatalf("Search(%q) returned %d results over the limit", q, len(rs))
		}
	})
}

// TestSeparateSourcesSearchedInTheirOwnTable: the sources whose pages are
// parts of wholes are found in parts_fts when asked for, a year keeps one
// year's sessions, and a request that does not ask for them is not
// answered with their files.
func TestSeparateSourcesSearchedInTheirOwnTable(t *testing.T) {
	e := openTestEngine(t)
	ctx := context.Background()
	res, err := e.Search(ctx, "vegetable beds grid", Filters{Sources: []string{"samples"}})
	if err != nil || len(res) == 0 || res[0].URI != "samples://swiftui-garden-planner" {
		t.Fatalf("samples search = %v, %v; want the project first", uris(res), err)
	}
	res, err = e.Search(ctx, "timeline provider", Filters{Year: 2023})
	if err != nil || len(res) != 1 || res[0].URI != "wwdc://2023/10002" {
		t.Errorf("year 2023 = %v, %v", uris(res), err)
	}
	res, err = e.Search(ctx, "garden planner", Filters{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.URI == "samples://swiftui-garden-planner/App/BedGrid.swift" {
			t.Errorf("a request that did not ask for sample code got its file: %v", uris(res))
		}
	}
	if len(res) == 0 || res[0].URI != "samples://swiftui-garden-planner" {
		t.Errorf("the project titled with every keyword joins the request: %v", uris(res))
	}
}

// TestSearchReadingsKeepTheReadingsOrder: the searches run side by side
// come back as each would alone, in the reading's order.
func TestSearchReadingsKeepTheReadingsOrder(t *testing.T) {
	e := openTestEngine(t)
	ctx := context.Background()
	r := Reading{Searches: reading.WordSearches("View", "Text", "NavigationStack", "List", "Button", "Image", "Toggle")}
	found, errs := e.searchAll(ctx, r.Searches[:maxReadSearches], Filters{Limit: 5}, nil, nil)
	if len(found) != maxReadSearches || len(errs) != maxReadSearches {
		t.Fatalf("%d results, %d errors; want %d of each", len(found), len(errs), maxReadSearches)
	}
	for i, q := range r.SearchTexts()[:maxReadSearches] {
		alone, err := e.searchText(ctx, q, Filters{Limit: 5}, nil)
		if !errors.Is(err, errs[i]) {
			t.Errorf("%s: error %v alone, %v side by side", q, err, errs[i])
		}
		if !slices.Equal(uris(alone), uris(found[i])) {
			t.Errorf("%s: %q alone, %q side by side", q, uris(alone), uris(found[i]))
		}
	}
}

// TestWholePagesRetryAfterACancelledRead: a first search cancelled while
// the whole pages are read leaves nothing cached; the next one reads them.
func TestWholePagesRetryAfterACancelledRead(t *testing.T) {
	e := openTestEngine(t)
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := e.wholePagesTitled(cancelled, []string{"samples"}, []string{"garden"}, 10); err == nil {
		t.Fatal("a cancelled read succeeded; the test cannot tell a cached failure")
	}
	pages, err := e.whole.list(context.Background(), e.store)
	if err != nil || len(pages) == 0 {
		t.Fatalf("after a cancelled read: %d whole pages, %v", len(pages), err)
	}
}
