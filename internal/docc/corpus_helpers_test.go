package docc

import (
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// corpusDocs returns the directory of raw DocC pages
// (<corpus>/tutorials/data/documentation), skipping the test when the corpus
// is absent. CUPERTINO_CORPUS overrides <repo>/.cache/corpus.
func corpusDocs(tb testing.TB) string {
	tb.Helper()
	root := os.Getenv("CUPERTINO_CORPUS")
	if root == "" {
		_, here, _, _ := runtime.Caller(0)
		root = filepath.Join(filepath.Dir(here), "..", "..", ".cache", "corpus")
	}
	dir := filepath.Join(root, "tutorials", "data", "documentation")
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("corpus not found at %s; run `make corpus` to extract ../shared/corpus", root)
	}
	return dir
}

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
