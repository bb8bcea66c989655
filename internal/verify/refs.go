package verify

import (
	"context"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/swiftlex"
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
	// chain is a member's receiver chain, none for other references: the
	// type names it passes through (UserDefaults and Keys in
	// UserDefaults.Keys.storage, or a local's declared type) make the
	// member the project's business when the project declares one.
	chain chainSpan
	// parentFromLocal: Parent is the written type of the local the member
	// is read on, not a type written as the receiver.
	parentFromLocal bool
}

// chainSpan is a member's receiver chain: from its root to the dot before
// the member, as token indexes; ok is false when there is none.
type chainSpan struct {
	root, dot int
	ok        bool
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
var languageAttributes = swiftlex.SetOf(
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

// knownModules are framework names that appear as qualifiers (SwiftUI.Text)
// even without an import in the snippet.
var knownModules = swiftlex.SetOf(
	"Swift", "SwiftUI", "Foundation", "UIKit", "AppKit", "Combine", "Observation", "SwiftData",
	"WidgetKit", "AppIntents", "CoreData", "MapKit", "CoreLocation", "AVFoundation", "Charts",
	"StoreKit", "CloudKit", "HealthKit", "PhotosUI", "Photos", "UserNotifications", "OSLog", "os",
	"Dispatch", "CoreGraphics", "CoreImage", "QuartzCore", "WebKit", "RealityKit", "ARKit", "Testing",
	"XCTest", "RegexBuilder", "Synchronization", "CryptoKit", "Network", "ActivityKit", "TipKit",
)

var typeDeclKeywords = swiftlex.SetOf("struct", "class", "enum", "protocol", "actor", "typealias", "associatedtype", "macro")

// Analysis is what one pass over a snippet learns.
type Analysis struct {
	// inherited: inheritedNames, read once when a type name is unknown.
	inherited []string
	toks      []token
	// ownTypes are the snippet's own types, generic parameters and macros.
	ownTypes map[string]bool
	// ownReturns maps each free function the file declares to the Apple
	// type it returns ("" when none or not one), noteReturnType.
	ownReturns map[string]string
	// nonOptionalDots are the leading dots passed where every overload
	// that fits declares the parameter no optional: `.none` there is a
	// case of the type, not nil (expectArguments).
	nonOptionalDots map[int]bool
	// dotContexts are where each leading dot given a wanted type is
	// written: the property it is assigned to or the call and label it is
	// passed with (caseUnwritten asks the sample code what it writes there).
	dotContexts map[int]index.DotContext
	// ownSupers maps each of the file's own classes to the name written
	// first after its colon (appleAncestor), read at first use.
	ownSupers map[string]string
	// generics are the generic parameter names among ownTypes: their
	// members (S.Element) come from constraints, not from an API.
	generics map[string]bool
	// conditionTok marks the tokens of #if/#elseif conditions (DEBUG).
	conditionTok map[int]bool
	// memberDecls are names declared directly in a type or extension body;
	// staticDecls those a static or class `func`, `var` or `let` declares.
	memberDecls, staticDecls map[string]bool
	// methodDecls and valueDecls split memberDecls: names a type body
	// declares with func, and with var or let. A name declared
	// only as a method (`func tableView(_:numberOfRowsInSection:)` in a
	// UITableViewController) is no value: `tableView.register(…)` is the
	// inherited property.
	methodDecls, valueDecls map[string]bool
	// locals maps every other declared name to its declared or initialising
	// type ("" when unknown).
	locals map[string]string
	// sureTypes are the locals whose type is written (an annotation, or an
	// initializer call `T(…)`), with the type's full path.
	sureTypes map[string]string
	// functionParams are, for a parameter whose annotation is a function
	// type (`completionHandler: @escaping (UNNotificationPresentationOptions)
	// -> Void`), the types of that function's parameters, "" where one is
	// not a plain Apple type (closureCallContexts).
	functionParams map[string][]string
	// boundPaths are every path bindSure recorded for a name, one per
	// binding ("" for a binding of no written type): two bindings in two
	// functions may give one type by two paths (agreedPaths).
	boundPaths map[string][]string
	// chainLabels are, for a chain bindingChain read ("FileManager|default|
	// contentsOfDirectory"), each link's written argument labels (nil for
	// a property): a link is then read as the overloads its labels fit.
	chainLabels map[string][][]string
	// shadowed are the names a closure's parameter binds again after one
	// binding of a sure type: the type stands outside the closure.
	shadowed map[string]string
	// shadowedWrapped: the same for an optional binding, its wrapped
	// type (checked where the name is unwrapped).
	shadowedWrapped map[string]string
	// dictValues are the names annotated as dictionaries `[K: V]`, with V.
	dictValues map[string]string
	// scopedLocals are the written names of the locals scopeLocals gave a
	// text of their own (`formatter` for `formatter#2`).
	scopedLocals map[string]bool
	// caseValues are the names case patterns bind (casePatternValue), ""
	// where two bindings differ; caseBound counts those bindings.
	caseValues map[string]string
	caseBound  map[string]int
	// wrapped are the locals annotated as optionals of a written type
	// (bindWrapped), bindings counts each name's bindings.
	wrapped  map[string]string
	bindings map[string]int
	// valueTypes is the type every typed binding of a name gives, wrapped
	// or not ("" once two disagree), and typedBindings counts them: a name
	// each of whose bindings is typed alike (`var player: AVPlayer?` and,
	// in another method, `let player = AVPlayer(url: u)`) has that type.
	valueTypes    map[string]string
	typedBindings map[string]int
	// closureScopes are the braces of the closures that bind each name as
	// a parameter (closures' source: bindClosure).
	closureScopes map[string][][2]int
	// unwrappedAlike are the optional locals a condition unwraps under
	// their own name (`if let task {`, `guard let task else`): the name's
	// members are then its wrapped type's, with or without "?".
	unwrappedAlike map[string]bool
	// chainSwitches are the switches over a local bound through a chain
	// (`let result = try await product.purchase()`), whose type the
	// typed checks read from the graph (switchContexts).
	chainSwitches []chainSwitch
	// elements are the array locals' written element types (elements.go).
	elements map[string]string
	// ownValues and ownElements are the names annotated with one of the
	// file's own types, or an array of one (`r: Reminder`, `var reminders:
	// [Reminder]`): their stored properties of Apple types are followed
	// (owned.go).
	ownValues, ownElements map[string]string
	// propertyOwners are the type names whose bodies declare each stored
	// property ("" once two differ).
	propertyOwners map[string]string
	// openMembers are the memberDecls declared in an extension's or a
	// protocol's body (somewhere): the others are the file's own types'
	// alone, no Apple type's.
	openMembers map[string]bool
	// alone: the file is checked on its own, so that every declaration of
	// the project is in it.
	alone bool
	// closures maps a closure parameter to where its type comes from (a
	// nil entry: bound by two closures that differ).
	closures map[string]*closureSource
	// loopOver maps a loop's element to the collection it runs over
	// when that is no typed local (`for n in notifications`, a closure
	// parameter: site.elementOf).
	loopOver map[string]string
	// closureBound maps a local bound to a chain from a closure parameter
	// to that chain (closureChain).
	closureBound map[string]closureBinding
	// genericArguments maps a local to the generic arguments its written
	// type has (`PHFetchResult<PHAsset>`: PHAsset; `Result<CKRecord,
	// Error>`: "CKRecord,Error"); chainArguments, a local bound to a
	// chain from such a local (`let record = try result.get()`), to its
	// root's.
	genericArguments, chainArguments map[string]string
	// adopted memoizes adoptedBy, by the body's "{".
	adopted map[int][]string
	// closureType gives the type a closure parameter gets, read on first
	// use when the typed checks run (typeClosureParams); closureTypes
	// holds what it read.
	closureType func(name string) string
	// closureElement gives the element type of a closure parameter that
	// is an array, at a token inside its closure (typeClosureParams); nil
	// until the typed checks run.
	closureElement func(name string, i int) string
	closureTypes   map[string]string
	// envTypes are the types the file's @Environment properties hold,
	// read when the typed checks run (typeEnvironment).
	envTypes map[string]string
	// envArguments: the one generic argument of an environment value's
	// declared type (`Binding<PresentationMode>`), by property.
	envArguments map[string]string
	// typedCitations are the pages the type-aware checks found members
	// on, by "line|name" (citeTyped).
	typedCitations map[string]string
	// published caches publishedNames; nil until read.
	published map[string]bool
	// ownViewTypes caches ownViews; nil until read.
	ownViewTypes map[string]bool
	// selfTypes maps a token a member chain starts from to the Apple type
	// `self` is there (computeSelfTypes); nil until the typed checks run.
	selfTypes map[int]string
	// inheritedAt are the bindings bindInherited reads once the file's
	// declarations are known.
	inheritedAt []inheritedBinding
	// argStarts gives, for each "(" token, the first token of each
	// argument's value (argLabels).
	argStarts map[int][]int
	modules   map[string]bool
	// imports are the modules imported, as written (the first name of
	// `import CoreImage.CIFilterBuiltins`).
	imports []string
	// declTok marks tokens that are the name in a declaration.
	declTok map[int]bool
	// enclosing is the opener ("(", "[", "{") of the innermost group holding
	// each token, "" at top level.
	enclosing []string
	floors    []floorRegion

	// pairs is each bracket's partner (pairBrackets).
	pairs []int
	// holder is the opener of the group directly holding each token, any
	// of ( [ { < counted together, -1 at top level.
	holder []int
	// afterImport[i] says an import keyword precedes token i on the line
	// of token i-1.
	afterImport []bool
	// receivers holds what each "." applies to, computed front to back
	// (computeReceivers); nil until refs needs it.
	receivers []receiver
	// byText lists the indexes of the tokens of each text, for the
	// curated deprecations; nil until needed.
	byText      map[string][]int
	floorCursor floorCursor
	m           meter
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
	return Analyze(code).refs()
}

func floorKey(f map[string]Version) string {
	var parts []string
	for p, v := range f {
		parts = append(parts, p+v.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// Analyze analyses code without a budget or a context: for callers that
// bound the code themselves (Check uses analyze).
func Analyze(code string) *Analysis {
	a, _ := analyze(context.Background(), code, false)
	return a
}

// analyze lexes code and analyses it (analyzeTokens).
func analyze(ctx context.Context, code string, budgeted bool) (*Analysis, error) {
	return analyzeTokens(ctx, swiftlex.Lex(code), budgeted)
}

// analyzeTokens analyses code's tokens, stopping with the context's cause
// when ctx ends and, when budgeted, with ErrTooComplex past the step
// budget. The meter stays on the Analysis, so that the reference walks
// after it stop alike.
func analyzeTokens(ctx context.Context, toks []token, budgeted bool) (*Analysis, error) {
	toks, pairs := scopeLocals(toks)
	a := &Analysis{
		toks:             toks,
		pairs:            pairs,
		ownTypes:         map[string]bool{},
		memberDecls:      map[string]bool{},
		methodDecls:      map[string]bool{},
		valueDecls:       map[string]bool{},
		caseValues:       map[string]string{},
		caseBound:        map[string]int{},
		staticDecls:      map[string]bool{},
		locals:           map[string]string{"error": "", "newValue": "", "oldValue": ""},
		sureTypes:        map[string]string{},
		nonOptionalDots:  map[int]bool{},
		dotContexts:      map[int]index.DotContext{},
		ownReturns:       map[string]string{},
		wrapped:          map[string]string{},
		unwrappedAlike:   map[string]bool{},
		elements:         map[string]string{},
		ownValues:        map[string]string{},
		ownElements:      map[string]string{},
		propertyOwners:   map[string]string{},
		bindings:         map[string]int{},
		valueTypes:       map[string]string{},
		typedBindings:    map[string]int{},
		closureScopes:    map[string][][2]int{},
		openMembers:      map[string]bool{},
		closures:         map[string]*closureSource{},
		loopOver:         map[string]string{},
		closureBound:     map[string]closureBinding{},
		genericArguments: map[string]string{},
		chainArguments:   map[string]string{},
		adopted:          map[int][]string{},
		modules:          map[string]bool{},
		declTok:          map[int]bool{},
		generics:         map[string]bool{},
		conditionTok:     map[int]bool{},
		chainLabels:      map[string][][]string{},
		boundPaths:       map[string][]string{},
		functionParams:   map[string][]string{},
		shadowed:         map[string]string{},
		shadowedWrapped:  map[string]string{},
		dictValues:       map[string]string{},
		m:                meter{ctx: ctx},
	}
	if budgeted {
		a.m.limit = stepsPerToken*len(a.toks) + baseSteps
	}
	err := a.run(func() {
		a.computeEnclosing()
		// Types first, so that a binding can tell `Model()` (own) from
		// `JSONDecoder()` whatever the declaration order.
		for i, t := range a.toks {
			a.step()
			if t.Kind == tokKeyword && typeDeclKeywords[t.Text] && !(t.Text == "class" && a.tok(i+1).Kind == tokKeyword) {
				a.declareType(i + 1)
			}
		}
		a.collectDecls()
		a.scopedLocals = map[string]bool{}
		for n := range a.locals {
			if w := writtenName(n); w != n {
				a.scopedLocals[w] = true
			}
		}
		a.bindInherited()
		a.collectFloors()
	})
	return a, err
}

// closeOf is the index of the token closing the group opened at i ("(",
// "[", "{" or "<"), or len(a.toks) when it is left open.
func (a *Analysis) closeOf(i int) int { return a.pairs[i] }

// openOf is the index of the token opening the group closed at i, or -1.
func (a *Analysis) openOf(i int) int { return a.pairs[i] }

// computeEnclosing fills enclosing, holder and afterImport in one pass.
func (a *Analysis) computeEnclosing() {
	a.enclosing = make([]string, len(a.toks))
	a.holder = make([]int, len(a.toks))
	a.afterImport = make([]bool, len(a.toks)+1)
	var stack []string
	var held []int
	importOnLine := false
	for i, t := range a.toks {
		a.step()
		if t.Kind == tokPunct && (t.Text == ")" || t.Text == "]" || t.Text == "}") && len(stack) > 0 {
			stack = stack[:len(stack)-1]
		}
		if len(stack) > 0 {
			a.enclosing[i] = stack[len(stack)-1]
		}
		if t.Kind == tokPunct && (t.Text == "(" || t.Text == "[" || t.Text == "{") {
			stack = append(stack, t.Text)
		}

		a.holder[i] = -1
		if len(held) > 0 {
			a.holder[i] = held[len(held)-1]
		}
		switch {
		case t.Kind != tokPunct:
		case t.Text == "(" || t.Text == "[" || t.Text == "{" || t.Text == "<" && !t.SpaceBefore && a.tok(i-1).Kind == tokIdent:
			held = append(held, i)
		case t.Text == ">":
			// A generic's close; a comparison (`$0.date > now` in a
			// closure argument) closes nothing.
			if n := len(held); n > 0 && a.toks[held[n-1]].Text == "<" {
				held = held[:n-1]
			}
		case (t.Text == ")" || t.Text == "]" || t.Text == "}") && len(held) > 0:
			for n := len(held); n > 1 && a.toks[held[n-1]].Text == "<"; n-- {
				held = held[:n-1] // a "<" never closed was a comparison
			}
			held = held[:len(held)-1]
		}

		if i == 0 || t.NLBefore {
			importOnLine = false
		}
		importOnLine = importOnLine || t.Is(tokKeyword, "import")
		a.afterImport[i+1] = importOnLine
	}
}

func isCapitalized(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsUpper(r)
}

func (a *Analysis) tok(i int) token {
	if i < 0 || i >= len(a.toks) {
		return token{Kind: -1}
	}
	return a.toks[i]
}

// refs walks the tokens and reports references, each once per floors, at
// its first use (DedupeRefs as they come: a chain of 30,000 members is one
// reference, not 30,000 to sort out after).
func (a *Analysis) refs() []Ref {
	var out []Ref
	seen := map[refKey]bool{}
	add := func(r Ref) {
		r.Floors = a.floorsAt(r.tok)
		if key := dedupeKey(r); !seen[key] {
			seen[key] = true
			r.Line = a.toks[r.tok].Line
			out = append(out, r)
		}
	}
	a.computeReceivers()
	for i, t := range a.toks {
		a.step()
		switch t.Kind {
		case tokAttr:
			if !languageAttributes[t.Text] && !a.ownTypes[t.Text] {
				add(Ref{Kind: RefType, Name: t.Text, tok: i})
			}
		case tokPound:
			if !swiftlex.Directives[t.Text] && !a.ownTypes[t.Text] {
				add(Ref{Kind: RefMacro, Name: t.Text, tok: i})
			}
		case tokIdent:
			if r, ok := a.typeRef(i); ok {
				add(r)
			}
		case tokPunct:
			if t.Text == "." && a.tok(i+1).Kind == tokIdent {
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
	if !isCapitalized(t.Text) || a.declTok[i] || a.conditionTok[i] || a.ownTypes[t.Text] || a.tok(i-1).IsPunct(".") {
		return Ref{}, false
	}
	if _, local := a.locals[t.Text]; local {
		return Ref{}, false
	}
	if a.isModuleQualifier(i) || a.inImport(i) {
		return Ref{}, false
	}
	// An argument label: f(Label: x).
	if a.tok(i+1).IsPunct(":") && (a.tok(i-1).IsPunct("(") || a.tok(i-1).IsPunct(",")) && a.enclosing[i] == "(" {
		return Ref{}, false
	}
	return Ref{Kind: RefType, Name: t.Text, tok: i}, true
}

func (a *Analysis) isModuleQualifier(i int) bool {
	name := a.toks[i].Text
	return (a.modules[name] || knownModules[name]) && a.tok(i+1).IsPunct(".")
}

// inImport says whether an import keyword precedes token i on the line of
// token i-1.
func (a *Analysis) inImport(i int) bool { return a.afterImport[i] }

// receiver describes what a member access is applied to.
type receiver struct {
	root    int  // token index of the chain's first name, -1 when none
	viaCall bool // a call, subscript or trailing closure lies between root and member
	direct  bool // the member follows the root name immediately: Type.member
	// link is the name just before this dot's calls (the previous member,
	// or the root), prev the dot before link (-1 when link is the root),
	// linkCall whether a call lies between link and this dot.
	link, prev int
	linkCall   bool
}

// computeReceivers finds what every "." applies to, front to back, once.
// A walk back from a dot stops at the previous link of its chain and takes
// that dot's receiver, already known: a chain of n members costs n walks of
// a few steps, not n²/2.
func (a *Analysis) computeReceivers() {
	if a.receivers != nil {
		return
	}
	a.receivers = make([]receiver, len(a.toks))
	for i, t := range a.toks {
		a.step()
		if t.IsPunct(".") {
			a.receivers[i] = a.walkReceiver(i)
		}
	}
}

// receiverOf is what the member access at the "." at dot applies to.
func (a *Analysis) receiverOf(dot int) receiver {
	a.computeReceivers()
	return a.receivers[dot]
}

// walkReceiver walks back from the "." at dot over the chain it ends, up to
// the chain's previous dot, whose receiver computeReceivers has found.
func (a *Analysis) walkReceiver(dot int) receiver {
	r := receiver{root: -1, direct: true, link: -1, prev: -1}
	j := dot - 1
	for j >= 0 {
		a.step()
		t := a.toks[j]
		switch {
		case t.Kind == tokPunct && (t.Text == "?" || t.Text == "!") && !t.SpaceBefore:
			j--
		case t.Kind == tokPunct && (t.Text == ")" || t.Text == "]" || t.Text == "}"):
			o := a.openOf(j)
			if o < 0 {
				return r
			}
			r.viaCall, r.direct = true, false
			if t.IsPunct(")") && a.toks[o].NLBefore {
				// A "(" that starts a line opens a parenthesised
				// expression (`(view as? MKMarkerAnnotationView)?.x`), not
				// a call of the line before's value.
				return r
			}
			j = o - 1
			// Multiple trailing closures: `Label { … } icon: { … }`.
			for t.IsPunct("}") && a.tok(j).IsPunct(":") && a.tok(j-1).Kind == tokIdent && a.tok(j-2).IsPunct("}") {
				a.step()
				j -= 2
				o = a.openOf(j)
				if o < 0 {
					return r
				}
				j = o - 1
			}
		case t.IsPunct(">"):
			o := a.openOf(j)
			if o <= 0 || a.toks[o-1].Kind != tokIdent || !isCapitalized(a.toks[o-1].Text) {
				return r
			}
			j = o - 1
		case t.Kind == tokIdent, t.Is(tokKeyword, "self"), t.Is(tokKeyword, "super"), t.Is(tokKeyword, "Self"):
			if a.tok(j - 1).IsPunct(".") {
				// The rest of the walk is the previous dot's.
				prev := a.receivers[j-1]
				return receiver{root: prev.root, viaCall: r.viaCall || prev.viaCall, direct: false, link: j, prev: j - 1, linkCall: r.viaCall}
			}
			r.root, r.link, r.linkCall = j, j, r.viaCall
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
	name := a.toks[nameTok].Text
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
	if root.Kind == tokKeyword || a.generics[root.Text] || a.conditionTok[rcv.root] {
		return Ref{}, false
	}
	ref := Ref{Kind: RefMember, Name: name, tok: nameTok, chain: chainSpan{rcv.root, dot, true}}
	if isCapitalized(root.Text) {
		if _, local := a.locals[root.Text]; local {
			return Ref{}, false
		}
		if a.modules[root.Text] || knownModules[root.Text] {
			if rcv.direct && isCapitalized(name) {
				ref.Kind = RefType
				return ref, true
			}
			return ref, !rcv.direct
		}
		if rcv.direct && !a.ownTypes[root.Text] {
			ref.Parent = root.Text
		}
		if a.madeByInit(rcv, dot) && !a.ownTypes[root.Text] {
			// `Text(name).font(.title)`: a member of the value the type's
			// initializer made is cited on that type, or on the ancestor
			// or protocol that documents it (View.font, not NSMenu's).
			ref.Parent, ref.parentFromLocal = root.Text, true
		}
		return ref, true
	}
	// A lowercase root is a local, a parameter or an inherited property. Its
	// members are checked only when the chain went through a call (a modifier
	// chain on a view, a call result) or the local's type is known.
	if rcv.viaCall {
		return ref, true
	}
	if typ := a.locals[root.Text]; typ != "" {
		// `decoder.decode(…)` on `let decoder = JSONDecoder()`: the local's
		// one written type is the member's parent, so that the member is
		// cited on it (JSONDecoder.decode, not CGImage.decode).
		if rcv.direct && a.sureTypes[root.Text] == typ && a.bindings[root.Text] == 1 && !a.ownTypes[typ] {
			ref.Parent, ref.parentFromLocal = typ, true
		}
		return ref, true
	}
	return Ref{}, false
}

// madeByInit says whether the member at the dot follows right after its
// chain's root type's initializer call: `Text(name).font`, `VStack { … }
// .padding()`, no member between.
func (a *Analysis) madeByInit(rcv receiver, dot int) bool {
	if rcv.prev >= 0 || rcv.link != rcv.root {
		return false
	}
	open := a.tok(rcv.root + 1)
	if !(open.IsPunct("(") || open.IsPunct("{")) || open.SpaceBefore && open.IsPunct("(") {
		return false
	}
	return a.closeOf(rcv.root+1) == dot-1
}

// chainDeclarations answers, for a member's receiver chain, whether the
// project declares a type it passes through: a capitalised name between
// the chain's root and its last dot, or the root's declared type. It
// counts the declared names once per file, so that each question costs
// two lookups, not a walk of the chain.
type chainDeclarations struct {
	a        *Analysis
	declared map[string]bool
	// before[i] is how many capitalised names the project declares among
	// the tokens before i.
	before []int
}

func (a *Analysis) chainDeclarations(declared map[string]bool) *chainDeclarations {
	c := &chainDeclarations{a: a, declared: declared, before: make([]int, len(a.toks)+1)}
	for j, t := range a.toks {
		a.step()
		c.before[j+1] = c.before[j]
		if t.Kind == tokIdent && isCapitalized(t.Text) && declared[t.Text] {
			c.before[j+1]++
		}
	}
	return c
}

// throughOwnType reports whether chain passes through a type the project
// declares.
func (c *chainDeclarations) throughOwnType(chain chainSpan) bool {
	if !chain.ok {
		return false
	}
	if typ := c.a.locals[c.a.toks[chain.root].Text]; typ != "" && c.declared[typ] {
		return true
	}
	return c.before[chain.dot] > c.before[chain.root]
}

// Refs lists the analysed code's references, each once per floors, at its
// first line.
func (a *Analysis) Refs() []Ref { return a.refs() }
