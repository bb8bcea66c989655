package verify

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// Leading-dot expectations: the type each leading-dot argument's parameter
// declares, read from the overloads a call fits, for cases.go to judge.

// expectCaseArguments gives the arguments of a leading-dot call of a
// concrete type's static member (`.standard(pointsOfInterest:
// .including([.cafe]))`, MapStyle's static func) the types its overloads
// declare, as a call on the type would: nested leading dots are checked
// in turn.
func (c *Checker) expectCaseArguments(g *graphView, a *Analysis, s site, want string, imports map[string]bool, expect map[int]string) {
	if strings.HasPrefix(want, conformingPrefix) {
		return
	}
	types := g.unaliased(g.typesNamed(want, imports), imports)
	if ms := g.membersOf(types, s.name); len(ms) > 0 && fitsAny(ms, s.name, s.labels, s.trailing) {
		a.expectArguments(s, ms, s.name, expect)
	}
}

// withSelf is s with the concrete type a protocol member's `Self` stands
// for when the receiver is one type (a structure, an enumeration or a
// class), and whether it is an option set, whose elements are itself.
func (g *graphView) withSelf(s site, types []*apiType) site {
	if len(types) != 1 || types[0].kind == "protocol" || types[0].title == "" {
		return s
	}
	s.selfType = types[0].title
	for _, t := range g.lineage(types) {
		if t.title == "OptionSet" {
			s.selfElement = true
		}
	}
	return s
}

