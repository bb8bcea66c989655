package verify

import (
	"context"
	"slices"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// dotCodeTable is implicitGraph's table with the sample projects and
// packages that write names after a dot, and that use types (dotEvidence).
type dotCodeTable struct {
	mentionTable
	writers map[string][]string // a name → the projects that write .name
	users   map[string][]string // a type → the projects that use it
}

func (t dotCodeTable) WrittenAfterDot(name string) (string, []string, error) {
	return "", t.writers[name], nil
}

func (t dotCodeTable) ProjectsUsing(root string) ([]string, error) { return t.users[root], nil }

// projects is n projects' names.
func projects(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "samples/p" + string(rune('a'+i))
	}
	return out
}

// TestCaseNowhere: a leading dot where a type is wanted whose page the
// crawl lacks (UIFont.Weight, a method's declared parameter type) is
// unknown when no page, Topics entry or page text has the name, no other
// sample project or package writes it after a dot, and the code covers
// the type (minCoveringProjects use its outer type); otherwise it is not
// judged.
func TestCaseNowhere(t *testing.T) {
	table := func(users int) dotCodeTable {
		mt := implicitGraph(false)
		d := mt.g.src.(*memGraph)
		font := addFilledType(d, "apple-docs://uikit/uifont", "UIFont", "class", "uikit")
		font("systemFont(ofSize:weight:)", "method", "class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont")
		font("init(descriptor:size:)", "init", "init(descriptor: UIFontDescriptor, size pointSize: CGFloat)")
		addFilledType(d, "apple-docs://uikit/uifontdescriptor", "UIFontDescriptor", "class", "uikit")
		// An extensible string enumeration (init(_:) beside
		// init(rawValue:)), whose constants other frameworks add.
		// Its short list is not judged whole.
		d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://uikit/uifont/textstyle", Title: "UIFont.TextStyle", Kind: "struct", Framework: "uikit"})
		for _, m := range [][2]string{{"init(_:)", "init(_ rawValue: String)"}, {"init(rawValue:)", "init(rawValue: String)"}} {
			d.Pages = append(d.Pages, index.GraphPage{URI: "apple-docs://uikit/uifont/textstyle/" + m[0], Title: m[0], Kind: "init",
				ParentURI: "apple-docs://uikit/uifont/textstyle", Declaration: m[1], Framework: "uikit"})
		}
		font("preferredFont(forTextStyle:)", "method", "class func preferredFont(forTextStyle style: UIFont.TextStyle) -> UIFont")
		// A return key no page has that its group's See Also lists.
		for _, c := range []string{"default", "go", "done"} {
			uri := "apple-docs://uikit/uireturnkeytype/" + c
			d.SeeAlso[uri] = append(d.SeeAlso[uri], index.GraphChild{URI: "apple-docs://uikit/uireturnkeytype/route", Title: "route", Section: "Constants"})
		}
		// AppKit's twin of the weight type the crawl lacks.
		weight := addFilledType(d, "apple-docs://appkit/nsfont/weight", "NSFont.Weight", "struct", "appkit")
		for _, w := range []string{"regular", "bold", "heavy"} {
			weight(w, "property", "static let "+w+": NSFont.Weight")
		}
		mt.g = newSymbolGraph(d)
		mt.pages["apple-docs://uikit/uifont/weights"] = "Pass .ultraBlack for a title's weight."
		return dotCodeTable{mentionTable: mt, users: map[string][]string{"UIFont": projects(users), "UIReturnKeyType": projects(users), "UIFontDescriptor": projects(users)},
			writers: map[string][]string{"semibold": {"samples/pa"}}}
	}
	cases := []struct {
		name, code, own string
		users           int
		want            bool
	}{
		{"a weight no page or code has", "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .extraBold)\n", "", 12, true},
		{"a weight another project writes", "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .semibold)\n", "", 12, false},
		{"a weight only the checked project writes", "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .semibold)\n", "samples/pa", 12, true},
		{"a type the code hardly uses", "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .extraBold)\n", "", 3, false},
		{"a weight a page writes", "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .ultraBlack)\n", "", 12, false},
		{"a class's static", "import UIKit\nlet f = UIFont(descriptor: .brandTitle, size: 17)\n", "", 12, false},
		{"an extensible enumeration's constant", "import UIKit\nlet f = UIFont.preferredFont(forTextStyle: .bodyLarge)\n", "", 12, false},
		{"a return key no page or code has", "import UIKit\nlet t = UITextField(); t.returnKeyType = .routeHome\n", "", 12, true},
		{"a return key its group's See Also lists", "import UIKit\nlet t = UITextField(); t.returnKeyType = .route\n", "", 12, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := &Checker{Table: table(tc.users), OwnCode: tc.own}
			rep, err := c.Check(context.Background(), []File{{Code: tc.code}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			found := slices.ContainsFunc(rep.Findings, func(r Reference) bool {
				return r.Status == Unknown && r.Kind == "case" && r.Line == 2
			})
			if found != tc.want {
				t.Fatalf("finding %v, want %v (%+v)", found, tc.want, rep.Findings)
			}
		})
	}
	// The finding names the twin's weights, the nearest first.
	c := &Checker{Table: table(12)}
	rep, err := c.Check(context.Background(), []File{{Code: "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .extraBold)\n"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(rep.Findings, func(r Reference) bool { return r.Kind == "case" })
	if i < 0 || len(rep.Findings[i].Nearest) == 0 || rep.Findings[i].Nearest[0].Name != ".bold" {
		t.Fatalf("want the twin's .bold first: %+v", rep.Findings)
	}
	// A name another file checked with it declares may be the project's
	// own static (an extension of a type by another name), though this
	// file declares an instance member of the name.
	rep, err = c.Check(context.Background(), []File{
		{Path: "A.swift", Code: "import UIKit\nfinal class Watcher {\n    func extraBold(_ n: Int) {}\n    func f() { _ = UIFont.systemFont(ofSize: 17, weight: .extraBold) }\n}\n"},
		{Path: "B.swift", Code: "import UIKit\nenum Theme {\n    static let extraBold = 0.9\n}\n"}}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(rep.Findings, func(r Reference) bool { return r.Kind == "case" }) {
		t.Fatalf("a static another file declares: %+v", rep.Findings)
	}
}
