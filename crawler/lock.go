package crawler

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/cupertino-go/cupertino/internal/filelock"
)

// lockCrawl takes an exclusive lock on the crawl's metadata directory, so two
// fetches never interleave one checkpoint and journal (internal/filelock:
// the kernel drops it when the process dies).
func lockCrawl(dir string) (unlock func(), err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	l, err := filelock.TryLock(filepath.Join(dir, "lock"))
	if errors.Is(err, filelock.ErrHeld) {
		return nil, fmt.Errorf("%w: %s", ErrLocked, dir)
	}
	if err != nil {
		return nil, fmt.Errorf("lock: %w", err)
	}
	return l.Release, nil
}
