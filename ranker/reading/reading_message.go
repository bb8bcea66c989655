package reading

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// The reading of compiler and runtime messages (readMessage): the names
// they quote and the concepts their wording stands for.

var (
	// quotedCallRE: a member a message quotes, with its selector.
	quotedCallRE = regexp.MustCompile(`^(?:([A-Z][A-Za-z0-9_]*)\.)?([a-z][A-Za-z0-9_]*)\(([A-Za-z_:]*)\)$`)
	// identifierRE: a name, with an attribute's @.
	identifierRE = regexp.MustCompile(`@?[A-Za-z_][A-Za-z0-9_]*`)
	// diagnosticQuoteRE: a name quoted the way the compiler quotes it,
	// in single quotes, then words.
	diagnosticQuoteRE = regexp.MustCompile(`['‘][^'‘’"\s]{1,60}['’]\s+[a-z]`)
	// quotedRE: what a message quotes: 'Foo', ‘Foo’, "Foo", `Foo`.
	quotedRE = regexp.MustCompile("['‘’\"“”`]([^'‘’\"“”`]{1,80})['‘’\"“”`]")
)

// messageOpeners begin a diagnostic as compilers and runtimes print it.
// An Objective-C runtime message opens with the method it names:
// -[Notes.EditorViewController saveTapped:]: unrecognized selector ….
var messageOpeners = regexp.MustCompile(`(?i)^(error|warning|fatal error|thread \d+|terminating app|runtime error|\*\*\* )[:\s]|^[-+]\[[A-Za-z_][\w.]* [A-Za-z_][\w:]*\]`)

// messageWords are the wording of Swift compiler and runtime diagnostics.
// Two of them, or one with a quoted name, make a message.
var messageWords = []string{
	"cannot", "does not conform", "has no member", "non-sendable", "sendable", "actor-isolated", "isolated",
	"unexpectedly found nil", "must be marked", "is not marked", "ambiguous", "missing return", "immutable",
	"escaping closure", "non-escaping", "could not be inferred", "is unavailable", "only available in", "instance member",
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
	if n >= 1 && words >= 5 && statesConcept(text, lower) {
		// A diagnostic quoting nothing ("Passing closure risks causing
		// data races", "Closure use of non-escaping parameter may allow it
		// to escape") still says what it is about in the words the
		// concepts are named by.
		return true
	}
	// A sentence around a name in single quotes ('token' used after
	// consume) is how a diagnostic reads, whatever its words; code quotes
	// its strings in double quotes.
	return words >= 4 && (n >= 3 || (n >= 1 && quoted) || diagnosticQuoteRE.MatchString(text) || (n >= 2 && words >= 6))
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
	{"unrecognized selector", []string{"doesNotRecognizeSelector", "Selector", "NSObject"}},
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
	{"deinit", []string{"book: deinitialization", "se: isolated synchronous deinit"}},
	{"json write", []string{"JSONSerialization", "isValidJSONObject"}},
	{"no such module", []string{"adding package dependencies to your app", "book: the basics"}},
	{"protection level", []string{"book: access control"}},
	{"is inaccessible", []string{"book: access control"}},
	{"launch handler", []string{"BGTaskScheduler"}},
	{"after consume", []string{"se: consume operator", "book: memory safety"}},
	{"after being consumed", []string{"se: consume operator", "book: memory safety"}},
	{"consumed more than once", []string{"se: consume operator", "se: borrowing consuming parameter ownership modifiers"}},
	{"opaque return type", []string{"book: opaque and boxed protocol types", "se: opaque result types"}},
	{"opaque result type", []string{"book: opaque and boxed protocol types", "se: opaque result types"}},
	{"underlying type", []string{"book: opaque and boxed protocol types", "se: opaque result types"}},
	{"macro implementation", []string{"book: macros", "se: expression macros"}},
	{"macro expansion", []string{"book: macros", "se: expression macros"}},
	{"active container", []string{"ModelContainer", "modelContainer"}},
	{"incompatible with the one used to create the store", []string{"lightweight migration", "NSPersistentStoreIncompatibleVersionHashError"}},
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
		if name, ok := operatorNames[fragment]; ok {
			// A quoted operator ("Ambiguous use of operator '??'") holds
			// no word the index keeps: it is searched by its name, and
			// what the message says of it is about it.
			lead = AppendUnique(lead, name)
			continue
		}
		if call, ok := quotedChain(fragment); ok {
			r.Calls = append(r.Calls, call)
			lead = AppendUnique(lead, CallQuery(call))
			continue
		}
		if call, ok := quotedCall(fragment); ok {
			if call.Type == "" && i+1 < len(quoted) && strings.HasPrefix(strings.ToLower(text[m[1]:]), " on ") {
				call.Type = firstName(text[quoted[i+1][2]:quoted[i+1][3]])
			}
			if call.Member != "init" || call.Type != "" {
				r.Calls = append(r.Calls, call)
				lead = AppendUnique(lead, CallQuery(call))
			}
			continue
		}
		if strings.HasSuffix(before, "member ") && IsMemberName(fragment) {
			call := Call{Type: lastType, Member: fragment}
			r.Calls = append(r.Calls, call)
			lead = AppendUnique(lead, CallQuery(call))
			continue
		}
		if strings.HasPrefix(fragment, "any ") {
			// 'any Renderable' is an existential: the chapter on boxed
			// protocol types explains what it can and cannot do.
			r.Concepts = AppendUnique(r.Concepts, "book: opaque and boxed protocol types")
		}
		for _, n := range namesIn(fragment) {
			r.addName(n)
			lastType = n
			// The protocol a conformance error names is what to read.
			if strings.HasSuffix(before, "protocol ") || strings.HasSuffix(before, "conform to ") {
				lead = AppendUnique(lead, n)
			} else {
				names = AppendUnique(names, n)
			}
		}
	}
	// An attribute the message names (@Published is only available on
	// properties of classes) is what it is about.
	for _, m := range attributeRE.FindAllStringSubmatch(text, -1) {
		if isAPIName(m[1]) {
			r.addName(m[1])
			lead = AppendUnique(lead, m[1])
		}
	}
	for _, m := range typeRE.FindAllStringSubmatchIndex(text, -1) {
		n := text[m[2]:m[3]]
		possessive := strings.HasPrefix(text[m[3]:], "'s ") || strings.HasPrefix(text[m[3]:], "’s ")
		if isAPIName(n) && m[2] > 0 && (CodeLike(n) || possessive) {
			r.addName(n)
			// "must contain an NSCameraUsageDescription key": the key
			// the message asks for is what to read, before its concepts.
			if CodeLike(n) && strings.HasPrefix(strings.ToLower(strings.TrimSpace(text[m[3]:])), "key") {
				lead = AppendUnique(lead, n)
			} else {
				names = AppendUnique(names, n)
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
			topics = AppendUnique(topics, c)
		} else {
			lead = AppendUnique(lead, c)
		}
	}
	// The book's chapter comes right after the lead: it explains the rule
	// whatever the names are.
	if len(topics) > 0 {
		lead = append(lead[:min(len(lead), 1)], append([]string{topics[0]}, lead[min(len(lead), 1):]...)...)
		topics = topics[1:]
	}
	for _, q := range slices.Concat(lead, names, topics) {
		r.Searches = AppendSearch(r.Searches, ScopedSearch(q))
	}
	if len(r.Searches) == 0 {
		r.Searches = []Search{{Words: MessageKeywords(text)}}
	}
	LinkCalls(&r)
	return r
}

