package enrich

import (
	"testing"
)

// TestContextsCarryTheProseAroundMentions: a page linked from an article's
// paragraph, or named there with two capitals, is found by that
// paragraph's words; code blocks and its own page say nothing for it.
func TestContextsCarryTheProseAroundMentions(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x, Options{}, "contexts")
	for word, want := range map[string]string{
		"push":   "apple-docs://swiftui/navigationlink", // linked
		"finger": "apple-docs://uikit/uibutton",         // named
	} {
		got := queryString(t, rawDB(t, x), `SELECT group_concat(d.uri, ' ') FROM context_fts f JOIN docs d ON d.id = f.rowid WHERE context_fts MATCH ?`, word)
		if got != want {
			t.Errorf("context of %q: %q, want %s alone", word, got, want)
		}
	}
	if n := queryInt(t, rawDB(t, x), `SELECT count(*) FROM context_fts WHERE context_fts MATCH '"Text"'`); n != 0 {
		t.Errorf("a code block's words joined a context (%d rows)", n)
	}
}
