// Package testenv is what tests ask of their environment: whether they run
// under CI, where a built full index is, and where the real corpora and the
// search-quality batteries are. It is imported by tests only.
package testenv

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"strconv"
	"testing"
)

// FullIndexVar names the environment variable that points the tests at a
// search.db built from the whole real corpus (`make full-save` writes one to
// .cache/full/search.db; CI builds it with .ci/full-save and runs `make test`
// with the variable set, so every test that reads it runs there). It is the one
// name for "a built full index": ingest's and enrich's acceptance checks, the
// ranking goldens, the stemmer check, the serve benchmark, the query timings
// and .ci/inspector-check all read it.
const FullIndexVar = "CUPERTINO_DB"

// FullIndexDB returns the path in FullIndexVar. When the variable is unset
// the test is skipped with one line saying how to run it; when it names a
// file that does not exist the test fails, because a check that was asked
// for must not quietly not happen.
func FullIndexDB(tb testing.TB) string {
	tb.Helper()
	path := os.Getenv(FullIndexVar)
	if path == "" {
		tb.Skip(FullIndexVar + " not set: needs a built full index (make full-save, then " + FullIndexVar + "=$PWD/.cache/full/search.db)")
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		tb.Fatalf("%s=%s: no such file (make full-save builds .cache/full/search.db)", FullIndexVar, path)
	}
	return path
}

// InCI reports whether the tests run under CI: the CI environment variable
// is set to anything but a false value (CI systems set CI=true).
func InCI() bool {
	v := os.Getenv("CI")
	if v == "" {
		return false
	}
	if b, err := strconv.ParseBool(v); err == nil {
		return b
	}
	return true
}

// Closing is the tail of every "open X for the rest of the test" helper: it
// fails the test when opening failed and closes v when the test ends.
func Closing[T io.Closer](tb testing.TB, v T, err error) T {
	tb.Helper()
	if err != nil {
		tb.Fatalf("open for the test: %v", err)
	}
	tb.Cleanup(func() { v.Close() })
	return v
}
