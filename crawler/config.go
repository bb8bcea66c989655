package crawler

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Engines selectable with Config.Engine.
const (
	EngineAuto   = "auto"   // HTTP first, the browser for pages HTTP cannot get
	EngineHTTP   = "http"   // HTTP only
	EngineChrome = "chrome" // the browser for every page
)

// DefaultOrigin is the site crawled unless told otherwise.
const DefaultOrigin = "https://developer.apple.com"

// The crawl's defaults for the knobs left at zero, which `cupertino fetch`'s
// flags and `cupertino update`'s rebuilt fetches take too.
const (
	// DefaultConcurrency is the number of HTTP workers.
	DefaultConcurrency = 8
	// DefaultChromeTabs is the number of browser tabs.
	DefaultChromeTabs = 2
	// DefaultTimeout bounds one request or page load.
	DefaultTimeout = 30 * time.Second
)

// ProjectURL goes into the User-Agent so the site knows who is asking.
const ProjectURL = "https://github.com/cupertino-go/cupertino"

var (
	// ErrIncomplete reports a crawl that ended with pages it could not get.
	// The crawl's files are consistent; re-running resumes with those pages.
	ErrIncomplete = errors.New("crawl incomplete")
	// ErrConfig reports an invalid option.
	ErrConfig = errors.New("invalid crawl option")
	// ErrLocked reports another fetch running on the same crawl.
	ErrLocked = errors.New("another fetch is running this crawl")
)

// Config describes one apple-docs crawl.
type Config struct {
	// Origin is the site, scheme and host: every URL on it is treated as
	// developer.apple.com. Default DefaultOrigin.
	Origin string
	// StartURL is the first page; default <Origin>/documentation/technologies,
	// whose links are every technology root.
	StartURL string
	// AllowedPrefixes limit the crawl to these documentation paths (and
	// seed it with them), e.g. /documentation/swiftui. Empty: all.
	AllowedPrefixes []string
	// MaxPages stops this run after that many pages (0: no limit); the rest
	// stays queued for the next run.
	MaxPages int
	// MaxDepth is the number of links followed from a seed (0: no limit).
	MaxDepth int
	// RequestDelay spaces request starts across all workers.
	RequestDelay time.Duration
	// Concurrency is the number of HTTP workers.
	Concurrency int
	// OutputDir receives the pages (see PagePath) and MetaDir.
	OutputDir string
	// Force writes every page even when its content did not change.
	Force bool
	// StartClean discards the checkpoint instead of resuming from it.
	StartClean bool
	// Engine is EngineAuto, EngineHTTP or EngineChrome.
	Engine string
	// ChromePath overrides the Chromium binary; empty: FindChromium.
	ChromePath string
	// ChromeTabs bounds the browser's tabs, and so its pages in flight.
	ChromeTabs int
	// Timeout bounds one request (HTTP: headers and body together) or one
	// page load (browser).
	Timeout time.Duration
	// MaxPageBytes caps one page's decoded body, over HTTP and from the
	// browser; a larger page is a failure, never stored truncated. Default
	// DefaultMaxPageBytes.
	MaxPageBytes int64
	// Retry bounds the retries of one page on one engine.
	Retry RetryPolicy
	// UserAgent for HTTP requests; default cupertino/<Version> (+ProjectURL).
	UserAgent string
	// Version goes into the default User-Agent.
	Version string
	// CheckpointEvery is the time between checkpoint rewrites.
	CheckpointEvery time.Duration
	// Progress receives progress lines and the summary; nil: none.
	Progress io.Writer
	// ProgressTTY redraws one progress line in place.
	ProgressTTY bool
	// Logger receives warnings; nil: slog.Default().
	Logger *slog.Logger
	// HTTPClient replaces the tuned default client.
	HTTPClient *http.Client

	// sleep replaces time-based waits in tests.
	sleep sleepFunc
	// testFallback replaces the browser as the fallback engine in tests.
	testFallback Engine
	// site is what is crawled; nil: the documentation. CrawlHIG and
	// FetchArchive set it.
	site site
}

