//go:build unix

package filelock

import (
	"errors"
	"os"
	"syscall"
)

// tryExclusive takes an exclusive flock without waiting; false when another
// process holds it.
func tryExclusive(f *os.File) (bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return false, nil
	}
	return err == nil, err
}

func unlock(f *os.File) { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }
