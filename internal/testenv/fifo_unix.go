//go:build unix

package testenv

import (
	"syscall"
	"testing"
)

// Mkfifo makes a FIFO at path, creating the folders above it, and returns
// path: a file whose open or read blocks, for tests of code that must
// refuse it. It fails the test on any error.
func Mkfifo(tb testing.TB, path string) string {
	tb.Helper()
	return makeAt(tb, path, func() error { return syscall.Mkfifo(path, 0o644) })
}
