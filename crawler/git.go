package crawler

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/cupertino-go/cupertino/internal/source"
)

// GitSources maps each git-hosted source to its upstream repository, from
// the source table.
var GitSources = func() map[string]string {
	m := map[string]string{}
	for _, s := range source.All {
		if s.Fetch == source.FetchGit {
			m[s.ID] = s.GitRepo
		}
	}
	return m
}()

// ErrGit reports a failed git command; the wrapping error carries its output.
var ErrGit = errors.New("git failed")

// runGit runs git with where (the options that say which repository) before
// args, extraEnv added to the environment and stdin as its input. It returns
// what git printed, stdout and stderr together and trimmed; git never
// prompts for credentials. A failure is ErrGit naming args and quoting git.
func runGit(ctx context.Context, git string, where, extraEnv []string, stdin io.Reader, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, git, slices.Concat(where, args)...)
	cmd.Env = append(append(os.Environ(), "GIT_TERMINAL_PROMPT=0"), extraEnv...)
	cmd.Stdin = stdin
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%w: git %s: %w: %s", ErrGit, strings.Join(args, " "), err, strings.TrimSpace(out.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// GitConfig describes the fetch of one git-hosted source.
type GitConfig struct {
	Source    string // a key of GitSources
	RepoURL   string // default GitSources[Source]; a local path is accepted
	OutputDir string // the working tree
	// StartClean deletes OutputDir first, for a fresh clone.
	StartClean bool
	// Git is the git binary; default "git".
	Git string
}

// GitResult says what a git fetch did.
type GitResult struct {
	Cloned    bool   // a fresh clone, else an update
	Head      string // the commit checked out
	Changed   bool   // Head differs from before
	Files     int    // Markdown files in the tree
	OutputDir string
	Elapsed   time.Duration
}

// FetchGit clones the source's repository with depth 1 into OutputDir, or, if
// a clone is there, fetches the newest commit and moves the tree to it (a
// shallow pull that also survives upstream history rewrites).
func FetchGit(ctx context.Context, cfg GitConfig) (*GitResult, error) {
	start := time.Now()
	if cfg.RepoURL == "" {
		cfg.RepoURL = GitSources[cfg.Source]
	}
	if cfg.RepoURL == "" {
		return nil, fmt.Errorf("%w: unknown source %q", ErrConfig, cfg.Source)
	}
	if cfg.OutputDir == "" {
		return nil, fmt.Errorf("%w: no output directory", ErrConfig)
	}
	if cfg.Git == "" {
		cfg.Git = "git"
	}
	repo := cfg.RepoURL
	// git ignores --depth for plain local paths; a file:// URL honours it.
	if !strings.Contains(repo, "://") && !strings.Contains(repo, "@") {
		if abs, err := filepath.Abs(repo); err == nil {
			if _, err := os.Stat(abs); err == nil {
				repo = "file://" + filepath.ToSlash(abs)
			}
		}
	}
	if cfg.StartClean {
		if err := os.RemoveAll(cfg.OutputDir); err != nil {
			return nil, fmt.Errorf("start clean: %w", err)
		}
	}
	res := &GitResult{OutputDir: cfg.OutputDir}
	run := func(dir string, args ...string) (string, error) {
		return runGit(ctx, cfg.Git, []string{"-C", dir}, nil, nil, args...)
	}
	before := ""
	if _, err := os.Stat(filepath.Join(cfg.OutputDir, ".git")); err == nil {
		before, _ = run(cfg.OutputDir, "rev-parse", "HEAD")
		if _, err := run(cfg.OutputDir, "fetch", "--depth", "1", repo, "HEAD"); err != nil {
			return nil, err
		}
		if _, err := run(cfg.OutputDir, "reset", "--hard", "FETCH_HEAD"); err != nil {
			return nil, err
		}
	} else {
		if err := os.MkdirAll(filepath.Dir(filepath.Clean(cfg.OutputDir)), 0o755); err != nil {
			return nil, fmt.Errorf("output dir: %w", err)
		}
		if _, err := runGit(ctx, cfg.Git, nil, nil, nil, "clone", "--depth", "1", "--quiet", repo, cfg.OutputDir); err != nil {
			return nil, err
		}
		res.Cloned = true
	}
	head, err := run(cfg.OutputDir, "rev-parse", "HEAD")
	if err != nil {
		return nil, err
	}
	res.Head, res.Changed = head, head != before
	_ = filepath.WalkDir(cfg.OutputDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
			res.Files++
		}
		return nil
	})
	res.Elapsed = time.Since(start)
	return res, nil
}
