package index

import (
	"errors"
	"fmt"
	"os"
)

// The files beside an index that nothing reads pile up: what a killed save
// or setup left in flight, and the previous index setup kept. Deleting them
// is safe only while no save or setup runs, so they are listed for a
// caller holding the save lock, which is what guarantees that.

// InFlight lists the in-flight files beside the locked index: with the
// lock held, none belongs to a running save, so all are dead weight.
func (s *SaveLock) InFlight() ([]Leftover, error) {
	if s == nil || s.lock == nil {
		return nil, fmt.Errorf("%w: the save lock was already released", ErrClosed)
	}
	return inFlightFiles(s.dbPath)
}

// Previous returns the previous index that ImportParts kept beside the
// locked one (PreviousPath), if there is one.
func (s *SaveLock) Previous() (Leftover, bool, error) {
	if s == nil || s.lock == nil {
		return Leftover{}, false, fmt.Errorf("%w: the save lock was already released", ErrClosed)
	}
	path := PreviousPath(s.dbPath)
	fi, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return Leftover{}, false, nil
	}
	if err != nil {
		return Leftover{}, false, err
	}
	return Leftover{Path: path, Size: fi.Size()}, fi.Mode().IsRegular(), nil
}
