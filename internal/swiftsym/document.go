package swiftsym

import (
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// FromDocument runs tree-sitter and the declaration parser over the page's
// declaration and Swift code examples. The page's "Available when …" clause
// (Document.AvailableWhen) is appended to the generic constraints of its
// declaration symbols: DocC prints the where clause of a constrained
// extension beside the declaration, not in it, so without this the index
// would not know that NavigationLink.init(value:label:) needs Label: View.
// save and enrich's recovery pass both call it, so recovered pages match saved ones.
func FromDocument(doc *document.Document) []document.Symbol {
	var syms []document.Symbol
	if doc.Declaration != "" && doc.Language != "objc" {
		syms = append(syms, ExtractDeclaration(doc.Declaration)...)
	}
	for i := range syms {
		// Clip: never append into a backing array another symbol may share.
		syms[i].GenericConstraints = appendNew(slices.Clip(syms[i].GenericConstraints), doc.AvailableWhen)
	}
	for _, ex := range doc.CodeExamples {
		if ex.Language == "" || strings.EqualFold(ex.Language, "swift") {
			syms = append(syms, ExtractCode(ex.Code)...)
		}
	}
	return syms
}

// appendNew appends the values not already in list, in order.
func appendNew(list, values []string) []string {
	for _, v := range values {
		if v = strings.TrimSpace(v); v != "" && !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
