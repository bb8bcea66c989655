package crawler

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
)

// DefaultSamplesRepo is the mirror of Apple's sample-code projects that
// `fetch --source samples` clones, from the source table: one folder per
// project (<framework>-<slug>/), with its README.md.
var DefaultSamplesRepo = func() string {
	s, _ := source.Lookup(document.SourceSamples)
	return s.GitRepo
}()

// sampleExts are the file types the samples reader takes: sources and headers
// (Swift, Objective-C, C, C++, Metal), project and build settings, property
// lists, entitlements, string tables, JSON, and the README and other prose.
// Everything else (images, storyboards, assets, models, archives) is left
// out, as in the sample-code corpus.
var sampleExts = map[string]bool{
	"swift": true, "h": true, "hh": true, "hpp": true, "m": true, "mm": true,
	"c": true, "cc": true, "cpp": true, "metal": true,
	"plist": true, "md": true, "txt": true, "json": true, "xcconfig": true,
	"entitlements": true, "strings": true, "pbxproj": true,
}

// SamplesConfig describes the fetch of the sample-code mirror.
type SamplesConfig struct {
	RepoURL   string // default DefaultSamplesRepo; a local path is accepted
	Ref       string // branch or tag; default the remote's HEAD
	OutputDir string // the exported projects
	// StartClean deletes the clone and the exported files first.
	StartClean bool
	// MaxFileBytes drops a file past it; default DefaultMaxFileBytes.
	MaxFileBytes int64
	Git          string // the git binary; default "git"
}

// SamplesResult says what a samples fetch did.
type SamplesResult struct {
	ExportResult
	Elapsed time.Duration
}

// FetchSamples clones the sample-code mirror shallowly (or fetches its newest
// commit into the clone it made before) and exports the text files of every
// project into OutputDir, keeping the repository's layout. The clone is a
// bare repository in <OutputDir>/.cupertino-fetch/git; see gitRepoDir.
func FetchSamples(ctx context.Context, cfg SamplesConfig) (*SamplesResult, error) {
	start := time.Now()
	if cfg.RepoURL == "" {
		cfg.RepoURL = DefaultSamplesRepo
	}
	if err := exportDefaults(cfg.OutputDir, &cfg.MaxFileBytes); err != nil {
		return nil, err
	}
	g, unlock, err := openGitMeta(cfg.OutputDir, cfg.Git, "samples.git", cfg.StartClean)
	if err != nil {
		return nil, err
	}
	defer unlock()
	res := &SamplesResult{ExportResult: ExportResult{OutputDir: cfg.OutputDir}}
	head, created, err := g.fetchRef(ctx, localRepoURL(cfg.RepoURL), cfg.Ref)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cfg.RepoURL, err)
	}
	res.Cloned = created
	rule := exportRule{
		keep:     func(p string) bool { return sampleExts[extOf(p)] },
		maxBytes: cfg.MaxFileBytes,
	}
	if err := g.export(ctx, head, cfg.OutputDir, rule, &res.ExportResult); err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// exportDefaults checks that a fetch exporting from git has an output
// folder and defaults its file size cap to DefaultMaxFileBytes.
func exportDefaults(out string, maxFileBytes *int64) error {
	if out == "" {
		return fmt.Errorf("%w: no output directory", ErrConfig)
	}
	if *maxFileBytes <= 0 {
		*maxFileBytes = DefaultMaxFileBytes
	}
	return nil
}

// openGitMeta prepares <out>/.cupertino-fetch/git, takes its lock (one fetch
// at a time per output folder) and returns the repository named name in it.
// startClean removes the output folder's exported files and clones first.
func openGitMeta(out, git, name string, startClean bool) (gitRepoDir, func(), error) {
	if git == "" {
		git = "git"
	}
	meta := filepath.Join(out, MetaDir, "git")
	if err := os.MkdirAll(meta, 0o755); err != nil {
		return gitRepoDir{}, nil, fmt.Errorf("output dir: %w", err)
	}
	unlock, err := lockCrawl(meta)
	if err != nil {
		return gitRepoDir{}, nil, err
	}
	if startClean {
		if err := cleanExport(out); err != nil {
			unlock()
			return gitRepoDir{}, nil, err
		}
	}
	removeStaleTemps(out)
	return gitRepoDir{git: git, dir: filepath.Join(meta, name)}, unlock, nil
}

// cleanExport removes everything in out but the metadata directory's lock,
// for a fresh clone and export.
func cleanExport(out string) error {
	entries, err := os.ReadDir(out)
	if err != nil {
		return fmt.Errorf("start clean: %w", err)
	}
	for _, e := range entries {
		p := filepath.Join(out, e.Name())
		if e.Name() == MetaDir {
			gitDir := filepath.Join(p, "git")
			sub, _ := os.ReadDir(gitDir)
			for _, s := range sub {
				if s.Name() != "lock" {
					if err := os.RemoveAll(filepath.Join(gitDir, s.Name())); err != nil {
						return fmt.Errorf("start clean: %w", err)
					}
				}
			}
			continue
		}
		if err := os.RemoveAll(p); err != nil {
			return fmt.Errorf("start clean: %w", err)
		}
	}
	return nil
}
