package index

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

func TestSplitListInvertsJoinList(t *testing.T) {
	for _, list := range [][]string{
		{"Content: View"},
		{"T: Hashable", "Element == Int"},
		{"T == ", " spaced ", ""}, // kept as stored, spaces and empty entries too
	} {
		if got := SplitList(JoinList(list)); !reflect.DeepEqual(got, list) {
			t.Errorf("SplitList(JoinList(%q)) = %q", list, got)
		}
	}
	if got := SplitList(""); got != nil {
		t.Errorf(`SplitList("") = %q, want nil`, got)
	}
}

func TestColumnOfPlatform(t *testing.T) {
	for name, want := range map[string]string{"iOS": "min_ios", " macos ": "min_macos", "VISIONOS": "min_visionos"} {
		if got, ok := ColumnOfPlatform(name); !ok || got != want {
			t.Errorf("ColumnOfPlatform(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	if got, ok := ColumnOfPlatform("Mac Catalyst"); ok {
		t.Errorf("Mac Catalyst has no column, got %q", got)
	}
}

func TestDocumentAnyCase(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	if _, err := s.Document(ctx, "swift-evolution://se-0306"); !errors.Is(err, ErrDocumentNotFound) {
		t.Fatalf("Document is exact about case: %v", err)
	}
	doc, err := s.DocumentAnyCase(ctx, "swift-evolution://se-0306")
	if err != nil || doc.URI != "swift-evolution://SE-0306" {
		t.Fatalf("DocumentAnyCase = %v, %v", doc, err)
	}
	if _, err := s.DocumentAnyCase(ctx, "swift-evolution://SE-9999"); !errors.Is(err, ErrDocumentNotFound) {
		t.Errorf("missing page: %v", err)
	}
}

func TestPageDeclarations(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	pd, err := s.PageDeclarations(ctx, "apple-docs://swiftui/view")
	if err != nil {
		t.Fatal(err)
	}
	if pd.Kind != "protocol" || !slices.Equal(pd.Attributes, []string{"MainActor", "preconcurrency"}) {
		t.Errorf("View: kind %q, attributes %q", pd.Kind, pd.Attributes)
	}
	// ContentView comes from a code example: no API of the page.
	if len(pd.Symbols) != 1 || pd.Symbols[0].Name != "View" {
		t.Errorf("View declares %+v, want the View symbol alone", pd.Symbols)
	}
	text, err := s.PageDeclarations(ctx, "apple-docs://swiftui/text")
	if err != nil || len(text.ConformsTo) != 2 || text.ConformsTo[0].Title != "View" {
		t.Errorf("Text conforms to %+v, %v", text.ConformsTo, err)
	}
	if _, err := s.PageDeclarations(ctx, "apple-docs://swiftui/nothing"); !errors.Is(err, ErrDocumentNotFound) {
		t.Errorf("missing page: %v", err)
	}
}

func TestCountsAndRows(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	if n, err := s.CountDocuments(ctx, "swiftui"); err != nil || n != 5 {
		t.Errorf("CountDocuments(swiftui) = %d, %v; want 5", n, err)
	}
	if n, err := s.CountDocuments(ctx, ""); err != nil || n != 1 {
		t.Errorf("CountDocuments(\"\") = %d, %v; want 1 (the proposal)", n, err)
	}
	for table, want := range map[string]bool{"docs": true, "doc_symbols": true, "inheritance_edges": true} {
		if got, err := s.HasRows(ctx, table); err != nil || got != want {
			t.Errorf("HasRows(%s) = %v, %v", table, got, err)
		}
	}
	if _, err := s.HasRows(ctx, "docs; DROP TABLE docs"); err == nil {
		t.Error("HasRows took a table it does not know")
	}
	if n, err := s.NaiveSearch(ctx, `"padding"`); err != nil || n < 2 {
		t.Errorf(`NaiveSearch("padding") = %d, %v; want the method and the article`, n, err)
	}
}

func TestSearchText(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	uris := func(q TextQuery) []string {
		t.Helper()
		q.Limit = 20
		hits, err := s.SearchText(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, h := range hits {
			out = append(out, h.URI)
		}
		return out
	}
	if got := uris(TextQuery{Match: `"view"`, TitleLower: "view"}); len(got) < 3 || got[0] != "apple-docs://swiftui/view" {
		t.Errorf("view: %q, want the View page first", got)
	}
	if got := uris(TextQuery{Match: `"actors"`, ExcludeSource: "swift-evolution"}); len(got) != 0 {
		t.Errorf("excluded source still found: %q", got)
	}
	if got := uris(TextQuery{Match: `"actors"`, Sources: []string{"swift-evolution"}, ExcludeSource: "swift-evolution"}); len(got) != 1 {
		t.Errorf("Sources wins over ExcludeSource: %q", got)
	}
	// LazyVGrid is iOS 14: not available by iOS 13.
	if got := uris(TextQuery{Match: `"view"`, AvailableBy: map[string]string{"iOS": "13.0"}}); slices.Contains(got, "apple-docs://swiftui/lazyvgrid") {
		t.Errorf("iOS 13 kept an iOS 14 page: %q", got)
	}
	if got := uris(TextQuery{Match: `"view"`, Kind: "STRUCT"}); !slices.Contains(got, "apple-docs://swiftui/lazyvgrid") || slices.Contains(got, "apple-docs://swiftui/view") {
		t.Errorf("kind struct: %q", got)
	}
	hits, err := s.SearchText(ctx, TextQuery{Match: `"view"`, TitleLower: "view", Limit: 1})
	if err != nil || len(hits) != 1 {
		t.Fatalf("limit 1: %+v, %v", hits, err)
	}
	want := map[string]string{"iOS": "13.0", "macOS": "10.15", "visionOS": "1.0"}
	if !reflect.DeepEqual(hits[0].Introduced, want) || hits[0].Rank >= 0 {
		t.Errorf("View hit: introduced %v, rank %v", hits[0].Introduced, hits[0].Rank)
	}
}

func TestSearchSymbols(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	rows, err := s.SearchSymbols(ctx, SymbolQuery{Constraint: "View"})
	if err != nil || len(rows) != 1 || rows[0].Name != "LazyVGrid" || !slices.Equal(rows[0].Matched, []string{"Content: View"}) {
		t.Errorf("constraint View: %+v, %v", rows, err)
	}
	rows, err = s.SearchSymbols(ctx, SymbolQuery{AnyWord: []string{"nonisolated"}, AnyWordIn: []SymbolColumn{SymbolAttributes}})
	if err != nil || len(rows) != 1 || rows[0].Name != "padding" {
		t.Errorf("nonisolated attribute: %+v, %v", rows, err)
	}
	async := true
	rows, err = s.SearchSymbols(ctx, SymbolQuery{Async: &async})
	if err != nil || len(rows) != 1 || rows[0].Name != "dataTask" || !rows[0].IsThrows {
		t.Errorf("async: %+v, %v", rows, err)
	}
	// The FTS expressions are parameters of unchanged queries: their text
	// is part of what must not drift.
	if got := ftsAny([]SymbolColumn{SymbolSignature}, "isolated"); got != `signature : ("isolated")` {
		t.Errorf("one column: %s", got)
	}
	if got := ftsAny([]SymbolColumn{SymbolName, SymbolSignature}, "Task", `Ta"sk`); got != `{name signature} : ("Task" OR "Task")` {
		t.Errorf("two columns: %s", got)
	}
}

func TestTypes(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	conformers, total, err := s.Conformers(ctx, "View", "", 10)
	if err != nil || total != 2 || len(conformers) != 2 {
		t.Fatalf("conformers of View: %+v, %d, %v", conformers, total, err)
	}
	types, err := s.ResolveType(ctx, "text", "swiftui")
	if err != nil || len(types) != 1 || types[0].URI != "apple-docs://swiftui/text" {
		t.Fatalf("resolve text: %+v, %v", types, err)
	}
	up, err := s.Inheritance(ctx, types[0], true, 3, 10)
	if err != nil || up.Conformances != 2 || len(up.Edges) != 2 {
		t.Errorf("Text up: %+v, %v", up, err)
	}
}

func TestLatestEnrichRuns(t *testing.T) {
	path := buildFixture(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, run := range [][]any{
		{"synonyms", "1", 10, 5, "2025-01-01T00:00:00Z"},
		{"synonyms", "2", 0, 4, "2025-02-01T00:00:00Z"},
		{"hierarchy", "1", 3, 7, "2025-01-15T00:00:00Z"},
	} {
		if _, err := db.Exec("INSERT INTO enrich_runs(pass, version, rows_touched, millis, ran_at) VALUES (?,?,?,?,?)", run...); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	runs, err := openStore(t, path).LatestEnrichRuns(context.Background())
	want := []EnrichRun{{"synonyms", "2", 0, 4, "2025-02-01T00:00:00Z"}, {"hierarchy", "1", 3, 7, "2025-01-15T00:00:00Z"}}
	if err != nil || !reflect.DeepEqual(runs, want) {
		t.Errorf("runs = %+v, %v; want %+v", runs, err, want)
	}
}

func TestNameLookup(t *testing.T) {
	l := openLookup(t, buildFixture(t))
	pages, err := l.Pages("Padding")
	if err != nil || len(pages) != 1 {
		t.Fatalf("padding: %+v, %v", pages, err)
	}
	p := pages[0]
	if p.Title != "padding(_:_:)" || p.ParentTitle != "View" || p.ParentKind != "protocol" ||
		!reflect.DeepEqual(p.Introduced, map[string]int{"iOS": 130000, "tvOS": 130000, "watchOS": 60000}) || len(p.Platforms()) != 3 {
		t.Errorf("padding page = %+v", p)
	}
	if briefs, err := l.Briefs("Padding"); err != nil || len(briefs) != 1 || !reflect.DeepEqual(briefs[0], NamedPage{Title: p.Title, Kind: p.Kind, URI: p.URI, Language: p.Language}) {
		t.Errorf("padding's briefs: %+v, %v", briefs, err)
	}
	if pages, _ := l.Pages("actors"); len(pages) != 0 {
		t.Errorf("only Apple documentation answers: %+v", pages)
	}
}

// TestObjCNamed: a page is found by its symbol's Objective-C name of
// several words, never by a Swift name's part or a one-word name.
func TestObjCNamed(t *testing.T) {
	l := openLookup(t, buildFixture(t))
	ctx := context.Background()
	if got, err := l.ObjCNamed(ctx, "NSURLSession"); err != nil || len(got) != 1 || got[0].URI != "apple-docs://foundation/urlsession" || got[0].Title != "URLSession" {
		t.Errorf("NSURLSession: %+v, %v", got, err)
	}
	for _, name := range []string{"Session", "URLSession", "nsurlsessionx"} {
		if got, err := l.ObjCNamed(ctx, name); err != nil || len(got) != 0 {
			t.Errorf("%s names %+v, %v", name, got, err)
		}
	}
}

func TestNameLookupRefusesWrites(t *testing.T) {
	l := openLookup(t, buildFixture(t))
	if _, err := l.db.Exec(`DELETE FROM docs`); err == nil {
		t.Error("the lookup's connection accepted a write")
	}
}

func TestNameLookupNeedsADocsTable(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	alterDB(t, path, "CREATE TABLE notes(body TEXT)")
	if _, err := OpenNameLookup(path); !errors.Is(err, ErrNoDocsTable) {
		t.Errorf("open a non-index: %v, want ErrNoDocsTable", err)
	}
}

// TestTrainingReads: the fitter's reads stream the pages with abstracts of
// the sources asked for, in id order, and the code and section reads are
// valid SQL on the schema (the fixture has no code files or passages).
func TestTrainingReads(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	var uris []string
	var last int64
	err := s.EachTrainingPage(ctx, []string{"apple-docs"}, func(p TrainingPage) error {
		if p.ID <= last || p.Summary == "" || p.Source != "apple-docs" {
			t.Errorf("page %+v after id %d", p, last)
		}
		last = p.ID
		uris = append(uris, p.URI)
		return nil
	})
	mustNoErr(t, err)
	if !slices.Contains(uris, "apple-docs://foundation/urlsession") || slices.Contains(uris, "swift-evolution://SE-0306") {
		t.Errorf("apple-docs pages with abstracts: %v", uris)
	}
	mustNoErr(t, s.EachTrainingPage(ctx, nil, func(TrainingPage) error { t.Error("no sources, no pages"); return nil }))
	mustNoErr(t, s.EachCodeRef(ctx, "call", func(CodeRef) error { return nil }))
	_, err = s.SectionHeadings(ctx, "swift-book")
	mustNoErr(t, err)
}
