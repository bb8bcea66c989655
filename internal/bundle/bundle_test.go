package bundle

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// words make page text that compresses like prose, not like noise.
var words = strings.Fields("view text button modifier padding layout stack list navigation swift actor task " +
	"async await protocol struct class enum value reference state binding environment observable data")

// buildIndex commits a small index of three sources: 300 Apple pages with
// some kilobytes of text each, 20 proposals and 5 HIG pages.
func buildIndex(t testing.TB) string {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	text := func(n int) string {
		var sb strings.Builder
		for range n {
			sb.WriteString(words[r.IntN(len(words))])
			sb.WriteByte(' ')
		}
		return sb.String()
	}
	var docs []*document.Document
	put := func(d *document.Document) { docs = append(docs, d) }
	for i := range 300 {
		put(&document.Document{URI: fmt.Sprintf("apple-docs://swiftui/page%d", i), Source: document.SourceAppleDocs,
			Framework: "swiftui", Title: fmt.Sprintf("Page%d", i), Kind: "struct", Abstract: text(12),
			Content: text(300), Markdown: "# Page\n\n" + text(600), Declaration: fmt.Sprintf("struct Page%d", i)})
	}
	for i := range 20 {
		put(&document.Document{URI: fmt.Sprintf("swift-evolution://SE-%04d", i), Source: document.SourceSwiftEvolution,
			Title: fmt.Sprintf("Proposal %d", i), Content: text(200) + " zebrafish", Markdown: text(300)})
	}
	for i := range 5 {
		put(&document.Document{URI: fmt.Sprintf("hig://page%d", i), Source: document.SourceHIG, Title: fmt.Sprintf("Guide %d", i),
			Content: text(100), Markdown: text(100)})
	}
	return indextest.Build(t, docs...)
}

var (
	packed    testenv.Fixture[string] // a bundle folder shared by the tests that only read it
	packedDir string                  // removed by TestMain
)

// testBundle packs one fixture index for every test of the binary.
func testBundle(t *testing.T) string {
	t.Helper()
	return packed.Get(t, func() (string, error) {
		dir, err := os.MkdirTemp("", "cupertino-bundle-test")
		if err != nil {
			return "", err
		}
		packedDir = dir
		_, err = Pack(context.Background(), PackOptions{DBPath: buildIndex(t), OutDir: dir, BinaryVersion: "1.2.3"})
		return dir, err
	})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if packedDir != "" {
		os.RemoveAll(packedDir)
	}
	os.Exit(code)
}

// copyBundle copies the shared test bundle so a test may damage it.
func copyBundle(t *testing.T) string {
	t.Helper()
	return testenv.CopyDir(t, t.TempDir(), testBundle(t))
}

func TestPackIsReproducibleAndDescribesItself(t *testing.T) {
	db := buildIndex(t)
	a, b := t.TempDir(), t.TempDir()
	m, err := Pack(context.Background(), PackOptions{DBPath: db, OutDir: a, BinaryVersion: "v1.2.3-rc1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Pack(context.Background(), PackOptions{DBPath: db, OutDir: b, BinaryVersion: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	for _, name := range append([]string{ManifestFile}, PartFile("shared"), PartFile("search"), PartFile("apple-docs")) {
		x, _ := os.ReadFile(filepath.Join(a, name))
		y, _ := os.ReadFile(filepath.Join(b, name))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s differs between two packs of one index (%d and %d bytes)", name, len(x), len(y))
		}
	}
	want := map[string]int{"apple-docs": 300, "swift-evolution": 20, "hig": 5}
	if !reflect.DeepEqual(m.Documents, want) || m.MinBinaryVersion != "1.2.3" || m.SchemaVersion != index.SchemaVersion || m.CorpusDate == "" {
		t.Errorf("manifest %+v", m)
	}
	var names []string
	for _, p := range m.Parts {
		names = append(names, p.Name)
		sum, n, err := hashFile(filepath.Join(a, p.File))
		if err != nil || sum != p.SHA256 || n != p.Size || p.UnpackedSize <= p.Size {
			t.Errorf("part %s: listed %d bytes %s, file %d bytes %s (%v)", p.Name, p.Size, p.SHA256, n, sum, err)
		}
	}
	if got := strings.Join(names, ","); got != "shared,search,apple-docs,swift-evolution,hig" {
		t.Errorf("parts in order %s", got)
	}
}

