package verify

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Return contexts: a leading dot that a function or a computed property
// returns (`var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }`,
// `-> UIView.ContentMode { return .scaleAspectFit }`) is the declared
// type's member, checked against it like an argument.

// returnContexts maps each such leading dot's token to the type written
// before its body; a body whose type is the file's own, optional or
// generic gives none.
func (a *Analysis) returnContexts() map[int]string {
	out := map[int]string{}
	for o, t := range a.toks {
		a.step()
		if !t.IsPunct("{") {
			continue
		}
		typ := a.bodyType(o)
		if typ == "" {
			continue
		}
		end := a.closeOf(o)
		// A single-expression body: `{ .name }`, `{ .name(…) }`.
		if d := o + 1; a.tok(d).IsPunct(".") && a.tok(d+1).Kind == tokIdent && a.afterMember(d+1) == end {
			out[d] = typ
		}
		// `return .name` in the body, or in the blocks of its statements
		// (a switch's cases, an if's branches), never in a closure's.
		for j := o + 1; j < end; j++ {
			a.step()
			if !a.toks[j].Is(tokKeyword, "return") || a.returnsFrom(j) != o {
				continue
			}
			if a.tok(j+1).IsPunct(".") && a.tok(j+2).Kind == tokIdent && !a.tok(j+1).NLBefore {
				if k := a.afterMember(j + 2); endsExpression(a.tok(k)) {
					out[j+1] = typ
				}
			}
			if !a.tok(j + 1).NLBefore {
				// `return failed ? .error : .info`
				for _, d := range a.conditionalDots(j + 1) {
					out[d] = typ
				}
			}
		}
	}
	return out
}

// returnsFrom is the brace of the body a return at i leaves: the group
// holding it, past the blocks of statements (statementBlock); -1 when a
// bracket or the top level holds it.
func (a *Analysis) returnsFrom(i int) int {
	h := a.holder[i]
	for h >= 0 && a.toks[h].IsPunct("{") && a.statementBlock(h) {
		a.step()
		h = a.holder[h]
	}
	if h >= 0 && !a.toks[h].IsPunct("{") {
		return -1
	}
	return h
}

// statementBlock says whether the brace at open opens the block of a
// statement (`switch theme {`, `} else if ready {`, `for x in xs {`,
// `guard … else {`), found on its line before it past bracketed groups; a
// closure's brace (`items.map {`, `Button("OK") {`) is none, and neither
// is a declaration's body.
func (a *Analysis) statementBlock(open int) bool {
	for k := open - 1; k >= 0; k-- {
		a.step()
		t := a.toks[k]
		if (t.IsPunct(")") || t.IsPunct("]")) && a.openOf(k) >= 0 {
			k = a.openOf(k)
			t = a.toks[k]
		}
		if t.Kind == tokKeyword && statementKeywords[t.Text] {
			return true
		}
		if t.IsPunct("{") || t.IsPunct("}") || t.IsPunct(";") || t.NLBefore {
			return false
		}
	}
	return false
}

// statementKeywords begin the statements whose blocks a return passes
// through.
var statementKeywords = swiftlex.SetOf("if", "else", "guard", "switch", "for", "while", "repeat", "do", "catch", "defer")

// afterMember is the token after the member name at i and its call, if
// any.
func (a *Analysis) afterMember(i int) int {
	if a.tok(i+1).IsPunct("(") && !a.tok(i+1).SpaceBefore {
		return a.closeOf(i+1) + 1
	}
	return i + 1
}

