// Package indextest holds what tests of several packages ask of an index
// they built or installed (tests only).
package indextest

import (
	"context"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// Documents returns the documents per source of the index at path.
func Documents(t testing.TB, path string) map[string]int {
	t.Helper()
	st, err := index.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, err := st.Sources(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}
