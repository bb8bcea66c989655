package index

import (
	"context"
	"reflect"
	"testing"
)

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
