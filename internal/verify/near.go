package verify

import (
	"sort"

	"github.com/cupertino-go/cupertino/index"
)

// nearLimit is the largest edit distance that still reads as a slip: a
// third of the name, at least two.
func nearLimit(name string) int { return max(2, len(name)/3) }

// rankNear orders names by edit distance to name, keeping at most n within a distance
// that still reads as a slip: a third of the name.
func rankNear(name string, names []string, n int) []string {
	limit := nearLimit(name)
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	for _, c := range names {
		if c == name || max(len(c)-len(name), len(name)-len(c)) > limit || c[0] != name[0] || bagDistance(name, c) > limit {
			continue
		}
		if d := index.EditDistance(name, c); d <= limit {
			hits = append(hits, scored{c, d})
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

// nameAlphabet is what a lowercased Swift name is spelt with.
const nameAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789_"

// oneEditAway lists the strings one edit from s: each letter dropped,
// two neighbours swapped, a letter changed or added. For a 15-letter name
// that is about 1,200 strings, each a map lookup.
func oneEditAway(s string) []string {
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

// bagDistance is a lower bound of the edit distance that costs one pass:
// the letters one name has beyond the other, counted both ways, the larger.
func bagDistance(a, b string) int {
	// Only the letters of a and b are counted and read back, each once
	// (its count is cleared when read): walking all 256 counts cost more
	// than the rest of a near-name search.
	var counts [256]int32
	for i := 0; i < len(a); i++ {
		counts[a[i]]++
	}
	for i := 0; i < len(b); i++ {
		counts[b[i]]--
	}
	more, fewer := 0, 0
	for _, s := range [2]string{a, b} {
		for i := 0; i < len(s); i++ {
			c := int(counts[s[i]])
			counts[s[i]] = 0
			if c > 0 {
				more += c
			} else {
				fewer -= c
			}
		}
	}
	return max(more, fewer)
}
