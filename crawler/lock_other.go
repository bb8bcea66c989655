//go:build !unix

package crawler

// processAlive assumes the process lives where it cannot be asked.
func processAlive(int) bool { return true }
