package corpus

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/cupertino-go/cupertino/internal/document"
)

// abstractLimit caps abstracts: search results show them whole, so a long
// first paragraph is cut at a word boundary.
const abstractLimit = 300

// blockKind classifies a Markdown block.
type blockKind int

const (
	blockParagraph blockKind = iota
	blockHeading
	blockCode
	blockList
	blockQuote
	blockTable
)

// block is one top-level Markdown block: a heading, a fenced code block, or a
// run of non-blank lines (paragraph, list, quote or table).
type block struct {
	kind  blockKind
	level int    // heading level, 1 for "# "
	lang  string // code language from the fence's info string
	text  string // heading text, code body, or the block's raw lines
}

// sourceText turns raw bytes into text without a byte-order mark and with
// Unix line endings, so that the line scanners see one convention.
func sourceText(raw []byte) string {
	text := strings.TrimPrefix(string(raw), "\uFEFF")
	if strings.Contains(text, "\r") {
		text = strings.ReplaceAll(text, "\r\n", "\n")
		text = strings.ReplaceAll(text, "\r", "\n")
	}
	return text
}

// sha256Hex is the content hash of a Markdown input: its raw bytes.
func sha256Hex(raw []byte) string {
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:])
}

// fence reports whether line opens or closes a fenced code block and returns
// the fence marker ("```", "~~~~") and the info string.
func fence(line string) (marker, info string, ok bool) {
	trimmed := strings.TrimLeft(line, " \t")
	for _, ch := range []byte{'`', '~'} {
		n := 0
		for n < len(trimmed) && trimmed[n] == ch {
			n++
		}
		if n >= 3 {
			info = strings.TrimSpace(trimmed[n:])
			// A backtick fence's info string cannot hold a backtick:
			// "```foo```" on one line is inline code, not a fence.
			if ch == '`' && strings.Contains(info, "`") {
				return "", "", false
			}
			return trimmed[:n], info, true
		}
	}
	return "", "", false
}

// closesFence reports whether line closes a block opened with marker.
func closesFence(line, marker string) bool {
	trimmed := strings.TrimSpace(line)
	return strings.HasPrefix(trimmed, marker) && strings.Trim(trimmed, marker[:1]) == ""
}

// stripComments removes HTML comments outside fenced code. The Swift book
// keeps test harness code fences inside comments, so comments go first and
// fences inside them never reach the block parser.
func stripComments(text string) string {
	if !strings.Contains(text, "<!--") {
		return text
	}
	var out strings.Builder
	out.Grow(len(text))
	inComment := false
	marker := ""
	for _, line := range strings.SplitAfter(text, "\n") {
		if marker != "" {
			if closesFence(line, marker) {
				marker = ""
			}
			out.WriteString(line)
			continue
		}
		if !inComment {
			if m, _, ok := fence(line); ok {
				marker = m
				out.WriteString(line)
				continue
			}
		}
		kept, stillIn := cutComments(line, inComment)
		inComment = stillIn
		// A line that was only a comment disappears instead of leaving a
		// blank line that would split a paragraph.
		if strings.TrimSpace(kept) == "" && strings.TrimSpace(line) != "" {
			continue
		}
		out.WriteString(kept)
	}
	return out.String()
}

// cutComments removes the comment parts of one line, given whether the line
// starts inside a comment, and reports whether it ends inside one.
func cutComments(line string, inComment bool) (string, bool) {
	var kept strings.Builder
	rest := line
	for rest != "" {
		if inComment {
			end := strings.Index(rest, "-->")
			if end < 0 {
				if strings.HasSuffix(line, "\n") {
					kept.WriteString("\n")
				}
				return kept.String(), true
			}
			rest = rest[end+3:]
			inComment = false
			continue
		}
		start := strings.Index(rest, "<!--")
		if start < 0 {
			kept.WriteString(rest)
			break
		}
		kept.WriteString(rest[:start])
		rest = rest[start+4:]
		inComment = true
	}
	return kept.String(), inComment
}

// directiveLine matches a DocC directive on a line of its own, e.g.
// "@Metadata {", "@Options(scope: global) {", "@TechnologyRoot", "}" is
// handled by brace counting.
var directiveLine = regexp.MustCompile(`^\s*@[A-Z][A-Za-z]*(\(.*\))?\s*(\{)?\s*$`)

