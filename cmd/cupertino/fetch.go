package main

import (
	"context"
	"errors"
	"fmt"
	"os"
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
	PackagesFile    string
	Guides          []string
	// delaySet says --request-delay was given; WWDC pages get a slower
	// default than the docs crawl's small JSON pages.
	delaySet bool
	fetch    string // the source's fetch method, from the table
	guides   []crawler.Guide
}

// wwdcRequestDelay spaces WWDC page requests when --request-delay is not
// given: the pages are 100-300 KB of HTML, and 1,300 sessions at five a
// second take about five minutes.
const wwdcRequestDelay = 200 * time.Millisecond

// fetchSources are the sources fetch gets, from the source table.
var fetchSources = source.Fetched()

func newFetchCmd(io *iostreams, runF func(context.Context, *fetchOptions) error) *cobra.Command {
	opts := &fetchOptions{IO: io, RequestDelay: 50 * time.Millisecond}
	cmd := &cobra.Command{
		Use:   "fetch",
		Short: "Download documentation: crawl Apple's DocC JSON, the HIG and archived guides, or clone the Swift sources",
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
source's git repository instead.

--source samples clones the sample-code mirror (--repo-url; default
mihaelamj/cupertino-sample-code) shallowly and keeps the text files the
samples reader takes: Swift, Objective-C, C, C++ and Metal sources and
headers, project files, property lists, entitlements, string tables, JSON,
Markdown and text. Images, binaries, Git LFS pointers (git-lfs is not
needed), files with a NUL byte and files over 1 MiB are left out. The clone
is kept under <output-dir>/.cupertino-fetch; a later run fetches the newest
commit and rewrites only changed files. A bad URL fails and leaves the last
fetch as it was.

--source packages clones every package of --packages-file (one URL[@tag]
a line, # comments) at its tag or HEAD into <output-dir>/<owner>/<repo>/,
keeping Package.swift, README, LICENSE, NOTICE, CHANGELOG, every .md, DocC
catalogs and the library's .swift files (no tests, examples or
benchmarks), with a .package.json each and index.json listing them. A
package that fails is reported, the others are fetched, and the exit
status is 5.

--source wwdc reads Apple's WWDC video pages: the list at
<origin>/videos/all-videos/ (--start-url: a year's page, e.g.
/videos/wwdc2025/, for one year), then each session's page, into
videos/<year>-<id>.json (title, abstract, topics, transcript, code,
resources, related sessions) and all-videos.json. It has the crawl's
limits, retries and checkpoint (a killed fetch resumes), and spaces
requests 200ms apart unless --request-delay says otherwise.

--source hig crawls the Human Interface Guidelines the same way as the
documentation: breadth-first from <origin>/design/human-interface-guidelines,
following only links inside the guidelines, with the same engines, limits,
retries, off-origin refusal and checkpoint, into human-interface-guidelines.json
and human-interface-guidelines/<page>.json (DocC JSON, keys sorted), which
` + "`save --hig-dir`" + ` reads.

--source apple-archive (or archive) fetches Apple's archived guides: for each
guide of --guides (default: the most-used ones, memory management, KVO and
KVC, notifications, Quartz 2D, Core Data, Cocoa bindings, threading and
concurrency, text, accessibility, Core Animation, Objective-C and blocks),
its table of contents as <book-uid>/book.json and every chapter it lists as
Markdown with front matter (<book-uid>/<chapter>.md), which
` + "`save --archive-dir`" + ` reads. A guide is its folder below
/library/archive/documentation/ (Cocoa/Conceptual/MemoryMgmt) or its address,
with =Framework after it to file its chapters under a framework. The pages are
static HTML, fetched over HTTP only, with the crawl's limits, retries,
off-origin refusal and checkpoint; a guide the site does not have is reported
as a dead link.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			opts.delaySet = cmd.Flags().Changed("request-delay")
			if err := opts.validate(); err != nil {
				return err
			}
			return runF(cmd.Context(), opts)
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.Source, "source", document.SourceAppleDocs, "what to fetch: "+strings.Join(fetchSources, ", "))
	f.StringVar(&opts.StartURL, "start-url", "", "first page (default <origin>/documentation/technologies; for hig <origin>/design/human-interface-guidelines; for wwdc <origin>/videos/all-videos/)")
	f.IntVar(&opts.MaxPages, "max-pages", 0, "stop this run after that many pages (wwdc: sessions); the rest stays queued (0: no limit)")
	f.IntVar(&opts.MaxDepth, "max-depth", 0, "links to follow from the start page (0: no limit)")
	f.Var((*secondsValue)(&opts.RequestDelay), "request-delay", "pause between request starts, in seconds or as a duration (0.05, 50ms)")
	f.IntVar(&opts.Concurrency, "concurrency", crawler.DefaultConcurrency, "HTTP requests in flight")
	f.StringSliceVar(&opts.AllowedPrefixes, "allowed-prefixes", nil, "comma-separated documentation paths to stay inside, e.g. /documentation/swiftui")
	f.StringVar(&opts.OutputDir, "output-dir", "", "where pages go (default ~/.cupertino/docs, or ~/.cupertino/<source>)")
	f.BoolVar(&opts.Force, "force", false, "rewrite every page even when it did not change")
	f.BoolVar(&opts.StartClean, "start-clean", false, "discard the checkpoint (or the git clone) and start over")
	f.StringVar(&opts.Engine, "engine", crawler.EngineAuto, "auto (HTTP, browser when needed), http or chrome")
	f.StringVar(&opts.Origin, "origin", crawler.DefaultOrigin, "site to crawl; every URL on it is treated as developer.apple.com")
	f.StringVar(&opts.RepoURL, "repo-url", "", "git repository for swift-evolution, swift-book, swift-org, samples (URL or local path)")
	f.StringVar(&opts.PackagesFile, "packages-file", "", "for --source packages: a file of package repositories, one URL[@tag] a line")
	f.StringSliceVar(&opts.Guides, "guides", nil, "for --source apple-archive: comma-separated guides, each a folder below /library/archive/documentation/ with an optional =Framework (default: the most-used guides)")
	f.StringVar(&opts.ChromePath, "chrome-path", "", "Chromium binary (default: found on the system)")
	f.IntVar(&opts.ChromeTabs, "chrome-tabs", crawler.DefaultChromeTabs, "browser tabs in flight")
	f.DurationVar(&opts.Timeout, "timeout", crawler.DefaultTimeout, "limit for one request (headers and body) or page load")
	f.Int64Var(&opts.MaxPageBytes, "max-page-bytes", crawler.DefaultMaxPageBytes, "largest page accepted, in bytes once decompressed; a larger page is a failure, never stored cut short")
	return cmd
}

