package verify

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Overloads: which parameters a documented member takes, read from its
// declaration (or, without one, from its title's labels), and whether the
// labels a call writes fit one of them.

// param is one declared parameter.
type param struct {
	label               string // "_" for an unlabelled one
	defaulted, variadic bool
	// nilable: the declared type is an optional or a closure.
	nilable bool
	// typ is the declared type's name ("UIView.ContentMode"), "" when the
	// declaration is not read or the type is not a plain name.
	typ string
	// clockDuration: typ is Duration as a generic clock's duration, which
	// a clock of the caller's own may declare otherwise.
	clockDuration bool
}

// takesClock says whether one of the parameters is of the generic
// parameter root itself (`clock: C`).
func takesClock(ps []param, root string) bool {
	return slices.ContainsFunc(ps, func(p param) bool { return p.typ == root })
}

// paramsOf reads a member's parameters: from its declaration, where
// defaults show, else from its title ("asyncAfter(deadline:execute:)"),
// where they do not, so that every parameter counts as defaulted then. ok
// is false when the member takes no argument list (a property).
func paramsOf(m apiMember, base string) ([]param, bool) {
	if ps, ok := declParams(m.decl, base); ok {
		if n := len(ps); n > 0 && ps[n-1].typ != "" && !(m.parent != nil && objcFrameworks[m.parent.framework]) {
			// A Swift framework's last parameter of a named type is
			// no Objective-C completion handler an async form drops
			// (NWConnection.send(content:…completion:) takes a
			// SendCompletion).
			return ps, true
		}
		return asyncVariant(ps), true
	}
	ps, ok := titleParams(m, base)
	if ok && m.listed != "" {
		// The Topics entry's declaration gives the types, not the
		// defaults: they are taken where its labels are the title's.
		if typed, ok := declParams(m.listed, base); ok && len(typed) == len(ps) {
			for i := range ps {
				if typed[i].label == ps[i].label {
					ps[i].typ, ps[i].clockDuration = typed[i].typ, typed[i].clockDuration
				}
			}
			if n := len(ps); n > 0 && base == "init" && objcClassMember(m, base) && typed[n-1].label == ps[n-1].label && typed[n-1].typ != "" &&
				!typed[n-1].nilable && !importerDefaults[strings.ToLower(ps[n-1].label)] {
				// The default a Swift refinement gives an Objective-C
				// initializer's last parameter is nil
				// (UIButton(configuration:primaryAction:)); one of a
				// value that cannot be nil is taken:
				// NSImage(cgImage:size:) is not NSImage(cgImage:).
				ps[n-1].defaulted = false
			}
		}
	}
	return ps, ok
}

// mayBeNil says whether a parameter's type admits nil: an optional, or a
// closure (a completion handler's, which an async form drops).
func mayBeNil(typ string) bool {
	typ = strings.TrimSpace(typ)
	return strings.HasSuffix(typ, "?") || strings.HasSuffix(typ, "!") || strings.Contains(typ, "->")
}

// titleParams reads a member's parameters from its title
// ("asyncAfter(deadline:execute:)"), where defaults do not show.
func titleParams(m apiMember, base string) ([]param, bool) {
	open := strings.IndexByte(m.title, '(')
	if open < 0 || !strings.HasSuffix(m.title, ")") {
		return nil, false
	}
	inner := m.title[open+1 : len(m.title)-1]
	// An Objective-C class's method takes every parameter: the importer
	// adds no defaults but an options set and a last completion handler
	// (which asyncVariant lets go). Elsewhere the title hides them, and so
	// it does for initializers, which Swift refinements give defaults
	// (UIKeyCommand(title:image:action:input:…)).
	objc := objcClassMember(m, base)
	var out []param
	for _, l := range strings.Split(inner, ":") {
		if l != "" {
			out = append(out, param{label: l, defaulted: !objc || importerDefaults[strings.ToLower(l)]})
		}
	}
	if objc {
		if n := len(out); base == "init" && n > 0 {
			// An initializer's last parameter may be a refinement's
			// default (UIButton(configuration:primaryAction:)); the
			// ones before it are taken: NSButton(title:target:action:)
			// is not NSButton(title:action:).
			out[n-1].defaulted = true
		}
		if n := len(out); n > 1 && out[n-1].label == "_" {
			// A last unlabelled parameter after others is an Objective-C
			// variadic's (`deferredLocalizedIntentsString(with:_:)`,
			// `CVarArg...`), which takes no argument as well.
			out[n-1].defaulted = true
		}
		return asyncVariant(out), true
	}
	return out, true
}

