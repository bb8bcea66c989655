package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/verify"
)

// verifySource uses the demo index's SwiftUI pages, one misspelt modifier
// and a project type declared in a second file.
const verifySource = `import SwiftUI

struct CounterView: View {
    @State private var count = 0
    var body: some View {
        Text("\(count)")
            .paddign()
            .padding()
            .badge(Counter.initial)
    }
}
`

func writeVerifyProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, code := range map[string]string{
		"CounterView.swift": verifySource,
		"Counter.swift":     "enum Counter { static let initial = 0 }\nextension View { func badge(_ n: Int) -> some View { self } }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func runVerifyCmd(t *testing.T, tty bool, args ...string) (string, error) {
	t.Helper()
	io, out, _ := cmdTestIO(tty)
	cmd := newVerifyCmd(io, runVerify)
	cmd.SetArgs(append([]string{"--search-db", demoIndex(t)}, args...))
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func TestVerifyText(t *testing.T) {
	dir := writeVerifyProject(t)
	for _, tty := range []bool{true, false} {
		out, err := runVerifyCmd(t, tty, dir)
		if !errors.Is(err, errFindings) || exitCode(err) != exitFindings {
			t.Fatalf("tty=%v: err = %v, want the findings exit code", tty, err)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if !strings.Contains(lines[0], "CounterView.swift:7: unknown Text.paddign") || !strings.Contains(lines[0], "nearest: View.padding") {
			t.Errorf("tty=%v: the finding comes first, with the nearest name:\n%s", tty, out)
		}
		if !strings.Contains(out, "Resolved (") || !strings.Contains(out, "apple-docs://swiftui/text") {
			t.Errorf("tty=%v: the resolved references are cited:\n%s", tty, out)
		}
		if strings.Contains(out, "Counter") && strings.Contains(out, "unknown Counter") || strings.Contains(out, "unknown .badge") {
			t.Errorf("tty=%v: the project's own names are not unknown:\n%s", tty, out)
		}
		if sum := lines[len(lines)-2]; !strings.HasPrefix(sum, "2 files, ") || !strings.Contains(sum, "1 unknown") {
			t.Errorf("tty=%v: summary %q", tty, sum)
		}
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, "Index: ") {
			t.Errorf("tty=%v: the last line says how old the index is: %q", tty, last)
		}
	}
}

func TestVerifyTTYShortensCitations(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("import SwiftUI\n")
	// More distinct resolved references than a terminal shows.
	for _, name := range []string{"View", "Text", "State", "NavigationLink", "ListStyle", "Array", "Hashable", "URL", "URLSession",
		"Task", "Error", "FloatingPoint", "NSURL", "UIButton", "UIControl", "Scale", "SwiftUI.Text", "Swift.Array"} {
		b.WriteString("let _: " + name + "? = nil\n")
	}
	b.WriteString("let u = URL(string: \"a\")?.absoluteString\nlet s = URLSession.shared.dataTask(with: u!) { _, _, _ in }\n")
	if err := os.WriteFile(filepath.Join(dir, "Many.swift"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	pipe, _ := runVerifyCmd(t, false, dir)
	term, _ := runVerifyCmd(t, true, dir)
	if strings.Contains(pipe, "more\n") {
		t.Errorf("a pipe gets every citation:\n%s", pipe)
	}
	if strings.Count(pipe, "apple-docs://") > ttyCitations && !strings.Contains(term, "more\n") {
		t.Errorf("a terminal shows at most %d citations:\n%s", ttyCitations, term)
	}
}

func TestVerifyJSON(t *testing.T) {
	out, err := runVerifyCmd(t, false, "--format", "json", "--min-ios", "13.0", writeVerifyProject(t))
	if !errors.Is(err, errFindings) {
		t.Fatalf("err = %v", err)
	}
	var rep verify.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].Symbol != "Text.paddign" || rep.Findings[0].Line != 7 || rep.Targets[0] != "iOS 13.0" {
		t.Errorf("findings %+v targets %v", rep.Findings, rep.Targets)
	}
	lines := map[string]int{}
	for _, r := range rep.References {
		if r.File == "" || r.Line == 0 || r.Status == "" {
			t.Errorf("a reference carries file, line and status: %+v", r)
		}
		lines[r.Symbol] = r.Line
	}
	if lines["Text"] != 6 || lines[".padding"] != 8 {
		t.Errorf("reference lines %v", lines)
	}
}

func TestVerifyUsageAndClean(t *testing.T) {
	if _, err := runVerifyCmd(t, false, "--min-ios", "seventeen", "x.swift"); exitCode(err) != exitUsage {
		t.Errorf("a bad target: %v", err)
	}
	if _, err := runVerifyCmd(t, false, "--format", "yaml", "x.swift"); exitCode(err) != exitUsage {
		t.Errorf("a bad format: %v", err)
	}
	clean := filepath.Join(t.TempDir(), "Clean.swift")
	if err := os.WriteFile(clean, []byte("import SwiftUI\nlet t = Text(\"a\").padding()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runVerifyCmd(t, false, clean)
	if err != nil || !strings.Contains(out, "no findings") {
		t.Errorf("clean code exits 0: %v\n%s", err, out)
	}
}

// TestVerifyNewerThanIndex pins issue 30's acceptance: a name the index
// lacks, inside code guarded for a version newer than any the index's
// documentation lists, is "newer than the index (crawled …)", not unknown;
// the same mistake outside the guard stays unknown.
func TestVerifyNewerThanIndex(t *testing.T) {
	dir := t.TempDir()
	code := `import SwiftUI

struct Future: View {
    var body: some View {
        if #available(iOS 99, *) {
            Text("a").liquidMirrorEffect()
        }
        Text("b").paddign()
    }
}

@available(iOS 99.1, *)
struct Later: View {
    var body: some View {
        Text("c").holoShimmer()
    }
}
`
	file := filepath.Join(dir, "Future.swift")
	if err := os.WriteFile(file, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runVerifyCmd(t, false, file)
	if !errors.Is(err, errFindings) {
		t.Fatalf("err = %v, want findings (the misspelt padding):\n%s", err, out)
	}
	for _, want := range []string{
		"Future.swift:6: newer than the index Text.liquidMirrorEffect: newer than the index (crawled ",
		"guarded for iOS 99",
		"Future.swift:15: newer than the index Text.holoShimmer",
		"Future.swift:8: unknown Text.paddign",
		"2 newer than the index",
		"\nIndex: crawled ",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "unknown Text.liquidMirrorEffect") || strings.Contains(out, "unknown Text.holoShimmer") {
		t.Errorf("a name inside code for iOS 99 is reported unknown:\n%s", out)
	}
	jsonOut, _ := runVerifyCmd(t, false, "--format", "json", file)
	var rep struct {
		Index    string           `json:"index"`
		Counts   map[string]int   `json:"counts"`
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal([]byte(jsonOut), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Counts["newer_than_index"] != 2 || len(rep.Findings) != 1 || !strings.HasPrefix(rep.Index, "crawled ") {
		t.Errorf("json: counts %v, %d findings, index %q", rep.Counts, len(rep.Findings), rep.Index)
	}
}
