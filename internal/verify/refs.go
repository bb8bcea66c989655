package verify

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// RefKind says what a reference names.
type RefKind string

const (
	RefType   RefKind = "type"   // Text, @State, URLSession
	RefMember RefKind = "member" // .padding(…), URLSession.shared
	RefMacro  RefKind = "macro"  // #Preview, #Predicate
)

// Ref is one use of an API the code does not declare itself.
type Ref struct {
	Kind RefKind `json:"kind"`
	Name string  `json:"name"`
	// Parent is the type a member is accessed on directly (URLSession for
	// URLSession.shared); "" when the receiver's type is unknown, in which case
	// the member is resolved by name alone.
	Parent string `json:"parent,omitempty"`
	Line   int    `json:"line"`
	// Floors are the #available / @available versions in force at the use,
	// per platform: code guarded by `if #available(iOS 18, *)` may use iOS 18
	// API on an iOS 17 target.
	Floors map[string]Version `json:"-"`
	tok    int
	// via are the type names a member's receiver chain passes through
	// (UserDefaults and Keys in UserDefaults.Keys.storage, or a local's
	// declared type): when the project declares one, the member is the
	// project's business.
	via []string
}

// Display is the reference as the report prints it.
func (r Ref) Display() string {
	switch {
	case r.Kind == RefMacro:
		return "#" + r.Name
	case r.Parent != "":
		return r.Parent + "." + r.Name
	case r.Kind == RefMember:
		return "." + r.Name
	}
	return r.Name
}

// languageAttributes are attributes of the language, not API types.
var languageAttributes = setOf(
	"available", "objc", "objcMembers", "nonobjc", "escaping", "autoclosure", "discardableResult",
	"main", "testable", "inlinable", "inline", "usableFromInline", "frozen", "propertyWrapper",
	"resultBuilder", "dynamicMemberLookup", "dynamicCallable", "unknown", "IBOutlet", "IBAction",
	"IBDesignable", "IBInspectable", "IBSegueAction", "GKInspectable", "NSManaged", "NSCopying",
	"UIApplicationMain", "NSApplicationMain", "preconcurrency", "retroactive", "unchecked",
	"backDeployed", "requires_stored_property_inits", "warn_unqualified_access", "convention",
	"Sendable", "isolated", "noescape", "attached", "freestanding", "implementation", "_exported",
	"_implementationOnly", "_spi", "specialize", "export", "section", "used", "abi", "storageRestrictions",
	"globalActor", "noDerivative", "differentiable", "derivative", "transpose",
)

// poundDirectives are compiler directives and literals, not macros from a
// framework.
var poundDirectives = setOf(
	"if", "elseif", "else", "endif", "available", "unavailable", "selector", "keyPath", "colorLiteral",
	"imageLiteral", "fileLiteral", "file", "fileID", "filePath", "line", "column", "function", "dsohandle",
	"sourceLocation", "warning", "error", "externalMacro", "isolation",
)

// knownModules are framework names that appear as qualifiers (SwiftUI.Text)
// even without an import in the snippet.
var knownModules = setOf(
	"Swift", "SwiftUI", "Foundation", "UIKit", "AppKit", "Combine", "Observation", "SwiftData",
	"WidgetKit", "AppIntents", "CoreData", "MapKit", "CoreLocation", "AVFoundation", "Charts",
	"StoreKit", "CloudKit", "HealthKit", "PhotosUI", "Photos", "UserNotifications", "OSLog", "os",
	"Dispatch", "CoreGraphics", "CoreImage", "QuartzCore", "WebKit", "RealityKit", "ARKit", "Testing",
	"XCTest", "RegexBuilder", "Synchronization", "CryptoKit", "Network", "ActivityKit", "TipKit",
)

var typeDeclKeywords = setOf("struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype", "macro")

// Analysis is what one pass over a snippet learns.
type Analysis struct {
	toks []token
	// ownTypes are the snippet's own types, generic parameters and macros.
	ownTypes map[string]bool
	// generics are the generic parameter names among ownTypes: their
	// members (S.Element) come from constraints, not from an API.
	generics map[string]bool
	// conditionTok marks the tokens of #if/#elseif conditions (DEBUG).
	conditionTok map[int]bool
	// memberDecls are names declared directly in a type or extension body.
	memberDecls map[string]bool
	// locals maps every other declared name to its declared or initialising
	// type ("" when unknown).
	locals  map[string]string
	modules map[string]bool
	// imports are the modules imported, as written (the first name of
	// `import CoreImage.CIFilterBuiltins`).
	imports []string
	// declTok marks tokens that are the name in a declaration.
	declTok map[int]bool
	// enclosing is the opener ("(", "[", "{") of the innermost group holding
	// each token, "" at top level.
	enclosing []string
	floors    []floorRegion
}

