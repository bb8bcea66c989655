package index

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"testing"
)

// TestSourceSpansAreWrittenAtCommit: Commit stores each source's id span in
// meta, SourceSpans reads it back equal to a grouping of docs, an index
// without the row falls back to the grouping, and a damaged row is
// ErrCorrupt.
func TestSourceSpansAreWrittenAtCommit(t *testing.T) {
	path := buildFixture(t)
	st := openStore(t, path)
	w, err := sql.Open("sqlite", path)
	mustNoErr(t, err)
	defer w.Close()
	ctx := context.Background()
	got, err := st.SourceSpans(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var want []SourceSpan
	rows, err := st.db.Query("SELECT source, min(id), max(id), count(*) FROM docs GROUP BY source ORDER BY source")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var sp SourceSpan
		mustNoErr(t, rows.Scan(&sp.Source, &sp.Lo, &sp.Hi, &sp.Count))
		want = append(want, sp)
	}
	rows.Close()
	if len(want) < 2 || !slices.Equal(got, want) {
		t.Fatalf("SourceSpans = %+v, want %+v (at least two sources)", got, want)
	}
	counts, err := st.Sources(ctx)
	mustNoErr(t, err)
	for _, sp := range want {
		if counts[sp.Source] != int(sp.Count) {
			t.Errorf("Sources[%s] = %d, want %d", sp.Source, counts[sp.Source], sp.Count)
		}
	}

	if _, err := w.Exec("DELETE FROM meta WHERE key = ?", MetaSourceSpans); err != nil {
		t.Fatal(err)
	}
	if got, err := st.SourceSpans(ctx); err != nil || !slices.Equal(got, want) {
		t.Errorf("without the meta row: %+v, %v; want the grouping %+v", got, err, want)
	}
	if _, err := w.Exec("INSERT INTO meta(key, value) VALUES (?, 'apple-docs:1:x:3')", MetaSourceSpans); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SourceSpans(ctx); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a damaged row: err = %v, want ErrCorrupt", err)
	}
}

// TestFrameworksCountFromAliases: every framework with documents is listed
// with its count, from framework_aliases, enriched or not.
func TestFrameworksCountFromAliases(t *testing.T) {
	st := openFixture(t)
	list, err := st.Frameworks(context.Background())
	mustNoErr(t, err)
	want := map[string]int{}
	rows, err := st.db.Query("SELECT framework, count(*) FROM docs WHERE framework != '' GROUP BY framework")
	mustNoErr(t, err)
	for rows.Next() {
		var fw string
		var n int
		mustNoErr(t, rows.Scan(&fw, &n))
		want[fw] = n
	}
	rows.Close()
	if len(list) != len(want) || len(want) == 0 {
		t.Fatalf("%d frameworks listed, %d have documents", len(list), len(want))
	}
	for _, f := range list {
		if want[f.Identifier] != f.DocCount {
			t.Errorf("%s: %d documents listed, %d indexed", f.Identifier, f.DocCount, want[f.Identifier])
		}
	}
}
