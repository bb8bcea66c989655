package docuri

import (
	"strings"
)

// # Legacy numeric addresses
//
// Apple published many older symbols under a numeric identifier before
// their name: foundation/urlsession/1407613-datatask. An agent builds the
// modern address from the parent and the title instead
// (foundation/urlsession/datatask(with:completionhandler:)), which the site
// serves but the index does not hold. ModernAddress builds that address for
// a legacy page, so the index can store it as a lookup key.

// minLegacyDigits is the shortest numeric identifier of a legacy segment:
// Apple's are seven digits, and slugs such as "16-bit-signed-integer-vectors"
// start with a short number that is no identifier.
const minLegacyDigits = 6

// IsLegacySegment reports whether seg is a legacy numeric segment: at least
// six digits, a "-", and a name ("1407613-datatask").
func IsLegacySegment(seg string) bool {
	i := 0
	for i < len(seg) && seg[i] >= '0' && seg[i] <= '9' {
		i++
	}
	return i >= minLegacyDigits && i+1 < len(seg) && seg[i] == '-'
}

// HasLegacySegment reports whether any segment of a canonical apple-docs://
// URI below the framework is a legacy numeric segment.
func HasLegacySegment(uri string) bool {
	rest, ok := cutScheme(uri)
	if !ok {
		return false
	}
	segs := strings.Split(rest, "/")
	for _, s := range segs[1:] {
		if IsLegacySegment(s) {
			return true
		}
	}
	return false
}

// LegacyName returns the name part of a legacy segment ("datatask" for
// "1407613-datatask"), or seg itself when it is not one.
func LegacyName(seg string) string {
	if !IsLegacySegment(seg) {
		return seg
	}
	_, name, _ := strings.Cut(seg, "-")
	return name
}

// TitleSegment returns the canonical path segment a modern address gives a
// page with this title: a symbol title lowercased ("dataTask(with:)" ->
// "datatask(with:)", "initWithFrame:" -> "initwithframe:"), and a prose
// title as a dashed slug ("Mode Masks" -> "mode-masks"). It is "" for a
// title that gives no segment.
func TitleSegment(title string) string {
	t := strings.TrimSpace(title)
	if t == "" {
		return ""
	}
	paren := strings.IndexByte(t, '(')
	space := strings.IndexByte(t, ' ')
	var seg string
	if space >= 0 && (paren < 0 || space < paren) {
		seg = slug(t)
	} else {
		seg = strings.ToLower(strings.ReplaceAll(t, " ", ""))
	}
	if seg == "" {
		return ""
	}
	clean, err := canonicalSegment(seg)
	if err != nil {
		return ""
	}
	return clean
}

// slug lowercases s and joins its runs of ASCII letters and digits (and any
// non-ASCII letter) with single dashes.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r < 0x80 && !isAlnum(byte(r)) {
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ModernAddress returns the address an agent builds for the legacy page uri
// from titles: every legacy numeric segment replaced by TitleSegment of the
// title of the page it names. titleOf returns the title of a canonical URI
// ("" when unknown); the page's own title is titleOf(uri). A segment whose
// page has no usable title keeps its name without the number. The result
// is "" when uri has no legacy segment.
func ModernAddress(uri string, titleOf func(prefix string) string) string {
	rest, ok := cutScheme(uri)
	if !ok {
		return ""
	}
	orig := strings.Split(rest, "/")
	segs := append([]string(nil), orig...)
	changed := false
	for i := 1; i < len(segs); i++ {
		if !IsLegacySegment(segs[i]) {
			continue
		}
		prefix := Scheme + strings.Join(orig[:i+1], "/")
		next := TitleSegment(titleOf(prefix))
		if next == "" {
			next = LegacyName(segs[i])
		}
		segs[i] = next
		changed = true
	}
	if !changed {
		return ""
	}
	return Scheme + strings.Join(segs, "/")
}
