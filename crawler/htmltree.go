package crawler

import (
	"html"
	"strings"
)

// hnode is a node of the small HTML tree the WWDC pages are read into: an
// element (tag set) or a text node. The reader is forgiving the way the
// pages need and no further: end tags close the nearest open element of
// their name, a <p> or <li> closes an open one of its kind, void elements
// have no children, and script and style contents are skipped. It saves a
// dependency on an HTML parser for the handful of selectors the pages need.
type hnode struct {
	tag    string // lower case; "" for text
	attrs  map[string]string
	data   string // text nodes, entities decoded
	kids   []*hnode
	parent *hnode
}

var voidTags = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true,
}

// parseHTML reads a document into a tree under a root with no tag.
func parseHTML(s string) *hnode {
	root := &hnode{tag: "#root"}
	cur := root
	add := func(n *hnode) {
		n.parent = cur
		cur.kids = append(cur.kids, n)
	}
	for i := 0; i < len(s); {
		if s[i] != '<' {
			j := strings.IndexByte(s[i:], '<')
			if j < 0 {
				j = len(s) - i
			}
			add(&hnode{data: html.UnescapeString(s[i : i+j])})
			i += j
			continue
		}
		rest := s[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			end := strings.Index(rest[4:], "-->")
			if end < 0 {
				return root
			}
			i += 4 + end + 3
		case strings.HasPrefix(rest, "<!") || strings.HasPrefix(rest, "<?"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return root
			}
			i += end + 1
		case strings.HasPrefix(rest, "</"):
			end := strings.IndexByte(rest, '>')
			if end < 0 {
				return root
			}
			name := strings.ToLower(strings.TrimSpace(rest[2:end]))
			for n := cur; n != root; n = n.parent {
				if n.tag == name {
					cur = n.parent
					break
				}
			}
			i += end + 1
		case len(rest) > 1 && isASCIILetter(rest[1]):
			n, size, selfClosed := readStartTag(rest)
			i += size
			if (n.tag == "p" || n.tag == "li") && cur.tag == n.tag {
				cur = cur.parent
			}
			add(n)
			if n.tag == "script" || n.tag == "style" {
				end := strings.Index(strings.ToLower(s[i:]), "</"+n.tag)
				if end < 0 {
					return root
				}
				i += end
				continue
			}
			if !selfClosed && !voidTags[n.tag] {
				cur = n
			}
		default:
			add(&hnode{data: "<"})
			i++
		}
	}
	return root
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// readStartTag reads "<name attr=value …>" at the start of s.
func readStartTag(s string) (n *hnode, size int, selfClosed bool) {
	i := 1
	for i < len(s) && !isSpace(s[i]) && s[i] != '>' && s[i] != '/' {
		i++
	}
	n = &hnode{tag: strings.ToLower(s[1:i]), attrs: map[string]string{}}
	for i < len(s) {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		if i >= len(s) {
			break
		}
		if s[i] == '>' {
			return n, i + 1, selfClosed
		}
		if s[i] == '/' {
			selfClosed = true
			i++
			continue
		}
		start := i
		for i < len(s) && !isSpace(s[i]) && s[i] != '=' && s[i] != '>' && s[i] != '/' {
			i++
		}
		name := strings.ToLower(s[start:i])
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		val := ""
		if i < len(s) && s[i] == '=' {
			i++
			for i < len(s) && isSpace(s[i]) {
				i++
			}
			if i < len(s) && (s[i] == '"' || s[i] == '\'') {
				q := s[i]
				end := strings.IndexByte(s[i+1:], q)
				if end < 0 {
					end = len(s) - i - 1
				}
				val = s[i+1 : i+1+end]
				i += end + 2
			} else {
				start := i
				for i < len(s) && !isSpace(s[i]) && s[i] != '>' {
					i++
				}
				val = s[start:i]
			}
		}
		if name != "" {
			n.attrs[name] = html.UnescapeString(val)
		}
		selfClosed = false
	}
	return n, len(s), selfClosed
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

// hasClass reports whether the element's class list holds c.
func (n *hnode) hasClass(c string) bool {
	for _, f := range strings.Fields(n.attrs["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// findAll returns the elements under n (not n itself) for which match holds,
// in document order.
func (n *hnode) findAll(match func(*hnode) bool) []*hnode {
	var out []*hnode
	var walk func(*hnode)
	walk = func(p *hnode) {
		for _, k := range p.kids {
			if k.tag != "" && match(k) {
				out = append(out, k)
			}
			walk(k)
		}
	}
	walk(n)
	return out
}

// find returns the first element under n for which match holds, or nil.
func (n *hnode) find(match func(*hnode) bool) *hnode {
	for _, k := range n.kids {
		if k.tag != "" && match(k) {
			return k
		}
		if f := k.find(match); f != nil {
			return f
		}
	}
	return nil
}

// rawText is the text under n as written, <br> as a line break.
func (n *hnode) rawText() string {
	var b strings.Builder
	var walk func(*hnode)
	walk = func(p *hnode) {
		for _, k := range p.kids {
			switch {
			case k.tag == "":
				b.WriteString(k.data)
			case k.tag == "br":
				b.WriteByte('\n')
			default:
				walk(k)
			}
		}
	}
	walk(n)
	return b.String()
}

// text is the text under n with runs of white space made one space.
func (n *hnode) text() string {
	if n == nil {
		return ""
	}
	return strings.Join(strings.Fields(n.rawText()), " ")
}

func byTag(tag string) func(*hnode) bool { return func(n *hnode) bool { return n.tag == tag } }

func byClass(tag, class string) func(*hnode) bool {
	return func(n *hnode) bool { return (tag == "" || n.tag == tag) && n.hasClass(class) }
}