type floorRegion struct {
	from, to int // token indexes, inclusive
	floors   map[string]Version
}

// ExtractRefs lists the API references in Swift code: types used as types or
// calls, attributes, macros, and members called as modifiers or accessed on a
// framework type. Locals, keywords, module names and the code's own
// declarations are skipped. Each (kind, parent, name) is listed once, at its
// first line.
func ExtractRefs(code string) []Ref {
	return DedupeRefs(Analyze(code).refs())
}

func floorKey(f map[string]Version) string {
	var parts []string
	for p, v := range f {
		parts = append(parts, p+v.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func Analyze(code string) *Analysis {
	a := &Analysis{
		toks:         lexSwift(code),
		ownTypes:     map[string]bool{},
		memberDecls:  map[string]bool{},
		locals:       map[string]string{"error": "", "newValue": "", "oldValue": ""},
		modules:      map[string]bool{},
		declTok:      map[int]bool{},
		generics:     map[string]bool{},
		conditionTok: map[int]bool{},
	}
	a.computeEnclosing()
	// Types first, so that a binding can tell `Model()` (own) from
	// `JSONDecoder()` whatever the declaration order.
	for i, t := range a.toks {
		if t.kind == tokKeyword && typeDeclKeywords[t.text] && !(t.text == "class" && a.tok(i+1).kind == tokKeyword) {
			a.declareType(i + 1)
		}
	}
	a.collectDecls()
	a.collectFloors()
	return a
}

func (a *Analysis) computeEnclosing() {
	a.enclosing = make([]string, len(a.toks))
	var stack []string
	for i, t := range a.toks {
		if t.kind == tokPunct && (t.text == ")" || t.text == "]" || t.text == "}") && len(stack) > 0 {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			a.enclosing[i] = stack[len(stack)-1]
		}
		if t.kind == tokPunct && (t.text == "(" || t.text == "[" || t.text == "{") {
			stack = append(stack, t.text)
		}
	}
}

func isCapitalized(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

func (a *Analysis) tok(i int) token {
	if i < 0 || i >= len(a.toks) {
		return token{kind: -1}
	}
	return a.toks[i]
}

// refs walks the tokens and reports references.
func (a *Analysis) refs() []Ref {
	var out []Ref
	add := func(r Ref) {
		r.Line = a.toks[r.tok].line
		r.Floors = a.floorsAt(r.tok)
		out = append(out, r)
	}
	for i, t := range a.toks {
		switch t.kind {
		case tokAttr:
			if !languageAttributes[t.text] && !a.ownTypes[t.text] {
				add(Ref{Kind: RefType, Name: t.text, tok: i})
			}
		case tokPound:
			if !poundDirectives[t.text] && !a.ownTypes[t.text] {
				add(Ref{Kind: RefMacro, Name: t.text, tok: i})
			}
		case tokIdent:
			if r, ok := a.typeRef(i); ok {
				add(r)
			}
		case tokPunct:
			if t.text == "." && a.tok(i+1).kind == tokIdent {
				if r, ok := a.memberRef(i); ok {
					add(r)
				}
			}
		}
	}
	return out
}

func (a *Analysis) typeRef(i int) (Ref, bool) {
	t := a.toks[i]
	if !isCapitalized(t.text) || a.declTok[i] || a.conditionTok[i] || a.ownTypes[t.text] || a.tok(i-1).punct(".") {
		return Ref{}, false
	}
	if _, local := a.locals[t.text]; local {
		return Ref{}, false
	}
	if a.isModuleQualifier(i) || a.inImport(i) {
		return Ref{}, false
	}
	// An argument label: f(Label: x).
	if a.tok(i+1).punct(":") && (a.tok(i-1).punct("(") || a.tok(i-1).punct(",")) && a.enclosing[i] == "(" {
		return Ref{}, false
	}
	return Ref{Kind: RefType, Name: t.text, tok: i}, true
}

func (a *Analysis) isModuleQualifier(i int) bool {
	name := a.toks[i].text
	return (a.modules[name] || knownModules[name]) && a.tok(i+1).punct(".")
}

func (a *Analysis) inImport(i int) bool {
	for j := i - 1; j >= 0; j-- {
		if a.toks[j].is(tokKeyword, "import") {
			return true
		}
		if a.toks[j].nlBefore || j == 0 {
			return a.toks[j].is(tokKeyword, "import")
		}
	}
	return false
}

// receiver describes what a member access is applied to.
type receiver struct {
	root    int  // token index of the chain's first name, -1 when none
	viaCall bool // a call, subscript or trailing closure lies between root and member
	direct  bool // the member follows the root name immediately: Type.member
}

// receiverOf walks back from the "." at dot over the chain it ends.
func (a *Analysis) receiverOf(dot int) receiver {
	r := receiver{root: -1, direct: true}
	j := dot - 1
	for j >= 0 {
		t := a.toks[j]
		switch {
		case t.kind == tokPunct && (t.text == "?" || t.text == "!") && !t.spaceBefore:
			j--
		case t.kind == tokPunct && (t.text == ")" || t.text == "]" || t.text == "}"):
			o := matchOpen(a.toks, j)
			if o < 0 {
				return r
			}
			r.viaCall, r.direct = true, false
			j = o - 1
			// Multiple trailing closures: `Label { … } icon: { … }`.
			for t.punct("}") && a.tok(j).punct(":") && a.tok(j-1).kind == tokIdent && a.tok(j-2).punct("}") {
				j -= 2
				o = matchOpen(a.toks, j)
				if o < 0 {
					return r
				}
				j = o - 1
			}
		case t.punct(">"):
			o := matchOpen(a.toks, j)
			if o <= 0 || a.toks[o-1].kind != tokIdent || !isCapitalized(a.toks[o-1].text) {
				return r
			}
			j = o - 1
		case t.kind == tokIdent, t.is(tokKeyword, "self"), t.is(tokKeyword, "super"), t.is(tokKeyword, "Self"):
			if a.tok(j - 1).punct(".") {
				r.direct = false
				j -= 2
				continue
			}
			r.root = j
			return r
		default:
			// A literal, an operator, "(" or "," before the dot: an implicit
			// member expression such as .red or .systemSmall, whose type comes
			// from context we do not have.
			return r
		}
	}
	return r
}

func (a *Analysis) memberRef(dot int) (Ref, bool) {
	nameTok := dot + 1
	name := a.toks[nameTok].text
	switch name {
	case "init", "self", "Type", "Protocol":
		return Ref{}, false
	}
	if strings.HasPrefix(name, "$") || a.memberDecls[name] || a.ownTypes[name] {
		return Ref{}, false
	}
	rcv := a.receiverOf(dot)
	if rcv.root < 0 {
		return Ref{}, false
	}
	root := a.toks[rcv.root]
	if root.kind == tokKeyword || a.generics[root.text] || a.conditionTok[rcv.root] {
		return Ref{}, false
	}
	ref := Ref{Kind: RefMember, Name: name, tok: nameTok, via: a.chainTypes(rcv.root, dot)}
	if isCapitalized(root.text) {
		if _, local := a.locals[root.text]; local {
			return Ref{}, false
		}
		if a.modules[root.text] || knownModules[root.text] {
			if rcv.direct && isCapitalized(name) {
				ref.Kind = RefType
				return ref, true
			}
			return ref, !rcv.direct
		}
		if rcv.direct && !a.ownTypes[root.text] {
			ref.Parent = root.text
		}
		return ref, true
	}
	// A lowercase root is a local, a parameter or an inherited property. Its
	// members are checked only when the chain went through a call (a modifier
	// chain on a view, a call result) or the local's type is known.
	if rcv.viaCall {
		return ref, true
	}
	if typ := a.locals[root.text]; typ != "" {
		return ref, true
	}
	return Ref{}, false
}

// chainTypes lists the capitalised names between a chain's root and its
// last dot, and the root's declared type.
func (a *Analysis) chainTypes(root, dot int) []string {
	var out []string
	if typ := a.locals[a.toks[root].text]; typ != "" {
		out = append(out, typ)
	}
	for j := root; j < dot; j++ {
		if t := a.toks[j]; t.kind == tokIdent && isCapitalized(t.text) {
			out = append(out, t.text)
		}
	}
	return out
}

// Refs lists the analysed code's references, each once per floors, at its
// first line.
func (a *Analysis) Refs() []Ref { return DedupeRefs(a.refs()) }
