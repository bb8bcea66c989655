package verify

import (
	"context"
	"slices"
	"strings"
)

// Leading dots whose type the declaration does not give. Many members are
// known only from their type's Topics (no page, so no declaration), and a
// leading dot passed to them would go unchecked. Apple names the type of
// such a parameter or property after it, nested in the type that declares
// the member: UIFont.systemFont(ofSize:weight:) takes a UIFont.Weight,
// UIStackView.alignment is a UIStackView.Alignment, AVCaptureDevice's
// position: a Position, UIImage.withRenderingMode(_:) a RenderingMode.
// When exactly one such nested type is documented, and well enough to
// judge its cases (judgedCases), the dot is checked against it.

// nestedName is the nested type name a parameter or property is named
// after: its label, capitalised ("weight" → "Weight"), or, for an
// unlabelled first argument, the base name past its leading lowercase
// word ("withRenderingMode" → "RenderingMode"); "" when there is none.
func nestedName(label, base string, first bool) string {
	if label == "_" {
		if !first {
			return ""
		}
		k := strings.IndexFunc(base, func(r rune) bool { return r >= 'A' && r <= 'Z' })
		if k <= 0 {
			return ""
		}
		return base[k:]
	}
	if label == "" || label[0] < 'a' || label[0] > 'z' {
		return ""
	}
	return strings.ToUpper(label[:1]) + label[1:]
}

// nestedTypeIn finds the one documented type named name nested in one of
// the owners or the types they inherit from, judged for its cases; "" when
// none or more than one is.
func (g *graphView) nestedTypeIn(owners []*apiType, name string, imports map[string]bool) string {
	if name == "" {
		return ""
	}
	found := ""
	seen := map[string]bool{}
	for _, t := range g.lineage(owners) {
		if t.title == "" || t.kind == "protocol" || seen[t.title] {
			continue
		}
		seen[t.title] = true
		full := t.title + "." + name
		types := g.typesNamed(full, imports)
		// A type whose own page is missing counts when its member pages'
		// See Also lists give its cases (siblings.go).
		if len(types) == 0 || types[0].title != full && !(len(types) == 1 && g.siblingsWhole(types[0])) {
			continue
		}
		if !g.judgedCases(types, false) || found != "" && found != full {
			return ""
		}
		found = full
	}
	return found
}

// expectNested records, for the leading-dot arguments of a call that no
// overload fitting its labels gives a declared type, the type nested in
// the overloads' own types that the parameter is named after.
func (g *graphView) expectNested(a *Analysis, s site, ms []apiMember, base string, imports map[string]bool, expect map[int]string) {
	if s.open < 0 {
		return
	}
	starts := a.argStarts[s.open]
	var owners []*apiType
	typed := make([]bool, len(s.labels))
	for _, m := range ms {
		ps, ok := paramsOf(m, base)
		if !ok {
			continue
		}
		to, ok := assign(s.labels, s.trailing, ps)
		if !ok {
			continue
		}
		for i, k := range to {
			typed[i] = typed[i] || ps[k].typ != ""
		}
		if m.parent != nil && m.parent.title != "" && !slices.Contains(owners, m.parent) {
			owners = append(owners, m.parent)
		}
	}
	if len(owners) == 0 {
		return
	}
	for i, st := range starts {
		if i >= len(s.labels) || typed[i] || expect[st] != "" {
			continue
		}
		dot := a.tok(st).IsPunct(".") && a.tok(st+1).Kind == tokIdent
		list := a.tok(st).IsPunct("[")
		if !dot && !list {
			continue
		}
		want := g.nestedTypeIn(owners, nestedName(s.labels[i], base, i == 0), imports)
		if want == "" {
			continue
		}
		if dot {
			expect[st] = want
			continue
		}
		end := a.closeOf(st)
		for j := st + 1; j < end; j++ {
			a.step()
			if a.holder[j] == st && a.toks[j].IsPunct(".") && (j == st+1 || a.toks[j-1].IsPunct(",")) {
				expect[j] = want
			}
		}
	}
}

// inheritedNames lists the Apple types the file's declarations inherit
// from or conform to, and its extensions add: the names after the colon of
// `struct FlowLayout: Layout {`, `class Cell: UITableViewCell, Configurable`
// and `extension Model: Identifiable`, up to the body or a where clause.
// Inside such a declaration a protocol's or superclass's nested names are
// in scope unqualified (`Subviews` in a Layout is Layout.Subviews).
func (a *Analysis) inheritedNames() []string {
	var out []string
	seen := map[string]bool{}
	for i, t := range a.toks {
		a.step()
		if !(t.Kind == tokKeyword && (t.Text == "class" || t.Text == "struct" || t.Text == "enum" || t.Text == "actor" || t.Text == "extension")) || a.tok(i+1).Kind != tokIdent {
			continue
		}
		k := i + 2
		for a.tok(k).IsPunct(".") && a.tok(k+1).Kind == tokIdent {
			k += 2
		}
		if a.tok(k).IsPunct("<") {
			k = a.closeOf(k) + 1
		}
		if !a.tok(k).IsPunct(":") {
			continue
		}
		for k++; k < len(a.toks) && !a.tok(k).IsPunct("{") && !a.tok(k).Is(tokKeyword, "where"); k++ {
			n := a.tok(k)
			if n.Kind == tokIdent && isCapitalized(n.Text) && !a.tok(k-1).IsPunct(".") && !a.ownTypes[n.Text] && !seen[n.Text] {
				seen[n.Text] = true
				out = append(out, n.Text)
			}
			if n.IsPunct("<") {
				k = a.closeOf(k)
			}
		}
	}
	return out
}

// extendedGenericParameter says whether name is a generic parameter of an
// Apple type the file extends (`extension Result { var value: Success? }`,
// Result<Success, Failure>): the extension names it as the type's own.
func (c *Checker) extendedGenericParameter(ctx context.Context, a *Analysis, name string) (bool, error) {
	g, err := c.graphView(ctx)
	if g == nil || err != nil {
		return false, err
	}
	for _, ext := range a.extendedTypes() {
		for _, t := range g.typesNamed(ext, nil) {
			if slices.Contains(t.genericParams, name) {
				return true, g.err
			}
		}
	}
	return false, g.err
}

// extendedTypes are the types the file's extensions extend, as written
// (`extension Result`, `extension Publishers.Map`), the file's own aside.
func (a *Analysis) extendedTypes() []string {
	var out []string
	for i, t := range a.toks {
		if !t.Is(tokKeyword, "extension") || a.tok(i+1).Kind != tokIdent || a.ownTypes[a.tok(i+1).Text] {
			continue
		}
		if path, _ := a.typePath(i + 1); path != "" && !slices.Contains(out, path) {
			out = append(out, path)
		}
	}
	return out
}
