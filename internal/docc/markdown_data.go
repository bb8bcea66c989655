package docc

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// dataSection renders the sections of REST, dictionary and property-list
// pages.
func (m *mdPage) dataSection(s *ContentSection) {
	r := &m.r
	title := orDefault(s.Title, sectionTitle(s.Kind))
	switch s.Kind {
	case "properties", "restParameters", "restResponses":
		if len(s.Items) > 0 {
			m.heading(title)
			m.properties(s.Items, true)
		}
	case "restBody":
		m.heading(title)
		line := r.typeTokens(s.BodyContentType)
		if s.MimeType != "" {
			line = strings.TrimSpace(line + " (" + s.MimeType + ")")
		}
		if line != "" {
			m.w.WriteString(line)
		}
		m.section()
		r.blocks(&m.w, s.Content, 0)
		if len(s.Parameters) > 0 {
			m.section()
			m.properties(s.Parameters, true)
		}
	case "possibleValues":
		if len(s.Values) > 0 {
			m.heading(title)
			m.properties(s.Values, false)
		}
	case "attributes":
		lines := attributeLines(s.Attributes)
		if len(lines) > 0 {
			m.heading(title)
			m.w.WriteString("- " + strings.Join(lines, "\n- "))
		}
	case "details":
		if d := s.Details; d != nil {
			m.heading(title)
			var lines []string
			if d.Name != "" {
				lines = append(lines, "Name: `"+d.Name+"`")
			}
			if d.IDETitle != "" {
				lines = append(lines, "Xcode title: "+d.IDETitle)
			}
			for _, v := range d.Value {
				t := v.BaseType
				if v.ArrayMode {
					t = "array of " + t
				}
				lines = append(lines, "Type: "+t)
			}
			if len(lines) > 0 {
				m.w.WriteString("- " + strings.Join(lines, "\n- "))
			}
		}
	default:
		// An unknown section kind: keep any prose and items it carries.
		r.note("section", s.Kind)
		if len(s.Content) == 0 && len(s.Items) == 0 && len(s.Parameters) == 0 {
			return
		}
		m.heading(title)
		r.blocks(&m.w, s.Content, 0)
		m.section()
		m.properties(append(append([]Property(nil), s.Items...), s.Parameters...), true)
	}
}

// typeTokens writes a REST or dictionary type ("[CiBuildActionResponse]")
// with each named schema type linked to its page, so an agent can follow
// a response or body type to its fields.
func (r *renderer) typeTokens(ts []Token) string {
	var b strings.Builder
	for _, t := range ts {
		if t.Kind == "typeIdentifier" && t.Identifier != "" && t.Text != "" {
			b.WriteString(r.refLink(t.Identifier, t.Text, true))
			continue
		}
		b.WriteString(t.Text)
	}
	return strings.TrimSpace(b.String())
}

func sectionTitle(kind string) string {
	switch kind {
	case "properties":
		return "Properties"
	case "restParameters":
		return "Parameters"
	case "restResponses":
		return "Response Codes"
	case "restBody":
		return "HTTP Body"
	case "possibleValues":
		return "Possible Values"
	case "attributes":
		return "Attributes"
	case "details":
		return "Details"
	}
	if kind == "" {
		return "Section"
	}
	return strings.ToUpper(kind[:1]) + kind[1:]
}

// properties writes a term list of named items: "- `name` (type, required):
// description". Responses use "status reason" as the name.
func (m *mdPage) properties(items []Property, typed bool) {
	r := &m.r
	first := true
	for i := range items {
		it := &items[i]
		name := ""
		switch {
		case it.Status != 0:
			name = "**" + strings.TrimSpace(strconv.Itoa(it.Status)+" "+it.Reason) + "**"
		case it.Name != "":
			var b bytes.Buffer
			writeCodeSpan(&b, it.Name)
			name = b.String()
		}
		var notes []string
		if typed {
			if t := r.typeTokens(it.Type); t != "" {
				notes = append(notes, t)
			}
			if it.MimeType != "" {
				notes = append(notes, it.MimeType)
			}
			if it.Required {
				notes = append(notes, "required")
			}
			if it.ReadOnly {
				notes = append(notes, "read-only")
			}
			if it.Deprecated {
				notes = append(notes, "deprecated")
			}
			if it.IntroducedVersion != "" {
				notes = append(notes, "introduced "+it.IntroducedVersion)
			}
			notes = append(notes, attributeLines(it.Attributes)...)
		}
		body := r.blocksString(it.Content, 1)
		if name == "" && body == "" && len(notes) == 0 {
			continue
		}
		if !first {
			m.w.WriteByte('\n')
		}
		first = false
		line := "- " + name
		if len(notes) > 0 {
			line += " (" + strings.Join(notes, ", ") + ")"
		}
		if body != "" {
			line += ": " + indent(body, "  ")
		}
		m.w.WriteString(line)
	}
}

// attributeLines describes value constraints: "Default: 20",
// "Allowed values: a, b".
func attributeLines(attrs []Attribute) []string {
	var out []string
	for _, a := range attrs {
		label := a.Title
		if label == "" {
			label = attributeLabel(a.Kind)
		}
		val := string(a.Value)
		if vs := attributeValues(a.Values); vs != "" {
			val = vs
		}
		if val == "" {
			continue
		}
		out = append(out, label+": "+val)
	}
	return out
}

func attributeLabel(kind string) string {
	switch kind {
	case "default":
		return "Default"
	case "minimum":
		return "Minimum"
	case "maximum":
		return "Maximum"
	case "minimumLength":
		return "Minimum length"
	case "maximumLength":
		return "Maximum length"
	case "allowedValues":
		return "Allowed values"
	case "allowedTypes":
		return "Allowed types"
	}
	return kind
}

// attributeValues joins allowed values, which are strings or token lists.
func attributeValues(raw []byte) string {
	if len(raw) == 0 || raw[0] != '[' {
		return ""
	}
	var strs []string
	if json.Unmarshal(raw, &strs) == nil {
		return strings.Join(strs, ", ")
	}
	var toks [][]Token
	if json.Unmarshal(raw, &toks) == nil {
		parts := make([]string, 0, len(toks))
		for _, t := range toks {
			parts = append(parts, joinTokens(t))
		}
		return strings.Join(parts, ", ")
	}
	return ""
}
