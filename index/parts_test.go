package index

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
)

// exportAll writes every part of the index at dbPath into dir and returns
// the paths by part name ("shared", "search" or a source).
func exportAll(t testing.TB, dbPath, dir string) map[string]string {
	t.Helper()
	ctx := context.Background()
	st := openStore(t, dbPath)
	sources, err := st.Sources(ctx)
	mustNoErr(t, err)
	paths := map[string]string{}
	export := func(kind, source string) {
		name := partName(kind, source)
		out := filepath.Join(dir, name+".part.db")
		if _, err := ExportPart(ctx, dbPath, kind, source, out); err != nil {
			t.Fatalf("export %s: %v", name, err)
		}
		paths[name] = out
	}
	export(PartShared, "")
	export(PartSearch, "")
	for s := range sources {
		export(PartSource, s)
	}
	return paths
}

func pick(paths map[string]string, names ...string) []string {
	var out []string
	for _, n := range names {
		out = append(out, paths[n])
	}
	return out
}

// storedDocs reads every document of the store by URI.
func storedDocs(t testing.TB, st *Store) map[string]*StoredDocument {
	t.Helper()
	out := map[string]*StoredDocument{}
	for _, uri := range queryStrings(t, st.db, "SELECT uri FROM docs") {
		d, err := st.Document(context.Background(), uri)
		mustNoErr(t, err)
		out[uri] = d
	}
	return out
}

func TestPartsRoundTripEveryRow(t *testing.T) {
	src := buildFixture(t)
	paths := exportAll(t, src, t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	res, err := ImportParts(context.Background(), dst, pick(paths, "shared", "search", document.SourceAppleDocs, document.SourceSwiftEvolution),
		ImportOptions{SkipDiskCheck: true})
	mustNoErr(t, err)
	if res.Documents[document.SourceAppleDocs] != 6 || res.Documents[document.SourceSwiftEvolution] != 1 {
		t.Errorf("imported %v, want 6 apple-docs and 1 swift-evolution", res.Documents)
	}
	before, after := openStore(t, src), openStore(t, dst)
	want, got := storedDocs(t, before), storedDocs(t, after)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("documents differ after the round trip")
		for uri := range want {
			if !reflect.DeepEqual(got[uri], want[uri]) {
				t.Errorf("%s:\n got %+v\nwant %+v", uri, got[uri], want[uri])
			}
		}
	}
	// The bodies are the very bytes the Builder wrote, not a re-encoding.
	q := "SELECT group_concat(hex(markdown) || hex(coalesce(page, '')), ',') FROM (SELECT * FROM doc_body ORDER BY doc_id)"
	if a, b := queryStrings(t, before.db, q), queryStrings(t, after.db, q); !reflect.DeepEqual(a, b) {
		t.Error("doc_body bytes differ after the round trip")
	}
	for _, expr := range []string{`"padding"`, `"actors"`, `{symbols}: "lazyvgrid"`} {
		if a, b := match(t, before.db, expr), match(t, after.db, expr); joined(a) != joined(b) || len(a) == 0 {
			t.Errorf("MATCH %s: %v after import, %v before", expr, b, a)
		}
	}
	if n := queryInt(t, after.db, "SELECT count(*) FROM doc_symbols_fts WHERE doc_symbols_fts MATCH 'datatask'"); n != 1 {
		t.Errorf("symbol index finds dataTask %d times, want 1", n)
	}
	if n := queryInt(t, after.db, "SELECT count(*) FROM source_files"); n != 0 {
		t.Errorf("the packer's save manifest travelled: %d rows", n)
	}
	mustNoErr(t, after.CheckSchema(context.Background()))
	mustNoErr(t, after.IntegrityCheck(context.Background(), true))
	m, err := after.Meta(context.Background())
	mustNoErr(t, err)
	wm, _ := before.Meta(context.Background())
	if m[MetaBuiltAt] != wm[MetaBuiltAt] || m[MetaDocCount] != "7" || m[MetaVersion] != "test" {
		t.Errorf("meta after import %v, want built_at %s and 7 documents", m, wm[MetaBuiltAt])
	}
	fws, err := after.Frameworks(context.Background())
	mustNoErr(t, err)
	if len(fws) != 2 || fws[1].DisplayName != "SwiftUI" || fws[1].DocCount != 5 {
		t.Errorf("frameworks after import: %+v", fws)
	}
}

