package index

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/cupertino-go/cupertino/internal/filelock"
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
	lock   *buildLock
	dbPath string
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
	return &SaveLock{lock: l, dbPath: dbPath}, nil
}

// Release releases the lock; a no-op once released or taken over.
func (s *SaveLock) Release() {
	if s != nil {
		s.lock.release()
		s.lock = nil
	}
}

// take hands the held lock over to a Builder.
func (s *SaveLock) take() *buildLock {
	l := s.lock
	s.lock = nil
	return l
}

// buildLock is the save lock on "<db>.lock" (internal/filelock: flock(2),
// dropped by the kernel when the process dies).
type buildLock struct {
	lock *filelock.Lock
}

func acquireLock(dbPath string) (*buildLock, error) {
	path := dbPath + ".lock"
	l, err := filelock.TryLock(path)
	if errors.Is(err, filelock.ErrHeld) {
		return nil, fmt.Errorf("%w (%v); wait for it to finish", ErrLocked, err)
	}
	if err != nil {
		return nil, err
	}
	return &buildLock{lock: l}, nil
}

// release unlocks and removes the lock file; safe on nil and twice.
func (l *buildLock) release() {
	if l != nil {
		l.lock.Release()
	}
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
