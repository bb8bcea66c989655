package index

import (
	"slices"
	"testing"
)

// TestDotValuesIn (dotMatcher): the leading-dot names code writes in a place, an
// assigned property's or a call's labelled or unlabelled argument, and
// nothing written elsewhere (a comparison, another label, a later
// unlabelled argument, an argument that is no leading dot, a string
// literal's text).
func TestDotValuesIn(t *testing.T) {
	code := `field.borderStyle = .roundedRect
if field.borderStyle == .none { }
borderStyle = .line
let effect = UIBlurEffect(style: .systemMaterial)
let other = UIBlurEffect(style: isDark ? .dark : .light)
view.effect = UIBlurEffect(
    style: .regular.withAlpha(f(1, 2)))
button.setButtonType(.switch)
button.setButtonType(kind, .momentaryPushIn)
let soft = UIBlurEffect(named: "a, style: .fake)", style: .extraLight)
label.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
label.font = UIFont.systemFont(ofSize: .init(17), weight: .bold)
let columns = [GridItem(.adaptive(minimum: 80))]
`
	cases := []struct {
		at   DotContext
		want []string
	}{
		{DotContext{Label: "borderStyle"}, []string{"roundedRect", "line"}},
		{DotContext{Callee: "UIBlurEffect", Label: "style"}, []string{"systemMaterial", "regular", "extraLight"}},
		{DotContext{Callee: "setButtonType", Label: "_"}, []string{"switch"}},
		{DotContext{Callee: "systemFont", Label: "weight"}, []string{"semibold", "bold"}},
		{DotContext{Callee: "systemFont", Label: "ofSize"}, []string{"init"}},
		{DotContext{Callee: "UIBlurEffect", Label: "_"}, nil},
		{DotContext{Callee: "GridItem", Label: "_"}, []string{"adaptive"}},
	}
	for _, tc := range cases {
		if got := newDotMatcher(tc.at).values(code); !slices.Equal(got, tc.want) {
			t.Errorf("%s: got %q, want %q", tc.at, got, tc.want)
		}
	}
	if got := (DotValues{"a": {"p2", "p1"}, "b": {"p1", "p3"}}).Projects(); !slices.Equal(got, []string{"p1", "p2", "p3"}) {
		t.Errorf("projects %q", got)
	}
}
