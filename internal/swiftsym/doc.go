// Package swiftsym extracts symbols from Swift (and a little Objective-C) for
// the doc_symbols table, and splits names into CamelCase components for the
// symbol_components FTS column.
//
//   - Components splits "NSURLSessionDataTask" into NS, URL, Session, Data,
//     Task; the ranker applies it to queries too.
//   - ExtractDeclaration reads one declaration as DocC prints it.
//   - ExtractCode finds the declarations in a multi-line code example.
//
// # Why declarations are not parsed with tree-sitter
//
// Measured on every 50th page of the Apple corpus (2,898 Swift
// declarations, 2 cores): tree-sitter-swift 0.5.0 parses only 42.9% of them
// without an ERROR node, because a bodiless "protocol View" or "func f()" is
// not valid at the top level of a source file, and the parse alone costs
// 50-90 µs per declaration through cgo. A hand-written scanner that follows
// the fixed shape of a declaration (attributes, modifiers, keyword, name,
// generic clause, parameters, effects, result, inheritance, where clause)
// gives a symbol for 99.99% of the 143,189 Swift declarations of the whole
// corpus at about 1 µs each. So the scanner is the only path for
// declarations, and tree-sitter is used where it earns its cost: code, where
// bodies, closures and statements must be told apart from declarations.
// ExtractCode lets tree-sitter locate each declaration and where its body
// starts, then hands the header to the same scanner, so both origins fill the
// fields identically.
//
// # Objective-C
//
// DocC also prints Objective-C and C declarations. Methods, @interface,
// @protocol and @property give objc-method, objc-class (objc-category),
// objc-protocol and objc-property symbols; C prototypes, macros, typedefs and
// enum constants give none rather than a wrong Swift reading.
//
// # Grammar
//
// The default build uses the grammar bundled with go-tree-sitter (0.5.0),
// which turns "#Preview { }" and "~Copyable" into ERROR nodes; ExtractCode
// still finds the declarations around and inside them. Building with
// -tags swiftgrammar_npm compiles tree-sitter-swift from the npm registry
// instead (fetched by scripts/fetch-swift-grammar.sh into the git-ignored
// .grammar/), which parses both cleanly; it finds the same symbols on the
// corpus samples and is 1.3-2x slower per example, so it stays optional.
//
// # Builds without tree-sitter
//
// tree-sitter is C, so a build without cgo (CGO_ENABLED=0, as the darwin
// release archives are built) or with -tags notreesitter leaves it out, and
// ExtractCode reads examples with extractCodeByLines instead: headers end at
// "{" or a line break outside parentheses, go to the same scanner, and only
// type and extension bodies are descended into. On the corpus sample it
// finds every symbol tree-sitter finds (by kind and name) and 3% more, from
// bodiless snippets tree-sitter parses as ERROR; a property's long initial
// value may be kept or cut differently. TestLineScannerAgreesWithTreeSitter
// holds it there. GrammarName says which path a binary has.
package swiftsym
