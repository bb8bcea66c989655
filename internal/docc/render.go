package docc

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/mdbound"
)

// renderer writes block and inline content either as Markdown or, with plain
// set, as plain text for the index (no link syntax, no emphasis markers, code
// listings left out because CodeExamples carries them).
type renderer struct {
	p     *Page
	plain bool
	// seen records unknown block and inline types when non-nil (surveys and
	// tests); rendering never depends on it.
	seen map[string]int
}

// maxDepth bounds recursion so hostile input (deeply nested lists or asides)
// cannot exhaust the stack; encoding/json already caps nesting at 10,000.
const maxDepth = 64

// blocks writes bs separated by blank lines. Blocks that render to nothing
// leave no separator behind.
func (r *renderer) blocks(w *bytes.Buffer, bs []Block, depth int) {
	if depth > maxDepth {
		return
	}
	for i := range bs {
		mark := w.Len()
		if mark > 0 && !endsWithBlankLine(w.Bytes()) {
			w.WriteString("\n\n")
		}
		start := w.Len()
		r.block(w, &bs[i], depth)
		if w.Len() == start {
			w.Truncate(mark)
		}
	}
}

func endsWithBlankLine(b []byte) bool {
	return bytes.HasSuffix(b, []byte("\n\n"))
}

// blocksString renders bs into a new string (used where the result is
// indented or quoted).
func (r *renderer) blocksString(bs []Block, depth int) string {
	var w bytes.Buffer
	r.blocks(&w, bs, depth)
	return strings.TrimRight(w.String(), "\n ")
}

func (r *renderer) block(w *bytes.Buffer, b *Block, depth int) {
	switch b.Type {
	case "paragraph", "small":
		r.inlines(w, b.InlineContent, depth)
	case "heading":
		r.heading(w, b)
	case "codeListing":
		r.codeListing(w, b)
	case "unorderedList", "orderedList":
		r.list(w, b, depth)
	case "termList":
		r.termList(w, b, depth)
	case "table":
		r.table(w, b, depth)
	case "aside":
		r.aside(w, b, depth)
	case "links":
		r.linksBlock(w, b)
	case "row":
		for i := range b.Columns {
			r.blocks(w, b.Columns[i].Content, depth+1)
		}
	case "tabNavigator":
		for _, tab := range b.Tabs {
			r.labelled(w, tab.Title, tab.Content, depth)
		}
	case "dictionaryExample", "endpointExample":
		r.example(w, b, depth)
	case "thematicBreak":
		if !r.plain {
			w.WriteString("---")
		}
	case "image", "video":
		r.media(w, b.Type, b.Identifier, b.Metadata, depth)
	case "":
		// endpointExample requests and responses hold untyped code items
		// ({"code": [...]}); anything else untyped is rendered as text.
		if len(b.Code) > 0 {
			r.codeListing(w, b)
			return
		}
		r.fallbackBlock(w, b, depth)
	default:
		r.note("block", b.Type)
		r.fallbackBlock(w, b, depth)
	}
}

// fallbackBlock renders whatever text an unknown block carries in the fields
// the union knows, so new DocC block types degrade to their text.
func (r *renderer) fallbackBlock(w *bytes.Buffer, b *Block, depth int) {
	if b.Text != "" {
		w.WriteString(b.Text)
	}
	if len(b.InlineContent) > 0 {
		if w.Len() > 0 && !endsWithBlankLine(w.Bytes()) {
			w.WriteString("\n\n")
		}
		r.inlines(w, b.InlineContent, depth)
	}
	if len(b.Code) > 0 {
		r.codeListing(w, b)
	}
	for _, bs := range [][]Block{b.Summary, b.Content} {
		r.blocks(w, bs, depth+1)
	}
}

func (r *renderer) note(kind, typ string) {
	if r.seen != nil {
		r.seen[kind+":"+typ]++
	}
}

func (r *renderer) heading(w *bytes.Buffer, b *Block) {
	if r.plain {
		w.WriteString(b.Text)
		return
	}
	if b.Text == "" {
		return
	}
	level := min(max(b.Level, 2), 6) // "# " is the page title
	w.WriteString(strings.Repeat("#", level))
	w.WriteByte(' ')
	w.WriteString(b.Text)
}