// objcClassMember says whether m, known by its title alone, is an
// Objective-C class's method or short initializer, whose title lists every
// parameter it takes (titleParams).
func objcClassMember(m apiMember, base string) bool {
	return m.parent != nil && m.parent.kind == "class" && objcFrameworks[m.parent.framework] &&
		(base != "init" || strings.Count(m.title, ":") <= maxObjCInitParams)
}

// maxObjCInitParams: an Objective-C class's initializer known by its title
// alone with this many parameters or fewer takes every one
// (NSButton(title:target:action:)); the long ones are Swift refinements
// with defaults (UIKeyCommand(title:image:action:input:…)).
const maxObjCInitParams = 4

// objcFrameworks are the frameworks whose classes are Objective-C ones,
// imported into Swift with no default arguments of their own. Foundation's
// classes known by their titles alone are its Objective-C ones
// (FileManager.createDirectory(at:withIntermediateDirectories:attributes:));
// its Swift classes' pages have declarations.
var objcFrameworks = swiftlex.SetOf("uikit", "appkit", "foundation", "mapkit", "avfoundation", "corelocation", "coredata",
	"photos", "healthkit", "spritekit", "scenekit", "webkit", "contacts", "eventkit", "gamekit", "quartzcore", "coreimage",
	"coremotion", "multipeerconnectivity", "avkit", "messageui", "safariservices", "corebluetooth", "callkit", "pushkit",
	"passkit", "homekit", "cloudkit", "metalkit", "gameplaykit", "usernotifications", "mediaplayer", "photosui",
	"avfaudio", "vision", "coreml", "speech", "naturallanguage", "localauthentication", "authenticationservices",
	"corespotlight", "pdfkit", "linkpresentation", "watchconnectivity", "corehaptics", "intents")

// importerDefaults are the labels the Swift importer gives a default
// (`options: … = []`, `completion: (() -> Void)? = nil`).
var importerDefaults = swiftlex.SetOf("options", "completion", "completionhandler", "attributes", "userinfo")

// asyncVariant lets a last completion-handler parameter be left out:
// Swift imports an Objective-C method with one as an async method without
// it (requestAuthorization(options:) for
// requestAuthorization(options:completionHandler:)).
func asyncVariant(ps []param) []param {
	if n := len(ps); n > 0 {
		l := strings.ToLower(ps[n-1].label)
		if strings.Contains(l, "completion") || strings.Contains(l, "handler") || l == "reply" {
			ps[n-1].defaulted = true
		}
	}
	return ps
}

// isGenericName says whether typ is one of the generic parameters listed
// between a declaration's angle brackets ("Background", "S, T: Shape").
func isGenericName(generics, typ string) bool {
	if typ == "" || generics == "" {
		return false
	}
	for _, g := range strings.Split(generics, ",") {
		name, _, _ := strings.Cut(strings.TrimSpace(g), ":")
		if strings.TrimSpace(name) == typ {
			return true
		}
	}
	return false
}

