package mdbound

import (
	"context"
	"strings"
)

// Alias is a section name readers type that no heading contains, and the
// names tried in its place. Apple titles a type's prose "Overview" and a
// member's "Discussion"; an agent asking for "discussion" on a type page
// means the overview.
type Alias struct {
	Name  string
	Means []string
}

// Aliases are the section names `cupertino read --sections` and MCP
// read_document's section argument both accept beyond the headings
// themselves. The headings are those Cupertino's renderer writes ("##
// Declaration", "## Return Value", "## See Also", …); docc.ParseSections'
// names ("seeAlso", "defaultImplementations") already match their headings
// once spaces, "-" and "_" are ignored, so only "mentions" needs an entry.
var Aliases = []Alias{
	{"signature", []string{"declaration"}},
	{"params", []string{"parameters"}},
	{"args", []string{"parameters"}},
	{"arguments", []string{"parameters"}},
	{"returns", []string{"return value"}},
	{"discussion", []string{"overview"}},
	{"overview", []string{"discussion"}},
	{"mentions", []string{"mentioned in"}},
	{"members", []string{"topics"}},
	{"children", []string{"topics"}},
	{"conformances", []string{"relationships"}},
	{"inheritance", []string{"relationships"}},
	{"defaults", []string{"default implementations"}},
	{"related", []string{"see also"}},
}

// AliasHelp describes Aliases for help texts, one line per meaning in the
// order of Aliases: "- params, args, arguments: parameters".
func AliasHelp() string {
	var order []string
	names := map[string][]string{}
	for _, a := range Aliases {
		means := strings.Join(a.Means, ", ")
		if names[means] == nil {
			order = append(order, means)
		}
		names[means] = append(names[means], a.Name)
	}
	lines := make([]string, len(order))
	for i, means := range order {
		lines[i] = "- " + strings.Join(names[means], ", ") + ": " + means
	}
	return strings.Join(lines, "\n")
}

// ParseList splits a comma-separated list of section names, trimming each
// and dropping empty ones.
func ParseList(list string) []string {
	var out []string
	for _, name := range strings.Split(list, ",") {
		if name = strings.TrimSpace(name); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// Selection is what Select keeps of a page.
type Selection struct {
	// Text is the page's head and the picked sections, in page order.
	Text string
	// Picked counts the sections kept, besides the head.
	Picked int
	// Unmatched lists the wanted names that picked no section, trimmed.
	Unmatched []string
}

// Select keeps md's head and each "##" section that one of want picks.
// Names are compared case-insensitively, in three tiers:
//
//  1. a heading equal to the name: only those ("Part 7" is not "Part 70");
//  2. else every heading containing it, also with spaces, "-" and "_"
//     ignored ("also" and "seeAlso" pick "See Also", "param" picks
//     "Parameters" and "Query Parameters");
//  3. else the headings its Aliases entry's names pick by 1 and 2
//     ("returns" picks "Return Value").
//
// Blank names are ignored; with no names only the head is kept. Select stops
// with the context's cause when ctx ends.
func Select(ctx context.Context, md string, want []string) (Selection, error) {
	sections, err := SplitContext(ctx, md)
	if err != nil {
		return Selection{}, err
	}
	names := make([]string, 0, len(sections))
	for _, s := range sections {
		if s.Level == SectionLevel {
			names = append(names, s.Name)
		}
	}
	keep := make([]bool, len(names))
	var sel Selection
	for _, w := range want {
		if w = strings.TrimSpace(w); w == "" {
			continue
		}
		picked := pick(w, names)
		if len(picked) == 0 {
			sel.Unmatched = append(sel.Unmatched, w)
		}
		for _, i := range picked {
			keep[i] = true
		}
	}
	var b strings.Builder
	i := 0
	for _, s := range sections {
		if s.Level != SectionLevel {
			b.WriteString(s.Text) // the head
			continue
		}
		if keep[i] {
			b.WriteString(s.Text)
			sel.Picked++
		}
		i++
	}
	sel.Text = b.String()
	return sel, nil
}

// pick returns the indexes of the headings name picks.
func pick(name string, headings []string) []int {
	if got := pickByText(name, headings); len(got) > 0 {
		return got
	}
	key := compact(name)
	for _, a := range Aliases {
		if compact(a.Name) != key {
			continue
		}
		var got []int
		for _, m := range a.Means {
			got = append(got, pickByText(m, headings)...)
		}
		return got
	}
	return nil
}

// pickByText applies tiers 1 and 2 of Select.
func pickByText(name string, headings []string) []int {
	var got []int
	for i, h := range headings {
		if strings.EqualFold(h, name) {
			got = append(got, i)
		}
	}
	if len(got) > 0 {
		return got
	}
	lower, key := strings.ToLower(name), compact(name)
	for i, h := range headings {
		if strings.Contains(strings.ToLower(h), lower) || (key != "" && strings.Contains(compact(h), key)) {
			got = append(got, i)
		}
	}
	return got
}

// compact lowercases s and drops spaces, "-" and "_", so "See Also",
// "see-also" and "seeAlso" compare equal.
func compact(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '-', '_':
			return -1
		}
		return r
	}, strings.ToLower(s))
}
