package ranker

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestAgentNouns(t *testing.T) {
	for in, want := range map[string][]string{
		"play":       {"player"},
		"scan":       {"scaner", "scanner"}, // consonant-vowel-consonant: both spellings
		"format":     {"formater", "formatter"},
		"recognize":  {"recognizer"},
		"generate":   {"generator"},
		"detect":     {"detector", "detecter"},
		"pick":       {"picker"},
		"photos":     nil, // a plural is no verb
		"recording":  nil,
		"player":     nil, // already the noun
		"preference": nil,
		"the":        nil,
		"URL":        nil,
	} {
		if got := agentNouns(in); !reflect.DeepEqual(got, want) {
			t.Errorf("agentNouns(%q) = %v, want %v", in, got, want)
		}
	}
}

// The vocabulary is general: lower-case single words, none mapping to
// itself or to a word of the same stem (which FTS5 matches anyway).
func TestVocabularyShape(t *testing.T) {
	for k, vs := range vocabulary {
		if k != strings.ToLower(k) || strings.ContainsAny(k, " \t") || len(vs) == 0 {
			t.Errorf("vocabulary key %q", k)
		}
		for _, v := range vs {
			if v != strings.ToLower(v) || strings.ContainsAny(v, " \t") || stem(v) == stem(k) {
				t.Errorf("vocabulary %q -> %q", k, v)
			}
		}
	}
	if got := alternatives("clipboard", false); !slices.Contains(got, "pasteboard") {
		t.Errorf("alternatives(clipboard) = %v", got)
	}
	if got := alternatives("play", false); len(got) != 0 {
		t.Errorf("a noun position got agent nouns: %v", got)
	}
	if got := alternatives("play", true); !slices.Contains(got, "player") {
		t.Errorf("alternatives(play, verb) = %v", got)
	}
}

func TestBuildConcepts(t *testing.T) {
	cs := buildConcepts(Terms("how to play a sound file from the user's library"))
	var words [][]string
	for _, c := range cs {
		words = append(words, c.words)
	}
	want := [][]string{{"play", "player"}, {"sound", "audio"}, {"file"}, {"user"}, {"library"}}
	if !reflect.DeepEqual(words, want) {
		t.Errorf("concepts = %v, want %v", words, want)
	}
	if !cs[0].verb || cs[1].verb {
		t.Errorf("verb positions: play %v, sound %v", cs[0].verb, cs[1].verb)
	}
	// Names keep their spelling and get no alternatives.
	cs = buildConcepts(Terms("make a type Sendable"))
	if last := cs[len(cs)-1]; !reflect.DeepEqual(last.words, []string{"Sendable"}) {
		t.Errorf("Sendable concept = %v", last.words)
	}
	if got := trimPossessive("user’s"); got != "user" {
		t.Errorf("trimPossessive = %q", got)
	}
}

// A title stem covers one concept: its own word's before an alternative's.
func TestCoverageSpendsEachStemOnce(t *testing.T) {
	cs := buildConcepts(Terms("save a password in the keychain"))
	title := stems([]string{"sf", "keychain", "save", "panel"})
	got := coverage(cs, title)
	if !reflect.DeepEqual(got, []bool{true, false, true}) {
		t.Errorf("coverage = %v, want save and keychain but not password", got)
	}
}

func TestSearchProse(t *testing.T) {
	e := openTestEngine(t)
	// The agent noun and the vocabulary reach AVAudioPlayer ("plays audio
	// data from a file"); the verb's symbol name floods nothing.
	wantInTop(t, e, "how to play a sound file", "apple-docs://avfaudio/avaudioplayer", 1)
	rs := mustSearch(t, e, "schedule a local notification", Filters{})
	if r := rankOf(rs, "apple-docs://usernotifications/scheduling-a-notification-locally-from-your-app"); r != 1 {
		t.Errorf("schedule a local notification: article at %d in %v", r, uris(rs))
	}
	for _, r := range rs[:min(3, len(rs))] {
		if strings.Contains(r.URI, "combine/scheduler") {
			t.Errorf("a schedule(_:) method ranks in the top 3: %v", uris(rs))
		}
	}
	// A query of stop words only searches no full text, and does not fail.
	if _, err := e.Search(t.Context(), "the", Filters{}); err != nil {
		t.Errorf("the: %v", err)
	}
}

func TestSearchTypeMemberPlainWords(t *testing.T) {
	e := openTestEngine(t)
	rs := wantInTop(t, e, "Text bold", "apple-docs://swiftui/text/bold()", 1)
	if r := rankOf(rs, "apple-docs://swiftui/text"); r == 0 {
		t.Errorf("Text bold lacks the type page: %v", uris(rs))
	}
	// A member prefix finds the member.
	wantInTop(t, e, "Text bol", "apple-docs://swiftui/text/bold()", 1)
	// Two plain words naming no member stay prose.
	wantInTop(t, e, "Dark mode", "hig://dark-mode", 3)
}

// Of two types named alike, the one an app can link against wins over a
// declaration available on no platform (a manifest, a file format).
func TestSearchPlatformlessDeclaration(t *testing.T) {
	e := openTestEngine(t)
	wantInTop(t, e, "Product", "apple-docs://storekit/product", 1)
}

