package docc

import (
	"bytes"
	"strings"

	"github.com/cupertino-go/cupertino/internal/mdbound"
)

func (r *renderer) inlineString(in []Inline, depth int) string {
	if len(in) == 0 {
		return ""
	}
	var w bytes.Buffer
	r.inlines(&w, in, depth)
	return strings.TrimSpace(w.String())
}

func (r *renderer) inlines(w *bytes.Buffer, in []Inline, depth int) {
	if depth > maxDepth {
		return
	}
	for i := range in {
		r.inline(w, &in[i], depth)
	}
}

func (r *renderer) inline(w *bytes.Buffer, in *Inline, depth int) {
	switch in.Type {
	case "text":
		w.WriteString(in.Text)
	case "codeVoice":
		if r.plain {
			w.WriteString(in.Code)
		} else {
			writeCodeSpan(w, in.Code)
		}
	case "emphasis", "newTerm":
		r.wrapped(w, "*", "*", in.InlineContent, depth)
	case "strong", "inlineHead":
		r.wrapped(w, "**", "**", in.InlineContent, depth)
	case "strikethrough":
		r.wrapped(w, "~~", "~~", in.InlineContent, depth)
	case "subscript":
		r.wrapped(w, "<sub>", "</sub>", in.InlineContent, depth)
	case "superscript":
		r.wrapped(w, "<sup>", "</sup>", in.InlineContent, depth)
	case "reference":
		title := in.OverridingTitle
		if title == "" && len(in.OverridingTitleInlineContent) > 0 {
			title = r.plainInlines(in.OverridingTitleInlineContent, depth+1)
		}
		active := in.IsActive == nil || *in.IsActive
		w.WriteString(r.refLink(in.Identifier, title, active))
	case "link":
		title := in.Title
		if title == "" {
			title = in.Text
		}
		if title == "" {
			title = in.Destination
		}
		if r.plain || in.Destination == "" {
			w.WriteString(title)
		} else {
			w.WriteString("[" + escapeLinkText(title) + "](" + linkDestination(in.Destination) + ")")
		}
	case "image":
		r.media(w, "image", in.Identifier, nil, depth)
	default:
		r.note("inline", in.Type)
		// Unknown inline: keep whatever text it carries.
		w.WriteString(in.Text)
		w.WriteString(in.Code)
		r.inlines(w, in.InlineContent, depth+1)
	}
}

// wrapped writes inner content between markers, moving edge spaces outside
// them: CommonMark does not treat "* x*" as emphasis.
func (r *renderer) wrapped(w *bytes.Buffer, open, close string, in []Inline, depth int) {
	var inner bytes.Buffer
	r.inlines(&inner, in, depth+1)
	s := inner.String()
	if r.plain {
		w.WriteString(s)
		return
	}
	trimmed := strings.TrimSpace(s)
	if trimmed == "" {
		w.WriteString(s)
		return
	}
	lead := s[:strings.Index(s, trimmed)]
	trail := s[len(lead)+len(trimmed):]
	w.WriteString(lead)
	w.WriteString(open)
	w.WriteString(trimmed)
	w.WriteString(close)
	w.WriteString(trail)
}

// writeCodeSpan writes `code`, with a longer backtick run and padding when the
// code itself contains backticks.
func writeCodeSpan(w *bytes.Buffer, code string) {
	if code == "" {
		return
	}
	n := mdbound.LongestRun(code, '`')
	ticks := strings.Repeat("`", n+1)
	pad := n > 0 && (code[0] == '`' || code[len(code)-1] == '`')
	w.WriteString(ticks)
	if pad {
		w.WriteByte(' ')
	}
	w.WriteString(code)
	if pad {
		w.WriteByte(' ')
	}
	w.WriteString(ticks)
}

func (r *renderer) plainInlines(in []Inline, depth int) string {
	saved := r.plain
	r.plain = true
	s := r.inlineString(in, depth)
	r.plain = saved
	return s
}

// refLink renders a reference to another page or URL: a Markdown link with an
// apple-docs:// URI for pages, the URL for external links, plain title text in
// plain mode or when the reference is inactive or cannot be resolved.
func (r *renderer) refLink(id, title string, active bool) string {
	t := r.p.target(id)
	if title == "" {
		title = t.title
	}
	if r.plain {
		return title
	}
	var label string
	// Symbol names read as code; REST endpoints are symbols titled in prose.
	if t.symbol && !strings.ContainsAny(title, "` ") {
		label = "`" + title + "`"
	} else {
		label = escapeLinkText(title)
	}
	if !active || t.href == "" {
		return label
	}
	return "[" + label + "](" + linkDestination(t.href) + ")"
}

var linkTextEscaper = strings.NewReplacer("[", `\[`, "]", `\]`)

// escapeLinkText keeps brackets in a title from closing the link text early.
func escapeLinkText(s string) string {
	if !strings.ContainsAny(s, "[]") {
		return s
	}
	return linkTextEscaper.Replace(s)
}

// linkDestination returns dest as CommonMark reads it: bare when its
// parentheses balance (operator URIs such as apple-docs://swift/int/-=(_:_:)
// do), else in angle brackets, which allow any parentheses.
func linkDestination(dest string) string {
	depth := 0
	balanced := true
	for i := 0; i < len(dest) && balanced; i++ {
		switch dest[i] {
		case '(':
			depth++
		case ')':
			depth--
			balanced = depth >= 0
		case ' ', '<', '>', '\\', '\n':
			balanced = false
		}
	}
	if balanced && depth == 0 {
		return dest
	}
	return "<" + strings.NewReplacer("<", "%3C", ">", "%3E", "\n", "%0A").Replace(dest) + ">"
}
