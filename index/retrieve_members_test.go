package index

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestTypeMemberEndingIDs: a type's properties whose name ends with the
// word as its last CamelCase part, the shortest first; not a property
// whose name is the word itself or holds it inside a part, not a method,
// and nothing for a word that is not plain lower-case letters (a GLOB
// pattern among them would match every property).
func TestTypeMemberEndingIDs(t *testing.T) {
	child := func(uri, title, kind string) *document.Document {
		return &document.Document{URI: uri, Title: title, Kind: kind, Parent: "apple-docs://uikit/uilabel"}
	}
	s := storeOfUIKitPages(t, []*document.Document{
		{URI: "apple-docs://uikit/uilabel", Title: "UILabel", Kind: "class"},
		child("apple-docs://uikit/uilabel/numberoflines", "numberOfLines", "property"),
		child("apple-docs://uikit/uilabel/maximumnumberoflines", "maximumNumberOfLines", "property"),
		child("apple-docs://uikit/uilabel/lines", "lines", "property"),
		child("apple-docs://uikit/uilabel/linespacing", "lineSpacing", "property"),
		child("apple-docs://uikit/uilabel/drawlines()", "drawLines()", "method"),
	})
	ctx := context.Background()
	ids, err := s.TypeMemberEndingIDs(ctx, "uilabel", "lines", 5)
	mustNoErr(t, err)
	var titles []string
	err = s.EachPageRow(ctx, ids, func(p *PageRow) error { titles = append(titles, p.Title); return nil })
	mustNoErr(t, err)
	slices.Sort(titles)
	if want := []string{"maximumNumberOfLines", "numberOfLines"}; !slices.Equal(titles, want) {
		t.Errorf("UILabel …Lines: %q, want %q", titles, want)
	}
	for _, w := range []string{"*", "l?nes", "[a-z]*", "Lines", ""} {
		if ids, err := s.TypeMemberEndingIDs(ctx, "uilabel", w, 5); err != nil || len(ids) != 0 {
			t.Errorf("word %q found %d pages (err %v), want none", w, len(ids), err)
		}
	}
}
