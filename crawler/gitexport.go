package crawler

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// DefaultMaxFileBytes caps one file kept from a sample-code or package
// repository. The largest text file of the real corpora is 305 KB (a
// CHANGELOG); anything past 1 MiB is generated data, not something to read.
const DefaultMaxFileBytes = 1 << 20

// Why a file of a repository is not kept.
const (
	dropType   = "not a kept type" // by name: images, binaries, other files
	dropBinary = "binary"          // a NUL byte
	dropLFS    = "git-lfs pointer" // the object lives on an LFS server
	dropLarge  = "too large"       // past MaxFileBytes
	dropLink   = "symlink or submodule"
)

// lfsPointer starts every Git LFS pointer file: what a clone without git-lfs
// (or with GIT_LFS_SKIP_SMUDGE) holds in place of the object.
var lfsPointer = []byte("version https://git-lfs.github.com/spec/")

// ExportResult says what a repository fetch did: the git side (Cloned, Head,
// Changed) and the export of the kept files into the output folder.
type ExportResult struct {
	Cloned    bool   // a fresh clone, else an update
	Head      string // the commit exported
	Changed   bool   // Head differs from the last export
	Kept      int    // files in the output folder
	Written   int    // of which written by this run (new or changed)
	Removed   int    // files of the last export that are gone upstream
	Dropped   map[string]int
	OutputDir string
}

// DroppedTotal counts the files left out, whatever the reason.
func (r *ExportResult) DroppedTotal() int {
	n := 0
	for _, v := range r.Dropped {
		n += v
	}
	return n
}

// gitRepoDir is a shallow bare clone kept under the output folder's metadata
// directory. Files are exported from its tree with `git cat-file`, never
// checked out: no working tree means no checkout filters, so a repository
// that stores its binaries in Git LFS needs no git-lfs (the pointers are read
// as the small text files they are, and dropped), and an interrupted run
// leaves no half-updated tree behind.
type gitRepoDir struct {
	git string // the git binary
	dir string // the bare repository
}

func (g gitRepoDir) run(ctx context.Context, stdin io.Reader, args ...string) (string, error) {
	return runGit(ctx, g.git, []string{"--git-dir=" + g.dir}, []string{"GIT_LFS_SKIP_SMUDGE=1"}, stdin, args...)
}

// fetchRef brings the commit of ref (a branch, a tag, or "" for the remote's
// HEAD) of url into the repository, depth 1, creating the repository first
// when it is not there. It returns the commit and whether the repository was
// created. A failed first fetch removes what it created; a failed update
// leaves the repository and the last export as they were.
func (g gitRepoDir) fetchRef(ctx context.Context, url, ref string) (head string, created bool, err error) {
	if _, statErr := os.Stat(filepath.Join(g.dir, "HEAD")); statErr != nil {
		if err := os.MkdirAll(filepath.Dir(g.dir), 0o755); err != nil {
			return "", false, fmt.Errorf("git dir: %w", err)
		}
		if err := os.RemoveAll(g.dir); err != nil {
			return "", false, fmt.Errorf("git dir: %w", err)
		}
		if _, err := g.run(ctx, nil, "init", "--bare", "--quiet"); err != nil {
			return "", false, err
		}
		created = true
		defer func() {
			if err != nil {
				os.RemoveAll(g.dir)
			}
		}()
	} else {
		removeGitLocks(g.dir)
	}
	want := ref
	if want == "" {
		want = "HEAD"
	}
	if _, err := g.run(ctx, nil, "fetch", "--depth", "1", "--no-tags", "--quiet", url, want); err != nil {
		return "", created, err
	}
	head, err = g.run(ctx, nil, "rev-parse", "--verify", "FETCH_HEAD^{commit}")
	if err != nil {
		return "", created, err
	}
	// A ref of our own keeps the commit reachable; FETCH_HEAD is not a ref.
	if _, err := g.run(ctx, nil, "update-ref", "refs/cupertino/export", head); err != nil {
		return "", created, err
	}
	return head, created, nil
}

// removeGitLocks deletes the lock files a killed git leaves in the top of a
// repository (shallow.lock, packed-refs.lock, …), which would fail every
// later fetch. The caller holds the fetch lock, so no git of ours is running.
func removeGitLocks(dir string) {
	for _, sub := range []string{"", "refs/cupertino"} {
		entries, _ := os.ReadDir(filepath.Join(dir, sub))
		for _, e := range entries {
			if !e.IsDir() && strings.HasSuffix(e.Name(), ".lock") {
				os.Remove(filepath.Join(dir, sub, e.Name()))
			}
		}
	}
}

