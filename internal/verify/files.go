package verify

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/safefile"
)

// ErrNotRegular means a path given to check is neither a regular file nor a
// directory: a FIFO, a socket, a device such as /dev/zero.
var ErrNotRegular = errors.New("not a regular file or directory")

// Skipped is a file of a project that ReadPaths saw and did not read: a
// symbolic link (it may lead out of the project, to /dev/zero), a FIFO, a
// device.
type Skipped struct {
	Path   string
	Reason string
}

// ReadPaths reads the files to check from paths: a file is read as it is,
// a directory for its Swift files, the Objective-C headers that may
// declare names for them (a bridging header), its Xcode projects, whose
// file lists name the project's types, and its asset catalogs' colour
// sets, declared in one more file (AssetSymbolsFile). Hidden folders, build
// products and checked-out dependencies are skipped.
//
// Every file is read through safefile, its size checked before a byte is
// read: one over MaxFileBytes fails with ErrTooLarge. A path given by name
// may be a link (the person named it) but must end at a regular file or a
// directory (ErrNotRegular otherwise). Inside a directory, links are not
// followed and special files are not opened; they are returned as Skipped.
// The walk stops with ctx's error when ctx is done.
func ReadPaths(ctx context.Context, paths []string) ([]File, []Skipped, error) {
	var out []File
	var skipped []Skipped
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, nil, fmt.Errorf("read %s: %w", p, err)
		}
		switch {
		case info.IsDir():
		case !info.Mode().IsRegular():
			return nil, nil, fmt.Errorf("%w: %s is a %s", ErrNotRegular, p, safefile.Describe(info.Mode()))
		default:
			// A named link is followed once, here: what it names is
			// then read by the same rules as any file.
			resolved, err := filepath.EvalSymlinks(p)
			if err != nil {
				return nil, nil, fmt.Errorf("read %s: %w", p, err)
			}
			f, err := readFile(resolved)
			if err != nil {
				return nil, nil, err
			}
			f.Path = p
			out = append(out, f)
			continue
		}
		found, colors, skip, err := projectFiles(ctx, p)
		if err != nil {
			return nil, nil, err
		}
		skipped = append(skipped, skip...)
		for _, path := range found {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			f, err := readFile(path)
			if reason := safefile.Refusal(err); reason != "" {
				// Swapped for a link or a FIFO since the walk.
				skipped = append(skipped, Skipped{Path: path, Reason: reason})
				continue
			}
			if err != nil {
				return nil, nil, err
			}
			out = append(out, f)
		}
		if len(colors) > 0 {
			// The colour sets of its asset catalogs, as Xcode declares
			// them (assets.go).
			out = append(out, File{Path: filepath.Join(p, AssetSymbolsFile), Code: assetColorSymbols(colors)})
		}
	}
	return out, skipped, nil
}

// projectFiles lists the files of the project at dir that ReadPaths reads,
// sorted, the colour sets of its asset catalogs, and the entries it will
// not read.
func projectFiles(ctx context.Context, dir string) ([]string, []string, []Skipped, error) {
	var found, colors []string
	var skipped []Skipped
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != dir && (strings.HasPrefix(name, ".") || name == "build" || name == "DerivedData" || name == "Pods" || name == "Carthage") {
				return filepath.SkipDir
			}
			if color, ok := strings.CutSuffix(name, ".colorset"); ok {
				colors = append(colors, color)
				return filepath.SkipDir
			}
			return nil
		}
		if ext := strings.ToLower(filepath.Ext(name)); ext != ".swift" && ext != ".h" && ext != ".pbxproj" {
			return nil
		}
		if mode := d.Type(); !mode.IsRegular() {
			reason := safefile.ErrNotRegular.Error() + " (" + safefile.Describe(mode) + ")"
			if mode&fs.ModeSymlink != 0 {
				reason = safefile.ErrLink.Error()
			}
			skipped = append(skipped, Skipped{Path: path, Reason: reason})
			return nil
		}
		found = append(found, path)
		return nil
	})
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, nil, nil, ctxErr
		}
		return nil, nil, nil, fmt.Errorf("walk %s: %w", dir, err)
	}
	sort.Strings(found)
	sort.Strings(colors)
	return found, colors, skipped, nil
}

// readFile reads one file of at most MaxFileBytes, refusing links and
// special files without blocking (safefile).
func readFile(path string) (File, error) {
	data, err := safefile.ReadFile(path, MaxFileBytes)
	var big *safefile.TooLargeError
	switch {
	case errors.As(err, &big):
		return File{}, fmt.Errorf("%w: %s is %d KiB, over %d KiB", ErrTooLarge, displayPath(path), big.Size>>10, MaxFileBytes>>10)
	case err != nil:
		return File{}, fmt.Errorf("read %s: %w", path, err)
	}
	return File{Path: path, Code: string(data)}, nil
}
