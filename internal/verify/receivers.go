package verify

import (
	"slices"
	"strings"
)

// Receivers: the types a site's chain reaches, from its root through the
// declared types of the members between, and when overloads disagree.

// receiverTypes follows a site's chain from its root type through the
// declared types of the members between. opaque says the last link
// returns `some P`: the receiver is P's existential, whose members are
// P's alone.
func (c *Checker) receiverTypes(g *graphView, s site, imports map[string]bool) (types []*apiType, opaque bool) {
	if s.rootType == "" {
		return nil, false
	}
	types, opaque = g.typesNamed(s.rootType, imports), s.opaqueRoot != ""
	if s.rootUnion != nil {
		types = s.rootUnion
	}
	arg := s.rootArgument // the one generic argument of the type reached, when written
	for i, l := range s.links {
		if l == elementLink || tupleIndex(l) >= 0 {
			continue // taken with the link before
		}
		opaque = false
		ms := g.linkMembers(types, l)
		if i < len(s.linkLabels) && s.linkLabels[i] != nil {
			ms = fittingLink(ms, l, s.linkLabels[i])
		} else if !slices.ContainsFunc(ms, isProperty) && slices.ContainsFunc(g.membersOf(types, l), isProperty) {
			// `samples.indices.filter`: Array's own indices(where:) and
			// RandomAccessCollection's property share the name, and
			// which one the link is was not read.
			return nil, false
		}
		element := i+1 < len(s.links) && s.links[i+1] == elementLink
		next := linkType(ms, element)
		if i+1 < len(s.links) && tupleIndex(s.links[i+1]) >= 0 {
			// `let (data, response) = try await …data(from:)`: the
			// element of the tuple every overload returns.
			next = tupleElementType(ms, tupleIndex(s.links[i+1]))
			if next == "" {
				return nil, false
			}
		}
		if next == "" && !element {
			// Every overload in the lineage: which one a call picks is
			// not read.
			next, opaque = sameOpaqueType(g.membersOf(types, l))
		}
		if next == "" && !element {
			// Overloads that return different types (Publisher's
			// map(_:), a Publishers.Map for a closure and a
			// Publishers.MapKeyPath for a key path): the next link may
			// be a member of any of them.
			union := compositionTypes(ms)
			if union == nil {
				union = overloadTypes(ms)
			}
			if union == nil {
				// The type's own page of the name declares nothing;
				// its lineage's overloads do.
				union = overloadTypes(g.membersOf(types, l))
			}
			if len(union) > 0 {
				types, arg = nil, ""
				for _, t := range union {
					named := g.typesNamed(t, imports)
					if genericParameterOf(ms, t) || len(named) == 0 {
						// One overload's type is the caller's or has no
						// page (Collection's prefix(_:) returns
						// SubSequence): the next link's receiver is
						// not known.
						return nil, false
					}
					types = append(types, named...)
				}
				continue
			}
		}
		if next == "" || genericParameterOf(ms, next) {
			// `func reduce<Result>(…) -> Result`: the caller's type,
			// not Swift's Result.
			return nil, false
		}
		if written := writtenParameter(types, next, arg); written != "" {
			// `Result<CKRecord, Error>`'s get() returns Success, the
			// type's first generic parameter: the first argument.
			types, arg = g.typesNamed(written, imports), ""
			continue
		}
		nextArg := linkGenericArgument(ms)
		types = g.typesNamed(next, imports)
		if len(types) == 0 && arg != "" && !strings.Contains(arg, ",") && isCapitalized(next) && !strings.Contains(next, ".") {
			// `PHAsset.fetchAssets(with:options:)` returns
			// PHFetchResult<PHAsset>, whose object(at:) returns
			// ObjectType, its generic parameter: no page names a type
			// so, and the argument written takes its place.
			types, nextArg = g.typesNamed(arg, imports), ""
		}
		arg = nextArg
	}
	return types, opaque
}

// writtenParameter is the argument written, in args (genericArgumentAt),
// for the generic parameter named param of the one type reached, by its
// place in the type's declaration: "CKRecord" for Result's Success with
// "CKRecord,Error". "" when the declaration does not name it (a type
// with no page, PHFetchResult: its one argument is taken where no page
// names the parameter, below).
func writtenParameter(types []*apiType, param, args string) string {
	if args == "" || len(types) != 1 {
		return ""
	}
	i := slices.Index(types[0].genericParams, param)
	list := strings.Split(args, ",")
	if i < 0 || i >= len(list) {
		return ""
	}
	return list[i]
}

// fittingLink keeps a chain link's overloads that take the labels it was
// written with (contentsOfDirectory(at:includingPropertiesForKeys:)'s
// [URL], not (atPath:)'s [String]), or all when none does.
func fittingLink(ms []apiMember, base string, labels []string) []apiMember {
	var fit []apiMember
	for _, m := range ms {
		if strings.Contains(m.title, "(") && fitsAny([]apiMember{m}, base, labels, 0) {
			fit = append(fit, m)
		}
	}
	if len(fit) == 0 {
		return ms
	}
	// The overloads titled with exactly the labels written, when some
	// are: map(_:) for `.map(\.data)`, not map(_:_:), whose Topics
	// entry gives no defaults to leave its second out.
	if exact := slices.DeleteFunc(slices.Clone(fit), func(m apiMember) bool { return m.title != signature(base, labels) }); len(exact) > 0 {
		return exact
	}
	return fit
}

