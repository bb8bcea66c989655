package docuri

import (
	"fmt"
	"strings"
)

// ToURL returns the web address of a canonical URI, e.g. apple-docs://swiftui/view
// -> https://developer.apple.com/documentation/swiftui/view. The URI is
// canonicalised first, so any apple-docs:// spelling is accepted; other schemes
// are ErrBadURI.
func ToURL(uri string) (string, error) {
	p, err := escapedPath(uri)
	if err != nil {
		return "", err
	}
	return webPrefix + p, nil
}

// JSONPath returns the path of a page's render JSON on developer.apple.com, e.g.
// apple-docs://swiftui/view -> /tutorials/data/documentation/swiftui/view.json.
func JSONPath(uri string) (string, error) {
	p, err := escapedPath(uri)
	if err != nil {
		return "", err
	}
	return jsonPrefix + p + ".json", nil
}

// Framework returns the framework segment of a canonical URI ("swiftui"), or ""
// when uri is not an apple-docs:// URI.
func Framework(uri string) string {
	rest, ok := cutScheme(uri)
	if !ok {
		return ""
	}
	fw, _, _ := strings.Cut(rest, "/")
	return fw
}

// Parent returns the URI one segment up, e.g. apple-docs://swiftui/view/padding(_:_:)
// -> apple-docs://swiftui/view. A framework root, or a string that is not an
// apple-docs:// URI, has no parent: "".
func Parent(uri string) string {
	rest, ok := cutScheme(uri)
	if !ok {
		return ""
	}
	rest = strings.TrimRight(rest, "/")
	i := strings.LastIndexByte(rest, '/')
	if i <= 0 {
		return ""
	}
	return Scheme + rest[:i]
}

func cutScheme(uri string) (string, bool) {
	if !hasPrefixFold(uri, Scheme) {
		return "", false
	}
	return uri[len(Scheme):], true
}

// escapedPath canonicalises uri and returns its path (framework onwards) escaped
// for use in a URL: canonical %XX escapes are kept, and every byte that is not an
// RFC 3986 path character (pchar) is escaped. Apple's own URLs use the
// sub-delimiters raw, e.g. "+(_:_:)" or "==(_:_:)", so those are left alone.
func escapedPath(uri string) (string, error) {
	if p, ok := plainPath(uri); ok {
		return p, nil
	}
	if !hasPrefixFold(uri, Scheme) {
		return "", fmt.Errorf("%w: want %s, got %q", ErrBadURI, Scheme, uri)
	}
	canon, err := FromURL(uri)
	if err != nil {
		return "", err
	}
	p := canon[len(Scheme):]
	var b strings.Builder
	b.Grow(len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c == '%' || c == '/' || isPathChar(c) {
			b.WriteByte(c)
			continue
		}
		writeEscape(&b, c)
	}
	return b.String(), nil
}

// plainPath is escapedPath's answer for the common URI that is canonical
// already and needs no escape: the lowercase scheme, then non-empty
// segments of lowercase letters, digits and the path characters that are
// neither "%" nor "." ("readattribute(_:)", "+=(_:_:)"). FromURL would
// return it unchanged and no byte of it is escaped, so it is found without
// building either; read_document writes the web address of every link the
// index lacks, hundreds on some pages.
func plainPath(uri string) (string, bool) {
	p, ok := strings.CutPrefix(uri, Scheme)
	if !ok || p == "" {
		return "", false
	}
	prev := byte('/')
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
		case c == '/' && prev != '/':
		case c != '%' && c != '.' && (c < 'A' || c > 'Z') && isPathChar(c):
		default:
			return "", false
		}
		prev = c
	}
	if prev == '/' {
		return "", false
	}
	return p, true
}

// isPathChar reports whether c may appear raw in a URL path segment: RFC 3986
// unreserved, sub-delims, ':' and '@'.
func isPathChar(c byte) bool {
	if isAlnum(c) {
		return true
	}
	switch c {
	case '-', '.', '_', '~', '!', '$', '&', '\'', '(', ')', '*', '+', ',', ';', '=', ':', '@':
		return true
	}
	return false
}
