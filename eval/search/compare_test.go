package search

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func report(label string, ranks map[string]int) *Report {
	r := &Report{Label: label}
	for _, q := range []string{"a", "b", "c", "d", "e"} {
		r.Cases = append(r.Cases, CaseResult{Battery: "canonical", Line: len(r.Cases) + 2, Query: q, Rank: ranks[q]})
	}
	return r
}

func TestCompare(t *testing.T) {
	a := report("old", map[string]int{"a": 1, "b": 2, "c": 1, "d": 0, "e": 3})
	b := report("new", map[string]int{"a": 1, "b": 1, "c": 2, "d": 1, "e": 3})
	cmp, err := Compare(a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmp.Rows) != 2 || cmp.Rows[0].Name != "canonical" || cmp.Rows[1].Name != "all" {
		t.Fatalf("rows = %+v", cmp.Rows)
	}
	r := cmp.Rows[0]
	// Rank-1 hits: A has a, c; B has a, b, d. Only A: c. Only B: b, d.
	if r.N != 5 || r.HitsA != 2 || r.HitsB != 3 || r.OnlyA != 1 || r.OnlyB != 2 {
		t.Errorf("hits = %+v", r)
	}
	if math.Abs(r.McNemarP-1) > 1e-12 { // 2·P(X ≤ 1 | n=3) = 2·4/8 = 1
		t.Errorf("McNemar p = %v", r.McNemarP)
	}
	// RR deltas: b +0.5, c −0.5, d +1: |d| ranks 1.5, 1.5, 3 → W+ = 4.5, W− = 1.5.
	if r.Wilcoxon.N != 3 || r.Wilcoxon.WPlus != 4.5 || r.Wilcoxon.WMinus != 1.5 {
		t.Errorf("wilcoxon = %+v", r.Wilcoxon)
	}
	wantMRRA := (1 + 0.5 + 1 + 0 + 1.0/3) / 5
	if math.Abs(r.MRRA-wantMRRA) > 1e-12 {
		t.Errorf("MRR A = %v, want %v", r.MRRA, wantMRRA)
	}
	if len(r.Better) != 2 || len(r.Worse) != 1 || !strings.Contains(r.Worse[0], "c (1→2)") {
		t.Errorf("moved: better %v worse %v", r.Better, r.Worse)
	}
	var buf bytes.Buffer
	if err := cmp.WriteMarkdown(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "| canonical | 5 |") || !strings.Contains(buf.String(), "- worse: canonical: c (1→2)") {
		t.Errorf("markdown:\n%s", buf.String())
	}

	other := &Report{Cases: []CaseResult{{Battery: "x", Query: "zzz"}}}
	if _, err := Compare(a, other); !errors.Is(err, ErrUnpaired) {
		t.Errorf("Compare unpaired = %v", err)
	}
}