// declParams parses the parameter list after base in a declaration.
func declParams(decl, base string) ([]param, bool) {
	if decl == "" {
		return nil, false
	}
	i := strings.Index(decl, base)
	for i >= 0 {
		j := i + len(base)
		if i > 0 && decl[i-1] == '`' && j < len(decl) && decl[j] == '`' {
			j++ // a keyword as a name: class func `default`(for:)
		}
		if j < len(decl) && (decl[j] == '?' || decl[j] == '!') {
			j++
		}
		generics := ""
		if j < len(decl) && decl[j] == '<' {
			open := j
			if j = closeAngle(decl, j); j > open {
				generics = decl[open+1 : j-1]
			}
		}
		if j >= 0 && j < len(decl) && decl[j] == '(' && (i == 0 || !identByte(decl[i-1])) {
			ps, ok := splitParams(decl[j+1:])
			clocks := slices.Clone(ps) // before the loop empties `clock: C`'s type
			for k := range ps {
				if g := genericConstraint(decl, ps[k].typ); g != "" {
					ps[k].typ = conformingPrefix + g
				} else if root, rest, ok := strings.Cut(ps[k].typ, "."); ok && rest == "Instant.Duration" && isGenericName(generics, root) && takesClock(clocks, root) {
					// A clock's duration (`for: C.Instant.Duration` with
					// `clock: C`): the standard clocks', ContinuousClock's
					// (the default) and SuspendingClock's, is Duration, so a
					// leading dot there names one of its statics
					// (`.seconds(1)`). A call that passes its own clock is
					// not judged (clockDuration).
					ps[k].typ, ps[k].clockDuration = "Duration", true
				} else if isGenericName(generics, ps[k].typ) {
					// A generic parameter whose constraint the declaration
					// does not show (a Topics entry's listing drops the
					// where clause): any type, not one named so.
					ps[k].typ = ""
				}
			}
			return ps, ok
		}
		next := strings.Index(decl[i+len(base):], base)
		if next < 0 {
			break
		}
		i += len(base) + next
	}
	return nil, false
}

func identByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// closeAngle is the index after the ">" closing the "<" at i, or -1.
func closeAngle(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch {
		case s[j] == '<':
			depth++
		case s[j] == '>' && (j == 0 || s[j-1] != '-'):
			depth--
			if depth == 0 {
				return j + 1
			}
		}
	}
	return -1
}

// splitParams reads "label name: Type = default, …)" up to its closing
// parenthesis.
func splitParams(s string) ([]param, bool) {
	var out []param
	depth, start := 0, 0
	flush := func(end int) {
		if p, ok := parseParam(s[start:end]); ok {
			out = append(out, p)
		}
		start = end + 1
	}
	for j := 0; j < len(s); j++ {
		switch c := s[j]; {
		case c == '(' || c == '[' || c == '<' && (j == 0 || s[j-1] != '-'):
			depth++
		case c == ')' || c == ']' || c == '>' && (j == 0 || s[j-1] != '-'):
			if depth == 0 && c == ')' {
				flush(j)
				return out, true
			}
			depth--
		case c == ',' && depth == 0:
			flush(j)
		}
	}
	return nil, false
}

func parseParam(s string) (param, bool) {
	s = strings.TrimSpace(s)
	colon := topLevelColon(s)
	if colon < 0 {
		// An enum case's unlabelled associated value (`case
		// dataCorrupted(DecodingError.Context)`).
		if s == "" {
			return param{}, false
		}
		p := param{label: "_", typ: plainType(s)}
		if eq := topLevelEquals(s); eq >= 0 {
			p.defaulted, p.typ = true, plainType(s[:eq])
		}
		return p, true
	}
	names := strings.Fields(s[:colon])
	for len(names) > 1 && strings.HasPrefix(names[0], "@") {
		// An attribute before the label (`@ViewBuilder title: () ->
		// Title`) is no label.
		names = names[1:]
	}
	if len(names) == 0 {
		return param{}, false
	}
	rest := s[colon+1:]
	p := param{label: names[0]}
	typ := rest
	if eq := topLevelEquals(rest); eq >= 0 {
		p.defaulted = true
		typ = rest[:eq]
	}
	p.variadic = strings.HasSuffix(strings.TrimSpace(typ), "...") || strings.Contains(typ, "repeat each")
	p.nilable = mayBeNil(typ)
	p.typ = plainType(typ)
	if elem := collectionElement(typ); elem != "" {
		p.typ = elementsPrefix + elem
	}
	if rest, ok := strings.CutPrefix(strings.TrimSpace(typ), "some "); ok {
		if t := plainType(rest); t != "" {
			p.typ = conformingPrefix + t
		}
	}
	// A variadic parameter may take no argument at all.
	p.defaulted = p.defaulted || p.variadic
	return p, true
}

