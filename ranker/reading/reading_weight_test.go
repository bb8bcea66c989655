package reading

import (
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
		r := Read(tc.text)
		if got := Confidence(tc.text, r.Class); got < tc.min || got > tc.max {
			t.Errorf("Confidence(%q) = %.3f, want in [%.2f, %.2f]", tc.text, got, tc.min, tc.max)
		}
	}
	if got := Confidence("Cannot convert value of type 'Int' to expected argument type 'String'", ClassMessage); got != 1 {
		t.Errorf("a message's confidence = %v, want 1", got)
	}
}