func (r *renderer) codeListing(w *bytes.Buffer, b *Block) {
	if r.plain || len(b.Code) == 0 {
		return
	}
	// A captioned listing ("Listing 1") is what in-page links such as
	// "…#4333688" titled "Listing 1" point at; the caption lets the reader
	// of the Markdown find it.
	if meta := b.Metadata; meta != nil {
		caption := meta.Title
		if a := r.inlineString(meta.Abstract, 1); a != "" {
			caption = strings.TrimSpace(caption + " " + a)
		}
		if caption != "" {
			w.WriteString("**" + caption + "**\n\n")
		}
	}
	writeFence(w, codeLanguage(b.Syntax), strings.Join(b.Code, "\n"))
}

// writeFence writes a fenced code block whose fence is longer than any run of
// backticks inside the code.
func writeFence(w *bytes.Buffer, lang, code string) {
	fence := mdbound.FenceFor(code)
	w.WriteString(fence)
	w.WriteString(lang)
	w.WriteByte('\n')
	w.WriteString(code)
	w.WriteByte('\n')
	w.WriteString(fence)
}

func (r *renderer) list(w *bytes.Buffer, b *Block, depth int) {
	n := max(b.Start, 1)
	first := true
	for i := range b.Items {
		body := r.blocksString(b.Items[i].Content, depth+1)
		if body == "" && b.Items[i].Identifier != "" {
			body = r.refLink(b.Items[i].Identifier, "", true)
		}
		if body == "" {
			continue
		}
		if !first {
			w.WriteByte('\n')
		}
		first = false
		marker := "- "
		if b.Type == "orderedList" {
			marker = strconv.Itoa(n) + ". "
			n++
		}
		w.WriteString(marker)
		w.WriteString(indent(body, strings.Repeat(" ", len(marker))))
	}
}

func (r *renderer) termList(w *bytes.Buffer, b *Block, depth int) {
	first := true
	for i := range b.Items {
		it := &b.Items[i]
		var term string
		if it.Term != nil {
			term = r.inlineString(it.Term.InlineContent, depth+1)
		}
		var def string
		if it.Definition != nil {
			def = r.blocksString(it.Definition.Content, depth+1)
		}
		if term == "" && def == "" {
			continue
		}
		if !first {
			w.WriteByte('\n')
		}
		first = false
		w.WriteString("- ")
		w.WriteString(term)
		if def != "" {
			w.WriteString(": ")
			w.WriteString(indent(def, "  "))
		}
	}
}

func (r *renderer) table(w *bytes.Buffer, b *Block, depth int) {
	cols := 0
	for _, row := range b.Rows {
		cols = max(cols, len(row))
	}
	if cols == 0 {
		return
	}
	cell := func(bs []Block) string {
		s := r.blocksString(bs, depth+1)
		if r.plain {
			return strings.Join(strings.Fields(s), " ")
		}
		s = strings.ReplaceAll(s, "|", `\|`)
		return strings.ReplaceAll(strings.TrimSpace(s), "\n", "<br>")
	}
	if r.plain {
		for i, row := range b.Rows {
			if i > 0 {
				w.WriteByte('\n')
			}
			parts := make([]string, 0, len(row))
			for _, c := range row {
				if s := cell(c); s != "" {
					parts = append(parts, s)
				}
			}
			w.WriteString(strings.Join(parts, " | "))
		}
		return
	}
	writeRow := func(cells []string) {
		w.WriteByte('|')
		for i := 0; i < cols; i++ {
			w.WriteByte(' ')
			if i < len(cells) {
				w.WriteString(cells[i])
			}
			w.WriteString(" |")
		}
		w.WriteByte('\n')
	}
	rows := b.Rows
	var header []string
	if b.Header == "row" || b.Header == "both" {
		for _, c := range rows[0] {
			header = append(header, cell(c))
		}
		rows = rows[1:]
	}
	writeRow(header) // GFM needs a header row; an empty one when the table has none
	w.WriteByte('|')
	for i := 0; i < cols; i++ {
		align := ""
		if i < len(b.Alignments) {
			align = b.Alignments[i]
		}
		switch align {
		case "left":
			w.WriteString(" :-- |")
		case "right":
			w.WriteString(" --: |")
		case "center":
			w.WriteString(" :-: |")
		default:
			w.WriteString(" --- |")
		}
	}
	w.WriteByte('\n')
	for _, row := range rows {
		cells := make([]string, len(row))
		for i, c := range row {
			cells[i] = cell(c)
		}
		writeRow(cells)
	}
	w.Truncate(w.Len() - 1) // blocks end without a newline
}

