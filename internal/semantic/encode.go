package semantic

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// The stored model: magic, Dim (uint16), word count (uint32), then per word,
// in byte order of the words, its length (uint8), bytes, SIF weight
// (float32) and int8 vector (127 for 1), then the principal component (Dim
// float32). Little-endian throughout. The order lets a decoded model find a
// word by binary search over the entries as stored. Models written before
// the order ("CSEM1", frequency order) still decode.
const (
	magic         = "CSEM2"
	magicUnsorted = "CSEM1"
)

// ErrCorrupt means a stored model or matrix does not decode.
var ErrCorrupt = errors.New("semantic model is corrupt")

// Encode serialises the model for the index.
func (m *Model) Encode() []byte {
	entries := m.entries
	count := len(m.offsets)
	if m.words != nil {
		words := make([]string, 0, len(m.words))
		for w := range m.words {
			if len(w) <= 255 {
				words = append(words, w)
			}
		}
		slices.Sort(words)
		entries, count = nil, len(words)
		for _, w := range words {
			i := m.words[w]
			entries = append(entries, byte(len(w)))
			entries = append(entries, w...)
			entries = binary.LittleEndian.AppendUint32(entries, math.Float32bits(m.weights[i]))
			entries = append(entries, Quantize(m.vectors[i])...)
		}
	}
	out := []byte(magic)
	out = binary.LittleEndian.AppendUint16(out, Dim)
	out = binary.LittleEndian.AppendUint32(out, uint32(count))
	out = append(out, entries...)
	pc := m.pc
	if len(pc) != Dim {
		pc = make([]float32, Dim)
	}
	for _, x := range pc {
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(x))
	}
	return out
}

// Decode reads a model Encode wrote.
func Decode(b []byte) (*Model, error) {
	if len(b) < len(magic)+6 {
		return nil, fmt.Errorf("%w: bad header", ErrCorrupt)
	}
	sorted := string(b[:len(magic)]) == magic
	if !sorted && string(b[:len(magic)]) != magicUnsorted {
		return nil, fmt.Errorf("%w: bad header", ErrCorrupt)
	}
	b = b[len(magic):]
	if binary.LittleEndian.Uint16(b) != Dim {
		return nil, fmt.Errorf("%w: dimension %d, want %d", ErrCorrupt, binary.LittleEndian.Uint16(b), Dim)
	}
	n := int(binary.LittleEndian.Uint32(b[2:]))
	b = b[6:]
	if n > len(b) {
		return nil, fmt.Errorf("%w: %d words in %d bytes", ErrCorrupt, n, len(b))
	}
	m := &Model{offsets: make([]uint32, n)}
	at := 0
	for i := range n {
		if len(b) < at+1 || len(b) < at+1+int(b[at])+4+Dim {
			return nil, fmt.Errorf("%w: word %d truncated", ErrCorrupt, i)
		}
		m.offsets[i] = uint32(at)
		at += 1 + int(b[at]) + 4 + Dim
	}
	if len(b)-at != 4*Dim {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrCorrupt, len(b)-at-4*Dim)
	}
	m.entries = b[:at]
	m.pc = make([]float32, Dim)
	for d := range Dim {
		m.pc[d] = math.Float32frombits(binary.LittleEndian.Uint32(b[at+4*d:]))
	}
	if !sorted {
		sort.Slice(m.offsets, func(i, j int) bool { return bytes.Compare(m.word(m.offsets[i]), m.word(m.offsets[j])) < 0 })
		var entries []byte
		for i, off := range m.offsets {
			m.offsets[i] = uint32(len(entries))
			entries = append(entries, m.entries[off:off+1+uint32(m.entries[off])+4+Dim]...)
		}
		m.entries = entries
	}
	for i := 1; i < n; i++ {
		if bytes.Compare(m.word(m.offsets[i-1]), m.word(m.offsets[i])) >= 0 {
			return nil, fmt.Errorf("%w: words out of order at %d", ErrCorrupt, i)
		}
	}
	return m, nil
}

// word is the word of the entry at off.
func (m *Model) word(off uint32) []byte {
	return m.entries[off+1 : off+1+uint32(m.entries[off])]
}

