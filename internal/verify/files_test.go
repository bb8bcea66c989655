package verify

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readPathsWithin runs ReadPaths and fails the test at once if it has not
// returned after d: a FIFO must not block it. The cases run one after the
// other in one test so that the first that blocks ends it, before any later
// case can read /dev/zero into memory.
func readPathsWithin(t *testing.T, d time.Duration, paths ...string) ([]File, []Skipped, error) {
	t.Helper()
	type result struct {
		files   []File
		skipped []Skipped
		err     error
	}
	done := make(chan result, 1)
	go func() {
		f, s, err := ReadPaths(context.Background(), paths)
		done <- result{f, s, err}
	}()
	select {
	case r := <-done:
		return r.files, r.skipped, r.err
	case <-time.After(d):
		t.Fatalf("ReadPaths(%v) still running after %s", paths, d)
		return nil, nil, nil
	}
}

// M5 (issue 25): verify reads regular files only, refuses a file over the
// limit before reading it, does not follow links inside a project, and
// never blocks on a FIFO.
func TestReadPathsRefusesSpecialFilesLinksAndOversizeFiles(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "Secret.swift")
	if err := os.WriteFile(outside, []byte("struct Zorblaxquux {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, "App.swift"), []byte("struct App {}\n"), 0o644)
	if err := os.Symlink(outside, filepath.Join(project, "a-link.swift")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(project, "b-fifo.swift"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(project, "zero.swift")); err != nil {
		t.Fatal(err)
	}

	// A project: the links and the FIFO are reported, not read.
	files, skipped, err := readPathsWithin(t, 5*time.Second, project)
	if err != nil {
		t.Fatalf("ReadPaths(project) = %v", err)
	}
	if len(files) != 1 || filepath.Base(files[0].Path) != "App.swift" {
		t.Errorf("read %v, want App.swift alone", files)
	}
	for _, f := range files {
		if strings.Contains(f.Code, "Zorblaxquux") {
			t.Errorf("%s holds the outside file's text", f.Path)
		}
	}
	reasons := map[string]string{}
	for _, s := range skipped {
		reasons[filepath.Base(s.Path)] = s.Reason
	}
	for name, want := range map[string]string{"a-link.swift": "symbolic link", "b-fifo.swift": "FIFO", "zero.swift": "symbolic link"} {
		if !strings.Contains(reasons[name], want) {
			t.Errorf("skipped %s: %q, want a reason with %q", name, reasons[name], want)
		}
	}

	// A FIFO or a device named on the command line is refused.
	for _, p := range []string{filepath.Join(project, "b-fifo.swift"), "/dev/zero"} {
		if _, _, err := readPathsWithin(t, 5*time.Second, p); !errors.Is(err, ErrNotRegular) {
			t.Errorf("ReadPaths(%s) = %v, want ErrNotRegular", p, err)
		}
	}

	// A sparse 3 GB file is refused by its size, not read.
	big := filepath.Join(t.TempDir(), "Big.swift")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(3 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()
	start := time.Now()
	if _, _, err := readPathsWithin(t, 5*time.Second, big); !errors.Is(err, ErrTooLarge) || time.Since(start) > time.Second {
		t.Errorf("ReadPaths(3 GB file) = %v after %s, want ErrTooLarge at once", err, time.Since(start))
	}

	// A link named on the command line is followed: the person named it.
	named, _, err := readPathsWithin(t, 5*time.Second, filepath.Join(project, "a-link.swift"))
	if err != nil || len(named) != 1 || !strings.Contains(named[0].Code, "Zorblaxquux") {
		t.Errorf("ReadPaths(named link) = %v, %v", named, err)
	}
}

func TestReadPathsStopsWhenCancelled(t *testing.T) {
	project := t.TempDir()
	os.WriteFile(filepath.Join(project, "App.swift"), []byte("struct App {}\n"), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := ReadPaths(ctx, []string{project}); !errors.Is(err, context.Canceled) {
		t.Fatalf("ReadPaths(cancelled) = %v, want context.Canceled", err)
	}
}
