package crawler

import (
	"html"
	"regexp"
	"strings"
)

// licenseID reads an SPDX expression from a LICENSE text, for the licenses
// Swift packages use; "NOASSERTION" (SPDX's word for unknown) otherwise.
// Apple's "Apache License 2.0 with Runtime Library Exception" is
// "Apache-2.0 WITH Swift-exception".
func licenseID(text string) string {
	t := strings.Join(strings.Fields(strings.ToLower(text)), " ")
	has := func(s ...string) bool {
		for _, x := range s {
			if !strings.Contains(t, x) {
				return false
			}
		}
		return true
	}
	switch {
	case has("apache license", "version 2.0"):
		if has("runtime library exception") {
			return "Apache-2.0 WITH Swift-exception"
		}
		return "Apache-2.0"
	case has("permission is hereby granted, free of charge"):
		return "MIT"
	case has("mozilla public license", "2.0"):
		return "MPL-2.0"
	case has("gnu lesser general public license"):
		return "LGPL-3.0"
	case has("gnu general public license", "version 3"):
		return "GPL-3.0"
	case has("gnu general public license", "version 2"):
		return "GPL-2.0"
	case has("redistribution and use in source and binary forms"):
		if has("neither the name") || has("names of its contributors") {
			return "BSD-3-Clause"
		}
		return "BSD-2-Clause"
	case has("permission to use, copy, modify, and/or distribute this software"):
		return "ISC"
	case has("this is free and unencumbered software released into the public domain"):
		return "Unlicense"
	}
	return "NOASSERTION"
}

var (
	mdImage     = regexp.MustCompile(`!\[[^\]]*\]\([^)]*\)`)
	mdLink      = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdRefLink   = regexp.MustCompile(`\[([^\]]*)\]\[[^\]]*\]`)
	htmlTag     = regexp.MustCompile(`<[^>]*>`)
	mdEmphasis  = regexp.MustCompile("(\\*\\*|__|\\*|`)")
	listItem    = regexp.MustCompile(`^([-*+]|\d+[.)])\s`)
	htmlComment = regexp.MustCompile(`(?s)<!--.*?-->`)
	linkDef     = regexp.MustCompile(`^\[[^\]]+\]:\s`)
	// tagline is a paragraph that is all emphasis ("**Welcome to X!**"):
	// a slogan, not a description.
	tagline = regexp.MustCompile(`^(\*\*|__|\*|_)[^*_]+(\*\*|__|\*|_)$`)
)

// readmeDescription is a README's first prose paragraph with Markdown and
// HTML stripped: headings, badges, images, lists, tables, quotes and code
// are passed over. "" when there is none.
func readmeDescription(md string) string {
	md = htmlComment.ReplaceAllString(strings.ReplaceAll(md, "\r\n", "\n"), "")
	inFence := false
	var block []string
	flush := func() string {
		defer func() { block = block[:0] }()
		if len(block) == 0 {
			return ""
		}
		first := strings.TrimSpace(block[0])
		if strings.HasPrefix(first, "|") || strings.HasPrefix(first, ">") || listItem.MatchString(first) ||
			len(block) == 1 && tagline.MatchString(first) {
			return ""
		}
		s := strings.Join(block, " ")
		s = mdImage.ReplaceAllString(s, "")
		s = mdLink.ReplaceAllString(s, "$1")
		s = mdRefLink.ReplaceAllString(s, "$1")
		s = htmlTag.ReplaceAllString(s, " ")
		s = mdEmphasis.ReplaceAllString(s, "")
		s = html.UnescapeString(s)
		s = strings.Join(strings.Fields(s), " ")
		if !strings.ContainsFunc(s, isLetter) {
			return ""
		}
		return s
	}
	for _, line := range strings.Split(md, "\n") {
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, "```") || strings.HasPrefix(trim, "~~~") {
			inFence = !inFence
			block = block[:0]
			continue
		}
		if inFence {
			continue
		}
		switch {
		case linkDef.MatchString(trim):
			// A link reference definition is not prose.
		case trim == "":
			if d := flush(); d != "" {
				return d
			}
		case len(block) > 0 && (strings.Trim(trim, "=") == "" || strings.Trim(trim, "-") == ""):
			// A setext underline: the lines above were a heading.
			block = block[:0]
		case strings.HasPrefix(trim, "#"), strings.Trim(trim, "=-*_ ") == "" && len(trim) >= 3:
			// A heading or a rule ends the paragraph before it.
			if d := flush(); d != "" {
				return d
			}
		default:
			block = append(block, trim)
		}
	}
	return flush()
}

func isLetter(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 0x7f
}
