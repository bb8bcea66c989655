//go:build !unix

package mcp

// openFilesLimit: no such limit is read on this system.
func openFilesLimit() (uint64, bool) { return 0, false }
