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

// noFollow makes an open fail on a symbolic link (ELOOP).
const noFollow = syscall.O_NOFOLLOW

func isLinkError(err error) bool { return errors.Is(err, syscall.ELOOP) }
