package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/internal/safefile"
)

// fetchRecordFile, in a fetched folder's metadata directory, records how
// the folder was fetched, so that `cupertino update` fetches it again the
// same way: the same site, start, guides, repository or package list.
const fetchRecordFile = "fetch.json"

// fetchRecord is what a fetch writes into fetchRecordFile.
type fetchRecord struct {
	Source          string        `json:"source"`
	Origin          string        `json:"origin,omitempty"`
	StartURL        string        `json:"startURL,omitempty"`
	AllowedPrefixes []string      `json:"allowedPrefixes,omitempty"`
	MaxDepth        int           `json:"maxDepth,omitempty"`
	RequestDelay    time.Duration `json:"requestDelay,omitempty"`
	Concurrency     int           `json:"concurrency,omitempty"`
	Engine          string        `json:"engine,omitempty"`
	ChromePath      string        `json:"chromePath,omitempty"`
	ChromeTabs      int           `json:"chromeTabs,omitempty"`
	Timeout         time.Duration `json:"timeout,omitempty"`
	MaxPageBytes    int64         `json:"maxPageBytes,omitempty"`
	RepoURL         string        `json:"repoURL,omitempty"`
	Guides          []string      `json:"guides,omitempty"`
	// Packages is the package list itself, so that an update does not
	// depend on the file still being where it was.
	Packages string `json:"packages,omitempty"`
}

func fetchRecordPath(dir string) string {
	return filepath.Join(dir, crawler.MetaDir, fetchRecordFile)
}

// writeFetchRecord records o in its output folder. A local repository path
// is made absolute, so that an update run from elsewhere finds it.
func writeFetchRecord(o *fetchOptions) error {
	rec := fetchRecord{
		Source: o.Source, Origin: o.Origin, StartURL: o.StartURL, AllowedPrefixes: o.AllowedPrefixes,
		MaxDepth: o.MaxDepth, RequestDelay: o.RequestDelay, Concurrency: o.Concurrency, Engine: o.Engine,
		ChromePath: o.ChromePath, ChromeTabs: o.ChromeTabs, Timeout: o.Timeout, MaxPageBytes: o.MaxPageBytes,
		RepoURL: o.RepoURL, Guides: o.Guides,
	}
	if rec.RepoURL != "" && !strings.Contains(rec.RepoURL, "://") && !strings.Contains(rec.RepoURL, "@") {
		if abs, err := filepath.Abs(rec.RepoURL); err == nil {
			rec.RepoURL = abs
		}
	}
	if o.PackagesFile != "" {
		b, err := safefile.ReadFile(o.PackagesFile, 1<<20)
		if err != nil {
			return fmt.Errorf("record the fetch: %w", err)
		}
		rec.Packages = string(b)
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("record the fetch: %w", err)
	}
	path := fetchRecordPath(o.OutputDir)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("record the fetch: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("record the fetch: %w", err)
	}
	return os.Rename(tmp, path)
}

// errNoFetchRecord means a folder was not fetched by cupertino (or by a
// cupertino from before fetches were recorded).
var errNoFetchRecord = errors.New("no fetch record")

// readFetchRecord reads the record of the fetch into dir.
func readFetchRecord(dir string) (*fetchRecord, error) {
	b, err := safefile.ReadFile(fetchRecordPath(dir), 1<<20)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errNoFetchRecord
	}
	if err != nil {
		return nil, err
	}
	var rec fetchRecord
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("%s: %w", fetchRecordPath(dir), err)
	}
	return &rec, nil
}
