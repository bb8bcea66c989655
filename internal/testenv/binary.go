package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

var (
	cupertinoBinary    Fixture[string]
	cupertinoBinaryDir string // removed by RemoveBuilt
)

// CupertinoBinary builds ./cmd/cupertino once per test binary and returns
// the executable's path, for the tests that run the real command. It lives
// in a temporary folder outside any test's TempDir, so that every test can
// use it; the package's TestMain calls RemoveBuilt after m.Run. The test is
// skipped with -short.
func CupertinoBinary(tb testing.TB) string {
	tb.Helper()
	if testing.Short() {
		tb.Skip("builds and runs the binary; skipped with -short")
	}
	root := RepoRoot(tb)
	return cupertinoBinary.Get(tb, func() (string, error) {
		dir, err := os.MkdirTemp("", "cupertino-bin-")
		if err != nil {
			return "", err
		}
		cupertinoBinaryDir = dir
		bin := filepath.Join(dir, "cupertino")
		cmd := exec.Command("go", "build", "-o", bin, "./cmd/cupertino")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build ./cmd/cupertino: %v\n%s", err, out)
		}
		return bin, nil
	})
}

// RemoveBuilt removes what CupertinoBinary built, if anything. TestMain
// calls it once the tests have run.
func RemoveBuilt() {
	if cupertinoBinaryDir != "" {
		os.RemoveAll(cupertinoBinaryDir)
	}
}
