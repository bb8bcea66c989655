package crawler

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// archiveChapter is one chapter of an archived guide, read from its page.
type archiveChapter struct {
	title, book, framework, chapterID, date, description, identifier, platforms string
	url                                                                         string
	body                                                                        string // Markdown, without the title
}

// errNotChapter marks a page without a title: a truncated or stand-in
// answer, retried like a malformed one.
var errNotChapter = fmt.Errorf("%w: no chapter title", ErrMalformed)

// readChapter reads a chapter page of the archive: its metadata from the
// head's meta tags (book-title, identifier, chapterId, date, description,
// platforms), its title from h1#pageTitle, and its content, the page's
// #contents less the navigation links, the copyright footer and the
// glossary pop-up, as Markdown. pageURL is the page's address, against which
// its relative links are resolved.
func readChapter(body []byte, pageURL string) (*archiveChapter, error) {
	root := parseHTML(string(body))
	base, err := url.Parse(pageURL)
	if err != nil {
		return nil, fmt.Errorf("%w: page URL %q", ErrBadPath, pageURL)
	}
	ch := &archiveChapter{url: pageURL}
	metaFields := map[string]*string{
		"book-title": &ch.book, "identifier": &ch.identifier, "chapterId": &ch.chapterID,
		"date": &ch.date, "description": &ch.description, "platforms": &ch.platforms,
	}
	for _, m := range root.findAll(byTag("meta")) {
		if field, ok := metaFields[m.attrs["name"]]; ok {
			*field = strings.TrimSpace(m.attrs["content"])
		}
	}
	content := root.find(func(n *hnode) bool { return n.attrs["id"] == "contents" })
	if content == nil {
		content = root.find(byTag("body"))
	}
	if content == nil {
		content = root
	}
	titleNode := content.find(func(n *hnode) bool { return n.tag == "h1" && n.attrs["id"] == "pageTitle" })
	if titleNode == nil {
		titleNode = content.find(byTag("h1"))
	}
	if titleNode != nil {
		ch.title = titleNode.text()
	}
	if ch.title == "" {
		ch.title = root.find(byTag("title")).text()
	}
	if ch.title == "" {
		return nil, errNotChapter
	}
	w := &mdWriter{base: base, skip: titleNode}
	w.blocks(content, "")
	ch.body = strings.TrimSpace(w.out.String())
	return ch, nil
}

// markdownFile is the chapter as the Apple Archive corpus keeps it: front
// matter, the title as a heading, the content.
func (c *archiveChapter) markdownFile() string {
	var b strings.Builder
	b.WriteString("---\n")
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, "%s: %s\n", k, strconv.Quote(v))
		}
	}
	field("title", c.title)
	field("book", c.book)
	field("framework", c.framework)
	field("chapterId", c.chapterID)
	field("date", c.date)
	field("description", c.description)
	field("identifier", c.identifier)
	field("platforms", c.platforms)
	field("url", c.url)
	b.WriteString("source: apple-archive\n---\n\n# " + c.title + "\n")
	if c.body != "" {
		b.WriteString("\n" + c.body + "\n")
	}
	return b.String()
}

// mdWriter turns the archive's HTML into Markdown: headings, paragraphs,
// lists, definition lists, tables, notes as quotes, code listings as fenced
// blocks, links made absolute. What the archive's pages do not use is read
// as its text.
type mdWriter struct {
	out  strings.Builder
	base *url.URL
	skip *hnode // the title, written apart
	// quoted: inside a quote already, where a note's inner <aside> is
	// no second quote.
	quoted bool
}

// chromeIDs and chromeClasses mark the parts of a page that are no content.
var (
	chromeIDs     = map[string]bool{"INDEX": true, "pediaWindow": true, "header": true, "footer": true, "tocContainer": true, "feedbackForm": true}
	chromeClasses = []string{"pageNavigationLinks", "copyright", "hideOnPrint"}
	skippedTags   = map[string]bool{"script": true, "style": true, "nav": true, "form": true, "noscript": true, "img": true, "input": true, "button": true, "iframe": true, "head": true}
	inlineTags    = map[string]bool{"a": true, "code": true, "tt": true, "em": true, "i": true, "strong": true, "b": true, "span": true, "sup": true, "sub": true, "var": true, "kbd": true, "cite": true, "abbr": true, "br": true, "u": true, "font": true, "small": true, "samp": true}
)

