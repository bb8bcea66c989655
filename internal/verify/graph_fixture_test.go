package verify

import (
	"context"
	"strings"

	"github.com/cupertino-go/cupertino/index"
)

// memGraph is a graphReader over rows held in memory, answering each read
// as index.NameLookup's SQL does, for the type-aware checks without an
// index file.
type memGraph struct {
	Pages    []index.GraphPage
	Children []index.GraphChild
	Edges    []index.GraphEdge
	// SeeAlso holds, by member page address, the See Also entries of
	// that page.
	SeeAlso map[string][]index.GraphChild
	// reads counts the reads, for the tests of what a check reads.
	reads int
	// NoLeaves stands for an index saved without doc_children_leaf:
	// GraphListed finds entries by their whole title alone.
	NoLeaves bool
}

func (m *memGraph) GraphListsLeaves() bool { return !m.NoLeaves }

func (m *memGraph) pageAt(uri string) (index.GraphPage, bool) {
	for _, p := range m.Pages {
		if p.URI == uri {
			return p, true
		}
	}
	return index.GraphPage{}, false
}

func (m *memGraph) GraphType(_ context.Context, uri string) (*index.GraphType, error) {
	m.reads++
	out := &index.GraphType{}
	out.Page, out.Found = m.pageAt(uri)
	for _, p := range m.Pages {
		if p.ParentURI == uri || strings.HasPrefix(p.URI, uri+"/") {
			out.Members = append(out.Members, p)
		}
	}
	for _, c := range m.Children {
		if c.ParentURI == uri || strings.HasPrefix(c.URI, uri+"/") {
			if p, ok := m.pageAt(c.URI); ok {
				c.Kind, c.PageParentURI = p.Kind, p.ParentURI
			}
			out.Children = append(out.Children, c)
		}
	}
	for _, e := range m.Edges {
		if e.ChildURI == uri {
			out.Edges = append(out.Edges, e)
		}
	}
	return out, nil
}

func (m *memGraph) GraphPageAt(_ context.Context, uri string) (index.GraphPage, bool, error) {
	m.reads++
	p, ok := m.pageAt(uri)
	return p, ok, nil
}

func (m *memGraph) GraphNamed(_ context.Context, name string) ([]index.GraphPage, error) {
	m.reads++
	low := strings.ToLower(name)
	var out []index.GraphPage
	for _, p := range m.Pages {
		if strings.ToLower(p.Title) != low && strings.ToLower(titleName(p.Title)) != low {
			continue
		}
		if parent, ok := m.pageAt(p.ParentURI); ok {
			p.ParentTitle, p.ParentKind, p.ParentFramework = parent.Title, parent.Kind, parent.Framework
		}
		out = append(out, p)
	}
	return out, nil
}

func (m *memGraph) GraphContainers(_ context.Context, prefixes []string) (map[string][]index.GraphPage, error) {
	m.reads++
	out := map[string][]index.GraphPage{}
	for _, prefix := range prefixes {
		seen := map[string]bool{}
		add := func(uri string) {
			rest, ok := strings.CutPrefix(uri, prefix)
			if !ok || rest != "" && rest[0] != '-' {
				return
			}
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				uri = prefix + rest[:i]
			}
			if !seen[uri] {
				seen[uri] = true
				p, found := m.pageAt(uri)
				if !found {
					p = index.GraphPage{URI: uri}
				}
				out[prefix] = append(out[prefix], p)
			}
		}
		for _, p := range m.Pages {
			add(p.ParentURI)
		}
		for _, c := range m.Children {
			add(uriParent(c.URI))
		}
	}
	return out, nil
}

func (m *memGraph) GraphListed(_ context.Context, name string) ([]index.GraphChild, error) {
	m.reads++
	var out []index.GraphChild
	for _, c := range m.Children {
		title := c.Title
		if dot := strings.LastIndexByte(title, '.'); !m.NoLeaves && strings.IndexByte(title, '.') > 0 && dot >= 0 {
			// doc_children_leaf: a qualified title's last component.
			title = title[dot+1:]
		}
		if c.Title == name || strings.HasPrefix(c.Title, name+"(") || title == name || strings.HasPrefix(title, name+"(") {
			if p, ok := m.pageAt(c.URI); ok {
				c.Kind, c.PageParentURI = p.Kind, p.ParentURI
			}
			out = append(out, c)
		}
	}
	return out, nil
}

func (m *memGraph) GraphSiblings(_ context.Context, uri string) ([]index.GraphSibling, error) {
	m.reads++
	var out []index.GraphSibling
	for _, p := range m.Pages {
		if p.ParentURI == uri {
			out = append(out, index.GraphSibling{Page: p, SeeAlso: m.SeeAlso[p.URI]})
		}
	}
	return out, nil
}
