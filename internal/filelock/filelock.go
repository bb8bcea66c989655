// Package filelock is the one advisory lock cupertino takes: flock(2) on a
// lock file. The kernel drops it when the process dies, so a killed save or
// fetch never leaves a stale lock behind; the pid written in the file only
// serves the message that names the holder.
package filelock

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ErrHeld means another process holds the lock; the wrapping error names
// it ("pid 123").
var ErrHeld = errors.New("lock held")

// ErrNotAFile means a symbolic link or a special file is where the lock
// file goes; it is neither followed nor written.
var ErrNotAFile = errors.New("lock file is not a regular file")

// Lock is a held lock.
type Lock struct {
	file *os.File
}

// TryLock takes an exclusive lock on the file at path, creating it, without
// waiting. The holder removes the file on Release, so a lock taken on a
// file that was unlinked meanwhile protects nothing: it retries on the new
// file a few times.
func TryLock(path string) (*Lock, error) {
	for attempt := 0; attempt < 5; attempt++ {
		// A link planted where the lock goes must not make the holder
		// truncate and write its target: the lock file is opened without
		// following one, and only a regular file is taken.
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|noFollow, 0o644)
		if isLinkError(err) {
			return nil, fmt.Errorf("%w: %s is a symbolic link: remove it", ErrNotAFile, path)
		}
		if err != nil {
			return nil, fmt.Errorf("open lock file: %w", err)
		}
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			f.Close()
			return nil, fmt.Errorf("%w: %s is not a regular file: remove it", ErrNotAFile, path)
		}
		held, err := tryExclusive(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if !held {
			holder := readHolder(f)
			f.Close()
			return nil, fmt.Errorf("%w: %s by %s", ErrHeld, path, holder)
		}
		if !sameFile(f, path) {
			f.Close()
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return &Lock{file: f}, nil
	}
	return nil, fmt.Errorf("%w: %s keeps changing hands", ErrHeld, path)
}

// Release removes the lock file and unlocks it; removing first means a
// waiter never locks a file about to disappear. Safe on nil and twice.
func (l *Lock) Release() {
	if l == nil || l.file == nil {
		return
	}
	os.Remove(l.file.Name())
	unlock(l.file)
	l.file.Close()
	l.file = nil
}

func sameFile(f *os.File, path string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	onDisk, err := os.Stat(path)
	return err == nil && os.SameFile(held, onDisk)
}

func readHolder(f *os.File) string {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	if pid := strings.TrimSpace(string(buf[:n])); pid != "" {
		return "pid " + pid
	}
	return "another process"
}
