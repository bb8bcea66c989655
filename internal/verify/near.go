package verify

import "sort"

// nearLimit is the largest edit distance that still reads as a slip: a
// third of the name, at least two.
func nearLimit(name string) int { return max(2, len(name)/3) }

// rankNear orders names by edit distance to name (optimal string alignment,
// so a swap of two letters costs one), keeping at most n within a distance
// that still reads as a slip: a third of the name.
func rankNear(name string, names []string, n int) []string {
	limit := nearLimit(name)
	type scored struct {
		name string
		d    int
	}
	var hits []scored
	for _, c := range names {
		if c == name || abs(len(c)-len(name)) > limit || c[0] != name[0] || bagDistance(name, c) > limit {
			continue
		}
		if d := editDistance(name, c); d <= limit {
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

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// editDistance is the optimal string alignment distance over bytes.
func editDistance(a, b string) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
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
