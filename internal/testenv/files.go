package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// ReadFile returns the content of path, failing the test when it cannot be
// read.
func ReadFile(tb testing.TB, path string) []byte {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// CopyDir copies the folder src into dst (a folder that does not exist or
// is empty) and returns dst. It fails the test on any error.
func CopyDir(tb testing.TB, dst, src string) string {
	tb.Helper()
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		tb.Fatal(err)
	}
	return dst
}

// WriteFile writes content to path, creating the folders above it, and
// returns path. It fails the test on any error.
func WriteFile(tb testing.TB, path, content string) string {
	tb.Helper()
	return makeAt(tb, path, func() error { return os.WriteFile(path, []byte(content), 0o644) })
}

// Symlink makes path a symbolic link to target, creating the folders above
// it, and returns path. It fails the test on any error.
func Symlink(tb testing.TB, target, path string) string {
	tb.Helper()
	return makeAt(tb, path, func() error { return os.Symlink(target, path) })
}

// makeAt creates the folders above path, then calls create to make the
// file at path, and returns path. It fails the test on any error.
func makeAt(tb testing.TB, path string, create func() error) string {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := create(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// gitIdentity is the author and committer of every fixture commit, so that
// a commit does not depend on the machine's git configuration.
var gitIdentity = []string{
	"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
	"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
}

// Git runs git with args in dir to build a fixture repository, failing the
// test when git fails.
func Git(tb testing.TB, dir string, args ...string) {
	tb.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), gitIdentity...)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// GitCommit writes files (slash-separated names relative to dir, with their
// content) into the repository at dir and commits everything with msg. With
// no files and nothing else changed the commit is empty.
func GitCommit(tb testing.TB, dir string, files map[string]string, msg string) {
	tb.Helper()
	for name, body := range files {
		WriteFile(tb, filepath.Join(dir, filepath.FromSlash(name)), body)
	}
	Git(tb, dir, "add", "-A")
	Git(tb, dir, "commit", "--quiet", "--allow-empty", "-m", msg)
}

// GitRepo makes dir a repository on branch main with one commit, "initial",
// of files, and returns dir. The test is skipped when git is not installed.
func GitRepo(tb testing.TB, dir string, files map[string]string) string {
	tb.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		tb.Skip("git not installed")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	Git(tb, dir, "init", "--quiet", "--initial-branch=main")
	GitCommit(tb, dir, files, "initial")
	return dir
}
