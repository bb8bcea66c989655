package verify

import "strings"

// Values of the file's own types: a model's stored property of an Apple
// type (`struct Reminder { var dueDate: Date }`) is that type wherever a
// value of the model is written (`reminder.dueDate.isToday`,
// `reminders.filter { $0.dueDate.isToday }`), as self's is.

// bindOwn records name's own type, or its array's element, when the
// annotation at i writes one (`Reminder`, `Reminder?`, `[Reminder]`).
func (a *Analysis) bindOwn(name string, i int) {
	if own := a.ownTypeAt(i); own != "" {
		bindAgreed(a.ownValues, name, own)
	}
	if a.tok(i).IsPunct("[") && a.tok(i+2).IsPunct("]") {
		if own := a.ownTypeAt(i + 1); own != "" {
			bindAgreed(a.ownElements, name, own)
		}
	}
}

// ownTypeAt is the file's own type named at i, alone or optional, "" for
// anything else (a generic, a nested or Apple type).
func (a *Analysis) ownTypeAt(i int) string {
	t := a.tok(i)
	if t.Kind != tokIdent || !a.ownTypes[t.Text] || a.generics[t.Text] {
		return ""
	}
	if n := a.tok(i + 1); n.IsPunct(".") || n.IsPunct("<") {
		return ""
	}
	return t.Text
}

// ownValue is the file's own type of the chain root at i, "" when not
// known: a local or parameter annotated so, bound once; `$0` in a closure
// over an array of one; a loop's element over such an array.
func (a *Analysis) ownValue(i int, local bool) string {
	name := a.tok(i).Text
	switch {
	case local && a.bindings[name] == 1:
		if own := a.ownValues[name]; own != "" {
			return own
		}
		if coll := a.loopOver[name]; coll != "" && a.bindings[coll] == 1 {
			return a.ownElements[coll]
		}
	case !local && len(name) == 2 && name[0] == '$' && name[1] >= '0' && name[1] <= '9':
		return a.dollarOwn(i)
	}
	return ""
}

// dollarOwn is the file's own type whose array the anonymous closure
// parameter at i takes the elements of (`reminders.filter { $0.isDone }`),
// "" otherwise.
func (a *Analysis) dollarOwn(i int) string {
	open := a.innermostBrace(i)
	// `$1` of a closure that takes one element is none.
	if open < 0 || elementClosures[a.tok(open-1).Text] <= int(a.tok(i).Text[1]-'0') {
		return ""
	}
	if coll := a.elementClosureOver(open); coll != "" && a.bindings[coll] == 1 {
		return a.ownElements[coll]
	}
	return ""
}

// elementClosureOver is the local whose elements the closure opened at
// open takes when it trails an element method of it (`contacts.map {`),
// "" otherwise.
func (a *Analysis) elementClosureOver(open int) string {
	j := open - 1
	if open < 0 || elementClosures[a.tok(j).Text] == 0 || !a.tok(j-1).IsPunct(".") || a.tok(j-2).Kind != tokIdent || a.tok(j-3).IsPunct(".") {
		return ""
	}
	return a.tok(j - 2).Text
}

// ownProperty is the written type of the stored property name that the
// body of the file's own type owner declares, "" unless declared once, of
// an Apple type (an enum's synthesized rawValue is no stored property
// another type's body declares).
func (a *Analysis) ownProperty(owner, name string) string {
	sure := a.sureTypes[name]
	if owner == "" || a.propertyOwners[name] != owner || !a.memberDecls[name] || a.bindings[name] != 1 || sure == "" {
		return ""
	}
	if root, _, _ := strings.Cut(sure, "|"); a.ownTypes[root] {
		return ""
	}
	return sure
}

// metatypeCall reads, at j, a method call that ends the expression and is
// given a metatype as its first, unlabelled argument (`decoder.decode(
// Item.self, from: data)`, `JSONDecoder().decode([Item].self, from: d)`):
// the generic convention `func f<T>(_ type: T.Type, …) -> T` that
// decoders and containers follow. It returns the type, and whether the
// metatype is of an array of it; "" when the value is not such a call.
// ends says what may end the value (a condition's brace, after `if let`).
func (a *Analysis) metatypeCall(j int, ends func(token) bool) (typ string, array bool) {
	for k := j; k < len(a.toks) && (k == j || !a.toks[k].NLBefore); k++ {
		a.step()
		t := a.toks[k]
		if !t.IsPunct("(") || t.SpaceBefore || a.tok(k-1).Kind != tokIdent || !a.tok(k-2).IsPunct(".") {
			if t.IsPunct("(") || t.IsPunct("[") || t.IsPunct("{") {
				if k = a.closeOf(k); k < 0 {
					return "", false
				}
			}
			continue
		}
		end := a.closeOf(k)
		if end < 0 {
			return "", false
		}
		if !ends(a.tok(end + 1)) {
			k = end
			continue
		}
		arg := k + 1
		if a.tok(arg).IsPunct("[") && a.tok(arg+2).IsPunct("]") {
			arg, array = arg+1, true
		}
		name := a.tok(arg)
		self := arg + 1
		if array {
			self++
		}
		if name.Kind != tokIdent || !isCapitalized(name.Text) || a.generics[name.Text] || !a.tok(self).IsPunct(".") || a.tok(self+1).Text != "self" {
			return "", false
		}
		if n := a.tok(self + 2); !n.IsPunct(",") && !n.IsPunct(")") {
			return "", false
		}
		return name.Text, array
	}
	return "", false
}

// bindMetatype binds name to a value of typ, or to an array of them: the
// file's own type as own values are (ownValues, ownElements), an Apple
// type as a written one.
func (a *Analysis) bindMetatype(name, typ string, array bool) {
	switch {
	case a.ownTypes[typ] && array:
		bindAgreed(a.ownElements, name, typ)
		a.bindSure(name, "")
	case a.ownTypes[typ]:
		bindAgreed(a.ownValues, name, typ)
		a.bindSure(name, "")
	case array:
		a.bindElements(name, typ)
		a.bindSure(name, "")
	default:
		a.bindSure(name, typ)
	}
}
