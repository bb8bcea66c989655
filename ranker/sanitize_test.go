package ranker

import (
	"database/sql"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	_ "modernc.org/sqlite"
)

// ftsTable opens an in-memory FTS5 table with docs_fts's columns and
// tokenizer, holding a few rows, once per test process.
var ftsTable = sync.OnceValues(func() (*sql.DB, error) {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1) // one connection: each :memory: connection is its own database
	_, err = db.Exec(`CREATE VIRTUAL TABLE docs_fts USING fts5(
		uri, source, framework, language, title, content, summary, symbols, symbol_components,
		tokenize='porter unicode61 remove_diacritics 2');
	INSERT INTO docs_fts(title, content, symbols) VALUES
		('padding(_:_:)', 'Adds padding to the view', 'padding'),
		('URLSession', 'An object that coordinates tasks', 'URLSession dataTask'),
		('Codable', 'A type that can convert itself', 'Codable');`)
	return db, err
})

// matchCount runs expr as a MATCH against the test table.
func matchCount(t testing.TB, expr string) (int, error) {
	t.Helper()
	db, err := ftsTable()
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = db.QueryRow(`SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?`, expr).Scan(&n)
	return n, err
}

func TestSanitize(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{in: "padding(_:_:)", want: `"padding(_:_:)"`},
		{in: `say "hi"`, want: `"say" """hi"""`},
		{in: `NEAR(a b)`, want: `"NEAR(a" "b)"`},
		{in: `a AND b OR NOT c`, want: `"a" "AND" "b" "OR" "NOT" "c"`},
		{in: `title:View ^Text Swift*`, want: `"title:View" "^Text" "Swift*"`},
		{in: "  URLSession\tdataTask\n", want: `"URLSession" "dataTask"`},
		{in: "a\x00b\x1fc", want: `"a" "b" "c"`},
		{in: "é ü", want: `"é" "ü"`},
		{in: `* ^ : ( ) + - "" NEAR(`, want: `"NEAR("`},
		{in: `* ^ : ( ) + - ""`, err: ErrEmptyQuery},
		{in: "", err: ErrEmptyQuery},
		{in: "\x00\x01\x02", err: ErrEmptyQuery},
	}
	for _, tt := range tests {
		got, err := Sanitize(tt.in)
		if !errors.Is(err, tt.err) {
			t.Errorf("Sanitize(%q) error = %v, want %v", tt.in, err, tt.err)
			continue
		}
		if got != tt.want {
			t.Errorf("Sanitize(%q) = %s, want %s", tt.in, got, tt.want)
		}
		if err == nil {
			if _, err := matchCount(t, got); err != nil {
				t.Errorf("Sanitize(%q) = %s does not parse: %v", tt.in, got, err)
			}
		}
	}
}

func TestSanitizeBounds(t *testing.T) {
	many := strings.Repeat("word ", 40)
	if got := Terms(many); len(got) != MaxQueryTerms {
		t.Errorf("Terms of 40 words = %d terms, want %d", len(got), MaxQueryTerms)
	}
	huge := strings.Repeat("é", 100_000) // 200 kB, two bytes a rune
	out, err := Sanitize(huge)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) > MaxQueryBytes+2 {
		t.Errorf("Sanitize of 200 kB = %d bytes, want at most %d", len(out), MaxQueryBytes+2)
	}
	if !strings.HasPrefix(out, `"é`) || !strings.HasSuffix(out, `é"`) {
		t.Errorf("byte bound split a rune: %q…", out[:8])
	}
}

