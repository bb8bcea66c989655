package docc

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/document"
)

// demoDocs is the hand-written demo corpus shared with the README demo, the
// MCP tests and the eval tests.
const demoDocs = "../../testdata/demo/docs/documentation"

// TestDemoCorpus converts every demo page and checks the facts other packages'
// tests rely on, so an edit to a demo page that breaks them fails here first.
func TestDemoCorpus(t *testing.T) {
	var files []string
	err := filepath.WalkDir(demoDocs, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".json") {
			files = append(files, path)
		}
		return err
	})
	if err != nil || len(files) < 25 {
		t.Fatalf("demo corpus: %d files, %v", len(files), err)
	}
	docs := map[string]*document.Document{}
	rejects := map[string]error{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(demoDocs, f)
		rel = filepath.ToSlash(rel)
		p, err := Parse(raw)
		if err == nil {
			var d *document.Document
			if d, err = p.Document(f, raw); err == nil {
				docs[d.URI] = d
				continue
			}
		}
		rejects[rel] = err
	}
	if !errors.Is(rejects["UIKit/UIButton/configuration.json"], ErrEmpty) ||
		!errors.Is(rejects["Foundation/URL/absoluteString.json"], ErrMalformed) || len(rejects) != 2 {
		t.Errorf("rejects = %v; want the 0-byte and the malformed page only", rejects)
	}
	if d := docs["apple-docs://swiftui/liststyle"]; d == nil || d.Title != "404" || d.Abstract != "" {
		t.Errorf("404 template: %+v", d)
	}

	get := func(uri string) *document.Document {
		t.Helper()
		d := docs[uri]
		if d == nil {
			t.Fatalf("no demo page %s", uri)
		}
		return d
	}
	errPage := get("apple-docs://swift/error")
	if errPage.Title != "Error" || errPage.Kind != "protocol" || errPage.Declaration != "protocol Error : Sendable" ||
		errPage.Platforms[0].Name != "iOS" || errPage.Platforms[0].Introduced != "8.0" {
		t.Errorf("Swift/Error: %+v", errPage)
	}
	minus, slash := get("apple-docs://swift/floatingpoint/-=(_:_:)"), get("apple-docs://swift/floatingpoint/_=(_:_:)")
	if minus.Title != "-=(_:_:)" || slash.Title != "/=(_:_:)" || minus.Kind != "operator" {
		t.Errorf("operators: %q %q %q", minus.Title, slash.Title, minus.Kind)
	}
	link := get("apple-docs://swiftui/navigationlink")
	if !strings.Contains(link.Declaration, "where Label : View, Destination : View") || !slices.Contains(link.Attributes, "MainActor") {
		t.Errorf("NavigationLink: %q %q", link.Declaration, link.Attributes)
	}
	if st := get("apple-docs://swiftui/state"); !slices.Contains(st.Attributes, "propertyWrapper") {
		t.Errorf("State attributes %q", st.Attributes)
	}
	if sc := get("apple-docs://swiftui/text/scale"); sc.Title != "Text.Scale" || sc.Parent != "apple-docs://swiftui/text" {
		t.Errorf("Text.Scale: %q parent %q", sc.Title, sc.Parent)
	}
	if ns := get("apple-docs://foundation/nsurl"); ns.Language != "objc" || ns.Kind != "class" {
		t.Errorf("NSURL: language %q kind %q", ns.Language, ns.Kind)
	}
	old := get("apple-docs://foundation/nsurlconnection/sendsynchronousrequest(_:returning:)")
	if !old.Deprecated || !strings.Contains(old.DeprecationNote, "dataTask(with:completionHandler:)") || old.Platforms[0].DeprecatedAt != "9.0" {
		t.Errorf("deprecated method: %v %q %+v", old.Deprecated, old.DeprecationNote, old.Platforms)
	}
	if a := get("apple-docs://swiftui/managing-state-in-your-views"); a.Kind != "article" {
		t.Errorf("article kind %q", a.Kind)
	}
	// The UIKit chain, one inheritsFrom hop per page.
	chain := []string{"uibutton", "uicontrol", "uiview", "uiresponder"}
	for i, name := range chain {
		d := get("apple-docs://uikit/" + name)
		want := "apple-docs://foundation/nsobject"
		if i+1 < len(chain) {
			want = "apple-docs://uikit/" + chain[i+1]
		}
		if len(d.InheritsFrom) != 1 || d.InheritsFrom[0].URI != want {
			t.Errorf("%s inheritsFrom %+v, want %s", name, d.InheritsFrom, want)
		}
	}
	// Every link resolves to a URI and every parent is a demo page. (Some
	// children, such as Swift/Error/localizedDescription, are references
	// without a page of their own, as in any partial crawl.)
	for uri, d := range docs {
		for _, group := range [][]document.Ref{d.Children, d.SeeAlso, d.ConformsTo, d.InheritsFrom, d.InheritedBy, d.ConformingTypes} {
			for _, r := range group {
				if r.URI == "" || r.Title == "" {
					t.Errorf("%s: unresolved link %+v", uri, r)
				}
			}
		}
		if d.Parent != "" && docs[d.Parent] == nil {
			t.Errorf("%s: parent %s is not a demo page", uri, d.Parent)
		}
	}
}