// expectArguments records, for each leading-dot argument of a call, the
// type its parameter declares, when every overload that fits the labels
// agrees on it. An array literal's leading-dot elements (an option set)
// expect the same type.
func (a *Analysis) expectArguments(s site, ms []apiMember, base string, expect map[int]string) {
	if s.open < 0 {
		return
	}
	starts := a.argStarts[s.open]
	want := make([]string, len(s.labels))
	vetoed := make([]bool, len(s.labels))
	// plainWith: the one type an overload takes where another takes any
	// type conforming to a protocol (want).
	plainWith := make([]string, len(s.labels))
	// optional: an overload that fits declares the parameter an optional
	// (or its type unread), whose `.none` is nil.
	optional := make([]bool, len(s.labels))
	for _, m := range ms {
		ps, ok := paramsOf(m, base)
		if !ok {
			continue // a property of the same name
		}
		to, ok := assign(s.labels, s.trailing, ps)
		if !ok {
			continue
		}
		if m.parent != nil && m.parent.title != "" {
			// ps is this call's own (paramsOf parses it afresh).
			for k := range ps {
				root, rest, _ := strings.Cut(ps[k].typ, ".")
				switch {
				case slices.Contains(m.parent.genericParams, root):
					// A parameter of the type's own generic parameter
					// (ForEach<Data, ID, Content>'s `_ data: Data`)
					// takes any type, not the one named so (Foundation's
					// Data).
					ps[k].typ = ""
				case root == "Self" && s.selfType != "" && m.parent.kind == "protocol" && (rest == "" || rest == "Element" && s.selfElement):
					// `options.insert(.allowBluetooth)`: SetAlgebra's
					// `Self.Element`, an option set's own type; Equatable's
					// or SetAlgebra's `Self`, the receiver's.
					ps[k].typ = s.selfType
				case root == "Self" && rest != "":
					// `invalidate(reason: Self.InvalidationReason)` of
					// the protocol Tip: its type named on the member's
					// own type.
					ps[k].typ = m.parent.title + "." + rest
				}
			}
		}
		// An overload known only by its title (no declared types) does
		// not veto; two declared types that differ do.
		for i, k := range to {
			optional[i] = optional[i] || ps[k].nilable || ps[k].typ == ""
			if ps[k].clockDuration && slices.Contains(s.labels, "clock") {
				vetoed[i] = true // the caller's clock may count otherwise
				continue
			}
			switch typ := ps[k].typ; {
			case typ == "", typ == plainWith[i]:
			case want[i] == "" && !vetoed[i]:
				want[i] = typ
			case want[i] == typ:
			case strings.HasPrefix(want[i], conformingPrefix) && strings.HasPrefix(typ, conformingPrefix):
				// Overloads constrained to different protocols
				// (buttonStyle: ButtonStyle or PrimitiveButtonStyle):
				// a static member of either fits.
				if !slices.Contains(strings.Split(strings.TrimPrefix(want[i], conformingPrefix), "|"), strings.TrimPrefix(typ, conformingPrefix)) {
					want[i] += "|" + strings.TrimPrefix(typ, conformingPrefix)
				}
			case strings.HasPrefix(want[i], conformingPrefix) != strings.HasPrefix(typ, conformingPrefix) && plainWith[i] == "":
				// One overload takes a type, another any type conforming
				// to a protocol (transition: AnyTransition, or T:
				// Transition): a static member of the type or of the
				// protocol fits.
				some, plain := want[i], typ
				if strings.HasPrefix(typ, conformingPrefix) {
					some, plain = typ, want[i]
				}
				if plainType(plain) != plain {
					vetoed[i] = true
					break
				}
				want[i], plainWith[i] = some, plain
			default:
				vetoed[i] = true
			}
		}
	}
	for i, st := range starts {
		if i >= len(want) || want[i] == "" || vetoed[i] || expect[st] != "" {
			continue
		}
		if plainWith[i] != "" {
			want[i] += "|" + plainWith[i]
		}
		// A collection parameter's array literal holds its element
		// type's leading dots; a leading dot for the collection itself
		// is left alone.
		elem, collection := strings.CutPrefix(want[i], elementsPrefix)
		switch t := a.tok(st); {
		case t.IsPunct(".") && a.tok(st+1).Kind == tokIdent && !collection:
			expect[st] = want[i]
			// (A nested type's initializer is written by its own name
			// too: `UIImage.SymbolConfiguration(weight:` as
			// `SymbolConfiguration(weight:`. An unlabelled argument's
			// place is the first argument's: a later one has none.)
			if s.labels[i] != "_" || i == 0 {
				a.dotContexts[st] = index.DotContext{Callee: titleName(s.name), Label: s.labels[i]}
			}
			if !optional[i] {
				a.nonOptionalDots[st] = true
			}
		case !collection && !t.IsPunct("["):
			// `span: recurring ? .futureEvents : .thisEvent`
			for _, d := range a.conditionalDots(st) {
				if expect[d] == "" {
					expect[d] = want[i]
				}
			}
		case t.IsPunct("["):
			if base == "init" && !collection && len(s.labels) == 1 && s.labels[0] == "_" && s.trailing == 0 && elem != s.name {
				// `NSUnderlineStyle([.single, .patternDot])`: a type's own
				// initializer given one array literal is an option set's
				// (SetAlgebra's init(_:) of its own elements), not another
				// overload's parameter that no literal is (SwiftUI's
				// NSUnderlineStyle(_: Text.LineStyle)). Not a view's, whose
				// content follows as a trailing closure
				// (`ScrollView([.horizontal, .vertical]) { … }`: Axis.Set).
				elem = s.name
			}
			end := a.closeOf(st)
			for j := st + 1; j < end; j++ {
				a.step()
				if a.holder[j] == st && a.toks[j].IsPunct(".") && (j == st+1 || a.toks[j-1].IsPunct(",")) {
					expect[j] = elem
				}
			}
		}
	}
}

