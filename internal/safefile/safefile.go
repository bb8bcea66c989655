// Package safefile opens and reads files that someone else laid out: a
// corpus folder, a Swift project given to verify, a bundle folder given to
// setup. Such a folder may hold a link to a file outside it, a FIFO that
// blocks every open and read, a link to /dev/zero that never ends, or a
// sparse file of gigabytes. Every read of such a file goes through Open,
// which refuses all of them before reading a byte:
//
//   - a final symbolic link is not followed (ErrLink): Lstat first, then
//     O_NOFOLLOW, so a link swapped in between is caught as well;
//   - only regular files are opened (ErrNotRegular): Lstat first, so a
//     device is never opened, and O_NONBLOCK, so a FIFO swapped in after the
//     Lstat cannot block the open; fstat on the open descriptor then checks
//     that what was opened is still a regular file;
//   - ReadFile checks the size before reading (ErrTooLarge) and reads
//     through a LimitReader, so a file that grows meanwhile cannot make it
//     hold more than the limit.
//
// The errors are *fs.PathError values naming the file, so errors.Is finds the
// sentinel and the message says which file and why.
package safefile

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

var (
	// ErrLink means the file is a symbolic link, which is not followed: it
	// may lead outside the folder being read.
	ErrLink = errors.New("symbolic link (not followed)")
	// ErrNotRegular means the file is a directory, FIFO, socket or device.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge means the file is over the size limit it was read with;
	// the error is a *TooLargeError with the sizes.
	ErrTooLarge = errors.New("file too large")
)

// TooLargeError is the ErrTooLarge of one file.
type TooLargeError struct {
	Path  string
	Size  int64 // the size found: fstat's, or more than Limit if it grew
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s: %v: %d bytes, over the %d-byte limit", e.Path, ErrTooLarge, e.Size, e.Limit)
}

// Is makes errors.Is(err, ErrTooLarge) true.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Open opens path for reading if it is a regular file and not a symbolic
// link, and returns it with the open descriptor's file info. Nothing it
// refuses is read, and no refusal blocks.
func Open(path string) (*os.File, fs.FileInfo, error) {
	info, err := os.Lstat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := checkMode(path, info.Mode()); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		if errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK) {
			// O_NOFOLLOW's answer for a link put there after the Lstat.
			return nil, nil, &fs.PathError{Op: "open", Path: path, Err: ErrLink}
		}
		return nil, nil, err
	}
	info, err = f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := checkMode(path, info.Mode()); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}

// checkMode refuses anything but a regular file.
func checkMode(path string, mode fs.FileMode) error {
	switch {
	case mode.IsRegular():
		return nil
	case mode&fs.ModeSymlink != 0:
		return &fs.PathError{Op: "open", Path: path, Err: ErrLink}
	default:
		return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%w (%s)", ErrNotRegular, Describe(mode))}
	}
}

// Describe names a file's type for a message: "FIFO", "device",
// "directory", "symbolic link".
func Describe(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return "regular file"
	case mode.IsDir():
		return "directory"
	case mode&fs.ModeSymlink != 0:
		return "symbolic link"
	case mode&fs.ModeNamedPipe != 0:
		return "FIFO"
	case mode&fs.ModeSocket != 0:
		return "socket"
	case mode&fs.ModeDevice != 0:
		return "device"
	default:
		return mode.Type().String()
	}
}

// ReadFile reads the regular file at path whole if it holds at most limit
// bytes; it refuses (see Open) links, special files and larger files.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, info, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if info.Size() > limit {
		return nil, &TooLargeError{Path: path, Size: info.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}

// Reader wraps r so that a read after ctx is done fails with ctx's error:
// a long copy or hash of a file stops when the command is cancelled.
func Reader(ctx context.Context, r io.Reader) io.Reader { return &ctxReader{ctx: ctx, r: r} }

type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Refusal says why a file was not read when err is one of this package's
// refusals (a link, a special file, a file too large), and "" for any other
// error: a missing file or a permission error is the caller's to report.
func Refusal(err error) string {
	var tooLarge *TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return fmt.Sprintf("%v: %d bytes, over the %d-byte limit", ErrTooLarge, tooLarge.Size, tooLarge.Limit)
	case errors.Is(err, ErrLink), errors.Is(err, ErrNotRegular):
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return pe.Err.Error()
		}
		return err.Error()
	}
	return ""
}
