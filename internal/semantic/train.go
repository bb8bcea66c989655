package semantic

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
)

// Training bounds, chosen so a full save trains in seconds.
const (
	// maxVocab keeps the most frequent words.
	maxVocab = 24000
	// minCount drops words seen fewer times: their co-occurrences are noise.
	minCount = 3
	// window is how many words on each side count as context.
	window = 5
	// smoothing is the context-distribution exponent of PPMI.
	smoothing = 0.75
	// oversample widens the randomized sketch beyond Dim.
	oversample = 12
	// seed fixes the sketch, so a save is reproducible.
	seed = 20261124
	// minVocab is the smallest vocabulary worth factorising; below Dim
	// words the vectors have fewer dimensions, the rest zero.
	minVocab = 8
)

// ErrTooSmall means the corpus has too few words to learn from.
var ErrTooSmall = errors.New("corpus too small to train word vectors")

// Train learns a Model from texts (each a title and abstract), in order.
func Train(texts [][]string) (*Model, error) {
	counts := map[string]int{}
	for _, t := range texts {
		for _, w := range t {
			counts[w]++
		}
	}
	vocab := make([]string, 0, len(counts))
	for w, n := range counts {
		if n >= minCount {
			vocab = append(vocab, w)
		}
	}
	sort.Slice(vocab, func(i, j int) bool {
		if counts[vocab[i]] != counts[vocab[j]] {
			return counts[vocab[i]] > counts[vocab[j]]
		}
		return vocab[i] < vocab[j]
	})
	if len(vocab) > maxVocab {
		vocab = vocab[:maxVocab]
	}
	if len(vocab) < minVocab {
		return nil, ErrTooSmall
	}
	index := make(map[string]int, len(vocab))
	for i, w := range vocab {
		index[w] = i
	}
	m := cooccurrence(texts, index)
	m.ppmi()

	vectors := m.factorize()
	total := 0
	for _, w := range vocab {
		total += counts[w]
	}
	model := &Model{words: index, weights: make([]float32, len(vocab)), vectors: vectors}
	for i, w := range vocab {
		p := float64(counts[w]) / float64(total)
		model.weights[i] = float32(sifA / (sifA + p))
	}
	model.pc = model.principalComponent(texts)
	return model, nil
}

// sparse is a symmetric co-occurrence matrix in compressed rows.
type sparse struct {
	n    int
	rows []map[int32]float32
	ptr  []int
	col  []int32
	val  []float32
}

func cooccurrence(texts [][]string, index map[string]int) *sparse {
	m := &sparse{n: len(index), rows: make([]map[int32]float32, len(index))}
	ids := make([]int, 0, 64)
	for _, t := range texts {
		ids = ids[:0]
		for _, w := range t {
			if i, ok := index[w]; ok {
				ids = append(ids, i)
			}
		}
		for a, i := range ids {
			for b := a + 1; b < len(ids) && b <= a+window; b++ {
				j := ids[b]
				if i == j {
					continue
				}
				weight := 1 / float32(b-a) // nearer words count more
				m.add(i, j, weight)
				m.add(j, i, weight)
			}
		}
	}
	// Compress in row order, columns sorted: a fixed layout for a fixed
	// result.
	m.ptr = make([]int, m.n+1)
	for i, row := range m.rows {
		cols := make([]int32, 0, len(row))
		for c := range row {
			cols = append(cols, c)
		}
		slices.Sort(cols)
		for _, c := range cols {
			m.col = append(m.col, c)
			m.val = append(m.val, row[c])
		}
		m.ptr[i+1] = len(m.col)
		m.rows[i] = nil
	}
	m.rows = nil
	return m
}

func (m *sparse) add(i, j int, w float32) {
	if m.rows[i] == nil {
		m.rows[i] = map[int32]float32{}
	}
	m.rows[i][int32(j)] += w
}

// ppmi replaces counts by positive PMI with smoothed context probabilities.
func (m *sparse) ppmi() {
	rowSum := make([]float64, m.n)
	var total float64
	for i := range m.n {
		for k := m.ptr[i]; k < m.ptr[i+1]; k++ {
			rowSum[i] += float64(m.val[k])
		}
		total += rowSum[i]
	}
	ctx := make([]float64, m.n)
	var ctxTotal float64
	for i, s := range rowSum {
		ctx[i] = math.Pow(s, smoothing)
		ctxTotal += ctx[i]
	}
	for i := range m.n {
		for k := m.ptr[i]; k < m.ptr[i+1]; k++ {
			j := m.col[k]
			pmi := math.Log(float64(m.val[k]) / total / (rowSum[i] / total * ctx[j] / ctxTotal))
			m.val[k] = float32(max(0, pmi))
		}
	}
}

// mul computes out = M·x for a dense n×k matrix x (row-major).
func (m *sparse) mul(x []float64, k int) []float64 {
	out := make([]float64, m.n*k)
	for i := range m.n {
		o := out[i*k : (i+1)*k]
		for p := m.ptr[i]; p < m.ptr[i+1]; p++ {
			v := float64(m.val[p])
			xr := x[int(m.col[p])*k : (int(m.col[p])+1)*k]
			for c := range k {
				o[c] += v * xr[c]
			}
		}
	}
	return out
}

