package reading

import (
	"regexp"
	"strings"
)

// operatorNames name Swift's operators and shorthand marks as the Swift
// book's headings and the standard library's pages name them. A question
// about one ("Difference between == and ===", "What is the ?? operator",
// "What does $0 mean in closures") holds no word for it: the full-text index
// drops punctuation, so such a query found pages titled "and" or "operator",
// or nothing at all ("empty query"). Each operator standing alone in a query
// read as words gets its name written after it; the query's words are all
// still searched.
var operatorNames = map[string]string{
	"==":   "equal to comparison operators Equatable",
	"!=":   "not equal to comparison operators Equatable",
	"===":  "identity operators identical to",
	"!==":  "identity operators not identical to",
	"<=":   "less than or equal to comparison operators Comparable",
	">=":   "greater than or equal to comparison operators Comparable",
	"??":   "nil-coalescing operator",
	"?.":   "optional chaining",
	"!":    "forced unwrapping",
	"...":  "closed range operator",
	"..<":  "half-open range operator",
	"&&":   "logical AND operator",
	"||":   "logical OR operator",
	"->":   "function types return type",
	"~=":   "pattern-matching operator expression pattern",
	"<<":   "bitwise left shift operator",
	">>":   "bitwise right shift operator",
	"&+":   "overflow addition operator",
	"&-":   "overflow subtraction operator",
	"&*":   "overflow multiplication operator",
	"+=":   "compound assignment operators",
	"-=":   "compound assignment operators",
	"%":    "remainder operator",
	"$0":   "shorthand argument names closures",
	"$1":   "shorthand argument names closures",
	"as?":  "type casting downcasting conditional form",
	"as!":  "type casting downcasting forced form",
	"try?": "converting errors to optional values",
	"try!": "disabling error propagation",
	// Marks that are not operators but that questions ask about the same
	// way ("What does the $ mean", "What is the @ used for"): the names of
	// the book's sections that explain them.
	"$": "projected value property wrapper",
	`\`: "key path expression string interpolation",
	"#": "compiler control statements macro expansion",
	"@": "attributes",
	"&": "in-out parameters",
	"_": "wildcard pattern omit argument labels",
}

// ambiguousOperators are also prose's punctuation ("Loading... fails",
// "Help !"): named only when quoted as code, beside another operator, or
// in a query that speaks of operators or meaning.
var ambiguousOperators = map[string]bool{"!": true, "...": true, "%": true,
	"$": true, `\`: true, "#": true, "@": true, "&": true, "_": true}

// operatorContextWords make an ambiguous operator one.
var operatorContextWords = map[string]bool{"operator": true, "operators": true, "mean": true, "means": true,
	"meaning": true, "range": true, "unwrap": true, "unwrapping": true, "symbol": true, "sign": true,
	"used": true, "purpose": true}

// nameOperators returns raw with each operator that stands alone in it
// (between spaces, or quoted) followed by its name, and the names given as
// "op as name" for --explain. Code keeps its text: only a query read as
// words is named.
func nameOperators(raw string) (string, []string) {
	fields := strings.Fields(raw)
	type found struct {
		at     int
		quoted bool
	}
	var ops []found
	context, plain := false, 0
	for i, f := range fields {
		bare := strings.Trim(f, "`'\"(),")
		if _, ok := operatorNames[bare]; ok {
			ops = append(ops, found{i, bare != f})
			if !ambiguousOperators[bare] {
				plain++
			}
			continue
		}
		if operatorContextWords[strings.ToLower(strings.Trim(f, "?.,:;!"))] {
			context = true
		}
	}
	if len(ops) == 0 {
		// Reading raw costs more than looking for a spelled operator:
		// only a query that holds one is read, to keep code's text.
		// A question about a mark is prose even where it shows the mark
		// in parentheses ("What is the backslash(\) used for?").
		out, named, asks := nameSpelledOperators(raw)
		if len(named) == 0 || !asks && Read(raw).Class != ClassWords {
			return raw, nil
		}
		return out, named
	}
	if Read(raw).Class != ClassWords {
		return raw, nil
	}
	var named []string
	for _, op := range ops {
		bare := strings.Trim(fields[op.at], "`'\"(),")
		if ambiguousOperators[bare] && !op.quoted && !context && plain == 0 {
			continue
		}
		fields[op.at] += " " + operatorNames[bare]
		named = append(named, bare+" as "+operatorNames[bare])
	}
	if len(named) == 0 {
		return raw, nil
	}
	return strings.Join(fields, " "), named
}

// spelledOperatorRE: an operator or mark spelled in words ("What does an
// exclamation mark mean", "double question mark in Swift", "What is the
// dollar sign in SwiftUI"): the question holds no word of its name either.
var spelledOperatorRE = regexp.MustCompile(`(?i)\b(exclamation (?:mark|point)s?|bang operator|double question marks?|two question marks|dollar (?:signs?|symbol)|back ?slash(?:es)?|(?:hash|pound) (?:signs?|symbol|key)|hashtag|at (?:sign|symbol)(?:[ -](?:up|out)\b|-in\b| in with\b)?|ampersands?|underscores?|tilde(?: equals)?)\b`)

// spelledOperators are the marks spelledOperatorRE finds, by their
// spelling's first word.
var spelledOperators = map[string]string{"exclamation": "!", "bang": "!", "double": "??", "two": "??",
	"dollar": "$", "backslash": `\`, "backslashes": `\`, "back": `\`, "hash": "#", "pound": "#", "hashtag": "#",
	"at": "@", "ampersand": "&", "ampersands": "&", "underscore": "_", "underscores": "_", "tilde": "~="}

// spelledInContext are the spellings that are also ordinary words of
// other requests ("convert underscore keys", "pound sign currency",
// "escape a backslash", "expand a tilde in a path"): named only where the
// query asks what a mark is (askingWords).
var spelledInContext = map[string]bool{"backslash": true, "backslashes": true, "back": true, "pound": true,
	"at": true, "ampersand": true, "ampersands": true, "underscore": true, "underscores": true, "tilde": true}

// askingWords make a question about a spelled mark. Not "sign" or
// "symbol": the spelling holds them ("pound sign").
var askingWords = map[string]bool{"what": true, "why": true, "when": true, "does": true, "what's": true,
	"mean": true, "means": true, "meaning": true, "used": true, "purpose": true, "operator": true}

// nameSpelledOperators names the operators a query spells in words, as
// nameOperators names the ones it writes, and says whether the query asks
// what a mark is.
func nameSpelledOperators(raw string) (string, []string, bool) {
	asks := false
	for _, f := range strings.Fields(raw) {
		w := strings.ToLower(strings.Trim(f, "?.,:;!()`'\""))
		if askingWords[w] {
			asks = true
			break
		}
	}
	var named []string
	out := spelledOperatorRE.ReplaceAllStringFunc(raw, func(m string) string {
		words := strings.Fields(strings.ReplaceAll(m, "-", " "))
		first := strings.ToLower(words[0])
		if spelledInContext[first] && !asks || first == "at" && len(words) > 2 {
			// "at sign-in", "at sign in with Apple", "at sign up": a
			// verb, not the mark.
			return m
		}
		op := spelledOperators[first]
		named = append(named, m+" as "+operatorNames[op])
		return m + " " + operatorNames[op]
	})
	return out, named, asks
}
