package ranker

import (
	"encoding/json"
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	s := NewScore(10, "title")
	s.Multiply(FactorExactTitle, 0.05, "title equals query")
	s.Multiply(FactorFrameworkAuthority, 0.5, "swift")
	s.Multiply(FactorNesting, 1, "no-op, not recorded")
	s.Multiply(FactorKind, 2, "property")
	if got, want := s.Value(), 10/(0.05*0.5*2); math.Abs(got-want) > 1e-9 {
		t.Errorf("Value = %v, want %v", got, want)
	}
	var names []string
	for _, f := range s.Factors {
		names = append(names, f.Name)
	}
	if want := []string{FactorBM25, FactorExactTitle, FactorFrameworkAuthority, FactorKind}; !reflect.DeepEqual(names, want) {
		t.Errorf("factors = %v, want %v", names, want)
	}
	if got := s.Factors[1].String(); got != "exact_title ×0.05 (title equals query)" {
		t.Errorf("String = %q", got)
	}
	if got := (Factor{Name: FactorRRF, Op: OpAdd, Value: 3.0 / 61}).String(); got != "rrf +0.0492" {
		t.Errorf("String = %q", got)
	}
	var zero Score
	zero.Multiply(FactorKind, 0.5, "")
	if zero.Value() != 0 {
		t.Errorf("zero base Value = %v", zero.Value())
	}
}

func TestResultJSONFieldNames(t *testing.T) {
	r := Result{
		URI: "apple-docs://swift/task", Title: "Task", Source: "apple-docs", Framework: "swift", Kind: "struct",
		Summary: "A unit of asynchronous work.", Score: 0.05, Availability: map[string]string{"iOS": "13.0"},
		Deprecated: true, Explain: []Factor{{Name: FactorBM25, Op: OpBase, Value: 1}},
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"availability", "deprecated", "explain", "framework", "kind", "score", "source", "summary", "title", "uri"}
	if !reflect.DeepEqual(keys, want) {
		t.Errorf("JSON keys = %v, want %v", keys, want)
	}
	if !strings.Contains(string(m["explain"]), `"name":"bm25","op":"base","value":1`) {
		t.Errorf("explain JSON = %s", m["explain"])
	}
}