// factorize returns each word's row of U·Σ^½ from a randomized SVD of the
// symmetric matrix, normalised.
func (m *sparse) factorize() [][]float32 {
	k := min(Dim+oversample, m.n)
	dims := min(Dim, k)
	rng := rand.New(rand.NewPCG(seed, seed>>1))
	omega := make([]float64, m.n*k)
	for i := range omega {
		omega[i] = rng.NormFloat64()
	}
	y := m.mul(omega, k)
	orthonormalize(y, m.n, k)
	y = m.mul(y, k) // one power iteration sharpens the spectrum
	orthonormalize(y, m.n, k)
	q := y
	// B = Qᵀ·M = (M·Q)ᵀ, since M is symmetric; C = B·Bᵀ is k×k.
	mq := m.mul(q, k)
	c := make([]float64, k*k)
	for i := range m.n {
		row := mq[i*k : (i+1)*k]
		for a := range k {
			for b := a; b < k; b++ {
				c[a*k+b] += row[a] * row[b]
			}
		}
	}
	for a := range k {
		for b := range a {
			c[a*k+b] = c[b*k+a]
		}
	}
	eigval, eigvec := jacobi(c, k)
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return eigval[order[a]] > eigval[order[b]] })
	vectors := make([][]float32, m.n)
	for i := range m.n {
		qr := q[i*k : (i+1)*k]
		v := make([]float32, Dim)
		for d := range dims {
			e := order[d]
			var u float64
			for a := range k {
				u += qr[a] * eigvec[a*k+e]
			}
			// singular value σ = sqrt(eigenvalue of B·Bᵀ); weight σ^½.
			v[d] = float32(u * math.Pow(math.Max(eigval[e], 0), 0.25))
		}
		normalize(v)
		vectors[i] = v
	}
	return vectors
}

// orthonormalize makes the k columns of the n×k matrix a orthonormal
// (modified Gram–Schmidt, twice for stability).
func orthonormalize(a []float64, n, k int) {
	for range 2 {
		for j := range k {
			for p := range j {
				var dot float64
				for i := range n {
					dot += a[i*k+j] * a[i*k+p]
				}
				for i := range n {
					a[i*k+j] -= dot * a[i*k+p]
				}
			}
			var norm float64
			for i := range n {
				norm += a[i*k+j] * a[i*k+j]
			}
			norm = math.Sqrt(norm)
			if norm == 0 {
				continue
			}
			for i := range n {
				a[i*k+j] /= norm
			}
		}
	}
}

// jacobi returns the eigenvalues and eigenvectors (columns) of a symmetric
// k×k matrix by cyclic Jacobi rotations.
func jacobi(a []float64, k int) ([]float64, []float64) {
	v := make([]float64, k*k)
	for i := range k {
		v[i*k+i] = 1
	}
	for sweep := 0; sweep < 60; sweep++ {
		var off float64
		for p := range k {
			for q := p + 1; q < k; q++ {
				off += a[p*k+q] * a[p*k+q]
			}
		}
		if off < 1e-18 {
			break
		}
		for p := range k {
			for q := p + 1; q < k; q++ {
				apq := a[p*k+q]
				if math.Abs(apq) < 1e-300 {
					continue
				}
				theta := (a[q*k+q] - a[p*k+p]) / (2 * apq)
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				for r := range k {
					arp, arq := a[r*k+p], a[r*k+q]
					a[r*k+p] = c*arp - s*arq
					a[r*k+q] = s*arp + c*arq
				}
				for r := range k {
					apr, aqr := a[p*k+r], a[q*k+r]
					a[p*k+r] = c*apr - s*aqr
					a[q*k+r] = s*apr + c*aqr
				}
				for r := range k {
					vrp, vrq := v[r*k+p], v[r*k+q]
					v[r*k+p] = c*vrp - s*vrq
					v[r*k+q] = s*vrp + c*vrq
				}
			}
		}
	}
	val := make([]float64, k)
	for i := range k {
		val[i] = a[i*k+i]
	}
	return val, v
}

// principalComponent is the first principal component of the texts' SIF
// vectors (power iteration from a fixed start), which SIF removes.
func (m *Model) principalComponent(texts [][]string) []float32 {
	var vecs [][]float32
	for i, t := range texts {
		if i%4 != 0 { // a sample is enough for one direction
			continue
		}
		if v := m.Embed(t); v != nil {
			vecs = append(vecs, v)
		}
	}
	pc := make([]float32, Dim)
	for i := range pc {
		pc[i] = 1
	}
	normalize(pc)
	for range 20 {
		next := make([]float32, Dim)
		for _, v := range vecs {
			var p float32
			for i := range v {
				p += v[i] * pc[i]
			}
			for i := range v {
				next[i] += p * v[i]
			}
		}
		if !normalize(next) {
			return nil
		}
		pc = next
	}
	return pc
}
