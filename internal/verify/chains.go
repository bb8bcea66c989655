package verify

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Chains: the path a binding's value is written as (`URLSession.shared.dataTask`),
// read from a type, a value or an inherited property up to where the
// expression ends, for the binding pass to type the name by.

// typeAfter returns the first type name of a type annotation starting at i,
// "" for collection or function types (collectionSugar reads the former).
func (a *Analysis) typeAfter(i int) string {
	for ; i < len(a.toks); i++ {
		a.step()
		t := a.toks[i]
		switch {
		case t.Kind == tokAttr, t.Is(tokKeyword, "some"), t.Is(tokKeyword, "any"), t.Is(tokKeyword, "inout"),
			t.Is(tokKeyword, "sending"), t.Is(tokKeyword, "borrowing"), t.Is(tokKeyword, "consuming"):
			continue
		case t.Kind == tokIdent && isCapitalized(t.Text):
			return t.Text
		default:
			return ""
		}
	}
	return ""
}

// bindingChain reads `.a.b()` after a type at end, up to maxLinks
// members, as "T|a|b"; "" when it does not end the expression there.
func (a *Analysis) bindingChain(root string, end int) string {
	return a.chainTo(root, end, endsExpression)
}

// loopEnd says whether t ends a for loop's sequence (`{`, `where`).
func loopEnd(t token) bool { return t.IsPunct("{") || t.Is(tokKeyword, "where") }

// chainTo is bindingChain with the tokens that may end the chain.
func (a *Analysis) chainTo(root string, end int, ends func(token) bool) string {
	return a.chainLinks(root, end, false, ends)
}

// mayInherit says whether the value at j starts with `self.` or a bare
// name that may be inherited: inheritedChain decides once the file's
// declarations are known.
func (a *Analysis) mayInherit(j int) bool {
	t := a.tok(j)
	if a.tok(j - 1).IsPunct(".") {
		return false
	}
	if t.Is(tokKeyword, "self") {
		return a.tok(j + 1).IsPunct(".")
	}
	return t.Kind == tokIdent && !isCapitalized(t.Text) && (a.tok(j+1).IsPunct(".") || a.tok(j+1).IsPunct("(") || endsCondition(a.tok(j+1)))
}

// bindInherited types the locals bound to a chain from the enclosing
// class's Apple superclass (mayInherit), each bound once.
func (a *Analysis) bindInherited() {
	if len(a.inheritedAt) == 0 {
		return
	}
	a.computeSelfTypes()
	for _, b := range a.inheritedAt {
		if a.bindings[b.name] != 1 {
			continue
		}
		if chain := a.inheritedChain(b.at, b.ends); chain != "" {
			// The one binding, untyped when it was read, now typed.
			delete(a.sureTypes, b.name)
			a.bindings[b.name]--
			a.bindSure(b.name, chain)
		}
	}
}

// inheritedBinding is a local bound to a value that may be a chain from the
// enclosing class's superclass (mayInherit), and where the value starts.
type inheritedBinding struct {
	name string
	at   int
	ends func(token) bool
}

// inheritedChain reads, at j, a chain from the Apple superclass the
// enclosing class declares: `self.childNode(withName: "x")`, or an
// inherited method or property written bare (`nodes(at: p).first(where:
// …)` in an SKScene), "SKScene|nodes|[]"; "" when it is not one. A name
// the file's own types declare, or a local, is not inherited.
func (a *Analysis) inheritedChain(j int, ends func(token) bool) string {
	super, t := a.selfTypes[j], a.tok(j)
	if super == "" || a.tok(j-1).IsPunct(".") {
		return ""
	}
	if t.Is(tokKeyword, "self") {
		if !a.tok(j+1).IsPunct(".") || a.memberDecls[a.tok(j+2).Text] {
			return ""
		}
		return a.chainTo(super, j+1, ends)
	}
	if t.Kind != tokIdent || isCapitalized(t.Text) || strings.HasPrefix(t.Text, "$") || a.boundLocal(t.Text) || a.memberDecls[t.Text] {
		return ""
	}
	return a.chainLinks(super, j-1, true, ends)
}

