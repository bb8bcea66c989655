//go:build cgo && !notreesitter

package swiftsym

import (
	"context"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/cupertino-go/cupertino/internal/document"
)

// parseBudget is tree-sitter's time limit for parsing n bytes. It is a
// clock, not a count of steps (go-tree-sitter's SetOperationLimit sets
// tree-sitter's timeout: wall time on Linux, the process's CPU time over all
// threads on macOS), so it must sit far above any real file even on a loaded
// machine: a parse it stops gives no symbols and the index loses their pages.
// The slowest real file (swift-nio's ByteBuffer-multi-int.swift, 137 KB)
// takes 137 ms alone and 447 ms with six busy loops on two cores (3.3 µs a
// byte); at a flat 500 ms a full save beside other builds indexed 150 package
// pages fewer (218,072 documents, not 218,222). The budget grows with the
// size instead of being flat and high, because a few bytes can hold the 2024
// grammar forever: a 93-byte fuzz input (testdata/fuzz/FuzzAnalyzeFile/grammar-never-finishes)
// parses until the clock stops it, and at a flat 10 s every such file cost a
// save 10 s. Base plus 40 µs a byte gives that file 254 ms and the 137 KB
// file 5.9 s, twelve times its loaded time. Over the corpus's 9,069 package
// and sample Swift files the largest share of its budget a parse used was
// 4.3% (a 1 KB file, 12.7 ms, on an idle machine). The cap bounds what one
// hostile file of MaxFileLen costs.
func parseBudget(n int) uint64 {
	return min(parseBudgetBaseMicros+uint64(n)*parseBudgetMicrosPerByte, parseBudgetCapMicros)
}

const (
	parseBudgetBaseMicros    = 250_000
	parseBudgetMicrosPerByte = 40
	parseBudgetCapMicros     = 8_000_000
)

// parseWithBudget parses src with a pooled parser under parseBudget. A parse the
// clock stopped returns an error, and its parser is reset: it would resume
// the old parse next time.
func parseWithBudget(src []byte) (*sitter.Tree, error) {
	parser := parsers.Get().(*sitter.Parser)
	parser.SetOperationLimit(int(parseBudget(len(src))))
	tree, err := parser.ParseCtx(context.Background(), nil, src)
	if err != nil {
		parser.Reset()
	}
	parsers.Put(parser)
	return tree, err
}

// parsers holds tree-sitter parsers: a parser is not safe for concurrent use
// and costs a C allocation to create, so each goroutine borrows one.
var parsers = sync.Pool{New: func() any {
	p := sitter.NewParser()
	p.SetLanguage(swiftLanguage())
	return p
}}

// declarationNodes are the tree-sitter-swift node types whose header is a
// declaration ExtractDeclaration's scanner understands.
var declarationNodes = map[string]bool{
	"class_declaration": true, "protocol_declaration": true, "function_declaration": true,
	"protocol_function_declaration": true, "init_declaration": true, "subscript_declaration": true,
	"property_declaration": true, "protocol_property_declaration": true, "typealias_declaration": true,
	"associatedtype_declaration": true, "enum_entry": true, "macro_declaration": true,
	"operator_declaration": true, "precedence_group_declaration": true,
}

// containerNodes are descended into. Function bodies, closures and property
// accessors are not: their locals are not part of the example's API.
var containerNodes = map[string]bool{
	"source_file": true, "class_body": true, "enum_class_body": true, "protocol_body": true, "ERROR": true,
}

// bodyNodes end a declaration's header.
var bodyNodes = map[string]bool{
	"class_body": true, "enum_class_body": true, "protocol_body": true, "function_body": true,
	"computed_property": true, "willset_didset_block": true, "lambda_literal": true,
}

// ExtractCode parses a Swift code example with tree-sitter and returns the
// declarations it contains (types, members, top-level functions and
// properties) with Origin "example". tree-sitter finds where declarations are
// and where their bodies start, which a line scanner cannot do reliably in
// code; each header is then read by the same scanner as ExtractDeclaration,
// so both origins fill the fields the same way. Declarations inside regions
// the grammar cannot parse (ERROR nodes) are still found when their own
// subtree is intact. Objective-C, empty and oversized input give nil.
func ExtractCode(code string) []document.Symbol {
	if len(code) > MaxCodeLen || !mayDeclare(code) || looksLikeObjCCode(code) {
		return nil
	}
	tree, err := parseWithBudget([]byte(code))
	if err != nil {
		return nil
	}
	defer tree.Close()

	x := codeExtractor{src: code}
	x.walk(tree.RootNode(), 0)
	return x.syms
}

type codeExtractor struct {
	src  string
	syms []document.Symbol
}

func (x *codeExtractor) walk(n *sitter.Node, depth int) {
	if depth > maxNesting {
		return
	}
	count := int(n.NamedChildCount())
	for i := 0; i < count && len(x.syms) < maxCodeSymbols; i++ {
		child := n.NamedChild(i)
		if child == nil {
			continue
		}
		typ := child.Type()
		if declarationNodes[typ] {
			x.declaration(child, depth)
			continue
		}
		if containerNodes[typ] {
			x.walk(child, depth+1)
		}
	}
}

func (x *codeExtractor) declaration(n *sitter.Node, depth int) {
	start, end := int(n.StartByte()), int(n.EndByte())
	var members *sitter.Node
	count := int(n.ChildCount())
	for i := 0; i < count; i++ {
		child := n.Child(i)
		typ := child.Type()
		if bodyNodes[typ] {
			end = int(child.StartByte())
			if containerNodes[typ] {
				members = child
			}
			break
		}
		if typ == "ERROR" && hasNamedDeclaration(child) {
			// A body the grammar lost ("struct S: ~Copyable {" parses as an
			// ERROR before the body): its members sit inside the ERROR.
			members = child
		}
		if n.FieldNameForChild(i) == "value" && n.Type() == "property_declaration" {
			if v := x.src[child.StartByte():child.EndByte()]; strings.ContainsRune(v, '\n') || len(v) > maxInlineValue {
				end = strings.LastIndexByte(x.src[start:child.StartByte()], '=') + start
				if end < start {
					end = int(child.StartByte())
				}
				break
			}
		}
	}
	header := stripComments(x.src[start:end])
	for _, sym := range parseSwift(normalizeSpace(header), OriginExample) {
		if !x.seen(sym) {
			x.syms = append(x.syms, sym)
		}
	}
	if members != nil {
		x.walk(members, depth+1)
	}
}

func hasNamedDeclaration(n *sitter.Node) bool {
	count := int(n.NamedChildCount())
	for i := 0; i < count; i++ {
		if c := n.NamedChild(i); c != nil && declarationNodes[c.Type()] {
			return true
		}
	}
	return false
}

func (x *codeExtractor) seen(sym document.Symbol) bool {
	for _, s := range x.syms {
		if s.Name == sym.Name && s.Kind == sym.Kind && s.Signature == sym.Signature {
			return true
		}
	}
	return false
}
