package semantic

import (
	"math/rand/v2"
	"testing"
)

// TestDotsAgreeWithThePortableLoop: the kernel dots runs (AVX2 where the
// CPU has it) gives the portable loop's sums exactly, for random vectors,
// the extremes of int8 and every count of rows up to a few blocks.
func TestDotsAgreeWithThePortableLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	rows := make([]byte, 1100*Dim)
	for i := range rows {
		rows[i] = byte(r.IntN(256))
	}
	// Rows of all -128 and all 127 reach the largest sums of either sign.
	for i := range Dim {
		rows[i], rows[Dim+i] = 0x80, 0x7f
	}
	for _, q := range [][]byte{randomVector(r), extremeVector(0x80), extremeVector(0x7f)} {
		for _, n := range []int{0, 1, 2, 7, 513, 1100} {
			got, want := make([]int32, n), make([]int32, n)
			dots(q, rows, got)
			dotsGeneric(q, rows, want)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("n=%d row %d: dots %d, portable loop %d", n, i, got[i], want[i])
				}
			}
		}
		if got, want := Dot(q, rows[:Dim]), float32(dotInt(q, rows[:Dim]))/(127*127); got != want {
			t.Errorf("Dot = %v, want %v", got, want)
		}
	}
}

func randomVector(r *rand.Rand) []byte {
	v := make([]byte, Dim)
	for i := range v {
		v[i] = byte(r.IntN(256))
	}
	return v
}

func extremeVector(b byte) []byte {
	v := make([]byte, Dim)
	for i := range v {
		v[i] = b
	}
	return v
}
