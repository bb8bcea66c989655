package verify

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/document"
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

// editDistanceByTable is the Levenshtein distance by the whole table, as
// index.EditDistance first wrote it.
func editDistanceByTable(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
		}
	}
	return d[len(a)][len(b)]
}

// rankNearByAllNames is rankNear as the plain walk wrote it: every name's
// edit distance, the names within the limit sorted, the first n kept.
func rankNearByAllNames(name string, names []string, n int) []string {
	var hits []nearHit
	for _, c := range names {
		if d := editDistanceByTable(name, c); c != name && c[0] == name[0] && d <= nearLimit(name) {
			hits = append(hits, nearHit{c, d})
		}
	}
	sort.Slice(hits, func(i, j int) bool {
		if hits[i].d != hits[j].d {
			return hits[i].d < hits[j].d
		}
		return hits[i].name < hits[j].name
	})
	var out []string
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// TestNearNameShortcutsKeepTheAnswer: bagDistance reading only the
// letters the names have, an edit distance that stops past its limit,
// and rankNear with its falling limit, given only the names about as long
// (aboutAsLong over a list sorted by length) and their letter masks,
// answer as the full walks did.
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
	masks := make([]uint64, len(byLength))
	for i, n := range byLength {
		masks[i] = letterMask(n)
	}
	for range 2000 {
		a, b := word(), word()
		limit := r.IntN(6)
		if got, want := index.EditDistanceWithin(a, b, limit), min(editDistanceByTable(a, b), limit+1); got != want {
			t.Fatalf("EditDistanceWithin(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
		if got, want := index.EditDistance(a, b), editDistanceByTable(a, b); got != want {
			t.Fatalf("EditDistance(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
	for range 300 {
		name := "a" + word()
		lo, hi := aboutAsLong(byLength, name)
		want := rankNearByAllNames(name, names, 9)
		if got := rankNear(name, names, nil, 9); !reflect.DeepEqual(got, want) {
			t.Fatalf("near %q: %v with a falling limit, %v by every name's distance", name, got, want)
		}
		if got := rankNear(name, byLength[lo:hi], nil, 9); !reflect.DeepEqual(got, want) {
			t.Fatalf("near %q: %v from the names about as long, %v from all", name, got, want)
		}
		if got := rankNear(name, byLength[lo:hi], masks[lo:hi], 9); !reflect.DeepEqual(got, want) {
			t.Fatalf("near %q: %v with the letter masks, %v without", name, got, want)
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

// oneEditAwayByStrings is eachOneEdit as the plain walk it replaced wrote
// it, a string each.
func oneEditAwayByStrings(s string) []string {
	var out []string
	for i := 0; i < len(s); i++ {
		out = append(out, s[:i]+s[i+1:])
		if i+1 < len(s) && s[i] != s[i+1] {
			out = append(out, s[:i]+s[i+1:i+2]+s[i:i+1]+s[i+2:])
		}
		for j := 0; j < len(nameAlphabet); j++ {
			if c := nameAlphabet[j]; c != s[i] {
				out = append(out, s[:i]+string(c)+s[i+1:])
			}
		}
	}
	for i := 0; i <= len(s); i++ {
		for j := 0; j < len(nameAlphabet); j++ {
			out = append(out, s[:i]+nameAlphabet[j:j+1]+s[i:])
		}
	}
	return out
}

// TestSlipSearchShortcutsKeepTheAnswer: eachOneEdit visits the strings the
// plain walk listed, in its order, and stops where visit says; the name
// filter lets every name through and turns most other strings away.
func TestSlipSearchShortcutsKeepTheAnswer(t *testing.T) {
	for _, s := range []string{"", "a", "aa", "tableview", "uicolor_9"} {
		var got []string
		eachOneEdit(s, func(c []byte) bool { got = append(got, string(c)); return false })
		if want := oneEditAwayByStrings(s); !reflect.DeepEqual(got, want) {
			t.Fatalf("eachOneEdit(%q) visited %d strings, want the %d of the plain walk in order", s, len(got), len(want))
		}
		if len(got) > 3 {
			var stopped []string
			eachOneEdit(s, func(c []byte) bool { stopped = append(stopped, string(c)); return len(stopped) == 3 })
			if !reflect.DeepEqual(stopped, got[:3]) {
				t.Fatalf("eachOneEdit(%q) went on after visit said stop: %v", s, stopped)
			}
		}
	}
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		b := make([]byte, 4+r.IntN(12))
		for i := range b {
			b[i] = nameAlphabet[r.IntN(len(nameAlphabet))]
		}
		return string(b)
	}
	names := make([]string, 20000)
	for i := range names {
		names[i] = word()
	}
	f := newNameFilter(names)
	for _, n := range names {
		if !f.mayHave([]byte(n)) {
			t.Fatalf("the filter turned the name %q away", n)
		}
	}
	passed := 0
	for range 20000 {
		if f.mayHave([]byte(word() + "x")) {
			passed++
		}
	}
	if passed > 400 {
		t.Fatalf("the filter let %d of 20,000 strings that are no name through, want about 1%%", passed)
	}
}

// TestNearestNamesTheSwiftNameOfAnObjectiveCName: an unknown name that is
// a symbol's Objective-C name (`addChildViewController`) offers that
// symbol's page first, from an index saved with the name.
func TestNearestNamesTheSwiftNameOfAnObjectiveCName(t *testing.T) {
	path := filepath.Join(t.TempDir(), "search.db")
	b, err := index.Create(path, index.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []*document.Document{
		{URI: "apple-docs://uikit/uiviewcontroller", Source: document.SourceAppleDocs, Framework: "uikit", Title: "UIViewController", Kind: "class", Language: "swift"},
		{URI: "apple-docs://uikit/uiviewcontroller/addchild(_:)", Source: document.SourceAppleDocs, Framework: "uikit", Title: "addChild(_:)",
			Kind: "method", Language: "swift", Parent: "apple-docs://uikit/uiviewcontroller", ObjCName: "addChildViewController:"},
		{URI: "apple-docs://uikit/uiviewcontroller/children", Source: document.SourceAppleDocs, Framework: "uikit", Title: "children",
			Kind: "property", Language: "swift", Parent: "apple-docs://uikit/uiviewcontroller"},
	} {
		if err := b.Put(d); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
	table, err := OpenIndexTable(path)
	if err != nil {
		t.Fatal(err)
	}
	defer table.Close()
	near, err := table.Nearest("addChildViewController", 3)
	if err != nil || len(near) == 0 || near[0].Name != "addChild(_:)" || near[0].URI != "apple-docs://uikit/uiviewcontroller/addchild(_:)" {
		t.Errorf("nearest to addChildViewController: %+v, %v", near, err)
	}
}
