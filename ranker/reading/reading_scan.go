package reading

import (
	"regexp"
	"slices"
	"strings"
)

// The scanning of code text that readSyntax builds on: string literals and
// comments blanked in place, brackets matched, statements numbered.

// blankComments blanks a line comment, // to the end of the line, outside
// string literals (already blank when this runs), keeping positions.
func blankComments(code string) string {
	b := []byte(code)
	in := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\n':
			in = false
		case in:
			b[i] = ' '
		case b[i] == '/' && i+1 < len(b) && b[i+1] == '/' && (i == 0 || b[i-1] != ':'):
			in = true
			b[i] = ' '
		}
	}
	return string(b)
}

// blankStrings replaces the contents of string literals with spaces,
// keeping their quotes and every byte's position; an escaped quote stays
// inside its literal. An interpolation, "\(Text(date, style: .relative))",
// is code and stays, in its parentheses: its commas and labels
// (\(id, privacy: .private)) are not the arguments of the call the string
// is handed to.
func blankStrings(code string) string {
	b := []byte(code)
	in := false
	interpolated := 0 // the parenthesis depth inside an interpolation
	for i := 0; i < len(b); i++ {
		switch {
		case interpolated > 0:
			switch code[i] {
			case '(':
				interpolated++
			case ')':
				interpolated--
			}
		case code[i] == '"' && (i == 0 || code[i-1] != '\\'):
			in = !in
		case in && code[i] == '\\' && i+1 < len(code) && code[i+1] == '(':
			b[i] = ' '
			interpolated = 1
			i++ // the parenthesis opens it
		case in:
			b[i] = ' '
		}
	}
	return string(b)
}

// factoryCallRE: an argument that is one implicit member call (.system(,
// .move(). A value built from a named type (URL(fileURLWithPath:)) is
// what the call is handed, not what it is about.
var factoryCallRE = regexp.MustCompile(`^\s*\.[a-z][A-Za-z0-9_]*\s*\(`)

// labelledFactory is where the only argument of the call whose arguments
// start at args stands, when that argument is one call written with a
// label and no trailing closure follows; else -1.
func labelledFactory(code string, args int) int {
	end := closing(code, args-1)
	if end < 0 || strings.HasPrefix(strings.TrimSpace(code[end+1:]), "{") {
		return -1
	}
	arg := code[args:end]
	m := factoryCallRE.FindStringIndex(arg)
	if m == nil || closing(arg, m[1]-1) != len(strings.TrimRight(arg, " "))-1 {
		return -1
	}
	if labels := labelsOf(arg[m[1]:]); !slices.ContainsFunc(labels, func(l string) bool { return l != "_" }) {
		return -1
	}
	return args + len(arg) - len(strings.TrimLeft(arg, " "))
}

// closing is the index of the bracket closing the one at open, ( or {,
// or -1 when the text ends first.
func closing(code string, open int) int {
	openCh, closeCh := code[open], byte(')')
	if openCh == '{' {
		closeCh = '}'
	}
	depth := 0
	for i := open; i < len(code); i++ {
		switch code[i] {
		case openCh:
			depth++
		case closeCh:
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return -1
}

// statementIndex numbers the statements of a line of code, split at
// semicolons outside brackets, for each byte.
func statementIndex(code string) []int {
	depths := depthAt(code)
	out := make([]int, len(code))
	n := 0
	for i := range code {
		out[i] = n
		if code[i] == ';' && depths[i] == 0 {
			n++
		}
	}
	return out
}

// depthAt is the bracket depth, (, [ and {, before each byte of code.
func depthAt(code string) []int {
	depths := make([]int, len(code))
	depth := 0
	for i := 0; i < len(code); i++ {
		depths[i] = depth
		switch code[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth = max(depth-1, 0)
		}
	}
	return depths
}
