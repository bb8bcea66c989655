package verify

import (
	"hash/maphash"
	"math/bits"
	"sort"

	"github.com/cupertino-go/cupertino/index"
)

// nearLimit is the largest edit distance that still reads as a slip: a
// third of the name, at least two.
func nearLimit(name string) int { return max(2, len(name)/3) }

// rankNear orders names by edit distance to name, keeping at most n within a distance
// that still reads as a slip: a third of the name. masks, when given, holds
// each name's letterMask: most names are then ruled out by two population
// counts, before bagDistance reads their letters. Once n names are found,
// the limit falls to the farthest of them (a name farther away could not
// enter), so that the filters rule out more of the rest; a long name's
// third is seven edits or more, which all but the mask let through.
func rankNear(name string, names []string, masks []uint64, n int) []string {
	if n <= 0 {
		return nil
	}
	limit := nearLimit(name)
	own := letterMask(name)
	var hits []nearHit // the best n so far, nearest first, then by name
	for i, c := range names {
		if masks != nil && (bits.OnesCount64(own&^masks[i]) > limit || bits.OnesCount64(masks[i]&^own) > limit) {
			continue
		}
		if c == name || max(len(c)-len(name), len(name)-len(c)) > limit || c[0] != name[0] || bagDistance(name, c) > limit {
			continue
		}
		d := index.EditDistanceWithin(name, c, limit)
		if d > limit {
			continue
		}
		at := sort.Search(len(hits), func(k int) bool {
			return hits[k].d > d || hits[k].d == d && hits[k].name > c
		})
		if at == n {
			continue
		}
		if len(hits) < n {
			hits = append(hits, nearHit{})
		}
		copy(hits[at+1:], hits[at:])
		hits[at] = nearHit{c, d}
		if len(hits) == n {
			limit = hits[n-1].d
		}
	}
	var out []string
	for _, h := range hits {
		out = append(out, h.name)
	}
	return out
}

// nearHit is a name rankNear keeps, with its edit distance.
type nearHit struct {
	name string
	d    int
}

// letterMask is the set of a name's letters, a bit each (a byte's low six
// bits: letters that share a bit make the set smaller, never larger). The
// letters one name has and another lacks each cost at least one edit, so
// the count of bits one mask has beyond the other is at most bagDistance.
func letterMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		m |= 1 << (s[i] & 63)
	}
	return m
}

// nameAlphabet is what a lowercased Swift name is spelt with.
const nameAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789_"

// eachOneEdit calls visit with each string one edit from s: each letter
// dropped, two neighbours swapped, a letter changed or added, in that
// order, until visit returns true. For a 15-letter name that is about 1,200
// strings; each is built in one buffer that visit may only read during the
// call, so that the strings no name has cost no allocation.
func eachOneEdit(s string, visit func(candidate []byte) bool) {
	buf := make([]byte, 0, len(s)+1)
	for i := 0; i < len(s); i++ {
		if visit(append(append(buf[:0], s[:i]...), s[i+1:]...)) {
			return
		}
		if i+1 < len(s) && s[i] != s[i+1] {
			if visit(append(append(append(buf[:0], s[:i]...), s[i+1], s[i]), s[i+2:]...)) {
				return
			}
		}
		buf = append(buf[:0], s...)
		for j := 0; j < len(nameAlphabet); j++ {
			if c := nameAlphabet[j]; c != s[i] {
				buf[i] = c
				if visit(buf) {
					return
				}
			}
		}
	}
	for i := 0; i <= len(s); i++ {
		buf = append(append(buf[:0], s[:i]...), 0)
		buf = append(buf, s[i:]...)
		for j := 0; j < len(nameAlphabet); j++ {
			buf[i] = nameAlphabet[j]
			if visit(buf) {
				return
			}
		}
	}
}

// nameFilter answers "certainly not a name" for most of the strings a slip
// search tries, from a bit array of a few bits a name (a Bloom filter): the
// set of every name is a map of hundreds of thousands of strings, each
// lookup in it a miss of the CPU's caches, and a slip search tries about
// 1,200 strings, nearly none of them names. A string it lets through is
// looked up in the set; it never turns a name away.
type nameFilter struct {
	seed maphash.Seed
	bits []uint64
}

// nameFilterBitsPerName with nameFilterProbes lets about one string in a
// hundred that is no name through.
const (
	nameFilterBitsPerName = 12
	nameFilterProbes      = 3
)

func newNameFilter(names []string) *nameFilter {
	size := 64
	for size < len(names)*nameFilterBitsPerName {
		size <<= 1
	}
	f := &nameFilter{seed: maphash.MakeSeed(), bits: make([]uint64, size/64)}
	for _, name := range names {
		f.each(maphash.String(f.seed, name), func(word int, bit uint64) bool {
			f.bits[word] |= bit
			return true
		})
	}
	return f
}

// mayHave is false when no name is s.
func (f *nameFilter) mayHave(s []byte) bool {
	return f.each(maphash.Bytes(f.seed, s), func(word int, bit uint64) bool { return f.bits[word]&bit != 0 })
}

// each calls probe with the word and bit of each of a hash's probes
// (double hashing), while it returns true; it reports whether all did.
func (f *nameFilter) each(h uint64, probe func(word int, bit uint64) bool) bool {
	mask := uint64(len(f.bits)*64 - 1)
	step := h>>32 | 1
	for i := uint64(0); i < nameFilterProbes; i++ {
		at := (h + i*step) & mask
		if !probe(int(at/64), 1<<(at%64)) {
			return false
		}
	}
	return true
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
