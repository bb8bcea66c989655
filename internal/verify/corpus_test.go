package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// maxUnknownPer1000 is the bar for false positives on Apple's own
// sample code, which is real, correct Swift.
const maxUnknownPer1000 = 2.0

// sampleProjects reads every sample-code project of the real corpus.
func sampleProjects(t *testing.T) map[string][]File {
	t.Helper()
	root := testenv.CorpusPath(t, "sample-code")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]File{}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, _, err := ReadPaths(context.Background(), []string{filepath.Join(root, e.Name())})
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = files
	}
	if len(out) < 600 {
		t.Fatalf("%d sample projects, want the corpus's 606", len(out))
	}
	return out
}

func fullTable(t *testing.T) *IndexTable {
	t.Helper()
	table, err := OpenIndexTable(testenv.FullIndexDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { table.Close() })
	return table
}

// TestSampleCodeFalsePositives runs verify over every sample project and
// holds the unknown findings at or under 2 per 1,000 lines of Swift.
func TestSampleCodeFalsePositives(t *testing.T) {
	projects := sampleProjects(t)
	c := &Checker{Table: fullTable(t)}
	lines, unknown := 0, 0
	bySymbol := map[string]int{}
	slips := 0
	byStatus := map[Status]int{}
	for name, files := range projects {
		rep, err := c.Check(context.Background(), files, Options{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lines += rep.Lines
		for _, f := range rep.Findings {
			if f.Status.SaysMissing() {
				unknown++
				byStatus[f.Status]++
				bySymbol[string(f.Status)+" "+f.Symbol]++
				if os.Getenv("VERIFY_DUMP") != "" && f.Status != Unknown {
					fmt.Printf("DUMP %s %s:%d %s %s | %s\n", name, f.File, f.Line, f.Status, f.Symbol, f.Why)
				}
				if strings.Contains(f.Why, "one slip") {
					slips++
				}
			}
		}
	}
	rate := float64(unknown) * 1000 / float64(lines)
	t.Logf("%d projects, %d lines of Swift, %d findings that say an API does not exist: %.2f per 1,000 lines", len(projects), lines, unknown, rate)
	t.Logf("by status: %v", byStatus)
	t.Logf("%d of them one slip from an API where the receiver or an import could not be checked", slips)
	type count struct {
		sym string
		n   int
	}
	var top []count
	for s, n := range bySymbol {
		top = append(top, count{s, n})
	}
	sort.Slice(top, func(i, j int) bool { return top[i].n > top[j].n || top[i].n == top[j].n && top[i].sym < top[j].sym })
	var b strings.Builder
	for i := 0; i < len(top) && i < 150; i++ {
		b.WriteString(fmt.Sprintf(" %s=%d", top[i].sym, top[i].n))
	}
	t.Logf("most frequent:%s", b.String())
	if rate > maxUnknownPer1000 {
		t.Errorf("%.2f unknown findings per 1,000 lines, want <= %.1f", rate, maxUnknownPer1000)
	}
}
