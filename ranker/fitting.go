package ranker

import (
	"maps"
	"slices"
)

// The fitter (eval/fit) learns the multipliers of weights.go from a weakly
// labelled set: it reads each candidate's factors through `--explain`'s
// Factor list and needs to know which named weight each factor is. Each
// weight therefore carries its Go name, and Factor.Rule records it.

// weightRegistry names every weight of weights.go
// (TestWeightRegistryNamesEveryWeight holds it to the file).
var weightRegistry = map[string]*weight{
	"weightExactTitle":    &weightExactTitle,
	"weightExactTypeKind": &weightExactTypeKind, "weightProtocolRequirement": &weightProtocolRequirement,
	"weightNamedRequirement": &weightNamedRequirement,
	"weightNoPlatform":       &weightNoPlatform, "weightOtherPlatform": &weightOtherPlatform, "weightConversionInit": &weightConversionInit, "weightProseNamesTitle": &weightProseNamesTitle,
	"weightProseCoverageSlope": &weightProseCoverageSlope,
	"weightTitleHoldsAll":      &weightTitleHoldsAll,
	"weightNestedType":         &weightNestedType, "weightWholeKind": &weightWholeKind,
	"weightTypeKind": &weightTypeKind, "weightMemberKind": &weightMemberKind,
	"weightProseTypeKind": &weightProseTypeKind, "weightProseGuideKind": &weightProseGuideKind,
	"weightProseMemberKind": &weightProseMemberKind, "weightProseWholeKind": &weightProseWholeKind,
	"weightDataLanguage": &weightDataLanguage,
	"weightVerboseTitle": &weightVerboseTitle, "weightReleaseNotes": &weightReleaseNotes,
	"weightExactSymbol": &weightExactSymbol, "weightKeywordSymbol": &weightKeywordSymbol,
	"weightNounType": &weightNounType, "weightAttributePage": &weightAttributePage, "weightWholeTitle": &weightWholeTitle,
	"weightDeprecated": &weightDeprecated, "weightNamedFramework": &weightNamedFramework, "weightRivalFramework": &weightRivalFramework,
	"weightFrameworkHint":      &weightFrameworkHint,
	"weightQuestionMemberKind": &weightQuestionMemberKind,
}

// ruleOf maps each weight to its name; no two weights share their
// factor, value and reason (TestWeightRegistryNamesEveryWeight).
var ruleOf = func() map[weight]string {
	m := make(map[weight]string, len(weightRegistry))
	for name, w := range weightRegistry {
		m[*w] = name
	}
	return m
}()

// CoverageSlopeRule is the Rule of the title-coverage factor, whose value
// is not the weight but 1 - slope × coverage (score()).
const CoverageSlopeRule = "weightProseCoverageSlope"

// frameworkAuthorityRule names frameworkAuthority's entry for fw.
func frameworkAuthorityRule(fw string) string { return "frameworkAuthority[" + fw + "]" }

// NamedWeight is one multiplier of weights.go as the fitter sees it.
type NamedWeight struct {
	Name   string  // the Go name, or frameworkAuthority[framework]
	Factor string  // the Factor group --explain prints
	Value  float64 // the hand-tuned value
}

// HandWeights lists the named multipliers of weights.go, by name.
func HandWeights() []NamedWeight {
	var out []NamedWeight
	for _, name := range slices.Sorted(maps.Keys(weightRegistry)) {
		w := weightRegistry[name]
		out = append(out, NamedWeight{Name: name, Factor: w.factor, Value: w.value})
	}
	for _, fw := range slices.Sorted(maps.Keys(frameworkAuthority)) {
		out = append(out, NamedWeight{Name: frameworkAuthorityRule(fw), Factor: FactorFrameworkAuthority, Value: frameworkAuthority[fw]})
	}
	slices.SortFunc(out, func(a, b NamedWeight) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	return out
}
