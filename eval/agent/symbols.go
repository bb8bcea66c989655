package agent

import "github.com/cupertino-go/cupertino/internal/verify"

// The symbol sources and the curated deprecation map are internal/verify's,
// shared with `cupertino verify` and the verify_swift tool; these names keep
// the eval's API as it was.
type (
	SymbolTable = verify.SymbolTable
	SymbolInfo  = verify.SymbolInfo
	MemTable    = verify.MemTable
	IndexTable  = verify.IndexTable
	Deprecation = verify.Deprecation
)

// Deprecations is the curated map.
var Deprecations = verify.Deprecations

// LoadSymbolGraphs reads every *.symbols.json under dir (recursively).
func LoadSymbolGraphs(dir string) (*MemTable, error) { return verify.LoadSymbolGraphs(dir) }

// OpenIndexTable opens the index at path read-only.
func OpenIndexTable(path string) (*IndexTable, error) { return verify.OpenIndexTable(path) }

// NewMemTable builds a table from symbols.
func NewMemTable(description string, symbols []SymbolInfo) *MemTable {
	return verify.NewMemTable(description, symbols)
}
