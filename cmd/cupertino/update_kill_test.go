package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/bundle"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// An update killed with SIGKILL while it downloads a newer bundle leaves the
// installed index serving exactly as before (issue 30: "a killed update
// leaves the old index serving"), and the next update installs the newer
// one.
func TestKilledUpdateLeavesTheOldIndexServing(t *testing.T) {
	dir, docs, _, inst := installedDemoCopy(t)
	before := runOK(t, "search", "--base-dir", inst, "--format", "json", "Error")

	// A newer corpus, bundled and served slowly, so the kill lands mid-download.
	saveNewerErrorPage(t, dir, docs)
	newer := filepath.Join(t.TempDir(), "newer")
	runOK(t, "bundle", "--search-db", filepath.Join(dir, "search.db"), "--out", newer)
	srv := testenv.ServeFiles(t, newer, "/")
	file := bundle.PartFile("apple-docs")
	srv.Slow(file, 20*time.Millisecond)
	args := []string{"update", "--from", srv.URL + "/" + bundle.ManifestFile, "--base-dir", inst}
	killAfterDownloading(t, srv, file, 8192, args)

	if after := runOK(t, "search", "--base-dir", inst, "--format", "json", "Error"); after != before {
		t.Errorf("the killed update changed what the index answers:\nbefore %s\nafter %s", before, after)
	}
	if found := runOK(t, "search", "--base-dir", inst, "zeppelin"); strings.Contains(found, "apple-docs://swift/error") {
		t.Errorf("the killed update installed part of the newer bundle:\n%s", found)
	}

	srv.Slow(file, 0)
	if out := runOK(t, args...); !strings.Contains(out, "Installed:") {
		t.Errorf("the update after the kill did not install the newer bundle:\n%s", out)
	}
	if found := runOK(t, "search", "--base-dir", inst, "zeppelin"); !strings.Contains(found, "apple-docs://swift/error") {
		t.Errorf("after the second update the index lacks the new text:\n%s", found)
	}
}
