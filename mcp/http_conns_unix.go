//go:build unix

package mcp

import "syscall"

// openFilesLimit is the process's open-files limit (RLIMIT_NOFILE), which Go
// raises to the hard limit at start.
func openFilesLimit() (uint64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &r); err != nil {
		return 0, false
	}
	return uint64(r.Cur), true
}
