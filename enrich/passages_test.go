package enrich

import (
	"context"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestCutPassages: each "###" subsection, and each "##" section's text
// before its first "###", is a passage anchored at its "##" heading; the
// page's head is not one.
func TestCutPassages(t *testing.T) {
	got := cutPassages(7, "Properties", propertiesChapter)
	want := []struct{ anchor, heading, starts string }{
		{"Stored Properties", "Stored Properties", "In its simplest form"},
		{"Stored Properties", "Lazy Stored Properties", "A lazy stored property"},
		{"Property Observers", "Property Observers", "Property observers observe"},
	}
	if len(got) != len(want) {
		t.Fatalf("passages = %+v, want %d", got, len(want))
	}
	for i, w := range want {
		p := got[i]
		if p.DocID != 7 || p.Title != "Properties" || p.Anchor != w.anchor || p.Heading != w.heading || !strings.HasPrefix(p.Text, w.starts) {
			t.Errorf("passage %d = %+v, want anchor %q heading %q text starting %q", i, p, w.anchor, w.heading, w.starts)
		}
		if strings.Contains(p.Text, "## ") {
			t.Errorf("passage %d holds a heading line: %q", i, p.Text)
		}
	}
	if !strings.Contains(got[2].Text, "didSet { print(total) }") {
		t.Errorf("a section keeps its code: %q", got[2].Text)
	}
}

// TestPassagesPassIndexesSections: the pass writes the fixture chapter's
// sections into passages and passage_fts, so a section's words find it.
func TestPassagesPassIndexesSections(t *testing.T) {
	fx := newRichFixture(t)
	x := openIndex(t, fx.db)
	runPasses(t, x, Options{}, "passages")
	if n := queryInt(t, rawDB(t, x), "SELECT count(*) FROM passages"); n != 3 {
		t.Fatalf("passages = %d, want the chapter's 3", n)
	}
	var anchor, heading string
	err := rawDB(t, x).QueryRowContext(context.Background(), `SELECT p.anchor, p.heading FROM `+index.PassageFTSTable+` f
		JOIN passages p ON p.id = f.rowid WHERE `+index.PassageFTSTable+` MATCH '"willset" "didset"'`).Scan(&anchor, &heading)
	if err != nil || anchor != "Property Observers" || heading != "Property Observers" {
		t.Fatalf("willSet didSet found %q %q (%v), want the Property Observers section", anchor, heading, err)
	}
}