// bodyType is the Apple type written just before the body opened at o:
// `-> T {` or `var name: T {`, "" otherwise.
func (a *Analysis) bodyType(o int) string {
	k := o - 1
	if a.tok(k).Kind != tokIdent || !isCapitalized(a.tok(k).Text) {
		return ""
	}
	for a.tok(k-1).IsPunct(".") && a.tok(k-2).Kind == tokIdent && isCapitalized(a.tok(k-2).Text) {
		a.step()
		k -= 2
	}
	if a.ownTypes[a.tok(k).Text] || a.generics[a.tok(k).Text] {
		return ""
	}
	switch before := a.tok(k - 1); {
	case before.IsPunct("->"):
	case before.IsPunct(":") && a.tok(k-2).Kind == tokIdent && a.tok(k-3).Is(tokKeyword, "var"):
	default:
		return ""
	}
	path, end := a.typePath(k)
	if end != o {
		return ""
	}
	return path
}

// sureOrClosureType is a local's written type, or the type a closure
// parameter gets from its callee's declaration.
func (a *Analysis) sureOrClosureType(name string) string {
	if t := a.sureTypes[name]; t != "" {
		return t
	}
	if t := a.envTypes[name]; t != "" {
		return t
	}
	if _, ok := a.closures[name]; !ok || a.closureType == nil {
		return ""
	}
	return a.closureType(name)
}

// switchContexts records, for the leading dots that start a `case` pattern
// of a switch over a local of written type (`switch type {` with `for type:
// NSFetchedResultsChangeType` a parameter), that type: `case .updated:`
// names one of its cases. A subject of a chain, an optional or the
// project's own type gives none.
func (a *Analysis) switchContexts(expect map[int]string) {
	for i, t := range a.toks {
		a.step()
		if !t.Is(tokKeyword, "switch") || a.tok(i+1).Kind != tokIdent {
			continue
		}
		if !a.tok(i + 2).IsPunct("{") {
			// `switch store.authorizationStatus(for: type) {`: a chain
			// from a typed local, read as a local bound to it is.
			open := a.bodyAfter(i + 1)
			if chain := a.localChain(i+1, func(t token) bool { return t.IsPunct("{") }); chain != "" && open > 0 {
				a.chainSwitches = append(a.chainSwitches, chainSwitch{path: chain, dots: a.caseDots(open)})
			}
			continue
		}
		typ := a.sureOrClosureType(a.tok(i + 1).Text)
		if root, _, _ := strings.Cut(typ, "|"); strings.Contains(typ, "|") && !a.ownTypes[root] && !a.generics[root] {
			a.chainSwitches = append(a.chainSwitches, chainSwitch{path: typ, dots: a.caseDots(i + 2)})
			continue
		}
		if typ == "" || strings.Contains(typ, "|") || a.ownTypes[typ] || a.generics[typ] {
			continue
		}
		if root, _, _ := strings.Cut(typ, "."); a.ownTypes[root] {
			continue
		}
		for _, k := range a.caseDots(i + 2) {
			expect[k] = typ
		}
	}
}

// bodyAfter is the index of the "{" that opens the body after a
// statement's head starting at i (a switch's subject), its groups
// skipped; -1 when a line ends first.
func (a *Analysis) bodyAfter(i int) int {
	for j := i; j < len(a.toks); j++ {
		a.step()
		switch t := a.toks[j]; {
		case j > i && t.NLBefore:
			return -1
		case t.IsPunct("(") || t.IsPunct("["):
			j = a.closeOf(j)
		case t.IsPunct("{"):
			return j
		}
	}
	return -1
}

// interpolationLabels are the labelled arguments of a string interpolation
// whose type the index declares: OSLogInterpolation's
// appendInterpolation(_:privacy:), which a Logger message's `\(email,
// privacy: .private)` calls. In a file that does not import os the type
// is not in scope and the dot is not judged.
var interpolationLabels = map[string]string{"privacy": "OSLogPrivacy"}