func TestSourceWeights(t *testing.T) {
	s := &search{q: &Query{Prose: true}, comparable: true}
	w := s.sourceWeights(map[string]float64{"apple-docs": 10, "swift-evolution": 20})
	if w["apple-docs"] != DefaultSourceWeights["apple-docs"]/2 || w["swift-evolution"] != DefaultSourceWeights["swift-evolution"] {
		t.Errorf("weights = %v", w)
	}
	s.comparable = false
	if w := s.sourceWeights(map[string]float64{"apple-docs": 10, "swift-evolution": 20}); !reflect.DeepEqual(w, DefaultSourceWeights) {
		t.Errorf("scores restricted to fields must not scale the weights: %v", w)
	}
}

// A request names a framework by a phrase or a specific word ("wifi" is a
// declared synonym of Core WLAN, "core wlan" its display name).
func TestFrameworksNamed(t *testing.T) {
	e := openTestEngine(t)
	for _, raw := range []string{"scan for wifi networks", "use core wlan to list networks"} {
		if named := frameworksNamedBy(t, e, raw); !named["corewlan"] {
			t.Errorf("%q names %v, want corewlan", raw, named)
		}
	}
}

// TestConcurrencyWordsNameTheStandardLibrary: "await", or "async" before
// what it makes asynchronous, names Swift's concurrency, whose pages are
// the standard library's; "async" before a completion handler does not.
func TestConcurrencyWordsNameTheStandardLibrary(t *testing.T) {
	e := openTestEngine(t)
	for raw, want := range map[string]bool{"how to cancel an async func": true, "await the result of two calls": true,
		"pause a test until an async completion handler runs": false, "cancel a download": false} {
		if named := frameworksNamedBy(t, e, raw); named[concurrencyFramework] != want {
			t.Errorf("%q names %v; want %s named: %v", raw, named, concurrencyFramework, want)
		}
	}
}

// frameworksNamedBy returns the frameworks the request raw names.
func frameworksNamedBy(t *testing.T, e *Engine, raw string) map[string]bool {
	t.Helper()
	q, err := Parse(raw, e.fw)
	if err != nil {
		t.Fatal(err)
	}
	named, err := (&search{e: e, q: &q}).frameworksNamed(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return named
}

// TestSourceWeightsKeepASourceTheLexiconNamed: a request's source weights
// scale with each source's best bm25, but a source whose pages the task
// lexicon named keeps namedSourceFloor of its weight at least.
func TestSourceWeightsKeepASourceTheLexiconNamed(t *testing.T) {
	best := map[string]float64{"apple-docs": 1, "swift-evolution": 4}
	s := &search{q: &Query{Prose: true}, comparable: true}
	if w := s.sourceWeights(best); w["apple-docs"] >= DefaultSourceWeights["apple-docs"] {
		t.Errorf("without the lexicon, apple-docs weight %v, want it scaled below %v", w["apple-docs"], DefaultSourceWeights["apple-docs"])
	}
	s.lexiconRank = map[int64]int{7: 1}
	s.cands = map[int64]*candidate{7: {id: 7, source: "apple-docs"}}
	if w, want := s.sourceWeights(best), DefaultSourceWeights["apple-docs"]*namedSourceFloor; w["apple-docs"] != want {
		t.Errorf("with a lexicon page, apple-docs weight %v, want %v (its best is a quarter of the top)", w["apple-docs"], want)
	}
	best["apple-docs"] = 3.6
	if w, want := s.sourceWeights(best), DefaultSourceWeights["apple-docs"]*0.9; math.Abs(w["apple-docs"]-want) > 1e-12 {
		t.Errorf("with a lexicon page and its best 0.9 of the top, apple-docs weight %v, want %v", w["apple-docs"], want)
	}
}

// TestStemsAreKeptPerEngine: a summary's and a title's stems are computed
// once per engine and given again, equal, to the next request.
func TestStemsAreKeptPerEngine(t *testing.T) {
	e := openTestEngine(t)
	summary := "Loads the players' recorded sounds asynchronously."
	s1, s2 := &search{e: e}, &search{e: e}
	first := s1.summaryStems(summary)
	if _, ok := e.summaryStems.Get(summary); !ok {
		t.Fatal("the summary's stems were not kept")
	}
	if again := s2.summaryStems(summary); !slices.Equal(first, again) || len(first) == 0 {
		t.Errorf("summaryStems = %q, then %q", first, again)
	}
	c1, c2 := &candidate{title: "AVAudioPlayerNode"}, &candidate{title: "AVAudioPlayerNode"}
	if a, b := s1.titleStemsOf(c1), s2.titleStemsOf(c2); !slices.Equal(a, b) || !slices.Equal(a, titleStems("AVAudioPlayerNode")) {
		t.Errorf("titleStemsOf = %q, then %q", a, b)
	}
	if _, ok := e.titleStems.Get("AVAudioPlayerNode"); !ok {
		t.Error("the title's stems were not kept")
	}
}
