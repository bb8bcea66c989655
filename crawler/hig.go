package crawler

import (
	"context"
	"fmt"
	"net/url"
	"strings"
)

// HIGPath is where the Human Interface Guidelines start on the site. Its
// pages are DocC render JSON like the documentation's, served at
// /tutorials/data<HIGPath>[/<page>].json.
const HIGPath = "/design/human-interface-guidelines"

// CrawlHIG crawls the Human Interface Guidelines breadth-first from
// Config.StartURL (default <Origin>/design/human-interface-guidelines),
// following every link of each page that stays inside the guidelines, into
// OutputDir as the DocC render JSON the site serves, keys sorted:
// human-interface-guidelines.json (the root) and
// human-interface-guidelines/<page>.json, which `cupertino save --hig-dir`
// reads. Links to the documentation, other sections and other hosts are
// not followed.
//
// It is Crawl on other pages: the same engines (HTTP, and the browser for
// pages only a script gets), limits, retries, off-origin refusal, checkpoint
// and journal, under <OutputDir>/.cupertino-fetch/crawls/hig-<key>/.
// AllowedPrefixes are guideline paths ("/design/human-interface-guidelines/
// foundations", or "foundations").
func CrawlHIG(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.StartURL == "" {
		origin := cfg.Origin
		if origin == "" {
			origin = DefaultOrigin
		}
		cfg.StartURL = strings.TrimSuffix(origin, "/") + HIGPath
	}
	cfg.site = higSite{}
	return Crawl(ctx, cfg)
}

// higSite is the Human Interface Guidelines: DocC JSON like the
// documentation's, known by the lower-cased path of the page on the site
// (/design/human-interface-guidelines/dark-mode).
type higSite struct{ docsSite }

func (higSite) seeds(cfg *Config) ([]link, []string, error) {
	return cfg.seedsUnder(resolveHIGLink, HIGPath, "Human Interface Guidelines")
}

func (higSite) key(seeds []link, prefixes []string) string {
	return "hig-" + crawlKey(seeds[0].URI, prefixes)
}

func (higSite) resolve(origin, raw string) (link, bool) { return resolveHIGLink(origin, raw) }

// put stores the page at its path below /design/:
// human-interface-guidelines/dark-mode.json.
func (higSite) put(s *store, l link, f *fetched) (putResult, error) {
	segs, ok := siteSegments(strings.TrimPrefix(l.URI, "/design/"))
	if !ok {
		return putResult{}, fmt.Errorf("%w: %q", ErrBadPath, l.URI)
	}
	rel, err := encodedPagePath(segs, pageExt)
	if err != nil {
		return putResult{}, err
	}
	return s.putJSON(rel, f.Body)
}

func (higSite) pageJSON(u *url.URL) (string, bool) {
	p := strings.ToLower(u.Path)
	if !strings.HasPrefix(p, "/tutorials/data"+HIGPath) || !strings.HasSuffix(p, ".json") {
		return "", false
	}
	l, ok := resolveHIGLink("", u.EscapedPath())
	return l.URI, ok
}

// resolveHIGLink maps a raw link to a guidelines page: a path on the site
// (/design/human-interface-guidelines/<page>), the same on origin or
// developer.apple.com, its JSON endpoint (/tutorials/data/design/….json) or
// a DocC identifier (doc://<bundle>/design/human-interface-guidelines/…).
// Query and fragment are dropped; every other link is false.
func resolveHIGLink(origin, raw string) (link, bool) {
	s := strings.TrimSpace(raw)
	var p string
	if len(s) > 6 && strings.EqualFold(s[:6], "doc://") {
		i := strings.IndexByte(s[6:], '/')
		if i < 0 {
			return link{}, false
		}
		p = s[6+i:]
		if j := strings.IndexAny(p, "?#"); j >= 0 {
			p = p[:j]
		}
	} else {
		var ok bool
		if p, ok = sitePath(origin, s); !ok {
			return link{}, false
		}
	}
	if lower := strings.ToLower(p); strings.HasPrefix(lower, "/tutorials/data/") && strings.HasSuffix(lower, ".json") {
		p = p[len("/tutorials/data") : len(p)-len(".json")]
	}
	segs, ok := siteSegments(p)
	if !ok || len(segs) < 2 || !strings.EqualFold(segs[0], "design") || !strings.EqualFold(segs[1], "human-interface-guidelines") {
		return link{}, false
	}
	var uri, path strings.Builder
	for _, seg := range segs {
		uri.WriteString("/" + strings.ToLower(seg))
		path.WriteString("/" + escapePathSegment(seg))
	}
	return link{URI: uri.String(), Path: path.String()}, true
}
