package docc

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpusFiles lists every .json page under dir in sorted order, then keeps
// every step-th one.
func corpusFiles(tb testing.TB, dir string, step int) []string {
	tb.Helper()
	var all []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".json") {
			all = append(all, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatalf("walk corpus: %v", err)
	}
	slices.Sort(all)
	var out []string
	for i := 0; i < len(all); i += step {
		out = append(out, all[i])
	}
	return out
}
