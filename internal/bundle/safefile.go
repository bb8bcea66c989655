package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// Setup writes its downloads and unpacked parts under the base folder,
// where anyone who could write there may have planted a symbolic link to a
// file elsewhere. It never writes through one: a file is created new with
// O_EXCL|O_NOFOLLOW after a stale regular file of its name is removed, and
// a partial download is appended to only when it is a regular file. A link
// or a special file found there is refused with ErrUnsafePath, naming it.

// createFresh creates path as a new, empty file for writing.
func createFresh(path string) (*os.File, error) {
	if err := removeStale(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	if errors.Is(err, fs.ErrExist) {
		// Made between the removal and the create: by someone else.
		return nil, fmt.Errorf("%w: %s appeared while setup was creating it: remove it and run setup again", ErrUnsafePath, path)
	}
	return f, err
}

// removeStale removes a regular file at path (a killed run's); no file is
// fine, anything else is refused.
func removeStale(path string) error {
	size, err := regularSize(path)
	if err != nil || size < 0 {
		return err
	}
	return os.Remove(path)
}

// openToAppend opens the regular file at path to append to it.
func openToAppend(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|syscall.O_NOFOLLOW, 0)
	if errors.Is(err, syscall.ELOOP) {
		return nil, unsafePath(path, fs.ModeSymlink)
	}
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		if err != nil {
			return nil, err
		}
		return nil, unsafePath(path, fi.Mode())
	}
	return f, nil
}

// regularSize is the size of the regular file at path, -1 when there is
// none, and ErrUnsafePath when something else is there.
func regularSize(path string) (int64, error) {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return -1, nil
	}
	if err != nil {
		return -1, err
	}
	if !fi.Mode().IsRegular() {
		return -1, unsafePath(path, fi.Mode())
	}
	return fi.Size(), nil
}

func unsafePath(path string, mode fs.FileMode) error {
	what := "special file"
	switch {
	case mode&fs.ModeSymlink != 0:
		what = "symbolic link"
	case mode.IsDir():
		what = "directory"
	case mode&fs.ModeNamedPipe != 0:
		what = "named pipe"
	}
	return fmt.Errorf("%w: %s is a %s that setup did not make, and it does not write through one: remove it and run setup again",
		ErrUnsafePath, path, what)
}
