//go:build amd64 && !purego

package semantic

import "golang.org/x/sys/cpu"

// useAVX2: the kernel below needs AVX2; without it the portable loop runs.
var useAVX2 = cpu.X86.HasAVX2

// dotsAVX2 writes to out[0..n) the dot products of the Dim int8 values at q
// with each of the n rows of Dim int8 values at rows (dot_amd64.s).
//
//go:noescape
func dotsAVX2(q *byte, rows *byte, n int, out *int32)

// dots writes to out the integer dot product of q (Dim values) with each
// of len(out) rows of rows. A prose query scans the whole matrix (22,337
// rows on the full index): the portable loop took 76 ns a row, the AVX2
// kernel, which widens 16 values at a time and multiplies and adds them in
// pairs, about a tenth of it.
func dots(q, rows []byte, out []int32) {
	if len(out) == 0 {
		return
	}
	if useAVX2 && len(q) >= Dim && len(rows) >= len(out)*Dim {
		dotsAVX2(&q[0], &rows[0], len(out), &out[0])
		return
	}
	dotsGeneric(q, rows, out)
}

// The kernel reads exactly 96 values a row: a change of Dim must change it.
var (
	_ [Dim - 96]struct{}
	_ [96 - Dim]struct{}
)
