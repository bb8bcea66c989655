package main

import (
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readsAsAFault are the words of doctor's report that make a newcomer think
// something is broken.
var readsAsAFault = regexp.MustCompile(`(?i)\bmissing\b|not found|\bFAIL\b|\bskips\b`)

// TestDoctorKnowsTheDemoIndex: right after `make demo` doctor passes, says
// the index is the demo, what it leaves out and how to get the real one,
// and has no line that reads as a fault (no source folder is "missing":
// the demo needs none).
func TestDoctorKnowsTheDemoIndex(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	if err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: t.TempDir(), SearchDB: db}}); err != nil {
		t.Fatalf("doctor on the demo index: %v\n%s", err, out)
	}
	report := out.String()
	for _, want := range []string{"the demo index (`make demo`)", "not included:", "`cupertino setup` downloads the real index",
		"Source folders under", "none: the demo was saved from testdata/demo", "hig              1 document, fetched "} {
		if !strings.Contains(report, want) {
			t.Errorf("doctor on the demo lacks %q:\n%s", want, report)
		}
	}
	clients := strings.Index(report, "MCP clients") // advice about clients is not the index's health
	if clients < 0 {
		clients = len(report)
	}
	for _, line := range strings.Split(report[:clients], "\n") {
		if readsAsAFault.MatchString(line) {
			t.Errorf("a line that reads as a fault on a healthy demo: %q", line)
		}
	}
}

// An index saved from anywhere else is not the demo, and a source folder
// that is absent is stated once, as what save does about it.
func TestDoctorOnAnIndexThatIsNotTheDemo(t *testing.T) {
	dir, _ := savedDemoCopy(t) // apple-docs from dir/docs, the rest from testdata/demo
	io, out, _ := cmdTestIO(false)
	if err := runDoctor(context.Background(), &doctorOptions{IO: io, DB: dbFlags{BaseDir: dir, SearchDB: filepath.Join(dir, "search.db")}}); err != nil {
		t.Fatalf("doctor: %v\n%s", err, out)
	}
	report := out.String()
	if strings.Contains(report, "demo") {
		t.Errorf("an index saved from elsewhere called the demo:\n%s", report)
	}
	for _, want := range []string{"apple-docs       " + filepath.Join(dir, "docs"), "no folder for swift-evolution, swift-book,", "save keeps what the index holds of them"} {
		if !strings.Contains(report, want) {
			t.Errorf("doctor lacks %q:\n%s", want, report)
		}
	}
}
