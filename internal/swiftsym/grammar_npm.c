//go:build swiftgrammar_npm && cgo && !notreesitter

// Compiles the npm tree-sitter-swift grammar fetched into .grammar/ by
// scripts/fetch-swift-grammar.sh; see language_npm.go.
//
// Its global symbols are renamed so that a binary may still link the
// bundled 0.5.0 grammar (github.com/smacker/go-tree-sitter/swift), which
// defines the same names.
#define tree_sitter_swift tree_sitter_swift_npm
#define tree_sitter_swift_external_scanner_create tree_sitter_swift_npm_external_scanner_create
#define tree_sitter_swift_external_scanner_destroy tree_sitter_swift_npm_external_scanner_destroy
#define tree_sitter_swift_external_scanner_reset tree_sitter_swift_npm_external_scanner_reset
#define tree_sitter_swift_external_scanner_serialize tree_sitter_swift_npm_external_scanner_serialize
#define tree_sitter_swift_external_scanner_deserialize tree_sitter_swift_npm_external_scanner_deserialize
#define tree_sitter_swift_external_scanner_scan tree_sitter_swift_npm_external_scanner_scan
#define DIRECTIVES swiftnpm_DIRECTIVES
#define DIRECTIVE_SYMBOLS swiftnpm_DIRECTIVE_SYMBOLS
#define NON_CONSUMING_CROSS_SEMI_CHARS swiftnpm_NON_CONSUMING_CROSS_SEMI_CHARS
#define OPERATORS swiftnpm_OPERATORS
#define OP_ILLEGAL_TERMINATORS swiftnpm_OP_ILLEGAL_TERMINATORS
#define OP_SYMBOLS swiftnpm_OP_SYMBOLS
#define OP_SYMBOL_SUPPRESSOR swiftnpm_OP_SYMBOL_SUPPRESSOR
#define RESERVED_OPS swiftnpm_RESERVED_OPS

#include "parser.c"
#include "scanner.c"
