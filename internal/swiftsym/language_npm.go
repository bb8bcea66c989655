//go:build swiftgrammar_npm && cgo && !notreesitter

package swiftsym

// The grammar's C source is fetched by scripts/fetch-swift-grammar.sh into
// the git-ignored .grammar/ directory and compiled through grammar_npm.c.

// #cgo CFLAGS: -I${SRCDIR}/../../.grammar/tree-sitter-swift/src -std=c11 -w
// #include <stdint.h>
// const void *tree_sitter_swift_npm(void);
import "C"

import (
	"unsafe"

	sitter "github.com/smacker/go-tree-sitter"
)

// GrammarName says which tree-sitter-swift grammar ExtractCode uses.
const GrammarName = "tree-sitter-swift from npm (.grammar/, swiftgrammar_npm)"

func swiftLanguage() *sitter.Language {
	return sitter.NewLanguage(unsafe.Pointer(C.tree_sitter_swift_npm()))
}