// lookup finds a word: its weight and its vector, float for a trained
// model, stored int8 for a decoded one.
func (m *Model) lookup(w string) (weight float32, vec []float32, stored []byte, ok bool) {
	if m.words != nil {
		i, ok := m.words[w]
		if !ok {
			return 0, nil, nil, false
		}
		return m.weights[i], m.vectors[i], nil, true
	}
	key := []byte(w)
	i := sort.Search(len(m.offsets), func(i int) bool { return bytes.Compare(m.word(m.offsets[i]), key) >= 0 })
	if i == len(m.offsets) || !bytes.Equal(m.word(m.offsets[i]), key) {
		return 0, nil, nil, false
	}
	at := m.offsets[i] + 1 + uint32(len(key))
	return math.Float32frombits(binary.LittleEndian.Uint32(m.entries[at:])), nil, m.entries[at+4 : at+4+Dim], true
}

// Matrix is a set of quantised document vectors searched by brute force.
type Matrix struct {
	IDs     []int64
	Vectors []byte // len(IDs)*Dim
}

// EncodeMatrix serialises a matrix: count (uint32), ids (int64 each), then
// the vectors.
func (x *Matrix) Encode() []byte {
	out := binary.LittleEndian.AppendUint32(nil, uint32(len(x.IDs)))
	for _, id := range x.IDs {
		out = binary.LittleEndian.AppendUint64(out, uint64(id))
	}
	return append(out, x.Vectors...)
}

// DecodeMatrix reads a matrix Encode wrote.
func DecodeMatrix(b []byte) (*Matrix, error) {
	if len(b) < 4 {
		return nil, fmt.Errorf("%w: matrix header", ErrCorrupt)
	}
	n := int(binary.LittleEndian.Uint32(b))
	if len(b) != 4+n*(8+Dim) {
		return nil, fmt.Errorf("%w: matrix of %d rows in %d bytes", ErrCorrupt, n, len(b))
	}
	x := &Matrix{IDs: make([]int64, n)}
	for i := range n {
		x.IDs[i] = int64(binary.LittleEndian.Uint64(b[4+8*i:]))
	}
	x.Vectors = b[4+8*n:]
	return x, nil
}

// nearestBlock is how many rows' products Nearest takes at a time.
const nearestBlock = 512

// Nearest returns the indexes of the k rows most similar to q, best first,
// with their similarities.
func (x *Matrix) Nearest(q []byte, k int) ([]int, []float32) {
	type hit struct {
		i int
		s float32
	}
	if k <= 0 {
		return nil, nil
	}
	top := make([]hit, 0, k+1)
	// The products are taken a block of rows at a time (dots), then
	// ranked.
	var block [nearestBlock]int32
	for start := 0; start < len(x.IDs); start += nearestBlock {
		sums := block[:min(nearestBlock, len(x.IDs)-start)]
		dots(q, x.Vectors[start*Dim:], sums)
		for j, sum := range sums {
			i, s := start+j, float32(sum)/(127*127)
			if len(top) == k && s <= top[k-1].s {
				continue
			}
			at := len(top)
			top = append(top, hit{i, s})
			for at > 0 && top[at-1].s < s {
				top[at] = top[at-1]
				at--
			}
			top[at] = hit{i, s}
			if len(top) > k {
				top = top[:k]
			}
		}
	}
	idx := make([]int, len(top))
	sims := make([]float32, len(top))
	for i, h := range top {
		idx[i], sims[i] = h.i, h.s
	}
	return idx, sims
}

// EachWord calls fn with each word the model knows and its weight (the
// smaller, the more common the word), in no set order for a trained model
// and in byte order for a decoded one.
func (m *Model) EachWord(fn func(w string, weight float32)) {
	if m == nil {
		return
	}
	if m.words != nil {
		for w, i := range m.words {
			fn(w, m.weights[i])
		}
		return
	}
	for _, off := range m.offsets {
		w := m.word(off)
		at := off + 1 + uint32(len(w))
		fn(string(w), math.Float32frombits(binary.LittleEndian.Uint32(m.entries[at:])))
	}
}
