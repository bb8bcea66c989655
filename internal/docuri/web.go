package docuri

import (
	"net/url"
	"strings"
)

// # Web addresses of the other sources
//
// FromWebURL accepts, beside every form FromURL does, the web addresses of
// the pages the other sources hold, and maps each to the URI that source
// indexes it under:
//
//   - developer.apple.com/design/human-interface-guidelines/<page> ->
//     hig://general/<page without dashes> ("dark-mode" -> darkmode). The
//     index keeps HIG pages under a category the URL does not carry, so the
//     store matches this URI on its last segment, dashes aside.
//   - docs.swift.org/swift-book/documentation/the-swift-programming-language/<chapter>
//     -> swift-book://<chapter>, matched likewise on the last segment; the old
//     docs.swift.org/swift-book/<Part>/<Chapter>.html -> swift-book://<part>/<chapter>.
//   - github.com/{swiftlang,apple}/swift-evolution/blob/<branch>/proposals/NNNN-name.md
//     (and tree/, raw.githubusercontent.com) -> swift-evolution://SE-NNNN.
//   - swift.org and www.swift.org/<path> -> swift-org://<path> (".html",
//     "index.html" and the trailing slash dropped).
//
// For a developer.apple.com/documentation URL it also returns the language
// its query asks for ("objc" for ?language=objc, "swift", or ""), which
// FromURL drops: the same address serves a symbol's Swift page and, with
// ?language=objc, its Objective-C one.

// Schemes of the sources FromWebURL maps to, as the index spells them.
const (
	schemeHIG       = "hig://"
	schemeSwiftBook = "swift-book://"
	schemeSwiftOrg  = "swift-org://"
	schemeEvolution = "swift-evolution://"
)

// FromWebURL returns the index URI of raw and the language its query asks
// for. Addresses FromURL takes are canonicalised by it; see the comment
// above for the others. Any other address is FromURL's error.
func FromWebURL(raw string) (uri, language string, err error) {
	s := strings.Trim(raw, " \t\r\n")
	language = queryLanguage(s)
	if u, ok := otherSourceURI(s); ok {
		return u, "", nil
	}
	uri, err = FromURL(s)
	if err != nil {
		return "", "", err
	}
	return uri, language, nil
}

// queryLanguage reads ?language= from a URL: "objc" (also "occ",
// "objective-c"), "swift", or "".
func queryLanguage(s string) string {
	_, query, ok := strings.Cut(s, "?")
	if !ok {
		return ""
	}
	query, _, _ = strings.Cut(query, "#")
	values, err := url.ParseQuery(query)
	if err != nil {
		return ""
	}
	switch strings.ToLower(values.Get("language")) {
	case "objc", "occ", "objective-c", "objectivec":
		return "objc"
	case "swift":
		return "swift"
	}
	return ""
}

// otherSourceURI maps a web address of a HIG, Swift book, swift.org or
// Swift Evolution page.
func otherSourceURI(s string) (string, bool) {
	lower := strings.ToLower(s)
	for _, p := range []string{"https://", "http://", "//"} {
		if strings.HasPrefix(lower, p) {
			s = s[len(p):]
			break
		}
	}
	hostPart, path, _ := strings.Cut(s, "/")
	host := strings.ToLower(strings.TrimSuffix(strings.TrimSuffix(hostPart, ":443"), ":80"))
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	segs := webSegments(path)
	switch host {
	case "developer.apple.com":
		if len(segs) >= 3 && segs[0] == "design" && segs[1] == "human-interface-guidelines" {
			return schemeHIG + "general/" + strings.ReplaceAll(segs[len(segs)-1], "-", ""), true
		}
	case "docs.swift.org":
		if len(segs) < 2 || segs[0] != "swift-book" {
			return "", false
		}
		segs = segs[1:]
		if segs[0] == "documentation" {
			segs = segs[1:]
			if len(segs) > 1 && segs[0] == "the-swift-programming-language" {
				segs = segs[1:]
			}
		}
		if len(segs) == 0 {
			return "", false
		}
		return schemeSwiftBook + strings.Join(segs, "/"), true
	case "github.com", "raw.githubusercontent.com":
		return evolutionURI(segs)
	case "swift.org", "www.swift.org":
		if len(segs) == 0 {
			return "", false
		}
		return schemeSwiftOrg + strings.Join(segs, "/"), true
	}
	return "", false
}

// webSegments splits a URL path into lowercased, decoded segments, without
// empty ones, ".html" suffixes and a final index page.
func webSegments(path string) []string {
	var out []string
	for _, seg := range strings.Split(path, "/") {
		if dec, err := url.PathUnescape(seg); err == nil {
			seg = dec
		}
		seg = strings.ToLower(strings.TrimSpace(seg))
		if seg == "" || seg == "." || seg == ".." {
			continue
		}
		out = append(out, seg)
	}
	if n := len(out); n > 0 && (out[n-1] == "index.html" || out[n-1] == "index.md") {
		out = out[:n-1]
	}
	if n := len(out); n > 0 {
		out[n-1] = strings.TrimSuffix(strings.TrimSuffix(out[n-1], ".html"), ".htm")
	}
	return out
}

// evolutionURI maps <owner>/swift-evolution/{blob,tree}/<branch>/proposals/NNNN-name.md
// (or, on raw.githubusercontent.com, <owner>/swift-evolution/<branch>/proposals/…).
func evolutionURI(segs []string) (string, bool) {
	if len(segs) < 4 || (segs[0] != "swiftlang" && segs[0] != "apple") || segs[1] != "swift-evolution" {
		return "", false
	}
	last := segs[len(segs)-1]
	if segs[len(segs)-2] != "proposals" {
		return "", false
	}
	digits := 0
	for digits < len(last) && last[digits] >= '0' && last[digits] <= '9' {
		digits++
	}
	if digits != 4 {
		return "", false
	}
	return schemeEvolution + "SE-" + last[:digits], true
}

// WebURL returns the web address of an index URI where one follows from the
// URI alone: developer.apple.com for apple-docs://, www.swift.org for
// swift-org://. Other URIs give "".
func WebURL(uri string) string {
	switch {
	case hasPrefixFold(uri, Scheme):
		u, err := ToURL(uri)
		if err != nil {
			return ""
		}
		return u
	case strings.HasPrefix(uri, schemeSwiftOrg):
		return "https://www.swift.org/" + strings.TrimPrefix(uri, schemeSwiftOrg) + "/"
	}
	return ""
}
