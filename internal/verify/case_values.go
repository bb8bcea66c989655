package verify

import (
	"strconv"
	"strings"
)

// Case values: a pattern that binds the value an enumeration's case
// carries (`guard case .verified(let transaction) = result`, over StoreKit's
// VerificationResult<SignedType>) types the bound name by the case's
// associated value. When that value is the enumeration's generic parameter
// and no argument is in sight (`for await result in
// Transaction.currentEntitlements`, whose element the crawl does not
// give), the value is one of the types the documentation writes as the
// enumeration's argument (Transaction, AppTransaction, RenewalInfo), and a
// member none of them has is no member of it.

// casePatternRoot marks a bound root as the value a case pattern binds:
// "case:verified#0" is the first value `.verified(…)` carries
// (casePatternValue), resolved when checked (caseValueTypes).
const casePatternRoot = "case:"

// maxCaseValueTypes bounds the types a generic case value may be: a type
// whose documented arguments are many (Result, Binding) holds the caller's
// values, not a few of Apple's.
const maxCaseValueTypes = 4

// genericEvidence is a table that knows the arguments the documentation
// writes for a generic type (IndexTable).
type genericEvidence interface {
	GenericArguments(name string) ([]string, error)
}

// casePatternValue is the root of the name a `let` at i binds inside a
// case pattern (`.verified(let transaction)`, `.success(.verified(let t))`,
// `.unverified(let t, let error)`, `VerificationResult.verified(let t)`),
// "" for any other binding: only a pattern binds with `let` inside a case's
// parentheses.
func (a *Analysis) casePatternValue(i int) string {
	open := a.holder[i]
	if open < 2 || !a.tok(open).IsPunct("(") || a.tok(open-1).Kind != tokIdent || !a.tok(open-2).IsPunct(".") {
		return ""
	}
	if !(a.tok(i-2).IsPunct("(") || a.tok(i-2).IsPunct(",")) || !(a.tok(i+1).IsPunct(")") || a.tok(i+1).IsPunct(",")) {
		return ""
	}
	index := 0
	for k := open + 1; k < i-1; k++ {
		if a.holder[k] == open && a.toks[k].IsPunct(",") {
			index++
		}
	}
	return casePatternRoot + a.tok(open-1).Text + "#" + strconv.Itoa(index)
}

// caseValueTypes are the types the value a case pattern binds may have
// (root as casePatternValue writes it): the case's associated value's
// documented type, else, for the enumeration's generic parameter, the
// documented types written as its argument, when there are at most
// maxCaseValueTypes and each has a page. nil when not known: the case is
// the file's own, no one enumeration of the imported frameworks has it,
// or an argument is no documented type.
func (c *Checker) caseValueTypes(g *graphView, root string, imports, declared map[string]bool) []*apiType {
	spec := strings.TrimPrefix(root, casePatternRoot)
	name, n, _ := strings.Cut(spec, "#")
	index, err := strconv.Atoi(n)
	if err != nil || declared[name] {
		return nil
	}
	var owner *apiType
	var decl string
	for _, m := range inScopeOverloads(g, name, imports) {
		if m.kind != "case" {
			continue
		}
		if owner != nil && m.parent != owner {
			return nil // two enumerations have the case
		}
		owner, decl = m.parent, m.typing()
	}
	values := caseAssociatedValues(decl)
	if owner == nil || index >= len(values) {
		return nil
	}
	value := values[index]
	base, _, _ := strings.Cut(owner.title, "<")
	if rest, ok := strings.CutPrefix(value, base+"<"); ok {
		// The enumeration's own nested type, written with its parameter
		// (`VerificationResult<SignedType>.VerificationError`).
		if k := strings.Index(rest, ">."); k >= 0 {
			value = base + rest[k+1:]
		}
	}
	if named := g.typesNamed(value, imports); len(named) > 0 {
		return named
	}
	ge, ok := c.Table.(genericEvidence)
	if !ok || strings.ContainsAny(value, ".<[?") {
		return nil
	}
	args, err := ge.GenericArguments(base)
	if err != nil {
		g.fail(err)
		return nil
	}
	var out []*apiType
	for _, arg := range args {
		if arg == value || arg == "Any" {
			continue // the parameter itself, or no type at all
		}
		named := g.typesNamed(arg, imports)
		if len(named) == 0 {
			return nil // a type of the caller's
		}
		out = append(out, named...)
	}
	if len(out) > maxCaseValueTypes {
		return nil
	}
	return out
}

// caseAssociatedValues are the types a case's declaration gives its
// values (`case verified(SignedType)`, `case unverified(SignedType,
// VerificationError)`, a labelled one's type after its colon); nil for a
// case with none or a declaration that is no case.
func caseAssociatedValues(decl string) []string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(decl), "case ")
	if !ok {
		return nil
	}
	open := strings.IndexByte(rest, '(')
	if open < 0 || !strings.HasSuffix(rest, ")") {
		return nil
	}
	var out []string
	for _, e := range tupleElements(rest[open:]) {
		if _, typ, labelled := strings.Cut(e, ":"); labelled {
			e = typ
		}
		out = append(out, strings.TrimSpace(e))
	}
	return out
}