func (r *renderer) aside(w *bytes.Buffer, b *Block, depth int) {
	label := b.Name
	if label == "" {
		label = asideLabel(b.Style)
	}
	body := r.blocksString(b.Content, depth+1)
	if r.plain {
		if body == "" {
			return
		}
		w.WriteString(label)
		w.WriteString(": ")
		w.WriteString(body)
		return
	}
	text := label + ":"
	if body != "" {
		text += " " + body
	}
	w.WriteString(quote(text))
}

func asideLabel(style string) string {
	if style == "" {
		return "Note"
	}
	return strings.ToUpper(style[:1]) + style[1:]
}

// labelled writes a bold label (tab title, "Request") followed by content.
func (r *renderer) labelled(w *bytes.Buffer, label string, content []Block, depth int) {
	body := r.blocksString(content, depth+1)
	if label == "" && body == "" {
		return
	}
	if w.Len() > 0 && !endsWithBlankLine(w.Bytes()) {
		w.WriteString("\n\n")
	}
	if label != "" {
		if r.plain {
			w.WriteString(label)
		} else {
			w.WriteString("**" + label + "**")
		}
		if body != "" {
			w.WriteString("\n\n")
		}
	}
	w.WriteString(body)
}

func (r *renderer) example(w *bytes.Buffer, b *Block, depth int) {
	r.blocks(w, b.Summary, depth+1)
	if b.Example != nil {
		r.labelled(w, "", []Block{*b.Example}, depth)
	}
	if b.Request != nil {
		r.labelled(w, "Request", []Block{*b.Request}, depth)
	}
	if b.Response != nil {
		r.labelled(w, "Response", []Block{*b.Response}, depth)
	}
}

func (r *renderer) linksBlock(w *bytes.Buffer, b *Block) {
	first := true
	for _, it := range b.Items {
		id := it.Identifier
		if id == "" {
			continue
		}
		if !first {
			w.WriteByte('\n')
		}
		first = false
		w.WriteString("- ")
		w.WriteString(r.refLink(id, "", true))
		if r.plain {
			continue
		}
		// Apple shows links blocks as cards with the target's abstract.
		if a := r.plainInlines(r.p.target(id).abstract, 1); a != "" {
			w.WriteString(" — " + a)
		}
	}
}

// media writes an image or video as a Markdown image with its alt text.
func (r *renderer) media(w *bytes.Buffer, typ, id string, meta *BlockMeta, depth int) {
	alt, url := "", ""
	if ref := r.p.References[id]; ref != nil {
		alt = ref.Alt
		if len(ref.Variants) > 0 {
			url = ref.Variants[0].URL
		}
	}
	caption := ""
	if meta != nil {
		caption = r.inlineString(meta.Abstract, depth+1)
		if caption == "" {
			caption = meta.Title
		}
	}
	if alt == "" {
		alt = caption
	}
	if r.plain {
		w.WriteString(alt)
		return
	}
	if alt == "" {
		alt = typ
	}
	if url == "" {
		url = id
	}
	if url == "" {
		return
	}
	alt = escapeLinkText(alt)
	if typ == "video" {
		w.WriteString("[Video: " + alt + "](" + linkDestination(url) + ")")
		return
	}
	w.WriteString("![" + alt + "](" + linkDestination(url) + ")")
}

// indent prefixes every line after the first (the first follows a marker).
func indent(s, prefix string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = prefix + lines[i]
		}
	}
	return strings.Join(lines, "\n")
}

// quote prefixes every line with "> ".
func quote(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = ">"
		} else {
			lines[i] = "> " + l
		}
	}
	return strings.Join(lines, "\n")
}
