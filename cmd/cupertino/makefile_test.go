package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestFirstBuildSaysItTakesMinutes: `make build` (and so `make demo`) says
// before compiling that the first build takes minutes, when Go's build
// cache does not hold SQLite and tree-sitter yet (about 160 s of silence on
// a fresh machine otherwise), and says nothing when it does. A stand-in go
// answers `go list` with the packages' staleness and records the build.
func TestFirstBuildSaysItTakesMinutes(t *testing.T) {
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make here")
	}
	root := testenv.RepoRoot(t)
	dir := t.TempDir()
	fakeGo := testenv.WriteFile(t, filepath.Join(dir, "go"), `#!/bin/sh
case "$1" in
list) shift; for p in "$@"; do case "$p" in -*|{{*) ;; *) echo "$STALE";; esac; done ;;
build) echo "compiled" ;;
esac
`)
	if err := os.Chmod(fakeGo, 0o755); err != nil {
		t.Fatal(err)
	}
	build := func(stale string) string {
		cmd := exec.Command(makeBin, "--no-print-directory", "-C", root, "build", "GO="+fakeGo, "BIN="+filepath.Join(dir, "cupertino"))
		cmd.Env = append(os.Environ(), "STALE="+stale)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("make build: %v\n%s", err, out)
		}
		return string(out)
	}
	cold := build("true")
	notice := strings.Index(cold, "takes a few minutes")
	if notice < 0 || notice > strings.Index(cold, "compiled") {
		t.Errorf("a build with a cold cache does not say first that it takes minutes:\n%s", cold)
	}
	if warm := build("false"); strings.Contains(warm, "minutes") || !strings.Contains(warm, "compiled") {
		t.Errorf("a build with a warm cache:\n%s", warm)
	}
}