func TestQuotedTermsFindPunctuatedTitles(t *testing.T) {
	if _, err := matchCount(t, "padding(_:_:)"); err == nil {
		t.Fatal("unquoted selector parsed; the test no longer shows why quoting is needed")
	}
	for in, want := range map[string]int{
		"padding(_:_:)":        1,
		"URLSession.dataTask":  1, // the phrase "urlsession datatask", adjacent in symbols
		"dataTask.URLSession":  0, // same tokens, wrong order
		"urlsession datatask":  1,
		"codable types":        1, // porter: "types" matches "type"
		"codable pineapple":    0, // implicit AND
		"coordinates (tasks)!": 1,
	} {
		expr, err := Sanitize(in)
		if err != nil {
			t.Fatal(err)
		}
		n, err := matchCount(t, expr)
		if err != nil || n != want {
			t.Errorf("MATCH %s = %d, %v; want %d", expr, n, err, want)
		}
	}
	n, err := matchCount(t, MatchColumns([]string{"title", "symbols"}, MatchAny([]string{"Codable", "dataTask"})))
	if err != nil || n != 2 {
		t.Errorf("column-restricted OR = %d, %v; want 2", n, err)
	}
	n, err = matchCount(t, MatchPrefix("Cod"))
	if err != nil || n != 1 {
		t.Errorf("prefix = %d, %v; want 1", n, err)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, seed := range []string{
		`"`, `""`, `"""`, `a"b`, `"unbalanced`, `NEAR(a b, 3)`, `NEAR(`, `a NEAR b`, `*`, `a*`, `*a`,
		`title:x`, `{title content}: x`, `:`, `^a`, `a ^ b`, `(a OR b) AND NOT c`, `((((`, `))`, `+a -b`,
		`- title : x`, "a\x00b", "\x00", "\x7f\x1b[31m", "\u2028\u2029", "\xff\xfe", `padding(_:_:)`,
		`init(from:)`, `==(_:_:)`, `@MainActor view`, `se: actors`, `URLSession.dataTask(with:completionHandler:)`,
		"日本語 テキスト", "🙂 emoji", "e\u0301", "\ue000", strings.Repeat("x", 100_000),
		strings.Repeat(`"a" `, 5000), strings.Repeat("NEAR( ", 3000),
	} {
		f.Add(seed)
	}
	fw := NewFrameworks(testAliases)
	f.Fuzz(func(t *testing.T, s string) {
		terms := Terms(s)
		if len(terms) > MaxQueryTerms {
			t.Fatalf("%d terms", len(terms))
		}
		out, err := Sanitize(s)
		if (err != nil) != (len(terms) == 0) {
			t.Fatalf("Sanitize error %v with %d terms", err, len(terms))
		}
		if err != nil {
			if !errors.Is(err, ErrEmptyQuery) {
				t.Fatalf("unexpected error %v", err)
			}
		} else {
			for _, r := range out {
				if unicode.IsControl(r) {
					t.Fatalf("control character %U in %q", r, out)
				}
			}
			for _, expr := range []string{out, MatchAny(terms), MatchColumns([]string{"title", "symbols"}, out), MatchPrefix(terms[0])} {
				if _, err := matchCount(t, expr); err != nil {
					t.Fatalf("MATCH %q from %q: %v", expr, s, err)
				}
			}
		}
		q, err := Parse(s, fw)
		if err == nil && len(q.Terms) > 0 {
			if _, err := matchCount(t, MatchAll(q.Terms)); err != nil {
				t.Fatalf("parsed terms %q: %v", q.Terms, err)
			}
		}
	})
}

// TestLongTermsStayCheap: a term of hundreds of tokens (`a.` × 250 is one
// term to the white-space split) is quoted as a phrase of its first
// MaxTermTokens tokens, so FTS5 spends on it what it spends on a normal
// phrase; shorter terms, the batteries' longest among them, stay whole.
func TestLongTermsStayCheap(t *testing.T) {
	for _, term := range []string{"padding(_:_:)", "URLSession.dataTask", "é.ü",
		"frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)"} {
		if got, want := Quote(term), `"`+term+`"`; got != want {
			t.Errorf("Quote(%q) = %s, want it whole", term, got)
		}
	}
	long := strings.Repeat("a.", 250)
	if got, want := Quote(long), `"`+strings.Repeat("a.", MaxTermTokens)+`"`; got != want {
		t.Errorf("Quote(a. × 250) = %.40s…, want %s", got, want)
	}

	// What that costs: rows full of the word make FTS5 walk every copy's
	// positions in every row, once per token of the phrase.
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.Exec(`CREATE VIRTUAL TABLE docs_fts USING fts5(content, tokenize='porter unicode61 remove_diacritics 2')`); err != nil {
		t.Fatal(err)
	}
	row := strings.Repeat("a word a text a b ", 40)
	if _, err := db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 3000)
		INSERT INTO docs_fts(content) SELECT ? FROM n`, row); err != nil {
		t.Fatal(err)
	}
	cost := func(query string) time.Duration {
		expr, err := Sanitize(query)
		if err != nil {
			t.Fatal(err)
		}
		best := time.Duration(1 << 62)
		for range 3 {
			started := time.Now()
			var n int
			if err := db.QueryRow(`SELECT count(*) FROM docs_fts WHERE docs_fts MATCH ?`, expr).Scan(&n); err != nil {
				t.Fatal(err)
			}
			best = min(best, time.Since(started))
		}
		return best
	}
	normal, hostile := cost(strings.Repeat("a.", MaxTermTokens)), cost(long)
	t.Logf("a phrase of %d copies: %s; a. × 250: %s", MaxTermTokens, normal, hostile)
	if hostile > 3*normal+20*time.Millisecond {
		t.Errorf("a. × 250 costs %s, a phrase of %d copies %s: want about the same", hostile, MaxTermTokens, normal)
	}
}
