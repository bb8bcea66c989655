package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// CorpusVar names the environment variable that points the tests at the
// extracted real corpora. Unset, they are read from <repo>/.cache/corpus,
// where `make corpus` extracts ../shared/corpus.
const CorpusVar = "CUPERTINO_CORPUS"

// AppleDocsPath is where a corpus keeps the raw DocC pages of
// developer.apple.com, relative to its root.
const AppleDocsPath = "tutorials/data/documentation"

// QualityVar names the environment variable that points the tests at the
// search-quality batteries; unset, they are ../shared/quality beside the
// repository.
const QualityVar = "CUPERTINO_QUALITY"

// RepoRoot returns the module root: the nearest folder holding go.mod
// above the test's working directory, which is its package's folder.
func RepoRoot(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("go.mod not found above the test's working directory")
		}
		dir = parent
	}
}

// CorpusDir returns the root of the real corpora (CorpusVar, else
// <repo>/.cache/corpus). The test is skipped with one line when any of the
// paths it needs, slash-separated and relative to the root, is absent.
func CorpusDir(tb testing.TB, needs ...string) string {
	tb.Helper()
	root := os.Getenv(CorpusVar)
	if root == "" {
		root = filepath.Join(RepoRoot(tb), ".cache", "corpus")
	}
	for _, need := range needs {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(need))); err != nil {
			tb.Skipf("corpus has no %s at %s: run `make corpus` to extract ../shared/corpus, or set %s", need, root, CorpusVar)
		}
	}
	return root
}

// CorpusPath returns the path of sub (slash-separated) inside the real
// corpora, skipping the test when it is absent.
func CorpusPath(tb testing.TB, sub string) string {
	tb.Helper()
	return filepath.Join(CorpusDir(tb, sub), filepath.FromSlash(sub))
}

// QualityDir returns the folder of search-quality batteries (QualityVar,
// else ../shared/quality beside the repository), skipping the test when it
// is absent.
func QualityDir(tb testing.TB) string {
	tb.Helper()
	dir := os.Getenv(QualityVar)
	if dir == "" {
		dir = filepath.Join(filepath.Dir(RepoRoot(tb)), "shared", "quality")
	}
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("quality batteries not found at %s (set %s)", dir, QualityVar)
	}
	return dir
}
