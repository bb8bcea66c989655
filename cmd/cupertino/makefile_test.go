package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
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

// makeFuzzLine is one `go test -fuzz` line of the Makefile: the target's
// pattern and its package.
var makeFuzzLine = regexp.MustCompile(`-fuzz '?\^?(Fuzz\w+)\$?\$?'? .*?(\./\S+)\s*$`)

// fuzzFunc is a fuzz target's declaration in a test file.
var fuzzFunc = regexp.MustCompile(`(?m)^func (Fuzz\w+)\(`)

// TestMakeFuzzRunsEveryFuzzTarget: `make fuzz` (CI's fuzz step) names every
// fuzz target in the tree with its own package, and every target it names
// exists there. A target moved to another package (FuzzReadQuery, moved to
// ranker/reading) otherwise "passes" with "no fuzz tests to fuzz".
func TestMakeFuzzRunsEveryFuzzTarget(t *testing.T) {
	root := testenv.RepoRoot(t)
	inMake := map[string]bool{}
	for _, line := range strings.Split(string(testenv.ReadFile(t, filepath.Join(root, "Makefile"))), "\n") {
		if m := makeFuzzLine.FindStringSubmatch(line); m != nil {
			inMake[path.Join(m[2], m[1])] = true
		}
	}
	inTree := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(p))
		for _, m := range fuzzFunc.FindAllStringSubmatch(string(testenv.ReadFile(t, p)), -1) {
			inTree[path.Join(".", filepath.ToSlash(dir), m[1])] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(inTree) < 10 {
		t.Fatalf("found %d fuzz targets in the tree, want the project's ones", len(inTree))
	}
	for target := range inTree {
		if !inMake[target] {
			t.Errorf("make fuzz does not run %s", target)
		}
	}
	for target := range inMake {
		if !inTree[target] {
			t.Errorf("make fuzz names %s, which does not exist", target)
		}
	}
}
