package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRepoRootHoldsGoMod(t *testing.T) {
	if _, err := os.Stat(filepath.Join(RepoRoot(t), "go.mod")); err != nil {
		t.Errorf("RepoRoot = %s, which has no go.mod: %v", RepoRoot(t), err)
	}
}

func TestCorpusDirSkipsOnlyWhenWhatItNeedsIsAbsent(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "tutorials", "data", "documentation"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(CorpusVar, root)
	if got := CorpusPath(t, AppleDocsPath); got != filepath.Join(root, "tutorials", "data", "documentation") {
		t.Errorf("CorpusPath(%s) = %s", AppleDocsPath, got)
	}
	var skipped bool
	t.Run("absent", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		CorpusDir(t, "swift-evolution")
	})
	if !skipped {
		t.Error("a corpus without swift-evolution did not skip the test that needs it")
	}
}