// treeEntry is one file of a commit's tree.
type treeEntry struct {
	Mode string
	Sha  string
	Size int64
	Path string // slash-separated, relative to the repository root
}

// lsTree lists every file of commit.
func (g gitRepoDir) lsTree(ctx context.Context, commit string) ([]treeEntry, error) {
	out, err := g.run(ctx, nil, "ls-tree", "-r", "-l", "-z", "--full-tree", commit)
	if err != nil {
		return nil, err
	}
	var entries []treeEntry
	for _, rec := range strings.Split(out, "\x00") {
		meta, p, ok := strings.Cut(rec, "\t")
		if !ok {
			continue
		}
		f := strings.Fields(meta)
		if len(f) != 4 {
			continue
		}
		size, _ := strconv.ParseInt(f[3], 10, 64) // "-" for submodules
		entries = append(entries, treeEntry{Mode: f[0], Sha: f[2], Size: size, Path: p})
	}
	return entries, nil
}

// readBlobs streams the given blobs through one `git cat-file --batch` and
// calls fn with each one's content, in order.
func (g gitRepoDir) readBlobs(ctx context.Context, shas []string, fn func(i int, body []byte) error) error {
	if len(shas) == 0 {
		return nil
	}
	cmd := exec.CommandContext(ctx, g.git, "--git-dir="+g.dir, "cat-file", "--batch")
	cmd.Stdin = strings.NewReader(strings.Join(shas, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("%w: cat-file: %w", ErrGit, err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%w: cat-file: %w", ErrGit, err)
	}
	r := bufio.NewReaderSize(stdout, 1<<16)
	var ferr error
	for i := range shas {
		header, err := r.ReadString('\n')
		if err != nil {
			ferr = fmt.Errorf("%w: cat-file: %w", ErrGit, err)
			break
		}
		f := strings.Fields(header)
		if len(f) != 3 {
			ferr = fmt.Errorf("%w: cat-file: %s", ErrGit, strings.TrimSpace(header))
			break
		}
		n, _ := strconv.ParseInt(f[2], 10, 64)
		body := make([]byte, n+1) // the content and its trailing newline
		if _, err := io.ReadFull(r, body); err != nil {
			ferr = fmt.Errorf("%w: cat-file: %w", ErrGit, err)
			break
		}
		if err := fn(i, body[:n]); err != nil {
			ferr = err
			break
		}
	}
	if ferr != nil {
		cmd.Process.Kill()
		cmd.Wait()
		return ferr
	}
	if err := cmd.Wait(); err != nil {
		return fmt.Errorf("%w: cat-file: %w: %s", ErrGit, err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// exportRule says which files of a repository are kept.
type exportRule struct {
	// keep decides from a file's path whether it may be kept; a file it
	// allows is still dropped when its content is not text.
	keep func(p string) bool
	// cut names files that are cut at the last line break before cutBytes
	// instead of being dropped when longer (CHANGELOGs).
	cut      func(p string) bool
	cutBytes int64
	maxBytes int64 // any other file past this is dropped
}

// cutAtLine cuts body at the last line break before n bytes, without a
// marker, as the packages corpus was made.
func cutAtLine(body []byte, n int64) []byte {
	if int64(len(body)) <= n {
		return body
	}
	if i := bytes.LastIndexByte(body[:n], '\n'); i >= 0 {
		return body[:i+1]
	}
	return body[:n]
}

// exportManifest records what the last export wrote: path to blob, and the
// commit. It lives in the git directory, outside the exported tree.
type exportManifest struct {
	Head  string            `json:"head"`
	Files map[string]string `json:"files"`
}

func (g gitRepoDir) manifestPath() string { return filepath.Join(g.dir, "cupertino-export.json") }

func (g gitRepoDir) loadManifest() exportManifest {
	m := exportManifest{Files: map[string]string{}}
	if b, err := os.ReadFile(g.manifestPath()); err == nil {
		_ = json.Unmarshal(b, &m)
		if m.Files == nil {
			m.Files = map[string]string{}
		}
	}
	return m
}

func (g gitRepoDir) saveManifest(m exportManifest) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("encode export manifest: %w", err)
	}
	return writeFileAtomic(g.manifestPath(), b, true)
}

// export writes the kept text files of commit into out, rewriting only those
// whose blob changed since the last export, and removes the files of the last
// export that are no longer kept. A file past maxBytes, with a NUL byte or
// that is a Git LFS pointer is dropped, whatever its name.
//
// It is safe to kill: the manifest first grows to cover every file this run
// may write, so the next run removes whatever a killed one left that is no
// longer wanted, and files are written through a rename.
func (g gitRepoDir) export(ctx context.Context, commit, out string, rule exportRule, res *ExportResult) error {
	cuts := func(p string) bool { return rule.cut != nil && rule.cut(p) }
	entries, err := g.lsTree(ctx, commit)
	if err != nil {
		return err
	}
	old := g.loadManifest()
	res.Changed = old.Head != commit
	res.Dropped = map[string]int{}
	var want []treeEntry
	for _, e := range entries {
		switch {
		case !safeRepoPath(e.Path) || !rule.keep(e.Path):
			res.Dropped[dropType]++
		case e.Mode != "100644" && e.Mode != "100755":
			res.Dropped[dropLink]++
		case e.Size > rule.maxBytes && !cuts(e.Path), e.Size > 16*max(rule.maxBytes, rule.cutBytes):
			// A file to cut is read whole first; past 16 times its cap it
			// is not a CHANGELOG worth reading.
			res.Dropped[dropLarge]++
		default:
			want = append(want, e)
		}
	}
	grown := exportManifest{Head: old.Head, Files: map[string]string{}}
	for p, sha := range old.Files {
		grown.Files[p] = sha
	}
	for _, e := range want {
		if _, ok := grown.Files[e.Path]; !ok {
			grown.Files[e.Path] = "" // may be written; not yet known to be
		}
	}
	if err := g.saveManifest(grown); err != nil {
		return err
	}
	final := exportManifest{Head: commit, Files: map[string]string{}}
	var read []treeEntry
	for _, e := range want {
		abs := filepath.Join(out, filepath.FromSlash(e.Path))
		if old.Files[e.Path] == e.Sha {
			if _, err := os.Stat(abs); err == nil {
				final.Files[e.Path] = e.Sha
				continue
			}
		}
		read = append(read, e)
	}
	shas := make([]string, len(read))
	for i, e := range read {
		shas[i] = e.Sha
	}
	err = g.readBlobs(ctx, shas, func(i int, body []byte) error {
		e := read[i]
		limit := rule.maxBytes
		if cuts(e.Path) {
			body, limit = cutAtLine(body, rule.cutBytes), max(rule.cutBytes, limit)
		}
		if why := notText(body, limit); why != "" {
			res.Dropped[why]++
			return nil
		}
		abs := filepath.Join(out, filepath.FromSlash(e.Path))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		if err := writeFileAtomic(abs, body, false); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		final.Files[e.Path] = e.Sha
		res.Written++
		return nil
	})
	if err != nil {
		return err
	}
	for p := range grown.Files {
		if _, ok := final.Files[p]; ok {
			continue
		}
		abs := filepath.Join(out, filepath.FromSlash(p))
		if err := os.Remove(abs); err == nil {
			if _, wasKept := old.Files[p]; wasKept {
				res.Removed++
			}
			removeEmptyParents(filepath.Dir(abs), out)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("export: %w", err)
		}
	}
	res.Kept, res.Head = len(final.Files), commit
	return g.saveManifest(final)
}

// notText names why a body is not kept as text, or returns "".
func notText(body []byte, maxBytes int64) string {
	switch {
	case bytes.HasPrefix(body, lfsPointer):
		return dropLFS
	case int64(len(body)) > maxBytes:
		return dropLarge
	case bytes.IndexByte(body, 0) >= 0:
		return dropBinary
	}
	return ""
}

// safeRepoPath refuses paths that could land outside the export or on our
// metadata: any dot-leading component (.git, .cupertino-fetch, .github) and
// anything not clean.
func safeRepoPath(p string) bool {
	if p == "" || path.Clean(p) != p || path.IsAbs(p) || strings.Contains(p, "\\") {
		return false
	}
	for _, c := range strings.Split(p, "/") {
		if c == "" || strings.HasPrefix(c, ".") {
			return false
		}
	}
	return true
}

// removeEmptyParents removes dir and its parents up to (not including) root
// while they are empty.
func removeEmptyParents(dir, root string) {
	root = filepath.Clean(root)
	for dir = filepath.Clean(dir); dir != root && strings.HasPrefix(dir, root+string(filepath.Separator)); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			return
		}
	}
}

// extOf returns a path's extension, lower-cased, without the dot.
func extOf(p string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(p), "."))
}

// localRepoURL turns an existing local path into a file:// URL, which git
// fetches shallowly (it ignores --depth for plain paths).
func localRepoURL(repo string) string {
	if strings.Contains(repo, "://") || strings.Contains(repo, "@") {
		return repo
	}
	if abs, err := filepath.Abs(repo); err == nil {
		if _, err := os.Stat(abs); err == nil {
			return "file://" + filepath.ToSlash(abs)
		}
	}
	return repo
}
