package bundle

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The tests here give setup what an attacker controls: links planted in
// the folder it writes to, and a manifest declaring sizes no honest bundle
// has. Both are refused before a byte goes where it should not.

// plantLink makes path a symbolic link to a file outside the base folder
// holding "victim", and returns a check that the file is still that and the
// link still a link.
func plantLink(t *testing.T, path string) func(what string) {
	t.Helper()
	victim := testenv.WriteFile(t, filepath.Join(t.TempDir(), "victim"), "victim")
	testenv.Symlink(t, victim, path)
	return func(what string) {
		t.Helper()
		if got, _ := os.ReadFile(victim); string(got) != "victim" {
			t.Errorf("%s: the link's target was overwritten: %q", what, truncate(got))
		}
		if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("%s: the planted link %s was replaced or removed (%v)", what, path, err)
		}
	}
}

func truncate(b []byte) []byte {
	if len(b) > 40 {
		return b[:40]
	}
	return b
}

// Links planted in the base folder, where setup writes, are refused with an
// error naming them; their targets are never written.
func TestLinksPlantedInTheBaseDirAreNotFollowed(t *testing.T) {
	dir := testBundle(t)
	srv := serve(t, dir)
	var part Part
	for _, part = range open(t, dir).Manifest.Parts {
		if part.Name == "apple-docs" {
			break
		}
	}
	for name, c := range map[string]struct {
		from  string
		plant func(opts InstallOptions) string
	}{
		"unpacked part": {dir, func(opts InstallOptions) string { return filepath.Join(opts.DownloadDir, "apple-docs.unpacked.db") }},
		"save lock":     {dir, func(opts InstallOptions) string { return opts.DBPath + ".lock" }},
		"partial download": {manifestURL(srv), func(opts InstallOptions) string {
			return filepath.Join(opts.DownloadDir, downloadName(part)+".part")
		}},
	} {
		opts := installOpts(t)
		link := c.plant(opts)
		check := plantLink(t, link)
		_, err := open(t, c.from).Install(context.Background(), opts)
		if err == nil || !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), filepath.Base(link)) {
			t.Errorf("%s: %v, want an error naming the link", name, err)
		}
		check(name)
		if _, err := os.Stat(opts.DBPath); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: installed through a planted link", name)
		}
	}
}

// Links where the installed manifest and its in-flight copy once went are
// left alone: setup writes the manifest inside the index now.
func TestManifestLinksAreLeftAlone(t *testing.T) {
	opts := installOpts(t)
	checkInFlight := plantLink(t, opts.DBPath+".bundle.json.in-flight")
	checkLegacy := plantLink(t, LegacyInstalledPath(opts.DBPath))
	if _, err := open(t, testBundle(t)).Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	checkInFlight("in-flight manifest")
	checkLegacy("installed manifest")
}

// A stale regular file where a part is unpacked (a killed run's) is
// replaced, not refused.
func TestStaleUnpackedFileIsReplaced(t *testing.T) {
	opts := installOpts(t)
	os.MkdirAll(opts.DownloadDir, 0o755)
	stale := filepath.Join(opts.DownloadDir, "hig.unpacked.db")
	if err := os.WriteFile(stale, []byte("a killed run's bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := open(t, testBundle(t)).Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the unpacked file was left after the install: %v", err)
	}
}

