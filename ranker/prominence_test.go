package ranker

import (
	"math"
	"testing"
)

// TestProminenceIsBoundedAndMonotonic: more use never costs a page, no use
// changes nothing, and no amount of use gains more than prominenceWeight.
func TestProminenceIsBoundedAndMonotonic(t *testing.T) {
	s := &search{uses: map[int64]int{1: 0, 2: 3, 3: 100, 4: 400, 5: 50_000}}
	factor := func(id int64) float64 {
		sc := Score{Base: 1, product: 1}
		s.prominence(&sc, &candidate{id: id})
		return sc.Value()
	}
	if got := factor(1); got != 1 {
		t.Errorf("a type no code uses: score %v, want 1", got)
	}
	prev := 1.0
	for id := int64(2); id <= 5; id++ {
		got := factor(id)
		if got <= prev {
			t.Errorf("uses %d: score %v, not above %v for fewer uses", s.uses[id], got, prev)
		}
		if got > 1+prominenceWeight+1e-9 {
			t.Errorf("uses %d: score %v, above the cap %v", s.uses[id], got, 1+prominenceWeight)
		}
		prev = got
	}
	if got := factor(5); math.Abs(got-(1+prominenceWeight)) > 1e-9 {
		t.Errorf("saturated use: score %v, want %v", got, 1+prominenceWeight)
	}
}

// TestProminenceReadsOnlyFilteredWords: prominence orders a filtered
// common word, never a name, a request of three words or more, or an unfiltered search.
func TestProminenceReadsOnlyFilteredWords(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    search
		want bool
	}{
		{"filtered word", search{q: &Query{Keywords: []string{"controller"}}, filter: requestFilter{f: Filters{Framework: "uikit"}}}, true},
		{"filtered two words", search{q: &Query{Keywords: []string{"date", "picker"}}, filter: requestFilter{f: Filters{Kind: "struct"}}}, true},
		{"unfiltered", search{q: &Query{Keywords: []string{"controller"}}}, false},
		{"identifier", search{q: &Query{Keywords: []string{"uiviewcontroller"}}, filter: requestFilter{f: Filters{Framework: "uikit"}}, identifier: true}, false},
		{"two words read as prose", search{q: &Query{Keywords: []string{"pan", "gesture"}, Prose: true}, filter: requestFilter{f: Filters{Framework: "uikit"}}}, true},
		{"request", search{q: &Query{Keywords: []string{"present", "modal", "controller"}, Prose: true}, filter: requestFilter{f: Filters{Framework: "uikit"}}}, false},
		{"long", search{q: &Query{Keywords: []string{"a", "b", "c"}}, filter: requestFilter{f: Filters{Framework: "uikit"}}}, false},
	} {
		if got := tc.s.prominenceApplies(); got != tc.want {
			t.Errorf("%s: prominenceApplies = %v, want %v", tc.name, got, tc.want)
		}
	}
}