// topLevelColon is the index of the ":" after a parameter's names, outside
// brackets (not a dictionary type's), or -1.
func topLevelColon(s string) int {
	depth := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '(', '[', '<':
			depth++
		case ')', ']', '>':
			depth--
		case ':':
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// topLevelEquals is the index of a default's "=" outside brackets, or -1.
func topLevelEquals(s string) int {
	depth := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '(', '[', '<':
			depth++
		case ')', ']':
			depth--
		case '>':
			if j == 0 || s[j-1] != '-' {
				depth--
			}
		case '=':
			if depth == 0 && (j+1 >= len(s) || s[j+1] != '=') && (j == 0 || s[j-1] != '=' && s[j-1] != '!') {
				return j
			}
		}
	}
	return -1
}

// conformingPrefix marks a parameter type that is any type conforming to
// a protocol (`some P`, or a generic parameter constrained to P): a leading
// dot there names one of P's static members (`.pickerStyle(.menu)`).
const conformingPrefix = "some:"

// genericConstraint is the one protocol a declaration constrains the
// generic parameter name to (`<S: P>` or `where S : P`), "" when name is
// not a generic parameter or has no single plain constraint.
func genericConstraint(decl, name string) string {
	if name == "" || strings.ContainsRune(name, '.') {
		return ""
	}
	for _, marker := range []string{name + ":", name + " :"} {
		for i := strings.Index(decl, marker); i >= 0; {
			if i == 0 || !identByte(decl[i-1]) {
				rest := strings.TrimSpace(decl[i+len(marker):])
				end := 0
				for end < len(rest) && (identByte(rest[end]) || rest[end] == '.') {
					end++
				}
				after := strings.TrimSpace(rest[end:])
				// `S: P & Q` or `S: P<…>` is no single plain protocol.
				if end > 0 && isCapitalized(rest[:end]) && !strings.HasPrefix(after, "&") && !strings.HasPrefix(after, "<") {
					return rest[:end]
				}
				return ""
			}
			next := strings.Index(decl[i+len(marker):], marker)
			if next < 0 {
				break
			}
			i += len(marker) + next
		}
	}
	return ""
}

// fits says whether written labels (with trailing closures after them) can
// call params: in order, defaulted parameters left out, the last ones
// taken by the trailing closures, variadic ones taking more unlabelled
// arguments.
func fits(written []string, trailing int, params []param) bool {
	_, ok := assign(written, trailing, params)
	return ok
}

// assign matches written labels to params as fits does, giving the
// parameter each written argument goes to.
func assign(written []string, trailing int, params []param) ([]int, bool) {
	to := make([]int, len(written))
	i := 0
	for k, p := range params {
		if i < len(written) && written[i] == p.label {
			to[i] = k
			i++
			for p.variadic && i < len(written) && written[i] == "_" {
				to[i] = k
				i++
			}
			continue
		}
		if p.defaulted {
			continue
		}
		if i == len(written) && trailing > 0 {
			return to, len(params)-k <= trailing+countDefaulted(params[k:])
		}
		return nil, false
	}
	return to, i == len(written)
}

