package semantic

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// The stored model: magic, Dim (uint16), word count (uint32), then per word
// its length (uint8), bytes, SIF weight (float32) and int8 vector, then the
// principal component (Dim float32). Little-endian throughout.
const magic = "CSEM1"

// ErrCorrupt means a stored model or matrix does not decode.
var ErrCorrupt = errors.New("semantic model is corrupt")

// Encode serialises the model for the index.
func (m *Model) Encode() []byte {
	words := make([]string, len(m.words))
	for w, i := range m.words {
		words[i] = w
	}
	out := []byte(magic)
	out = binary.LittleEndian.AppendUint16(out, Dim)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(words)))
	for i, w := range words {
		if len(w) > 255 {
			w = w[:255]
		}
		out = append(out, byte(len(w)))
		out = append(out, w...)
		out = binary.LittleEndian.AppendUint32(out, math.Float32bits(m.weights[i]))
		out = append(out, Quantize(m.vectors[i])...)
	}
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
	if len(b) < len(magic)+6 || string(b[:len(magic)]) != magic {
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
	m := &Model{words: make(map[string]int, n), weights: make([]float32, n), vectors: make([][]float32, n)}
	// One slab for every vector: decoding runs on a server's first
	// request, where thousands of small allocations show.
	slab := make([]float32, n*Dim)
	for i := range n {
		if len(b) < 1 || len(b) < 1+int(b[0])+4+Dim {
			return nil, fmt.Errorf("%w: word %d truncated", ErrCorrupt, i)
		}
		l := int(b[0])
		m.words[string(b[1:1+l])] = i
		b = b[1+l:]
		m.weights[i] = math.Float32frombits(binary.LittleEndian.Uint32(b))
		v := slab[i*Dim : (i+1)*Dim : (i+1)*Dim]
		for d := range Dim {
			v[d] = float32(int8(b[4+d])) / 127
		}
		m.vectors[i] = v
		b = b[4+Dim:]
	}
	if len(b) != 4*Dim {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrCorrupt, len(b))
	}
	m.pc = make([]float32, Dim)
	for d := range Dim {
		m.pc[d] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*d:]))
	}
	return m, nil
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
	for i := range x.IDs {
		s := Dot(q, x.Vectors[i*Dim:(i+1)*Dim])
		if len(top) == k && s <= top[k-1].s {
			continue
		}
		j := len(top)
		top = append(top, hit{i, s})
		for j > 0 && top[j-1].s < s {
			top[j] = top[j-1]
			j--
		}
		top[j] = hit{i, s}
		if len(top) > k {
			top = top[:k]
		}
	}
	idx := make([]int, len(top))
	sims := make([]float32, len(top))
	for i, h := range top {
		idx[i], sims[i] = h.i, h.s
	}
	return idx, sims
}
