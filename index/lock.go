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

// EstimateFreeBytes is the free space a build needs in the index directory,
// from what the save will read and what is already there: the new DB (about
// a fifth of its JSON input, measured at 688 MiB for 4.6 GB of Apple pages)
// written once and merged once by FTS optimize, the copy of the previous DB
// that an incremental build edits, and a small floor for SQLite's journals.
// A full save needs about 2.5 GiB; the demo corpus about 4 MiB.
func EstimateFreeBytes(inputBytes, previousDBBytes int64) uint64 {
	const (
		dbPerInput = 0.2
		floor      = 4 << 20
	)
	if inputBytes < 0 {
		inputBytes = 0
	}
	if previousDBBytes < 0 {
		previousDBBytes = 0
	}
	return uint64(2*dbPerInput*float64(inputBytes)) + uint64(previousDBBytes) + floor
}

// SaveLock is the lock "<db>.lock" held by one save for its whole run, from
// reading the previous index's manifest to renaming the new one over it, so
// two saves of one index never interleave. A Builder given it in
// BuildOptions.Lock takes it over and releases it on Commit or Abort.
type SaveLock struct {
	lock *buildLock
}

// LockForSave takes the save lock of dbPath, or returns ErrLocked (wrapped,
// naming the holder) when another save holds it.
func LockForSave(dbPath string) (*SaveLock, error) {
	if err := os.MkdirAll(filepath.Dir(dbPath), 0o755); err != nil {
		return nil, fmt.Errorf("create index directory: %w", err)
	}
	l, err := acquireLock(dbPath)
	if err != nil {
		return nil, err
	}
	return &SaveLock{lock: l}, nil
}

// Release releases the lock; a no-op once released or taken over.
func (s *SaveLock) Release() {
	if s != nil {
		s.lock.release()
	}
}

// take hands the held lock over to a Builder.
func (s *SaveLock) take() *buildLock {
	l := s.lock
	s.lock = nil
	return l
}

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
