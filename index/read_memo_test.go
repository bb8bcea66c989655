package index

import (
	"context"
	"database/sql"
	"reflect"
	"testing"
)

// addPage writes one more Apple page, with its symbol name, into the
// index at path behind an open NameLookup's back, so that a test can tell
// what the lookup reads again from what it holds.
func addPage(t *testing.T, path, uri, title, parent string) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`INSERT INTO docs(uri, source, framework, title, title_lower, kind, parent_uri) VALUES (?, 'apple-docs', 'swiftui', ?, lower(?), 'property', ?)`,
		uri, title, title, parent)
	if err != nil {
		t.Fatal(err)
	}
	id, _ := res.LastInsertId()
	if _, err := db.Exec(`INSERT INTO symbol_names(name_lower, doc_id) VALUES (lower(?), ?)`, title, id); err != nil {
		t.Fatal(err)
	}
}

// TestNameLookupHoldsItsNameList: the symbol names are read once (in the
// background, started by the first read), and then a name not among them is answered from memory, by Pages and GraphNamed
// alike, without a read (a project's own names were two reads in five of a
// cold verify call); a name among them is read.
func TestNameLookupHoldsItsNameList(t *testing.T) {
	path := buildFixture(t)
	l := openLookup(t, path)
	if pages, err := l.Pages("padding"); err != nil || len(pages) == 0 {
		t.Fatalf("Pages(padding) = %+v, %v", pages, err)
	}
	// The first read started the names' read in the background.
	if _, err := l.Names(context.Background()); err != nil {
		t.Fatal(err)
	}
	addPage(t, path, "apple-docs://swiftui/view/freshname", "freshName", "apple-docs://swiftui/view")
	if pages, err := l.Pages("freshName"); err != nil || len(pages) != 0 {
		t.Errorf("Pages(freshName) = %+v, %v: read again although the held list lacks the name", pages, err)
	}
	if pages, err := l.GraphNamed(context.Background(), "freshName"); err != nil || len(pages) != 0 {
		t.Errorf("GraphNamed(freshName) = %+v, %v: read again although the held list lacks the name", pages, err)
	}
	fresh := openLookup(t, path)
	if pages, err := fresh.Pages("freshName"); err != nil || len(pages) != 1 {
		t.Errorf("a new lookup's Pages(freshName) = %+v, %v, want the page", pages, err)
	}
	if has, err := fresh.HasName("freshname"); err != nil || !has {
		t.Errorf("HasName(freshname) = %v, %v", has, err)
	}
}

// TestGraphContainersSkipsAddressesNothingSitsUnder: an address whose last
// segment no page parent or Topics entry has is not read once the segments
// are (in the background, started by the first read); one that some page
// sits under still is, and so is every address before they are.
func TestGraphContainersSkipsAddressesNothingSitsUnder(t *testing.T) {
	path := buildFixture(t)
	l := openLookup(t, path)
	ctx := context.Background()
	if cs, err := l.GraphContainers(ctx, []string{"apple-docs://swiftui/view"}); err != nil || len(cs["apple-docs://swiftui/view"]) != 1 {
		t.Fatalf("GraphContainers(view) = %+v, %v", cs, err)
	}
	// The first read started the segments' read in the background.
	<-l.segmentSet().done
	addPage(t, path, "apple-docs://swiftui/freshtype/member", "member", "apple-docs://swiftui/freshtype")
	if cs, err := l.GraphContainers(ctx, []string{"apple-docs://swiftui/freshtype"}); err != nil || len(cs) != 0 {
		t.Errorf("GraphContainers(freshtype) = %+v, %v: read although no segment held is freshtype", cs, err)
	}
	fresh := openLookup(t, path)
	if cs, err := fresh.GraphContainers(ctx, []string{"apple-docs://swiftui/freshtype"}); err != nil || len(cs["apple-docs://swiftui/freshtype"]) != 1 {
		t.Errorf("a new lookup's GraphContainers(freshtype) = %+v, %v, want the container", cs, err)
	}
}

// TestNameLookupPreparesEachFixedReadOnce: the reads whose text is fixed
// are prepared once, whatever name they are asked about (parsing the SQL
// was a fifth of a verify call's CPU).
func TestNameLookupPreparesEachFixedReadOnce(t *testing.T) {
	l := openLookup(t, buildFixture(t))
	ctx := context.Background()
	for _, name := range []string{"padding", "View", "Text"} {
		if _, err := l.Pages(name); err != nil {
			t.Fatal(err)
		}
		if _, err := l.GraphNamed(ctx, name); err != nil {
			t.Fatal(err)
		}
		if _, err := l.MentionedPages(ctx, name, 2); err != nil {
			t.Fatal(err)
		}
	}
	l.stmts.mu.Lock()
	prepared := len(l.stmts.stmts)
	l.stmts.mu.Unlock()
	// Pages, GraphNamed, and one full-text read per table the mentions
	// search (docs_fts for two sources, parts_fts).
	if want := 4; prepared != want {
		t.Errorf("%d statements prepared for three names, want %d (one per read)", prepared, want)
	}
}

