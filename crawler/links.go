package crawler

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
)

// Page-content errors. Engines return them (wrapped) so that the crawler can
// decide between retrying, falling back to the browser and giving up.
var (
	// ErrPlaceholder marks an answer that is not the page but a stand-in: an
	// HTML shell, "null", a page without a title, or a 403. The browser
	// usually gets the real page.
	ErrPlaceholder = errors.New("placeholder instead of page")
	// ErrMalformed marks a body that is not a JSON object.
	ErrMalformed = errors.New("malformed page JSON")
)

// pageInfo is what the crawler needs from a page: enough to validate it and to
// find its links. It is decoded with a struct that names only those fields, so
// the rest of the page is skipped rather than modelled.
type pageInfo struct {
	Title string
	// Links are raw link strings as the page has them: /documentation/...
	// paths, doc:// identifiers and absolute URLs, in page order, deduplicated.
	Links []string
	// resolved are the page's links already resolved by its site, for
	// sites whose links mean something only beside the page (a book's
	// table of contents); nil: resolve Links.
	resolved []link
	// content is what the site made of the body for storing (an archived
	// chapter's Markdown); nil: the body itself.
	content []byte
}

type linkSection struct {
	Identifiers []string `json:"identifiers"`
}

type minimalPage struct {
	Identifier struct {
		URL string `json:"url"`
	} `json:"identifier"`
	Metadata struct {
		Title *string `json:"title"`
	} `json:"metadata"`
	References map[string]struct {
		URL string `json:"url"`
	} `json:"references"`
	TopicSections         []linkSection `json:"topicSections"`
	RelationshipsSections []linkSection `json:"relationshipsSections"`
	SeeAlsoSections       []linkSection `json:"seeAlsoSections"`
	Hierarchy             struct {
		Paths [][]string `json:"paths"`
	} `json:"hierarchy"`
	// Sections lists the technologies on the technologies page; other pages
	// use the field for other shapes, so it is decoded separately.
	Sections json.RawMessage `json:"sections"`
	// Content fields are only tested for presence, to tell a real page
	// titled "Error" from a stand-in with that title.
	Abstract               present `json:"abstract"`
	PrimaryContentSections present `json:"primaryContentSections"`
}

// present records whether a JSON field holds something (not null, [], {} or
// ""), without decoding it.
type present bool

func (p *present) UnmarshalJSON(b []byte) error {
	switch string(bytes.TrimSpace(b)) {
	case "", "null", "[]", "{}", `""`:
		*p = false
	default:
		*p = true
	}
	return nil
}

// standInTitles are titles that stand-in pages carry (compared lower-cased);
// real pages with these titles (Swift's Error protocol) have content.
var standInTitles = map[string]bool{
	"error": true, "documentation": true, "apple developer documentation": true, "apple developer": true,
	"developer documentation": true, "untitled": true, "loading…": true, "loading...": true, "loading": true,
	"not found": true, "404": true, "403": true, "forbidden": true, "429": true, "too many requests": true,
	"503": true, "service unavailable": true, "page not found": true,
}

type technologySections []struct {
	Groups []struct {
		Technologies []struct {
			Destination struct {
				Identifier string `json:"identifier"`
			} `json:"destination"`
		} `json:"technologies"`
	} `json:"groups"`
}