// plainType is a parameter's type when it is a plain, possibly nested or
// optional, name: "UIView.ContentMode" for " UIView.ContentMode = .scaleToFill".
func plainType(typ string) string {
	typ = strings.TrimSuffix(strings.TrimSpace(typ), "...") // a variadic's element
	typ = strings.TrimSpace(typ)
	typ = strings.TrimSuffix(strings.TrimSuffix(typ, "?"), "!")
	if typ == "" || !isCapitalized(typ) {
		return ""
	}
	for i := 0; i < len(typ); i++ {
		if !identByte(typ[i]) && typ[i] != '.' {
			return ""
		}
	}
	return typ
}

// elementsPrefix marks a parameter type that is a collection of a plain
// type ("[WidgetFamily]", "Set<PresentationDetent>"): the leading dots of
// an array literal passed to it are the element type's.
const elementsPrefix = "[]"

// literalElementType is the type of an element of an array literal
// assigned to what decl declares: an array's or a set's element type
// (`Set<PKContactField>`), or an option set's own type (CACornerMask, whose
// literal lists its members); "" for any other generic.
func literalElementType(decl string) string {
	vt := declaredValueText(decl)
	if i := strings.Index(vt, " {"); i >= 0 {
		vt = vt[:i]
	}
	if el := collectionElement(vt); el != "" {
		return el
	}
	if strings.ContainsAny(vt, "<[") {
		return ""
	}
	return declaredType(decl)
}

// collectionElement is the element type of an array or set type written
// `[X]`, `Array<X>` or `Set<X>` (optional or not), "" otherwise.
func collectionElement(typ string) string {
	typ = strings.TrimSpace(typ)
	typ = strings.TrimSuffix(strings.TrimSuffix(typ, "?"), "!")
	if inner, ok := strings.CutPrefix(typ, "["); ok && strings.HasSuffix(inner, "]") {
		return plainType(strings.TrimSuffix(inner, "]"))
	}
	for _, c := range []string{"Set<", "Array<"} {
		if inner, ok := strings.CutPrefix(typ, c); ok && strings.HasSuffix(inner, ">") {
			return plainType(strings.TrimSuffix(inner, ">"))
		}
	}
	return ""
}

func countDefaulted(ps []param) int {
	n := 0
	for _, p := range ps {
		if p.defaulted {
			n++
		}
	}
	return n
}

// signature writes a call's labels as Swift names a member: "(seconds:)",
// "(_:)".
func signature(base string, labels []string) string {
	var b strings.Builder
	b.WriteString(base + "(")
	for _, l := range labels {
		b.WriteString(l + ":")
	}
	b.WriteString(")")
	return b.String()
}

// declaredValueText is the text of a declaration after the arrow of a
// function or the colon of a property, without effects ("throws ",
// "async "), or "" when it declares neither.
func declaredValueText(decl string) string {
	s := decl
	if v, ok := awaitedValueText(decl); ok {
		s = v
	} else if i := strings.LastIndex(s, "->"); i >= 0 {
		s = s[i+2:]
	} else if k := max(strings.Index(s, "var "), strings.Index(s, "let ")); k >= 0 {
		// The colon after the name: an attribute before it has colons
		// of its own (`@backDeployed(before: macOS 14.0) var
		// horizontalSizeClass: UserInterfaceSizeClass?`).
		i := strings.IndexByte(s[k:], ':')
		if i < 0 {
			return ""
		}
		s = s[k+i+1:]
	} else {
		return ""
	}
	s = strings.TrimSpace(s)
	for _, kw := range []string{"throws ", "async ", "rethrows "} {
		s = strings.TrimPrefix(s, kw)
	}
	return s
}

