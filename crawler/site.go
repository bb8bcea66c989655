package crawler

import (
	"fmt"
	"net/url"
	"strings"
)

// site is what one kind of crawl walks: the documentation, the Human
// Interface Guidelines or the archived guides. The crawls differ only in
// where they start, which links they follow, what address a page is fetched
// at, how a body is validated and where it is stored; the frontier, the
// engines, the limits, the retries, the off-origin refusal, the checkpoint
// and the journal are the same code for all of them.
type site interface {
	// seeds returns the pages a crawl starts from (depth 0) and the page
	// URIs it keeps inside (empty: no bound).
	seeds(cfg *Config) (seeds []link, prefixes []string, err error)
	// key names the crawl's checkpoint folder.
	key(seeds []link, prefixes []string) string
	// resolve maps a raw link found in a page to a page of this site, and
	// reports false for anything else (other sections, other hosts, assets).
	resolve(origin, raw string) (link, bool)
	// request is the address the HTTP engine GETs for a page, and the media
	// type it asks for.
	request(origin string, l link) (u, accept string)
	// parse validates a fetched body and reads its links.
	parse(l link, body []byte) (*pageInfo, error)
	// put stores a fetched page under the store's directory.
	put(s *store, l link, f *fetched) (putResult, error)
	// reread reads back a page put stored, when a resumed crawl replays its
	// journal: the links it had. An error means the page is fetched again.
	reread(l link, stored []byte) (*pageInfo, error)
	// pageJSON reports whether a response the browser saw is a page's JSON,
	// and its URI. A site whose pages need no browser returns false always.
	pageJSON(u *url.URL) (uri string, ok bool)
	// browsable says whether the browser fallback applies to the site.
	browsable() bool
}

// docsSite is the Apple documentation: DocC render JSON under
// /tutorials/data/documentation/, pages known by apple-docs:// URIs.
type docsSite struct{}

func (docsSite) seeds(cfg *Config) ([]link, []string, error) { return cfg.seeds() }

func (docsSite) key(seeds []link, prefixes []string) string { return crawlKey(seeds[0].URI, prefixes) }

func (docsSite) resolve(origin, raw string) (link, bool) { return resolveLink(origin, raw) }

func (docsSite) request(origin string, l link) (string, string) {
	return origin + "/tutorials/data" + requestPath(l.Path) + ".json", "application/json"
}

func (docsSite) parse(_ link, body []byte) (*pageInfo, error) { return parsePage(body) }

func (docsSite) put(s *store, l link, f *fetched) (putResult, error) {
	rel, err := PagePath(l.URI)
	if err != nil {
		return putResult{}, err
	}
	return s.putJSON(rel, f.Body)
}

func (docsSite) reread(_ link, stored []byte) (*pageInfo, error) { return parsePage(stored) }

func (docsSite) pageJSON(u *url.URL) (string, bool) { return docJSONURI(u) }

func (docsSite) browsable() bool { return true }

// linksOf returns the pages a page links to: the ones its site resolved
// while parsing, else its raw links resolved now.
func linksOf(s site, origin string, info *pageInfo) []link {
	if info == nil {
		return nil
	}
	if info.resolved != nil {
		return info.resolved
	}
	var out []link
	for _, raw := range info.Links {
		if l, ok := s.resolve(origin, raw); ok {
			out = append(out, l)
		}
	}
	return out
}

// siteSegments splits a site path into its segments, each percent-decoded:
// false for an empty segment inside, a bad escape, "." or "..", a control
// character, or a segment a file name cannot start with (a dot).
func siteSegments(p string) ([]string, bool) {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil, false
	}
	var out []string
	for _, seg := range strings.Split(p, "/") {
		dec, err := url.PathUnescape(seg)
		if err != nil || dec == "" || strings.HasPrefix(dec, ".") || strings.ContainsAny(dec, "/\\") {
			return nil, false
		}
		for i := 0; i < len(dec); i++ {
			if dec[i] < 0x20 || dec[i] == 0x7f {
				return nil, false
			}
		}
		out = append(out, dec)
	}
	return out, true
}

// sitePath cuts a raw link down to its path on origin: an absolute URL on
// another host is false, query and fragment are dropped.
func sitePath(origin, raw string) (string, bool) {
	s := strings.TrimSpace(raw)
	if s == "" {
		return "", false
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", false
	}
	if u.Scheme != "" || u.Host != "" {
		o, err := url.Parse(origin)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || !sameOrigin(u, o) && !isAppleHostURL(u) {
			return "", false
		}
	}
	if !strings.HasPrefix(u.EscapedPath(), "/") {
		return "", false
	}
	return u.EscapedPath(), true
}

// isAppleHostURL reports a developer.apple.com address: the site a crawl's
// origin stands for, whatever host it really is.
func isAppleHostURL(u *url.URL) bool {
	return strings.EqualFold(u.Hostname(), "developer.apple.com") && (u.Scheme == "https" || u.Scheme == "http")
}

// encodedPagePath is PagePath's file-name encoding of segments that are
// not an apple-docs URI: each segment through encodeSegment, the last one
// with .json.
func encodedPagePath(segs []string, ext string) (string, error) {
	if len(segs) == 0 {
		return "", fmt.Errorf("%w: no segments", ErrBadPath)
	}
	return strings.Join(encodeSegments(segs, ext), "/"), nil
}
