//go:build !amd64 || purego

package semantic

// dots writes to out the integer dot product of q (Dim values) with each
// of len(out) rows of rows.
func dots(q, rows []byte, out []int32) { dotsGeneric(q, rows, out) }
