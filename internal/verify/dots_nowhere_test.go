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
	// values: a place (index.DotContext.String) → the names
	// written after a dot there → the projects that write each.
	values map[string]index.DotValues
}

func (t dotCodeTable) ValuesWrittenAt(at index.DotContext) (index.DotValues, error) {
	return t.values[at.String()], nil
}

func (t dotCodeTable) WrittenAt(at index.DotContext, name string) ([]string, error) {
	return t.values[at.String()][name], nil
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
	table := fontTable
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

// fontTable is UIFont with the weight type the crawl lacks, as
// TestCaseNowhere and TestCaseUnwritten read it: users projects use
// UIFont, and one other writes .semibold.
func fontTable(users int) dotCodeTable {
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
	// Two unlabelled arguments, the weight first or second (no such
	// APIs: a place's test).
	font("weightedFont(_:_:)", "method", "class func weightedFont(_ weight: UIFont.Weight, _ size: CGFloat) -> UIFont")
	font("sizedFont(_:_:)", "method", "class func sizedFont(_ size: CGFloat, _ weight: UIFont.Weight) -> UIFont")
	// A nested type's initializer, whose weight type the crawl lacks.
	symbols := addFilledType(d, "apple-docs://uikit/uiimage/symbolconfiguration", "UIImage.SymbolConfiguration", "class", "uikit")
	symbols("init(weight:)", "init", "convenience init(weight: UIImage.SymbolWeight)")
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

// weightsWritten are n projects that write systemFont(ofSize:weight:)'s
// weight with a leading dot, each .bold and, from the sixth on, .heavy
// too; the first single of them write one more weight each, a weight no
// other project writes.
func weightsWritten(n, single int) index.DotValues {
	all := projects(n)
	out := index.DotValues{"bold": all, "heavy": all[min(5, n):]}
	for i, w := range []string{"black", "thin", "light"}[:single] {
		out[w] = all[i : i+1]
	}
	return out
}

// TestCaseUnwritten: a leading dot whose wanted type the crawl lacks and
// whose name some page has (`.ultraBlack`, in a page's text) is no case
// of the type where enough other projects (minContextProjects) write
// leading dots in the same place, assigned to the property or passed
// with the label (a nested type's initializer by the type's own name),
// none of them this name, and few of their writings are
// a value's only one (maxUnseenShare); the finding lists what they write,
// the most written first.
func TestCaseUnwritten(t *testing.T) {
	const call, assigned = "import UIKit\nlet f = UIFont.systemFont(ofSize: 17, weight: .ultraBlack)\n", "import UIKit\nlet t = UITextField(); t.returnKeyType = .ultraBlack\n"
	cases := []struct {
		name, code, own string
		at              string
		values          index.DotValues
		want            bool
	}{
		{"unwritten where fifteen projects write", call, "", "systemFont(weight:", weightsWritten(15, 0), true},
		{"fourteen projects", call, "", "systemFont(weight:", weightsWritten(14, 0), false},
		{"fifteen with the checked one", call, "samples/pa", "systemFont(weight:", weightsWritten(15, 0), false},
		{"sixteen with the checked one", call, "samples/pa", "systemFont(weight:", weightsWritten(16, 0), true},
		{"written there by another project", call, "", "systemFont(weight:", index.DotValues{"bold": projects(15), "ultraBlack": {"samples/pb"}}, false},
		{"written there by the checked project alone", call, "samples/pa", "systemFont(weight:", index.DotValues{"bold": projects(16), "ultraBlack": {"samples/pa"}}, true},
		{"too many written by one project alone", call, "", "systemFont(weight:", weightsWritten(15, 3), false},
		{"few written by one project alone", call, "", "systemFont(weight:", weightsWritten(15, 2), true},
		{"written with another label", call, "", "systemFont(ofSize:", weightsWritten(15, 0), false},
		{"an unlabelled first argument", "import UIKit\nlet f = UIFont.weightedFont(.ultraBlack, 17)\n", "", "weightedFont(_:", weightsWritten(15, 0), true},
		{"an unlabelled argument after the first", "import UIKit\nlet f = UIFont.sizedFont(17, .ultraBlack)\n", "", "sizedFont(_:", weightsWritten(15, 0), false},
		{"passed to a nested type's initializer", "import UIKit\nlet c = UIImage.SymbolConfiguration(weight: .ultraBlack)\n", "", "SymbolConfiguration(weight:", weightsWritten(15, 0), true},
		{"assigned", assigned, "", "returnKeyType =", weightsWritten(15, 0), true},
		{"compared", "import UIKit\nlet t = UITextField(); let b = t.returnKeyType == .ultraBlack\n", "", "returnKeyType =", weightsWritten(15, 0), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			table := fontTable(12)
			table.values = map[string]index.DotValues{tc.at: tc.values}
			c := &Checker{Table: table, OwnCode: tc.own}
			rep, err := c.Check(context.Background(), []File{{Code: tc.code}}, Options{})
			if err != nil {
				t.Fatal(err)
			}
			i := slices.IndexFunc(rep.Findings, func(r Reference) bool {
				return r.Status == NoSuchCase && r.Symbol == ".ultraBlack" && r.Line == 2
			})
			if found := i >= 0; found != tc.want {
				t.Fatalf("finding %v, want %v (%+v)", found, tc.want, rep.Findings)
			}
			if i >= 0 && (len(rep.Findings[i].Nearest) == 0 || rep.Findings[i].Nearest[0].Name != ".bold") {
				t.Fatalf("want the most written, .bold, first: %+v", rep.Findings[i])
			}
		})
	}
}
