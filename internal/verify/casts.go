package verify

import (
	"slices"
)

// Casts: the type a value cast with `as`, `as?` or `as!` takes, and the
// element picked from a cast collection (`scenes.compactMap { $0 as?
// UIWindowScene }.first`).

// castOperand walks the chain of names and calls a cast at j is applied
// to (`x.y.z as …`, `x.f(a) as …`) and returns the index of its last
// name or closing parenthesis.
func (a *Analysis) castOperand(j int) int {
	k := j
	for n := 0; n < 2*maxLinks && (a.tok(k).Kind == tokIdent || a.tok(k).Is(tokKeyword, "self")); n++ {
		a.step()
		if a.tok(k+1).IsPunct("(") && !a.tok(k+1).SpaceBefore {
			// `mapView.dequeueReusableAnnotationView(withIdentifier: id)
			// as? MKMarkerAnnotationView`: a call ends the operand, or
			// a chain goes on after it.
			if k = a.closeOf(k + 1); k < 0 {
				return len(a.toks)
			}
		}
		switch {
		case a.tok(k + 1).IsPunct("."):
			k += 2
		case unwraps(a.tok(k+1)) && a.tok(k+2).IsPunct("."):
			k += 3 // `samples?.first as? HKQuantitySample`
		default:
			return k
		}
	}
	return k
}

// castElements reads `x.y as? [T] ?? []` or `x.y as! [T]` at j, ending
// the expression, or `x.y as? [T]` in a condition that unwraps it
// (`guard let ws = samples as? [HKWorkout] else`): the element type T's
// path, "" when it is not one.
func (a *Analysis) castElements(j int, unwrapping bool) string {
	k := a.castOperand(j)
	mark := a.tok(k + 2)
	if !a.tok(k+1).Is(tokKeyword, "as") || !mark.IsPunct("!") && !mark.IsPunct("?") || !a.tok(k+3).IsPunct("[") {
		return ""
	}
	if t := a.tok(k + 4); t.Kind != tokIdent || !isCapitalized(t.Text) || a.ownTypes[t.Text] {
		return ""
	}
	elem, end := a.typePath(k + 4)
	if !a.tok(end).IsPunct("]") {
		return ""
	}
	end++
	if mark.IsPunct("?") && !unwrapping {
		// Only with an empty array for nil: otherwise an optional array.
		// The lexer gives `??` as two marks.
		if !a.tok(end).IsPunct("?") || !a.tok(end+1).IsPunct("?") || !a.tok(end+2).IsPunct("[") || !a.tok(end+3).IsPunct("]") {
			return ""
		}
		end += 4
	}
	if !endsExpression(a.tok(end)) {
		return ""
	}
	return elem
}

// castType reads `x as! T` or `x.y as? T` at j, ending the expression:
// T's path, and whether the cast is conditional (as?); "" when it is not
// one.
func (a *Analysis) castType(j int) (string, bool) {
	k := a.castOperand(j)
	if !a.tok(k+1).Is(tokKeyword, "as") {
		return "", false
	}
	mark := a.tok(k + 2)
	if !mark.IsPunct("!") && !mark.IsPunct("?") {
		return "", false
	}
	if t := a.tok(k + 3); t.Kind != tokIdent || !isCapitalized(t.Text) || a.ownTypes[t.Text] {
		return "", false
	}
	path, end := a.typePath(k + 3)
	if mark.IsPunct("?") && a.tok(end).IsPunct("?") && a.tok(end+1).IsPunct("?") && !a.tok(end+1).SpaceBefore {
		// `dequeue(…) as? T ?? T(…)`: a T either way.
		if made, after := a.typePath(end + 2); made == path && a.tok(after).IsPunct("(") && endsExpression(a.tok(a.closeOf(after)+1)) {
			return path, false
		}
		return "", false
	}
	if n := a.tok(end); !endsExpression(n) && !n.Is(tokKeyword, "else") && !n.IsPunct("{") {
		return "", false
	}
	return path, mark.IsPunct("?")
}

// castPick reads a receiver chain that casts a collection's elements and
// picks one (`connectedScenes.compactMap { $0 as? UIWindowScene }.first {
// … }?.keyWindow`): the cast type, and the links after the pick, with
// elementLink for a later `.first` or `.last`.
func (a *Analysis) castPick(rcv receiver) (string, []string, bool) {
	var names []int // the chain's link tokens, last first
	for r := rcv; ; r = a.receivers[r.prev] {
		a.step()
		names = append(names, r.link)
		if r.prev < 0 || len(names) > 2*maxLinks {
			break
		}
	}
	slices.Reverse(names)
	for i := len(names) - 2; i >= 0; i-- {
		typ := a.castClosure(names[i])
		if typ == "" {
			continue
		}
		if pick := a.toks[names[i+1]].Text; pick != "first" && pick != "last" {
			return "", nil, false
		}
		var links []string
		for _, k := range names[i+2:] {
			switch l := a.toks[k].Text; l {
			case "first", "last":
				links = append(links, elementLink)
			default:
				links = append(links, l)
			}
		}
		return typ, links, len(links) <= maxLinks
	}
	return "", nil, false
}

// castClosure is T when the chain link at k casts each element in its
// closure, `compactMap { $0 as? T }`, `compactMap({ $0 as? T })` or
// `map { $0 as! T }`, "" otherwise.
func (a *Analysis) castClosure(k int) string {
	name, open := a.toks[k].Text, k+1
	if a.tok(open).IsPunct("(") && a.tok(open+1).IsPunct("{") && a.closeOf(open+1)+1 == a.closeOf(open) {
		open++
	}
	if name != "compactMap" && name != "map" || !a.tok(open).IsPunct("{") || a.tok(open+1).Text != "$0" || !a.tok(open+2).Is(tokKeyword, "as") {
		return ""
	}
	if mark := a.tok(open + 3); !(mark.IsPunct("?") && name == "compactMap" || mark.IsPunct("!")) {
		return ""
	}
	if t := a.tok(open + 4); t.Kind != tokIdent || !isCapitalized(t.Text) || a.ownTypes[t.Text] {
		return ""
	}
	if path, end := a.typePath(open + 4); end == a.closeOf(open) {
		return path
	}
	return ""
}

// castPickValue reads, at j, a bound value that picks an element of a cast
// collection and ends there (`let scene = UIApplication.shared
// .connectedScenes.compactMap { $0 as? UIWindowScene }.first`): the cast
// type, "" otherwise. inCondition says a brace after it opens a body.
func (a *Analysis) castPickValue(j int, inCondition bool) string {
	if a.tok(j).Kind != tokIdent && !a.tok(j).Is(tokKeyword, "self") {
		return ""
	}
	k := j + 1
	for n := 0; n < 2*maxLinks; n++ {
		a.step()
		if unwraps(a.tok(k)) && a.tok(k+1).IsPunct(".") {
			k++
		}
		if !a.tok(k).IsPunct(".") || a.tok(k+1).Kind != tokIdent {
			return ""
		}
		if typ := a.castClosure(k + 1); typ != "" {
			end, found, ok := a.elementAt(a.closeOf(k+2) + 1)
			if !found || !ok {
				return ""
			}
			if t := a.tok(end); bindingEnds(t) || inCondition && t.IsPunct("{") {
				return typ
			}
			return ""
		}
		k += 2
		if a.tok(k).IsPunct("(") {
			k = a.closeOf(k) + 1
		}
	}
	return ""
}
