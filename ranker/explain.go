package ranker

import (
	"math"
	"strings"

	"github.com/cupertino-go/cupertino/ranker/reading"
)

// Factor names, as `--explain` prints them.
const (
	FactorBM25               = "bm25"                // raw bm25() of the candidate query, negated (higher is better)
	FactorExactTitle         = "exact_title"         // title equals the query
	FactorTitleWords         = "title_words"         // title holds or covers the query words
	FactorFrameworkAuthority = "framework_authority" // Swift, SwiftUI and Foundation first among exact titles
	FactorFrameworkHint      = "framework_hint"      // page in the framework the query mentions
	FactorKind               = "kind"                // canonical type kinds over members and properties
	FactorNesting            = "nesting"             // Text over Text.Scale
	FactorSymbolMatch        = "symbol_match"        // a declared symbol matches the query
	FactorAttribute          = "attribute"           // a declared symbol carries the @attribute asked for
	FactorDeprecation        = "deprecation"         // deprecated pages below their replacements
	FactorSynonym            = "synonym"             // matched through a framework synonym
	FactorTypeMember         = "type_member"         // "Type member" query and the member page of that type
	FactorReleaseNotes       = "release_notes"       // release notes match everything and answer nothing
	FactorVerboseTitle       = "verbose_title"       // long titles for short queries
	FactorProminence         = "prominence"          // a type much used in sample and package code
	FactorPlatform           = "platform"            // not on the platform a question names
	FactorRRF                = "rrf"                 // weighted reciprocal-rank-fusion contribution
	FactorSwiftTwin          = "swift_twin"          // the Swift page shown for its Objective-C twin
)

// Factor operations.
const (
	OpBase     = "base"     // the starting relevance
	OpMultiply = "multiply" // a cost multiplier: below 1 ranks higher, above 1 lower
	OpAdd      = "add"      // added to the fused score
)

// Factor is one step of a result's score, recorded so that `--explain` can
// show why a page ranked where it did.
type Factor struct {
	Name   string  `json:"name"`
	Op     string  `json:"op"`
	Value  float64 `json:"value"`
	Detail string  `json:"detail,omitempty"`
	// Rule is the weights.go name of a multiplier (weightExactTitle,
	// frameworkAuthority[swift]), "" for the others: the fitter (eval/fit)
	// reads it; --explain does not print it.
	Rule string `json:"-"`
}

// String renders a factor on one line: "exact_title ×0.05 (title equals query)".
func (f Factor) String() string {
	var v string
	switch f.Op {
	case OpMultiply:
		v = "×" + reading.TrimFloat(f.Value)
	case OpAdd:
		v = "+" + reading.TrimFloat(f.Value)
	default:
		v = reading.TrimFloat(f.Value)
	}
	if f.Detail == "" {
		return f.Name + " " + v
	}
	return f.Name + " " + v + " (" + f.Detail + ")"
}

// Score is a candidate's relevance within its source. The ranker's
// heuristics are multipliers on a lower-is-better cost, the convention of the
// original tool's tuning (framework authority 0.5 means "twice as good"), so
// Value is Base divided by the product of the multipliers.
type Score struct {
	Base    float64
	Factors []Factor
	product float64
	quiet   bool // compute without recording: ranking hundreds of candidates, explaining twenty
}

// NewScore starts a score at base relevance (the negated bm25, so higher is
// better), recorded as the FactorBM25 base.
func NewScore(base float64, detail string) Score {
	return Score{Base: base, product: 1, Factors: []Factor{{Name: FactorBM25, Op: OpBase, Value: base, Detail: detail}}}
}

// Multiply applies and records a cost multiplier; 1 is not recorded, so the
// explanation lists only the factors that moved the result.
func (s *Score) Multiply(name string, m float64, detail string) {
	s.multiplyRule("", name, m, detail)
}

// multiplyRule is Multiply recording the weights.go rule behind m.
func (s *Score) multiplyRule(rule, name string, m float64, detail string) {
	if m == 1 || m <= 0 || math.IsNaN(m) || math.IsInf(m, 0) {
		return
	}
	if s.product == 0 {
		s.product = 1
	}
	s.product *= m
	if !s.quiet {
		s.Factors = append(s.Factors, Factor{Name: name, Op: OpMultiply, Value: m, Detail: detail, Rule: rule})
	}
}

// Value is the adjusted relevance: higher is better.
func (s Score) Value() float64 {
	p := s.product
	if p == 0 {
		p = 1
	}
	return s.Base / p
}

// Result is one search hit as the CLI, the MCP server and the eval harness
// see it. The JSON field names are part of the MCP contract.
type Result struct {
	URI       string `json:"uri"`
	Title     string `json:"title"`
	Source    string `json:"source"`
	Framework string `json:"framework"`
	Kind      string `json:"kind"`
	Summary   string `json:"summary"`
	// Section is the "##" heading of the page's section that matched the
	// request, when the page was found through it: read_document's
	// section= (and `cupertino read --sections`) opens it, and Summary is
	// then that section's text.
	Section string `json:"section,omitempty"`
	// Score is the fused score; only the order it gives is meaningful.
	Score float64 `json:"score"`
	// Availability maps platform (iOS, macOS, …) to the introduced version.
	Availability map[string]string `json:"availability,omitempty"`
	Deprecated   bool              `json:"deprecated"`
	// Explain lists every factor behind Score, in the order applied.
	Explain []Factor `json:"explain,omitempty"`
}

// ExplainText renders r's factors, one per line, for `--explain`.
func (r Result) ExplainText() string {
	var b strings.Builder
	for _, f := range r.Explain {
		b.WriteString("    ")
		b.WriteString(f.String())
		b.WriteByte('\n')
	}
	return b.String()
}
