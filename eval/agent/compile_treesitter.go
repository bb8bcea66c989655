//go:build cgo && !notreesitter

package agent

import (
	"context"
	"fmt"
	"strconv"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/cupertino-go/cupertino/internal/verify"
	"github.com/smacker/go-tree-sitter/swift"
)

// TreeSitterChecker parses with the tree-sitter Swift grammar and fails on
// ERROR or MISSING nodes. It is a syntax check only: it cannot see type
// errors, which is why the report labels it.
type TreeSitterChecker struct{}

// Toolchain implements SyntaxChecker.
func (TreeSitterChecker) Toolchain() string {
	return "tree-sitter-swift syntax check (no swiftc: syntax only, Swift 6 spellings normalised)"
}

// Check implements SyntaxChecker.
func (TreeSitterChecker) Check(ctx context.Context, code string, _ Task) ([]Finding, error) {
	src := []byte(verify.NormalizeForTreeSitter(code))
	parser := sitter.NewParser()
	defer parser.Close()
	parser.SetLanguage(swift.GetLanguage())
	tree, err := parser.ParseCtx(ctx, nil, src)
	if err != nil {
		return nil, fmt.Errorf("tree-sitter parse: %w", err)
	}
	defer tree.Close()
	var findings []Finding
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if len(findings) >= 5 {
			return
		}
		if n.IsMissing() {
			findings = append(findings, Finding{Criterion: CriterionCompile, Line: int(n.StartPoint().Row) + 1,
				Message: fmt.Sprintf("syntax error: missing %q", n.Type())})
			return
		}
		if n.IsError() {
			findings = append(findings, Finding{Criterion: CriterionCompile, Line: int(n.StartPoint().Row) + 1,
				Message: "syntax error near " + strconv.Quote(snippet(n.Content(src)))})
			return
		}
		for i := 0; i < int(n.ChildCount()); i++ {
			walk(n.Child(i))
		}
	}
	walk(tree.RootNode())
	return findings, nil
}