func TestImportLeavesOutSources(t *testing.T) {
	src := buildFixture(t)
	paths := exportAll(t, src, t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	_, err := ImportParts(context.Background(), dst, pick(paths, "shared", "search", document.SourceSwiftEvolution), ImportOptions{SkipDiskCheck: true})
	mustNoErr(t, err)
	st := openStore(t, dst)
	if n := queryInt(t, st.db, "SELECT count(*) FROM docs"); n != 1 {
		t.Fatalf("%d documents, want the one swift-evolution page", n)
	}
	if got := match(t, st.db, `"padding"`); len(got) != 0 {
		t.Errorf("full-text rows of a left-out source remain: %v", got)
	}
	if got := match(t, st.db, `"actors"`); joined(got) != "swift-evolution://SE-0306" {
		t.Errorf("MATCH actors: %v", got)
	}
	mustNoErr(t, st.IntegrityCheck(context.Background(), true))
}

func TestExportIsReproducible(t *testing.T) {
	src := buildFixture(t)
	first := exportAll(t, src, t.TempDir())
	time.Sleep(1100 * time.Millisecond) // a timestamp would now differ
	second := exportAll(t, src, t.TempDir())
	for name, path := range first {
		a, err := os.ReadFile(path)
		mustNoErr(t, err)
		b, err := os.ReadFile(second[name])
		mustNoErr(t, err)
		if !bytes.Equal(a, b) {
			t.Errorf("part %s differs between two exports of one index", name)
		}
	}
}

func TestImportRefusesPartsOfTwoIndexes(t *testing.T) {
	a := exportAll(t, buildFixture(t), t.TempDir())
	// A second index whose ids differ: one more page first.
	bld, dbB := newBuilder(t)
	mustNoErr(t, bld.Put(&document.Document{URI: "hig://buttons", Source: document.SourceHIG, Title: "Buttons"}))
	putAll(t, bld, fixtureDocs())
	mustNoErr(t, bld.Commit(context.Background()))
	b := exportAll(t, dbB, t.TempDir())

	dst := filepath.Join(t.TempDir(), "search.db")
	mustNoErr(t, os.WriteFile(dst, []byte("previous"), 0o644))
	_, err := ImportParts(context.Background(), dst, []string{a["shared"], b["search"], a[document.SourceAppleDocs]}, ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("mixed parts: %v, want ErrCorrupt", err)
	}
	if got, _ := os.ReadFile(dst); string(got) != "previous" {
		t.Errorf("a refused import changed the index: %q", got)
	}
	if _, err := os.Stat(dst + ".in-flight"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a refused import left its in-flight file: %v", err)
	}
	_, err = ImportParts(context.Background(), dst, []string{a["shared"], a[document.SourceAppleDocs]}, ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("no search part: %v, want ErrCorrupt", err)
	}
	_, err = ImportParts(context.Background(), dst, []string{a["shared"], a["search"], dst}, ImportOptions{SkipDiskCheck: true})
	if !errors.Is(err, ErrCorrupt) {
		t.Errorf("a file that is no part: %v, want ErrCorrupt", err)
	}
}

func TestImportKeepsPreviousAndWritesMeta(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	mustNoErr(t, os.WriteFile(dst, []byte("previous"), 0o644))
	res, err := ImportParts(context.Background(), dst, pick(paths, "shared", "search", document.SourceAppleDocs),
		ImportOptions{SkipDiskCheck: true, KeepPrevious: true, Meta: map[string]string{MetaBundleManifest: "{}"}})
	mustNoErr(t, err)
	if got, _ := os.ReadFile(res.Previous); res.Previous != PreviousPath(dst) || string(got) != "previous" {
		t.Errorf("previous index %q holds %q", res.Previous, got)
	}
	meta, err := openStore(t, dst).Meta(context.Background())
	if err != nil || meta[MetaBundleManifest] != "{}" {
		t.Errorf("meta %s = %q, %v", MetaBundleManifest, meta[MetaBundleManifest], err)
	}
}

func TestImportNeedsFreeSpaceAndTheLock(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	parts := pick(paths, "shared", "search", document.SourceAppleDocs)
	full := func(string) (uint64, error) { return 1024, nil }
	if _, err := ImportParts(context.Background(), dst, parts, ImportOptions{FreeSpace: full}); !errors.Is(err, ErrLowDisk) {
		t.Errorf("full disk: %v, want ErrLowDisk", err)
	}
	lock, err := LockForSave(dst)
	mustNoErr(t, err)
	defer lock.Release()
	if _, err := ImportParts(context.Background(), dst, parts, ImportOptions{SkipDiskCheck: true}); !errors.Is(err, ErrLocked) {
		t.Errorf("import while a save runs: %v, want ErrLocked", err)
	}
	if _, err := ImportParts(context.Background(), dst, parts, ImportOptions{SkipDiskCheck: true, Lock: lock}); err != nil {
		t.Errorf("import under the caller's lock: %v", err)
	}
}

func TestCancelledImportLeavesNothing(t *testing.T) {
	paths := exportAll(t, buildFixture(t), t.TempDir())
	dst := filepath.Join(t.TempDir(), "search.db")
	ctx, cancel := context.WithCancel(context.Background())
	steps := 0
	_, err := ImportParts(ctx, dst, pick(paths, "shared", "search", document.SourceAppleDocs), ImportOptions{
		SkipDiskCheck: true,
		Step: func(string) {
			if steps++; steps == 2 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled import: %v, want context.Canceled", err)
	}
	entries, _ := filepath.Glob(dst + "*")
	if len(entries) != 0 {
		t.Errorf("a cancelled import left %v", entries)
	}
}