// firstName is the first API name of a quoted fragment, or "".
func firstName(fragment string) string {
	if names := namesIn(fragment); len(names) > 0 {
		return names[0]
	}
	return ""
}

// quotedChain reads a chain of properties from a type that a message
// quotes whole ("Use of unresolved identifier
// 'UIScreen.mainScreen().nativeBounds'"): its last member, searched as
// the type's through the one before, as in code (readSyntax).
func quotedChain(fragment string) (Call, bool) {
	m := propertyChainRE.FindStringSubmatch(fragment)
	if m == nil || m[0] != fragment {
		return Call{}, false
	}
	props := strings.Split(strings.ReplaceAll(strings.TrimPrefix(m[2], "."), "()", ""), ".")
	return Call{Type: m[1], Member: props[len(props)-1], Via: props[len(props)-2]}, true
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
	return swiftlex.IsTypeName(n)
}

// MessageKeywords are a message's words without quotes and punctuation,
// the last resort when it quotes nothing and names no concept.
func MessageKeywords(text string) string {
	return strings.Join(strings.FieldsFunc(text, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-'
	}), " ")
}

// ruleVerbRE: the verbs a diagnostic states its rule with ("may allow",
// "risks causing", "cannot", "requires").
var ruleVerbRE = regexp.MustCompile(`\b(?:may|might|risks?|cannot|can't|must|does not|doesn't|is not|isn't|requires?)\b`)

// statesConcept reports a statement of a rule, capitalised as a compiler
// prints it and asking nothing, that holds a phrase of messageConcepts.
func statesConcept(text, lower string) bool {
	first, _ := utf8.DecodeRuneInString(text)
	if !unicode.IsUpper(first) || strings.ContainsAny(text, "?") || !ruleVerbRE.MatchString(lower) {
		return false
	}
	for _, mc := range messageConcepts {
		if strings.Contains(lower, mc.phrase) {
			return true
		}
	}
	return false
}
