package ranker

import "strings"

// NeutralWeightForTest sets one named weight of HandWeights to the value
// that changes no score (a multiplier 1, the coverage slope 0) and returns
// the function that puts it back: the weight ablation study
// (ablation_test.go) measures what each rule adds. Weights are package
// variables, so nothing may search while one is changed.
func NeutralWeightForTest(name string) (restore func(), ok bool) {
	neutral := 1.0
	if name == CoverageSlopeRule {
		neutral = 0
	}
	return SetWeightForTest(name, neutral)
}

// SetWeightForTest sets one named weight of HandWeights to v and returns
// the function that puts it back (the study's grid of values).
func SetWeightForTest(name string, v float64) (restore func(), ok bool) {
	if fw, found := strings.CutPrefix(name, "frameworkAuthority["); found {
		fw = strings.TrimSuffix(fw, "]")
		old, known := frameworkAuthority[fw]
		if !known {
			return nil, false
		}
		frameworkAuthority[fw] = v
		return func() { frameworkAuthority[fw] = old }, true
	}
	w, known := weightRegistry[name]
	if !known {
		return nil, false
	}
	old := w.value
	w.value = v
	return func() { w.value = old }, true
}
