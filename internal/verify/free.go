package verify

import (
	"slices"
	"strings"
)

// Free functions: a call with no receiver outside an Apple type's body,
// judged by the labels of the module-level functions of its name.

// checkFreeCall judges a free function's call by the labels its
// documented overloads take: the module-level functions of the name in a
// framework in scope (`withTaskCancellationHandler(operation:onCancel:
// isolation:)`, not `(operation:onCancellation:)`). A name no module in
// scope documents is the file's own or another module's: not judged. A
// call that fits gives its leading-dot arguments the parameters' types.
func (g *graphView) checkFreeCall(a *Analysis, s site, imports map[string]bool, expect map[int]string) (Reference, bool) {
	var free []apiMember
	for _, m := range g.overloads(s.name, true) {
		fw, rest, nested := moduleOfURI(m.uri)
		if nested || !strings.Contains(rest, "(") {
			// A member of a type (whose page the crawl may lack), or no
			// function (a global constant's page).
			continue
		}
		if fw == "swift" || imports[fw] {
			free = append(free, m)
		}
	}
	if len(free) == 0 {
		return Reference{}, false
	}
	if fitsAny(free, s.name, s.labels, s.trailing) {
		a.expectArguments(s, free, s.name, expect)
		return Reference{}, false
	}
	if !slices.ContainsFunc(s.labels, func(l string) bool { return l != "_" && !labelOfAny(free, l) }) {
		// The crawl lacks overloads of the standard library's functions
		// (min(_:_:) beside the variadic min(_:_:_:_:), zip(_:_:)): a call
		// is judged only by a label none of the documented ones has.
		return Reference{}, false
	}
	r := Reference{Line: s.line, Symbol: signature(s.name, s.labels), Kind: string(RefMember), Status: WrongLabels}
	r.Nearest = overloadCandidates(free, "", s.labels)
	r.Why = "no overload of " + s.name + " takes " + signature("", s.labels) + "; real ones: " + candidateNames(r.Nearest)
	return r, true
}

// labelOfAny says whether one of the overloads takes an argument labelled l.
func labelOfAny(ms []apiMember, l string) bool {
	return slices.ContainsFunc(ms, func(m apiMember) bool {
		return strings.Contains(m.title, "("+l+":") || strings.Contains(m.title, ":"+l+":")
	})
}

// moduleOfURI splits a page's address into its framework and the rest
// ("apple-docs://swift/zip(_:_:)": swift, "zip(_:_:)"); nested says the
// rest is under a type's address, not the module's.
func moduleOfURI(uri string) (fw, rest string, nested bool) {
	fw, rest, _ = strings.Cut(strings.TrimPrefix(strings.ToLower(uri), "apple-docs://"), "/")
	if i := strings.IndexByte(rest, '('); i >= 0 {
		nested = strings.Contains(rest[:i], "/")
	} else {
		nested = strings.Contains(rest, "/")
	}
	return fw, rest, nested
}
