package ranker

import "testing"

// Pairs from Porter's paper and its published vocabulary, plus the words the
// ranker leans on (they must stem like FTS5's porter tokenizer does).
func TestStem(t *testing.T) {
	for in, want := range map[string]string{
		"caresses": "caress", "ponies": "poni", "cats": "cat", "feed": "feed", "agreed": "agre",
		"plastered": "plaster", "motoring": "motor", "sing": "sing", "conflated": "conflat",
		"hopping": "hop", "falling": "fall", "filing": "file", "happy": "happi",
		"relational": "relat", "conditional": "condit", "rational": "ration", "digitizer": "digit",
		"generalization": "gener", "hopefulness": "hope", "electrical": "electr",
		"adjustment": "adjust", "adoption": "adopt", "controlling": "control", "roll": "roll",
		"scheduling": "schedul", "schedule": "schedul", "locally": "local", "local": "local",
		"notifications": "notif", "notification": "notif", "getting": "get", "photos": "photo",
		"libraries": "librari", "library": "librari", "playing": "plai", "plays": "plai",
		"ab": "ab", "URLSession": "URLSession", "dataTask": "dataTask",
	} {
		if got := stem(in); got != want {
			t.Errorf("stem(%q) = %q, want %q", in, got, want)
		}
	}
}
