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
	Type   string   `json:"type,omitempty"`
	Member string   `json:"member"`
	Labels []string `json:"labels,omitempty"`
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
	callRE = regexp.MustCompile(`((?:[A-Za-z_][A-Za-z0-9_]*(?:<[^<>()]*>)?(?:\(\))?\.)*)\.?([A-Za-z_][A-Za-z0-9_]*)\s*\(`)
	// keyPathRE: \.colorScheme, \Type.member.
	keyPathRE = regexp.MustCompile(`\\([A-Z][A-Za-z0-9_]*)?\.([a-z][A-Za-z0-9_]*)`)
	// attributeRE: @MainActor, @Environment(…).
	attributeRE = regexp.MustCompile(`@([A-Z][A-Za-z0-9_]*)`)
	// typeRE: a capitalised Swift name in code.
	typeRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\b`)
	// memberRE: a member reached through a dot: .shared, .background.
	memberAccessRE = regexp.MustCompile(`\b([A-Z][A-Za-z0-9_]*)\.([a-z][A-Za-z0-9_]*)\b`)
	// labelRE: an argument label inside a call.
	labelRE = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*:`)
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
// attribute, an assignment or a keyword that only code has.
var codeMarks = regexp.MustCompile(`[A-Za-z_]\s*\(.*[:)]|\{|\}|\\\.|^\s*\.|@[A-Z]\w*(\s+\w+)*\s+(var|let)\s|\s=\s|->|^\s*(try|await|let|var|func|guard|if let|for try await)\s|\.[a-z][A-Za-z]*\(|\bself\.`)

