//go:build !cgo || notreesitter

package swiftsym

import "github.com/cupertino-go/cupertino/internal/document"

// GrammarName says what ExtractCode uses in this build: no tree-sitter (cgo
// off or -tags notreesitter), so code examples are read by the line scanner.
const GrammarName = "none: line scanner (built without tree-sitter)"

// ExtractCode returns the declarations a Swift code example contains, read by
// extractCodeByLines: the same header scanner as the tree-sitter build, with
// a brace-matching walk in place of the grammar. Objective-C, empty and
// oversized input give nil.
func ExtractCode(code string) []document.Symbol {
	if len(code) > MaxCodeLen || !mayDeclare(code) || looksLikeObjCCode(code) {
		return nil
	}
	return extractCodeByLines(code)
}