// serve serves a bundle folder under /b/, so that its addresses have a
// folder in them as a real host's do.
func serve(t *testing.T, dir string) *testenv.FileServer { return testenv.ServeFiles(t, dir, "/b/") }

func manifestURL(srv *testenv.FileServer) string { return srv.URL + "/b/" + ManifestFile }

func open(t *testing.T, from string) *Remote {
	t.Helper()
	r, err := Open(context.Background(), from, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Backoff = 0
	return r
}

func installOpts(t *testing.T) InstallOptions {
	base := t.TempDir()
	return InstallOptions{DBPath: filepath.Join(base, "search.db"), DownloadDir: filepath.Join(base, "downloads"), BinaryVersion: "dev"}
}

func TestInstallResumesADroppedDownloadWithRange(t *testing.T) {
	srv := serve(t, testBundle(t))
	file := PartFile("apple-docs")
	srv.CutOnce(file, 4096)
	opts := installOpts(t)
	res, err := open(t, manifestURL(srv)).Install(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.Ranges(file); !reflect.DeepEqual(got, []string{"", "bytes=4096-"}) {
		t.Errorf("requests for %s had Range headers %q, want none then bytes=4096-", file, got)
	}
	if want := map[string]int{"apple-docs": 300, "swift-evolution": 20, "hig": 5}; !reflect.DeepEqual(indextest.Documents(t, opts.DBPath), want) ||
		!reflect.DeepEqual(res.Documents, want) {
		t.Errorf("installed %v, want %v", res.Documents, want)
	}
	in, err := installedIn(t, opts.DBPath)
	if err != nil || in.From != manifestURL(srv) || len(in.Sources) != 3 {
		t.Errorf("installed manifest %+v, %v", in, err)
	}
}

func TestInstallResumesAKilledRunsPartialFile(t *testing.T) {
	dir := testBundle(t)
	srv := serve(t, dir)
	r := open(t, manifestURL(srv))
	opts := installOpts(t)
	// What a run killed after 10 000 bytes leaves: the bytes, and the
	// origin they came from.
	p, partial := killedDownload(t, r, dir, opts, 10000)
	if err := writeOrigin(partial, srv.URL); err != nil {
		t.Fatal(err)
	}
	res, err := r.Install(context.Background(), opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := srv.Ranges(p.File); !reflect.DeepEqual(got, []string{"bytes=10000-"}) {
		t.Errorf("Range headers %q, want bytes=10000-", got)
	}
	if res.Downloaded >= r.Manifest.totalSize() {
		t.Errorf("downloaded %d bytes again, the bundle has %d", res.Downloaded, r.Manifest.totalSize())
	}
}

// killedDownload leaves in opts.DownloadDir what a run killed after n bytes
// of the apple-docs part leaves: those bytes in the part's .part file, whose
// path it returns with the part.
func killedDownload(t *testing.T, r *Remote, dir string, opts InstallOptions, n int) (Part, string) {
	t.Helper()
	var p Part
	for _, p = range r.Manifest.Parts {
		if p.Name == "apple-docs" {
			break
		}
	}
	data := testenv.ReadFile(t, filepath.Join(dir, p.File))
	partial := testenv.WriteFile(t, filepath.Join(opts.DownloadDir, downloadName(p))+".part", string(data[:n]))
	return p, partial
}

func (m *Manifest) totalSize() (n int64) {
	for _, p := range m.Parts {
		n += p.Size
	}
	return n
}

func TestInstallFromAServerThatIgnoresRange(t *testing.T) {
	srv := serve(t, testBundle(t))
	srv.IgnoreRange()
	srv.CutOnce(PartFile("search"), 1000)
	opts := installOpts(t)
	if _, err := open(t, manifestURL(srv)).Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if got := srv.Ranges(PartFile("search")); len(got) != 2 || got[1] != "bytes=1000-" {
		t.Errorf("Range headers %q", got)
	}
	if n := indextest.Documents(t, opts.DBPath)["hig"]; n != 5 {
		t.Errorf("%d hig pages installed", n)
	}
}

// A damaged part is refused before anything is installed: the previous
// index stays, with no in-flight file and no installed manifest.
func TestCorruptPartIsRefusedAndNothingInstalled(t *testing.T) {
	dir := copyBundle(t)
	path := filepath.Join(dir, PartFile("hig"))
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0xff
	os.WriteFile(path, data, 0o644)
	srv := serve(t, dir)
	for _, from := range []string{dir, manifestURL(srv)} {
		opts := installOpts(t)
		os.WriteFile(opts.DBPath, []byte("previous"), 0o644)
		_, err := open(t, from).Install(context.Background(), opts)
		if !errors.Is(err, ErrChecksum) {
			t.Errorf("from %s: %v, want ErrChecksum", from, err)
		}
		if got, _ := os.ReadFile(opts.DBPath); string(got) != "previous" {
			t.Errorf("from %s: the index was replaced", from)
		}
		for _, leftover := range []string{opts.DBPath + ".in-flight", LegacyInstalledPath(opts.DBPath)} {
			if _, err := os.Stat(leftover); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("from %s: %s exists", from, leftover)
			}
		}
		if files, _ := Downloads(opts.DownloadDir); from != dir {
			for _, f := range files {
				if strings.Contains(f.Path, PartFile("hig")) {
					t.Errorf("the damaged download %s was kept", f.Path)
				}
			}
		}
	}
}

func TestMissingBundleOrPartIsNotFound(t *testing.T) {
	dir := copyBundle(t)
	srv := serve(t, dir)
	if _, err := Open(context.Background(), srv.URL+"/b/nothing/manifest.json", nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing manifest: %v, want ErrNotFound", err)
	}
	if _, err := Open(context.Background(), t.TempDir(), nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("empty folder: %v, want ErrNotFound", err)
	}
	r := open(t, srv.URL+"/b/") // the folder's address finds manifest.json
	os.Remove(filepath.Join(dir, PartFile("swift-evolution")))
	opts := installOpts(t)
	if _, err := r.Install(context.Background(), opts); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "404") {
		t.Errorf("missing part: %v, want ErrNotFound with the 404", err)
	}
	if _, err := os.Stat(opts.DBPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("an index was installed without one of its parts")
	}
	srv.Close()
	if _, err := Open(context.Background(), manifestURL(srv), nil); !errors.Is(err, ErrNetwork) {
		t.Errorf("server gone: %v, want ErrNetwork", err)
	}
}

func TestIncompatibleBundleNamesTheVersionToInstall(t *testing.T) {
	base := Manifest{BundleVersion: Version, SchemaVersion: index.SchemaVersion, MinBinaryVersion: "2.1.0"}
	newer := base
	newer.SchemaVersion++
	older := base
	older.SchemaVersion--
	for name, c := range map[string]struct {
		m      Manifest
		binary string
		want   string
	}{
		"newer schema":     {newer, "2.1.0", "install cupertino 2.1.0 or later"},
		"older schema":     {older, "2.1.0", "run setup without --from"},
		"newer min binary": {base, "2.0.9", "install cupertino 2.1.0 or later"},
	} {
		err := c.m.Check(c.binary)
		if !errors.Is(err, ErrIncompatible) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrIncompatible saying %q", name, err, c.want)
		}
	}
	for _, binary := range []string{"2.1.0", "v2.2.0", "dev"} {
		if err := base.Check(binary); err != nil {
			t.Errorf("binary %s: %v", binary, err)
		}
	}
	// Install refuses it before downloading anything.
	dir := copyBundle(t)
	m, _ := ParseManifest(testenv.ReadFile(t, filepath.Join(dir, ManifestFile)))
	m.SchemaVersion++
	os.WriteFile(filepath.Join(dir, ManifestFile), m.encode(), 0o644)
	srv := serve(t, dir)
	if _, err := open(t, manifestURL(srv)).Install(context.Background(), installOpts(t)); !errors.Is(err, ErrIncompatible) {
		t.Errorf("install: %v, want ErrIncompatible", err)
	}
	if got := srv.Ranges(PartFile("shared")); len(got) != 0 {
		t.Errorf("an incompatible bundle's parts were downloaded")
	}
}

