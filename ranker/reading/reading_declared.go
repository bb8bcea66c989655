package reading

import "regexp"

// Members a line of code declares rather than calls: an initializer, a
// computed property or an operator written in a type's body implements a
// protocol's requirement (Decodable's init(from:), CustomStringConvertible's
// description, Comparable's <), and the requirement's page is the answer.

var (
	// declaredInitRE: an initializer declared (init(from decoder:
	// Decoder) throws {), not one called (.init(…), Type.init(…)).
	declaredInitRE = regexp.MustCompile(`(?:^|[{;]|\b(?:public|private|internal|fileprivate|open|package|required|convenience|override|nonisolated))\s*init[?!]?\s*\(`)
	// computedPropertyRE: a property declared with a body and a named type
	// (var description: String {); an opaque type (var body: some View)
	// is about that type instead.
	computedPropertyRE = regexp.MustCompile(`(?:^|[{;]|\b(?:public|private|internal|fileprivate|open|package|override|nonisolated))\s*var\s+([a-z][A-Za-z0-9_]*)\s*:\s*[A-Z][A-Za-z0-9_.]*[?!]?\s*\{`)
	// operatorDeclRE: an operator implemented (static func < (lhs:…).
	operatorDeclRE = regexp.MustCompile(`\bfunc\s*([<>=!+\-*/%]+)\s*\(`)
)

// operatorProtocols are the standard protocols that require an operator a
// type implements.
var operatorProtocols = map[string]string{"<": "Comparable", ">": "Comparable", "<=": "Comparable", ">=": "Comparable",
	"==": "Equatable", "!=": "Equatable", "+": "AdditiveArithmetic", "-": "AdditiveArithmetic", "*": "Numeric"}

// rawValueTypes are the types an enumeration's raw values may have, first in
// its inheritance list before the protocols it conforms to (enum Keys:
// String, CodingKey is about CodingKey).
var rawValueTypes = map[string]bool{"String": true, "Int": true, "Int8": true, "Int16": true, "Int32": true,
	"Int64": true, "UInt": true, "UInt8": true, "UInt16": true, "UInt32": true, "UInt64": true, "Double": true,
	"Float": true, "Character": true}

// addDeclaredMembers adds the requirements the code's declarations
// implement, each where it stands in the code.
func addDeclaredMembers(code string, add func(c Call, at int)) {
	for _, loc := range declaredInitRE.FindAllStringIndex(code, -1) {
		if labels := labelsOf(code[loc[1]:]); len(labels) > 0 {
			add(Call{Member: "init", Labels: labels, Declared: true}, loc[1]-1)
		}
	}
	for _, loc := range computedPropertyRE.FindAllStringSubmatchIndex(code, -1) {
		add(Call{Member: code[loc[2]:loc[3]], Declared: true}, loc[2])
	}
	for _, loc := range operatorDeclRE.FindAllStringSubmatchIndex(code, -1) {
		op := code[loc[2]:loc[3]]
		if p := operatorProtocols[op]; p != "" {
			add(Call{Type: p, Member: op, Labels: labelsOf(code[loc[1]:]), Declared: true}, loc[2])
		}
	}
}

// DeclaredProperty: a property the code declares (var description:
// String {), neither called nor a function.
func (c Call) DeclaredProperty() bool {
	return c.Declared && len(c.Labels) == 0 && !c.NoArguments
}