// declaredType is the type a property's or a function's declaration gives
// its value ("UIDevice" for "class var current: UIDevice { get }", "URL"
// for "func url(for…) throws -> URL"), "" when it gives none we can follow.
func declaredType(decl string) string {
	// An existential's members are its protocol's: `-> any
	// MLFeatureProvider`; a composition's are each type's
	// (compositionTypes).
	s := strings.TrimPrefix(declaredValueText(decl), "any ")
	if strings.Contains(s, "&") {
		return ""
	}
	end := 0
	for end < len(s) && (identByte(s[end]) || s[end] == '.') {
		end++
	}
	typ := strings.TrimSuffix(s[:end], ".")
	if typ == "" || typ == "Self" || typ == "some" || typ == "any" || typ == "Void" || !isCapitalized(typ) {
		// Void has no members: a chain that reaches it read a
		// completion handler's form of what the code awaits
		// (`try await search.start()`).
		return ""
	}
	if end < len(s) && s[end] == '<' {
		// A type nested in a generic one's instance is not that type:
		// Just's setFailureType(to:) returns Result<Output, Failure>.Publisher.
		if after := closeAngle(s, end); after < 0 || after < len(s) && s[after] == '.' {
			return ""
		}
	}
	return typ
}

// opaqueType is P when a declaration returns `some P` ("func padding(…)
// -> some View"), else "".
func opaqueType(decl string) string {
	i := strings.LastIndex(decl, "->")
	if i < 0 {
		return ""
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(decl[i+2:]), "some ")
	if !ok {
		return ""
	}
	end := 0
	for end < len(rest) && (identByte(rest[end]) || rest[end] == '.') {
		end++
	}
	typ := strings.TrimSuffix(rest[:end], ".")
	if typ == "" || !isCapitalized(typ) || end < len(rest) && strings.TrimSpace(rest[end:]) != "" && !strings.HasPrefix(strings.TrimSpace(rest[end:]), "where") {
		return ""
	}
	return typ
}

// awaitedValueText is what a function of Objective-C's completion-handler
// form returns when awaited, as Swift imports it: `class func
// loadAchievements(completionHandler: (([GKAchievement]?, (any Error)?)
// -> Void)? = nil)` is also `loadAchievements() async throws ->
// [GKAchievement]`, which the crawl's page does not show. ok is false
// for a declaration that returns a value itself, or whose last parameter
// is no handler of one value and an optional error (or of one value).
// Only an awaited call can have a member after it, so reading every call
// of such a function as awaited costs nothing.
func awaitedValueText(decl string) (string, bool) {
	open := strings.IndexByte(decl, '(')
	if open < 0 || !strings.Contains(decl[:open], "func ") {
		return "", false
	}
	end := closingParen(decl, open)
	if end < 0 || strings.Contains(decl[end:], "->") {
		return "", false
	}
	params := splitTopLevel(decl[open+1 : end])
	if len(params) == 0 {
		return "", false
	}
	_, typ, ok := strings.Cut(strings.TrimSpace(params[len(params)-1]), ":")
	if !ok {
		return "", false
	}
	typ = strings.TrimSpace(typ)
	typ, _, _ = strings.Cut(typ, " = ")
	for _, attr := range []string{"@escaping ", "@Sendable ", "@MainActor "} {
		typ = strings.ReplaceAll(typ, attr, "")
	}
	typ = strings.TrimSuffix(strings.TrimSpace(typ), "?")
	if strings.HasPrefix(typ, "(") && closingParen(typ, 0) == len(typ)-1 {
		typ = typ[1 : len(typ)-1] // the optional closure's parentheses
	}
	if !strings.HasPrefix(typ, "(") {
		return "", false
	}
	closeArgs := closingParen(typ, 0)
	if closeArgs < 0 || strings.TrimSpace(typ[closeArgs+1:]) != "-> Void" {
		return "", false
	}
	args := splitTopLevel(typ[1:closeArgs])
	switch {
	case len(args) == 2 && strings.Contains(args[1], "Error"):
	case len(args) == 1 && !strings.Contains(args[0], "Error"):
	default:
		return "", false
	}
	return strings.TrimSuffix(strings.TrimSpace(args[0]), "?"), true
}

// closingParen is the index of the ")" that closes the "(" at open in s,
// -1 when none does.
func closingParen(s string, open int) int {
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}
