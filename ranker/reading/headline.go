package reading

import (
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// A question's title written in title case ("Run Code After a Delay",
// "Changing Placeholder Text Color with Swift") capitalises its words for
// the headline's style, not because they are names: read as typed, "Run",
// "Show" and "List" are the names of pages (ARKitSession's run(_:),
// SwiftUI's List) and the words' own pages lose their place. A sample of
// 400 dev queries that found their page kept it in 254 cases once title-
// cased, before this reading.

// headlineMinCapitals is how many plain capitalised words past its first
// a title needs before its capitals are read as its style: fewer may be a
// feature's or a page's title typed as it is ("Background App Refresh"),
// or types named ("Swift 3: Array to Dictionary?").
const headlineMinCapitals = 3

// headlineCase reports whether a question is written in title case:
// headlineMinCapitals words or more past its first with only their first
// letter capital, frameworks' and platforms' names aside, and no
// lower-case word but the small words titles leave in lower case ("a",
// "in", "with"). Names with a second capital ("UILabel", "iOS",
// "ID") and words with digits or marks count neither way.
func headlineCase(raw string, isFramework func(string) bool) bool {
	capitals := 0
	for i, w := range strings.Fields(raw) {
		w = strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) })
		if len(w) < 2 || !isLettersOnly(w) {
			continue
		}
		switch {
		case PlainCapitalised(w):
			if i > 0 && !ownCapitals(w, isFramework) {
				capitals++
			}
		case strings.ToLower(w) == w:
			if !titleSmallWords[w] {
				return false
			}
		}
	}
	return capitals >= headlineMinCapitals
}

// lowerHeadlineWords lowers the plain capitalised words of a title-cased
// core (and its article "A"), but for frameworks' and platforms' names
// ("Swift", "Mac"), whose capitals are their own.
func lowerHeadlineWords(core string, isFramework func(string) bool) string {
	fields := strings.Fields(core)
	for i, f := range fields {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
		if w != "A" && (!PlainCapitalised(w) || ownCapitals(w, isFramework)) {
			continue
		}
		fields[i] = strings.Replace(f, w, strings.ToLower(w), 1)
	}
	return strings.Join(fields, " ")
}

// ownCapitals: a framework's or a platform's name ("Swift", "Mac"), whose
// capital is its own.
func ownCapitals(w string, isFramework func(string) bool) bool {
	return IsPlatformWord(w) || isFramework != nil && isFramework(w)
}

// titleSmallWords are the words a title in title case leaves in lower
// case: articles, conjunctions and short prepositions.
var titleSmallWords = swiftlex.SetOf("a", "an", "the", "and", "or", "but", "nor", "of", "in", "on", "at", "to",
	"for", "with", "by", "from", "as", "is", "are", "vs", "via", "into", "onto", "over", "per", "up")

// PlainCapitalised: a word of letters whose only capital is its first
// ("Pass", not "UILabel", "iOS" or "ID").
func PlainCapitalised(w string) bool {
	for i, r := range w {
		if i == 0 && !unicode.IsUpper(r) || i > 0 && !unicode.IsLower(r) {
			return false
		}
	}
	return len(w) >= 2
}

// isLettersOnly reports whether w is letters alone.
func isLettersOnly(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}
