package reading

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
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
	// Searches are the searches run for it (search.go), the first one
	// leading; empty means the raw query as typed.
	Searches []Search `json:"searches,omitempty"`
	// Corrected is the query with misspelt names replaced, when the
	// ranker corrected one ("UIViewControler" -> "UIViewController").
	Corrected string `json:"corrected,omitempty"`
	// Ideas are the task lexicon's ideas the words matched, each by its
	// first phrase ("spinner" for "show a spinner while it loads").
	Ideas []string `json:"ideas,omitempty"`
	// Question is the question's scaffolding stripped before reading,
	// when it had some.
	Question *QuestionForm `json:"question,omitempty"`
	// Confidence is how sure the reading of code or a message is (0 to
	// 1): its searches weigh by it, the words' search by its complement
	// (reading_weight.go).
	Confidence float64 `json:"confidence,omitempty"`
	// Signature are the names a declared function's parameters and
	// result mention (ProposedViewSize in func sizeThatFits(proposal:
	// ProposedViewSize, …)): not searched once the index confirms the
	// function implements a requirement, whose page lists them.
	Signature []string `json:"-"`
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
	// Built is the type of the value the call is made on when the code
	// builds that value just before, with a type's initializer or static
	// factory (Duration.seconds(elapsed).formatted(…) is called on a
	// Duration): a guess the index confirms, as a receiver's name is.
	Built string `json:"built,omitempty"`
	// NoArguments: written with empty parentheses (save(), func
	// perform()), so the member's overload without parameters.
	NoArguments bool `json:"noArguments,omitempty"`
	// Closure: called with a trailing closure alone (.visualEffect { … }),
	// so a method, never the property of that name.
	Closure bool `json:"closure,omitempty"`
	// Free: a function called by its name alone (openWindow(id:)), no
	// receiver and no leading dot.
	Free bool `json:"-"`
	// Order is where the code wrote it, for calls read from code (nil
	// for a message's calls): the ranker reorders the calls' searches by
	// it once the index has confirmed their receivers.
	Order *CallOrder `json:"-"`
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

// swiftKeywords are words of the language, never API names: swiftlex's
// subset for reading a query (not "optional", "package" or "Any", which a
// question uses as words or names).
var swiftKeywords = swiftlex.ReadingKeywords

// codeMarks are the signs of code: a call, a closure, a key path, an
// attribute, an assignment (compound too: total += 1), a labelled subscript
// or a statement only code begins with. A leading
// "let" or "try" alone is not one: "let users sign in with a passkey" and
// "try to reconnect" are English, so the keyword must be followed the way
// code follows it (let name =, let name:, try name.member).
var codeMarks = regexp.MustCompile(`[A-Za-z_]\s*\(.*[:)]|\{|\}|\\\.|^\s*\.|@[A-Z]\w*(\s+\w+)*\s+(var|let)\s|\s=\s|->|` +
	`^\s*(let|var)\s*(\(|[A-Za-z_]\w*\s*[:=,])|^\s*(try|await)\s+(await\s+)?[A-Za-z_]\w*[.(]|^\s*(func|guard let|guard var|if let|if var|for try await|for await)\s|` +
	`\.[a-z][A-Za-z]*\(|\bself\.|\s[-+*/%]=\s|[A-Za-z_]\w*\[[^\]]*\b[a-z]\w*:\s|^[A-Z][A-Za-z0-9_]*(?:\.[a-z][A-Za-z0-9_]*){2,}$|^[a-z][A-Za-z0-9_]*(?:[?!]?\.[a-z][A-Za-z0-9_]*){2,}$|^[a-z][A-Za-z0-9_]*[?!]?\.[a-z][A-Za-z0-9_]*$`)

// statementRE: text that begins the way a Swift statement does (let name
// =, try await x.f(, .modifier(, @Attribute(, name = …, a call, if let
// name =, for await name in, return x.f(). A diagnostic
// quotes code but never opens with it, so such text is code even when it
// holds a message's words ("await") and a quoted string.
var statementRE = regexp.MustCompile(`^\s*(?:(?:let|var)\s*(?:\(|[A-Za-z_]\w*\s*[:=])|(?:try|await)\s+(?:await\s+)?[A-Za-z_$][\w.]*[.(]|\.[a-z]\w*\s*[({]|@[A-Z]\w*[\s(]|[A-Za-z_][\w.]*\s*=\s*\S|[a-z][\w.]*\(|` +
	`(?:if|guard|while)\s+(?:let|var|case)\s+[\w.(]+.*=|for\s+(?:try\s+)?(?:await\s+)?(?:case\s+)?(?:let\s+|var\s+)?[\w(, )]+\s+in\s+\S|return\s+(?:try\s+)?(?:await\s+)?[A-Za-z_$][\w.]*[.(])`)

// Read decides a query's class and, for code and messages, what to
// search instead. It asks nothing of the index: the ranker confirms the
// reading's guesses there afterwards.
func Read(raw string) Reading {
	text := strings.TrimSpace(raw)
	if isMessage(text) && (!statementRE.MatchString(text) || messageOpeners.MatchString(text)) {
		return readMessage(text)
	}
	if codeMarks.MatchString(text) && !isPlainSelector(text) && !fileNameRE.MatchString(text) {
		return readSyntax(text)
	}
	return Reading{Class: ClassWords}
}

// fileNameRE is a file's name alone ("main.swift", "project.pbxproj"),
// which has a value's member's shape and is a search for the file.
var fileNameRE = regexp.MustCompile(`(?i)^[\w-]+\.(swift|m|mm|h|c|json|plist|strings|txt|md|html|xml|ya?ml|xcconfig|storyboard|xib|entitlements|xcassets|xcodeproj|xcworkspace|pbxproj|png|jpe?g|pdf)$`)

// isPlainSelector: "View.padding(_:)" and "present(_:animated:)" are names
// the ranker resolves itself, not code.
func isPlainSelector(text string) bool {
	return !strings.ContainsAny(text, " {}=\\@") && strings.HasSuffix(text, ")") && strings.Contains(text, ":")
}

func (r *Reading) addName(n string) {
	if !slices.Contains(r.Names, n) {
		r.Names = append(r.Names, n)
	}
}

// AppendUnique appends s to list unless it is empty or already there.
func AppendUnique(list []string, s string) []string {
	if s == "" || slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// CallQuery is the search a call becomes: Type.member, or the member.
func CallQuery(c Call) string {
	if c.Type != "" {
		return c.Type + "." + c.Member
	}
	return c.Member
}

// IsMemberName: an identifier starting lower-case, optionally followed by a
// selector (dataTask, dataTask(with:)).
func IsMemberName(s string) bool {
	ident := swiftlex.IdentifierPrefix(s)
	if ident == "" || (len(ident) < len(s) && s[len(ident)] != '(') {
		return false
	}
	for _, r := range ident {
		return unicode.IsLower(r) || r == '_'
	}
	return false
}

// CodeLike: a second capital (URLSession, dataTask), a digit, '_' or a
// selector, none of which English words have.
func CodeLike(s string) bool {
	upper := 0
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			upper++
		case unicode.IsDigit(r), r == '_', r == '(':
			return true
		}
	}
	first, _ := utf8.DecodeRuneInString(s)
	return upper >= 2 || (upper == 1 && !unicode.IsUpper(first))
}

// TrimFloat writes a number as --explain prints it: at most four
// decimals, no trailing zeros.
func TrimFloat(x float64) string {
	s := fmt.Sprintf("%.4f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "" || s == "-" {
		return "0"
	}
	return s
}
