package index

import (
	"context"
	"database/sql"
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
