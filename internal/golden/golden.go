// Package golden compares what a test produces with a checked-in golden
// file. It is the one way the repository keeps output under review: the MCP
// tool snapshots and docs/tools.md, the README's tool table, docs/schema.md,
// docs/commands.md, the DocC renderings, the search-ranking goldens and the
// agent harness's replay file all go through it, so they share one flag and
// one set of rules (in the manner of github-mcp-server's toolsnaps):
//
//   - a file that differs fails the test, with the differing lines;
//   - a missing file fails the test: goldens are created with
//     `go test ./<package> -run <Test> -update`, reviewed and committed;
//   - under CI (the CI environment variable set, as CI systems do) -update is
//     refused, so a golden is never written where nobody reviews it.
//
// Only tests import this package: it registers the -update flag.
package golden

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden files the tests compare with (refused when CI is set)")

var (
	// ErrMismatch means the output differs from its golden file.
	ErrMismatch = errors.New("differs from its golden file")
	// ErrMissing means the golden file does not exist.
	ErrMissing = errors.New("golden file missing")
	// ErrStale means a directory of goldens holds a file the output no
	// longer produces.
	ErrStale = errors.New("golden file no longer produced")
)

// Updating reports whether the test run was given -update, so that a test
// can rewrite a golden it does not compare byte for byte. Under CI it fails
// the test instead.
func Updating(tb testing.TB) bool {
	tb.Helper()
	if *update && testenv.InCI() {
		tb.Fatal("-update is refused when CI is set: golden files are written locally, reviewed and committed")
		return false // for a testing.TB whose Fatal does not stop the test
	}
	return *update
}

// Check compares got with the golden file at path, or under -update writes
// it. A difference or a missing file is a test error naming the command that
// accepts the change.
func Check(tb testing.TB, path string, got []byte) {
	tb.Helper()
	if Updating(tb) {
		write(tb, path, got)
		return
	}
	if err := Compare(path, got); err != nil {
		tb.Errorf("%v\n%s", err, hint(tb, err))
	}
}

// CheckDir is Check for a directory of goldens: files maps each file name to
// its expected content, and a file in dir matching pattern (a filepath.Match
// pattern such as "*.snap") that files does not name is stale. Under -update
// it writes every file and removes the stale ones.
func CheckDir(tb testing.TB, dir, pattern string, files map[string][]byte) {
	tb.Helper()
	if Updating(tb) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.Fatal(err)
		}
		for _, name := range slices.Sorted(maps.Keys(files)) {
			write(tb, filepath.Join(dir, name), files[name])
		}
		stale, err := staleFiles(dir, pattern, files)
		if err != nil {
			tb.Fatal(err)
		}
		for _, name := range stale {
			if err := os.Remove(filepath.Join(dir, name)); err != nil {
				tb.Fatal(err)
			}
			tb.Logf("removed stale golden %s", filepath.Join(dir, name))
		}
		return
	}
	if err := CompareDir(dir, pattern, files); err != nil {
		tb.Errorf("%v\n%s", err, hint(tb, err))
	}
}

// Compare returns nil when the file at path holds exactly got, an error
// wrapping ErrMissing when there is no such file, and one wrapping
// ErrMismatch, with the differing lines, when it holds something else. It
// never writes: tests use it to show that a change would be caught.
func Compare(path string, got []byte) error {
	want, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %w", path, ErrMissing)
	}
	if err != nil {
		return fmt.Errorf("read golden: %w", err)
	}
	if string(want) == string(got) {
		return nil
	}
	return fmt.Errorf("%s %w:\n%s", path, ErrMismatch, Diff(string(want), string(got)))
}

// CompareDir is Compare over a directory of goldens (see CheckDir); it
// reports every differing, missing and stale file, joined.
func CompareDir(dir, pattern string, files map[string][]byte) error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := Compare(filepath.Join(dir, name), files[name]); err != nil {
			errs = append(errs, err)
		}
	}
	stale, err := staleFiles(dir, pattern, files)
	if err != nil {
		return err
	}
	for _, name := range stale {
		errs = append(errs, fmt.Errorf("%s: %w", filepath.Join(dir, name), ErrStale))
	}
	return errors.Join(errs...)
}

func write(tb testing.TB, path string, data []byte) {
	tb.Helper()
	old, err := os.ReadFile(path)
	if err == nil && string(old) == string(data) {
		return
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.Fatal(err)
	}
	tb.Logf("wrote %s", path)
}

func staleFiles(dir, pattern string, files map[string][]byte) ([]string, error) {
	matches, err := filepath.Glob(filepath.Join(dir, pattern))
	if err != nil {
		return nil, fmt.Errorf("golden pattern %q: %w", pattern, err)
	}
	var stale []string
	for _, m := range matches {
		if _, ok := files[filepath.Base(m)]; !ok {
			stale = append(stale, filepath.Base(m))
		}
	}
	return stale, nil
}

// hint says how to accept a change: the exact go test command outside CI,
// and that goldens are never written there under CI.
func hint(tb testing.TB, err error) string {
	if testenv.InCI() && errors.Is(err, ErrMissing) {
		return "golden files are created locally with -update, reviewed and committed; CI never writes them"
	}
	test, _, _ := strings.Cut(tb.Name(), "/")
	return fmt.Sprintf("if the change is intended, run `go test %s -run '^%s$' -update` and review the diff", packageDir(), test)
}

// packageDir is the test's package directory relative to the module root
// ("./mcp"), found by walking up from the working directory to go.mod.
func packageDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return "."
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			rel, err := filepath.Rel(dir, wd)
			if err != nil || rel == "." {
				return "."
			}
			return "./" + filepath.ToSlash(rel)
		}
		if filepath.Dir(dir) == dir {
			return "."
		}
	}
}