func TestBadManifestIsRefused(t *testing.T) {
	good := testenv.ReadFile(t, filepath.Join(testBundle(t), ManifestFile))
	for name, edit := range map[string]func(*Manifest){
		"path in a file name": func(m *Manifest) { m.Parts[0].File = "../../etc/passwd" },
		"short checksum":      func(m *Manifest) { m.Parts[1].SHA256 = "abc" },
		"no search part":      func(m *Manifest) { m.Parts = append(m.Parts[:1], m.Parts[2:]...) },
	} {
		var m Manifest
		json.Unmarshal(good, &m)
		edit(&m)
		if _, err := ParseManifest(m.encode()); !errors.Is(err, ErrManifest) {
			t.Errorf("%s: %v, want ErrManifest", name, err)
		}
	}
	if _, err := ParseManifest([]byte("<html>")); !errors.Is(err, ErrManifest) {
		t.Errorf("HTML for a manifest: %v", err)
	}
}

func TestLowDiskStopsBeforeDownloading(t *testing.T) {
	srv := serve(t, testBundle(t))
	opts := installOpts(t)
	opts.FreeSpace = func(string) (uint64, error) { return 1 << 10, nil }
	_, err := open(t, manifestURL(srv)).Install(context.Background(), opts)
	if !errors.Is(err, index.ErrLowDisk) || !strings.Contains(err.Error(), "setup needs") {
		t.Errorf("%v, want ErrLowDisk naming the space needed", err)
	}
	if got := srv.Ranges(PartFile("apple-docs")); len(got) != 0 {
		t.Errorf("downloaded with no room for it")
	}
}

