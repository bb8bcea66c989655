package index

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// bm25Words are the generated pages' vocabulary: a few words in most pages
// (so that their IDF is the floor), the rest rarer.
var bm25Words = strings.Fields("view app data present presenting sheet modal navigation stack list " +
	"button toggle image text font color animation gesture scroll grid layout alignment padding " +
	"frame state binding observable environment task async await actor sendable")

// bm25Fixture builds an index of n generated pages whose words follow a
// skewed distribution, with titles, summaries, symbols and bodies.
func bm25Fixture(t testing.TB, n int) string {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		// Squared: the first words are far more common.
		f := r.Float64()
		return bm25Words[int(f*f*float64(len(bm25Words)))]
	}
	words := func(k int) string {
		w := make([]string, k)
		for i := range w {
			w[i] = word()
		}
		return strings.Join(w, " ")
	}
	b, dbPath := newBuilder(t)
	for i := range n {
		title := words(1 + r.IntN(3))
		doc := &document.Document{
			URI: fmt.Sprintf("apple-docs://swiftui/page%d", i), Source: document.SourceAppleDocs, Framework: "swiftui",
			Title: title, Kind: "article", Language: "swift", Abstract: words(5 + r.IntN(10)),
			Content: words(20 + r.IntN(200)), Markdown: "# " + title + "\n",
			Symbols: []document.Symbol{{Name: strings.ReplaceAll(strings.Title(words(2)), " ", ""), Kind: "struct", Origin: "declaration"}}, //nolint:staticcheck // ASCII words
		}
		if i%7 == 0 {
			doc.Source, doc.URI = document.SourceSwiftBook, fmt.Sprintf("swift-book://chapter%d", i)
		}
		if err := b.Put(doc); err != nil {
			t.Fatalf("put: %v", err)
		}
	}
	if err := b.Commit(context.Background()); err != nil {
		t.Fatalf("commit: %v", err)
	}
	return dbPath
}

// bm25Expressions are expressions of every shape the ranker writes and some
// it does not: terms, AND, OR, NOT, phrases, prefixes, column filters
// (nested), NEAR and initial tokens.
var bm25Expressions = []string{
	`"view"`, `"sheet"`, `"present" AND "sheet"`, `("present" OR "presenting") AND "sheet"`,
	`"app" AND "data" AND "sendable"`, `{title symbols symbol_components} : (("view"))`,
	`{title summary symbols symbol_components} : (("view" AND "app"))`, `"modal sheet"`, `"pres"*`,
	`"view" NOT "app"`, `NEAR("async" "await", 5)`, `title : ^"view"`, `{title} : "grid" OR {summary} : "grid"`,
	`{title summary} : ({summary content} : "layout")`, `"animation" OR "gesture" OR "scroll"`,
	`"actor" AND ("task" OR "async")`, `"nosuchword"`, `"view" AND "nosuchword"`,
}

// TestCachedBM25IsFTS5s checks the read pool's bm25 against FTS5's own, bit
// for bit, on every matching row of every expression, twice (the second
// time with the document frequencies kept), over the whole table and over a
// rowid span, under the page table's weights and none.
func TestCachedBM25IsFTS5s(t *testing.T) {
	path := bm25Fixture(t, 400)
	exprs := bm25Expressions
	compareBM25(t, path, FTSTable, exprs)
	if full := os.Getenv("CUPERTINO_DB"); full != "" {
		compareBM25(t, full, FTSTable, append(exprs, realBM25Expressions...))
		compareBM25(t, full, PartsFTSTable, exprs)
		compareBM25(t, full, PassageFTSTable, exprs[:3])
	}
}

// realBM25Expressions are expressions the ranker ran for real queries.
var realBM25Expressions = []string{
	`"App" AND "icon"`, `("make" OR "maker") AND "type" AND "Sendable"`, `"Observable" AND "invalidate" AND "views"`,
	`{title symbols symbol_components} : (("audio"))`, `{title summary symbols symbol_components} : (("media"))`,
	`"async" AND "let" AND "semantics"`, `"desktop-class" AND "iPad"`,
}

func compareBM25(t *testing.T, path, table string, exprs []string) {
	t.Helper()
	st := openStore(t, path)
	plain, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: mustAbs(t, path)}).String()+"?mode=ro&immutable=1")
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	ctx := context.Background()
	weights := []string{"bm25(" + table + ")"}
	if w := searchTables[table]; w != "" {
		weights = append(weights, w)
	}
	for _, w := range weights {
		for _, span := range []string{"", " AND rowid BETWEEN 50 AND 150"} {
			q := `SELECT rowid, ` + w + ` FROM ` + table + ` WHERE ` + table + ` MATCH ?` + span
			for _, expr := range exprs {
				want := bm25Scores(t, ctx, plain, q, expr)
				for round := range 2 {
					got := bm25Scores(t, ctx, st.db, q, expr)
					if len(got) != len(want) {
						t.Fatalf("%s %s round %d: %d rows, FTS5 %d", table, expr, round, len(got), len(want))
					}
					for id, s := range want {
						if math.Float64bits(got[id]) != math.Float64bits(s) {
							t.Fatalf("%s %s%s round %d: row %d scores %v, FTS5's bm25 %v", table, expr, span, round, id, got[id], s)
						}
					}
				}
			}
		}
	}
	if st.freq.registered.Load() == 0 {
		t.Fatal("no connection of the read pool has the kept-frequency bm25")
	}
}

func bm25Scores(t *testing.T, ctx context.Context, db *sql.DB, query, expr string) map[int64]float64 {
	t.Helper()
	rows, err := db.QueryContext(ctx, query, expr)
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	defer rows.Close()
	out := map[int64]float64{}
	for rows.Next() {
		var id int64
		var s float64
		if err := rows.Scan(&id, &s); err != nil {
			t.Fatal(err)
		}
		out[id] = s
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return out
}

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestCachedBM25KeepsFrequencies checks that the frequencies are kept per
// phrase and column filter: a second statement of the same phrases counts
// nothing new, and another column filter is another key.
func TestCachedBM25KeepsFrequencies(t *testing.T) {
	st := openStore(t, bm25Fixture(t, 100))
	ctx := context.Background()
	run := func(expr string) {
		t.Helper()
		rows, err := st.db.QueryContext(ctx, `SELECT bm25(docs_fts) FROM docs_fts WHERE docs_fts MATCH ?`, expr)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
		}
		rows.Close()
	}
	kept := func() int {
		st.freq.mu.RLock()
		defer st.freq.mu.RUnlock()
		return len(st.freq.m)
	}
	run(`"view" AND "app"`)
	if n := kept(); n != 2 {
		t.Fatalf("kept %d frequencies after two phrases, want 2", n)
	}
	run(`"app" AND "view"`)
	if n := kept(); n != 2 {
		t.Fatalf("kept %d after the same phrases again, want 2", n)
	}
	run(`{title} : "view"`)
	if n := kept(); n != 3 {
		t.Fatalf("kept %d after a column filter, want 3", n)
	}
	// A statement's state goes when the statement ends.
	live := 0
	bm25Statements.Range(func(any, any) bool { live++; return true })
	if live != 0 {
		t.Fatalf("%d statements' states left after their statements ended", live)
	}
}
