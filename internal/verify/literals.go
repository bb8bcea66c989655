package verify

import "strings"

// Values whose type their spelling gives: an array or dictionary type
// written in brackets (`[String]`, `[String: Any]`), which is Array or
// Dictionary as `Array<String>` is; a literal that ends its value (`"abc"`,
// `[1, 2]`, `[UUID]()`); and an array literal of names all bound to one
// type (`for field in [emailField, passwordField]`).

// collectionSugar reads an array or dictionary type written in brackets
// at i (`[String]`, `[String: Any]`, `[[Int]]`): "Array" or "Dictionary",
// and the index after the closing bracket; "" when none starts at i.
func (a *Analysis) collectionSugar(i int) (string, int) {
	if !a.tok(i).IsPunct("[") {
		return "", i
	}
	end := a.closeOf(i)
	if end <= i+1 {
		return "", i
	}
	for k := i + 1; k < end; k++ {
		a.step()
		if a.toks[k].IsPunct(":") && a.holder[k] == i {
			return "Dictionary", end + 1
		}
	}
	return "Array", end + 1
}

// sugaredType reads the collection type name is annotated with at i
// (`tags: [String]` is an Array, as `tags: Array<String>` is): the type,
// and the type sure to be the value's, "" for an optional (`[String]?`),
// whose wrapped type it binds; "", "" when no bracketed type starts at i.
func (a *Analysis) sugaredType(name string, i int) (typ, sure string) {
	sugar, end := a.collectionSugar(i)
	if sugar == "" {
		return "", ""
	}
	if n := a.tok(end); n.IsPunct("?") || n.IsPunct("!") {
		a.bindWrapped(name, sugar)
		return sugar, ""
	}
	return sugar, sugar
}

// literalType is the type of a value written at j that ends its
// expression: "String" for a string literal, "Array" or "Dictionary" for a
// collection literal (`[1, 2]`, `["a": 1]`, `[:]`) or an empty one made
// from its sugared type (`[String]()`); "" otherwise. An empty `[]` says
// nothing without an annotation.
func (a *Analysis) literalType(j int) string {
	if t := a.tok(j); t.Kind == tokString {
		if endsExpression(a.tok(j + 1)) {
			return "String"
		}
		return ""
	}
	sugar, end := a.collectionSugar(j)
	if sugar == "" {
		return ""
	}
	if a.tok(end).IsPunct("(") {
		if c := a.closeOf(end); c == end+1 && endsExpression(a.tok(c+1)) {
			return sugar
		}
		return ""
	}
	if endsExpression(a.tok(end)) {
		return sugar
	}
	return ""
}

// literalElements is the type every name of the array literal opened at
// open is bound to once (`[emailField, self.passwordField]`), "" when a
// name's type is not written or two differ.
func (a *Analysis) literalElements(open int) string {
	end, out := a.closeOf(open), ""
	for k := open + 1; k < end; k += 2 {
		a.step()
		if a.tok(k).Is(tokKeyword, "self") && a.tok(k+1).IsPunct(".") {
			k += 2
		}
		name := a.tok(k)
		if name.Kind != tokIdent || !a.tok(k+1).IsPunct(",") && k+1 != end {
			return ""
		}
		sure := a.sureTypes[name.Text]
		if sure == "" || strings.Contains(sure, "|") || a.bindings[name.Text] != 1 || out != "" && sure != out {
			return ""
		}
		out = sure
	}
	return out
}
