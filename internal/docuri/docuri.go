// Package docuri canonicalises Apple documentation addresses into apple-docs://
// URIs, the primary key of every Apple page in the index.
//
// A canonical URI is "apple-docs://<framework>[/<segment>...]". FromURL derives it
// from any address a page can be known by and applies these rules, in order:
//
//   - Accepted inputs: http(s)://developer.apple.com/documentation/..., the
//     scheme-relative //developer.apple.com/..., host-less paths with or without
//     a leading slash (/documentation/..., documentation/...), the JSON endpoint
//     /tutorials/data/documentation/<path>.json (prefix and ".json" stripped),
//     DocC identifiers doc://<any bundle id>/documentation/... (the bundle id is
//     ignored: references in render JSON use it), and an already canonical
//     apple-docs://... (FromURL is idempotent). Leading and trailing ASCII
//     whitespace is trimmed.
//   - The host, when present, must be developer.apple.com (any case, optional
//     :80/:443 port), else ErrForeignHost. Other schemes are ErrForeignHost too.
//   - Query and fragment are dropped. The path must start with "documentation"
//     and name at least a framework, else ErrNotDocumentation.
//   - Each segment is percent-decoded on its own, so an escaped "/" (%2F) stays
//     inside its segment instead of changing the hierarchy. Bad escapes, invalid
//     UTF-8, control characters and the traversal segments "." and ".." are
//     ErrBadURI. Empty segments (doubled or trailing slashes) are dropped.
//   - Every segment is lowercased: the site serves paths case-insensitively.
//   - Nothing else is folded: the URI is lossless. In particular "_" is kept,
//     so Swift's "/=" operator page "_=(_:_:)" stays distinct from "-=(_:_:)",
//     "_(_:_:)" from "-(_:_:)", and os/os_log_t (a typealias) from os/os-log-t
//     (its topic group): all four pairs are real, different pages.
//   - Old and new spellings of one article ("setting_up_healthkit" and
//     "setting-up-healthkit") meet through Key, not through identity: Key folds
//     "_" to "-" only where it separates slug words (below the framework
//     segment, outside any parenthesised part, with an ASCII letter or digit on
//     both sides). The index stores Key beside the URI and a lookup that misses
//     the exact URI falls back to it. Folding identity instead, as the original
//     tool did with every "_", merges real pages: in the real corpus it would
//     collapse ten distinct pages (C typealiases, REST endpoints, enum pages
//     beside their topic groups) into their look-alikes.
//   - The framework segment keeps its "_": Apple publishes framework ids such as
//     installer_js, apple_pay_on_the_web and professional_video_applications,
//     and the last one coexists with a separate Professional-Video-Applications
//     article tree. Folding would merge two real trees and rename ids the ranker
//     refers to ("installer_js"), so the framework id is only lowercased.
//   - In the result, the characters that would change a URI's structure or
//     meaning if written raw ('%', '/', '?', '#' and space) are re-escaped as
//     %XX (uppercase hex); everything else, including non-ASCII, is written as
//     decoded UTF-8. This makes the form unique, so FromURL(FromURL(x)) ==
//     FromURL(x) and FromURL(ToURL(u)) == u for every canonical u.
//
// Lowercasing loses the original case, which the site does not need: it serves
// paths case-insensitively, so ToURL returns a working web address.
package docuri

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Scheme is the canonical URI scheme of Apple documentation pages.
const Scheme = "apple-docs://"

const (
	host         = "developer.apple.com"
	webPrefix    = "https://developer.apple.com/documentation/"
	jsonPrefix   = "/tutorials/data/documentation/"
	docSegment   = "documentation"
	tutorialData = "tutorials/data/"
)

// Sentinel errors returned (possibly wrapped) by FromURL, ToURL and JSONPath.
var (
	ErrEmpty            = errors.New("empty URL")
	ErrForeignHost      = errors.New("not a developer.apple.com URL")
	ErrNotDocumentation = errors.New("not a documentation page")
	ErrBadURI           = errors.New("malformed URI")
)

// FromURL returns the canonical apple-docs:// URI of an Apple documentation
// address. See the package comment for the accepted forms and the rules.
func FromURL(raw string) (string, error) {
	s := strings.Trim(raw, " \t\r\n")
	if s == "" {
		return "", ErrEmpty
	}
	path, canonicalInput, err := splitPath(s)
	if err != nil {
		return "", err
	}
	path = cutQueryAndFragment(path)
	segs := strings.Split(path, "/")
	if !canonicalInput {
		segs = dropEmpty(segs)
		if len(segs) > 0 && strings.EqualFold(segs[0], host) && !strings.HasPrefix(s, "/") {
			segs = segs[1:] // "developer.apple.com/documentation/..." without a scheme
		}
		segs = stripJSONEndpoint(segs)
		if len(segs) == 0 || !strings.EqualFold(segs[0], docSegment) {
			return "", ErrNotDocumentation
		}
		segs = segs[1:]
	}
	segs = dropEmpty(segs)
	if len(segs) == 0 {
		return "", ErrNotDocumentation
	}
	var b strings.Builder
	b.Grow(len(Scheme) + len(path))
	b.WriteString(Scheme)
	for i, seg := range segs {
		clean, err := canonicalSegment(seg)
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(clean)
	}
	return b.String(), nil
}

