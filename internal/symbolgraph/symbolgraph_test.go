package symbolgraph

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestFilesListsGraphsSorted(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"b/Kit@Swift.symbols.json", "a/Kit.symbols.json", "a/notes.json"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Files(context.Background(), dir)
	want := []string{filepath.Join(dir, "a/Kit.symbols.json"), filepath.Join(dir, "b/Kit@Swift.symbols.json")}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Files = %q, %v; want %q", got, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Files(ctx, dir); err == nil {
		t.Error("Files went on after its context was cancelled")
	}
}

func TestAvailabilityVersions(t *testing.T) {
	var g Graph
	raw := `{"module": {"name": "Kit"}, "symbols": [{"kind": {"identifier": "swift.struct"}, "names": {"title": "Dial"},
		"availability": [{"domain": "iOS", "introduced": {"major": 13, "minor": 0}, "deprecated": {"major": 17, "minor": 2, "patch": 1}}]}]}`
	if err := json.Unmarshal([]byte(raw), &g); err != nil {
		t.Fatal(err)
	}
	av := g.Symbols[0].Availability[0]
	if av.Introduced.String() != "13.0" || av.Deprecated.String() != "17.2.1" || av.Obsoleted.String() != "" {
		t.Errorf("versions %q %q %q", av.Introduced, av.Deprecated, av.Obsoleted)
	}
}

func TestReadTellsMalformedFromUnreadable(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "Bad.symbols.json")
	if err := os.WriteFile(bad, []byte("[1, 2"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(bad); !errors.Is(err, ErrMalformed) {
		t.Errorf("Read(truncated JSON) = %v, want ErrMalformed", err)
	}
	if _, err := Read(filepath.Join(dir, "Missing.symbols.json")); err == nil || errors.Is(err, ErrMalformed) {
		t.Errorf("Read(missing file) = %v, want the read error", err)
	}
}

// M3/M5 (issue 25): a symbol-graph folder given to enrich or eval agent may
// hold a FIFO or a device where a graph should be; Read refuses it at once
// as not a symbol graph instead of blocking or reading without end.
func TestReadRefusesSpecialFilesAtOnce(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "Piped"+FileSuffix)
	testenv.Mkfifo(t, fifo)
	testenv.Symlink(t, "/dev/zero", filepath.Join(dir, "Zero"+FileSuffix))
	paths, err := Files(context.Background(), dir)
	if err != nil || len(paths) != 2 {
		t.Fatalf("Files = %v, %v", paths, err)
	}
	for _, p := range paths {
		done := make(chan error, 1)
		go func() { _, err := Read(p); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrMalformed) {
				t.Errorf("Read(%s) = %v, want ErrMalformed", filepath.Base(p), err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Read(%s) still blocked after 5 s", filepath.Base(p))
		}
	}
}
