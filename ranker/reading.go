package ranker

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Reading is what a raw query is, decided once before any search: an API
// name, Swift code pasted as a query, a compiler or runtime message, or
// words. Code and messages are not searched as typed (their punctuation and
// boilerplate match everything or nothing); they are searched as what they
// name: the calls the code makes, the symbols and concepts the message
// quotes. --explain prints it.
type Reading struct {
	Class QueryClass `json:"class"`
	// Calls are the member uses read from code: `.task(id: item)`,
	// `URLSession.shared.upload(for: request, from: data)`.
	Calls []Call `json:"calls,omitempty"`
	// Names are the type and attribute names the code or the message
	// mentions, in order (Environment, EnvironmentValues, Sendable).
	Names []string `json:"names,omitempty"`
	// Concepts are the topics a message's wording stands for ("actor
	// isolation" for "actor-isolated").
	Concepts []string `json:"concepts,omitempty"`
	// Searches are the queries run for it, the first one leading; empty
	// means the raw query as typed.
	Searches []string `json:"searches,omitempty"`
	// Corrected is the query with misspelt names replaced, when the
	// ranker corrected one ("UIViewControler" -> "UIViewController").
	Corrected string `json:"corrected,omitempty"`
	// Ideas are the task lexicon's ideas the words matched, each by its
	// first phrase ("spinner" for "show a spinner while it loads").
	Ideas []string `json:"ideas,omitempty"`
}

// QueryClass names what a query is.
type QueryClass string

// The classes of Reading.
const (
	ClassWords   QueryClass = "words"   // names or prose, searched as typed
	ClassSyntax  QueryClass = "syntax"  // Swift code
	ClassMessage QueryClass = "message" // a compiler or runtime message
)

// Call is a member used in code: Type is the receiver's type when the code
// names it (URLSession in URLSession.shared.upload), Labels the argument
// labels written (for, from), "_" for an unlabelled argument.
type Call struct {
	Type string `json:"type,omitempty"`
	// Receiver is the local value called on when the code does not name
	// its type (tableView in tableView.dequeueReusableCell(…)).
	Receiver string   `json:"receiver,omitempty"`
	Member   string   `json:"member"`
	Labels   []string `json:"labels,omitempty"`
	// Declared: the code declares the member (func hash(into hasher:
	// inout Hasher)), which implements a protocol's requirement more often
	// than it calls anything.
	Declared bool `json:"declared,omitempty"`
	// Via is the property a chain reaches the member through, after its
	// type (privateCloudDatabase in CKContainer.default().
	// privateCloudDatabase.save(…)): the member is the property's type's.
	Via string `json:"via,omitempty"`
}

// Prefix is the title prefix of the member's pages: "upload(for:from:" for
// labels written, "upload(" without.
func (c Call) Prefix() string {
	p := c.Member + "("
	for _, l := range c.Labels {
		p += l + ":"
	}
	return p
}

