package index

import (
	"context"
	"slices"
	"strings"
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
	titles := rowFields(t, s, ids, func(p *PageRow) string { return p.Title })
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

// TestMembersMatching: the pages under an owner's address that the
// expression matches, best first; a stranger saved inside the owner's span
// of ids (another type's member) and the owner's own page stay out, and
// an owner with no pages under it has none.
func TestMembersMatching(t *testing.T) {
	member := func(uri, title, summary string) *document.Document {
		return &document.Document{URI: uri, Title: title, Kind: "property", Abstract: summary, Parent: uri[:strings.LastIndex(uri, "/")]}
	}
	s := storeOfUIKitPages(t, []*document.Document{
		{URI: "apple-docs://uikit/uiview", Title: "UIView", Kind: "class", Abstract: "An object that manages content within its bounds."},
		member("apple-docs://uikit/uiview/alpha", "alpha", "The view's alpha value."),
		member("apple-docs://uikit/uiviewcontroller/bounds", "bounds", "A stranger whose bounds sit in UIView's span of ids."),
		member("apple-docs://uikit/uiview/clipstobounds", "clipsToBounds", "Whether subviews are confined to the bounds of the view."),
		member("apple-docs://uikit/uiview/animationoptions/layoutsubviews", "layoutSubviews", "Lay out subviews during an animation, within their bounds once it ends."),
		{URI: "apple-docs://uikit/uilabel", Title: "UILabel", Kind: "class", Abstract: "A view of bounds."},
	})
	ctx := context.Background()
	found, err := s.MembersMatching(ctx, "apple-docs://uikit/uiview", `"bounds" OR "subviews"`, 5)
	mustNoErr(t, err)
	ids := make([]int64, len(found))
	for i, m := range found {
		ids[i] = m.ID
		if i > 0 && m.Rank < found[i-1].Rank {
			t.Errorf("match %d ranks %g before %g: not best first", i, m.Rank, found[i-1].Rank)
		}
	}
	got := rowFields(t, s, ids, func(p *PageRow) string { return p.Title })
	slices.Sort(got)
	if want := []string{"clipsToBounds", "layoutSubviews"}; !slices.Equal(got, want) {
		t.Errorf("UIView members matching bounds or subviews: %q, want %q", got, want)
	}
	if found, err := s.MembersMatching(ctx, "apple-docs://uikit/uiview", `"bounds" OR "subviews"`, 1); err != nil || len(found) != 1 {
		t.Errorf("limit 1: %d matches (err %v), want 1", len(found), err)
	}
	if found, err := s.MembersMatching(ctx, "apple-docs://uikit/uilabel", `"bounds"`, 5); err != nil || len(found) != 0 {
		t.Errorf("UILabel, no members: %d matches (err %v), want none", len(found), err)
	}
}

// TestSwiftTwin: the Swift page of an Objective-C "ns…" type is the page at
// the address without the prefix, and of its member the Swift member of the
// same title under that page; a page whose address has no such prefix, or
// whose twin is no Swift page, has none.
func TestSwiftTwin(t *testing.T) {
	lang := func(d *document.Document, l, parent string) *document.Document {
		d.Source, d.Framework, d.Markdown, d.Language, d.Parent = document.SourceAppleDocs, "foundation", "# "+d.Title+"\n", l, parent
		return d
	}
	s := storeOf(t,
		lang(&document.Document{URI: "apple-docs://foundation/nsoperationqueue", Title: "NSOperationQueue", Kind: "class"}, "objc", ""),
		lang(&document.Document{URI: "apple-docs://foundation/nsoperationqueue/1414982-maxconcurrentoperationcount", Title: "maxConcurrentOperationCount", Kind: "property"},
			"objc", "apple-docs://foundation/nsoperationqueue"),
		lang(&document.Document{URI: "apple-docs://foundation/operationqueue", Title: "OperationQueue", Kind: "class"}, "swift", ""),
		lang(&document.Document{URI: "apple-docs://foundation/operationqueue/1414982-maxconcurrentoperationcount", Title: "maxConcurrentOperationCount", Kind: "property"},
			"swift", "apple-docs://foundation/operationqueue"),
		lang(&document.Document{URI: "apple-docs://foundation/nsstring", Title: "NSString", Kind: "class"}, "objc", ""),
		lang(&document.Document{URI: "apple-docs://foundation/string", Title: "String", Kind: "struct"}, "objc", ""),
	)
	ctx := context.Background()
	for _, c := range []struct{ uri, title, want string }{
		{"apple-docs://foundation/nsoperationqueue", "NSOperationQueue", "apple-docs://foundation/operationqueue"},
		{"apple-docs://foundation/nsoperationqueue/1414982-maxconcurrentoperationcount", "maxConcurrentOperationCount",
			"apple-docs://foundation/operationqueue/1414982-maxconcurrentoperationcount"},
		{"apple-docs://foundation/nsoperationqueue/1414982-maxconcurrentoperationcount", "progress", ""}, // no member of that title
		{"apple-docs://foundation/operationqueue", "OperationQueue", ""},                                 // no prefix
		{"apple-docs://foundation/nsstring", "NSString", ""},                                             // String here is no Swift page
		{"apple-docs://foundation", "Foundation", ""},
	} {
		row, err := s.SwiftTwin(ctx, c.uri, c.title)
		mustNoErr(t, err)
		got := ""
		if row != nil {
			got = row.URI
		}
		if got != c.want {
			t.Errorf("SwiftTwin(%s, %s) = %q, want %q", c.uri, c.title, got, c.want)
		}
	}
}

// TestRequirementIDs: the members titled a name of protocols only, the
// authority frameworks' first, up to the limit.
func TestRequirementIDs(t *testing.T) {
	page := func(uri, title, kind, fw, parent string) *document.Document {
		return &document.Document{URI: uri, Title: title, Kind: kind, Source: document.SourceAppleDocs, Framework: fw,
			Parent: parent, Markdown: "# " + title + "\n"}
	}
	s := storeOf(t,
		page("apple-docs://distributed/distributedactor", "DistributedActor", "protocol", "distributed", ""),
		page("apple-docs://distributed/distributedactor/hash(into:)", "hash(into:)", "func", "distributed", "apple-docs://distributed/distributedactor"),
		page("apple-docs://swift/hashable", "Hashable", "protocol", "swift", ""),
		page("apple-docs://swift/hashable/hash(into:)", "hash(into:)", "func", "swift", "apple-docs://swift/hashable"),
		page("apple-docs://swift/array", "Array", "struct", "swift", ""),
		page("apple-docs://swift/array/hash(into:)", "hash(into:)", "func", "swift", "apple-docs://swift/array"),
	)
	ctx := context.Background()
	ids, err := s.RequirementIDs(ctx, "hash(into:)", 5)
	mustNoErr(t, err)
	ordered := rowFields(t, s, ids, func(p *PageRow) string { return p.URI })
	want := []string{"apple-docs://swift/hashable/hash(into:)", "apple-docs://distributed/distributedactor/hash(into:)"}
	if !slices.Equal(ordered, want) {
		t.Errorf("requirements of hash(into:): %q, want %q (Array's is no requirement)", ordered, want)
	}
	if ids, err := s.RequirementIDs(ctx, "hash(into:)", 1); err != nil || len(ids) != 1 {
		t.Errorf("limit 1: %d ids (err %v)", len(ids), err)
	}
}

// rowFields reads field of the docs row of each of ids, in the order of
// ids (EachPageRow reads them in none).
func rowFields(t *testing.T, s *Store, ids []int64, field func(*PageRow) string) []string {
	t.Helper()
	byID := map[int64]string{}
	mustNoErr(t, s.EachPageRow(context.Background(), ids, func(p *PageRow) error { byID[p.ID] = field(p); return nil }))
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = byID[id]
	}
	return out
}
