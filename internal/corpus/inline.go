package corpus

import (
	"html"
	"regexp"
	"strconv"
	"strings"
)

var (
	imagePattern    = regexp.MustCompile(`!\[([^\]]*)\]\([^)]*\)`)
	linkPattern     = regexp.MustCompile(`\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)`)
	refLinkPattern  = regexp.MustCompile(`\[([^\]]+)\]\[[^\]]*\]`)
	docLinkPattern  = regexp.MustCompile(`<doc:([^>]+)>`)
	autoLinkPattern = regexp.MustCompile(`<((?:https?|mailto):[^>\s]+)>`)
	htmlTagPattern  = regexp.MustCompile(`(?i)</?(a|abbr|b|br|center|code|dd|details|div|dl|dt|em|figcaption|figure|h[1-6]|hr|i|iframe|img|kbd|li|link|meta|ol|p|picture|pre|s|script|section|small|source|span|strong|style|sub|summary|sup|table|tbody|td|th|thead|tr|u|ul|video)\b[^>]*>`)
	boldPattern     = regexp.MustCompile(`(\*\*|__)(\S(?:.*?\S)?)(\*\*|__)`)
	starPattern     = regexp.MustCompile(`\*(\S(?:[^*]*?\S)?)\*`)
	underPattern    = regexp.MustCompile(`(^|[^\w])_(\S(?:[^_]*?\S)?)_([^\w]|$)`)
	escapePattern   = regexp.MustCompile(`\\([\\` + "`" + `*_{}\[\]()#+\-.!|<>~])`)
)

// inlineText strips inline Markdown and HTML from one line or paragraph:
// links keep their text, images their alt text, code spans their code,
// DocC article links (<doc:Concurrency#Tasks>) their readable name, and
// double-backtick symbol links the symbol name.
func inlineText(s string) string {
	if s == "" {
		return ""
	}
	parts := splitCodeSpans(s)
	if len(parts) == 1 {
		return html.UnescapeString(inlineProse(s))
	}
	// Code spans are literal: they wait behind placeholders while the link
	// and emphasis rules run, so those rules never rewrite code, and a link
	// whose text holds code ("[recent `main` snapshots](…)") still matches.
	var prose strings.Builder
	for i, part := range parts {
		if i%2 == 1 {
			prose.WriteString(codeSpanOpen + strconv.Itoa(i/2) + codeSpanClose)
			continue
		}
		prose.WriteString(part)
	}
	text := html.UnescapeString(inlineProse(prose.String()))
	return codeSpanToken.ReplaceAllStringFunc(text, func(token string) string {
		n, err := strconv.Atoi(token[len(codeSpanOpen) : len(token)-len(codeSpanClose)])
		if err != nil || 2*n+1 >= len(parts) {
			return ""
		}
		return parts[2*n+1]
	})
}

// Code span placeholders: private-use runes no page text contains.
const (
	codeSpanOpen  = "\uE100"
	codeSpanClose = "\uE101"
)

var codeSpanToken = regexp.MustCompile(codeSpanOpen + `\d+` + codeSpanClose)

// splitCodeSpans splits s into alternating prose and code-span contents
// (even indexes prose, odd indexes code). An unmatched backtick run is prose.
func splitCodeSpans(s string) []string {
	var parts []string
	rest := s
	var prose strings.Builder
	for {
		start := strings.IndexByte(rest, '`')
		if start < 0 {
			prose.WriteString(rest)
			break
		}
		n := 0
		for start+n < len(rest) && rest[start+n] == '`' {
			n++
		}
		marker := rest[start : start+n]
		end := strings.Index(rest[start+n:], marker)
		if end < 0 {
			prose.WriteString(rest[:start+n])
			rest = rest[start+n:]
			continue
		}
		prose.WriteString(rest[:start])
		parts = append(parts, prose.String(), strings.TrimSpace(rest[start+n:start+n+end]))
		prose.Reset()
		rest = rest[start+n+end+n:]
	}
	return append(parts, prose.String())
}

// escapeBase shifts backslash-escaped ASCII punctuation into the Unicode
// private use area while the emphasis and link rules run, so that "\*" is
// never read as emphasis; inlineProse shifts it back at the end.
const escapeBase = 0xE000

func inlineProse(s string) string {
	hasEscapes := strings.IndexByte(s, '\\') >= 0
	if hasEscapes {
		s = escapePattern.ReplaceAllStringFunc(s, func(m string) string {
			return string(rune(escapeBase + int(m[1])))
		})
	}
	// Each rule runs only when its marker is present: most lines have no
	// links or emphasis, and the regexps dominate the cost of a page.
	if strings.Contains(s, "](") {
		s = imagePattern.ReplaceAllString(s, "$1")
		s = linkPattern.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "][") {
		s = refLinkPattern.ReplaceAllString(s, "$1")
	}
	if strings.IndexByte(s, '<') >= 0 {
		s = docLinkPattern.ReplaceAllStringFunc(s, func(m string) string {
			return docLinkName(m[len("<doc:") : len(m)-1])
		})
		s = autoLinkPattern.ReplaceAllString(s, "$1")
		s = htmlTagPattern.ReplaceAllString(s, " ")
	}
	if strings.Contains(s, "**") || strings.Contains(s, "__") {
		s = boldPattern.ReplaceAllString(s, "$2")
	}
	if strings.IndexByte(s, '*') >= 0 {
		s = starPattern.ReplaceAllString(s, "$1")
	}
	if strings.IndexByte(s, '_') >= 0 {
		s = underPattern.ReplaceAllString(s, "$1$2$3")
	}
	if hasEscapes {
		s = strings.Map(func(r rune) rune {
			if r > escapeBase && r < escapeBase+0x80 {
				return r - escapeBase
			}
			return r
		}, s)
	}
	return s
}

// docLinkName turns a DocC article link target into readable text:
// "Concurrency#Unstructured-Concurrency" reads "Unstructured Concurrency",
// "doc://Book/LanguageGuide/Closures" reads "Closures".
func docLinkName(target string) string {
	if i := strings.IndexByte(target, '#'); i >= 0 {
		return strings.ReplaceAll(target[i+1:], "-", " ")
	}
	target = strings.TrimRight(target, "/")
	if i := strings.LastIndexByte(target, '/'); i >= 0 {
		target = target[i+1:]
	}
	return target
}