var (
	// callRE: a member name followed by an argument list; group 1 is the
	// receiver chain before it (URLSession.shared.), group 2 the name.
	// Generic arguments may stand between a type and its arguments:
	// NSFetchRequest<Item>(entityName:) calls NSFetchRequest's init.
	callRE = regexp.MustCompile(`((?:[A-Za-z_][A-Za-z0-9_]*(?:<[^<>()]*>)?(?:\(\))?\.)*)\.?([A-Za-z_][A-Za-z0-9_]*)(?:<[^<>(){}]*>)?\s*\(`)
	// keyPathRE: \.colorScheme, \Type.member.
	keyPathRE = regexp.MustCompile(`\\([A-Z][A-Za-z0-9_]*)?\.([a-z][A-Za-z0-9_]*)`)
	// attributeRE: @MainActor, @Environment(…).
	attributeRE = regexp.MustCompile(`@([A-Z][A-Za-z0-9_]*)`)
	// typeRE: a capitalised Swift name in code.
	typeRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\b`)
	// propertyChainRE: properties reached from a type, not called:
	// UIApplication.shared.connectedScenes.
	propertyChainRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)((?:\.[a-z][A-Za-z0-9_]*){2,})\b(?:[^(A-Za-z0-9_]|$)`)
	// memberRE: a member reached through a dot: .shared, .background.
	memberAccessRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\.([a-z][A-Za-z0-9_]*)\b`)
	// trailingClosureRE: a modifier called with a trailing closure alone.
	trailingClosureRE = regexp.MustCompile(`\.([a-z][A-Za-z0-9_]*)\s*\{`)
	// chainEndRE: the receiver chain text ends with (people, Task, a.b).
	chainEndRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_.]*$`)
	// projectedRE: text ending in a projected value, $model.
	projectedRE = regexp.MustCompile(`\$[A-Za-z_][A-Za-z0-9_]*$`)
	// genericParamsRE: a declaration's generic parameter clause, whose
	// names (T in func f<T: Comparable>) are the code's own types.
	genericParamsRE = regexp.MustCompile(`\b(?:func|struct|class|enum|actor|typealias|init|subscript)\b\s*[A-Za-z_0-9]*\s*<([^<>]*)>`)
	// macroRE: a freestanding macro, #Predicate.
	macroRE = regexp.MustCompile(`#([A-Z][A-Za-z0-9_]*)`)
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
	// assignmentRE: a member of a value set by the code (label.text = …,
	// cardView.backgroundColor = .systemRed); group 3 is an implicit member
	// assigned.
	assignmentRE = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([a-z][A-Za-z0-9_]*)\s*=[^=](?:\s*\.([a-z][A-Za-z0-9_]*)\b)?`)
	// quotedCallRE: a member a message quotes, with its selector.
	quotedCallRE = regexp.MustCompile(`^(?:([A-Z][A-Za-z0-9_]*)\.)?([a-z][A-Za-z0-9_]*)\(([A-Za-z_:]*)\)$`)
	// identifierRE: a name, with an attribute's @.
	identifierRE = regexp.MustCompile(`@?[A-Za-z_][A-Za-z0-9_]*`)
	// quotedRE: what a message quotes: 'Foo', ‘Foo’, "Foo", `Foo`.
	quotedRE = regexp.MustCompile("['‘’\"“”`]([^'‘’\"“”`]{1,80})['‘’\"“”`]")
)

// swiftKeywords are words of the language, never API names.
var swiftKeywords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`let var func if else guard return try await async throws rethrows for in while
		repeat switch case default break continue do catch self Self super init deinit class struct enum protocol
		extension actor import static private fileprivate public internal open final lazy weak unowned some any
		inout mutating nonmutating where is as nil true false defer typealias associatedtype subscript operator
		get set willSet didSet nonisolated isolated sending consuming borrowing`) {
		swiftKeywords[w] = true
	}
}

// codeMarks are the signs of code: a call, a closure, a key path, an
// attribute, an assignment or a statement only code begins with. A leading
// "let" or "try" alone is not one: "let users sign in with a passkey" and
// "try to reconnect" are English, so the keyword must be followed the way
// code follows it (let name =, let name:, try name.member).
var codeMarks = regexp.MustCompile(`[A-Za-z_]\s*\(.*[:)]|\{|\}|\\\.|^\s*\.|@[A-Z]\w*(\s+\w+)*\s+(var|let)\s|\s=\s|->|` +
	`^\s*(let|var)\s*(\(|[A-Za-z_]\w*\s*[:=,])|^\s*(try|await)\s+(await\s+)?[A-Za-z_]\w*[.(]|^\s*(func|guard let|guard var|if let|if var|for try await|for await)\s|` +
	`\.[a-z][A-Za-z]*\(|\bself\.|^[A-Z][A-Za-z0-9_]*(?:\.[a-z][A-Za-z0-9_]*){2,}$`)

// statementRE: text that begins the way a Swift statement does (let name
// =, try await x.f(, .modifier(, @Attribute(, name = …, a call). A diagnostic
// quotes code but never opens with it, so such text is code even when it
// holds a message's words ("await") and a quoted string.
var statementRE = regexp.MustCompile(`^\s*(?:(?:let|var)\s*(?:\(|[A-Za-z_]\w*\s*[:=])|(?:try|await)\s+(?:await\s+)?[A-Za-z_$][\w.]*[.(]|\.[a-z]\w*\s*[({]|@[A-Z]\w*[\s(]|[A-Za-z_][\w.]*\s*=\s*\S|[a-z][\w.]*\()`)

// readQuery decides a query's class and, for code and messages, what to
// search instead.
func readQuery(raw string) Reading {
	text := strings.TrimSpace(raw)
	if isMessage(text) && (!statementRE.MatchString(text) || messageOpeners.MatchString(text)) {
		return readMessage(text)
	}
	if codeMarks.MatchString(text) && !isPlainSelector(text) {
		return readSyntax(text)
	}
	return Reading{Class: ClassWords}
}

