//go:build cgo && !notreesitter

package verify

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/swift"
)

// TreeSitter says whether this build parses with tree-sitter.
const TreeSitter = true

// parseLimitMicros is tree-sitter's time limit for one parse. A 200-line
// sample file parses in about 2 ms, but two in three hundred drive the 2024
// grammar into 100 ms and more of error recovery; stopped at 20 ms they fall
// back to the token analysis, which keeps verify_swift's p99 in budget.
// Being a time limit, it can make a file on a loaded machine lose the
// tree-sitter declarations; the token analysis declares nearly all of them.
const parseLimitMicros = 20_000

// parsers are pooled: a parser is not safe for concurrent use and costs a C
// allocation, and verify_swift answers concurrent calls.
var parsers = sync.Pool{New: func() any {
	p := sitter.NewParser()
	p.SetLanguage(swift.GetLanguage())
	p.SetOperationLimit(parseLimitMicros)
	return p
}}

// parse reads code with tree-sitter-swift: its syntax errors, how much of it
// the grammar could not place, and every name it declares.
func parse(ctx context.Context, code string, toks []token) (*Parsed, error) {
	src := []byte(normalizeTokens(code, toks))
	parser := parsers.Get().(*sitter.Parser)
	tree, err := parser.ParseCtx(ctx, nil, src)
	if err != nil {
		// A parser stopped mid-parse would resume the old parse next time.
		parser.Reset()
		parsers.Put(parser)
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, ctxErr
		}
		// The grammar gave up (its operation limit): the token analysis
		// still finds the declarations and references.
		return &Parsed{Declared: map[string]bool{}, Bytes: len(src)}, nil
	}
	parsers.Put(parser)
	defer tree.Close()
	p := &Parsed{Declared: map[string]bool{}, Bytes: len(src)}
	w := declWalker{src: src, p: p}
	w.walk(tree.RootNode(), 0)
	return p, nil
}

type declWalker struct {
	src []byte
	p   *Parsed
}

// nameFields are the node types whose "name" field children declare names.
var nameFields = map[string]bool{
	"class_declaration": true, "protocol_declaration": true, "function_declaration": true,
	"protocol_function_declaration": true, "typealias_declaration": true, "associatedtype_declaration": true,
	"enum_entry": true, "parameter": true, "lambda_parameter": true, "macro_declaration": true,
	"type_parameter": true, "precedence_group_declaration": true, "operator_declaration": true,
}

func (w *declWalker) walk(n *sitter.Node, depth int) {
	if depth > maxParseDepth {
		return
	}
	typ := n.Type()
	switch {
	case n.IsMissing():
		w.syntax(n, fmt.Sprintf("syntax error: missing %q", typ))
	case n.IsError():
		w.p.ErrorBytes += int(n.EndByte() - n.StartByte())
		w.syntax(n, "syntax error near "+strconv.Quote(snippet(n.Content(w.src))))
	case nameFields[typ]:
		for i := 0; i < int(n.ChildCount()); i++ {
			c := n.Child(i)
			if n.FieldNameForChild(i) == "external_name" || n.FieldNameForChild(i) == "name" {
				// An extension's name is the extended type, a user_type:
				// not a declaration of that type.
				if ct := c.Type(); ct == "simple_identifier" || ct == "type_identifier" {
					w.declare(c)
				}
			}
		}
	case typ == "property_declaration" || typ == "protocol_property_declaration" || typ == "pattern" && n.Parent() != nil && n.Parent().Type() == "for_statement":
		w.patternNames(n)
	case typ == "if_let_binding" || typ == "value_binding_pattern":
		w.patternNames(n)
	}
	if bodies[typ] {
		return
	}
	for i := 0; i < int(n.ChildCount()); i++ {
		w.walk(n.Child(i), depth+1)
	}
}

// bodies are not walked: their locals, closure parameters and local types
// are what the token analysis declares too, and skipping them halves the
// cgo calls of a walk.
var bodies = map[string]bool{
	"function_body": true, "computed_property": true, "lambda_literal": true, "willset_didset_block": true,
}

// patternNames declares the bound identifiers of a binding: `let (a, b)`,
// `var count = 0`, `for item in`, `if let value`.
func (w *declWalker) patternNames(n *sitter.Node) {
	for i := 0; i < int(n.ChildCount()); i++ {
		c := n.Child(i)
		field := n.FieldNameForChild(i)
		switch {
		case c.Type() == "simple_identifier" && (field == "bound_identifier" || n.Type() == "pattern" || field == "name"):
			w.declare(c)
		case c.Type() == "pattern":
			w.patternNames(c)
		}
	}
}

func (w *declWalker) declare(n *sitter.Node) {
	name := strings.Trim(n.Content(w.src), "`")
	if name != "" && name != "_" {
		w.p.Declared[name] = true
	}
}

func (w *declWalker) syntax(n *sitter.Node, msg string) {
	if len(w.p.Syntax) < maxSyntaxErrors {
		w.p.Syntax = append(w.p.Syntax, SyntaxError{Line: int(n.StartPoint().Row) + 1, Message: msg})
	}
}

func snippet(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}
