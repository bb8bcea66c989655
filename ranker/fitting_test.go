package ranker

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestWeightRegistryNamesEveryWeight: every `weight{…}` of weights.go is in
// weightRegistry under its Go name, and no two share factor, value and
// reason (ruleOf tells them apart by those).
func TestWeightRegistryNamesEveryWeight(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "weights.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, id := range vs.Names {
				if i < len(vs.Values) {
					if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
						if typ, ok := lit.Type.(*ast.Ident); ok && typ.Name == "weight" {
							declared = append(declared, id.Name)
						}
					}
				}
			}
		}
		return true
	})
	slices.Sort(declared)
	if got := slices.Sorted(maps.Keys(weightRegistry)); !slices.Equal(got, declared) {
		t.Errorf("weightRegistry names %v,\nweights.go declares %v", got, declared)
	}
	if len(ruleOf) != len(weightRegistry) {
		t.Errorf("%d weights share factor, value and reason with another", len(weightRegistry)-len(ruleOf))
	}
}

// TestFactorsNameTheirRule: each scoring case of a named multiplier finds
// its factor on its page with the weight's name as Rule, which is what the
// fitter reads.
func TestFactorsNameTheirRule(t *testing.T) {
	e := openScoringEngine(t)
	rules := map[string]bool{}
	for _, w := range HandWeights() {
		rules[w.Name] = true
	}
	checked := 0
	for _, tc := range scoringCases {
		if !rules[tc.rule] {
			continue
		}
		results, err := e.Search(context.Background(), tc.query, tc.filters)
		if err != nil {
			t.Fatalf("%s: %v", tc.rule, err)
		}
		i := slices.IndexFunc(results, func(r Result) bool { return r.URI == tc.page })
		if i < 0 {
			t.Errorf("%s: %s not in the results of %q", tc.rule, tc.page, tc.query)
			continue
		}
		found := slices.ContainsFunc(results[i].Explain, func(f Factor) bool {
			return f.Rule == tc.rule && strings.Contains(tc.shows, f.Name)
		})
		if !found {
			t.Errorf("%s: no factor of %s for %q names its rule: %+v", tc.rule, tc.page, tc.query, results[i].Explain)
		}
		checked++
	}
	// Every named weight has a scoring case, unless notScored says why not.
	want := 0
	for name := range rules {
		if notScored[name] == "" {
			want++
		}
	}
	if checked < want {
		t.Errorf("checked %d named weights, want %d: every one of the scoring cases'", checked, want)
	}
}
