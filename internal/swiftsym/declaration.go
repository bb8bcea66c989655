package swiftsym

import (
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Origins of extracted symbols, as stored in document.Symbol.Origin.
const (
	OriginDeclaration = "declaration"
	OriginExample     = "example"
)

// maxDeclarationLen bounds the text ExtractDeclaration looks at: real
// declarations are a few hundred bytes, and the scanner is linear anyway.
const maxDeclarationLen = 16 << 10

// ExtractDeclaration parses one declaration as DocC prints it (Swift, or
// Objective-C for occ pages) into symbols with Origin "declaration". It
// returns nil for text it does not recognise as a declaration (C prototypes,
// macros, REST objects) rather than guess.
//
// Swift declarations are one-liners with a fixed shape, so they are read by a
// hand-written scanner: attributes, modifiers, keyword, name, generic clause,
// parameters, effects, result, inheritance, where clause. tree-sitter-swift
// 0.5.0 rejects most of them outright (a bodiless protocol, func or struct is
// an ERROR at top level) and costs far more per call; see the package comment
// for the measurements.
func ExtractDeclaration(decl string) []document.Symbol {
	if len(decl) > maxDeclarationLen {
		return nil
	}
	sig := normalizeSpace(decl)
	if sig == "" {
		return nil
	}
	if looksLikeObjC(sig) {
		return extractObjC(sig)
	}
	return parseSwift(sig, OriginDeclaration)
}

// decl is a symbol under construction.
type decl struct {
	sc  scanner
	sym document.Symbol
}

// parseSwift reads one normalised Swift declaration header. It returns nil
// when the text does not start like a declaration or its name is missing.
func parseSwift(sig, origin string) []document.Symbol {
	d := decl{sc: scanner{s: sig}}
	d.sym.Signature = sig
	d.sym.Origin = origin
	if !d.prefix() {
		return nil
	}
	kw := d.sc.ident()
	d.sym.Kind = kw
	switch kw {
	case "struct", "class", "enum", "protocol", "actor":
		if !d.nominal() {
			return nil
		}
	case "extension":
		if !d.extension() {
			return nil
		}
	case "func", "init", "subscript", "macro":
		if !d.function(kw) {
			return nil
		}
	case "var", "let":
		if !d.variable() {
			return nil
		}
	case "case":
		return d.cases()
	case "typealias":
		if !d.typealias() {
			return nil
		}
	case "associatedtype":
		if !d.associatedtype() {
			return nil
		}
	case "operator":
		d.sc.skipSpace()
		end := operatorEnd(d.sc.s, d.sc.i)
		d.sym.Name = d.sc.s[d.sc.i:end]
	case "precedencegroup":
		d.sym.Name = d.sc.ident()
	default:
		return nil
	}
	if d.sym.Name == "" {
		return nil
	}
	return []document.Symbol{d.sym}
}

// prefix consumes attributes and modifiers and stops before the keyword.
func (d *decl) prefix() bool {
	sc := &d.sc
	for {
		c := sc.peek()
		if c == '@' {
			sc.i++
			name := sc.dottedIdent()
			if name == "" {
				return false
			}
			d.sym.Attributes = append(d.sym.Attributes, name)
			if sc.next('(') {
				sc.group('(')
			}
			continue
		}
		word := sc.peekIdent()
		if word == "class" {
			after := scanner{s: sc.s, i: sc.i + len(word)}
			if next := after.peekIdent(); swiftlex.DeclarationModifiers[next] || (swiftlex.DeclarationKeywords[next] && next != "class") {
				d.sym.IsStatic = true
				sc.i += len(word)
				continue
			}
		}
		if !swiftlex.DeclarationModifiers[word] {
			return swiftlex.DeclarationKeywords[word]
		}
		after := scanner{s: sc.s, i: sc.i + len(word)}
		if after.next('(') {
			after.group('(')
		}
		// A modifier is followed by another modifier, an attribute or the
		// keyword; anything else means the word is a name used in code.
		if next := after.peekIdent(); next == "" && after.peek() != '@' {
			return false
		}
		switch word {
		case "static":
			d.sym.IsStatic = true
		case "async":
			d.sym.IsAsync = true
		}
		sc.i = after.i
	}
}

// nominal reads struct, class, enum, protocol and actor headers.
func (d *decl) nominal() bool {
	// DocC prints some nested types qualified ("enum
	// AttributedString.MarkdownParsingOptions.InterpretedSyntax"); the name is
	// the last component, the path stays in the signature.
	name := d.sc.dottedIdent()
	d.sym.Name = name[strings.LastIndexByte(name, '.')+1:]
	if d.sym.Name == "" {
		return false
	}
	d.genericClause()
	if c := d.sc.peek(); c != 0 && c != ':' && c != '{' && d.sc.peekIdent() != "where" {
		// "struct Foo *bar" is C, not Swift.
		return false
	}
	d.inheritance()
	d.whereClause()
	return true
}

func (d *decl) extension() bool {
	d.sym.Name = d.sc.dottedIdent()
	if d.sym.Name == "" {
		return false
	}
	if d.sc.peek() == '<' {
		d.sc.group('<') // generic arguments of the extended type, not parameters
	}
	d.inheritance()
	d.whereClause()
	return true
}

// function reads func, init, subscript and macro headers.
func (d *decl) function(kw string) bool {
	sc := &d.sc
	switch kw {
	case "func", "macro":
		sc.skipSpace()
		if end := identEnd(sc.s, sc.i); end > sc.i {
			d.sym.Name = sc.ident()
		} else if end := operatorEnd(sc.s, sc.i); end > sc.i {
			d.sym.Name = sc.s[sc.i:end]
			sc.i = end
		}
	case "init":
		d.sym.Name = "init"
		if sc.next('?') || sc.next('!') {
			sc.i++
		}
	case "subscript":
		d.sym.Name = "subscript"
	}
	if d.sym.Name == "" {
		return false
	}
	d.genericClause()
	if sc.peek() != '(' {
		return false
	}
	sc.group('(')
	d.effects()
	if strings.HasPrefix(sc.rest(), "->") {
		sc.i += 2
		sc.upTo(stopWhere | stopBrace | stopAssign)
	}
	d.whereClause()
	d.accessors()
	return true
}

// effects reads async, throws, throws(E), rethrows after a parameter list.
func (d *decl) effects() {
	sc := &d.sc
	for {
		switch sc.peekIdent() {
		case "async", "reasync":
			d.sym.IsAsync = true
		case "throws", "rethrows":
			d.sym.IsThrows = true
		default:
			return
		}
		sc.ident()
		if sc.next('(') {
			sc.group('(') // typed throws
		}
	}
}

func (d *decl) variable() bool {
	sc := &d.sc
	if sc.peek() == '(' {
		// A tuple pattern: name the first element.
		inner := scanner{s: sc.group('(')}
		d.sym.Name = inner.ident()
	} else {
		d.sym.Name = sc.ident()
	}
	if d.sym.Name == "" {
		return false
	}
	if sc.peek() == ':' {
		sc.i++
		sc.upTo(stopBrace | stopAssign)
	}
	d.accessors()
	return true
}

// accessors reads "{ get async throws }" blocks, whose effects belong to the
// property or subscript.
func (d *decl) accessors() {
	sc := &d.sc
	if sc.peek() != '{' {
		return
	}
	inner := sc.group('{')
	for _, w := range strings.Fields(inner) {
		switch w {
		case "async":
			d.sym.IsAsync = true
		case "throws", "rethrows":
			d.sym.IsThrows = true
		}
		if strings.HasPrefix(w, "throws(") {
			d.sym.IsThrows = true
		}
	}
}

// cases reads "case a(Int), b = 2": one symbol per element.
func (d *decl) cases() []document.Symbol {
	sc := &d.sc
	var syms []document.Symbol
	for {
		name := sc.ident()
		if name == "" {
			break
		}
		sym := d.sym
		sym.Name = name
		syms = append(syms, sym)
		if sc.peek() == '(' {
			sc.group('(')
		}
		if sc.peek() == '=' {
			sc.i++
			sc.upTo(stopComma)
		}
		if sc.peek() != ',' {
			break
		}
		sc.i++
	}
	return syms
}

func (d *decl) typealias() bool {
	d.sym.Name = d.sc.ident()
	if d.sym.Name == "" {
		return false
	}
	d.genericClause()
	if d.sc.peek() == '=' {
		d.sc.i++
		d.sc.upTo(stopWhere)
	}
	d.whereClause()
	return true
}

// associatedtype reads "associatedtype Body: View = Never where …". Its
// inheritance clause is a requirement on the protocol's generic signature
// (Self.Body: View), so it is recorded as a constraint as well.
func (d *decl) associatedtype() bool {
	d.sym.Name = d.sc.ident()
	if d.sym.Name == "" {
		return false
	}
	if d.sc.peek() == ':' {
		d.sc.i++
		bounds := d.sc.upTo(stopWhere | stopAssign | stopBrace)
		d.sym.Conformances = appendConformances(d.sym.Conformances, bounds)
		if bounds != "" {
			d.sym.GenericConstraints = append(d.sym.GenericConstraints, d.sym.Name+": "+normalizeSpace(bounds))
		}
	}
	if d.sc.peek() == '=' {
		d.sc.i++
		d.sc.upTo(stopWhere | stopBrace)
	}
	d.whereClause()
	return true
}

// genericClause reads "<Label, Destination: View>" into GenericParams and
// the inline requirements into GenericConstraints.
func (d *decl) genericClause() {
	if d.sc.peek() != '<' {
		return
	}
	for _, param := range splitTopLevel(d.sc.group('<')) {
		name, bound, hasBound := strings.Cut(param, ":")
		name = strings.TrimSpace(name)
		for _, lead := range []string{"each ", "let ", "repeat "} {
			name = strings.TrimPrefix(name, lead)
		}
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		d.sym.GenericParams = append(d.sym.GenericParams, name)
		if bound = strings.TrimSpace(bound); hasBound && bound != "" {
			d.sym.GenericConstraints = append(d.sym.GenericConstraints, name+": "+bound)
		}
	}
}

// inheritance reads ": A, B" up to a where clause or a body.
func (d *decl) inheritance() {
	if d.sc.peek() != ':' {
		return
	}
	d.sc.i++
	d.sym.Conformances = appendConformances(d.sym.Conformances, d.sc.upTo(stopWhere|stopBrace))
}

func appendConformances(dst []string, list string) []string {
	for _, item := range splitTopLevel(list) {
		// "@unchecked Sendable", "@retroactive Equatable": the attribute
		// qualifies the conformance, it is not part of the type.
		for strings.HasPrefix(item, "@") {
			_, after, found := strings.Cut(item, " ")
			if !found {
				item = ""
				break
			}
			item = strings.TrimSpace(after)
		}
		if item != "" {
			dst = append(dst, item)
		}
	}
	return dst
}

// whereClause reads "where Label : View, Element == Int" into normalised
// constraints.
func (d *decl) whereClause() {
	if !d.sc.word("where") {
		return
	}
	for _, req := range splitTopLevel(d.sc.upTo(stopBrace)) {
		if c := normalizeRequirement(req); c != "" {
			d.sym.GenericConstraints = append(d.sym.GenericConstraints, c)
		}
	}
}

// normalizeRequirement turns "Label : View" into "Label: View" and
// "Element==Int" into "Element == Int".
func normalizeRequirement(req string) string {
	req = normalizeSpace(req)
	if i := strings.Index(req, "=="); i > 0 {
		return strings.TrimSpace(req[:i]) + " == " + strings.TrimSpace(req[i+2:])
	}
	if i := scanTo(req, 0, stopColon); i < len(req) {
		lhs, rhs := strings.TrimSpace(req[:i]), strings.TrimSpace(req[i+1:])
		if lhs != "" && rhs != "" {
			return lhs + ": " + rhs
		}
	}
	return req
}