// rewriteManifest edits the manifest of a copied bundle folder.
func rewriteManifest(t *testing.T, dir string, edit func(*Manifest)) {
	t.Helper()
	m, err := ParseManifest(testenv.ReadFile(t, filepath.Join(dir, ManifestFile)))
	if err != nil {
		t.Fatal(err)
	}
	edit(m)
	if err := os.WriteFile(filepath.Join(dir, ManifestFile), m.encode(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Two parts declaring 2^62 unpacked bytes wrapped the int64 sum, so the
// free-space check passed and a small zstd bomb could fill the disk. Such
// a manifest is refused when it is read, before any byte is written.
func TestOverflowingSizesAreRefusedBeforeAnyByteIsWritten(t *testing.T) {
	dir := copyBundle(t)
	rewriteManifest(t, dir, func(m *Manifest) {
		m.Parts[0].UnpackedSize = 1 << 62
		m.Parts[1].UnpackedSize = 1 << 62
	})
	srv := serve(t, dir)
	for _, from := range []string{dir, manifestURL(srv)} {
		opts := installOpts(t)
		opts.FreeSpace = func(string) (uint64, error) { return 1 << 30, nil }
		r, err := Open(context.Background(), from, nil)
		if err == nil {
			_, err = r.Install(context.Background(), opts)
		}
		if !errors.Is(err, ErrManifest) || !strings.Contains(err.Error(), "unpacked_size") {
			t.Errorf("from %s: %v, want ErrManifest naming unpacked_size", from, err)
		}
		if entries, _ := os.ReadDir(filepath.Dir(opts.DBPath)); len(entries) > 0 {
			t.Errorf("from %s: a refused manifest left %v in the base folder", from, entries)
		}
	}
	if got := srv.Ranges(PartFile("shared")); len(got) != 0 {
		t.Errorf("a part of the refused bundle was requested")
	}
}

func TestImplausibleSizesAreRefused(t *testing.T) {
	good := testenv.ReadFile(t, filepath.Join(testBundle(t), ManifestFile))
	for name, c := range map[string]struct {
		edit func(*Manifest)
		want string
	}{
		"compressed size over the bound": {func(m *Manifest) { m.Parts[0].Size = maxPartBytes + 1 }, "size"},
		"unpacked size over the bound":   {func(m *Manifest) { m.Parts[2].UnpackedSize = maxPartBytes + 1 }, "unpacked_size"},
		// A 145 KB part declaring gigabytes is a zstd bomb, not SQLite pages.
		"unpacks a thousandfold": {func(m *Manifest) { m.Parts[2].Size, m.Parts[2].UnpackedSize = 145<<10, 10<<30 }, "times its"},
	} {
		m, err := ParseManifest(good)
		if err != nil {
			t.Fatal(err)
		}
		c.edit(m)
		if _, err := ParseManifest(m.encode()); !errors.Is(err, ErrManifest) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrManifest saying %q", name, err, c.want)
		}
	}
}

// The sum the free-space check adds up never wraps, whatever the parts.
func TestSizeSumsRefuseOverflow(t *testing.T) {
	if _, err := sumSizes(1<<62, 1<<62); err == nil {
		t.Errorf("2^62 + 2^62 summed without an error")
	}
	if n, err := sumSizes(1<<40, 1<<40, 5); err != nil || n != 1<<41+5 {
		t.Errorf("sum = %d, %v", n, err)
	}
	if _, err := sumSizes(-1); err == nil {
		t.Errorf("a negative size summed without an error")
	}
}

// An unpack that brings more bytes than the manifest declares stops at the
// declared size, with an error that says so: the disk never holds more.
func TestUnpackStopsAtTheDeclaredSize(t *testing.T) {
	dir := testBundle(t)
	m, err := ParseManifest(testenv.ReadFile(t, filepath.Join(dir, ManifestFile)))
	if err != nil {
		t.Fatal(err)
	}
	p := m.Parts[2] // apple-docs, the biggest
	p.UnpackedSize = 8192
	out := filepath.Join(t.TempDir(), "part.unpacked.db")
	err = unpack(context.Background(), filepath.Join(dir, p.File), out, p, func(int) {})
	if !errors.Is(err, ErrChecksum) || !strings.Contains(err.Error(), "more than the 8192 bytes") {
		t.Errorf("unpack past the declared size: %v, want ErrChecksum saying more than the 8192 bytes", err)
	}
	if _, err := os.Lstat(out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the failed unpack left its file: %v", err)
	}
	// What unpack writes through: the declared bytes pass, one more is
	// refused unwritten.
	var disk bytes.Buffer
	w := &boundedWriter{w: &disk, left: 8192}
	if n, err := w.Write(make([]byte, 8192)); n != 8192 || err != nil {
		t.Fatalf("the declared bytes: %d, %v", n, err)
	}
	if n, err := w.Write([]byte{0}); n != 0 || !errors.Is(err, errTooBig) || disk.Len() != 8192 {
		t.Errorf("a byte past the declared size: wrote %d, %v; %d bytes reached the disk", n, err, disk.Len())
	}
}