func (o *fetchOptions) validate() error {
	src, known := fetchSourceNamed(o.Source)
	if !known || src.Fetch == "" {
		return usageErrorf("--source %q: want one of %s", o.Source, strings.Join(fetchSources, ", "))
	}
	o.Source, o.fetch = src.ID, src.Fetch
	switch o.Engine {
	case crawler.EngineAuto, crawler.EngineHTTP, crawler.EngineChrome:
	default:
		return usageErrorf("--engine %q: want auto, http or chrome", o.Engine)
	}
	if o.MaxPages < 0 || o.MaxDepth < 0 || o.Concurrency < 1 || o.ChromeTabs < 1 || o.RequestDelay < 0 || o.MaxPageBytes < 1 {
		return usageErrorf("--max-pages, --max-depth and --request-delay must not be negative; --concurrency, --chrome-tabs and --max-page-bytes at least 1")
	}
	if o.RepoURL != "" && o.fetch != source.FetchGit && o.fetch != source.FetchGitExport {
		return usageErrorf("--repo-url applies to git sources, not %s", o.Source)
	}
	switch {
	case o.fetch == source.FetchPackageList && o.PackagesFile == "":
		return usageErrorf("--source %s needs --packages-file (one URL[@tag] a line)", o.Source)
	case o.fetch != source.FetchPackageList && o.PackagesFile != "":
		return usageErrorf("--packages-file applies to --source %s", document.SourcePackages)
	}
	switch {
	case o.fetch != source.FetchArchive && len(o.Guides) > 0:
		return usageErrorf("--guides applies to --source %s", document.SourceAppleArchive)
	case o.fetch == source.FetchArchive && o.Engine == crawler.EngineChrome:
		return usageErrorf("--source %s is static HTML, fetched over HTTP: --engine chrome does not apply", o.Source)
	case o.fetch == source.FetchArchive:
		o.guides = crawler.DefaultGuides
		if len(o.Guides) > 0 {
			o.guides = nil
			for _, g := range o.Guides {
				guide, err := crawler.ParseGuide(g)
				if err != nil {
					return usageErrorf("--guides: %v", err)
				}
				o.guides = append(o.guides, guide)
			}
		}
	}
	if o.fetch == source.FetchVideos && !o.delaySet {
		o.RequestDelay = wwdcRequestDelay
	}
	if o.OutputDir == "" {
		// The source's conventional folder under the base directory, the
		// first that save looks in.
		name := o.Source
		if len(src.Folders) > 0 {
			name = filepath.FromSlash(src.Folders[0])
		}
		o.OutputDir = filepath.Join(defaultBaseDir(), name)
	}
	return nil
}

