package verify

import (
	"math/rand/v2"
	"reflect"
	"sort"
	"testing"
)

// bagDistanceByAllLetters is bagDistance as first written, walking every
// one of the 256 counts.
func bagDistanceByAllLetters(a, b string) int {
	var counts [256]int
	for i := 0; i < len(a); i++ {
		counts[a[i]]++
	}
	for i := 0; i < len(b); i++ {
		counts[b[i]]--
	}
	more, fewer := 0, 0
	for _, c := range counts {
		if c > 0 {
			more += c
		} else {
			fewer -= c
		}
	}
	return max(more, fewer)
}

// TestNearNameShortcutsKeepTheAnswer: bagDistance reading only the
// letters the names have, and rankNear given only the names about as
// long (aboutAsLong over a list sorted by length), answer as the full walks
// did.
func TestNearNameShortcutsKeepTheAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, 1+r.IntN(14))
		for i := range b {
			b[i] = "aabcdeeilnorstuvw_9"[r.IntN(19)]
		}
		return string(b)
	}
	var names []string
	for range 3000 {
		names = append(names, "a"+word())
	}
	for range 2000 {
		a, b := word(), word()
		if got, want := bagDistance(a, b), bagDistanceByAllLetters(a, b); got != want {
			t.Fatalf("bagDistance(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
	byLength := append([]string(nil), names...)
	sort.Slice(byLength, func(i, j int) bool { return len(byLength[i]) < len(byLength[j]) })
	for range 300 {
		name := "a" + word()
		if got, want := rankNear(name, aboutAsLong(byLength, name), 9), rankNear(name, names, 9); !reflect.DeepEqual(got, want) {
			t.Fatalf("near %q: %v from the names about as long, %v from all", name, got, want)
		}
	}
}

// TestIndexTableHoldsWhatItReadOnce: a name's mention and its spelling
// are read from the index once; a second ask is answered from memory
// (here, after the index is closed).
func TestIndexTableHoldsWhatItReadOnce(t *testing.T) {
	table, err := OpenIndexTable(mentionIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	uri, found, err := table.MentionedIn("AVAudioFormat")
	if err != nil || !found {
		t.Fatalf("MentionedIn(AVAudioFormat) = %q, %v, %v", uri, found, err)
	}
	cased := table.casedName("avaudioplayernode")
	if cased != "AVAudioPlayerNode" {
		t.Fatalf("casedName(avaudioplayernode) = %q", cased)
	}
	table.Close()
	if again, foundAgain, err := table.MentionedIn("AVAudioFormat"); err != nil || again != uri || !foundAgain {
		t.Errorf("MentionedIn(AVAudioFormat) again = %q, %v, %v; want %q from memory", again, foundAgain, err, uri)
	}
	if again := table.casedName("avaudioplayernode"); again != cased {
		t.Errorf("casedName again = %q, want %q from memory", again, cased)
	}
}
