package verify

import (
	"context"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

const (
	// mutations is how many resolved Apple member references are renamed.
	mutations = 500
	// minFlagged is the share of them verify must flag on the right line.
	minFlagged = 0.95
)

type mutationSite struct {
	project string
	file    int // index into the project's files
	line    int
	name    string
}

// TestMutationsAreFlagged renames resolved Apple member references of the
// sample projects to near names that do not exist (two letters swapped, one
// dropped or one doubled) and checks that verify, given the mutated file
// alone (as the issue measures it), reports each as unknown on its line.
// A site counts only where the unmutated file alone resolves it too. The
// sites are drawn with a fixed seed, so a run is repeatable.
func TestMutationsAreFlagged(t *testing.T) {
	run := sampleReports(t)
	table := run.table
	c := &Checker{Table: table}
	ctx := context.Background()
	names := make([]string, 0, len(run.projects))
	for name := range run.projects {
		names = append(names, name)
	}
	sort.Strings(names)

	var sites []mutationSite
	for _, project := range names {
		files := run.projects[project]
		index := map[string]int{}
		for i, f := range files {
			index[f.Path] = i
		}
		for _, r := range run.reports[project].References {
			if r.Status == Resolved && r.Kind == string(RefMember) && strings.HasPrefix(r.URI, "apple-docs://") && r.Why == "" {
				name := r.Symbol[strings.LastIndexByte(r.Symbol, '.')+1:]
				sites = append(sites, mutationSite{project, index[r.File], r.Line, name})
			}
		}
	}
	rng := rand.New(rand.NewPCG(15, 2026))
	rng.Shuffle(len(sites), func(i, j int) { sites[i], sites[j] = sites[j], sites[i] })

	tried, flagged := 0, 0
	reasons := map[string]int{}
	bySlip := 0
	var missed []string
	for _, s := range sites {
		if tried == mutations {
			break
		}
		file := run.projects[s.project][s.file]
		if !resolvesAlone(t, c, file, s) {
			continue
		}
		mutated, code, ok := mutate(t, table, rng, file.Code, s)
		if !ok {
			continue
		}
		tried++
		files := []File{{Path: file.Path, Code: code}}
		rep, err := c.Check(ctx, files, Options{})
		if err != nil {
			t.Fatal(err)
		}
		hit := false
		for _, f := range rep.Findings {
			if f.Status == Unknown && f.File == file.Path && f.Line == s.line && strings.HasSuffix(f.Symbol, mutated) {
				hit = true
				if strings.Contains(f.Why, "one slip") {
					bySlip++
				}
			}
		}
		if !hit {
			why := "not reported"
			for _, r := range rep.References {
				if r.File == file.Path && strings.HasSuffix(r.Symbol, mutated) {
					why = string(r.Status) + ": " + r.Why
				}
			}
			reasons[why]++
		}
		if hit {
			flagged++
		} else if len(missed) < 25 {
			missed = append(missed, s.project+":"+s.name+"->"+mutated)
		}
	}
	if tried < mutations {
		t.Fatalf("only %d mutation sites, want %d", tried, mutations)
	}
	share := float64(flagged) / float64(tried)
	t.Logf("%d of %d mutations flagged on the right line (%.1f%%); %d of them only as one slip from an API, where the receiver or an import could not be checked", flagged, tried, share*100, bySlip)
	for why, n := range reasons {
		t.Logf("missed %d: %s", n, why)
	}
	if share < minFlagged {
		t.Errorf("%.1f%% flagged, want >= %.0f%%; missed: %s", share*100, minFlagged*100, strings.Join(missed, " "))
	}
}

// resolvesAlone reports whether the file, checked alone, resolves the
// site's reference as the whole project's check did.
func resolvesAlone(t *testing.T, c *Checker, file File, s mutationSite) bool {
	t.Helper()
	rep, err := c.Check(context.Background(), []File{file}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.References {
		if r.Line == s.line && r.Status == Resolved && r.Why == "" && strings.HasSuffix(r.Symbol, "."+s.name) {
			return true
		}
	}
	return false
}

// mutate renames the reference of s on its line to a near name the
// documentation does not hold, and returns that name and the new code.
func mutate(t *testing.T, table *IndexTable, rng *rand.Rand, code string, s mutationSite) (string, string, bool) {
	t.Helper()
	lines := strings.SplitAfter(code, "\n")
	if s.line-1 >= len(lines) {
		return "", "", false
	}
	line := lines[s.line-1]
	at := strings.Index(line, "."+s.name)
	// Twice on the line (`old.style != new.style`), the rename hits the
	// first, which need not be the reference drawn.
	if at < 0 || len(s.name) < 4 || strings.Count(line, "."+s.name) > 1 {
		return "", "", false
	}
	end := at + 1 + len(s.name)
	if end < len(line) && isIdentByte(line[end]) {
		return "", "", false
	}
	for attempt := 0; attempt < 6; attempt++ {
		name := nearName(rng, s.name)
		if name == s.name || strings.Contains(code, name) {
			continue
		}
		if cands, err := table.Lookup(name); err != nil || len(cands) > 0 {
			continue
		}
		if _, mentioned, err := table.MentionedIn(name); err != nil || mentioned {
			continue
		}
		if listedAnywhere(t, table, name) {
			continue // a Topics entry's name (NWProtocolWebSocket.Opcode's `cont`)
		}
		lines[s.line-1] = line[:at+1] + name + line[end:]
		return name, strings.Join(lines, ""), true
	}
	return "", "", false
}

// listedAnywhere says whether a type's Topics list name as a member whose
// page the crawl lacks: a real name, no invented one.
func listedAnywhere(t *testing.T, table *IndexTable, name string) bool {
	t.Helper()
	g, err := (&Checker{Table: table}).graphView(context.Background())
	if err != nil || g == nil {
		t.Fatalf("graph: %v", err)
	}
	_, listed := listedMember(g, Ref{Kind: RefMember, Name: name}, nil)
	return listed
}

// nearName is a slip of the keyboard: two inner letters swapped, one
// dropped, or one doubled.
func nearName(rng *rand.Rand, name string) string {
	i := 1 + rng.IntN(len(name)-2)
	switch rng.IntN(3) {
	case 0:
		b := []byte(name)
		b[i], b[i+1] = b[i+1], b[i]
		return string(b)
	case 1:
		return name[:i] + name[i+1:]
	}
	return name[:i] + name[i:i+1] + name[i:]
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}
