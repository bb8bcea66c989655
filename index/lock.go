package index

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// DefaultMinFreeBytes is the free space Create demands in the index directory:
// the finished DB (~1.5-2 GB for the full corpus) plus SQLite's temporary
// space for index builds and FTS merges.
const DefaultMinFreeBytes = 3 << 30

// buildLock is an flock(2) on "<db>.lock". The kernel drops it when the
// process dies, so a stale lock file left by a killed save never blocks the
// next one; the pid written inside only serves the error message.
type buildLock struct {
	file *os.File
}

func acquireLock(dbPath string) (*buildLock, error) {
	path := dbPath + ".lock"
	// The holder removes the file on release, so a lock taken on a file that
	// was unlinked meanwhile protects nothing: retry on the new file.
	for attempt := 0; attempt < 5; attempt++ {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("open lock file: %w", err)
		}
		if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
			holder := readLockHolder(f)
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, fmt.Errorf("%w (%s held by %s); wait for it to finish", ErrLocked, path, holder)
			}
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if !sameFile(f, path) {
			f.Close()
			continue
		}
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return &buildLock{file: f}, nil
	}
	return nil, fmt.Errorf("%w (%s keeps changing hands)", ErrLocked, path)
}

func sameFile(f *os.File, path string) bool {
	held, err := f.Stat()
	if err != nil {
		return false
	}
	onDisk, err := os.Stat(path)
	return err == nil && os.SameFile(held, onDisk)
}

func readLockHolder(f *os.File) string {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	pid := strings.TrimSpace(string(buf[:n]))
	if pid == "" {
		return "another process"
	}
	return "pid " + pid
}

// release unlocks and removes the lock file. Removing before unlocking means
// a waiter never locks a file that is about to disappear under it.
func (l *buildLock) release() {
	if l == nil || l.file == nil {
		return
	}
	os.Remove(l.file.Name())
	syscall.Flock(int(l.file.Fd()), syscall.LOCK_UN)
	l.file.Close()
	l.file = nil
}

// FreeSpaceFunc reports the bytes available to an unprivileged user in the
// filesystem holding dir.
type FreeSpaceFunc func(dir string) (uint64, error)

// StatfsFreeSpace is the default FreeSpaceFunc.
func StatfsFreeSpace(dir string) (uint64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, fmt.Errorf("statfs %s: %w", dir, err)
	}
	return uint64(st.Bavail) * uint64(st.Bsize), nil
}

func checkFreeSpace(dbPath string, free FreeSpaceFunc, need uint64) error {
	if need == 0 {
		return nil
	}
	if free == nil {
		free = StatfsFreeSpace
	}
	dir := filepath.Dir(dbPath)
	have, err := free(dir)
	if err != nil {
		return fmt.Errorf("check free space: %w", err)
	}
	if have < need {
		return fmt.Errorf("%w: %s has %s free, need %s", ErrLowDisk, dir, formatBytes(have), formatBytes(need))
	}
	return nil
}

func formatBytes(n uint64) string {
	const gib, mib = 1 << 30, 1 << 20
	switch {
	case n >= gib:
		return fmt.Sprintf("%.1f GiB", float64(n)/gib)
	case n >= mib:
		return fmt.Sprintf("%.1f MiB", float64(n)/mib)
	default:
		return fmt.Sprintf("%d bytes", n)
	}
}