func (w *mdWriter) skipped(n *hnode) bool {
	if n == w.skip || skippedTags[n.tag] || chromeIDs[n.attrs["id"]] {
		return true
	}
	if _, hidden := n.attrs["hidden"]; hidden || strings.Contains(strings.ReplaceAll(n.attrs["style"], " ", ""), "display:none") {
		return true
	}
	for _, c := range chromeClasses {
		if n.hasClass(c) {
			return true
		}
	}
	return false
}

// emit writes one block, each line indented, and a blank line after it.
func (w *mdWriter) emit(indent, text string) {
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			w.out.WriteString("\n")
			continue
		}
		w.out.WriteString(indent + line + "\n")
	}
	w.out.WriteString("\n")
}

// blocks writes n's children: runs of text and inline elements as
// paragraphs, block elements as their kind.
func (w *mdWriter) blocks(n *hnode, indent string) {
	var para strings.Builder
	flush := func() {
		if text := strings.Join(strings.Fields(para.String()), " "); text != "" {
			w.emit(indent, escapeLineStart(text))
		}
		para.Reset()
	}
	for _, k := range n.kids {
		switch {
		case k.tag == "":
			para.WriteString(k.data)
		case w.skipped(k):
		case inlineTags[k.tag]:
			para.WriteString(w.inline(k))
		default:
			flush()
			w.block(k, indent)
		}
	}
	flush()
}

func (w *mdWriter) block(n *hnode, indent string) {
	switch n.tag {
	case "h1", "h2", "h3", "h4", "h5", "h6":
		if text := w.inlineText(n); text != "" {
			w.emit(indent, strings.Repeat("#", int(n.tag[1]-'0'))+" "+text)
		}
	case "pre":
		w.code(indent, []string{n.rawText()})
	case "ul", "ol":
		w.list(n, indent)
	case "dl":
		for _, k := range n.kids {
			switch {
			case k.tag == "dt":
				if text := w.inlineText(k); text != "" {
					w.emit(indent, "**"+text+"**")
				}
			case k.tag == "dd":
				w.blocks(k, indent)
			}
		}
	case "table":
		w.table(n, indent)
	case "blockquote", "aside":
		w.quote(n, indent)
	case "hr":
	default:
		if n.hasClass("codesample") && n.find(byTag("pre")) != nil {
			w.table(n, indent)
			return
		}
		if n.hasClass("notebox") || n.hasClass("importantbox") || n.hasClass("warningbox") {
			w.quote(n, indent)
			return
		}
		w.blocks(n, indent)
	}
}

// code writes a fenced block; the archive's guides are Objective-C and C,
// and the reader labels listings, so the fence carries no language.
func (w *mdWriter) code(indent string, lines []string) {
	text := strings.TrimRight(strings.Join(lines, "\n"), "\n ")
	text = strings.TrimLeft(text, "\n")
	if strings.TrimSpace(text) == "" {
		return
	}
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	w.emit(indent, fence+"\n"+text+"\n"+fence)
}

// list writes a list's items, nested blocks indented under their marker.
func (w *mdWriter) list(n *hnode, indent string) {
	number := 0
	for _, li := range n.kids {
		if li.tag != "li" {
			continue
		}
		number++
		marker := "- "
		if n.tag == "ol" {
			marker = strconv.Itoa(number) + ". "
		}
		sub := &mdWriter{base: w.base, skip: w.skip, quoted: w.quoted}
		sub.blocks(li, "")
		item := strings.TrimSpace(sub.out.String())
		if item == "" {
			continue
		}
		pad := strings.Repeat(" ", len(marker))
		lines := strings.Split(item, "\n")
		for i, line := range lines {
			switch {
			case i == 0:
				lines[i] = marker + line
			case line != "":
				lines[i] = pad + line
			}
		}
		w.out.WriteString(indentLines(strings.Join(lines, "\n"), indent) + "\n")
	}
	w.out.WriteString("\n")
}

func indentLines(text, indent string) string {
	if indent == "" {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = indent + l
		}
	}
	return strings.Join(lines, "\n")
}

// quote writes a note or an aside as a block quote.
func (w *mdWriter) quote(n *hnode, indent string) {
	if w.quoted {
		w.blocks(n, indent)
		return
	}
	sub := &mdWriter{base: w.base, skip: w.skip, quoted: true}
	sub.blocks(n, "")
	text := strings.TrimSpace(sub.out.String())
	if text == "" {
		return
	}
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight("> "+l, " ")
	}
	w.emit(indent, strings.Join(lines, "\n"))
}