// interpolationContexts records, for a leading dot an interpolation's
// labelled argument starts (`\(email, privacy: .redacted)`), the type the
// label takes.
func (a *Analysis) interpolationContexts(expect map[int]string) {
	for i, t := range a.toks {
		a.step()
		if !t.IsPunct("(") || t.Start != t.End || !a.tok(i-1).IsPunct(")") && a.tok(i-1).Kind != tokString {
			continue // not the synthetic group of an interpolation
		}
		for j := i + 2; j+3 < a.closeOf(i); j++ {
			typ := interpolationLabels[a.toks[j].Text]
			if typ == "" || a.holder[j] != i || !a.toks[j-1].IsPunct(",") || a.toks[j].Kind != tokIdent ||
				!a.toks[j+1].IsPunct(":") || !a.toks[j+2].IsPunct(".") || a.toks[j+3].Kind != tokIdent || expect[j+2] != "" {
				continue
			}
			expect[j+2] = typ
		}
	}
}

// chainSwitch is a switch over a local bound through a chain: the bound
// path ("Product|purchase") and its case patterns' leading dots.
type chainSwitch struct {
	path string
	dots []int
}

// chainSwitchContexts gives the leading dots of switches over locals bound
// through a chain the type the chain's links declare, when one type
// follows: `case .cancelled:` on `try await product.purchase()`'s
// Product.PurchaseResult.
func (c *Checker) chainSwitchContexts(g *graphView, a *Analysis, imports map[string]bool, expect map[int]string) {
	for _, cs := range a.chainSwitches {
		var s site
		s.links = s.bindRoot(cs.path, nil, a.chainLabels)
		types, opaque := c.receiverTypes(g, s, imports)
		if opaque || len(types) != 1 || types[0].title == "" {
			continue
		}
		for _, k := range cs.dots {
			if expect[k] == "" {
				expect[k] = types[0].title
			}
		}
	}
}

// caseDots lists the leading dots of the case patterns of the switch
// whose body opens at open: each `.name` or `.name(…)` up to a case's
// colon, the patterns separated by commas.
func (a *Analysis) caseDots(open int) []int {
	var out []int
	end := a.closeOf(open)
	for j := open + 1; j < end; j++ {
		a.step()
		if a.holder[j] != open || !a.toks[j].Is(tokKeyword, "case") {
			continue
		}
		for k := j + 1; k < end && !(a.holder[k] == open && a.toks[k].IsPunct(":")); k++ {
			a.step()
			start := k == j+1 || a.toks[k-1].IsPunct(",") && a.holder[k-1] == open
			if start && a.toks[k].IsPunct(".") && a.tok(k+1).Kind == tokIdent {
				if after := a.tok(a.afterMember(k + 1)); after.IsPunct(":") || after.IsPunct(",") || after.Is(tokKeyword, "where") {
					out = append(out, k)
				}
			}
		}
	}
	return out
}

// switchedOn says whether the member at i ends the subject of a switch
// (`switch player.timeControlStatus {`), and gives the body's "{".
func (a *Analysis) switchedOn(i int) (open int, ok bool) {
	return i + 1, a.tok(i+1).IsPunct("{") && a.beforeChain(i).Is(tokKeyword, "switch")
}

// comparisonContexts records, for a leading dot compared with a local of
// written type (`editingStyle == .delete`, `status != .authorized`), that
// type: both sides of == are of one type. A local of a chain, of the
// project's own type or a generic gives none.
func (a *Analysis) comparisonContexts(expect map[int]string) {
	for i, t := range a.toks {
		a.step()
		// `!=` comes as "!" and "=": the value follows the "=".
		if !t.IsPunct("==") && !(t.IsPunct("=") && a.tok(i-1).IsPunct("!") && !t.SpaceBefore) || !a.tok(i+1).IsPunct(".") || a.tok(i+2).Kind != tokIdent {
			continue
		}
		l := i - 1
		if !t.IsPunct("==") {
			l--
		}
		lhs := a.tok(l)
		if lhs.Kind != tokIdent || isCapitalized(lhs.Text) || a.tok(l-1).IsPunct(".") || expect[i+1] != "" {
			continue
		}
		typ := a.sureOrClosureType(lhs.Text)
		chained := strings.Contains(typ, "|")
		if typ == "" || a.ownTypes[typ] || a.generics[typ] {
			continue
		}
		if root, _, _ := strings.Cut(typ, "."); a.ownTypes[root] {
			continue
		}
		if root, _, _ := strings.Cut(typ, "|"); chained && (a.ownTypes[root] || a.generics[root]) {
			continue
		}
		// The comparison ends there, or is a ternary's condition
		// (`mode == .tinted ? a : b`; `.x?.y` would chain on).
		if n := a.tok(a.afterMember(i + 2)); endsExpression(n) || n.Is(tokKeyword, "else") || n.IsPunct("{") || n.IsPunct("&&") || n.IsPunct("||") ||
			n.IsPunct("?") && n.SpaceBefore {
			if chained {
				// `status == .signedIn` on `let status = try await
				// container.accountStatus()`: the chain's type, read
				// with the switches over such locals.
				a.chainSwitches = append(a.chainSwitches, chainSwitch{path: typ, dots: []int{i + 1}})
				continue
			}
			expect[i+1] = typ
		}
	}
}

