package index

import (
	"context"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestQueryTimings times the access paths the package comment recommends
// against a built index (CUPERTINO_DB; a sample index kept by
// TestCorpusSampleBuild via CUPERTINO_INDEX_CORPUS_OUT does too). It asserts
// nothing about speed, only that each path answers; the figures go to the
// log.
func TestQueryTimings(t *testing.T) {
	dbPath := testenv.FullIndexDB(t)
	s := openStore(t, dbPath)
	ranked := "SELECT d.uri FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid WHERE docs_fts MATCH ? ORDER BY " + BM25Expr + " LIMIT 20"
	cases := []struct {
		name, query string
		args        []any
	}{
		{"common term, ranked", ranked, []any{`"view"`}},
		{"stop word, ranked", ranked, []any{`"the"`}},
		{"rare term, ranked", ranked, []any{`"lazyvgrid"`}},
		{"two terms, ranked", ranked, []any{`"url" "session" "data" "task"`}},
		{"common term + {framework} filter", ranked, []any{`{framework}: "swiftui" AND "view"`}},
		{"common term + join framework filter",
			"SELECT d.uri FROM docs_fts JOIN docs d ON d.id = docs_fts.rowid WHERE docs_fts MATCH ? AND d.framework = 'swiftui' ORDER BY " + BM25Expr + " LIMIT 20",
			[]any{`"view"`}},
		{"rare source + {source} filter", ranked, []any{`{source}: "swift-evolution" AND "actor"`}},
		{"common term, title column only", ranked, []any{`{title}: "view"`}},
		{"common term, unranked rowids", "SELECT rowid FROM docs_fts WHERE docs_fts MATCH ? LIMIT 200", []any{`"view"`}},
		{"exact title", "SELECT uri FROM docs WHERE title_lower = ?", []any{"view"}},
		{"exact symbol name", "SELECT d.uri FROM symbol_names n JOIN docs d ON d.id = n.doc_id WHERE n.name_lower = ? LIMIT 50", []any{"datatask"}},
		{"symbol fts", "SELECT rowid FROM doc_symbols_fts WHERE doc_symbols_fts MATCH ? LIMIT 50", []any{`{generic_constraints}: "view"`}},
	}
	ctx := context.Background()
	for _, c := range cases {
		best := time.Hour
		var n int
		for range 3 {
			start := time.Now()
			rows, err := s.db.QueryContext(ctx, c.query, c.args...)
			mustNoErr(t, err)
			n = 0
			for rows.Next() {
				n++
			}
			mustNoErr(t, rows.Err())
			rows.Close()
			best = min(best, time.Since(start))
		}
		t.Logf("%-40s %8.2f ms  %d rows", c.name, float64(best.Microseconds())/1000, n)
	}
	uri := "apple-docs://swiftui/view"
	start := time.Now()
	doc, err := s.Document(ctx, uri)
	mustNoErr(t, err)
	t.Logf("%-40s %8.2f ms  %d bytes of Markdown", "Document("+uri+")", float64(time.Since(start).Microseconds())/1000, len(doc.Markdown))
}
