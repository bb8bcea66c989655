package reading

import "regexp"

// languageFeatures are the marks of Swift language features a line of code
// may be about rather than any API (func parse() throws(ParseError),
// consuming func finish()), each with the search that finds the proposal
// explaining it. They lead a line's searches: a line that bears one is
// written to use it. Opaque and existential types (some View, some
// Sequence<String>) are not among them: the protocol they name is what
// such a line is about as often as the feature.
var languageFeatures = []markedSearch{
	{regexp.MustCompile(`\bthrows\s*\(\s*[A-Z]`), "se: typed throws"},
	{regexp.MustCompile(`\b(?:consuming|borrowing)\s+(?:func\b|[A-Z])`), "se: borrowing consuming parameter ownership modifiers"},
	{regexp.MustCompile(`~Copyable\b`), "se: noncopyable structs enums"},
	{regexp.MustCompile(`\bsending\s+[A-Z]`), "se: sending parameter result values"},
	{regexp.MustCompile(`\basync\s+let\b`), "se: async let"},
	{regexp.MustCompile(`\beach\s+[A-Z]\w*\b`), "se: parameter packs"},
	{regexp.MustCompile(`@retroactive\b`), "se: retroactive conformances"},
}

// availabilityConditions are the conditions code may check availability
// with ("if #available(iOS 17, *)"), each with its search: the # word
// alone finds the book's section, where the condition's platform words
// find macros titled …_AVAILABLE_IOS. They follow a line's other searches:
// the API a guarded line calls is what it is about.
var availabilityConditions = []markedSearch{
	{regexp.MustCompile(`#available\s*\(`), "#available"},
	{regexp.MustCompile(`#unavailable\s*\(`), "#unavailable"},
}

// languageSearches are the searches of the language features code bears,
// in the table's order; conditionSearches those of its availability
// conditions.
func languageSearches(code string) []Search { return markedSearches(code, languageFeatures) }

func conditionSearches(code string) []Search { return markedSearches(code, availabilityConditions) }

// markedSearch is a mark code may bear and the search it stands for.
type markedSearch struct {
	mark   *regexp.Regexp
	search string
}

// markedSearches are the searches of the marks code bears, in the table's
// order.
func markedSearches(code string, table []markedSearch) []Search {
	var out []Search
	for _, f := range table {
		if f.mark.MatchString(code) {
			out = AppendSearch(out, ScopedSearch(f.search))
		}
	}
	return out
}
