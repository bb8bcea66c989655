package ranker

import (
	"context"
	"testing"

	"github.com/cupertino-go/cupertino/internal/semantic"
)

// TestRecaseNames: a type name typed in the wrong case is written as the
// index titles it; English words, lowerCamelCase names and lower-case words
// without an Apple prefix stay as typed.
func TestRecaseNames(t *testing.T) {
	e := openTestEngine(t)
	ctx := context.Background()
	for _, c := range []struct{ in, want string }{
		{"Cancel a Urlsession data task", "Cancel a URLSession data task"},
		{"why does my Textfield lose focus", "why does my TextField lose focus"},
		{"avaudioplayer stops when locked", "avaudioplayer stops when locked"}, // lower case without ui or ns
		{"Cancel a URLSession data task", "Cancel a URLSession data task"},
		{"nsurl with spaces", "NSURL with spaces"},
		{"urlsession data task", "urlsession data task"},                       // no ui or ns prefix: could be prose
		{"let dataTask = session.dataTask", "let dataTask = session.dataTask"}, // a value's name
		{"Views and Texts in a stack", "Views and Texts in a stack"},           // one capital: English
	} {
		got, err := e.recaseNames(ctx, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("recaseNames(%q) = %q; want %q", c.in, got, c.want)
		}
	}
}

// TestRespell: a lower-case word of six letters or more that the
// word-vector model does not know becomes the most common known word one
// slip away (a letter added or dropped, two swapped) that starts with the
// same letter, when that word is on
// respellRatio times as many pages; a capitalised word, a word whose near
// words start with another letter, a word on as many pages as its
// neighbour and a request without such words stay as typed. The fixture's
// common word is "generated" (every generated summary says it).
func TestRespell(t *testing.T) {
	e := openScoringEngine(t)
	var texts [][]string
	for i := range 6 {
		texts = append(texts,
			[]string{"generated", "variables", "in", "a", "type"},
			[]string{"generated", "methods", "protocol", "conformance"},
			[]string{"declare", "variables", "constants", "protocol"})
		if i%2 == 0 {
			texts = append(texts, []string{"generates", "variables", "conformance"})
		}
	}
	model, err := semantic.Train(texts)
	if err != nil {
		t.Fatal(err)
	}
	e.sem.once.Do(func() { e.sem.model = model })
	ctx := context.Background()
	for _, c := range []struct{ in, want string }{
		{"variables of a generatd view", "variables of a generated view"}, // a letter dropped
		{"a genreated view", "a generated view"},                          // two letters swapped
		{"a generatesd view", "a generated view"},                         // generated is more common than generates
		{"Generatd view", "Generatd view"},                                // capitalised: a name, perhaps
		{"a xenerated view", "a xenerated view"},                          // generated starts with another letter
		{"generate a view", "generate a view"},                            // on as many pages as generated (one stem)
		{"protcool conformance", "protcool conformance"},                  // protocol is on no page of the fixture
		{"declare variables", "declare variables"},
	} {
		got, err := e.respell(ctx, c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != c.want {
			t.Errorf("respell(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestKnownNameReadsACapitalisedWordAsEnglish: a word capitalised as a
// title writes it ("Structured") is known when the full text holds it, as
// its lower case is; a name the index lacks (NavigatoinStack) and a
// capitalised word no page holds (Strcutured) are not, and stay for the
// corrector.
func TestKnownNameReadsACapitalisedWordAsEnglish(t *testing.T) {
	e := openTestEngine(t)
	for w, want := range map[string]bool{"Structured": true, "structured": true, "NavigatoinStack": false, "Strcutured": false} {
		got, err := e.knownName(t.Context(), w)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("knownName(%q) = %v, want %v", w, got, want)
		}
	}
	for w, want := range map[string]bool{"Unwrapped": true, "UIView": false, "URL": false, "NavigationStack": false, "A": false} {
		if got := capitalisedWord(w); got != want {
			t.Errorf("capitalisedWord(%q) = %v, want %v", w, got, want)
		}
	}
}