// stripDirectives removes DocC directive blocks (@Metadata { … }) outside
// fenced code. Swift attributes in code (@MainActor) are inside fences and
// are left alone.
func stripDirectives(text string) string {
	if !strings.Contains(text, "@") {
		return text
	}
	var out strings.Builder
	out.Grow(len(text))
	marker := ""
	depth := 0
	for _, line := range strings.SplitAfter(text, "\n") {
		switch {
		case marker != "":
			if closesFence(line, marker) {
				marker = ""
			}
			out.WriteString(line)
		case depth > 0:
			depth += strings.Count(line, "{") - strings.Count(line, "}")
		default:
			if m, _, ok := fence(line); ok {
				marker = m
				out.WriteString(line)
				continue
			}
			if match := directiveLine.FindStringSubmatch(line); match != nil {
				if match[2] != "" {
					depth = 1
				}
				continue
			}
			out.WriteString(line)
		}
	}
	return out.String()
}

// parseBlocks splits Markdown (already free of comments) into blocks.
func parseBlocks(text string) []block {
	var blocks []block
	var para []string
	flush := func() {
		if len(para) == 0 {
			return
		}
		blocks = append(blocks, block{kind: classify(para[0]), text: strings.Join(para, "\n")})
		para = nil
	}
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if marker, info, ok := fence(line); ok {
			flush()
			var code []string
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			for i++; i < len(lines) && !closesFence(lines[i], marker); i++ {
				code = append(code, dedent(lines[i], indent))
			}
			blocks = append(blocks, block{kind: blockCode, lang: codeLanguage(info), text: strings.Join(code, "\n")})
			continue
		}
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			flush()
			continue
		}
		if level, heading, ok := atxHeading(trimmed); ok {
			flush()
			blocks = append(blocks, block{kind: blockHeading, level: level, text: heading})
			continue
		}
		para = append(para, line)
	}
	flush()
	return blocks
}

// dedent removes up to n leading spaces, the indentation of the fence that
// opened a code block inside a list item.
func dedent(line string, n int) string {
	for n > 0 && line != "" && (line[0] == ' ' || line[0] == '\t') {
		line = line[1:]
		n--
	}
	return line
}

// atxHeading parses "## Title ##" into level 2 and "Title".
func atxHeading(trimmed string) (int, string, bool) {
	level := 0
	for level < len(trimmed) && trimmed[level] == '#' {
		level++
	}
	if level == 0 || level > 6 {
		return 0, "", false
	}
	rest := trimmed[level:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		return 0, "", false
	}
	rest = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(rest), "#"))
	return level, rest, true
}

var orderedItem = regexp.MustCompile(`^\d+[.)]\s`)

// classify names a run of lines by its first line.
func classify(first string) blockKind {
	trimmed := strings.TrimSpace(first)
	switch {
	case strings.HasPrefix(trimmed, ">"):
		return blockQuote
	case strings.HasPrefix(trimmed, "|"):
		return blockTable
	case strings.HasPrefix(trimmed, "- "), strings.HasPrefix(trimmed, "* "), strings.HasPrefix(trimmed, "+ "),
		orderedItem.MatchString(trimmed):
		return blockList
	}
	return blockParagraph
}

// codeLanguage normalises a fence info string to the names CodeExample uses.
func codeLanguage(info string) string {
	fields := strings.Fields(info)
	if len(fields) == 0 {
		return ""
	}
	lang := strings.Trim(strings.ToLower(fields[0]), "{}.")
	switch lang {
	case "objc", "objective-c", "objectivec", "obj-c", "occ":
		return "objective-c"
	case "sh", "shell", "bash", "zsh", "console", "terminal":
		return "shell"
	}
	return lang
}

// firstHeading returns the text of the first level-1 heading, or "".
func firstHeading(blocks []block) string {
	for _, b := range blocks {
		if b.kind == blockHeading && b.level == 1 {
			return inlineText(b.text)
		}
	}
	return ""
}

// firstParagraph returns the first prose paragraph at or after index from,
// as plain text cut to abstractLimit.
func firstParagraph(blocks []block, from int) string {
	for i := from; i < len(blocks); i++ {
		b := blocks[i]
		if b.kind != blockParagraph {
			continue
		}
		// An image alone is no summary: its alt text ("Diagram") would
		// become the abstract.
		if strings.TrimSpace(htmlTagPattern.ReplaceAllString(imagePattern.ReplaceAllString(b.text, ""), "")) == "" {
			continue
		}
		text := collapseSpace(blockText(b))
		if text == "" || strings.HasPrefix(text, "@") {
			continue
		}
		return truncate(text, abstractLimit)
	}
	return ""
}

