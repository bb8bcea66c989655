package bundle

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantLink makes path a symbolic link to a file outside the base folder
// holding "victim", and returns a check that the file is still that and the
// link still a link.
func plantLink(t *testing.T, path string) func(what string) {
	t.Helper()
	victim := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(victim, []byte("victim"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(path), 0o755)
	if err := os.Symlink(victim, path); err != nil {
		t.Fatal(err)
	}
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
