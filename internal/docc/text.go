package docc

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/cupertino-go/cupertino/internal/document"
)

// plainText renders inline content as plain text.
func (p *Page) plainText(in []Inline) string {
	r := renderer{p: p, plain: true}
	return r.inlineString(in, 0)
}

// plainBlocks renders block content as plain text.
func (p *Page) plainBlocks(bs []Block) string {
	r := renderer{p: p, plain: true}
	return r.blocksString(bs, 0)
}

// contentText is the searchable body: overview and discussion, parameters,
// return value, properties, REST parameters and responses, possible values.
// Declarations, topic lists and code listings are left out (they have fields
// of their own).
func (p *Page) contentText() string {
	r := renderer{p: p, plain: true}
	var w bytes.Buffer
	sep := func() {
		if w.Len() > 0 && !endsWithBlankLine(w.Bytes()) {
			w.WriteString("\n\n")
		}
	}
	for i := range p.PrimaryContentSections {
		s := &p.PrimaryContentSections[i]
		switch s.Kind {
		case "declarations", "mentions", "attributes":
			continue
		case "content":
			sep()
			r.blocks(&w, s.Content, 0)
		case "restEndpoint":
			sep()
			w.WriteString(joinTokens(s.Tokens))
		case "details":
			if s.Details != nil {
				sep()
				w.WriteString(strings.TrimSpace(s.Details.Name + " " + s.Details.IDETitle))
			}
		default:
			sep()
			r.blocks(&w, s.Content, 0)
			for _, group := range [][]Property{s.Parameters, s.Items, s.Values} {
				for j := range group {
					r.propertyLine(&w, &group[j])
				}
			}
		}
	}
	return strings.TrimSpace(w.String())
}

// propertyLine writes "name: description" for a parameter-like item, on a
// line of its own.
func (r *renderer) propertyLine(w *bytes.Buffer, it *Property) {
	name := it.Name
	if it.Status != 0 {
		name = strings.TrimSpace(strconv.Itoa(it.Status) + " " + it.Reason)
	}
	body := r.blocksString(it.Content, 1)
	if name == "" && body == "" {
		return
	}
	if w.Len() > 0 && !bytes.HasSuffix(w.Bytes(), []byte("\n")) {
		w.WriteByte('\n')
	}
	w.WriteString(name)
	if body != "" {
		if name != "" {
			w.WriteString(": ")
		}
		w.WriteString(strings.ReplaceAll(body, "\n\n", " "))
	}
}

// codeExamples collects every code listing of the page's content, in order.
func (p *Page) codeExamples() []document.CodeExample {
	var out []document.CodeExample
	r := renderer{p: p, plain: true}
	var visit func(bs []Block, caption string, depth int)
	visit = func(bs []Block, caption string, depth int) {
		if depth > maxDepth {
			return
		}
		for i := range bs {
			b := &bs[i]
			switch b.Type {
			case "codeListing", "":
				if len(b.Code) == 0 {
					break
				}
				c := caption
				if b.Metadata != nil {
					if t := r.inlineString(b.Metadata.Abstract, 0); t != "" {
						c = t
					} else if b.Metadata.Title != "" {
						c = b.Metadata.Title
					}
				}
				out = append(out, document.CodeExample{
					Language: codeLanguage(b.Syntax),
					Code:     strings.Join(b.Code, "\n"),
					Caption:  c,
				})
				continue
			case "tabNavigator":
				for _, t := range b.Tabs {
					visit(t.Content, t.Title, depth+1)
				}
				continue
			case "endpointExample":
				if b.Request != nil {
					visit([]Block{*b.Request}, "Request", depth+1)
				}
				if b.Response != nil {
					visit([]Block{*b.Response}, "Response", depth+1)
				}
			case "dictionaryExample":
				if b.Example != nil {
					visit([]Block{*b.Example}, caption, depth+1)
				}
			}
			visit(b.Content, caption, depth+1)
			visit(b.Summary, caption, depth+1)
			for _, it := range b.Items {
				visit(it.Content, caption, depth+1)
				if it.Definition != nil {
					visit(it.Definition.Content, caption, depth+1)
				}
			}
			for _, row := range b.Rows {
				for _, cell := range row {
					visit(cell, caption, depth+1)
				}
			}
			for _, col := range b.Columns {
				visit(col.Content, caption, depth+1)
			}
		}
	}
	for i := range p.PrimaryContentSections {
		s := &p.PrimaryContentSections[i]
		visit(s.Content, "", 0)
		for _, group := range [][]Property{s.Parameters, s.Items, s.Values} {
			for j := range group {
				visit(group[j].Content, "", 0)
			}
		}
	}
	return out
}
