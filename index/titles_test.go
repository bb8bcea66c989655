package index

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// TestEachTitleFromWindowOnlyLeavesOut pins EachTitleFrom's contract: a
// length window leaves rows out of the first limit titles of the prefix
// and never lets a later title in, so a correction's candidates are the
// unwindowed scan's, filtered (ranker's titlesFrom relies on it).
func TestEachTitleFromWindowOnlyLeavesOut(t *testing.T) {
	// Titles of 3 to 14 letters under "ui", out of title order, and two
	// under other prefixes.
	var docs []*document.Document
	for i := range 40 {
		docs = append(docs, &document.Document{URI: fmt.Sprintf("apple-docs://uikit/t%d", i), Title: "UI" + "ABCDEFGHIJKL"[:1+i%12] + fmt.Sprint(i/12), Kind: "class"})
	}
	for _, title := range []string{"UHint", "UJump"} {
		docs = append(docs, &document.Document{URI: "apple-docs://uikit/" + title, Title: title, Kind: "class"})
	}
	st := storeOfUIKitPages(t, docs)
	titles := func(limit, lo, hi int) []string {
		var out []string
		mustNoErr(t, st.EachTitleFrom(context.Background(), "ui", limit, lo, hi, func(r TitleRow) { out = append(out, r.Title) }))
		return out
	}
	all := titles(1000, 0, 1000)
	if len(all) != 40 || !slices.IsSortedFunc(all, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
		t.Fatalf("unwindowed scan: %d titles %v, want the 40 under ui in title order", len(all), all)
	}
	for _, c := range []struct{ limit, lo, hi int }{{25, 5, 7}, {40, 3, 4}, {10, 8, 14}, {25, 20, 30}} {
		var want []string
		for _, title := range all[:c.limit] {
			if len(title) >= c.lo && len(title) <= c.hi {
				want = append(want, title)
			}
		}
		if got := titles(c.limit, c.lo, c.hi); !slices.Equal(got, want) {
			t.Errorf("limit %d, %d-%d letters: %v, want %v", c.limit, c.lo, c.hi, got, want)
		}
	}
}

// TestMemberOfType pins MemberOfType: a member of the type titled exactly
// so, or, with prefix, of any type whose title starts so; never a member
// of a longer-titled type without prefix.
func TestMemberOfType(t *testing.T) {
	st := storeOfUIKitPages(t, []*document.Document{
		{URI: "apple-docs://uikit/uiapplicationdelegate", Title: "UIApplicationDelegate", Kind: "protocol"},
		{URI: "apple-docs://uikit/uiapplicationdelegate/willterminate", Title: "willTerminate", Kind: "property", Parent: "apple-docs://uikit/uiapplicationdelegate"},
		{URI: "apple-docs://uikit/uiresponder", Title: "UIResponder", Kind: "class"},
		{URI: "apple-docs://uikit/uiresponder/keyboardframebeginuserinfokey", Title: "keyboardFrameBeginUserInfoKey", Kind: "property", Parent: "apple-docs://uikit/uiresponder"},
	})
	for _, c := range []struct {
		typ, member string
		prefix      bool
		want        string
	}{
		{"uiresponder", "keyboardframebeginuserinfokey", false, "keyboardFrameBeginUserInfoKey UIResponder"},
		{"ui", "keyboardframebeginuserinfokey", true, "keyboardFrameBeginUserInfoKey UIResponder"},
		{"ui", "keyboardframebeginuserinfokey", false, " "},
		{"uiapplication", "willterminate", false, " "},
		{"uiapplication", "willterminate", true, "willTerminate UIApplicationDelegate"},
	} {
		member, typ, err := st.MemberOfType(context.Background(), c.typ, c.member, c.prefix)
		mustNoErr(t, err)
		if got := member + " " + typ; got != c.want {
			t.Errorf("MemberOfType(%q, %q, prefix %v) = %q, want %q", c.typ, c.member, c.prefix, got, c.want)
		}
	}
}

// storeOfUIKitPages opens an index of docs, each an Apple UIKit page.
func storeOfUIKitPages(t *testing.T, docs []*document.Document) *Store {
	for _, d := range docs {
		d.Source, d.Framework, d.Markdown = document.SourceAppleDocs, "uikit", "# "+d.Title+"\n"
	}
	return storeOf(t, docs...)
}
