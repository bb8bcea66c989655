package crawler

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"github.com/cupertino-go/cupertino/internal/canonjson"
)

// store writes pages under the output directory at PagePath(uri), as
// canonical JSON (sorted keys), atomically, and only when the content changed.
type store struct {
	dir   string
	force bool // write even when unchanged
	dirs  sync.Map
}

type putResult struct {
	Hash    string // hex SHA-256 of what is stored (for a page, its canonical JSON, as canonjson.Hash)
	Written bool
	Path    string // relative to dir
}

// put canonicalises body and stores it as the page uri.
func (s *store) put(uri string, body []byte) (putResult, error) {
	rel, err := PagePath(uri)
	if err != nil {
		return putResult{}, err
	}
	return s.putJSON(rel, body)
}

// putJSON canonicalises body and stores it at rel.
func (s *store) putJSON(rel string, body []byte) (putResult, error) {
	canon, err := canonjson.Canonicalize(body)
	if err != nil {
		return putResult{}, fmt.Errorf("%w: canonicalize: %w", ErrMalformed, err)
	}
	return s.putFile(rel, canon)
}

// putFile stores b at rel (slash-separated, relative to the store's
// directory) unless the file holds b already.
func (s *store) putFile(rel string, b []byte) (putResult, error) {
	sum := sha256.Sum256(b)
	res := putResult{Hash: hex.EncodeToString(sum[:]), Path: rel}
	abs := filepath.Join(s.dir, filepath.FromSlash(rel))
	if !s.force {
		if old, err := os.ReadFile(abs); err == nil && sha256.Sum256(old) == sum {
			return res, nil
		}
	}
	if err := s.mkdirAll(filepath.Dir(abs)); err != nil {
		return res, err
	}
	if err := writeFileAtomic(abs, b, false); err != nil {
		return res, err
	}
	res.Written = true
	return res, nil
}

// fileHash returns the hex SHA-256 of a stored page, for resume checks.
func (s *store) fileHash(rel string) (string, []byte, error) {
	b, err := os.ReadFile(filepath.Join(s.dir, rel))
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), b, nil
}

func (s *store) mkdirAll(dir string) error {
	if _, ok := s.dirs.Load(dir); ok {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	s.dirs.Store(dir, true)
	return nil
}

// readJSONFiles decodes every file matching pattern as a T and hands it to
// each with its path; a file that cannot be read or decoded is passed over.
// It fails only on a malformed pattern.
func readJSONFiles[T any](pattern string, each func(path string, v T)) error {
	files, err := filepath.Glob(pattern)
	if err != nil {
		return err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var v T
		if json.Unmarshal(b, &v) == nil {
			each(f, v)
		}
	}
	return nil
}

// tempPrefix starts every temporary file; the dot keeps it out of the save
// reader's walk and it never ends in .json.
const tempPrefix = ".cupertino-tmp-"

// writeFileAtomic writes b to path through a temporary file in the same
// directory and a rename, so a reader (or a crash) sees the old file or the
// new one, never half of one. sync asks for the data to reach the disk first,
// for files whose loss on power failure matters (checkpoints).
func writeFileAtomic(path string, b []byte, sync bool) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), tempPrefix+"*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(b); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if sync {
		if err = f.Sync(); err != nil {
			return fmt.Errorf("sync %s: %w", path, err)
		}
	}
	if err = f.Chmod(0o644); err != nil {
		return fmt.Errorf("chmod %s: %w", path, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("close %s: %w", path, err)
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return fmt.Errorf("rename %s: %w", path, err)
	}
	return nil
}

// removeStaleTemps deletes temporary files a killed run left behind.
func removeStaleTemps(dir string) {
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if !d.IsDir() && len(d.Name()) > len(tempPrefix) && d.Name()[:len(tempPrefix)] == tempPrefix {
			if rmErr := os.Remove(p); rmErr != nil && !errors.Is(rmErr, fs.ErrNotExist) {
				return nil
			}
		}
		return nil
	})
}
