// Package verify checks Swift code against the documentation in the index:
// every API the code references is resolved (with the page that documents
// it), unknown (with the nearest real names), deprecated (with the
// replacement), unavailable for the deployment targets (with the version
// that introduced it), or not checkable (with the reason). `cupertino
// verify`, the verify_swift MCP tool and `cupertino eval agent` share it.
//
// The pieces:
//
//	parse*.go           tree-sitter-swift: syntax errors, "not Swift", every declared name
//	tokens.go           the forgiving Swift tokenizer, internal/swiftlex, under short names
//	decls.go, refs.go   what the code declares and which APIs it references
//	scopes.go           a name bound in two places renamed apart before both
//	bindings.go         the type each binding, condition or pattern gives a name
//	case_values.go      the value a case pattern binds (`.verified(let t)`)
//	chains.go           the chain a binding's value is written as
//	floors.go           #available / @available regions
//	symtab.go, symdb.go symbol tables from symbol graphs or the index (read-only)
//	deprecations.go     the curated deprecation map
//	check.go            a project's files in, a Report out
//	resolve.go, near.go one reference's status; the nearest real names
//	graph*.go, calls.go the type-aware checks over the symbol graph: members on
//	                    the receiver's type, labels, initializers, leading dots
//	hollow.go           collections a type's Topics list and the crawl lacks
//	sites.go, member_sites.go  each use a type-aware check judges
//	receivers.go        the types a use's chain reaches
//	expect.go, cases.go the type a leading dot's context wants; the dot judged
//	free.go             a free function's call, by its documented overloads' labels
//	elements.go, casts.go  types of array elements, casts and typed locals' chains
//	nested.go           a leading dot's type when the declaration gives none
//	context.go          a leading dot a function or computed property returns
//
// Declarations come from both passes: tree-sitter gives every name a file
// declares where the grammar reads it, and the token analysis covers what
// the 2024 grammar turns into ERROR nodes (#Preview bodies, ~Copyable).
// References are located by the token analysis, which knows receivers,
// argument labels and #available floors; a name any file of the project
// declares is the project's own, never unknown.
//
// When the index lacks a name's page, three facts still settle it before it
// is called unknown: its members' addresses show the type (a page the crawl
// missed), Apple's reference, Swift Evolution or a WWDC session mention it
// as a word, or the file imports a module the index does not document
// (then it is not checkable). docs/eval.md gives the false-positive rate on
// Apple's sample code and the classes that remain.
package verify