func (c *Config) withDefaults() (Config, error) {
	out := *c
	if out.Origin == "" {
		out.Origin = DefaultOrigin
	}
	u, err := url.Parse(out.Origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return out, fmt.Errorf("%w: origin %q: want scheme://host", ErrConfig, out.Origin)
	}
	out.Origin = u.Scheme + "://" + u.Host
	if out.StartURL == "" {
		out.StartURL = out.Origin + "/documentation/technologies"
	}
	if out.OutputDir == "" {
		return out, fmt.Errorf("%w: no output directory", ErrConfig)
	}
	switch out.Engine {
	case "":
		out.Engine = EngineAuto
	case EngineAuto, EngineHTTP, EngineChrome:
	default:
		return out, fmt.Errorf("%w: engine %q: want auto, http or chrome", ErrConfig, out.Engine)
	}
	if out.Concurrency <= 0 {
		out.Concurrency = DefaultConcurrency
	}
	if out.ChromeTabs <= 0 {
		out.ChromeTabs = DefaultChromeTabs
	}
	if out.Timeout <= 0 {
		out.Timeout = DefaultTimeout
	}
	if out.Retry.MaxAttempts <= 0 {
		out.Retry = DefaultRetryPolicy
	}
	if out.Version == "" {
		out.Version = "dev"
	}
	if out.UserAgent == "" {
		out.UserAgent = fmt.Sprintf("cupertino/%s (+%s)", out.Version, ProjectURL)
	}
	if out.CheckpointEvery <= 0 {
		out.CheckpointEvery = 5 * time.Second
	}
	if out.Logger == nil {
		out.Logger = slog.Default()
	}
	if out.sleep == nil {
		out.sleep = sleepContext
	}
	if out.MaxPageBytes == 0 {
		out.MaxPageBytes = DefaultMaxPageBytes
	}
	if out.MaxDepth < 0 || out.MaxPages < 0 || out.MaxPageBytes < 0 {
		return out, fmt.Errorf("%w: negative limit", ErrConfig)
	}
	return out, nil
}

// seeds returns the start page and the prefix roots as links, and the
// prefixes as canonical URIs.
func (c *Config) seeds() ([]link, []string, error) {
	return c.seedsUnder(resolveLink, "/documentation", "documentation")
}

// seedsUnder is seeds for a site whose pages resolve is given and whose
// paths sit under root: a prefix that is neither a URL nor under root is
// taken as relative to it ("swiftui" is /documentation/swiftui). what
// names the site's pages in errors.
func (c *Config) seedsUnder(resolve func(origin, raw string) (link, bool), root, what string) ([]link, []string, error) {
	start, ok := resolve(c.Origin, c.StartURL)
	if !ok {
		return nil, nil, fmt.Errorf("%w: start URL %q is not a %s page on %s", ErrConfig, c.StartURL, what, c.Origin)
	}
	out := []link{start}
	var prefixes []string
	for _, p := range c.AllowedPrefixes {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if !strings.Contains(p, "://") && !strings.HasPrefix(strings.ToLower("/"+strings.TrimPrefix(p, "/")), root) {
			p = root + "/" + strings.TrimPrefix(p, "/")
		}
		l, ok := resolve(c.Origin, p)
		if !ok {
			return nil, nil, fmt.Errorf("%w: prefix %q is not a %s path", ErrConfig, p, what)
		}
		prefixes = append(prefixes, l.URI)
		out = append(out, l)
	}
	return out, prefixes, nil
}

// inPrefixes reports whether uri is one of the prefixes or below one.
func inPrefixes(uri string, prefixes []string) bool {
	if len(prefixes) == 0 {
		return true
	}
	for _, p := range prefixes {
		if uri == p || strings.HasPrefix(uri, p+"/") {
			return true
		}
	}
	return false
}