// expectValue records the type a leading dot compared with, assigned to
// or switched over a member takes: the member's declared type.
func (c *Checker) expectValue(g *graphView, a *Analysis, s site, types []*apiType, dot int, imports map[string]bool, expect map[int]string) {
	if len(types) > 0 && dot > 0 && expect[dot] == "" {
		// `x.property = .name` (or `== .name`, `!= .name`): the name is the property's type's, which
		// its declaration gives; when the crawl gives none (a Topics
		// entry with no page: JSONDecoder.keyDecodingStrategy), the name
		// is not judged by its existence elsewhere either.
		expect[dot] = vagueType
		typeOf := declaredType
		if a.tok(dot-1).IsPunct("[") || a.tok(dot-1).IsPunct(",") {
			typeOf = literalElementType // an element of an assigned literal
		}
		for _, m := range g.membersOf(types, s.name) {
			if t := typeOf(m.typing()); t != "" {
				expect[dot] = t
				break
			}
		}
		if a.tok(dot-1).IsPunct("=") && !(a.tok(dot-2).IsPunct("!") && !a.tok(dot-1).SpaceBefore) {
			// Assigned (not compared: `!=`).
			a.dotContexts[dot] = index.DotContext{Label: s.name}
		}
		if expect[dot] == vagueType {
			// No declaration: the type the property is named after, nested
			// in its owner (UIStackView.alignment, a UIStackView.Alignment).
			if want := g.nestedTypeIn(types, nestedName(s.name, "", false), imports); want != "" {
				expect[dot] = want
			}
		}
	}
	if len(types) == 0 && s.rootType != "" && dot > 0 && expect[dot] == "" && len(g.typesNamed(s.rootType, imports)) > 0 {
		// `window?.titleVisibility = .hidden` in an NSWindowController
		// subclass: the chain starts from an Apple type but a link's type
		// is not declared (NSWindowController.window has no page), so the
		// property is an Apple one; the documented properties of that
		// name in scope may agree on its type. A root type the crawl does
		// not have (SystemLanguageModel, newer) says nothing of that.
		if want := agreedPropertyType(inScopeOverloads(g, s.name, imports)); want != "" {
			expect[dot] = want
		}
	}
}

// valuesOf lists the leading dots that take the type of the member at i:
// the one it is assigned or compared with (valueAfter), or its switch's
// case patterns.
func (a *Analysis) valuesOf(i int) []int {
	if dot := a.valueAfter(i); dot > 0 {
		return []int{dot}
	}
	if a.tok(i + 1).IsPunct("=") {
		// `style.alignment = compact ? .leading : .center`
		if dots := a.conditionalDots(i + 2); len(dots) > 0 {
			return dots
		}
	}
	if a.tok(i+1).IsPunct("=") && a.tok(i+2).IsPunct("[") {
		// An option set assigned as a literal (`layer.maskedCorners =
		// [.layerMinXMinYCorner]`): its elements are of the property's type.
		return a.literalDots(i + 2)
	}
	if open, ok := a.switchedOn(i); ok {
		return a.caseDots(open)
	}
	return nil
}

// literalDots lists the leading dots that are whole elements of the array
// literal opened at open: `.name`, each followed by "," or the "]".
func (a *Analysis) literalDots(open int) []int {
	var out []int
	end := a.closeOf(open)
	for k := open + 1; k < end; k++ {
		if (k == open+1 || a.toks[k-1].IsPunct(",")) && a.toks[k].IsPunct(".") && a.tok(k+1).Kind == tokIdent &&
			(a.tok(k+2).IsPunct(",") || k+2 == end) {
			out = append(out, k)
		}
		if c := a.closeOf(k); c > k && (a.toks[k].IsPunct("(") || a.toks[k].IsPunct("[")) {
			k = c
		}
	}
	return out
}

// valueAfter is the leading dot that a property at i is assigned or
// compared with (`x.p = .name`, `x.p == .name`, `x.p != .name`, which the
// lexer gives as "!" and "="), -1 when there is none.
func (a *Analysis) valueAfter(i int) int {
	k := i + 1
	switch t := a.tok(k); {
	case t.IsPunct("!") && a.tok(k+1).IsPunct("=") && !a.tok(k+1).SpaceBefore:
		k += 2
	case t.IsPunct("=") || t.IsPunct("=="):
		k++
	default:
		return -1
	}
	if !a.tok(k).IsPunct(".") || a.tok(k+1).Kind != tokIdent {
		return -1
	}
	return k
}

// agreedPropertyType is the type every documented property among ms
// declares, "" when none does, one is not a property or two differ.
func agreedPropertyType(ms []apiMember) string {
	agreed := ""
	for _, m := range ms {
		t := declaredType(m.decl)
		if t == "" || m.kind != "property" || strings.Contains(m.decl, "(") {
			return ""
		}
		if agreed != "" && agreed != t {
			return ""
		}
		agreed = t
	}
	return agreed
}