// table writes a listing (the archive puts each line of code in a row of
// its own, in a <pre>) as one fenced block, and a table of text as a
// Markdown table, its caption as a paragraph above it.
func (w *mdWriter) table(n *hnode, indent string) {
	if pres := n.findAll(byTag("pre")); len(pres) > 0 {
		lines := make([]string, len(pres))
		for i, p := range pres {
			lines[i] = strings.TrimRight(p.rawText(), "\n")
		}
		w.code(indent, lines)
		return
	}
	if c := n.find(byTag("caption")); c != nil {
		if text := w.inlineText(c); text != "" {
			w.emit(indent, text)
		}
	}
	var rows [][]string
	for _, tr := range n.findAll(byTag("tr")) {
		var cells []string
		for _, td := range tr.kids {
			if td.tag == "td" || td.tag == "th" {
				cells = append(cells, strings.ReplaceAll(w.inlineText(td), "|", `\|`))
			}
		}
		if len(cells) > 0 {
			rows = append(rows, cells)
		}
	}
	if len(rows) == 0 {
		return
	}
	width := 0
	for _, r := range rows {
		width = max(width, len(r))
	}
	var b strings.Builder
	for i, r := range rows {
		for len(r) < width {
			r = append(r, "")
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", width) + "\n")
		}
	}
	w.emit(indent, strings.TrimSuffix(b.String(), "\n"))
}

// inlineText is an element's content as inline Markdown on one line.
func (w *mdWriter) inlineText(n *hnode) string {
	return strings.Join(strings.Fields(w.inlineKids(n)), " ")
}

func (w *mdWriter) inlineKids(n *hnode) string {
	var b strings.Builder
	for _, k := range n.kids {
		switch {
		case k.tag == "":
			b.WriteString(k.data)
		case w.skipped(k):
		default:
			b.WriteString(w.inline(k))
		}
	}
	return b.String()
}

// inline writes an element inside a paragraph. Block elements met there
// (a <p> inside a table cell) are read as their text with a space around.
func (w *mdWriter) inline(n *hnode) string {
	switch n.tag {
	case "br":
		return " "
	case "a":
		text := strings.Join(strings.Fields(w.inlineKids(n)), " ")
		if href := w.href(n.attrs["href"]); href != "" && text != "" {
			return "[" + strings.NewReplacer("[", `\[`, "]", `\]`).Replace(text) + "](" + href + ")"
		}
		return text
	case "code", "tt", "kbd", "samp", "var":
		text := n.text()
		if text == "" {
			return ""
		}
		code := "`" + text + "`"
		if strings.Contains(text, "`") {
			code = "`` " + text + " ``"
		}
		// A name in code voice is often a link: the link wraps the code.
		if a := n.find(byTag("a")); a != nil && a.text() == text {
			if href := w.href(a.attrs["href"]); href != "" {
				return "[" + code + "](" + href + ")"
			}
		}
		return code
	case "em", "i", "cite":
		return wrapInline("*", w.inlineKids(n))
	case "strong", "b":
		return wrapInline("**", w.inlineKids(n))
	}
	if inlineTags[n.tag] {
		return w.inlineKids(n)
	}
	return " " + w.inlineKids(n) + " "
}

// wrapInline puts emphasis marks around text, outside its surrounding
// spaces, and nothing around empty text.
func wrapInline(mark, text string) string {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return text
	}
	lead := text[:len(text)-len(strings.TrimLeft(text, " \t\n"))]
	trail := text[len(strings.TrimRight(text, " \t\n")):]
	return lead + mark + strings.Join(strings.Fields(trimmed), " ") + mark + trail
}

// href resolves a link against the page: an absolute http(s) address, or
// "" for anchors within the page, scripts and mail.
func (w *mdWriter) href(raw string) string {
	raw = strings.TrimSpace(raw)
	if raw == "" || strings.HasPrefix(raw, "#") {
		return ""
	}
	u, err := w.base.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return ""
	}
	s := u.String()
	if strings.ContainsAny(s, " ()") {
		s = "<" + s + ">"
	}
	return s
}

// escapeLineStart keeps a paragraph's first characters from reading as a
// heading, a list item or a quote.
func escapeLineStart(text string) string {
	switch {
	case strings.HasPrefix(text, "#"), strings.HasPrefix(text, ">"),
		strings.HasPrefix(text, "- "), strings.HasPrefix(text, "+ "), strings.HasPrefix(text, "* "):
		return `\` + text
	}
	return text
}
