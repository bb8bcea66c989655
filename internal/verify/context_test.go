package verify

import (
	"strings"
	"testing"
)

// TestSwitchCasePatterns: a switch over a local of written type checks
// its `case .name` patterns against the type's cases; a subject of the
// file's own type is not checked.
func TestSwitchCasePatterns(t *testing.T) {
	runCaseRows(t, []caseRow{
		{"invented case in a switch over a parameter",
			"import UIKit\nfunc f(mode: UIView.ContentMode) {\n  switch mode {\n  case .scaleToFill, .scaleAspectFit: break\n  case .aspectFit: break\n  default: break\n  }\n}\n", "aspectFit"},
		{"real cases, a where clause and a pattern with values",
			"import UIKit\nfunc f(mode: UIView.ContentMode) {\n  switch mode {\n  case .scaleAspectFill where true: break\n  case .scaleToFill: break\n  default: break\n  }\n}\n", ""},
		{"a subject of the file's own type",
			"import UIKit\nenum Mode { case aspectFit }\nfunc f(mode: Mode) {\n  switch mode {\n  case .aspectFit: break\n  }\n}\n", ""},
	})
}

// TestComparedLeadingDots: a leading dot compared with a local of written
// type, or with an Apple property, is checked against that type, in a
// conditional's condition too.
func TestComparedLeadingDots(t *testing.T) {
	runCaseRows(t, []caseRow{
		{"compared with a parameter", "import UIKit\nfunc f(mode: UIView.ContentMode) {\n  if mode == .aspectFit { }\n}\n", "aspectFit"},
		{"compared with a property", "import UIKit\nlet v = UIImageView()\nlet b = v.contentMode != .aspectFill\n", "aspectFill"},
		{"compared unequal with a parameter", "import UIKit\nfunc f(mode: UIView.ContentMode) -> Bool {\n  return mode != .fill\n}\n", "fill"},
		{"a real case compared", "import UIKit\nfunc f(mode: UIView.ContentMode) {\n  guard mode == .scaleToFill else { return }\n}\n", ""},
		{"compared as a conditional's condition", "import UIKit\nfunc f(mode: UIView.ContentMode) -> Int {\n  mode == .aspectFit ? 1 : 2\n}\n", "aspectFit"},
		{"an optional chain after the leading dot is no conditional", "import UIKit\nfunc f(mode: UIView.ContentMode) -> Int? {\n  mode == .aspectFit?.x\n}\n", ""},
		{"compared with a local of the file's own type", "import UIKit\nenum Mode { case aspectFit }\nfunc f(mode: Mode) {\n  if mode == .aspectFit { }\n}\n", ""},
	})
}

// TestTypedValueLeadingDots: a binding with a written type, and a
// conditional's branches wherever its context gives a type (an argument,
// an assigned property, a returned value, a binding), check their
// leading dots against that type; a conditional's `?` is no optional
// chain's, and the file's own types are not judged.
func TestTypedValueLeadingDots(t *testing.T) {
	runCaseRows(t, []caseRow{
		{"a binding with a written type", "import UIKit\nlet m: UIView.ContentMode = .aspectFit\n", "aspectFit"},
		{"a conditional bound with a written type", "import UIKit\nfunc f(wide: Bool) {\n  let m: UIView.ContentMode = wide ? .scaleAspectFill : .aspectFit\n  print(m)\n}\n", "aspectFit"},
		{"a nested conditional in parentheses", "import UIKit\nfunc f(a: Bool, b: Bool) {\n  var m: UIView.ContentMode = a ? .scaleToFill : (b ? .fit : .scaleAspectFit)\n  m = .scaleToFill\n}\n", "fit"},
		{"a conditional argument", "import UIKit\nfunc f(v: UIImageView, wide: Bool) {\n  v.setMode(wide ? .aspectFill : .scaleToFill, animated: true)\n}\n", "aspectFill"},
		{"a conditional assigned to a property", "import UIKit\nfunc f(v: UIImageView, wide: Bool) {\n  v.contentMode = wide ? .scaleAspectFill : .aspectFit\n}\n", "aspectFit"},
		{"a conditional returned", "import UIKit\nfunc mode(wide: Bool) -> UIView.ContentMode {\n  return wide ? .scaleToFill : .aspectFit\n}\n", "aspectFit"},
		{"real cases in a conditional after an optional chain", "import UIKit\nfunc f(v: UIImageView?, wide: Bool) {\n  let m: UIView.ContentMode = v?.isHidden == true ? .scaleToFill : .scaleAspectFit\n  v?.contentMode = wide ? .scaleAspectFill : m\n}\n", ""},
		{"a binding of the file's own type", "import UIKit\nenum Mode { case aspectFit, fill }\nfunc f(wide: Bool) {\n  let m: Mode = wide ? .aspectFit : .fill\n  print(m)\n}\n", ""},
	})
}

// caseRow is a snippet and the name it should get no_such_case on, "" for
// none.
type caseRow struct{ name, code, want string }

// runCaseRows runs expectNoSuchCase on each row as a subtest.
func runCaseRows(t *testing.T, rows []caseRow) {
	t.Helper()
	for _, c := range rows {
		t.Run(c.name, func(t *testing.T) { expectNoSuchCase(t, c.code, c.want) })
	}
}

// expectNoSuchCase checks code and wants no_such_case on want, or no
// finding that says a name is missing when want is "".
func expectNoSuchCase(t *testing.T, code, want string) {
	t.Helper()
	got := checkTyped(t, code)
	for _, f := range got {
		if f.Status == NoSuchCase && want != "" && strings.Contains(f.Symbol, want) {
			return
		}
		if f.Status.SaysMissing() && want == "" {
			t.Fatalf("want no finding, got %+v", got)
		}
	}
	if want != "" {
		t.Fatalf("want no_such_case on %s, got %+v", want, got)
	}
}

// TestChainedSubjects: a leading dot compared with a local bound to a
// chain (`let m = v.mode(for: s)`), or a case of a switch over a chain
// that calls a method with arguments (`switch v.mode(for: s) {`), is
// checked against the type the chain's last member declares.
func TestChainedSubjects(t *testing.T) {
	g := graphWith(func(d *memGraph) {
		const view = "apple-docs://uikit/uiimageview"
		addListed(d, view, view+"/mode(for:)", "mode(for:)", "method", "func mode(for size: CGSize) -> UIView.ContentMode")
	})
	runTypedCases(t, g, []typedCase{
		{"compared with a local bound to a chain", "import UIKit\nlet v = UIImageView()\nfunc f(s: CGSize) {\n  let m = v.mode(for: s)\n  if m == .aspectFit { }\n}\n", NoSuchCase, "aspectFit"},
		{"a real case compared there", "import UIKit\nlet v = UIImageView()\nfunc f(s: CGSize) {\n  let m = v.mode(for: s)\n  if m == .scaleToFill { }\n}\n", "", ""},
		{"a case of a switch over a call with arguments", "import UIKit\nlet v = UIImageView()\nfunc f(s: CGSize) {\n  switch v.mode(for: s) {\n  case .aspectFit: break\n  default: break\n  }\n}\n", NoSuchCase, "aspectFit"},
		{"a real case there", "import UIKit\nlet v = UIImageView()\nfunc f(s: CGSize) {\n  switch v.mode(for: s) {\n  case .scaleToFill: break\n  default: break\n  }\n}\n", "", ""},
	})
}
