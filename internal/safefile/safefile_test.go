package safefile

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// within fails the test if f does not return within d: a refused FIFO must
// not block.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still blocked after %s", d)
	}
}

func TestReadFileReadsARegularFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "a.swift")
	os.WriteFile(p, []byte("import SwiftUI\n"), 0o644)
	got, err := ReadFile(p, 1<<10)
	if err != nil || string(got) != "import SwiftUI\n" {
		t.Fatalf("ReadFile = %q, %v", got, err)
	}
	if got, err := ReadFile(p, int64(len("import SwiftUI\n"))); err != nil || len(got) != 15 {
		t.Fatalf("a file exactly at the limit: %q, %v", got, err)
	}
}

func TestReadFileRefusesWhatItMustNotRead(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	os.WriteFile(outside, []byte("outside-the-corpus"), 0o644)
	link := filepath.Join(dir, "README.md")
	testenv.Symlink(t, outside, link)
	zero := filepath.Join(dir, "zero.swift")
	testenv.Symlink(t, "/dev/zero", zero)
	fifo := filepath.Join(dir, "Package.swift")
	testenv.Mkfifo(t, fifo)
	sparse := filepath.Join(dir, "big.swift")
	f, _ := os.Create(sparse)
	if err := f.Truncate(3 << 30); err != nil {
		t.Fatal(err)
	}
	f.Close()

	cases := []struct {
		name, path string
		want       error
	}{
		{"link out of the folder", link, ErrLink},
		{"link to /dev/zero", zero, ErrLink},
		{"/dev/zero itself", "/dev/zero", ErrNotRegular},
		{"FIFO", fifo, ErrNotRegular},
		{"directory", dir, ErrNotRegular},
		{"3 GB sparse file", sparse, ErrTooLarge},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			within(t, 5*time.Second, func() {
				got, err := ReadFile(c.path, 1<<20)
				if !errors.Is(err, c.want) {
					t.Errorf("ReadFile(%s) = %d bytes, %v; want %v", c.path, len(got), err, c.want)
				}
				if got != nil {
					t.Errorf("returned %d bytes of a refused file", len(got))
				}
				if !strings.Contains(err.Error(), c.path) {
					t.Errorf("error %q does not name the file", err)
				}
				if Refusal(err) == "" {
					t.Errorf("Refusal(%v) is empty", err)
				}
			})
		})
	}
}

func TestOpenChecksTheOpenedFileNotTheName(t *testing.T) {
	// The open itself refuses a FIFO without blocking, whatever the Lstat
	// saw: O_NONBLOCK, then fstat.
	fifo := filepath.Join(t.TempDir(), "p")
	testenv.Mkfifo(t, fifo)
	within(t, 5*time.Second, func() {
		f, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		info, _ := f.Stat()
		f.Close()
		if err := checkMode(fifo, info.Mode()); !errors.Is(err, ErrNotRegular) {
			t.Errorf("checkMode(FIFO) = %v", err)
		}
	})
}

func TestRefusalIsEmptyForOrdinaryErrors(t *testing.T) {
	_, err := ReadFile(filepath.Join(t.TempDir(), "missing"), 10)
	if !errors.Is(err, os.ErrNotExist) || Refusal(err) != "" {
		t.Fatalf("missing file: %v, refusal %q", err, Refusal(err))
	}
	p := filepath.Join(t.TempDir(), "big")
	os.WriteFile(p, bytes.Repeat([]byte("x"), 11), 0o644)
	_, err = ReadFile(p, 10)
	var tl *TooLargeError
	if !errors.As(err, &tl) || tl.Size != 11 || tl.Limit != 10 {
		t.Fatalf("over the limit: %v", err)
	}
	if r := Refusal(err); !strings.Contains(r, "11 bytes") {
		t.Fatalf("Refusal = %q", r)
	}
}

func TestReaderStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r := Reader(ctx, endless{})
	buf := make([]byte, 1<<10)
	if _, err := r.Read(buf); err != nil {
		t.Fatal(err)
	}
	cancel()
	within(t, 5*time.Second, func() {
		if n, err := io.Copy(io.Discard, r); !errors.Is(err, context.Canceled) || n != 0 {
			t.Errorf("copy after cancel = %d, %v", n, err)
		}
	})
}

// endless reads zeros for ever, as /dev/zero does.
type endless struct{}

func (endless) Read(p []byte) (int, error) { clear(p); return len(p), nil }
