//go:build !unix

package crawler

// lockCrawl is a no-op where flock is unavailable.
func lockCrawl(string) (func(), error) { return func() {}, nil }

// processAlive assumes the process lives where it cannot be asked.
func processAlive(int) bool { return true }