// splitPath removes scheme and host, returning the path part. canonical reports
// an apple-docs:// input, whose path starts at the framework segment.
func splitPath(s string) (path string, canonical bool, err error) {
	if hasPrefixFold(s, Scheme) {
		return s[len(Scheme):], true, nil
	}
	rest := ""
	switch {
	case hasPrefixFold(s, "https://"):
		rest = s[len("https://"):]
	case hasPrefixFold(s, "http://"):
		rest = s[len("http://"):]
	case strings.HasPrefix(s, "//"):
		rest = s[2:]
	case hasPrefixFold(s, "doc://"):
		// DocC identifier: the authority is a bundle id, not a host.
		rest = s[len("doc://"):]
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			return rest[i:], false, nil
		}
		return "", false, ErrNotDocumentation
	default:
		if i := strings.Index(s, "://"); i > 0 && isScheme(s[:i]) {
			return "", false, ErrForeignHost
		}
		return s, false, nil
	}
	end := strings.IndexAny(rest, "/?#")
	if end < 0 {
		end = len(rest)
	}
	if !isAppleHost(rest[:end]) {
		return "", false, ErrForeignHost
	}
	return rest[end:], false, nil
}

func isAppleHost(h string) bool {
	h = strings.TrimSuffix(strings.TrimSuffix(h, ":443"), ":80")
	h = strings.TrimSuffix(h, ".")
	return strings.EqualFold(h, host)
}

func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(isAlnum(c) || (i > 0 && (c == '+' || c == '-' || c == '.'))) {
			return false
		}
	}
	return true
}

// stripJSONEndpoint turns tutorials/data/documentation/<path>.json into
// documentation/<path>.
func stripJSONEndpoint(segs []string) []string {
	if len(segs) < 3 || !strings.EqualFold(segs[0], "tutorials") || !strings.EqualFold(segs[1], "data") {
		return segs
	}
	last := segs[len(segs)-1]
	if len(last) > len(".json") && hasSuffixFold(last, ".json") {
		out := append([]string(nil), segs[2:]...)
		out[len(out)-1] = last[:len(last)-len(".json")]
		return out
	}
	return segs
}

func cutQueryAndFragment(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		return p[:i]
	}
	return p
}

func dropEmpty(segs []string) []string {
	out := segs[:0:0]
	for _, s := range segs {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// canonicalSegment decodes, validates, lowercases and re-escapes one path
// segment.
func canonicalSegment(seg string) (string, error) {
	dec, err := percentDecode(seg)
	if err != nil {
		return "", err
	}
	if dec == "." || dec == ".." {
		return "", ErrBadURI
	}
	if !utf8.ValidString(dec) {
		return "", ErrBadURI
	}
	for i := 0; i < len(dec); i++ {
		if c := dec[i]; c < 0x20 || c == 0x7f {
			return "", ErrBadURI
		}
	}
	for _, r := range dec {
		if r >= 0x80 && r < 0xa0 { // C1 controls
			return "", ErrBadURI
		}
	}
	return escapeStructural(strings.ToLower(dec)), nil
}

// Key returns the lookup key of a canonical URI: "_" folded to "-" where it
// separates slug words below the framework segment (see the package comment).
// Two URIs with one Key are spellings of one slug, or distinct pages whose
// names differ only there; callers prefer the exact URI and use Key to find a
// page addressed by another spelling. Key(Key(u)) == Key(u).
func Key(uri string) string {
	rest, ok := strings.CutPrefix(uri, Scheme)
	if !ok || strings.IndexByte(rest, '_') < 0 {
		return uri
	}
	framework, below, found := strings.Cut(rest, "/")
	if !found {
		return uri
	}
	return Scheme + framework + "/" + foldSlugUnderscores(below)
}

// foldSlugUnderscores replaces "_" by "-" where it joins two ASCII letters or
// digits outside parentheses. Neighbours are never changed by the fold, so the
// result is the same whichever order the underscores are visited in.
func foldSlugUnderscores(s string) string {
	if strings.IndexByte(s, '_') < 0 {
		return s
	}
	b := []byte(s)
	depth := 0
	for i := 0; i < len(b); i++ {
		switch b[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '_':
			if depth == 0 && i > 0 && i+1 < len(b) && isAlnum(b[i-1]) && isAlnum(b[i+1]) {
				b[i] = '-'
			}
		}
	}
	return string(b)
}

func percentDecode(s string) (string, error) {
	if strings.IndexByte(s, '%') < 0 {
		return s, nil
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		if i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
			return "", ErrBadURI
		}
		b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
		i += 2
	}
	return string(b), nil
}

// escapeStructural escapes the bytes that cannot appear raw in a canonical URI
// without changing how it splits: the escape char itself, the path separator,
// query and fragment markers, and space (trimmed by FromURL otherwise).
func escapeStructural(s string) string {
	if strings.IndexAny(s, "%/?# ") < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '%', '/', '?', '#', ' ':
			writeEscape(&b, c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

const upperHex = "0123456789ABCDEF"

func writeEscape(b *strings.Builder, c byte) {
	b.WriteByte('%')
	b.WriteByte(upperHex[c>>4])
	b.WriteByte(upperHex[c&15])
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

func hasSuffixFold(s, suffix string) bool {
	return len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// EscapePath percent-encodes what cannot stand in a URI path (white space,
// "%", "#", "?", control characters) and keeps the rest as written, like the
// "(_:)" of Apple's URIs: "Documentation/Alamofire 5.0 Migration Guide.md"
// becomes "Documentation/Alamofire%205.0%20Migration%20Guide.md". File
// paths in samples:// and packages:// URIs are written with it.
func EscapePath(rel string) string {
	var b strings.Builder
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		if c <= ' ' || c == '%' || c == '#' || c == '?' || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
