//go:build !unix

package filelock

import "os"

// tryExclusive always succeeds where flock is unavailable: the lock file
// still names the holder, but nothing enforces it.
func tryExclusive(*os.File) (bool, error) { return true, nil }

func unlock(*os.File) {}

// noFollow is unavailable: links are followed.
const noFollow = 0

func isLinkError(error) bool { return false }
