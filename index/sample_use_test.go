package index

import (
	"context"
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
