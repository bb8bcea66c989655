package ranker

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// fts5Stems asks SQLite's own porter tokenizer for the stem of each word:
// each word is one row of an in-memory FTS5 table, and fts5vocab's
// instance view names the term each row holds.
func fts5Stems(t *testing.T, words []string) map[string]string {
	t.Helper()
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, stmt := range []string{
		"CREATE VIRTUAL TABLE stemmed USING fts5(w, tokenize='porter unicode61 remove_diacritics 2')",
		"CREATE VIRTUAL TABLE stemmed_terms USING fts5vocab(stemmed, instance)",
	} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	ins, err := tx.Prepare("INSERT INTO stemmed(rowid, w) VALUES (?, ?)")
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range words {
		if _, err := ins.Exec(i+1, w); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	rows, err := db.Query("SELECT term, doc FROM stemmed_terms")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := make(map[string]string, len(words))
	for rows.Next() {
		var term string
		var doc int
		if err := rows.Scan(&term, &doc); err != nil {
			t.Fatal(err)
		}
		out[words[doc-1]] = term
	}
	return out
}

// compareStems checks stem against FTS5's porter tokenizer for each word and
// returns the words where they differ.
func compareStems(t *testing.T, words []string) []string {
	t.Helper()
	want := fts5Stems(t, words)
	var diff []string
	for _, w := range words {
		if got := stem(w); got != want[w] {
			diff = append(diff, fmt.Sprintf("%s: stem %q, FTS5 %q", w, got, want[w]))
		}
	}
	return diff
}

// FTS5 leaves tokens over 64 bytes unstemmed (FTS5_PORTER_MAX_TOKEN), and
// so must stem, or a long identifier's stem would never match the index.
func TestStemMatchesFTS5OnEdgeCases(t *testing.T) {
	words := []string{
		"scheduling", "locally", "generalizations", "conditional", "relational", "sky", "agreed", "hopping",
		strings.Repeat("ab", 31) + "ing",    // 65 bytes: not stemmed
		strings.Repeat("ab", 30) + "ings",   // 64 bytes: stemmed
		strings.Repeat("x", 59) + "ational", // 66 bytes
	}
	if diff := compareStems(t, words); len(diff) > 0 {
		t.Errorf("stem differs from FTS5's porter tokenizer:\n%s", strings.Join(diff, "\n"))
	}
}

// Over the real vocabulary: every lower-case ASCII word of the titles and
// abstracts of a full index stems the same in Go as in FTS5. Run by CI's
// corpus checks with CUPERTINO_DB set.
func TestStemMatchesFTS5OnTheRealVocabulary(t *testing.T) {
	path := testenv.FullIndexDB(t)
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, "SELECT title || ' ' || summary FROM docs")
	if err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
	seen := map[string]bool{}
	var words []string
	for rows.Next() {
		var text string
		if err := rows.Scan(&text); err != nil {
			t.Fatal(err)
		}
		for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return r < 'a' || r > 'z' }) {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
	}
	rows.Close()
	if len(words) < 10000 {
		t.Fatalf("only %d distinct words in %s: not a full index", len(words), path)
	}
	diff := compareStems(t, words)
	t.Logf("%d distinct words compared, %d differ", len(words), len(diff))
	if len(diff) > 0 {
		if len(diff) > 20 {
			diff = diff[:20]
		}
		t.Errorf("stem differs from FTS5's porter tokenizer:\n%s", strings.Join(diff, "\n"))
	}
}
