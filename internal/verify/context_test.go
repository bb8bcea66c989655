package verify

import (
	"strings"
	"testing"
)

// TestSwitchCasePatterns: a switch over a local of written type checks
// its `case .name` patterns against the type's cases; a subject of the
// file's own type is not checked.
func TestSwitchCasePatterns(t *testing.T) {
	cases := []struct {
		name, code string
		want       string // the name flagged no_such_case, "" for none
	}{
		{"invented case in a switch over a parameter",
			"import UIKit\nfunc f(mode: UIView.ContentMode) {\n  switch mode {\n  case .scaleToFill, .scaleAspectFit: break\n  case .aspectFit: break\n  default: break\n  }\n}\n", "aspectFit"},
		{"real cases, a where clause and a pattern with values",
			"import UIKit\nfunc f(mode: UIView.ContentMode) {\n  switch mode {\n  case .scaleAspectFill where true: break\n  case .scaleToFill: break\n  default: break\n  }\n}\n", ""},
		{"a subject of the file's own type",
			"import UIKit\nenum Mode { case aspectFit }\nfunc f(mode: Mode) {\n  switch mode {\n  case .aspectFit: break\n  }\n}\n", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { expectNoSuchCase(t, c.code, c.want) })
	}
}

// TestComparedLeadingDots: a leading dot compared with a local of written
// type, or with an Apple property, is checked against that type.
func TestComparedLeadingDots(t *testing.T) {
	cases := []struct {
		name, code string
		want       string // the name flagged no_such_case, "" for none
	}{
		{"compared with a parameter", "import UIKit\nfunc f(mode: UIView.ContentMode) {\n  if mode == .aspectFit { }\n}\n", "aspectFit"},
		{"compared with a property", "import UIKit\nlet v = UIImageView()\nlet b = v.contentMode != .aspectFill\n", "aspectFill"},
		{"compared unequal with a parameter", "import UIKit\nfunc f(mode: UIView.ContentMode) -> Bool {\n  return mode != .fill\n}\n", "fill"},
		{"a real case compared", "import UIKit\nfunc f(mode: UIView.ContentMode) {\n  guard mode == .scaleToFill else { return }\n}\n", ""},
		{"compared with a local of the file's own type", "import UIKit\nenum Mode { case aspectFit }\nfunc f(mode: Mode) {\n  if mode == .aspectFit { }\n}\n", ""},
	}
	for _, c := range cases {
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
