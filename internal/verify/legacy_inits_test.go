package verify

import (
	"fmt"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestLegacyClassInitializers: an Objective-C era class (numeric member
// addresses) whose own Topics list its initializers is judged on them,
// unless its Topics list a group page, which holds initializers its list
// lacks.
func TestLegacyClassInitializers(t *testing.T) {
	g := legacyGraph()
	for _, c := range []struct {
		code string
		want bool
	}{
		{"import Foundation\nlet t = Timer(interval: 1, repeats: true) { _ in }\n", true},
		{"import Foundation\nlet t = Timer(timeInterval: 1, repeats: true) { _ in }\n", false},
		{"import Foundation\nlet s = NSAttributedString(string: \"x\", font: f)\n", false},
	} {
		rep := checkCode(t, g, Options{}, File{Code: c.code})
		got := false
		for _, f := range rep.Findings {
			got = got || f.Status == NoSuchInitializer
		}
		if got != c.want {
			t.Errorf("%q: no_such_initializer %v, want %v; findings %+v", c.code, got, c.want, rep.Findings)
		}
	}
}

// legacyGraph is testGraph with two Objective-C era classes whose own
// Topics list their initializers, one of them also a group page.
func legacyGraph() graphTable {
	g := testGraph()
	d := g.g.src.(*memGraph)
	legacyClass := func(uri, title string, inits [][2]string, group string) {
		d.Pages = append(d.Pages, index.GraphPage{URI: uri, Title: title, Kind: "class", Framework: "foundation"})
		for i := range minOwnMembers {
			d.Pages = append(d.Pages, index.GraphPage{URI: fmt.Sprintf("%s/14%d-old%d", uri, i, i), Title: fmt.Sprintf("old%d", i), Kind: "property", ParentURI: uri})
		}
		for i, in := range inits {
			addr := fmt.Sprintf("%s/23%d-init", uri, i)
			d.Pages = append(d.Pages, index.GraphPage{URI: addr, Title: in[0], Kind: "init", ParentURI: uri, Declaration: in[1]})
			d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: addr, Title: in[0]})
		}
		if group != "" {
			d.Children = append(d.Children, index.GraphChild{ParentURI: uri, URI: uri + "/creation_methods", Title: group})
		}
		d.Edges = append(d.Edges, index.GraphEdge{ChildURI: uri, ParentURI: "apple-docs://objectivec/nsobject", ParentTitle: "NSObject", Relation: "inheritsFrom"})
	}
	legacyClass("apple-docs://foundation/timer", "Timer", [][2]string{
		{"init(timeInterval:repeats:block:)", "init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void)"},
		{"init(fire:interval:repeats:block:)", "convenience init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void)"},
	}, "")
	legacyClass("apple-docs://foundation/nsattributedstring", "NSAttributedString", [][2]string{{"init(attachment:)", "convenience init(attachment: NSTextAttachment)"}}, "Creation methods")
	g.g = newSymbolGraph(d)
	return g
}