func runFetch(ctx context.Context, o *fetchOptions) error {
	err := fetchSource(ctx, o)
	if err != nil && !errors.Is(err, crawler.ErrIncomplete) {
		// A crawl has its record from the start (below); a failed clone
		// leaves no folder to record anything in.
		return err
	}
	if rerr := writeFetchRecord(o); rerr != nil {
		return rerr
	}
	return err
}

// fetchSource runs the fetch o describes. A crawl records itself first, so
// that `cupertino update` resumes a killed one; a git fetch records itself
// after the clone (git clones only into an empty folder).
func fetchSource(ctx context.Context, o *fetchOptions) error {
	switch o.fetch {
	case source.FetchGit:
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
			o.Source, verb, crawler.ShortCommit(res.Head), res.Files, res.OutputDir, res.Elapsed.Round(time.Millisecond))
		return nil
	case source.FetchGitExport:
		res, err := crawler.FetchSamples(ctx, crawler.SamplesConfig{RepoURL: o.RepoURL, OutputDir: o.OutputDir, StartClean: o.StartClean})
		if err != nil {
			return fmt.Errorf("fetch %s: %w", o.Source, err)
		}
		fmt.Fprintf(o.IO.Out, "%s: %s; in %s (%s)\n", o.Source, crawler.ExportLine(res.ExportResult), res.OutputDir, res.Elapsed.Round(time.Millisecond))
		return nil
	case source.FetchPackageList:
		return runFetchPackages(ctx, o)
	}
	cfg := crawler.Config{
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
	}
	if err := writeFetchRecord(o); err != nil {
		return err
	}
	crawl := crawler.Crawl
	switch o.fetch {
	case source.FetchVideos:
		crawl = crawler.FetchWWDC
	case source.FetchHIG:
		crawl = crawler.CrawlHIG
	case source.FetchArchive:
		crawl = func(ctx context.Context, cfg crawler.Config) (*crawler.Result, error) {
			return crawler.FetchArchive(ctx, cfg, o.guides)
		}
	}
	if _, err := crawl(ctx, cfg); err != nil {
		return fmt.Errorf("fetch: %w", err)
	}
	return nil
}

// runFetchPackages fetches the packages of --packages-file: a line per
// package on stderr as it goes, the totals on stdout.
func runFetchPackages(ctx context.Context, o *fetchOptions) error {
	f, err := os.Open(o.PackagesFile)
	if err != nil {
		return usageErrorf("--packages-file: %v", err)
	}
	specs, err := crawler.ParsePackageList(f)
	f.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", o.PackagesFile, err)
	}
	if len(specs) == 0 {
		return usageErrorf("--packages-file %s lists no package", o.PackagesFile)
	}
	res, err := crawler.FetchPackages(ctx, crawler.PackagesConfig{
		Packages: specs, OutputDir: o.OutputDir, StartClean: o.StartClean, Progress: o.IO.Err,
	})
	if res != nil {
		fmt.Fprintf(o.IO.Out, "%s: %d of %d packages fetched, index.json lists %d, in %s (%s)\n",
			o.Source, len(res.Packages)-res.Failed, len(specs), res.Indexed, o.OutputDir, res.Elapsed.Round(time.Millisecond))
	}
	if err != nil {
		return fmt.Errorf("fetch %s: %w", o.Source, err)
	}
	return nil
}

// fetchSourceNamed finds a source by its ID or, among the sources fetch
// gets, by an alias ("archive").
func fetchSourceNamed(name string) (source.Source, bool) {
	if s, ok := source.Lookup(name); ok {
		return s, true
	}
	for _, s := range source.All {
		for _, a := range s.Aliases {
			if s.Fetch != "" && strings.EqualFold(a.Name, name) {
				return s, true
			}
		}
	}
	return source.Source{}, false
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
