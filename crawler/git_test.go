package crawler

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestFetchGit(t *testing.T) {
	repo := testenv.GitRepo(t, t.TempDir(), map[string]string{
		"proposals/0001-first.md": "# First\n\n* Proposal: [SE-0001](0001-first.md)\n* Status: **Implemented (Swift 5)**\n",
		"README.md":               "# Fixture evolution repo\n",
	})
	out := filepath.Join(t.TempDir(), "swift-evolution")
	ctx := context.Background()
	res, err := FetchGit(ctx, GitConfig{Source: "swift-evolution", RepoURL: repo, OutputDir: out})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cloned || !res.Changed || res.Files != 2 || len(res.Head) != 40 {
		t.Fatalf("clone: %+v", res)
	}
	// A shallow clone: one commit.
	if b, err := exec.Command("git", "-C", out, "rev-list", "--count", "HEAD").Output(); err != nil || string(b) != "1\n" {
		t.Fatalf("history: %q, %v", b, err)
	}
	res, err = FetchGit(ctx, GitConfig{Source: "swift-evolution", RepoURL: repo, OutputDir: out})
	if err != nil || res.Cloned || res.Changed {
		t.Fatalf("no-op update: %+v, %v", res, err)
	}
	testenv.GitCommit(t, repo, map[string]string{"proposals/0002-second.md": "# Second\n"}, "second")
	res, err = FetchGit(ctx, GitConfig{Source: "swift-evolution", RepoURL: repo, OutputDir: out})
	if err != nil || res.Cloned || !res.Changed || res.Files != 3 {
		t.Fatalf("update: %+v, %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(out, "proposals", "0002-second.md")); err != nil {
		t.Fatal(err)
	}
	// A fresh clone on request.
	res, err = FetchGit(ctx, GitConfig{Source: "swift-evolution", RepoURL: repo, OutputDir: out, StartClean: true})
	if err != nil || !res.Cloned || res.Files != 3 {
		t.Fatalf("start clean: %+v, %v", res, err)
	}
}

func TestFetchGitErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := FetchGit(ctx, GitConfig{Source: "hig", OutputDir: t.TempDir()}); !errors.Is(err, ErrConfig) {
		t.Errorf("unknown source: %v", err)
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	_, err := FetchGit(ctx, GitConfig{Source: "swift-book", RepoURL: filepath.Join(t.TempDir(), "nothing"), OutputDir: filepath.Join(t.TempDir(), "out")})
	if !errors.Is(err, ErrGit) {
		t.Errorf("missing repository: %v", err)
	}
}