// sameOpaqueType is P when every overload that declares what it returns
// returns `some P`: Shape.stroke returns `some Shape` in one overload and
// `some View` in another, and which one a call picks is not read.
func sameOpaqueType(ms []apiMember) (string, bool) {
	out := ""
	for _, m := range ms {
		if m.decl == "" {
			continue
		}
		t := opaqueType(m.decl)
		if t == "" || out != "" && t != out {
			return "", false
		}
		out = t
	}
	return out, out != ""
}

// agreeAlternatives roots s at the first of its alternative paths when
// every one reaches the same single type page; otherwise s stays
// unrooted, as a name of two types is.
func (c *Checker) agreeAlternatives(g *graphView, a *Analysis, s *site, imports map[string]bool) {
	uri := ""
	for _, path := range s.alternatives {
		var probe site
		probe.links = probe.bindRoot(path, nil, a.chainLabels)
		types, opaque := c.receiverTypes(g, probe, imports)
		if len(types) != 1 || opaque || uri != "" && types[0].uri != uri {
			return
		}
		uri = types[0].uri
	}
	s.links = s.bindRoot(s.alternatives[0], s.links, a.chainLabels)
	s.unguessed = false
}

// overloadTypes are the distinct types a link's overloads declare they
// return, when they disagree: at most maxOverloadTypes, every overload's
// type known (an overload whose page declares none shares its title with
// one that does: DataTaskPublisher's map(_:) page is Publisher's). nil
// otherwise.
func overloadTypes(ms []apiMember) []string {
	var out []string
	typed := map[string]bool{}
	for _, m := range ms {
		if t := declaredType(m.pageDecl()); t != "" {
			typed[m.title] = true
			if !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	if len(out) < 2 || len(out) > maxOverloadTypes {
		return nil
	}
	for _, m := range ms {
		if !typed[m.title] {
			return nil
		}
	}
	return out
}

// compositionTypes are the types of the protocol composition every
// overload returns (`class func gaussianBlur() -> any CIFilter &
// CIGaussianBlur`): a value of it has the members of each. nil when the
// overloads return none or disagree; an overload whose page declares
// nothing is its Topics entry, whose title a declaring page shares.
func compositionTypes(ms []apiMember) []string {
	var out []string
	typed := map[string]bool{}
	for _, m := range ms {
		if m.pageDecl() == "" {
			continue
		}
		typed[m.title] = true
		s := strings.TrimPrefix(declaredValueText(m.pageDecl()), "any ")
		parts := strings.Split(s, "&")
		if len(parts) < 2 || len(parts) > maxOverloadTypes {
			return nil
		}
		for i, p := range parts {
			p = strings.TrimSpace(p)
			if !isCapitalized(p) || strings.ContainsFunc(p, func(r rune) bool { return !identByte(byte(r)) && r != '.' }) {
				return nil
			}
			parts[i] = p
		}
		if out != nil && !slices.Equal(out, parts) {
			return nil
		}
		out = parts
	}
	for _, m := range ms {
		if !typed[m.title] {
			return nil
		}
	}
	return out
}

// maxOverloadTypes bounds the types a link's disagreeing overloads may
// give for the next link to be judged against all of them.
const maxOverloadTypes = 3

// tupleElementType is the type of element i of the tuple every overload's
// declaration returns (`-> (Data, URLResponse)`), "" when they disagree,
// one returns no tuple, or the element is no plain type (an optional, a
// closure, a generic parameter).
func tupleElementType(ms []apiMember, i int) string {
	out := ""
	for _, m := range ms {
		decl := m.typing()
		if decl == "" {
			continue
		}
		elems := tupleElements(declaredValueText(decl))
		if i >= len(elems) {
			return ""
		}
		e := elems[i]
		if _, typ, ok := strings.Cut(e, ":"); ok {
			e = typ // a labelled element, `(data: Data, response: URLResponse)`
		}
		e = strings.TrimSpace(e)
		t := declaredType("var x: " + e)
		if t == "" || t != e || genericParameterOf(ms, t) || out != "" && t != out {
			return ""
		}
		out = t
	}
	return out
}

// tupleElements splits a tuple type's text, `(Data, URLResponse)`, at its
// top-level commas; nil when text is no tuple.
func tupleElements(text string) []string {
	if !strings.HasPrefix(text, "(") {
		return nil
	}
	depth, start := 0, 1
	var out []string
	for k := 0; k < len(text); k++ {
		switch text[k] {
		case '(', '<', '[':
			depth++
		case ')', '>', ']':
			depth--
			if depth == 0 {
				if text[k] != ')' {
					return nil
				}
				out = append(out, text[start:k])
				if strings.TrimSpace(text[k+1:]) != "" {
					return nil // `(A, B) -> C`, or a tuple optional
				}
				return out
			}
		case ',':
			if depth == 1 {
				out = append(out, text[start:k])
				start = k + 1
			}
		}
	}
	return nil
}