// isPlainSelector: "View.padding(_:)" and "present(_:animated:)" are names
// the ranker resolves itself, not code.
func isPlainSelector(text string) bool {
	return !strings.ContainsAny(text, " {}=\\@") && strings.HasSuffix(text, ")") && strings.Contains(text, ":")
}

// readSyntax reads Swift code: its calls with their labels, its key paths,
// attributes and type names.
func readSyntax(code string) Reading {
	r := Reading{Class: ClassSyntax}
	// What string literals say ("Add Photos") names nothing in the code;
	// blanking it keeps every position.
	code = blankStrings(code)
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
	}
	var calls []placedCall
	add := func(c Call, at int) { calls = append(calls, placedCall{c, at}) }
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
		if strings.Contains(code[loc[5]:loc[1]], "<") && !isTypeName(name) {
			continue // func largest<T: Comparable>(…) declares generics
		}
		// set(_:forKey:) is a method; set { … } an accessor, never a call.
		// open(_:) is a method too; the modifier open is never called.
		keyword := swiftKeywords[name] && name != "set" && name != "get" && name != "open"
		if keyword || loc[0] > 0 && code[loc[0]-1] == '@' {
			continue
		}
		if isTypeName(name) && chain == "" {
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
		add(Call{Type: typ, Receiver: receiver, Member: name, Labels: labelsOf(code[loc[1]:]), Declared: declared, Via: chainProperty(chain)}, loc[0])
	}
	// A modifier with only a trailing closure: .onAppear { … }.
	for _, loc := range trailingClosureRE.FindAllStringSubmatchIndex(code, -1) {
		name := code[loc[2]:loc[3]]
		if !swiftKeywords[name] && !slices.ContainsFunc(calls, func(p placedCall) bool { return p.Member == name }) {
			// Its receiver as for a call: rawValues.compactMap { … } is
			// called on a value, Task.detached { … } on a type.
			chain := chainEndRE.FindString(code[:loc[0]])
			typ, receiver := receiverOf(chain, locals)
			c := Call{Type: typ, Receiver: receiver, Member: name}
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
		}
	}
	// A chain built on an initializer (Text(title).lineLimit(2).badge(3),
	// JSONDecoder().decode(…)) is read from its end: the line is being
	// written there, and the type it starts from is the familiar part. The
	// chained members lead, last first, then the initializer.
	if root := chainRootRE.FindStringSubmatchIndex(code); root != nil {
		depths := depthAt(code)
		for i := range calls {
			if at := calls[i].at; at > root[1] && at < len(code) && code[at] == '.' && depths[at] == 0 {
				calls[i].at = -at
			}
		}
	}
	// The caller's own methods (viewModel.load()) come last: what the code
	// calls on a value of unknown type is usually its own API.
	slices.SortStableFunc(calls, func(a, b placedCall) int {
		if d := ownCall(a.Call) - ownCall(b.Call); d != 0 {
			return d
		}
		return a.at - b.at
	})
	for _, p := range calls {
		r.Calls = append(r.Calls, p.Call)
	}
	// A type whose member the code calls is searched through that call:
	// URLSession.shared.upload needs neither "URLSession.shared" nor
	// "URLSession" on its own, which would outvote the call in fusion.
	called := func(typ string) bool {
		return slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == typ })
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
		props := strings.Split(strings.TrimPrefix(m[2], "."), ".")
		for i := 1; i < len(props); i++ {
			if !swiftKeywords[props[i]] && !slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Member == props[i] }) {
				r.Calls = append(r.Calls, Call{Type: m[1], Member: props[i], Via: props[i-1]})
			}
		}
		// The accessor the chain starts with (.shared, .default) is the
		// familiar part: it follows the properties reached through it.
		if at := slices.IndexFunc(r.Calls, func(c Call) bool { return c.Type == m[1] && c.Member == props[0] && c.Via == "" }); at >= 0 {
			r.Calls = append(slices.Delete(r.Calls, at, at+1), Call{Type: m[1], Member: props[0]})
		}
	}
	for _, m := range typeRE.FindAllStringSubmatch(code, -1) {
		if !swiftKeywords[m[1]] {
			r.addName(m[1])
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
	for _, m := range conformanceRE.FindAllStringSubmatch(code, -1) {
		for _, n := range typeRE.FindAllString(m[1], -1) {
			conforms[n] = true
		}
	}
	slices.SortStableFunc(r.Names, func(a, b string) int {
		if d := boolInt(rootClasses(a)) - boolInt(rootClasses(b)); d != 0 {
			return d
		}
		return boolInt(!conforms[a]) - boolInt(!conforms[b])
	})
	for _, c := range r.Calls {
		q := c.Member
		if c.Type != "" {
			q = c.Type + "." + c.Member
		}
		r.Searches = appendUnique(r.Searches, q)
	}
	for _, n := range r.Names {
		if !called(n) {
			r.Searches = appendUnique(r.Searches, n)
		}
	}
	// A freestanding macro is what the line is written to use:
	// #Predicate<Trip> { $0.destination.contains(term) } is about
	// Predicate, not contains.
	// An attribute written before the macro is the line's subject:
	// @Query(filter: #Predicate<Trip> { … }) declares a SwiftData query.
	var macros []string
	for _, m := range macroRE.FindAllStringSubmatch(code, -1) {
		macros = appendUnique(macros, m[1])
	}
	if a := attributeRE.FindStringSubmatchIndex(code); a != nil && len(macros) > 0 && a[0] < strings.IndexByte(code, '#') {
		macros = append([]string{code[a[2]:a[3]]}, macros...)
	}
	r.Searches = append(macros, slices.DeleteFunc(r.Searches, func(q string) bool { return slices.Contains(macros, q) })...)
	return r
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// blankStrings replaces the contents of string literals with spaces,
// keeping their quotes and every byte's position; an escaped quote stays
// inside its literal.
func blankStrings(code string) string {
	b := []byte(code)
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case code[i] == '"' && (i == 0 || code[i-1] != '\\'):
			in = !in
		case in:
			b[i] = ' '
		}
	}
	return string(b)
}