// parsePage validates a page body and extracts its title and links. It
// returns ErrPlaceholder for stand-ins and ErrMalformed for broken JSON.
func parsePage(body []byte) (*pageInfo, error) {
	trimmed := bytes.TrimSpace(body)
	switch {
	case len(trimmed) == 0:
		return nil, fmt.Errorf("%w: empty body", ErrPlaceholder)
	case trimmed[0] == '<':
		return nil, fmt.Errorf("%w: HTML instead of JSON", ErrPlaceholder)
	case bytes.Equal(trimmed, []byte("null")):
		return nil, fmt.Errorf("%w: null", ErrPlaceholder)
	case trimmed[0] != '{':
		return nil, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	var p minimalPage
	if err := json.Unmarshal(trimmed, &p); err != nil {
		var typeErr *json.UnmarshalTypeError
		if !errors.As(err, &typeErr) {
			return nil, fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		// A field of an unexpected shape is not the page's fault; the
		// other fields are still decoded.
	}
	if p.Metadata.Title == nil || strings.TrimSpace(*p.Metadata.Title) == "" {
		return nil, fmt.Errorf("%w: no title", ErrPlaceholder)
	}
	title := strings.TrimSpace(*p.Metadata.Title)
	if standInTitles[strings.ToLower(title)] && !bool(p.Abstract) && !bool(p.PrimaryContentSections) &&
		len(p.TopicSections) == 0 && len(bytes.TrimSpace(p.Sections)) <= 2 {
		return nil, fmt.Errorf("%w: title %q and no content", ErrPlaceholder, title)
	}
	info := &pageInfo{Title: *p.Metadata.Title}
	seen := make(map[string]bool)
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			info.Links = append(info.Links, s)
		}
	}
	// An identifier is followed through its reference's url when it has one:
	// that is the address the site serves the page at.
	addID := func(id string) {
		if r, ok := p.References[id]; ok && r.URL != "" {
			add(r.URL)
			return
		}
		add(id)
	}
	for _, secs := range [][]linkSection{p.TopicSections, p.RelationshipsSections, p.SeeAlsoSections} {
		for _, s := range secs {
			for _, id := range s.Identifiers {
				addID(id)
			}
		}
	}
	for _, path := range p.Hierarchy.Paths {
		for _, id := range path {
			addID(id)
		}
	}
	if len(p.Sections) > 2 && bytes.Contains(p.Sections, []byte(`"technologies"`)) {
		var tech technologySections
		if json.Unmarshal(p.Sections, &tech) == nil {
			for _, s := range tech {
				for _, g := range s.Groups {
					for _, t := range g.Technologies {
						addID(t.Destination.Identifier)
					}
				}
			}
		}
	}
	// References last, in sorted order, so discovery order is stable.
	keys := make([]string, 0, len(p.References))
	for k, r := range p.References {
		if r.URL != "" {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	for _, k := range keys {
		add(p.References[k].URL)
	}
	return info, nil
}

// link is a discovered page: its canonical URI (the identity) and the path
// it was found under (the address to fetch; case is kept as found).
type link struct {
	URI  string
	Path string // /documentation/...
}

// resolveLink maps a raw link to a documentation page. origin is the crawl's
// origin: absolute URLs on it count as developer.apple.com. It reports false
// for links that leave the documentation (other hosts, tutorials, assets).
func resolveLink(origin, raw string) (link, bool) {
	s := strings.TrimSpace(raw)
	if origin != "" && len(s) > len(origin) && strings.EqualFold(s[:len(origin)], origin) && s[len(origin)] == '/' {
		s = s[len(origin):]
	}
	uri, err := docuri.FromURL(s)
	if err != nil {
		return link{}, false
	}
	p := s
	if strings.HasPrefix(strings.ToLower(p), "doc://") {
		rest := p[len("doc://"):]
		i := strings.IndexByte(rest, '/')
		if i < 0 {
			return link{}, false
		}
		p = rest[i:]
	} else if i := strings.Index(p, "://"); i >= 0 {
		rest := p[i+3:]
		j := strings.IndexByte(rest, '/')
		if j < 0 {
			return link{}, false
		}
		p = rest[j:]
	}
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	p = strings.TrimRight(p, "/")
	if strings.HasPrefix(strings.ToLower(p), "/tutorials/data/") {
		// A JSON endpoint address: fetch it under its page path.
		p = strings.TrimSuffix(p[len("/tutorials/data"):], ".json")
	}
	return link{URI: uri, Path: p}, true
}

// requestPath returns the escaped, lower-cased form of a page path for a
// request: the site answers every page at its lower-cased address.
func requestPath(p string) string {
	segs := strings.Split(p, "/")
	for i, seg := range segs {
		dec, err := url.PathUnescape(seg)
		if err != nil {
			dec = seg
		}
		segs[i] = escapePathSegment(strings.ToLower(dec))
	}
	return strings.Join(segs, "/")
}

// escapePathSegment escapes what RFC 3986 does not allow raw in a path
// segment; sub-delimiters stay raw as on Apple's own URLs ("==(_:_:)").
func escapePathSegment(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("-._~!$&'()*+,;=:@", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		writeEscape(&b, c)
	}
	return b.String()
}
