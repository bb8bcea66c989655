//go:build !cgo || notreesitter

package swiftsym

// AnalyzeFile needs tree-sitter to tell uses from declarations, comments
// and strings; a build without it (the cgo-free darwin archives) indexes
// sample and package files as text only, without references or symbol
// pages.
func AnalyzeFile(code string) FileAnalysis { return FileAnalysis{} }
