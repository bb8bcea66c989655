package crawler

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/cupertino-go/cupertino/internal/docuri"
)

// ErrBadPath reports a file path that PagePath could not have produced.
var ErrBadPath = errors.New("not a page path")

const (
	pageExt = ".json"
	// maxChunk bounds one path component. NAME_MAX is 255 bytes on ext4, XFS
	// and APFS; 200 leaves room for ".json" and for tools that append
	// suffixes (editors, rsync temp files).
	maxChunk = 200
	// continuation ends a component that continues in the next one. A lone
	// "%" never ends an encoded component (every "%" starts a %XX escape), so
	// the marker cannot be confused with a name.
	continuation = "%"
)

// PagePath returns the path, relative to the output directory, where the page
// with the canonical URI uri is stored, e.g. apple-docs://swiftui/view ->
// swiftui/view.json. The mapping is lossless: URIFromPagePath reverses it.
//
// Each URI segment is decoded and re-encoded for the file system:
//
//   - Lowercase ASCII letters, digits and - _ . ( ) ! = + , ; & ' @ $ ~ [ ] ^ :
//     stay as they are, so operator pages read naturally ("!=(_:_:).json",
//     as in Apple's own mirrors); every other byte, including "/", "%",
//     uppercase letters (case-insensitive file systems), shell and Windows
//     metacharacters and all non-ASCII (macOS normalises Unicode names) is
//     written %XX with uppercase hex.
//   - A leading "." is escaped, so no page file or directory is hidden, and
//     dot-names stay free for the crawler's own metadata (.cupertino-fetch).
//   - A trailing ".json" inside a segment is escaped ("%2Ejson"), so a page's
//     directory (swiftui/view/) can never be mistaken for another page's file.
//   - A segment longer than maxChunk bytes is split into components of at most
//     maxChunk bytes; every component but the last ends with "%".
func PagePath(uri string) (string, error) {
	canon, err := docuri.FromURL(uri)
	if err != nil {
		return "", fmt.Errorf("page path: %w", err)
	}
	segs := strings.Split(strings.TrimPrefix(canon, docuri.Scheme), "/")
	for i, seg := range segs {
		if segs[i], err = url.PathUnescape(seg); err != nil {
			return "", fmt.Errorf("page path %q: %w", uri, err)
		}
	}
	return filepath.Join(encodeSegments(segs, pageExt)...), nil
}

// encodeSegments encodes each segment with encodeSegment into the path's
// components: every chunk of a split segment but its last ends with the
// continuation mark, and the last segment's last chunk with ext.
func encodeSegments(segs []string, ext string) []string {
	var parts []string
	for i, seg := range segs {
		chunks := encodeSegment(seg)
		for j, c := range chunks {
			switch {
			case j < len(chunks)-1:
				c += continuation
			case i == len(segs)-1:
				c += ext
			}
			parts = append(parts, c)
		}
	}
	return parts
}

// URIFromPagePath reverses PagePath: rel is a path relative to the output
// directory, with either separator.
func URIFromPagePath(rel string) (string, error) {
	rel = filepath.ToSlash(rel)
	if !strings.HasSuffix(rel, pageExt) {
		return "", fmt.Errorf("%w: %q has no %s", ErrBadPath, rel, pageExt)
	}
	comps := strings.Split(strings.TrimSuffix(rel, pageExt), "/")
	var segs []string
	var cur strings.Builder
	for i, c := range comps {
		if c == "" || c[0] == '.' {
			return "", fmt.Errorf("%w: empty or hidden component in %q", ErrBadPath, rel)
		}
		more := strings.HasSuffix(c, continuation) && i < len(comps)-1
		if more {
			c = strings.TrimSuffix(c, continuation)
		}
		cur.WriteString(c)
		if more {
			continue
		}
		dec, err := decodeComponent(cur.String())
		if err != nil {
			return "", fmt.Errorf("%w: %q: %w", ErrBadPath, rel, err)
		}
		segs = append(segs, url.PathEscape(dec))
		cur.Reset()
	}
	uri, err := docuri.FromURL(docuri.Scheme + strings.Join(segs, "/"))
	if err != nil {
		return "", fmt.Errorf("%w: %q: %w", ErrBadPath, rel, err)
	}
	return uri, nil
}

func isNameByte(c byte) bool {
	if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
		return true
	}
	return strings.IndexByte("-_.()!=+,;&'@$~[]^:", c) >= 0
}

const upperHex = "0123456789ABCDEF"

// writeEscape writes c as a percent escape, %XX in capitals.
func writeEscape(b *strings.Builder, c byte) {
	b.WriteByte('%')
	b.WriteByte(upperHex[c>>4])
	b.WriteByte(upperHex[c&15])
}

// encodeSegment encodes one decoded URI segment into one or more path
// components (see PagePath). Chunking happens while encoding so that a cut
// never splits an escape and every chunk's leading "." can be escaped.
func encodeSegment(s string) []string {
	var chunks []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		raw := isNameByte(c) && !(b.Len() == 0 && c == '.')
		width := 3
		if raw {
			width = 1
		}
		if b.Len()+width > maxChunk {
			chunks = append(chunks, b.String())
			b.Reset()
			raw = isNameByte(c) && c != '.'
		}
		if raw {
			b.WriteByte(c)
			continue
		}
		writeEscape(&b, c)
	}
	last := b.String()
	if strings.HasSuffix(last, pageExt) {
		last = last[:len(last)-len(pageExt)] + "%2E" + pageExt[1:]
	}
	return append(chunks, last)
}

func decodeComponent(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			if !isNameByte(c) {
				return "", fmt.Errorf("byte %q must be escaped", c)
			}
			b.WriteByte(c)
			continue
		}
		if i+2 >= len(s) || !isUpperHex(s[i+1]) || !isUpperHex(s[i+2]) {
			return "", errors.New("bad escape")
		}
		b.WriteByte(unhex(s[i+1])<<4 | unhex(s[i+2]))
		i += 2
	}
	return b.String(), nil
}

func isUpperHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'A' && c <= 'F' }

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'A' + 10
}