// readQuery decides a query's class and, for code and messages, what to
// search instead.
func readQuery(raw string) Reading {
	text := strings.TrimSpace(raw)
	if isMessage(text) {
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
	for _, m := range attributeRE.FindAllStringSubmatch(code, -1) {
		r.addName(m[1])
	}
	for _, m := range keyPathRE.FindAllStringSubmatch(code, -1) {
		typ := m[1]
		if typ == "" {
			// \.dismiss inside @Environment(…) is an EnvironmentValues
			// member: an attribute's key paths root at <Attribute>Values.
			if len(r.Names) > 0 {
				typ = r.Names[len(r.Names)-1] + "Values"
			}
		}
		r.Calls = append(r.Calls, Call{Type: typ, Member: m[2]})
	}
	for _, loc := range callRE.FindAllStringSubmatchIndex(code, -1) {
		chain, name := code[loc[2]:loc[3]], code[loc[4]:loc[5]]
		if swiftKeywords[name] || strings.HasPrefix(code[max(loc[0]-1, 0):], "@") && loc[0] > 0 && code[loc[0]-1] == '@' {
			continue
		}
		typ := receiverType(chain)
		if isTypeName(name) && chain == "" {
			// Foo(bar:) is an initializer: the type is the page.
			r.addName(name)
			continue
		}
		r.Calls = append(r.Calls, Call{Type: typ, Member: name, Labels: labelsOf(code[loc[1]:])})
	}
	// A type whose member the code calls is searched through that call:
	// URLSession.shared.upload needs neither "URLSession.shared" nor
	// "URLSession" on its own, which would outvote the call in fusion.
	called := func(typ string) bool {
		return slices.ContainsFunc(r.Calls, func(c Call) bool { return c.Type == typ })
	}
	for _, m := range memberAccessRE.FindAllStringSubmatch(code, -1) {
		if !called(m[1]) && !swiftKeywords[m[2]] && m[2] != "self" {
			r.Calls = append(r.Calls, Call{Type: m[1], Member: m[2]})
		}
	}
	for _, m := range typeRE.FindAllStringSubmatch(code, -1) {
		if !swiftKeywords[m[1]] {
			r.addName(m[1])
		}
	}
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
	return r
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
		if m := labelRE.FindStringSubmatch(part); m != nil {
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
}

func isMessage(text string) bool {
	if messageOpeners.MatchString(text) {
		return true
	}
	lower := strings.ToLower(text)
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
// the API, the attribute or the language topic. A phrase matches in lower
// case; its concepts are searched as queries of their own.
var messageConcepts = []struct {
	phrase   string
	concepts []string
}{
	{"sendable", []string{"Sendable"}},
	{"data race", []string{"Sendable", "data race safety"}},
	{"concurrently-executed", []string{"Sendable"}},
	{"sending", []string{"Sendable"}},
	{"main actor", []string{"MainActor"}},
	{"mainactor", []string{"MainActor"}},
	{"actor-isolated", []string{"actor isolation", "MainActor"}},
	{"nonisolated", []string{"nonisolated", "actor isolation"}},
	{"global actor", []string{"GlobalActor"}},
	{"'async'", []string{"async await", "concurrency"}},
	{"does not support concurrency", []string{"async await", "concurrency"}},
	{"await", []string{"async await"}},
	{"unexpectedly found nil", []string{"Optional", "optional chaining"}},
	{"implicitly unwrapping", []string{"Optional"}},
	{"optional type", []string{"Optional", "optional chaining"}},
	{"must be unwrapped", []string{"Optional", "optional chaining"}},
	{"escaping closure", []string{"escaping closures"}},
	{"escaping", []string{"escaping closures"}},
	{"explicit use of 'self'", []string{"closures capture self"}},
	{"capture", []string{"capturing values closures"}},
	{"mutating", []string{"mutating methods"}},
	{"immutable", []string{"constants and variables"}},
	{"let' constant", []string{"constants and variables"}},
	{"does not conform", []string{"protocol conformance"}},
	{"missing return", []string{"functions return values"}},
	{"stored properties", []string{"initialization"}},
	{"initializer", []string{"initialization"}},
	{"only available in", []string{"availability", "#available"}},
	{"is unavailable", []string{"availability"}},
	{"deprecated", []string{"deprecated"}},
	{"index out of range", []string{"Array", "subscripts"}},
	{"publishing changes from background threads", []string{"MainActor", "ObservableObject"}},
	{"modifying state during view update", []string{"State", "onChange"}},
	{"unrecognized selector", []string{"Selector", "NSObject"}},
	{"keyed archiver", []string{"NSKeyedArchiver"}},
	{"decodingerror", []string{"DecodingError", "JSONDecoder"}},
	{"keynotfound", []string{"DecodingError", "JSONDecoder"}},
	{"typemismatch", []string{"DecodingError"}},
	{"the data couldn’t be read", []string{"DecodingError", "JSONDecoder"}},
	{"the data couldn't be read", []string{"DecodingError", "JSONDecoder"}},
	{"app transport security", []string{"NSAppTransportSecurity"}},
	{"ats policy", []string{"NSAppTransportSecurity"}},
	{"privacy-sensitive data", []string{"Info.plist usage description"}},
	{"usage description", []string{"Info.plist usage description"}},
	{"existential", []string{"any existential types"}},
	{"can only be used as a generic constraint", []string{"any existential types", "opaque types"}},
	{"generic parameter", []string{"generics"}},
	{"opaque", []string{"opaque types"}},
	{"result builder", []string{"result builders"}},
	{"property wrapper", []string{"property wrappers"}},
	{"retain cycle", []string{"automatic reference counting"}},
	{"strong reference", []string{"automatic reference counting"}},
	{"unowned", []string{"automatic reference counting"}},
	{"exclusive access", []string{"memory safety"}},
	{"overlapping accesses", []string{"memory safety"}},
	{"ambiguous use", []string{"overloading"}},
	{"noncopyable", []string{"noncopyable types"}},
	{"consume", []string{"noncopyable types"}},
	{"macro", []string{"macros"}},
	{"auto layout", []string{"NSLayoutConstraint"}},
	{"unable to simultaneously satisfy constraints", []string{"NSLayoutConstraint", "Auto Layout"}},
	{"core data", []string{"NSManagedObjectContext"}},
	{"managedobjectcontext", []string{"NSManagedObjectContext"}},
	{"swiftdata", []string{"ModelContext"}},
	{"modelcontainer", []string{"ModelContainer"}},
}

// readMessage reads a diagnostic: the names it quotes (a type or protocol,
// a member), the names written like types, and the concepts its wording
// stands for. Each becomes a search; the first quoted API leads.
func readMessage(text string) Reading {
	r := Reading{Class: ClassMessage}
	for _, m := range quotedRE.FindAllStringSubmatch(text, -1) {
		for _, n := range namesIn(m[1]) {
			r.addName(n)
		}
	}
	for _, m := range typeRE.FindAllStringSubmatch(text, -1) {
		if isAPIName(m[1]) {
			r.addName(m[1])
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
	for _, n := range r.Names {
		r.Searches = appendUnique(r.Searches, n)
	}
	for _, c := range r.Concepts {
		r.Searches = appendUnique(r.Searches, c)
	}
	if len(r.Searches) == 0 {
		r.Searches = []string{messageKeywords(text)}
	}
	return r
}

// namesIn takes the API names out of a quoted fragment of a message:
// "@Sendable" -> Sendable, "Binding<String>" -> Binding, String,
// "self.items" -> nothing.
func namesIn(fragment string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`@?[A-Za-z_][A-Za-z0-9_]*`).FindAllString(fragment, -1) {
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
