package reading

import (
	"encoding/json"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// Search is one search a reading runs, a value the ranker runs as it is:
// the words, the one source it is scoped to, and the call it stands for.
// It prints as the words, after "se: " or "book: " when scoped, the form
// --explain and the JSON output show and the tables below are written in.
type Search struct {
	Words string
	// Scope is the source searched alone (document.SourceSwiftEvolution,
	// document.SourceSwiftBook); "" searches every source in scope.
	Scope string
	// Call is 1 + the index in Reading.Calls of the call the search stands
	// for (its member pages are asked for with it); 0 when none.
	Call int
}

// scopePrefixes are the prefixes the reading's tables write a scoped
// search with, the aliases a user types for the same sources.
var scopePrefixes = map[string]string{
	"se":   document.SourceSwiftEvolution,
	"book": document.SourceSwiftBook,
}

// ScopedSearch reads a table's search: "se: async let" is "async let"
// scoped to Swift Evolution; anything else is words for every source. The
// tables are read once, when a reading is built, never at search time.
func ScopedSearch(text string) Search {
	if prefix, words, ok := strings.Cut(text, ": "); ok {
		if scope, known := scopePrefixes[prefix]; known {
			return Search{Words: words, Scope: scope}
		}
	}
	return Search{Words: text}
}

// String is the search as --explain prints it.
func (s Search) String() string {
	for prefix, scope := range scopePrefixes {
		if s.Scope == scope {
			return prefix + ": " + s.Words
		}
	}
	return s.Words
}

// MarshalJSON writes the search as its String, as the JSON output always
// has.
func (s Search) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// SearchTexts are the searches as they print.
func (r Reading) SearchTexts() []string {
	out := make([]string, len(r.Searches))
	for i, s := range r.Searches {
		out[i] = s.String()
	}
	return out
}

// WordSearches are searches of words, each for every source and no call.
func WordSearches(words ...string) []Search {
	out := make([]Search, len(words))
	for i, w := range words {
		out[i] = Search{Words: w}
	}
	return out
}

// AppendSearch adds s unless a search that prints the same is there.
func AppendSearch(list []Search, s Search) []Search {
	if s.Words == "" {
		return list
	}
	for _, have := range list {
		if have.String() == s.String() {
			return list
		}
	}
	return append(list, s)
}

// LinkCalls ties each search to the last call written whose search it
// is (a call's own, or a macro's or a message's name that is also a call
// written, or a name a rewrite turned into a call): that call's member
// pages are asked for with it. The reading calls it once it is built, and
// the ranker after each rewrite of the calls or the searches.
func LinkCalls(r *Reading) {
	for i, s := range r.Searches {
		r.Searches[i].Call = 0
		if s.Scope != "" {
			continue
		}
		for j, c := range r.Calls {
			if CallQuery(c) == s.Words {
				r.Searches[i].Call = j + 1
			}
		}
	}
}
