package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/enrich"
	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

func TestEnrichFlags(t *testing.T) {
	io, _, _ := cmdTestIO(false)
	var got *enrichOptions
	cmd := newEnrichCmd(io, func(_ context.Context, o *enrichOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--search-db", "/x/s.db", "--pass", "synonyms", "--pass", "hierarchy,relationships",
		"--symbolgraph-dir", "/graphs"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if got.path() != "/x/s.db" || got.SymbolGraphDir != "/graphs" ||
		!slices.Equal(got.Passes, []string{"synonyms", "hierarchy", "relationships"}) {
		t.Errorf("options = %+v", got)
	}
}

// copyIndex gives a test its own copy of the demo index.
func copyIndex(t *testing.T) string {
	t.Helper()
	data := testenv.ReadFile(t, demoIndex(t))
	path := filepath.Join(t.TempDir(), "search.db")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestSaveRunsTheEnrichPasses(t *testing.T) {
	st := indextest.Open(t, demoIndex(t))
	passes := indextest.Column[string](t, indextest.DB(t, st), "SELECT pass FROM enrich_runs ORDER BY rowid")
	if !slices.Equal(passes, enrich.PassNames()) {
		t.Errorf("save recorded passes %v, want %v", passes, enrich.PassNames())
	}
}

func TestEnrichCommandReRunsIdempotently(t *testing.T) {
	path := copyIndex(t)
	run := func(args ...string) (string, int) {
		io, out, errb := cmdTestIO(false)
		code := run(append([]string{"enrich", "--search-db", path}, args...), io)
		if code != exitOK {
			t.Logf("stderr: %s", errb)
		}
		return out.String(), code
	}
	out, code := run()
	if code != exitOK {
		t.Fatalf("enrich exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(enrich.PassNames()) {
		t.Fatalf("enrich printed %d lines:\n%s", len(lines), out)
	}
	// save already ran every pass: a re-run finds nothing to change.
	changed := regexp.MustCompile(`, (\d+) rows changed, `)
	for _, l := range lines {
		if m := changed.FindStringSubmatch(l); m == nil || m[1] != "0" {
			t.Errorf("re-run after save changed rows: %s", l)
		}
	}
	if !strings.Contains(out, "constraints: ") || !strings.Contains(out, "no --symbolgraph-dir, skipped") {
		t.Errorf("constraints line:\n%s", out)
	}
	if _, code := run("--pass", "nope"); code != exitUsage {
		t.Errorf("unknown pass: exit %d, want %d", code, exitUsage)
	}
	if _, code := run("--symbolgraph-dir", filepath.Join(t.TempDir(), "none")); code != exitUsage {
		t.Errorf("missing graph dir: exit %d, want %d", code, exitUsage)
	}
	b, err := index.CreateFrom(path, path, index.BuildOptions{SkipDiskCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Abort()
	if _, code := run(); code != exitLocked {
		t.Errorf("enrich during a save: exit %d, want %d", code, exitLocked)
	}
}
