package mcp

import "github.com/cupertino-go/cupertino/index"

// The symbol and structural tools read through index's query API
// (index/read_symbols.go, index/read_types.go), which owns the SQL; these
// names keep the tools' code short. The JSON shapes the tools return are
// those types' JSON.
type (
	SymbolRow   = index.SymbolRow
	SymbolQuery = index.SymbolQuery
	TypeRef     = index.TypeRef
	Edge        = index.Edge
	Hierarchy   = index.Hierarchy
)