// The docs rows a search reads are kept per Store (a read-only index never
// changes them): a second read, answered from the cache, gives the same
// rows, and ScorePages keeps its matches' rank order with rows from it.
func TestPageRowsFromTheCacheEqualTheIndexRows(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	collect := func() map[int64]PageRow {
		var ids []int64
		for id := int64(1); id <= 10; id++ {
			ids = append(ids, id)
		}
		out := map[int64]PageRow{}
		if err := s.EachPageRow(ctx, ids, func(p *PageRow) error { out[p.ID] = *p; return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	first := collect()
	if len(first) == 0 {
		t.Fatal("no rows read from the fixture")
	}
	if n := s.rows.Len(); n != len(first) {
		t.Errorf("cache holds %d rows after reading %d", n, len(first))
	}
	if again := collect(); !reflect.DeepEqual(first, again) {
		t.Errorf("rows from the cache differ:\nfirst %+v\nagain %+v", first, again)
	}

	score := func() (ranks []float64, uris []string) {
		err := s.ScorePages(ctx, FTSTable, `"view"`, RowSpan{}, 10, func(rank float64, p *PageRow) error {
			ranks, uris = append(ranks, rank), append(uris, p.URI)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return ranks, uris
	}
	ranks, uris := score()
	if len(uris) < 2 {
		t.Fatalf("ScorePages found %d pages for view, want several", len(uris))
	}
	for i := 1; i < len(ranks); i++ {
		if ranks[i] < ranks[i-1] {
			t.Errorf("ScorePages out of rank order at %d: %v", i, ranks)
		}
	}
	if r2, u2 := score(); !reflect.DeepEqual(uris, u2) || !reflect.DeepEqual(ranks, r2) {
		t.Errorf("second ScorePages differs: %v %v, then %v %v", uris, ranks, u2, r2)
	}
}

// Lookups by title or name are kept per Store; each caller gets its own
// slice, and a different argument is a different answer.
func TestLookupAnswersAreKeptAndCopied(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	first, err := s.ExactTitleIDs(ctx, "view", 10)
	if err != nil || len(first) != 1 {
		t.Fatalf("ExactTitleIDs(view) = %v, %v; want one page", first, err)
	}
	want := first[0]
	first[0] = -1
	again, err := s.ExactTitleIDs(ctx, "view", 10)
	if err != nil || len(again) != 1 || again[0] != want {
		t.Errorf("second ExactTitleIDs(view) = %v, %v; want [%d]", again, err, want)
	}
	if other, _ := s.ExactTitleIDs(ctx, "vie", 10); len(other) != 0 {
		t.Errorf("ExactTitleIDs(vie) = %v, want none (an answer kept for another title)", other)
	}
	if s.lookups.Len() != 2 {
		t.Errorf("lookup cache holds %d answers, want 2", s.lookups.Len())
	}
}

// An address's page, or the index's lack of one, is looked up once.
func TestAddressesAreLookedUpOnce(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	for range 2 {
		id, kind, found, err := s.PageIDKind(ctx, "apple-docs://swiftui/view")
		if err != nil || !found || id == 0 || kind != "protocol" {
			t.Fatalf("PageIDKind(view) = %d %q %v %v", id, kind, found, err)
		}
		if id2, found2, err := s.PageID(ctx, "apple-docs://swiftui/view"); err != nil || !found2 || id2 != id {
			t.Fatalf("PageID(view) = %d %v %v, want %d", id2, found2, err, id)
		}
		if _, found, err := s.PageID(ctx, "apple-docs://swiftui/nothing"); err != nil || found {
			t.Fatalf("PageID(nothing) found %v, %v", found, err)
		}
	}
	if n := s.addresses.Len(); n != 2 {
		t.Errorf("address cache holds %d entries, want 2", n)
	}
}

// Two lookups of one name whose statements differ but whose arguments do
// not (a kind filter, a source filter) are kept apart.
func TestLookupAnswersAreKeptByStatement(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	byKind, err := s.FilteredTitleIDs(ctx, PageFilter{Kinds: []string{"protocol"}}, []string{"view"}, 10)
	if err != nil || len(byKind) == 0 {
		t.Fatalf("kind protocol titled view = %v, %v; want View", byKind, err)
	}
	bySource, err := s.FilteredTitleIDs(ctx, PageFilter{Sources: []string{"protocol"}}, []string{"view"}, 10)
	if err != nil || len(bySource) != 0 {
		t.Errorf("source protocol titled view = %v, %v; want none (the kind filter's answer)", bySource, err)
	}
}

// TestMatchCountsAreKept: a count is read from the index once; the second
// asking answers from the cache (planted here with a figure only the cache
// could give), and another table, span or limit is another answer.
func TestMatchCountsAreKept(t *testing.T) {
	s := openFixture(t)
	ctx := context.Background()
	expr := `"view"`
	n, err := s.CountMatches(ctx, FTSTable, expr, RowSpan{}, 1000)
	if err != nil || n == 0 {
		t.Fatalf("count of view = %d, %v; the fixture has pages holding it", n, err)
	}
	s.counts.Put(countKey{table: FTSTable, expr: expr, limit: 1000}, n+1000)
	if again, err := s.CountMatches(ctx, FTSTable, expr, RowSpan{}, 1000); err != nil || again != n+1000 {
		t.Errorf("second count = %d, %v; want the kept %d", again, err, n+1000)
	}
	if capped, err := s.CountMatches(ctx, FTSTable, expr, RowSpan{}, 1); err != nil || capped != 1 {
		t.Errorf("count up to 1 = %d, %v; want 1 (another limit, another answer)", capped, err)
	}
	if spanned, err := s.CountMatches(ctx, FTSTable, expr, RowSpan{Lo: 1, Hi: 1 << 40}, 1000); err != nil || spanned != n {
		t.Errorf("count over every id = %d, %v; want %d (another span, another answer)", spanned, err, n)
	}
}