// functionTypeParams reads a function type annotation at i, past its
// attributes (`@escaping (UNNotificationPresentationOptions) -> Void`):
// the types of its parameters, "" for one that is not a plain Apple type
// (an optional, a tuple, a closure, a generic, the file's own); ok only
// for a function type.
func (a *Analysis) functionTypeParams(i int) (params []string, ok bool) {
	for a.tok(i).Kind == tokAttr {
		a.step()
		i++
	}
	if !a.tok(i).IsPunct("(") {
		return nil, false
	}
	end := a.closeOf(i)
	if end < 0 || !a.tok(end+1).IsPunct("->") && !(a.tok(end+1).Is(tokKeyword, "throws") && a.tok(end+2).IsPunct("->")) {
		return nil, false
	}
	for j := i + 1; j < end; {
		a.step()
		path, after := a.typePath(j)
		next := after
		for next < end && !(a.tok(next).IsPunct(",") && a.holder[next] == i) {
			a.step()
			next++
		}
		root, _, _ := strings.Cut(path, ".")
		if path == "" || next != after || a.ownTypes[root] || a.generics[root] {
			path = ""
		}
		params = append(params, path)
		j = next + 1
	}
	return params, true
}

// closureCallContexts records the type a leading dot passed to a function
// parameter takes: `completionHandler([.banner, .sound])` in a method
// whose signature writes `completionHandler: @escaping
// (UNNotificationPresentationOptions) -> Void`, `decisionHandler(.allow)`.
// The parameter must be bound once; an argument is a leading dot or a
// literal of them (an option set's).
func (a *Analysis) closureCallContexts(expect map[int]string) {
	for i, t := range a.toks {
		a.step()
		params := a.functionParams[t.Text]
		if len(params) == 0 || t.Kind != tokIdent || a.bindings[t.Text] != 1 || a.declTok[i] || a.tok(i-1).IsPunct(".") {
			continue
		}
		open := i + 1
		if !a.tok(open).IsPunct("(") || a.tok(open).SpaceBefore {
			continue
		}
		end := a.closeOf(open)
		arg, start := 0, open+1
		for j := open + 1; j <= end && j > 0; j++ {
			a.step()
			if j < end && !(a.toks[j].IsPunct(",") && a.holder[j] == open) {
				continue
			}
			if arg < len(params) && params[arg] != "" {
				a.expectArgument(start, params[arg], expect)
			}
			arg, start = arg+1, j+1
		}
	}
}

// expectArgument records typ for a leading dot at st, or for each of the
// leading dots of a literal there.
func (a *Analysis) expectArgument(st int, typ string, expect map[int]string) {
	switch t := a.tok(st); {
	case t.IsPunct(".") && a.tok(st+1).Kind == tokIdent && expect[st] == "":
		expect[st] = typ
	case t.IsPunct("["):
		for _, d := range a.literalDots(st) {
			if expect[d] == "" {
				expect[d] = typ
			}
		}
	}
}
