package bundle

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// installWithin runs Install from the bundle folder dir and fails the test
// at once if it has not returned after d.
func installWithin(t *testing.T, d time.Duration, dir string) error {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() {
		r, err := Open(ctx, dir, nil)
		if err == nil {
			_, err = r.Install(ctx, installOpts(t))
		}
		done <- err
	}()
	select {
	case err := <-done:
		return err
	case <-time.After(d):
		cancel()
		t.Fatalf("setup --from %s still running after %s", dir, d)
		return nil
	}
}

// M5 (issue 25): a part of a local bundle that is a link to /dev/zero, a
// FIFO or a sparse file of gigabytes is refused by its type or its size
// before a byte is hashed; setup ends at once with ErrChecksum and installs
// nothing. The cases run one after the other so that the first that hangs
// ends the test.
func TestLocalBundlePartsThatAreNotTheirFilesAreRefusedAtOnce(t *testing.T) {
	part := PartFile("apple-docs")
	for _, c := range []struct {
		name  string
		plant func(path string) error
	}{
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"sparse 3 GB file", func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(3 << 30)
		}},
	} {
		dir := copyBundle(t)
		path := filepath.Join(dir, part)
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := c.plant(path); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		err := installWithin(t, 5*time.Second, dir)
		if !errors.Is(err, ErrChecksum) {
			t.Errorf("%s: setup = %v, want ErrChecksum", c.name, err)
		}
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("%s: refused after %s, want at once", c.name, took)
		}
	}
}

func TestLocalManifestThatIsAFIFOIsRefused(t *testing.T) {
	dir := copyBundle(t)
	manifest := filepath.Join(dir, ManifestFile)
	os.Remove(manifest)
	testenv.Mkfifo(t, manifest)
	if err := installWithin(t, 5*time.Second, dir); !errors.Is(err, ErrManifest) {
		t.Fatalf("setup with a FIFO manifest = %v, want ErrManifest", err)
	}
}

// The hash of a part stops when setup is cancelled (SIGTERM).
func TestPartHashStopsWhenCancelled(t *testing.T) {
	dir := copyBundle(t)
	r := open(t, dir)
	p := r.Manifest.Parts[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := verifyPart(ctx, filepath.Join(dir, p.File), p); !errors.Is(err, context.Canceled) {
		t.Fatalf("verify with a cancelled context = %v", err)
	}
}
