package verify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// maxUnknownPer1000 is the bar for false positives on Apple's own
// sample code, which is real, correct Swift.
const maxUnknownPer1000 = 1.5

// sampleRun is verify over every sample project of the corpus with the
// full index, done once for the package: the false-finding and the
// mutation tests read the same reports (a pass costs about a minute).
type sampleRun struct {
	projects map[string][]File
	reports  map[string]*Report
	table    *IndexTable
}

var (
	sampleOnce   sync.Once
	sampleShared sampleRun
	sampleErr    error
)

// sampleReports checks every sample project once per test binary; the
// table stays open until the binary exits.
func sampleReports(t *testing.T) sampleRun {
	t.Helper()
	db := testenv.FullIndexDB(t)
	root := testenv.CorpusPath(t, "sample-code")
	sampleOnce.Do(func() { sampleShared, sampleErr = checkSampleProjects(db, root) })
	if sampleErr != nil {
		t.Fatal(sampleErr)
	}
	return sampleShared
}

func checkSampleProjects(db, root string) (sampleRun, error) {
	run := sampleRun{projects: map[string][]File{}, reports: map[string]*Report{}}
	entries, err := os.ReadDir(root)
	if err != nil {
		return run, err
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		files, _, err := ReadPaths(context.Background(), []string{filepath.Join(root, e.Name())})
		if err != nil {
			return run, err
		}
		run.projects[e.Name()] = files
	}
	if len(run.projects) < 600 {
		return run, fmt.Errorf("%d sample projects, want the corpus's 606", len(run.projects))
	}
	if run.table, err = OpenIndexTable(db); err != nil {
		return run, err
	}
	for name, files := range run.projects {
		c := &Checker{Table: run.table, OwnCode: index.CodeProject("samples://" + name + "/")}
		rep, err := c.Check(context.Background(), files, Options{})
		if err != nil {
			return run, fmt.Errorf("%s: %w", name, err)
		}
		run.reports[name] = rep
	}
	return run, nil
}

// TestSampleCodeFalsePositives runs verify over every sample project and
// holds the findings that say an API does not exist at or under 1.5 per 1,000 lines of Swift.
func TestSampleCodeFalsePositives(t *testing.T) {
	run := sampleReports(t)
	lines, unknown := 0, 0
	bySymbol := map[string]int{}
	slips := 0
	byStatus := map[Status]int{}
	var cites citationShare
	for name, files := range run.projects {
		rep := run.reports[name]
		cites.add(files, rep)
		lines += rep.Lines
		for _, f := range rep.Findings {
			if f.Status.SaysMissing() {
				unknown++
				byStatus[f.Status]++
				bySymbol[string(f.Status)+" "+f.Symbol]++
				if dump := os.Getenv("VERIFY_DUMP"); dump == "all" || dump != "" && f.Status != Unknown {
					fmt.Printf("DUMP %s %s:%d %s %s | %s\n", name, f.File, f.Line, f.Status, f.Symbol, f.Why)
				}
				if strings.Contains(f.Why, "one slip") {
					slips++
				}
			}
		}
	}
	rate := float64(unknown) * 1000 / float64(lines)
	t.Logf("%d projects, %d lines of Swift, %d findings that say an API does not exist: %.2f per 1,000 lines", len(run.projects), lines, unknown, rate)
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
	share := cites.share()
	t.Logf("%d of %d resolved references cite a page in a framework the file imports or the standard library: %.1f%% (issue: >= 98%%); most frequent elsewhere: %s",
		cites.inScope, cites.all, share, cites.top(12))
	if share < minCitationShare {
		t.Errorf("%.1f%% of citations in an imported framework, want >= %.1f%%", share, minCitationShare)
	}
}

// minCitationShare is the bar for the share of resolved
// references that cite a page of a framework the file imports.
const minCitationShare = 98.0

// citationShare counts the resolved references whose cited Apple page is
// in a framework the file imports (with what those imports bring, and the
// standard library).
type citationShare struct {
	all, inScope int
	elsewhere    map[string]int
}

var importLine = regexp.MustCompile(`(?m)^\s*(?:@[\w()]+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_]\w*)`)

func (c *citationShare) add(files []File, rep *Report) {
	scope := map[string]map[string]bool{}
	for _, f := range files {
		var imports []string
		for _, m := range importLine.FindAllStringSubmatch(f.Code, -1) {
			imports = append(imports, m[1])
		}
		scope[f.Path] = citationScope(imports)
	}
	const prefix = "apple-docs://"
	for _, r := range rep.References {
		if r.Status != Resolved || !strings.HasPrefix(r.URI, prefix) {
			continue
		}
		fw, _, _ := strings.Cut(strings.TrimPrefix(r.URI, prefix), "/")
		c.all++
		if scope[r.File][fw] {
			c.inScope++
			continue
		}
		if c.elsewhere == nil {
			c.elsewhere = map[string]int{}
		}
		c.elsewhere[r.Symbol+" -> "+fw]++
	}
}

func (c *citationShare) share() float64 {
	if c.all == 0 {
		return 100
	}
	return float64(c.inScope) * 100 / float64(c.all)
}

func (c *citationShare) top(n int) string {
	var keys []string
	for k := range c.elsewhere {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return c.elsewhere[keys[i]] > c.elsewhere[keys[j]] || c.elsewhere[keys[i]] == c.elsewhere[keys[j]] && keys[i] < keys[j]
	})
	var out []string
	for i := 0; i < len(keys) && i < n; i++ {
		out = append(out, fmt.Sprintf("%s=%d", keys[i], c.elsewhere[keys[i]]))
	}
	return strings.Join(out, " ")
}