func TestInstallSomeSources(t *testing.T) {
	r := open(t, testBundle(t))
	opts := installOpts(t)
	opts.Sources = []string{"hig", "swift-evolution"}
	if _, err := r.Install(context.Background(), opts); err != nil {
		t.Fatal(err)
	}
	if got := indextest.Documents(t, opts.DBPath); !reflect.DeepEqual(got, map[string]int{"swift-evolution": 20, "hig": 5}) {
		t.Errorf("installed %v", got)
	}
	st := indextest.Open(t, opts.DBPath)
	hits, err := st.SearchText(context.Background(), index.TextQuery{Match: `"zebrafish"`, Limit: 50})
	if err != nil || len(hits) != 20 {
		t.Errorf("full-text search after a partial install: %d hits, %v", len(hits), err)
	}
	opts.Sources = []string{"apple-archive"}
	if _, err := r.Install(context.Background(), opts); !errors.Is(err, ErrUnknownSource) {
		t.Errorf("a source the bundle lacks: %v, want ErrUnknownSource", err)
	}
}

func TestInstallWaitsForNoSave(t *testing.T) {
	opts := installOpts(t)
	lock, err := index.LockForSave(opts.DBPath)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Release()
	if _, err := open(t, testBundle(t)).Install(context.Background(), opts); !errors.Is(err, index.ErrLocked) {
		t.Errorf("install during a save: %v, want ErrLocked", err)
	}
}
