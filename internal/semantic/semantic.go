// Package semantic is the search's semantic layer: word vectors learned from
// the corpus itself at save time, with no model downloaded and no network.
//
// Training (Train) reads every documentation page's title and abstract,
// splits CamelCase names into their words (ProgressView: progress, view),
// counts which words occur near which within a window, turns the counts
// into positive pointwise mutual information with context-distribution
// smoothing (α = 0.75), and factorises that matrix with a seeded randomized
// SVD (a Gaussian sketch, one power iteration, Gram–Schmidt, Jacobi on the
// small Gram matrix). A word's vector is its row of U·Σ^½, normalised. The
// random sketch is drawn from a fixed seed and every loop runs in a fixed
// order, so the same corpus gives the same vectors, byte for byte.
//
// A text's vector (Model.Embed) is the SIF-weighted mean of its words'
// vectors (weight a/(a+p(w)), a = 1e-3, so frequent words count little)
// with the corpus's first principal component removed, normalised and
// quantised to int8 for storage. Similarity is the dot product of two
// quantised vectors.
package semantic

import (
	"math"
	"strings"
	"unicode"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// Dim is the length of every vector.
const Dim = 96

// sifA is SIF's smoothing constant.
const sifA = 1e-3

// Model is what search needs at query time: the vocabulary with each word's
// SIF weight and vector, and the principal component removed from texts.
type Model struct {
	// A trained model: each word's index, SIF weight and vector (unit
	// length, Dim each).
	words   map[string]int
	weights []float32
	vectors [][]float32
	// A decoded model keeps its entries as Encode wrote them, in word
	// order (see encode.go), and finds a word by binary search: decoding
	// runs on a server's first request in words, and building a map of
	// the vocabulary there cost milliseconds.
	entries []byte
	offsets []uint32 // each word's entry in entries
	pc      []float32
}

// Words splits text into the lower-case words the model knows about:
// letters and digits, CamelCase split into parts (URLSession: url,
// session), with English function words dropped.
func Words(text string) []string {
	var out []string
	for _, field := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, part := range camelParts(field) {
			w := strings.ToLower(part)
			if len(w) >= 2 && !swiftlex.VectorStopWords[w] {
				out = append(out, w)
			}
		}
	}
	return out
}

// camelParts splits a name at case changes: UIViewController -> UI, View,
// Controller; isIdleTimerDisabled -> is, Idle, Timer, Disabled.
func camelParts(s string) []string {
	var parts []string
	start := 0
	runes := []rune(s)
	for i := 1; i < len(runes); i++ {
		prev, cur := runes[i-1], runes[i]
		next := rune(0)
		if i+1 < len(runes) {
			next = runes[i+1]
		}
		lowerToUpper := unicode.IsLower(prev) && unicode.IsUpper(cur)
		acronymEnd := unicode.IsUpper(prev) && unicode.IsUpper(cur) && next != 0 && unicode.IsLower(next)
		if lowerToUpper || acronymEnd {
			parts = append(parts, string(runes[start:i]))
			start = i
		}
	}
	return append(parts, string(runes[start:]))
}

// Embed returns the normalised vector of a text, or nil when it holds no
// known word.
func (m *Model) Embed(words []string) []float32 {
	if m == nil {
		return nil
	}
	v := make([]float32, Dim)
	n := 0
	for _, w := range words {
		wt, vec, stored, ok := m.lookup(w)
		if !ok {
			continue
		}
		if vec != nil {
			for d, x := range vec {
				v[d] += wt * x
			}
		} else {
			for d, x := range stored {
				v[d] += wt * (float32(int8(x)) / 127)
			}
		}
		n++
	}
	if n == 0 {
		return nil
	}
	removeComponent(v, m.pc)
	if !normalize(v) {
		return nil
	}
	return v
}

// Len is the number of words with a vector.
func (m *Model) Len() int {
	if m.words != nil {
		return len(m.words)
	}
	return len(m.offsets)
}

// Knows reports whether a word has a vector.
func (m *Model) Knows(w string) bool {
	if m == nil {
		return false
	}
	_, _, _, ok := m.lookup(w)
	return ok
}

// Quantize maps a unit vector to int8, 127 standing for 1.
func Quantize(v []float32) []byte {
	out := make([]byte, len(v))
	for i, x := range v {
		q := math.Round(float64(x) * 127)
		out[i] = byte(int8(max(-127, min(127, q))))
	}
	return out
}

// Dot is the similarity of two quantised vectors, in [-1, 1].
func Dot(a, b []byte) float32 {
	if len(a) == Dim && len(b) == Dim {
		var out [1]int32
		dots(a, b, out[:])
		return float32(out[0]) / (127 * 127)
	}
	return float32(dotInt(a, b)) / (127 * 127)
}

// dotsGeneric is dots in portable Go.
func dotsGeneric(q, rows []byte, out []int32) {
	for i := range out {
		out[i] = dotInt(q, rows[i*Dim:(i+1)*Dim])
	}
}

// dotInt is the integer dot product of two quantised vectors.
func dotInt(a, b []byte) int32 {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	var s0, s1, s2, s3 int32
	i := 0
	// Four sums at a time: the loop runs for every row of the matrix on
	// each prose query, and independent sums let the CPU overlap them.
	for ; i+4 <= n; i += 4 {
		x, y := a[i:i+4:i+4], b[i:i+4:i+4]
		s0 += int32(int8(x[0])) * int32(int8(y[0]))
		s1 += int32(int8(x[1])) * int32(int8(y[1]))
		s2 += int32(int8(x[2])) * int32(int8(y[2]))
		s3 += int32(int8(x[3])) * int32(int8(y[3]))
	}
	for ; i < n; i++ {
		s0 += int32(int8(a[i])) * int32(int8(b[i]))
	}
	return s0 + s1 + s2 + s3
}

func removeComponent(v, pc []float32) {
	if len(pc) != len(v) {
		return
	}
	var p float32
	for i := range v {
		p += v[i] * pc[i]
	}
	for i := range v {
		v[i] -= p * pc[i]
	}
}

func normalize(v []float32) bool {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	if s == 0 {
		return false
	}
	inv := float32(1 / math.Sqrt(s))
	for i := range v {
		v[i] *= inv
	}
	return true
}
