package reading

import (
	"regexp"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The reading of Swift code (readSyntax): its calls, their receivers and
// labels, declarations, key paths, attributes and the types it names.

var (
	// callRE: a member name followed by an argument list; group 1 is the
	// receiver chain before it (URLSession.shared.), group 2 the name.
	// Generic arguments may stand between a type and its arguments:
	// NSFetchRequest<Item>(entityName:) calls NSFetchRequest's init.
	// Optional chaining (audioPlayer?.play()) reads like a plain chain.
	callRE = regexp.MustCompile(`((?:[A-Za-z_][A-Za-z0-9_]*(?:<[^<>()]*>)?(?:\(\))?[?!]?\.)*)\.?([A-Za-z_][A-Za-z0-9_]*)(?:<[^<>(){}]*>)?\s*\(`)
	// keyPathRE: \.colorScheme, \Type.member.
	keyPathRE = regexp.MustCompile(`\\([A-Z][A-Za-z0-9_]*)?\.([a-z][A-Za-z0-9_]*)`)
	// attributeRE: @MainActor, @Environment(…).
	attributeRE = regexp.MustCompile(`@([A-Z][A-Za-z0-9_]*)`)
	// typeRE: a capitalised Swift name in code.
	typeRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\b`)
	// propertyChainRE: properties reached from a type, the last not
	// called: UIApplication.shared.connectedScenes, and Swift 2's
	// accessors called on the way (UIApplication.sharedApplication().keyWindow).
	propertyChainRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)((?:\.[a-z][A-Za-z0-9_]*(?:\(\))?)+\.[a-z][A-Za-z0-9_]*)\b(?:[^(A-Za-z0-9_]|$)`)
	// memberRE: a member reached through a dot: .shared, .background.
	memberAccessRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\.([a-z][A-Za-z0-9_]*)\b`)
	// trailingClosureRE: a modifier called with a trailing closure alone.
	trailingClosureRE = regexp.MustCompile(`\.([a-z][A-Za-z0-9_]*)\s*\{`)
	// subscriptRE: a value subscripted, its chain in group 1.
	subscriptRE = regexp.MustCompile(`\b([a-z_][A-Za-z0-9_]*(?:[?!]?\.[a-z_][A-Za-z0-9_]*)*)\[`)
	// valueReadRE: a property read from a value or self, through a chain
	// (expiryDate.timeIntervalSinceNow, self.player.currentItem?.rate);
	// group 1 is the chain, group 2 the property.
	valueReadRE = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.$\\])((?:[a-z_][A-Za-z0-9_]*[?!]?\.)+)([a-z][A-Za-z0-9_]*)\b`)
	// chainEndRE: the receiver chain text ends with (people, Task, a.b).
	chainEndRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*$`)
	// closureInitRE: a type written where a value goes (a statement's
	// start, after = ( , or {) and followed by a closure: Task { …,
	// AsyncStream<Int> { ….
	closureInitRE = regexp.MustCompile(`(?:^|[=(,{;]|\breturn|\bin)\s*(?:try\s+)?(?:await\s+)?([A-Z][A-Za-z0-9_]*)(?:<[^<>{}]*>)?\s*\{`)
	// freeClosureRE: a free function called with a trailing closure alone
	// (withCheckedContinuation { …), not a member (.onAppear {).
	freeClosureRE = regexp.MustCompile(`(?:^|[\s=(])([a-z][A-Za-z0-9_]*)\s*\{`)
	// signatureRE: a function or initializer declared, up to its
	// parameter list.
	signatureRE = regexp.MustCompile(`\b(?:func\s+[A-Za-z_][A-Za-z0-9_]*|init[?!]?)\s*(?:<[^<>]*>)?\(`)
	// previousWordRE: the word text ends with, before spaces.
	previousWordRE = regexp.MustCompile(`\b([a-z]+)\s+$`)
	// projectedRE: text ending in a projected value, $model.
	projectedRE = regexp.MustCompile(`\$[A-Za-z_][A-Za-z0-9_]*$`)
	// genericParamsRE: a declaration's generic parameter clause, whose
	// names (T in func f<T: Comparable>) are the code's own types.
	genericParamsRE = regexp.MustCompile(`\b(?:func|struct|class|enum|actor|typealias|init|subscript)\b\s*[A-Za-z_0-9]*\s*<([^<>]*)>`)
	// macroRE: a freestanding macro, #Predicate.
	// A lower-case one (#expect) is a call, unless the compiler's.
	macroRE = regexp.MustCompile(`#([A-Za-z][A-Za-z0-9_]*)`)
	// declaredRE: text ending in the keyword that declares a function.
	declaredRE = regexp.MustCompile(`\bfunc\s+$`)
	// labelRE: an argument label inside a call.
	labelRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:`)
	// paramLabelRE: a declared parameter's external label, the first of
	// two names (_ manager: CLLocationManager, didFinish navigation: …).
	paramLabelRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s+[A-Za-z_][A-Za-z0-9_]*\s*:`)
	// typeDeclRE: a type the code declares, with what follows its name
	// (class SceneDelegate: UIResponder, UIWindowSceneDelegate {).
	typeDeclRE = regexp.MustCompile(`\b(?:class|struct|enum|actor|protocol)\s+([A-Z][A-Za-z0-9_]*)`)
	// conformanceRE: a declared type's conformance list, after its name
	// and generic clause (struct Box<T: Codable>: Sendable, Hashable {).
	conformanceRE = regexp.MustCompile(`\b(?:class|struct|enum|actor|protocol|extension)\s+[A-Z][A-Za-z0-9_.]*(?:<[^{]*?>)?\s*:\s*([^{]*)`)
	// typedImplicitRE: a value of a stated type given an implicit member
	// (let poll: Duration = .milliseconds(750)).
	typedImplicitRE = regexp.MustCompile(`\b(?:let|var)\s+[a-z][A-Za-z0-9_]*\s*:\s*([A-Z][A-Za-z0-9_.]*)\s*=\s*\.([a-z][A-Za-z0-9_]*)\b`)
	// assignmentRE: a member of a value set by the code (label.text = …,
	// cardView.backgroundColor = .systemRed); group 3 is an implicit member
	// assigned.
	// Optional chaining reads as a plain chain (tabBarController?.selectedIndex).
	assignmentRE = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:[?!]?\.[A-Za-z_][A-Za-z0-9_]*)*)[?!]?\.([a-z][A-Za-z0-9_]*)\s*=[^=](?:\s*\.([a-z][A-Za-z0-9_]*)\b)?`)
)

// readSyntax reads Swift code: its calls with their labels, its key paths,
// attributes and type names.
func readSyntax(code string) Reading {
	r := Reading{Class: ClassSyntax}
	// What string literals say ("Add Photos") names nothing in the code;
	// blanking it keeps every position.
	code = blankComments(blankStrings(code))
	locals := localTypes(code)
	for _, m := range attributeRE.FindAllStringSubmatch(code, -1) {
		r.addName(m[1])
	}
	// Each call with where it stands in the code: the calls are searched
	// in the order written, so a line's leading modifier (.contextMenu
	// { … }) comes before the views its closure builds.
	type placedCall struct {
		Call
		at int
		// args is where a modifier's argument list starts, else 0.
		args int
		// factory: a labelled factory handed to a modifier, moved
		// before it; read and value as in CallOrder.
		factory, read, value bool
	}
	var calls []placedCall
	add := func(c Call, at int) { calls = append(calls, placedCall{Call: c, at: at}) }
	for _, loc := range keyPathRE.FindAllStringSubmatchIndex(code, -1) {
		member := code[loc[4]:loc[5]]
		if swiftKeywords[member] || loc[2] >= 0 {
			// \.self is the element itself; \Item.timestamp roots at the
			// caller's own model, whose members no documentation has.
			continue
		}
		// \.dismiss inside @Environment(…) is an EnvironmentValues
		// member: an attribute's key paths root at <Attribute>Values.
		typ := ""
		switch {
		case len(r.Names) > 0:
			typ = r.Names[len(r.Names)-1] + "Values"
		case strings.Contains(code[:loc[0]], "environment("):
			typ = "EnvironmentValues"
		default:
			// \.lastName in sorted(using:) or ForEach roots at the
			// caller's own type, which no page documents.
			continue
		}
		add(Call{Type: typ, Member: member}, loc[0])
	}
	for _, loc := range callRE.FindAllStringSubmatchIndex(code, -1) {
		chain, name := code[loc[2]:loc[3]], code[loc[4]:loc[5]]
		if strings.Contains(code[loc[5]:loc[1]], "<") && !swiftlex.IsTypeName(name) {
			continue // func largest<T: Comparable>(…) declares generics
		}
		// set(_:forKey:) is a method; set { … } an accessor, never a call.
		// open(_:) is a method too; the modifier open is never called.
		keyword := swiftKeywords[name] && name != "set" && name != "get" && name != "open"
		if keyword && loc[4] > 0 && code[loc[4]-1] == '.' && name != "self" && name != "init" {
			keyword = false // a member may bear a keyword's name: AVCaptureDevice.default(for:)
		}
		// #keyPath(…), #selector(…) and #available(…) are the compiler's;
		// #expect(throws: …) is a macro called like a function.
		if keyword || loc[0] > 0 && code[loc[0]-1] == '#' {
			if !keyword && chain == "" && !swiftlex.Directives[name] && !swiftlex.IsTypeName(name) {
				add(Call{Member: name, Labels: labelsOf(code[loc[1]:])}, loc[0])
			}
			continue
		}
		if loc[0] > 0 && code[loc[0]-1] == '@' {
			// @Query(sort: \.date, order: .reverse) expands a macro
			// titled Query(filter:sort:order:animation:): the labels
			// written pick its overload. A bare argument
			// (@AppStorage("key"), @Environment(\.dismiss)) picks none.
			labels := labelsOf(code[loc[1]:])
			if swiftlex.IsTypeName(name) && chain == "" && slices.ContainsFunc(labels, func(l string) bool { return l != "_" }) {
				add(Call{Member: name, Labels: labels}, loc[0])
			}
			continue
		}
		if swiftlex.IsTypeName(name) && typePathRE.MatchString(chain) {
			// AVCaptureDevice.DiscoverySession(deviceTypes:…) builds the
			// nested type: its init pages, the nested type itself second.
			nested := chain + name
			r.addName(nested)
			if labels := labelsOf(code[loc[1]:]); len(labels) > 0 {
				add(Call{Type: nested, Member: "init", Labels: labels}, loc[0])
			}
			continue
		}
		if swiftlex.IsTypeName(name) && chain == "" {
			// Text(date, style: .relative) is an initializer: the
			// type's init pages, the type itself second.
			r.addName(name)
			if labels := labelsOf(code[loc[1]:]); len(labels) > 0 && code[max(loc[0]-1, 0)] != '@' {
				add(Call{Type: name, Member: "init", Labels: labels}, loc[0])
			}
			continue
		}
		declared := chain == "" && declaredRE.MatchString(code[:loc[0]])
		typ, receiver := receiverOf(chain, locals)
		if loc[0] > 0 && code[loc[0]-1] == '$' && strings.Count(chain, ".") == 1 {
			// $query.debounce(…): what code calls on a projected
			// @Published value is a Combine operator, Apple's API.
			typ, receiver = "Publisher", ""
		}
		noArgs := strings.HasPrefix(strings.TrimLeft(code[loc[1]:], " "), ")")
		built := ""
		if chain == "" && code[loc[0]] == '.' {
			built = builtType(code[:loc[0]])
		}
		free := chain == "" && code[loc[0]] != '.' && !declared
		add(Call{Type: typ, Receiver: receiver, Member: name, Labels: labelsOf(code[loc[1]:]), Declared: declared, Via: chainProperty(chain), NoArguments: noArgs, Built: built, Free: free}, loc[0])
		if chain == "" && code[loc[0]] == '.' {
			calls[len(calls)-1].args = loc[1] // a modifier: .font(
		}
	}
	addDeclaredMembers(code, add)
	// A factory called to give a value of a stated type (let poll:
	// Duration = .milliseconds(750)) is that type's. Under an attribute
	// (@Entry var tint: Color = .blue) the attribute is the subject.
	for _, loc := range typedImplicitRE.FindAllStringSubmatchIndex(code, -1) {
		typ, dot := code[loc[2]:loc[3]], loc[4]-1
		if i := slices.IndexFunc(calls, func(p placedCall) bool { return p.at == dot }); i >= 0 && !strings.Contains(code, "@") {
			calls[i].Type = typ
		}
	}
	// A modifier handed one value that a factory builds with labels
	// (.font(.system(size: 22, weight: .bold))) is about the factory:
	// the modifier is the familiar part, alike on many types. The factory
	// goes just before it.
	for _, outer := range calls {
		if outer.args == 0 {
			continue
		}
		if inner := labelledFactory(code, outer.args); inner >= 0 {
			for j := range calls {
				if calls[j].at == inner {
					calls[j].at, calls[j].factory = outer.at-1, true
				}
			}
		}
	}
	// A type built with only a trailing closure (Task { … },
	// AsyncStream<Int> { continuation in …) calls its initializer, as
	// Text(…) does; a declaration's brace (class A: B, C {) is none. A
	// closure followed by modifiers (Form { … }.padding()) is a view the
	// chain styles, read as before: its modifiers lead.
	conformances := conformanceRE.FindAllStringIndex(code, -1)
	for _, loc := range closureInitRE.FindAllStringSubmatchIndex(code, -1) {
		name := code[loc[2]:loc[3]]
		declared := slices.ContainsFunc(conformances, func(c []int) bool { return c[0] <= loc[2] && loc[2] < c[1] })
		if closed := closing(code, loc[1]-1); closed >= 0 && strings.HasPrefix(strings.TrimSpace(code[closed+1:]), ".") {
			declared = true
		}
		if !declared && !swiftKeywords[name] && !slices.ContainsFunc(calls, func(p placedCall) bool { return p.Type == name && p.Member == "init" }) {
			r.addName(name)
			add(Call{Type: name, Member: "init"}, loc[2])
		}
	}
	// A function called with only a trailing closure:
	// withCheckedContinuation { continuation in … }; not a value a
	// statement opens a block on (for asset in pendingAssets {, if done {).
	for _, loc := range freeClosureRE.FindAllStringSubmatchIndex(code, -1) {
		name := code[loc[2]:loc[3]]
		if w := previousWordRE.FindStringSubmatch(code[:loc[2]]); w != nil && swiftKeywords[w[1]] && w[1] != "try" && w[1] != "await" {
			continue
		}
		if !swiftKeywords[name] && !closureWords[name] && !slices.ContainsFunc(calls, func(p placedCall) bool { return p.Member == name }) {
			add(Call{Member: name}, loc[2])
		}
	}
	// A modifier with only a trailing closure: .onAppear { … }.
	for _, loc := range trailingClosureRE.FindAllStringSubmatchIndex(code, -1) {
		name := code[loc[2]:loc[3]]
		if !swiftKeywords[name] && !slices.ContainsFunc(calls, func(p placedCall) bool { return p.Member == name }) {
			// Its receiver as for a call: rawValues.compactMap { … } is
			// called on a value, Task.detached { … } on a type.
			chain := chainEndRE.FindString(code[:loc[0]])
			typ, receiver := receiverOf(chain, locals)
			c := Call{Type: typ, Receiver: receiver, Member: name, Closure: true}
			if projectedRE.MatchString(code[:loc[0]]) {
				c.Type, c.Receiver = "Publisher", "" // $model.sink { … }, as above
			}
			add(c, loc[0])
		}
	}
	// A member the code sets is the property's page; an implicit member
	// assigned (= .secondarySystemBackground) is its type's value.
	for _, loc := range assignmentRE.FindAllStringSubmatchIndex(code, -1) {
		chain, prop := code[loc[2]:loc[3]], code[loc[4]:loc[5]]
		if chain == "self" || swiftKeywords[prop] {
			continue
		}
		typ, receiver := receiverOf(chain+".", locals)
		add(Call{Type: typ, Receiver: receiver, Member: prop, Via: chainProperty(chain + ".")}, loc[4])
		if loc[6] >= 0 {
			// After every call written: the value is the detail.
			add(Call{Member: code[loc[6]:loc[7]]}, len(code)+loc[6])
			calls[len(calls)-1].value = true
		}
	}
	// A subscript written with a label (counts[word, default: 0]) is a
	// particular one, subscript(_:default:); a bare index says nothing.
	for _, loc := range subscriptRE.FindAllStringSubmatchIndex(code, -1) {
		labels := labelsOf(code[loc[1]:])
		if !slices.ContainsFunc(labels, func(l string) bool { return l != "_" }) {
			continue
		}
		typ, receiver := receiverOf(code[loc[2]:loc[3]]+".", locals)
		add(Call{Type: typ, Receiver: receiver, Member: "subscript", Labels: labels}, loc[1]-1)
	}
	// A property the code reads from a value (expiryDate.
	// timeIntervalSinceNow, self.player.currentItem?.isPlaybackLikely…):
	// searched like a call once the index confirms it is Apple's
	// (promoteTypedCalls); a sequence's count or isEmpty says nothing.
	for _, loc := range valueReadRE.FindAllStringSubmatchIndex(code, -1) {
		chain, prop := code[loc[2]:loc[3]], code[loc[4]:loc[5]]
		rest := strings.TrimLeft(code[loc[1]:], " ")
		// Asked alone ("array.count"), the read is the question.
		alone := strings.TrimSpace(code) == code[loc[2]:loc[5]]
		if swiftKeywords[prop] || sequenceAlgorithms[prop] && !alone || strings.HasPrefix(rest, "(") || strings.HasPrefix(rest, "{") ||
			(strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==")) {
			continue
		}
		typ, receiver := receiverOf(chain, locals)
		add(Call{Type: typ, Receiver: receiver, Member: prop, Via: chainProperty(chain)}, loc[4])
		calls[len(calls)-1].read = true
	}
	// A chain built on an initializer (Text(title).lineLimit(2).badge(3),
	// JSONDecoder().decode(…)) is read from its end: the line is being
	// written there, and the type it starts from is the familiar part. The
	// chained members lead, last first, then the initializer.
	depths := depthAt(code)
	if root := chainRootRE.FindStringSubmatchIndex(code); root != nil {
		for i := range calls {
			if at := calls[i].at; at > root[1] && at < len(code) && code[at] == '.' && depths[at] == 0 {
				calls[i].at = -at
			}
		}
	}
	// The caller's own methods (viewModel.load()) come last: what the code
	// calls on a value of unknown type is usually its own API.
	// Several statements on a line build up to the last: let content =
	// …; content.title = …; center.add(request) is about add. Its calls
	// lead, then the statements before it, latest first.
	statement := statementIndex(code)
	for i, p := range calls {
		at := min(max(p.at, -p.at), len(code)-1)
		calls[i].Order = &CallOrder{Own: OwnCall(p.Call), Statement: statement[at], At: p.at,
			InClosure: strings.Count(code[:at], "{") > strings.Count(code[:at], "}"), Read: p.read,
			Value: p.value}
		// An implicit member inside another call's arguments
		// (.dateTime.day().year() in formatted(…)) details that call.
		if !p.factory && p.Type == "" && p.Receiver == "" && code[at] == '.' && depths[at] > 0 {
			calls[i].Order.Own = 1
		}
		// A standard collection built around another type's value
		// (Array(repeating: GridItem(.flexible()), count: 3)) is the
		// familiar part: the element's type is what the line is about.
		if p.Member == "init" && standardCollections[p.Type] && slices.ContainsFunc(calls, func(q placedCall) bool {
			return q.Member == "init" && q.Type != "" && !standardCollections[q.Type]
		}) {
			calls[i].Order.Own = max(calls[i].Order.Own, 1)
		}
		// A staple of styling (.padding(), .foregroundStyle(…)) beside
		// another member called is the familiar part of the line.
		if p.Type == "" && p.Receiver == "" && code[at] == '.' && stapleModifiers[p.Member] &&
			slices.ContainsFunc(calls, func(q placedCall) bool {
				return q.Member != "init" && !stapleModifiers[q.Member] && OwnCall(q.Call) < 2
			}) {
			calls[i].Order.Own = max(calls[i].Order.Own, 1)
		}
	}
	slices.SortStableFunc(calls, func(a, b placedCall) int { return a.Order.Compare(b.Order) })
	for _, p := range calls {
		r.Calls = append(r.Calls, p.Call)
	}
	// A type whose member the code calls is searched through that call:
	// URLSession.shared.upload needs neither "URLSession.shared" nor
	// "URLSession" on its own, which would outvote the call in fusion.
	called := func(typ string) bool {
		return slices.ContainsFunc(r.Calls, func(c Call) bool {
			return c.Type == typ || strings.HasPrefix(c.Type, typ+".") || strings.HasSuffix(c.Type, "."+typ)
		})
	}
	for _, loc := range memberAccessRE.FindAllStringSubmatchIndex(code, -1) {
		m := []string{code[loc[0]:loc[1]], code[loc[2]:loc[3]], code[loc[4]:loc[5]]}
		if loc[0] > 0 && code[loc[0]-1] == '\\' {
			continue // a key path into the caller's own type
		}
		if !called(m[1]) && !swiftKeywords[m[2]] && m[2] != "self" {
			r.Calls = append(r.Calls, Call{Type: m[1], Member: m[2]})
		}
	}
	// A chain of properties from a type (UIApplication.shared.
	// connectedScenes): each further property is its predecessor's type's,
	// searched like a call through it, the first beyond the type's own
	// member first.
	for _, m := range propertyChainRE.FindAllStringSubmatch(code, -1) {
		props := strings.Split(strings.ReplaceAll(strings.TrimPrefix(m[2], "."), "()", ""), ".")
		for i := 1; i < len(props); i++ {
			if !swiftKeywords[props[i]] && !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == props[i] }) {
				r.Calls = append(r.Calls, Call{Type: m[1], Member: props[i], Via: props[i-1]})
			}
		}
		// The accessor the chain starts with (.shared, .processInfo) is
		// the familiar part, searched through the properties reached
		// beyond it: on its own its type's page would outvote them.
		if at := slices.IndexFunc(r.Calls, func(c Call) bool { return c.Type == m[1] && c.Member == props[0] && c.Via == "" }); at >= 0 {
			r.Calls = slices.Delete(r.Calls, at, at+1)
		}
	}
	for _, m := range typeRE.FindAllStringSubmatch(code, -1) {
		if !swiftKeywords[m[1]] {
			r.addName(m[1])
		}
	}
	for _, loc := range signatureRE.FindAllStringIndex(code, -1) {
		end := strings.IndexByte(code[loc[1]:], '{')
		if end < 0 {
			end = len(code) - loc[1]
		}
		for _, m := range typeRE.FindAllString(code[loc[1]:loc[1]+end], -1) {
			r.Signature = AppendUnique(r.Signature, m)
		}
	}
	own := genericParameters(code)
	for _, m := range typeDeclRE.FindAllStringSubmatch(code, -1) {
		own[m[1]] = true // the type being declared is the code's own
	}
	r.dropOwnTypes(own)
	// What a declared type conforms to is what the declaration is about,
	// before its generic parameters' constraints (struct Box<T: Codable>:
	// Sendable is about Sendable); a delegate conformance needs NSObject
	// or UIResponder first in the list, and the protocols after it lead.
	conforms := map[string]bool{}
	conformed := "" // the first conformance past a root class
	for _, m := range conformanceRE.FindAllStringSubmatch(code, -1) {
		for _, n := range typeRE.FindAllString(m[1], -1) {
			conforms[n] = true
			if conformed == "" && !rootClasses(n) && !rawValueTypes[n] && !own[n] {
				conformed = n
			}
		}
	}
	// A member declared in a conforming type's body is that protocol's
	// requirement or that class's override: struct Press: ButtonStyle {
	// func makeBody(…) is ButtonStyle's makeBody.
	for i, c := range r.Calls {
		if c.Declared && c.Type == "" && conformed != "" {
			r.Calls[i].Type = conformed
		}
	}
	place := func(n string) int {
		switch {
		case rootClasses(n), conforms[n] && rawValueTypes[n]:
			return 2
		case !conforms[n]:
			return 1
		}
		return 0
	}
	slices.SortStableFunc(r.Names, func(a, b string) int { return place(a) - place(b) })
	for _, c := range r.Calls {
		r.Searches = AppendSearch(r.Searches, Search{Words: CallQuery(c)})
	}
	for _, n := range r.Names {
		if !called(n) {
			r.Searches = AppendSearch(r.Searches, Search{Words: n})
		}
	}
	// A freestanding macro is what the line is written to use:
	// #Predicate<Trip> { $0.destination.contains(term) } is about
	// Predicate, not contains.
	// An attribute written before the macro is the line's subject:
	// @Query(filter: #Predicate<Trip> { … }) declares a SwiftData query.
	// One handed to a call (FetchDescriptor<Trip>(predicate: #Predicate {
	// … })) is a detail of that call.
	var macros []string
	attribute := attributeRE.FindStringSubmatchIndex(code)
	for _, loc := range macroRE.FindAllStringSubmatchIndex(code, -1) {
		if swiftlex.Directives[code[loc[2]:loc[3]]] {
			continue
		}
		if attribute != nil && attribute[0] < loc[0] || depths[loc[0]] == 0 {
			macros = AppendUnique(macros, code[loc[2]:loc[3]])
		}
	}
	if attribute != nil && len(macros) > 0 && attribute[0] < strings.IndexByte(code, '#') {
		macros = append([]string{code[attribute[2]:attribute[3]]}, macros...)
	}
	lead := languageSearches(code)
	for _, m := range macros {
		lead = append(lead, Search{Words: m})
	}
	r.Searches = append(lead, slices.DeleteFunc(r.Searches, func(s Search) bool { return slices.Contains(macros, s.Words) })...)
	for _, s := range conditionSearches(code) {
		r.Searches = AppendSearch(r.Searches, s)
	}
	LinkCalls(&r)
	return r
}

// chainRootRE: a statement that starts from a type's initializer, alone
// or assigned (Image(systemName: …), let d = JSONDecoder()). Not a static
// factory (Timer.publish(…).autoconnect()): its line is about the factory
// as often as about the chain after it.
var chainRootRE = regexp.MustCompile(`^\s*(?:(?:let|var)\s+[a-z][A-Za-z0-9_]*\s*=\s*)?(?:try\s+)?(?:await\s+)?[A-Z][A-Za-z0-9_]*(?:<[^<>]*>)?\(`)

// rootClasses are the base classes a conformance list names only because
// the protocols after them require one.
func rootClasses(name string) bool {
	return name == "NSObject" || name == "UIResponder" || name == "NSResponder"
}

// genericParameters are the names a declaration's generic parameter
// clauses introduce: T and U in func f<T: Comparable, U>(…).
func genericParameters(code string) map[string]bool {
	out := map[string]bool{}
	for _, m := range genericParamsRE.FindAllStringSubmatch(code, -1) {
		for _, param := range strings.Split(m[1], ",") {
			name, _, _ := strings.Cut(param, ":")
			if name = strings.TrimSpace(name); name != "" && swiftlex.IdentifierPrefix(name) == name {
				out[name] = true
			}
		}
	}
	return out
}

// dropOwnTypes removes the code's own type names from its names and calls:
// no page documents a generic parameter.
func (r *Reading) dropOwnTypes(own map[string]bool) {
	if len(own) == 0 {
		return
	}
	r.Names = slices.DeleteFunc(r.Names, func(n string) bool { return own[n] })
	r.Calls = slices.DeleteFunc(r.Calls, func(c Call) bool { return own[c.Type] })
}

// CallOrder is where a call written in a line stands among its calls: the
// caller's own last, then the later statement first, then as written.
type CallOrder struct {
	// Own is OwnCall's verdict; Statement the statement's number; At
	// where in the line the call is written.
	Own, Statement, At int
	// InClosure: written inside a closure's body, a detail of the call
	// or assignment the closure is handed to.
	InClosure bool
	// Read: a property the code reads from a value, searched only if
	// the index says it is Apple's.
	Read bool
	// Value: an implicit member assigned (= .currency), which leads only
	// when its name is rare enough to point at its type.
	Value bool
}

// Compare orders o before p (negative), after it (positive) or with it.
func (o *CallOrder) Compare(p *CallOrder) int {
	if d := o.Own - p.Own; d != 0 {
		return d
	}
	if d := p.Statement - o.Statement; d != 0 {
		return d
	}
	return o.At - p.At
}

// OwnCall is 1 for a call on a local value whose type the code does not
// say (viewModel.load(), tableView.dequeueReusableCell(…)), 2 for the
// checks, printing, arithmetic and closure parameters a line wraps around
// what it does, else 0: a modifier or a member of a named type is more
// certainly Apple's.
func OwnCall(c Call) int {
	if c.Type == "" && c.Receiver != "" && !sequenceAlgorithms[c.Member] {
		return 1
	}
	if c.Type == "" && c.Receiver == "" && (plumbing[c.Member] || closureParameters[c.Member] || arithmetic[c.Member]) {
		return 2 // after the caller's own calls too
	}
	return 0
}

// standardCollections are the standard library's collections.
var standardCollections = map[string]bool{"Array": true, "Set": true, "Dictionary": true, "ContiguousArray": true}

// stapleModifiers are the View modifiers nearly every view is styled with,
// never the one a chain is written to use.
var stapleModifiers = map[string]bool{"padding": true, "frame": true, "foregroundStyle": true, "foregroundColor": true,
	"font": true, "background": true, "cornerRadius": true, "opacity": true, "shadow": true, "clipShape": true}

// closureWords are the words besides swiftKeywords (else, do, catch, in,
// get, set, willSet, didSet, defer, repeat) that open a block of code, not
// a call.
var closureWords = map[string]bool{"then": true, "body": true}

// plumbing are the language's checks and printing, never what a line that
// calls something else is about (guard let … else { fatalError() }).
var plumbing = map[string]bool{"fatalError": true, "print": true, "debugPrint": true, "dump": true, "assert": true,
	"assertionFailure": true, "precondition": true, "preconditionFailure": true}

// arithmetic are the standard library's free functions of numbers, which a
// line wraps around the API it is about (max(0, expiry.timeIntervalSinceNow)).
var arithmetic = map[string]bool{"max": true, "min": true, "abs": true, "round": true, "floor": true, "ceil": true,
	"sqrt": true, "pow": true}

// closureParameters are the names code gives the closures it is handed,
// called like functions: completion(result) calls the caller's own.
var closureParameters = map[string]bool{"completion": true, "completionHandler": true, "handler": true,
	"callback": true, "reply": true, "done": true, "onComplete": true, "onCompletion": true, "onSuccess": true,
	"onFailure": true, "resultHandler": true}

// sequenceAlgorithms are the standard library's sequence and collection
// methods: called on a value whose type the code does not say
// (people.sorted(using:)), they are still the language's API, not the
// caller's own.
var sequenceAlgorithms = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`map compactMap flatMap filter reduce sorted sort forEach contains first last
		firstIndex lastIndex min max prefix suffix dropFirst dropLast joined split reversed enumerated allSatisfy
		append insert remove removeAll removeFirst removeLast shuffled randomElement partition elementsEqual
		starts lexicographicallyPrecedes zip count isEmpty indices`) {
		sequenceAlgorithms[m] = true
	}
}

// labelsOf reads the argument labels of the call whose argument list starts
// at args, up to its closing parenthesis or the end of the text.
func labelsOf(args string) []string {
	var labels []string
	depth, start := 0, 0
	flush := func(end int) {
		part := args[start:end]
		if strings.TrimSpace(part) == "" {
			return
		}
		if m := paramLabelRE.FindStringSubmatch(part); m != nil {
			labels = append(labels, m[1])
		} else if m := labelRE.FindStringSubmatch(part); m != nil {
			labels = append(labels, m[1])
		} else {
			labels = append(labels, "_")
		}
	}
	for i, r := range args {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			if depth == 0 {
				flush(i)
				return labels
			}
			depth--
		case ',':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(args))
	return labels
}
