package verify

import (
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// TestScopeLocals pins which uses of a name scopeLocals reads as one value:
// a token is named by its line and its place among that line's tokens of
// the name; the tokens in same must share one text after the pass, the
// tokens in apart must all differ.
func TestScopeLocals(t *testing.T) {
	cases := []struct {
		name, code  string
		ident       string
		same, apart [][2]int // (line, nth token of ident on it)
	}{
		{
			name:  "two functions' locals of one name are two values",
			code:  "func a() {\n  let f = NumberFormatter()\n  f.numberStyle = .decimal\n}\nfunc b() {\n  let f = Price()\n  f.render()\n}\n",
			ident: "f",
			same:  [][2]int{{2, 0}, {3, 0}},
			apart: [][2]int{{3, 0}, {7, 0}},
		},
		{
			name:  "a local beside the stored property of its name",
			code:  "final class M {\n  let f: Price\n  init() {\n    let f = NumberFormatter()\n    f.numberStyle = .decimal\n    self.f = Price()\n  }\n  func g() { f.render() }\n}\n",
			ident: "f",
			same:  [][2]int{{2, 0}, {6, 0}, {8, 0}},
			apart: [][2]int{{5, 0}, {8, 0}},
		},
		{
			name:  "a binding's own value names the outer one",
			code:  "final class M {\n  var v: UIView?\n  func a() {\n    let v = v?.superview\n    v?.layoutIfNeeded()\n  }\n}\n",
			ident: "v",
			same:  [][2]int{{2, 0}, {4, 1}},
			apart: [][2]int{{4, 0}, {4, 1}},
		},
		{
			name:  "an if's binding holds in its body only",
			code:  "final class M {\n  var d: UIScreen?\n  func a(x: Any) {\n    if let d = x as? UIDevice {\n      print(d.name)\n    }\n    print(d?.bounds)\n  }\n}\n",
			ident: "d",
			same:  [][2]int{{2, 0}, {7, 0}},
			apart: [][2]int{{5, 0}, {7, 0}},
		},
		{
			name:  "a guard's binding holds to the end of its block",
			code:  "final class M {\n  var d: UIScreen?\n  func a(x: Any) {\n    guard let d = x as? UIDevice else { return }\n    print(d.name)\n  }\n  func b() { print(d?.bounds) }\n}\n",
			ident: "d",
			same:  [][2]int{{4, 0}, {5, 0}},
			apart: [][2]int{{5, 0}, {7, 0}},
		},
		{
			name:  "an unwrapping of itself stays the one value",
			code:  "final class M {\n  var w: UIWindow?\n  func a() {\n    guard let w = w else { return }\n    w.makeKey()\n  }\n}\n",
			ident: "w",
			same:  [][2]int{{2, 0}, {4, 0}, {4, 1}, {5, 0}},
		},
		{
			name:  "a stored property unwrapped through self keeps its name in a local's scope",
			code:  "final class M {\n  var r: A?\n  func f() {\n    let r = B()\n    q { [weak self] in\n      guard let r = self?.r else { return }\n      r.x()\n    }\n  }\n}\n",
			ident: "r",
			same:  [][2]int{{2, 0}, {6, 0}, {7, 0}},
			apart: [][2]int{{4, 0}, {7, 0}},
		},
		{
			name:  "members and labels keep their text",
			code:  "func a() {\n  let d = UIDevice()\n  show(d: d, e: self.d)\n}\nfunc b(d: Int) { print(d) }\n",
			ident: "d",
			same:  [][2]int{{3, 0}, {3, 2}},
			apart: [][2]int{{2, 0}, {3, 0}, {5, 0}},
		},
		{
			name:  "parameters of two functions",
			code:  "func a(item: Item) { item.x() }\nfunc b(for item: Other) { item.y() }\n",
			ident: "item",
			same:  [][2]int{{1, 0}, {1, 1}},
			apart: [][2]int{{1, 1}, {2, 1}},
		},
		{
			name:  "a loop's name holds in its body",
			code:  "func a(xs: [A], x: B) {\n  for x in xs {\n    x.run()\n  }\n  x.stop()\n}\n",
			ident: "x",
			same:  [][2]int{{2, 0}, {3, 0}},
			apart: [][2]int{{3, 0}, {5, 0}},
		},
		{
			name:  "a capture list captures the outer value",
			code:  "final class M {\n  let s = Session()\n  func a() {\n    q.async { [s] in s.run() }\n    let s = Other()\n    s.stop()\n  }\n}\n",
			ident: "s",
			same:  [][2]int{{2, 0}, {4, 0}, {4, 1}},
			apart: [][2]int{{4, 1}, {6, 0}},
		},
		{
			name:  "a name bound once keeps its text",
			code:  "func a() {\n  let only = UIDevice()\n  only.name\n}\n",
			ident: "only",
			same:  [][2]int{{2, 0}, {3, 0}},
		},
		{
			name:  "a closure's parameter counts as a binding and keeps its text",
			code:  "func a(xs: [A]) {\n  xs.forEach { x in x.run() }\n}\nfunc b() {\n  let x = B()\n  x.stop()\n}\n",
			ident: "x",
			same:  [][2]int{{2, 0}, {2, 1}},
			apart: [][2]int{{2, 1}, {6, 0}},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			toks, _ := scopeLocals(swiftlex.Lex(tc.code))
			at := func(p [2]int) string {
				n := 0
				for _, tk := range toks {
					if tk.Line == p[0] && tk.Kind == tokIdent && writtenName(tk.Text) == tc.ident {
						if n == p[1] {
							return tk.Text
						}
						n++
					}
				}
				t.Fatalf("no %s number %d on line %d", tc.ident, p[1], p[0])
				return ""
			}
			for _, p := range tc.same[1:] {
				if at(p) != at(tc.same[0]) {
					t.Errorf("line %d's %s reads %q, line %d's %q: want one value", p[0], tc.ident, at(p), tc.same[0][0], at(tc.same[0]))
				}
			}
			seen := map[string][2]int{}
			for _, p := range tc.apart {
				if q, dup := seen[at(p)]; dup {
					t.Errorf("lines %d and %d read %s as one value %q: want two", q[0], p[0], tc.ident, at(p))
				}
				seen[at(p)] = p
			}
		})
	}
	src := swiftlex.Lex("let a = 1\n")
	if out, _ := scopeLocals(src); &out[0] != &src[0] {
		t.Error("a file with nothing to rename is copied")
	}
}

