package corpus

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
)

func writeFile(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

// A docs folder moved to another disk and linked back is walked like the
// real folder, and the files keep the paths they had under the link.
func TestFilesFollowsASymlinkedRoot(t *testing.T) {
	real := filepath.Join(t.TempDir(), "elsewhere")
	writeFile(t, filepath.Join(real, "a", "one.md"), "# One\n")
	writeFile(t, filepath.Join(real, "two.md"), "# Two\n")
	base := t.TempDir()
	link := filepath.Join(base, "hig")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	src := mustOpen(t, document.SourceHIG, link, Options{})
	got, err := src.Files(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(link, "a", "one.md"), filepath.Join(link, "two.md")}
	if strings.Join(got.Files, ",") != strings.Join(want, ",") {
		t.Errorf("Files through a linked root = %v, want %v", got.Files, want)
	}
	if len(got.Skipped) != 0 {
		t.Errorf("Skipped = %v, want none", got.Skipped)
	}
}

// Links and FIFOs inside a corpus are not read, but each gets a reason.
func TestFilesReportsLinksAndFIFOsInside(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "page.md"), "# Page\n")
	outside := filepath.Join(t.TempDir(), "secret.md")
	writeFile(t, outside, "# Secret\n")
	if err := os.Symlink(outside, filepath.Join(root, "linked.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(root, "linkeddir")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(root, "pipe.md"), 0o644); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "image.png"), "png")
	src := mustOpen(t, document.SourceHIG, root, Options{})
	got, err := src.Files(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Files) != 1 || got.Files[0] != filepath.Join(root, "page.md") {
		t.Errorf("Files = %v, want only page.md", got.Files)
	}
	reasons := map[string]string{}
	for _, s := range got.Skipped {
		reasons[filepath.Base(s.Path)] = s.Reason
	}
	if reasons["linked.md"] != SkipSymlink || reasons["linkeddir"] != SkipSymlink {
		t.Errorf("links not reported: %v", reasons)
	}
	if !strings.Contains(reasons["pipe.md"], "FIFO") {
		t.Errorf("FIFO not reported: %v", reasons)
	}
	if len(reasons) != 3 {
		t.Errorf("Skipped = %v, want exactly the two links and the FIFO", got.Skipped)
	}
}

// failingFS fails to list one directory, as a folder without read rights does
// for a user who is not root.
type failingFS struct {
	fstest.MapFS
	bad string
}

func (f failingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == f.bad {
		return nil, &fs.PathError{Op: "readdirent", Path: name, Err: fs.ErrPermission}
	}
	return f.MapFS.ReadDir(name)
}

func TestWalkGoesOnPastAnUnreadableFolder(t *testing.T) {
	fsys := failingFS{MapFS: fstest.MapFS{
		"a/one.md":    {Data: []byte("# One")},
		"locked/x.md": {Data: []byte("# X")},
		"z/two.md":    {Data: []byte("# Two")},
	}, bad: "locked"}
	files, skipped, err := walkFS(context.Background(), fsys, "/root", func(string) bool { return true })
	if err != nil {
		t.Fatalf("walk stopped at the unreadable folder: %v", err)
	}
	if len(files) != 2 {
		t.Errorf("files = %v, want a/one.md and z/two.md", files)
	}
	if len(skipped) != 1 || skipped[0].Path != filepath.Join("/root", "locked") ||
		!strings.HasPrefix(skipped[0].Reason, SkipUnreadableDir) || !strings.Contains(skipped[0].Reason, "permission denied") {
		t.Errorf("skipped = %+v, want the locked folder with its cause", skipped)
	}
}

func TestWalkFailsWhenTheRootCannotBeRead(t *testing.T) {
	fsys := failingFS{MapFS: fstest.MapFS{"a.md": {}}, bad: "."}
	if _, _, err := walkFS(context.Background(), fsys, "/root", func(string) bool { return true }); !errors.Is(err, fs.ErrPermission) {
		t.Errorf("walk of an unreadable root = %v, want a permission error", err)
	}
}

// Adding a source to internal/source's table with a save folder needs a
// reader here, and a reader needs a table entry.
func TestEverySavedSourceHasAReader(t *testing.T) {
	for _, id := range source.Saved() {
		if _, ok := readers[id]; !ok {
			t.Errorf("source %s is saved but has no reader", id)
		}
	}
	for id := range readers {
		if s, ok := source.Lookup(id); !ok || s.SaveFlag == "" {
			t.Errorf("reader %s has no saved source in the table", id)
		}
	}
}
