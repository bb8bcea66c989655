package index

import (
	"context"
	"os"
	"testing"
)

// `cupertino enrich` edits a copy of a committed index and renames it over
// the index on Close: the committed file is never written in place, which
// is what lets readers open it immutable.
func TestOpenForEnrichEditsACopyAndReplacesTheIndex(t *testing.T) {
	ctx := context.Background()
	path := buildFixture(t)
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	x, err := OpenForEnrich(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if x.Path() == path {
		t.Fatalf("enrich edits %s itself", path)
	}
	tx, err := x.BeginPass(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := tx.RecordRun(ctx, "test-pass", "1", 3, 1, "2026-11-29T00:00:00Z"); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if during, err := os.Stat(path); err != nil || !os.SameFile(before, during) || during.ModTime() != before.ModTime() {
		t.Fatalf("the committed index changed while enrich ran: %v", err)
	}
	if err := x.Close(); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if os.SameFile(before, after) {
		t.Error("the index is the same file after enrich: edited in place")
	}
	if _, err := os.Stat(x.Path()); !os.IsNotExist(err) {
		t.Errorf("the edited copy %s is left behind: %v", x.Path(), err)
	}
	y, err := OpenForEnrich(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer y.Close()
	runs, err := y.Runs(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range runs {
		found = found || r.Pass == "test-pass"
	}
	if !found {
		t.Errorf("the pass's run is not in the replaced index: %+v", runs)
	}
}
