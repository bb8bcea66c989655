package mdbound

import "context"

// SectionLevel is the heading level that cuts a page into sections: Apple's
// pages, Swift Evolution proposals and the Swift book all put their parts
// under "##", and both front-ends document sections as "##" headings.
const SectionLevel = 2

// Section is a part of a page: a heading and everything up to the next
// heading of the same or a higher level, so a "##" section holds its "###"s.
// The part before a page's first section (title, abstract, availability) is
// its head: Level 0 and Name "".
type Section struct {
	Name  string // the heading's text
	Level int    // the heading's level, 0 for the head
	// Start and End are the section's bytes in the page, [Start, End),
	// heading line included.
	Start, End int
	// FirstLine and LastLine are the section's lines, 1-based and inclusive.
	FirstLine, LastLine int
	// Text is the page's bytes [Start, End).
	Text string
}

// Headings lists every ATX heading of md, in order; headings in code blocks
// and HTML blocks do not count.
func Headings(md string) []Heading {
	var out []Heading
	scanHeadings(context.Background(), md, func(h Heading) bool {
		out = append(out, h)
		return true
	})
	return out
}

// Outline lists a section for every heading of md, at every level, each
// running to the next heading of the same or a higher level.
func Outline(md string) []Section {
	var hs []Heading
	lines, _ := scanHeadings(context.Background(), md, func(h Heading) bool {
		hs = append(hs, h)
		return true
	})
	out := make([]Section, len(hs))
	for i, h := range hs {
		s := Section{Name: h.Text, Level: h.Level, Start: h.Offset, End: len(md), FirstLine: h.Line, LastLine: lines}
		for _, next := range hs[i+1:] {
			if next.Level <= h.Level {
				s.End, s.LastLine = next.Offset, next.Line-1
				break
			}
		}
		s.Text = md[s.Start:s.End]
		out[i] = s
	}
	return out
}

// Split cuts md at its "##" headings: the head (left out when empty), then
// one section per "##" heading. The sections' texts, joined, are md.
func Split(md string) []Section {
	s, _ := SplitContext(context.Background(), md)
	return s
}

// SplitContext is Split for pages large enough that the caller's deadline
// matters: it stops with the context's cause when ctx ends.
func SplitContext(ctx context.Context, md string) ([]Section, error) {
	var out []Section
	cur := Section{FirstLine: 1}
	lines, err := scanHeadings(ctx, md, func(h Heading) bool {
		if h.Level != SectionLevel {
			return true
		}
		out = appendSection(out, md, cur, h.Offset, h.Line-1)
		cur = Section{Name: h.Text, Level: h.Level, Start: h.Offset, FirstLine: h.Line}
		return true
	})
	if err != nil {
		return nil, err
	}
	return appendSection(out, md, cur, len(md), lines), nil
}

// appendSection closes cur at end and lastLine and appends it, unless it is
// an empty head.
func appendSection(out []Section, md string, cur Section, end, lastLine int) []Section {
	cur.End, cur.LastLine, cur.Text = end, lastLine, md[cur.Start:end]
	if cur.Level == 0 && cur.Text == "" {
		return out
	}
	return append(out, cur)
}

// Names lists the names of md's "##" sections in page order, at most limit
// of them (limit <= 0: all), reading no further into md than it needs.
// Empty headings ("##" alone) are left out: no name can pick them.
func Names(md string, limit int) []string {
	var names []string
	scanHeadings(context.Background(), md, func(h Heading) bool {
		if h.Level == SectionLevel && h.Text != "" {
			names = append(names, h.Text)
		}
		return limit <= 0 || len(names) < limit
	})
	return names
}