// chainRootRE: a statement that starts from a type's initializer, alone
// or assigned (Image(systemName: …), let d = JSONDecoder()).
var chainRootRE = regexp.MustCompile(`^\s*(?:(?:let|var)\s+[a-z][A-Za-z0-9_]*\s*=\s*)?(?:try\s+)?(?:await\s+)?[A-Z][A-Za-z0-9_]*(?:<[^<>]*>)?\(`)

// depthAt is the bracket depth, (, [ and {, before each byte of code.
func depthAt(code string) []int {
	depths := make([]int, len(code))
	depth := 0
	for i := 0; i < len(code); i++ {
		depths[i] = depth
		switch code[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return depths
}

// localTypeRE: a local value whose type the code states: let f =
// DateFormatter(), var m: CLLocationManager, let s = URLSession.shared.
var localTypeRE = regexp.MustCompile(`\b(?:let|var)\s+([a-z][A-Za-z0-9_]*)\s*(?::\s*([A-Z][A-Za-z0-9_]*)|=\s*(?:try\s+)?(?:await\s+)?([A-Z][A-Za-z0-9_]*)\s*[(<.])`)

// localTypes maps the code's local values to the types it gives them.
func localTypes(code string) map[string]string {
	out := map[string]string{}
	for _, m := range localTypeRE.FindAllStringSubmatch(code, -1) {
		if t := m[2] + m[3]; !swiftKeywords[t] {
			out[m[1]] = t
		}
	}
	return out
}

// receiverOf is the type and variable a receiver chain starts from; a
// variable the code typed itself has that type.
func receiverOf(chain string, local map[string]string) (typ, variable string) {
	typ, variable = receiverType(chain), receiverVariable(chain)
	if typ == "" && local[variable] != "" {
		typ = local[variable]
	}
	return typ, variable
}

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
			if name = strings.TrimSpace(name); name != "" && identifierPrefix(name) == name {
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

// ownCall is 1 for a call on a local value whose type the code does not
// say (viewModel.load(), tableView.dequeueReusableCell(…)), else 0: a
// modifier or a member of a named type is more certainly Apple's.
func ownCall(c Call) int {
	if c.Type == "" && c.Receiver != "" && !sequenceAlgorithms[c.Member] {
		return 1
	}
	return 0
}

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

// receiverVariable is the local value a receiver chain starts from
// ("tableView" in "tableView."), "" for a type, self or no receiver.
func receiverVariable(chain string) string {
	chain = strings.TrimSuffix(chain, ".")
	first, _, _ := strings.Cut(chain, ".")
	if first == "" || first == "self" || isTypeName(first) || identifierPrefix(first) != first {
		return ""
	}
	return first
}

// receiverTypes are the types a value's name suggests, by the convention of
// naming a value after its type: tableView -> TableView, UITableView,
// NSTableView, then its last word's (cardView -> UIView, NSView, View);
// product -> Product. A guess costs little: a type is read only when it has
// the member called.
func receiverTypes(name string) []string {
	if name == "" {
		return nil
	}
	t := strings.ToUpper(name[:1]) + name[1:]
	types := []string{t, "UI" + t, "NS" + t}
	if i := strings.LastIndexFunc(name, unicode.IsUpper); i > 0 {
		last := name[i:]
		types = append(types, "UI"+last, "NS"+last, last)
	}
	return types
}

// chainProperty is the last property of a receiver chain that starts from
// a type (URLSession.shared.configuration. -> configuration), or "".
func chainProperty(chain string) string {
	parts := strings.Split(strings.TrimSuffix(chain, "."), ".")
	if len(parts) < 2 || receiverType(chain) == "" {
		return ""
	}
	last := parts[len(parts)-1]
	if i := strings.IndexAny(last, "(<"); i >= 0 {
		last = last[:i]
	}
	if last == "" || !unicode.IsLower(rune(last[0])) {
		return ""
	}
	return last
}

// viaTypes are the types a chain's property may have, by the convention
// of naming a property after its type, the root's own or its framework's:
// configuration on URLSession -> URLSessionConfiguration, and
// privateCloudDatabase on CKContainer -> … CKCloudDatabase, CloudDatabase,
// CKDatabase; a type is read only when it has the member called.
func viaTypes(root, property string) []string {
	prefix := typePrefix(root)
	name := strings.ToUpper(property[:1]) + property[1:]
	var out []string
	for i, r := range name {
		if i == 0 || unicode.IsUpper(r) {
			out = append(out, root+name[i:])
			if prefix != "" {
				out = append(out, prefix+name[i:])
			}
			out = append(out, name[i:])
		}
	}
	return out
}

// typePrefix is a type name's framework prefix: the run of capitals before
// its first capitalised word (CK in CKContainer, UI in UIApplication), or "".
func typePrefix(name string) string {
	n := 0
	for n < len(name) && unicode.IsUpper(rune(name[n])) {
		n++
	}
	if n < 3 || n == len(name) {
		return ""
	}
	return name[:n-1]
}

// receiverType is the type a receiver chain starts from: URLSession in
// "URLSession.shared.", nothing for "item." or "self.".
func receiverType(chain string) string {
	chain = strings.TrimSuffix(chain, ".")
	if chain == "" {
		return ""
	}
	first, _, _ := strings.Cut(chain, ".")
	if i := strings.IndexAny(first, "<("); i >= 0 {
		first = first[:i]
	}
	if isTypeName(first) {
		return first
	}
	return ""
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

func (r *Reading) addName(n string) {
	if !slices.Contains(r.Names, n) {
		r.Names = append(r.Names, n)
	}
}

func appendUnique(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// messageOpeners begin a diagnostic as compilers and runtimes print it.
var messageOpeners = regexp.MustCompile(`(?i)^(error|warning|fatal error|thread \d+|terminating app|runtime error|\*\*\* )[:\s]`)

// messageWords are the wording of Swift compiler and runtime diagnostics.
// Two of them, or one with a quoted name, make a message.
var messageWords = []string{
	"cannot", "does not conform", "has no member", "non-sendable", "sendable", "actor-isolated", "isolated",
	"unexpectedly found nil", "must be marked", "is not marked", "ambiguous", "missing return", "immutable",
	"escaping closure", "could not be inferred", "is unavailable", "only available in", "instance member",
	"mutating", "capture of", "captured var", "concurrently-executed", "data race", "is not allowed",
	"publishing changes", "modifying state", "undefined", "unrecognized selector", "out of range", "exception",
	"expected", "requires", "cannot find", "in scope", "conformance", "initializer", "uninitialized",
	"before all stored properties", "call to main actor", "synchronous nonisolated context", "await",
	"was never used", "never mutated", "deprecated", "obsoleted", "crash", "failed to", "no exact matches",
	"type of expression", "generic parameter", "existential", "protocol can only be used",
	"must be unwrapped", "value of type", "optional type", "argument type", "no such module", "is not a member",
	"unresolved identifier", "undeclared", "extra argument", "missing argument", "incorrect argument label",
	"result of call", "unused", "unreachable", "mismatch", "unwrap", "invalid", "not supported",
	"attempt to", "nsinternalinconsistencyexception", "nsinvalidargumentexception", "exc_bad_access",
	"sigabrt", "unsatisfiable", "constraints", "violation", "isolation", "purple warning",
	"concurrency-safe", "shared mutable state", "language mode", "not handled", "exhaustive", "thrown",
	"crashed", "outside of", "is only available", "or newer", "must contain", "will result in",
	"generic constraint", "associated type requirements", "can only be used as", "can throw",
	"concurrently-executing", "captured var", "instance member", "did you mean", "captures", "is declared",
	"may only be applied", "is unused", "failed to produce diagnostic", "unable to type-check", "redeclaration",
	"takes no arguments", "type annotation", "no member", "info.plist", "not initialized",
}

func isMessage(text string) bool {
	if messageOpeners.MatchString(text) || errorCodeRE.MatchString(text) {
		return true
	}
	lower := strings.ToLower(text)
	// A diagnostic's own phrase of several words ("unable to
	// simultaneously satisfy constraints") is enough.
	for _, mc := range messageConcepts {
		if strings.Count(mc.phrase, " ") >= 2 && strings.Contains(lower, mc.phrase) {
			return true
		}
	}
	n := 0
	for _, w := range messageWords {
		if strings.Contains(lower, w) {
			n++
		}
	}
	quoted := quotedRE.MatchString(text)
	words := len(strings.Fields(text))
	return words >= 4 && (n >= 3 || (n >= 1 && quoted) || (n >= 2 && words >= 6))
}

// messageConcepts map the wording of diagnostics to what explains them:
// the API or attribute, and the chapter of the Swift book on the language
// rule ("book: …" searches the book alone, where its chapter is the best
// match). A phrase matches in lower case; each concept is a search.
var messageConcepts = []struct {
	phrase   string
	concepts []string
}{
	{"sendable", []string{"Sendable", "book: concurrency"}},
	{"data race", []string{"Sendable", "book: concurrency"}},
	{"concurrency-safe", []string{"se: strict concurrency for global variables", "book: concurrency"}},
	{"shared mutable state", []string{"Sendable", "book: concurrency"}},
	{"concurrently-execut", []string{"Sendable", "book: concurrency"}},
	{"captured var", []string{"Sendable", "book: concurrency"}},
	{"main actor", []string{"MainActor", "book: concurrency"}},
	{"mainactor", []string{"MainActor", "book: concurrency"}},
	{"actor-isolated", []string{"actor", "book: concurrency"}},
	{"nonisolated", []string{"book: concurrency"}},
	{"global actor", []string{"GlobalActor", "book: concurrency"}},
	{"'async'", []string{"book: concurrency", "se: async await"}},
	{"does not support concurrency", []string{"book: concurrency", "Task"}},
	{"'await'", []string{"book: concurrency", "se: async await"}},
	{"unexpectedly found nil", []string{"Optional", "book: optional chaining", "book: the basics"}},
	{"unwrapping an optional", []string{"Optional", "book: the basics"}},
	{"optional type", []string{"Optional", "book: optional chaining", "book: the basics"}},
	{"must be unwrapped", []string{"Optional", "book: the basics"}},
	{"escaping", []string{"book: closures", "se: escaping closures"}},
	{"explicit use of 'self'", []string{"book: closures"}},
	{"mutating", []string{"book: methods"}},
	{"is immutable", []string{"book: methods", "book: structures and classes"}},
	{"let' constant", []string{"book: the basics"}},
	{"does not conform", []string{"book: protocols"}},
	{"missing return", []string{"book: functions"}},
	{"stored properties", []string{"book: initialization"}},
	{"thrown", []string{"book: error handling"}},
	{"'try'", []string{"book: error handling"}},
	{"'weak'", []string{"book: automatic reference counting"}},
	{"'unowned'", []string{"book: automatic reference counting"}},
	{"result of call", []string{"book: attributes"}},
	{"missing argument", []string{"book: functions"}},
	{"extra argument", []string{"book: functions"}},
	{"takes no arguments", []string{"book: functions"}},
	{"argument label", []string{"book: functions"}},
	{"redeclaration", []string{"book: declarations"}},
	{"type annotation", []string{"book: the basics"}},
	{"type-check", []string{"book: the basics"}},
	{"captures 'self'", []string{"book: closures", "book: automatic reference counting"}},
	{"before it is declared", []string{"book: closures"}},
	{"can throw", []string{"book: error handling"}},
	{"instance member", []string{"book: methods", "book: properties"}},
	{"generic constraint", []string{"book: opaque and boxed protocol types", "book: generics"}},
	{"associated type", []string{"book: generics"}},
	{"not exhaustive", []string{"book: error handling", "book: control flow"}},
	{"throwing", []string{"book: error handling"}},
	{"only available in", []string{"book: attributes", "book: statements"}},
	{"is unavailable", []string{"book: attributes"}},
	{"index out of range", []string{"Array", "book: collection types"}},
	{"has no initializers", []string{"book: initialization"}},
	{"not initialized", []string{"book: initialization"}},
	{"closure return type", []string{"book: closures"}},
	{"operator '==' cannot be applied", []string{"Equatable"}},
	{"operator '!=' cannot be applied", []string{"Equatable"}},
	{"operator '<' cannot be applied", []string{"Comparable"}},
	{"operator '>' cannot be applied", []string{"Comparable"}},
	{"from the main thread", []string{"MainActor"}},
	{"expecting synchronous function", []string{"book: concurrency", "Task"}},
	{"unowned reference", []string{"book: automatic reference counting"}},
	{"already deallocated", []string{"book: automatic reference counting"}},
	{"on the main thread", []string{"MainActor"}},
	{"publishing changes", []string{"Published", "ObservableObject", "State"}},
	{"modifying state during view update", []string{"State", "onChange"}},
	{"installed on a view", []string{"State"}},
	{"rows in section", []string{"UITableView", "UITableViewDataSource"}},
	{"items in section", []string{"UICollectionView", "UICollectionViewDataSource"}},
	{"unrecognized selector", []string{"Selector", "NSObject"}},
	{"keynotfound", []string{"DecodingError", "JSONDecoder"}},
	{"typemismatch", []string{"DecodingError", "JSONDecoder"}},
	{"couldn’t be read", []string{"DecodingError", "JSONDecoder"}},
	{"couldn't be read", []string{"DecodingError", "JSONDecoder"}},
	{"app transport security", []string{"NSAppTransportSecurity"}},
	{"usage description", []string{"requesting authorization for media capture", "protected resources"}},
	{"as a type must be written 'any", []string{"book: opaque and boxed protocol types", "se: existential any"}},
	{"existential", []string{"book: opaque and boxed protocol types"}},
	{"can only be used as a generic constraint", []string{"book: opaque and boxed protocol types"}},
	{"generic parameter", []string{"book: generics"}},
	{"result builder", []string{"book: advanced operators", "resultBuilder"}},
	{"property wrapper", []string{"book: properties"}},
	{"strong reference", []string{"book: automatic reference counting"}},
	{"retain cycle", []string{"book: automatic reference counting"}},
	{"exclusive access", []string{"book: memory safety"}},
	{"overlapping accesses", []string{"book: memory safety"}},
	{"noncopyable", []string{"se: noncopyable structs and enums"}},
	{"unable to simultaneously satisfy constraints", []string{"NSLayoutConstraint"}},
	{"environmentobject", []string{"EnvironmentObject"}},
	{"no observableobject", []string{"EnvironmentObject"}},
	{"modelcontainer", []string{"ModelContainer"}},
	{"managedobjectcontext", []string{"NSManagedObjectContext"}},
}

// readMessage reads a diagnostic: the names it quotes (a protocol, a type,
// a member), the code-like names it mentions, and the concepts its wording
// stands for. Each becomes a search, in the order that puts the API first:
// a protocol the message says is missing, the concepts, then the other
// names (often the caller's own types, such as 'Bookmark').
func readMessage(text string) Reading {
	r := Reading{Class: ClassMessage}
	var lead, names []string
	for _, n := range errorCodeNames(text) {
		r.addName(n)
		lead = append(lead, n)
	}
	quoted := quotedRE.FindAllStringSubmatchIndex(text, -1)
	// lastType is the type the message quoted last: "Value of type 'T' has
	// no member 'm'" and "'init(…)' on 'T'" are about T's members.
	lastType := ""
	for i, m := range quoted {
		fragment := text[m[2]:m[3]]
		before := strings.ToLower(text[:m[0]])
		if call, ok := quotedCall(fragment); ok {
			if call.Type == "" && i+1 < len(quoted) && strings.HasPrefix(strings.ToLower(text[m[1]:]), " on ") {
				call.Type = firstName(text[quoted[i+1][2]:quoted[i+1][3]])
			}
			if call.Member != "init" || call.Type != "" {
				r.Calls = append(r.Calls, call)
				lead = appendUnique(lead, callQuery(call))
			}
			continue
		}
		if strings.HasSuffix(before, "member ") && isMemberName(fragment) {
			call := Call{Type: lastType, Member: fragment}
			r.Calls = append(r.Calls, call)
			lead = appendUnique(lead, callQuery(call))
			continue
		}
		for _, n := range namesIn(fragment) {
			r.addName(n)
			lastType = n
			// The protocol a conformance error names is what to read.
			if strings.HasSuffix(before, "protocol ") || strings.HasSuffix(before, "conform to ") {
				lead = appendUnique(lead, n)
			} else {
				names = appendUnique(names, n)
			}
		}
	}
	for _, m := range typeRE.FindAllStringSubmatchIndex(text, -1) {
		n := text[m[2]:m[3]]
		possessive := strings.HasPrefix(text[m[3]:], "'s ") || strings.HasPrefix(text[m[3]:], "’s ")
		if isAPIName(n) && m[2] > 0 && (codeLike(n) || possessive) {
			r.addName(n)
			// "must contain an NSCameraUsageDescription key": the key
			// the message asks for is what to read, before its concepts.
			if codeLike(n) && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text[m[3]:])), "key") {
				lead = appendUnique(lead, n)
			} else {
				names = appendUnique(names, n)
			}
		}
	}
	lower := strings.ToLower(text)
	for _, mc := range messageConcepts {
		if strings.Contains(lower, mc.phrase) {
			for _, c := range mc.concepts {
				if !slices.Contains(r.Concepts, c) {
					r.Concepts = append(r.Concepts, c)
				}
			}
		}
	}
	var topics []string
	for _, c := range r.Concepts {
		if strings.Contains(c, ": ") {
			topics = appendUnique(topics, c)
		} else {
			lead = appendUnique(lead, c)
		}
	}
	// The book's chapter comes right after the lead: it explains the rule
	// whatever the names are.
	if len(topics) > 0 {
		lead = append(lead[:min(len(lead), 1)], append([]string{topics[0]}, lead[min(len(lead), 1):]...)...)
		topics = topics[1:]
	}
	for _, q := range slices.Concat(lead, names, topics) {
		r.Searches = appendUnique(r.Searches, q)
	}
	if len(r.Searches) == 0 {
		r.Searches = []string{messageKeywords(text)}
	}
	return r
}

// firstName is the first API name of a quoted fragment, or "".
func firstName(fragment string) string {
	if names := namesIn(fragment); len(names) > 0 {
		return names[0]
	}
	return ""
}

// quotedCall reads a member a message quotes: 'reloadData()',
// 'onChange(of:perform:)', 'View.environmentObject(_:)'.
func quotedCall(fragment string) (Call, bool) {
	m := quotedCallRE.FindStringSubmatch(fragment)
	if m == nil {
		return Call{}, false
	}
	c := Call{Type: m[1], Member: m[2]}
	for _, l := range strings.Split(m[3], ":") {
		if l != "" {
			c.Labels = append(c.Labels, l)
		}
	}
	return c, true
}

// namesIn takes the API names out of a quoted fragment of a message:
// "@Sendable" -> Sendable, "Binding<String>" -> Binding, String,
// "self.items" -> nothing.
func namesIn(fragment string) []string {
	var out []string
	for _, m := range identifierRE.FindAllString(fragment, -1) {
		name := strings.TrimPrefix(m, "@")
		if isAPIName(name) && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// isAPIName: a capitalised name that is not a word starting a sentence of
// the message, nor a type every message mentions.
func isAPIName(n string) bool {
	if len(n) < 3 || swiftKeywords[n] || !unicode.IsUpper(rune(n[0])) {
		return false
	}
	switch n {
	case "Type", "Value", "Cannot", "Reference", "Expression", "Thread", "Fatal", "Error", "Warning", "Call",
		"Capture", "Publishing", "Modifying", "Non", "Main", "Static", "Instance", "Property", "Function",
		"Initializer", "Result", "Protocol", "Generic", "Argument", "Missing", "Use", "Passing", "Sending",
		"Mutation", "Conformance", "Class", "Struct", "Enum", "Actor", "The", "This", "Add", "Insert",
		"Consider", "Terminating", "Invalid", "Unable", "Will", "Could", "Did", "App", "Swift", "Any", "Void",
		"Never":
		return false
	}
	return isTypeName(n)
}

// messageKeywords are a message's words without quotes and punctuation,
// the last resort when it quotes nothing and names no concept.
func messageKeywords(text string) string {
	return strings.Join(strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	}), " ")
}
