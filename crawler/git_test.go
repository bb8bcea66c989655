package crawler

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// gitRepo makes a local repository with one commit of the given files.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	gitIn(t, dir, "init", "--quiet", "--initial-branch=main")
	commitFiles(t, dir, files, "initial")
	return dir
}

func gitIn(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

func commitFiles(t *testing.T, dir string, files map[string]string, msg string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gitIn(t, dir, "add", "-A")
	gitIn(t, dir, "commit", "--quiet", "-m", msg)
}

func TestFetchGit(t *testing.T) {
	repo := gitRepo(t, map[string]string{
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
	commitFiles(t, repo, map[string]string{"proposals/0002-second.md": "# Second\n"}, "second")
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
