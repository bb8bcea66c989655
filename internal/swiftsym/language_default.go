//go:build cgo && !notreesitter && !swiftgrammar_npm

package swiftsym

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/swift"
)

// GrammarName says which tree-sitter-swift grammar ExtractCode uses.
const GrammarName = "tree-sitter-swift 0.5.0 (go-tree-sitter)"

func swiftLanguage() *sitter.Language { return swift.GetLanguage() }
