package testenv

import (
	"errors"
	"sync"
	"testing"
)

// Fixture is a value that costs seconds to build (an index saved from the
// demo corpus, a built binary, a packed bundle) and is built once per test
// binary for every test that asks for it. Declare it as a package variable;
// its zero value is ready.
type Fixture[T any] struct {
	once sync.Once
	v    T
	err  error
}

// errBuildStopped is the failure of a build that called t.Fatal (or
// runtime.Goexit) instead of returning: the test that ran it has failed
// already, and the later ones must not get a zero value as if it had worked.
var errBuildStopped = errors.New("the fixture's build stopped the test that ran it")

// Get returns the fixture, building it with build on the first call. When
// the build failed, every test that asks fails with its error, not only the
// first.
func (f *Fixture[T]) Get(tb testing.TB, build func() (T, error)) T {
	tb.Helper()
	f.once.Do(func() {
		f.err = errBuildStopped
		f.v, f.err = build()
	})
	if f.err != nil {
		tb.Fatal(f.err)
	}
	return f.v
}