// codeExamples collects fenced code blocks. Blocks separated only by blank
// lines are joined: some converted pages split one listing into a fence per
// line, and one example per listing is what a reader expects.
func codeExamples(blocks []block) []document.CodeExample {
	var examples []document.CodeExample
	lastCode := -2
	for i, b := range blocks {
		if b.kind != blockCode {
			continue
		}
		code := strings.TrimRight(b.text, " \n\t")
		if strings.TrimSpace(code) == "" {
			continue
		}
		if lastCode == i-1 && len(examples) > 0 && examples[len(examples)-1].Language == b.lang {
			examples[len(examples)-1].Code += "\n" + code
		} else {
			examples = append(examples, document.CodeExample{Language: b.lang, Code: code})
		}
		lastCode = i
	}
	return examples
}

// plainText renders blocks as plain text for full-text search, skipping code
// (kept in CodeExamples) and the block at index skip (the title heading).
func plainText(blocks []block, skip int) string {
	var out strings.Builder
	for i, b := range blocks {
		if i == skip || b.kind == blockCode {
			continue
		}
		text := blockText(b)
		if text == "" {
			continue
		}
		if out.Len() > 0 {
			out.WriteString("\n")
		}
		out.WriteString(text)
	}
	return out.String()
}

var (
	linkDefinition = regexp.MustCompile(`^\s*\[[^\]]+\]:\s*\S+`)
	tableRule      = regexp.MustCompile(`^[\s|:\-]+$`)
	listMarker     = regexp.MustCompile(`^(\s*)([-*+]|\d+[.)])\s+`)
)

// blockText renders one block as plain text: list markers, quote markers and
// table pipes go, wrapped lines of one paragraph join with spaces, list items
// and table rows keep their own lines.
func blockText(b block) string {
	switch b.kind {
	case blockHeading:
		return inlineText(b.text)
	case blockCode:
		return ""
	}
	var lines []string
	var current []string
	flush := func() {
		if len(current) > 0 {
			if text := collapseSpace(inlineText(strings.Join(current, " "))); text != "" {
				lines = append(lines, text)
			}
			current = nil
		}
	}
	for _, line := range strings.Split(b.text, "\n") {
		if linkDefinition.MatchString(line) {
			continue
		}
		trimmed := strings.TrimSpace(line)
		for strings.HasPrefix(trimmed, ">") {
			trimmed = strings.TrimSpace(trimmed[1:])
		}
		if strings.HasPrefix(trimmed, "|") || strings.HasSuffix(trimmed, "|") {
			if tableRule.MatchString(trimmed) {
				continue
			}
			flush()
			current = append(current, strings.ReplaceAll(trimmed, "|", " "))
			flush()
			continue
		}
		if loc := listMarker.FindStringIndex(trimmed); loc != nil {
			flush()
			// DocC term lists: "- term Peer macros: definition".
			trimmed = strings.TrimPrefix(trimmed[loc[1]:], "term ")
		}
		if level, heading, ok := atxHeading(trimmed); ok && level > 0 {
			flush()
			trimmed = heading
		}
		current = append(current, trimmed)
	}
	flush()
	return strings.Join(lines, "\n")
}

// collapseSpace trims s and collapses runs of white space to one space.
func collapseSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// truncate cuts s to at most limit bytes at a word boundary, adding "…".
func truncate(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	cut := strings.LastIndexByte(s[:limit], ' ')
	if cut < limit/2 {
		cut = limit
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}

// headingIndex returns the index of the first level-1 heading, or -1.
func headingIndex(blocks []block) int {
	for i, b := range blocks {
		if b.kind == blockHeading && b.level == 1 {
			return i
		}
	}
	return -1
}

// mapOutsideFences returns text with fn applied to every line outside fenced
// code blocks, for the readers that rewrite links in prose but never in code.
func mapOutsideFences(text string, fn func(line string) string) string {
	lines := strings.Split(text, "\n")
	marker := ""
	for i, line := range lines {
		if marker != "" {
			if closesFence(line, marker) {
				marker = ""
			}
			continue
		}
		if m, _, ok := fence(line); ok {
			marker = m
			continue
		}
		lines[i] = fn(line)
	}
	return strings.Join(lines, "\n")
}