// TestInheritedPropertyBesideMethodsOfItsName: in a UITableViewController
// that declares tableView(_:numberOfRowsInSection:) and its kin, a bare or
// self-rooted `tableView` read as a value is the inherited property, whose
// members are judged; where the class declares a property of that name,
// it is the class's own.
func TestInheritedPropertyBesideMethodsOfItsName(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		addFilledType(d, "apple-docs://uikit/uitableviewcontroller", "UITableViewController", "class", "uikit")("tableView", "property", "var tableView: UITableView! { get set }")
		addFilledType(d, "apple-docs://uikit/uitableview", "UITableView", "class", "uikit")("reloadData()", "method", "func reloadData()")
	})
	g.MemTable = NewMemTable("names", []SymbolInfo{
		{Name: "UITableViewController", Kind: "class", Module: "uikit", URI: "apple-docs://uikit/uitableviewcontroller"},
		{Name: "UITableView", Kind: "class", Module: "uikit", URI: "apple-docs://uikit/uitableview"},
	})
	methods := `
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        tableView.reloadData()
        return 0
    }
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}
`
	inherited := "import UIKit\n\nfinal class C: UITableViewController {\n    override func viewDidLoad() {\n        tableView.reloadRows()\n        self.tableView.reloadAll()\n        self.tableView.reloadData(animated: true)\n    }" + methods
	wantTypeFindings(t, typeFindings(t, g, inherited), "5 UITableView.reloadRows", "6 UITableView.reloadAll", "7 UITableView.reloadData(animated:)")
	own := "import UIKit\n\nfinal class C: UITableViewController {\n    let tableView = Grid()\n    func f() {\n        tableView.reloadRows()\n        self.tableView.reloadAll()\n    }" + methods
	wantTypeFindings(t, typeFindings(t, g, own))
}

// TestScopedLocalsStayDeclared: a local scopeLocals renamed is still a
// name the project declares under its written name (declaredNames), as
// every local is: in a file checked with it, a member of that name on an
// Apple value is left alone.
func TestScopedLocalsStayDeclared(t *testing.T) {
	g := testGraph()
	locals := File{Code: "import UIKit\nfunc a() {\n  let hasNotch = 1\n  print(hasNotch)\n}\nfunc b() {\n  let hasNotch = 2\n  print(hasNotch)\n}\n"}
	use := File{Code: "import UIKit\nlet d = UIDevice()\nprint(d.hasNotch)\n"}
	for _, f := range checkCode(t, g, Options{}, locals, use).Findings {
		if strings.Contains(f.Symbol, "hasNotch") {
			t.Errorf("want hasNotch left alone, got %+v", f)
		}
	}
}

// TestScopeLocalsWorkIsLinear: four times the input costs at most about
// four times the pass's work, for shapes that would cost the square of
// their length without its budget (a name bound thousands of times in one
// block, bindings on one line, loops with no body), and for code that
// renames throughout (many functions of one parameter name).
func TestScopeLocalsWorkIsLinear(t *testing.T) {
	shapes := map[string]func(n int) string{
		"one name bound in one block": func(n int) string { return "func f() {\n" + strings.Repeat("let a = 1\nprint(a)\n", n) + "}\n" },
		"bindings on one line":        func(n int) string { return "func f() { " + strings.Repeat("let a = b ", n) + "}" },
		"loops with no body":          func(n int) string { return "func f() { " + strings.Repeat("for a in b ", n) + "}" },
		"functions of one parameter":  func(n int) string { return strings.Repeat("func f(a: Int) {\n  let b = a\n  print(b)\n}\n", n) },
		"nested if-lets": func(n int) string {
			return "func f() {\n" + strings.Repeat("if let a = b {\n", n) + strings.Repeat("}\n", n) + "}\n"
		},
	}
	for name, shape := range shapes {
		t.Run(name, func(t *testing.T) {
			small, large := swiftlex.Lex(shape(500)), swiftlex.Lex(shape(2000))
			_, s := scopeLocalsCounted(small, swiftlex.PairBrackets(small))
			_, l := scopeLocalsCounted(large, swiftlex.PairBrackets(large))
			if ratio := float64(l) / float64(s); ratio > 4.5 {
				t.Errorf("%d tokens cost %d, %d tokens %d: ×%.1f for ×4 the input, want linear", len(small), s, len(large), l, ratio)
			}
			if limit := scopeWorkPerToken*len(large) + 64; l > limit+8 { // each walk stops at its first token past it
				t.Errorf("work %d past the budget %d", l, limit)
			}
		})
	}
	// Past the budget nothing is renamed: the tokens come back as they were.
	toks := swiftlex.Lex(shapes["one name bound in one block"](2000))
	if out, _ := scopeLocalsCounted(toks, swiftlex.PairBrackets(toks)); &out[0] != &toks[0] {
		t.Error("a pass past its budget renamed names")
	}
}
