package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/crawler"
	"github.com/cupertino-go/cupertino/internal/document"
	"github.com/cupertino-go/cupertino/internal/source"
)

// fetchOptions are the flags of `cupertino fetch`.
type fetchOptions struct {
	IO              *iostreams
	Source          string
	StartURL        string
	MaxPages        int
	MaxDepth        int
	RequestDelay    time.Duration
	Concurrency     int
	AllowedPrefixes []string
	OutputDir       string
	Force           bool
	StartClean      bool
	Engine          string
	Origin          string
	RepoURL         string
	ChromePath      string
	ChromeTabs      int
	Timeout         time.Duration
	MaxPageBytes    int64
}

// fetchSources are the sources fetch gets, from the source table.
var fetchSources = source.Fetched()

func newFetchCmd(io *iostreams, runF func(context.Context, *fetchOptions) error) *cobra.Command {
	opts := &fetchOptions{IO: io, RequestDelay: 50 * time.Millisecond}
	cmd := &cobra.Command{
		Use:   "fetch",
		Short: "Download documentation: crawl Apple's DocC JSON, or clone the Swift sources",
		Long: `Crawl developer.apple.com breadth-first from the technologies page (or
--start-url), following every documentation link of each page, and store
each page's DocC JSON with sorted keys under --output-dir, ready for
` + "`cupertino save --docs-dir`" + `. Pages are fetched from the JSON endpoint over
HTTP; pages that only a browser gets (placeholders, 403, HTML shells) are
loaded in headless Chromium, which captures the JSON the page's own script
loads. Without Chromium the crawl continues over HTTP and records those
pages as failures.

Nothing from another host is stored or requested: a redirect elsewhere is a
failure, and the browser can reach only the origin. A page larger than
--max-page-bytes once decompressed is a failure, never stored cut short.

An unchanged page is not rewritten. The crawl checkpoints its queue every
few seconds under <output-dir>/.cupertino-fetch; running the same command
after an interruption (or a --max-pages stop) resumes it, and after a
finished crawl starts a new one, which rewrites only changed pages and
retries the failed ones. Exit status 5 means pages failed; 404s are dead
links and are reported, not failed.

--source swift-evolution, swift-book or swift-org clones (or updates) that
source's git repository instead.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := opts.validate(); err != nil {
				return err
			}
			return runF(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Source, "source", document.SourceAppleDocs, "what to fetch: "+strings.Join(fetchSources, ", "))
	f.StringVar(&opts.StartURL, "start-url", "", "first page (default <origin>/documentation/technologies)")
	f.IntVar(&opts.MaxPages, "max-pages", 0, "stop this run after that many pages; the rest stays queued (0: no limit)")
	f.IntVar(&opts.MaxDepth, "max-depth", 0, "links to follow from the start page (0: no limit)")
	f.Var((*secondsValue)(&opts.RequestDelay), "request-delay", "pause between request starts, in seconds or as a duration (0.05, 50ms)")
	f.IntVar(&opts.Concurrency, "concurrency", 8, "HTTP requests in flight")
	f.StringSliceVar(&opts.AllowedPrefixes, "allowed-prefixes", nil, "comma-separated documentation paths to stay inside, e.g. /documentation/swiftui")
	f.StringVar(&opts.OutputDir, "output-dir", "", "where pages go (default ~/.cupertino/docs, or ~/.cupertino/<source>)")
	f.BoolVar(&opts.Force, "force", false, "rewrite every page even when it did not change")
	f.BoolVar(&opts.StartClean, "start-clean", false, "discard the checkpoint (or the git clone) and start over")
	f.StringVar(&opts.Engine, "engine", crawler.EngineAuto, "auto (HTTP, browser when needed), http or chrome")
	f.StringVar(&opts.Origin, "origin", crawler.DefaultOrigin, "site to crawl; every URL on it is treated as developer.apple.com")
	f.StringVar(&opts.RepoURL, "repo-url", "", "git repository for swift-evolution, swift-book, swift-org (URL or local path)")
	f.StringVar(&opts.ChromePath, "chrome-path", "", "Chromium binary (default: found on the system)")
	f.IntVar(&opts.ChromeTabs, "chrome-tabs", 2, "browser tabs in flight")
	f.DurationVar(&opts.Timeout, "timeout", 30*time.Second, "limit for one request (headers and body) or page load")
	f.Int64Var(&opts.MaxPageBytes, "max-page-bytes", crawler.DefaultMaxPageBytes, "largest page accepted, in bytes once decompressed; a larger page is a failure, never stored cut short")
	return cmd
}

func (o *fetchOptions) validate() error {
	known := false
	for _, s := range fetchSources {
		known = known || o.Source == s
	}
	if !known {
		return usageErrorf("--source %q: want one of %s", o.Source, strings.Join(fetchSources, ", "))
	}
	switch o.Engine {
	case crawler.EngineAuto, crawler.EngineHTTP, crawler.EngineChrome:
	default:
		return usageErrorf("--engine %q: want auto, http or chrome", o.Engine)
	}
	if o.MaxPages < 0 || o.MaxDepth < 0 || o.Concurrency < 1 || o.ChromeTabs < 1 || o.RequestDelay < 0 || o.MaxPageBytes < 1 {
		return usageErrorf("--max-pages, --max-depth and --request-delay must not be negative; --concurrency, --chrome-tabs and --max-page-bytes at least 1")
	}
	if o.RepoURL != "" && o.Source == document.SourceAppleDocs {
		return usageErrorf("--repo-url applies to git sources, not %s", o.Source)
	}
	if o.OutputDir == "" {
		name := o.Source
		if name == document.SourceAppleDocs {
			name = "docs"
		}
		o.OutputDir = filepath.Join(defaultBaseDir(), name)
	}
	return nil
}

func runFetch(ctx context.Context, o *fetchOptions) error {
	if o.Source != document.SourceAppleDocs {
		res, err := crawler.FetchGit(ctx, crawler.GitConfig{
			Source: o.Source, RepoURL: o.RepoURL, OutputDir: o.OutputDir, StartClean: o.StartClean,
		})
		if err != nil {
			return fmt.Errorf("fetch %s: %w", o.Source, err)
		}
		verb := "updated"
		switch {
		case res.Cloned:
			verb = "cloned"
		case !res.Changed:
			verb = "up to date at"
		}
		fmt.Fprintf(o.IO.Out, "%s: %s %s, %d Markdown files in %s (%s)\n",
			o.Source, verb, shortHash(res.Head), res.Files, res.OutputDir, res.Elapsed.Round(time.Millisecond))
		return nil
	}
	_, err := crawler.Crawl(ctx, crawler.Config{
		Origin:          o.Origin,
		StartURL:        o.StartURL,
		AllowedPrefixes: o.AllowedPrefixes,
		MaxPages:        o.MaxPages,
		MaxDepth:        o.MaxDepth,
		RequestDelay:    o.RequestDelay,
		Concurrency:     o.Concurrency,
		OutputDir:       o.OutputDir,
		Force:           o.Force,
		StartClean:      o.StartClean,
		Engine:          o.Engine,
		ChromePath:      o.ChromePath,
		ChromeTabs:      o.ChromeTabs,
		Timeout:         o.Timeout,
		MaxPageBytes:    o.MaxPageBytes,
		Version:         version,
		Progress:        o.IO.Err,
		ProgressTTY:     isTerminalWriter(o.IO.Err),
		Logger:          loggerFor(o.IO.Err),
	})
	if err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	return nil
}

func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}

// secondsValue is a duration flag that also takes plain seconds ("0.05"), the
// unit the original tool's --request-delay used.
type secondsValue time.Duration

func (s *secondsValue) String() string { return time.Duration(*s).String() }
func (s *secondsValue) Type() string   { return "seconds" }

func (s *secondsValue) Set(v string) error {
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		*s = secondsValue(time.Duration(f * float64(time.Second)))
		return nil
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return fmt.Errorf("want seconds (0.05) or a duration (50ms): %w", err)
	}
	*s = secondsValue(d)
	return nil
}
