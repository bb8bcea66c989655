//go:build !cgo || notreesitter

package agent

import (
	"context"
	"errors"
)

// ErrNoTreeSitter means this binary was built without tree-sitter (no cgo,
// or -tags notreesitter), so the only syntax check left is swiftc.
var ErrNoTreeSitter = errors.New("this cupertino was built without tree-sitter: install swiftc (or pass --swiftc) for the compile criterion")

// TreeSitterChecker stands in for the tree-sitter syntax check in builds
// without it: every Check fails with ErrNoTreeSitter rather than passing
// code it never looked at.
type TreeSitterChecker struct{}

// Toolchain implements SyntaxChecker.
func (TreeSitterChecker) Toolchain() string { return "none (built without tree-sitter)" }

// Check implements SyntaxChecker.
func (TreeSitterChecker) Check(context.Context, string, Task) ([]Finding, error) {
	return nil, ErrNoTreeSitter
}
