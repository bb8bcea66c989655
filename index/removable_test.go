package index

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestSaveLockListsWhatNothingReads(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "search.db")
	for _, name := range []string{"search.db", "search.db.in-flight", "search.db.bundle.json.in-flight",
		"search.audit.jsonl.in-flight", "search.db.previous", "other.db.in-flight"} {
		mustNoErr(t, os.WriteFile(filepath.Join(dir, name), []byte("12345"), 0o644))
	}
	lock, err := LockForSave(db)
	mustNoErr(t, err)
	files, err := lock.InFlight()
	mustNoErr(t, err)
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f.Path))
	}
	if got := joined(names); got != "search.db.bundle.json.in-flight,search.db.in-flight,search.audit.jsonl.in-flight" {
		t.Errorf("in-flight files: %s", got)
	}
	prev, ok, err := lock.Previous()
	if err != nil || !ok || prev.Path != PreviousPath(db) || prev.Size != 5 {
		t.Errorf("previous index: %+v %v %v", prev, ok, err)
	}
	// Leftovers, which doctor calls, sees the held lock as a running save.
	if _, running, _ := Leftovers(db); !running {
		t.Error("Leftovers does not see the held lock")
	}
	lock.Release()
	if _, err := lock.InFlight(); !errors.Is(err, ErrClosed) {
		t.Errorf("listing after release: %v, want ErrClosed", err)
	}
}
