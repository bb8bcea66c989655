package ranker

import (
	"context"
	"slices"
	"testing"
)

// TestReadingConfidence: code with a mark only code has is read surely;
// a lone call among words is as sure as its share of code words.
func TestReadingConfidence(t *testing.T) {
	for _, tc := range []struct {
		text     string
		min, max float64
	}{
		{"Task { try await store.sync() }", 1, 1},
		{"let alert = UIAlertController(title: \"Delete\", message: nil, preferredStyle: .alert)", 1, 1},
		{"view.layoutIfNeeded()", 1, 1},
		{"Binding(UI) not updating", 0.3, 0.34},
		{"Color(x) does not adapt to dark mode", 0.1, 0.2},
	} {
		r := readQuery(tc.text)
		if got := readingConfidence(tc.text, r.Class); got < tc.min || got > tc.max {
			t.Errorf("readingConfidence(%q) = %.3f, want in [%.2f, %.2f]", tc.text, got, tc.min, tc.max)
		}
	}
	if got := readingConfidence("Cannot convert value of type 'Int' to expected argument type 'String'", ClassMessage); got != 1 {
		t.Errorf("a message's confidence = %v, want 1", got)
	}
}

// TestUnsureReadingKeepsTheWordsPages: a question read as code because of
// one call in it ("Color(x)") still finds what its words find (the Dark
// Mode pages); before readings only proposed, the call's search replaced
// the query and the words' pages were never candidates.
func TestUnsureReadingKeepsTheWordsPages(t *testing.T) {
	e := openTestEngine(t)
	resp, err := e.SearchQuery(context.Background(), "Why does Color(x) not adapt to dark mode?", Filters{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Reading.Class != ClassSyntax || resp.Reading.Confidence >= 1 {
		t.Fatalf("reading %s, confidence %v; want an unsure syntax reading", resp.Reading.Class, resp.Reading.Confidence)
	}
	got := uris(resp.Results)
	for _, want := range []string{"apple-docs://swiftui/color", "apple-docs://uikit/supporting-dark-mode-in-your-interface"} {
		if !slices.Contains(got, want) {
			t.Errorf("results %q lack %s", got, want)
		}
	}
}
