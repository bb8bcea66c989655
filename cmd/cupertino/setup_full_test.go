package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestSetupTheFullBundle is the release path on the full index
// (CUPERTINO_DB): `cupertino bundle`, then `cupertino setup` from a server
// on 127.0.0.1 into a fresh base dir, then doctor and search; the installed
// index holds what the bundled one does, to the row counts and pages. The bundle
// must stay within 300 MB and setup within 60 s; the figures go to the log
// and to docs/benchmarks.md.
func TestSetupTheFullBundle(t *testing.T) {
	db := testenv.FullIndexDB(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "bundle")
	io := testStreams()
	start := time.Now()
	if code := run([]string{"bundle", "--search-db", db, "--out", out}, io); code != exitOK {
		t.Fatalf("bundle: exit %d\n%s", code, io.Err)
	}
	t.Logf("bundle: %s\n%s", time.Since(start).Round(100*time.Millisecond), io.Out)
	m, err := bundle.ParseManifest(testenv.ReadFile(t, filepath.Join(out, bundle.ManifestFile)))
	if err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, p := range m.Parts {
		total += p.Size
	}
	if total > 300e6 {
		t.Errorf("the bundle is %.1f MB, over the 300 MB budget", float64(total)/1e6)
	}

	srv := testenv.ServeFiles(t, out, "/")
	base := filepath.Join(dir, "fresh")
	io = testStreams()
	start = time.Now()
	code := run([]string{"setup", "--from", srv.URL + "/" + bundle.ManifestFile, "--base-dir", base, "--yes"}, io)
	took := time.Since(start)
	if code != exitOK {
		t.Fatalf("setup: exit %d\n%s", code, io.Err)
	}
	t.Logf("setup: %s (%.1f MB bundle)\n%s\n%s", took.Round(100*time.Millisecond), float64(total)/1e6, io.Err, io.Out)
	if took > time.Minute {
		t.Errorf("setup took %s, over the 60 s budget", took.Round(time.Second))
	}

	io = testStreams()
	if code := run([]string{"doctor", "--base-dir", base}, io); code != exitOK {
		t.Errorf("doctor: exit %d\n%s", code, io.Out)
	}
	// search answers on the installed index exactly as on the bundled one.
	for _, query := range []string{"URLSession dataTask", "swift-evolution actors", "hig buttons", "@MainActor view"} {
		installed, original := testStreams(), testStreams()
		code := run([]string{"search", "--base-dir", base, "--format", "json", query}, installed)
		run([]string{"search", "--search-db", db, "--format", "json", query}, original)
		got, want := installed.Out.(*bytes.Buffer).String(), original.Out.(*bytes.Buffer).String()
		if code != exitOK || got != want || !strings.Contains(got, `"uri"`) {
			t.Errorf("search %q: exit %d, results differ from the bundled index's:\n%.1500s\nwant\n%.1500s", query, code, got, want)
		}
	}
	installed := filepath.Join(base, "search.db")
	if got, want := indextest.Documents(t, installed), indextest.Documents(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("installed %v, the index holds %v", got, want)
	}
	if got, want := indextest.Shape(t, installed), indextest.Shape(t, db); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("installed %v, the index holds %v", got, want)
	}
	// A page's every field comes through the parts byte for byte.
	before, after := indextest.Open(t, db), indextest.Open(t, installed)
	for _, uri := range []string{"apple-docs://swift/error", "apple-docs://swiftui/view", "swift-evolution://SE-0306"} {
		a, errA := before.Document(context.Background(), uri)
		b, errB := after.Document(context.Background(), uri)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s differs after setup (%v, %v)", uri, errA, errB)
		}
	}
}
