package corpus

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/cupertino-go/cupertino/internal/safefile"
)

// Listing is what a source's Files found under its root.
type Listing struct {
	// Files are the regular files to parse, sorted by path.
	Files []string
	// Skipped are entries that were seen but not read, each with the reason
	// the audit log gives: a symbolic link or a FIFO inside the corpus, a
	// folder that could not be read. Sorted by path.
	Skipped []Skip
}

// Skip is one entry of a corpus that Files did not list, and why.
type Skip struct {
	Path   string
	Reason string
}

// Reasons a walk skips an entry. They end up in the audit log.
const (
	SkipSymlink        = "symbolic link inside the corpus (not followed)"
	SkipNotRegular     = "not a regular file"
	SkipUnreadableDir  = "folder could not be read"
	SkipUnreadableFile = "file could not be examined"
)

// walkFiles returns the regular files under root for which keep returns
// true, sorted, and the entries it skipped. Hidden files and directories
// (".git", ".DS_Store") are ignored without a word.
//
// root itself may be a symbolic link (a docs folder moved to another disk and
// linked back): it is resolved first, and the listed paths stay under root as
// given, so moving the folder does not change any file's identity. Links
// inside the corpus are not followed, because following them could read
// outside it; they are reported instead, as are FIFOs and sockets. A folder
// that cannot be read is reported and the walk goes on: one bad subfolder
// must not stop a save of everything else.
func walkFiles(ctx context.Context, root string, keep func(rel string) bool) ([]string, []Skip, error) {
	if err := checkRoot(root); err != nil {
		return nil, nil, err
	}
	resolved, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, nil, fmt.Errorf("resolve %s: %w", root, err)
	}
	return walkFS(ctx, os.DirFS(resolved), root, keep)
}

// walkFS walks fsys (the resolved root) and names what it finds under
// root. Tests give it a file system that fails where a real one would.
func walkFS(ctx context.Context, fsys fs.FS, root string, keep func(rel string) bool) ([]string, []Skip, error) {
	var files []string
	var skipped []Skip
	native := func(rel string) string {
		if rel == "." {
			return root
		}
		return filepath.Join(root, filepath.FromSlash(rel))
	}
	err := fs.WalkDir(fsys, ".", func(rel string, entry fs.DirEntry, err error) error {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if err != nil {
			if rel == "." {
				return err
			}
			// WalkDir calls back a second time for a directory whose
			// listing failed, and once for an entry it could not stat.
			reason := SkipUnreadableFile
			if entry != nil && entry.IsDir() {
				reason = SkipUnreadableDir
			}
			skipped = append(skipped, Skip{Path: native(rel), Reason: fmt.Sprintf("%s: %v", reason, unwrapPathError(err))})
			if entry != nil && entry.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if rel != "." && strings.HasPrefix(path.Base(rel), ".") {
			if entry.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		switch mode := entry.Type(); {
		case entry.IsDir():
			return nil
		case mode.IsRegular():
			if keep(rel) {
				files = append(files, native(rel))
			}
		case mode&fs.ModeSymlink != 0:
			if keep(rel) || isDirLink(fsys, rel) {
				skipped = append(skipped, Skip{Path: native(rel), Reason: SkipSymlink})
			}
		default:
			if keep(rel) {
				skipped = append(skipped, Skip{Path: native(rel), Reason: fmt.Sprintf("%s (%s)", SkipNotRegular, safefile.Describe(mode))})
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("walk %s: %w", root, err)
	}
	// WalkDir's per-directory order puts "a/b.json" before "a.json"; a
	// plain sort gives one global order that does not depend on the walk.
	sort.Strings(files)
	sort.Slice(skipped, func(i, j int) bool { return skipped[i].Path < skipped[j].Path })
	return files, skipped, nil
}

// isDirLink reports whether the link at rel points to a directory: a linked
// folder is worth a line whatever its name, a linked image is not.
func isDirLink(fsys fs.FS, rel string) bool {
	info, err := fs.Stat(fsys, rel)
	return err == nil && info.IsDir()
}

// unwrapPathError drops the *PathError's op and path, which the skip line
// already names, keeping the cause ("permission denied").
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// listing wraps a walk's result for Files.
func listing(files []string, skipped []Skip, err error) (Listing, error) {
	if err != nil {
		return Listing{}, err
	}
	return Listing{Files: files, Skipped: skipped}, nil
}

// fileGroups holds the files of each project or package, for the sources
// whose pages list their group's files (Packages, Samples): Files fills it,
// Parse, which may run concurrently, reads it.
type fileGroups struct {
	mu     sync.Mutex
	groups map[string][]string // group -> its files, relative to the group
}

// list lists every file under root and remembers the files of each group.
// split takes a file's slash path below root and returns its group, its
// path inside the group, and whether it belongs to one; a file that
// belongs to none is still listed.
func (g *fileGroups) list(ctx context.Context, root string, split func(rel string) (group, inGroup string, ok bool)) (Listing, error) {
	l, err := listing(walkFiles(ctx, root, func(string) bool { return true }))
	if err != nil {
		return l, err
	}
	groups := map[string][]string{}
	for _, f := range l.Files {
		if group, inGroup, ok := split(relSlash(root, f)); ok {
			groups[group] = append(groups[group], inGroup)
		}
	}
	g.mu.Lock()
	g.groups = groups
	g.mu.Unlock()
	return l, nil
}

// files returns the files of group, as list found them.
func (g *fileGroups) files(group string) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.groups[group]
}
