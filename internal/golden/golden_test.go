package golden

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// recordingTB is a testing.TB that keeps what a check reports instead of
// failing the real test, so the checks' failures can themselves be tested.
type recordingTB struct {
	testing.TB
	name   string
	errors []string
	fatal  bool
}

func (r *recordingTB) Helper()             {}
func (r *recordingTB) Name() string        { return r.name }
func (r *recordingTB) Logf(string, ...any) {}
func (r *recordingTB) Errorf(f string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(f, a...))
}
func (r *recordingTB) Fatal(a ...any) {
	r.errors = append(r.errors, fmt.Sprint(a...))
	r.fatal = true
}
func (r *recordingTB) Fatalf(f string, a ...any) { r.Fatal(fmt.Sprintf(f, a...)) }

// withFlags sets -update and CI for one test; the test binary's own -update
// is never in play here.
func withFlags(t *testing.T, updating bool, ci string) {
	old := *update
	*update = updating
	t.Cleanup(func() { *update = old })
	t.Setenv("CI", ci)
}

func TestCheckPassesOnEqualAndFailsOnDifference(t *testing.T) {
	withFlags(t, false, "")
	path := filepath.Join(t.TempDir(), "out.golden")
	if err := os.WriteFile(path, []byte("one\ntwo\nthree\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := &recordingTB{name: "TestX/sub"}
	Check(tb, path, []byte("one\ntwo\nthree\n"))
	if len(tb.errors) != 0 {
		t.Fatalf("equal output reported %v", tb.errors)
	}
	Check(tb, path, []byte("one\n2\nthree\n"))
	if len(tb.errors) != 1 {
		t.Fatalf("a changed line reported %d errors, want 1", len(tb.errors))
	}
	msg := tb.errors[0]
	for _, want := range []string{"differs from its golden file", "@@ line 2 @@", "- two", "+ 2", "-run '^TestX$' -update"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
}

func TestMissingGoldenFailsAndCIRefusesUpdate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new.golden")

	withFlags(t, false, "")
	tb := &recordingTB{name: "TestX"}
	Check(tb, path, []byte("x\n"))
	if len(tb.errors) != 1 || !strings.Contains(tb.errors[0], "golden file missing") || !strings.Contains(tb.errors[0], "-update") {
		t.Errorf("missing golden, locally: %v", tb.errors)
	}

	withFlags(t, false, "true")
	tb = &recordingTB{name: "TestX"}
	Check(tb, path, []byte("x\n"))
	if len(tb.errors) != 1 || !strings.Contains(tb.errors[0], "CI never writes them") {
		t.Errorf("missing golden under CI: %v", tb.errors)
	}

	withFlags(t, true, "true")
	tb = &recordingTB{name: "TestX"}
	Check(tb, path, []byte("x\n"))
	if !tb.fatal {
		t.Errorf("-update under CI was not refused: %v", tb.errors)
	}
	if _, err := os.Stat(path); err == nil {
		t.Error("-update under CI wrote the golden")
	}

	withFlags(t, true, "false")
	tb = &recordingTB{name: "TestX"}
	Check(tb, path, []byte("x\n"))
	if len(tb.errors) != 0 {
		t.Fatalf("-update with CI=false: %v", tb.errors)
	}
	if err := Compare(path, []byte("x\n")); err != nil {
		t.Errorf("after -update: %v", err)
	}
}

func TestCheckDirReportsMissingChangedAndStale(t *testing.T) {
	dir := t.TempDir()
	files := map[string][]byte{"a.snap": []byte("a\n"), "b.snap": []byte("b\n")}

	withFlags(t, true, "")
	if err := os.WriteFile(filepath.Join(dir, "gone.snap"), []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.md"), []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := &recordingTB{name: "TestX"}
	CheckDir(tb, dir, "*.snap", files)
	if len(tb.errors) != 0 {
		t.Fatalf("update: %v", tb.errors)
	}
	if _, err := os.Stat(filepath.Join(dir, "gone.snap")); err == nil {
		t.Error("-update kept a stale golden")
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.md")); err != nil {
		t.Error("-update removed a file outside the pattern")
	}

	withFlags(t, false, "")
	if err := CompareDir(dir, "*.snap", files); err != nil {
		t.Fatalf("fresh goldens differ: %v", err)
	}
	changed := map[string][]byte{"a.snap": []byte("A\n"), "c.snap": []byte("c\n")}
	err := CompareDir(dir, "*.snap", changed)
	for _, want := range []error{ErrMismatch, ErrMissing, ErrStale} {
		if !errors.Is(err, want) {
			t.Errorf("CompareDir = %v, want it to wrap %v", err, want)
		}
	}
	tb = &recordingTB{name: "TestX"}
	CheckDir(tb, dir, "*.snap", changed)
	if len(tb.errors) != 1 || !strings.Contains(tb.errors[0], "b.snap: golden file no longer produced") {
		t.Errorf("CheckDir errors = %v", tb.errors)
	}
}

func TestDiff(t *testing.T) {
	for _, c := range []struct{ want, got, diff string }{
		{"a\nb\nc\n", "a\nc\n", "@@ line 2 @@\n- b"},
		{"a\nc\n", "a\nb\nc\n", "@@ line 2 @@\n+ b"},
		{"1\n2\n3\n4\n", "1\nx\n3\ny\n", "@@ line 2 @@\n- 2\n+ x\n@@ line 4 @@\n- 4\n+ y"},
		{"same\n", "same\n", ""},
	} {
		if got := Diff(c.want, c.got); got != c.diff {
			t.Errorf("Diff(%q, %q) =\n%s\nwant\n%s", c.want, c.got, got, c.diff)
		}
	}
	// A long difference is cut, and says how much there is.
	var a, b []string
	for i := range 100 {
		a = append(a, fmt.Sprint("old ", i))
		b = append(b, fmt.Sprint("new ", i))
	}
	d := Diff(strings.Join(a, "\n"), strings.Join(b, "\n"))
	if n := strings.Count(d, "\n"); n > maxDiffLines+2 || !strings.Contains(d, "200 changed lines in all") {
		t.Errorf("long diff has %d lines:\n%s", n, d)
	}
}
