package ranker

import "strings"

// A question is answered by different pages, not by one name's overloads:
// "How "buildEither" work?" found ten buildEither(first:) and (second:)
// pages of ten result builders, and no word of the book's chapter on
// them; "NSString: isEqual vs. isEqualToString" nine isEqual pages of
// nine classes before the other side. In a question's first spreadWindow
// results a name (the title up to its parameters, in any case) holds at
// most spreadSameName places; its further pages follow the window in
// their order. A search for the name itself ("buildEither") keeps them
// all: there the list of owners is the answer.

// spreadName is the name a title gives a page: up to its parameter
// list, lower-cased ("isequal" for isEqual(to:) and isEqual).
func spreadName(title string) string { return strings.ToLower(baseName(title)) }

// spreadNames reorders items so that no name holds more than
// spreadSameName of the first spreadWindow places; fixed items (a forced
// page) keep their place and count. The order is otherwise kept.
func spreadNames[T any](items []T, name func(T) string, fixed func(T) bool) []T {
	counts := map[string]int{}
	out := make([]T, 0, len(items))
	var later []T
	for _, it := range items {
		n := name(it)
		if len(out) < spreadWindow && !fixed(it) && counts[n] >= spreadSameName {
			later = append(later, it)
			continue
		}
		counts[n]++
		out = append(out, it)
		if len(out) == spreadWindow {
			out = append(out, later...)
			later = nil
		}
	}
	return append(out, later...)
}