// chainLinks is chainTo; bare says the first link is written without its
// dot, right after end.
func (a *Analysis) chainLinks(root string, end int, bare bool, ends func(token) bool) string {
	chain := root
	// The root's own links (a local bound to "FileManager|default") keep
	// the labels they were read with.
	labels := slices.Clone(a.chainLabels[root])
	for len(labels) < strings.Count(root, "|") {
		labels = append(labels, nil)
	}
	// `default` is a keyword the lexer marks, and the name of many
	// singletons (`CKContainer.default()`, `FileManager.default`).
	for n := 0; n < maxLinks; n++ {
		a.step()
		bareLink := bare && n == 0
		// `x?.a`, `x!.a`: the link is the wrapped value's member.
		if !bareLink && unwraps(a.tok(end)) && a.tok(end+1).IsPunct(".") {
			end++
		}
		if !bareLink && !a.tok(end).IsPunct(".") || !(a.tok(end+1).Kind == tokIdent && !isCapitalized(a.tok(end+1).Text) || a.tok(end+1).Is(tokKeyword, "default")) {
			break
		}
		keeps := chain != root && elementKeeping[a.tok(end+1).Text]
		if next, found, ok := a.elementAt(end); chain != root && found {
			// `response?.routes.first`, `content.entities.first(where:
			// { … })`: an element of the array the link before returns.
			if !ok {
				break
			}
			chain += "|" + elementLink
			labels = append(labels, nil)
			end = next
			continue
		}
		if !keeps {
			chain += "|" + a.tok(end+1).Text
			labels = append(labels, nil)
		}
		end += 2
		if a.tok(end).IsPunct("(") {
			if !keeps {
				labels[len(labels)-1] = a.labelsOf(end)
			}
			end = a.closeOf(end) + 1
		}
		if keeps && a.tok(end).IsPunct("{") {
			end = a.closeOf(end) + 1
		}
	}
	if chain == root || !ends(a.tok(end)) {
		return ""
	}
	if old, seen := a.chainLabels[chain]; seen && !slices.EqualFunc(old, labels, slices.Equal) {
		// The same chain written with other labels elsewhere: its
		// links are read by name alone.
		labels = nil
	}
	a.chainLabels[chain] = labels
	return chain
}

// elementKeeping are the collection methods whose result holds the same
// elements (`store.events(matching: p).filter { !$0.isAllDay }` is still
// EKEvents): a binding's chain reads past them.
var elementKeeping = swiftlex.SetOf("filter", "sorted", "reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast")

// labelsOf reads the argument labels of the call opened at open ("_" for
// an unlabelled one): contentsOfDirectory(at:includingPropertiesForKeys:),
// as argLabels reads every call's in one pass.
func (a *Analysis) labelsOf(open int) []string {
	out := []string{}
	end := a.closeOf(open)
	for j := open + 1; j < end; j++ {
		if a.holder[j] == open && (j == open+1 || a.toks[j-1].IsPunct(",")) {
			out = append(out, a.argLabel(j, open))
		}
	}
	return out
}

// endsExpression says whether t ends the expression before it (`else`
// ends a guard's condition).
func endsExpression(t token) bool {
	return t.Kind < 0 || t.NLBefore || t.IsPunct(";") || t.IsPunct("}") || t.IsPunct(")") || t.IsPunct(",") || t.Is(tokKeyword, "else")
}

// endsCondition is endsExpression for an if, guard or while condition's
// value, which its body's brace ends as well.
func endsCondition(t token) bool { return endsExpression(t) || t.IsPunct("{") }

// closedGeneric says whether the generic arguments opened at lt end the
// parameter's type (`publisher: AnyPublisher<Data, URLError>`): its
// members are the generic type's own. A nested path after them
// (`T<X>.Nested`) or an optional is not followed.
func (a *Analysis) closedGeneric(lt int) bool {
	end := a.closeOf(lt)
	if end <= lt {
		return false
	}
	n := a.tok(end + 1)
	return n.IsPunct(",") || n.IsPunct(")") || n.IsPunct("=")
}

// typePath reads a type written as capitalised names joined by dots
// (UIButton.Configuration) from i, and the index after it; "" when the
// type is not one.
func (a *Analysis) typePath(i int) (string, int) {
	path := ""
	for n := 0; n < 4 && a.tok(i).Kind == tokIdent && isCapitalized(a.tok(i).Text); n++ {
		a.step()
		if path != "" {
			path += "."
		}
		path += a.tok(i).Text
		if !a.tok(i+1).IsPunct(".") || a.tok(i+2).Kind != tokIdent || !isCapitalized(a.tok(i+2).Text) {
			return path, i + 1
		}
		i += 2
	}
	return path, i
}

// pastGenericArguments reads a type path on past the generic arguments
// opened at lt: a nested type after them (`AsyncStream<Double>.
// Continuation`) joins the path; end is the index after what was read.
// A nested path of more than one more name is not followed.
func (a *Analysis) pastGenericArguments(path string, lt int) (string, int) {
	after := a.closeOf(lt) + 1
	if after <= lt {
		return "", lt
	}
	if a.tok(after).IsPunct(".") && a.tok(after+1).Kind == tokIdent && isCapitalized(a.tok(after+1).Text) {
		if a.tok(after+2).IsPunct(".") || a.tok(after+2).IsPunct("<") {
			return "", after
		}
		return path + "." + a.tok(after+1).Text, after + 2
	}
	return path, after
}

// ownless drops the snippet's own types: members of those are the snippet's
// own business.
func (a *Analysis) ownless(typ string) string {
	if a.ownTypes[typ] {
		return ""
	}
	return typ
}
