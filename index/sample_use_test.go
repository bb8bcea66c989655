package index

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestUsedInSamples pins UsedInSamples: the sample projects that use a
// name as written are counted, each once, and a name some sample or
// package file declares as a type counts for none.
func TestUsedInSamples(t *testing.T) {
	file := func(uri string, refs []string, declares ...string) *document.Document {
		d := &document.Document{URI: uri, Source: document.SourceSamples, Title: uri, Kind: document.KindSourceFile, Markdown: "x\n"}
		for i, r := range refs {
			d.References = append(d.References, document.Reference{Name: r, Kind: "call", Line: i + 1})
		}
		for _, name := range declares {
			d.Symbols = append(d.Symbols, document.Symbol{Name: name, Kind: "struct", Signature: "struct " + name, Origin: "source"})
		}
		return d
	}
	l := openLookup(t, storeOf(t,
		file("samples://alpha/App/A.swift", []string{"UIContextualAction", "Recipe"}, "Recipe"),
		file("samples://alpha/App/B.swift", []string{"UIContextualAction"}),
		file("samples://beta/Main/C.swift", []string{"UIContextualAction", "Recipe"}),
		file("samples://gamma/D.swift", []string{"Solitary"}),
	).Path())
	for _, c := range []struct {
		name     string
		projects int
	}{
		{"UIContextualAction", 2}, // alpha (twice) and beta
		{"uicontextualaction", 0}, // as written
		{"Recipe", 0},             // alpha declares it
		{"Solitary", 1},
		{"Nowhere", 0},
	} {
		got, err := l.UsedInSamples(context.Background(), c.name)
		mustNoErr(t, err)
		if got.Projects != c.projects {
			t.Errorf("UsedInSamples(%q) = %d projects, want %d", c.name, got.Projects, c.projects)
		}
	}
}

// TestWrittenAfterDot pins WrittenAfterDot and ProjectsUsing: the sample
// projects and packages whose code writes a name right after a dot, as
// written and whole, each project once; and the projects whose code uses a
// type.
func TestWrittenAfterDot(t *testing.T) {
	file := func(uri, source, code string, refs ...string) *document.Document {
		d := &document.Document{URI: uri, Source: source, Title: uri, Kind: document.KindSourceFile, Content: code, Markdown: code}
		for i, r := range refs {
			d.References = append(d.References, document.Reference{Name: r, Kind: "member", Line: i + 1})
		}
		return d
	}
	l := openLookup(t, storeOf(t,
		file("samples://alpha/A.swift", document.SourceSamples, "d.keyDecodingStrategy = .convertFromSnakeCase\n", "JSONDecoder"),
		file("samples://alpha/B.swift", document.SourceSamples, "e.keyEncodingStrategy = .convertToSnakeCase // .convertFromSnakeCase\n", "JSONDecoder"),
		file("packages://vapor/vapor/Sources/C.swift", document.SourcePackages, "decoder.keyDecodingStrategy = .convertFromSnakeCase\n", "JSONDecoder.KeyDecodingStrategy"),
		file("samples://beta/D.swift", document.SourceSamples, "// convertFromSnakeCaseX and convertFromSnakeCase as prose\nlet w = Font.Weight.semibold\n"),
	).Path())
	ctx := context.Background()
	for _, c := range []struct {
		name string
		want []string
	}{
		{"convertFromSnakeCase", []string{"samples/alpha", "vapor/vapor"}}, // beta writes it as prose alone
		{"convertfromsnakecase", nil},                                      // as written
		{"semibold", []string{"samples/beta"}},                             // after a type's dot too
		{"convertToSnake", nil},                                            // whole
	} {
		got, err := l.WrittenAfterDot(ctx, c.name)
		mustNoErr(t, err)
		if !slices.Equal(got.Projects, c.want) {
			t.Errorf("WrittenAfterDot(%q) = %v, want %v", c.name, got.Projects, c.want)
		}
	}
	users, err := l.ProjectsUsing(ctx, "JSONDecoder")
	mustNoErr(t, err)
	if want := []string{"samples/alpha", "vapor/vapor"}; !slices.Equal(users, want) {
		t.Errorf("ProjectsUsing(JSONDecoder) = %v, want %v", users, want)
	}
}

// TestNamesWorthReadingAhead pins MostWrittenNames and CrowdedNames, what
// verify reads before its first check: the names code writes in the most
// files (each file once, however often it writes one), most first and
// ties by name; and the plain symbol names the most pages bear, down to a
// floor, leaving out titles with punctuation.
func TestNamesWorthReadingAhead(t *testing.T) {
	code := func(uri string, refs ...string) *document.Document {
		d := &document.Document{URI: uri, Source: document.SourceSamples, Title: uri, Kind: document.KindSourceFile, Markdown: "x\n"}
		for i, r := range refs {
			d.References = append(d.References, document.Reference{Name: r, Kind: "type", Line: i + 1})
		}
		return d
	}
	page := func(uri, title string) *document.Document {
		return &document.Document{URI: uri, Source: document.SourceAppleDocs, Framework: "uikit", Title: title, Kind: "property", Markdown: "# " + title + "\n"}
	}
	l := openLookup(t, storeOf(t,
		code("samples://a/A.swift", "String", "View", "View", "View"),
		code("samples://a/B.swift", "String", "DispatchQueue.main"),
		code("samples://b/C.swift", "String", "View", "DispatchQueue.main"),
		page("apple-docs://uikit/a/count", "count"), page("apple-docs://uikit/b/count", "count"),
		page("apple-docs://uikit/c/count", "count"), page("apple-docs://uikit/a/value", "value"),
		page("apple-docs://uikit/b/value", "value"), page("apple-docs://uikit/a/init(frame:)", "init(frame:)"),
		page("apple-docs://uikit/b/init(frame:)", "init(frame:)"), page("apple-docs://uikit/a/tag", "tag"),
	).Path())
	ctx := context.Background()
	written, err := l.MostWrittenNames(ctx, 3)
	mustNoErr(t, err)
	if want := []string{"String", "DispatchQueue.main", "View"}; !slices.Equal(written, want) {
		t.Errorf("MostWrittenNames(3) = %v, want %v (String in 3 files, the others in 2, by name)", written, want)
	}
	if none, err := l.MostWrittenNames(ctx, 0); err != nil || none != nil {
		t.Errorf("MostWrittenNames(0) = %v, %v; want nothing", none, err)
	}
	crowded, err := l.CrowdedNames(ctx, 2)
	mustNoErr(t, err)
	if want := []string{"count", "init", "value"}; !slices.Equal(crowded, want) {
		t.Errorf("CrowdedNames(2) = %v, want %v (count on 3 pages, init and value on 2; init(frame:) and tag left out)", crowded, want)
	}
}
