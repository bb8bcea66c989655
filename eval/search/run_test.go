package search

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// mustFind returns the first item that match accepts, failing the test
// with "no <what>" when none does.
func mustFind[T any](t *testing.T, items []T, what string, match func(T) bool) T {
	t.Helper()
	i := slices.IndexFunc(items, match)
	if i < 0 {
		t.Fatalf("no %s", what)
	}
	return items[i]
}

func caseByQuery(t *testing.T, rep *Report, q string) CaseResult {
	t.Helper()
	return mustFind(t, rep.Cases, fmt.Sprintf("case %q", q), func(c CaseResult) bool { return c.Query == q })
}

func batteryByName(t *testing.T, rep *Report, name string) Summary {
	t.Helper()
	return mustFind(t, rep.Batteries, fmt.Sprintf("battery %q", name), func(s Summary) bool { return s.Name == name })
}

func TestRunJudgesEachBatteryByItsRule(t *testing.T) {
	rep := fakeRun(t)
	tests := []struct {
		query      string
		rank       int
		legacyRank int
		pass       bool
	}{
		{"View", 1, 0, true},
		{"PencilKit", 2, 0, false},
		{"Duration", 0, 0, false},
		{"SortDescriptor", 2, 1, false},
		{"AffineTransform", 1, 3, true},
		{"uwb", 1, 0, true},
		{"Grid", 1, 0, false}, // P@5 0.8: text is no Grid
		{"actor reentrancy", 3, 0, true},
		{"@frozen", 1, 0, false},
		{"async throwing method", 1, 0, false}, // one result: P@5 0.2
		{"Sidebars", 2, 0, true},
	}
	for _, tt := range tests {
		c := caseByQuery(t, rep, tt.query)
		if c.Rank != tt.rank || c.LegacyRank != tt.legacyRank || c.Pass != tt.pass {
			t.Errorf("%s: rank %d legacy %d pass %v; want %d %d %v", tt.query, c.Rank, c.LegacyRank, c.Pass, tt.rank, tt.legacyRank, tt.pass)
		}
	}
	if c := caseByQuery(t, rep, "Duration"); !strings.Contains(c.Error, errFakeDown.Error()) {
		t.Errorf("failed query error = %q", c.Error)
	}
	if got := caseByQuery(t, rep, "@frozen").Relevant; !slices.Equal(got, []bool{true, false, true, false, false}) {
		t.Errorf("@frozen relevance = %v", got)
	}
	if got := caseByQuery(t, rep, "Grid").Relevant; !slices.Equal(got, []bool{true, true, false, true, true}) {
		t.Errorf("Grid relevance = %v", got)
	}

	canon := batteryByName(t, rep, "canonical")
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if canon.Queries != 3 || canon.Pass != 1 || canon.Errors != 1 || !near(canon.MRR, 0.5) || !near(canon.P1, 1.0/3) ||
		!near(canon.NDCG10, (1+1/math.Log2(3))/3) || !near(canon.Recall3, 2.0/3) {
		t.Errorf("canonical summary = %+v", canon)
	}
	if canon.Headline != "MRR 0.5000, P@1 1/3" {
		t.Errorf("canonical headline = %q", canon.Headline)
	}
	sym := batteryByName(t, rep, "symbol-attribute")
	if !near(sym.P5, (0.4+0.2)/2) || sym.Headline != "P@5 0.3000" {
		t.Errorf("symbol-attribute summary = %+v", sym)
	}
	if got := batteryByName(t, rep, "deprecation").Headline; got != "modern above legacy 1/2" {
		t.Errorf("deprecation headline = %q", got)
	}
	// Classes: canonical rows carry A and B; the other kinds their own letter.
	var classes []string
	for _, s := range rep.Classes {
		classes = append(classes, s.Name)
	}
	if strings.Join(classes, "") != "ABCDEFGH" {
		t.Errorf("classes = %v", classes)
	}
	if rep.Overall.Queries != 11 {
		t.Errorf("overall queries = %d, want 11", rep.Overall.Queries)
	}
}

func TestRunAsksForDepthResults(t *testing.T) {
	batteries, err := LoadDir("testdata/batteries")
	if err != nil {
		t.Fatal(err)
	}
	s := newFakeSearcher()
	if _, err := Run(context.Background(), Config{Searcher: s, Symbols: testSymbols, Batteries: batteries}); err != nil {
		t.Fatal(err)
	}
	for _, opts := range s.calls {
		if opts.Limit != Depth {
			t.Fatalf("searched with limit %d, want %d", opts.Limit, Depth)
		}
	}
	if _, err := Run(context.Background(), Config{Searcher: s, Batteries: batteries}); !errors.Is(err, ErrNoSymbolSource) {
		t.Errorf("Run without symbols = %v, want ErrNoSymbolSource", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Searcher: s, Symbols: testSymbols, Batteries: batteries}); !errors.Is(err, context.Canceled) {
		t.Errorf("Run with cancelled context = %v", err)
	}
}

func TestMetrics(t *testing.T) {
	rel := []bool{false, true, false, true}
	if got := precisionAt(rel, 5); got != 0.4 {
		t.Errorf("P@5 = %v", got)
	}
	if got := precisionAt(rel, 1); got != 0 {
		t.Errorf("P@1 = %v", got)
	}
	// Multi-relevant: DCG = 1/log2(3) + 1/log2(5); ideal = 1 + 1/log2(3).
	want := (1/math.Log2(3) + 1/math.Log2(5)) / (1 + 1/math.Log2(3))
	if got := ndcgAt(rel, 10, false); math.Abs(got-want) > 1e-12 {
		t.Errorf("NDCG multi = %v, want %v", got, want)
	}
	// Single target: only the first match gains.
	if got := ndcgAt(rel, 10, true); math.Abs(got-1/math.Log2(3)) > 1e-12 {
		t.Errorf("NDCG single = %v", got)
	}
	if got := ndcgAt([]bool{false, false}, 10, false); got != 0 {
		t.Errorf("NDCG none = %v", got)
	}
	if got := ndcgAt([]bool{true, true}, 10, false); got != 1 {
		t.Errorf("NDCG perfect = %v", got)
	}
}

func TestReportOutputs(t *testing.T) {
	rep := fakeRun(t)
	dir := t.TempDir()
	if err := rep.WriteOutputs(dir); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Cases) != len(rep.Cases) || back.Overall.MRR != rep.Overall.MRR {
		t.Error("JSON round trip lost data")
	}
	buf.Reset()
	if err := rep.WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	md := buf.String()
	for _, want := range []string{"| canonical | 3 | 0.5000 |", "## Not passing", "| deprecation | SortDescriptor | 2 | apple-docs://foundation/nssortdescriptor | legacy at 1 |", "fake search failed"} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestHideQueriesNamesFailuresByLine(t *testing.T) {
	rep := &Report{Label: "x", Cases: []CaseResult{{Battery: "prose", Kind: KindProse, Line: 7, Query: "secret words", URIs: []string{"apple-docs://a"}, Relevant: []bool{false}}}}
	var b strings.Builder
	rep.HideQueries = true
	if err := rep.WriteMarkdown(&b); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "secret words") || !strings.Contains(b.String(), "line 7") {
		t.Fatalf("report quotes the query or lacks its line:\n%s", b.String())
	}
}
