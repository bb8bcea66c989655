package golden

import (
	"fmt"
	"strings"
)

// maxDiffLines bounds a failure message: the first changes say what moved,
// and the rest is one -update and a git diff away.
const maxDiffLines = 40

// maxDiffCells bounds the longest-common-subsequence table. Past it the
// changed region is shown as removed then added lines, which is still right,
// only less tidy.
const maxDiffCells = 4 << 20

// Diff renders the line difference from want (the golden file) to got as
// "-" and "+" lines under "@@ line N @@" headers, N being the golden's line
// number, cut after maxDiffLines lines.
func Diff(want, got string) string {
	a, b := strings.Split(want, "\n"), strings.Split(got, "\n")
	// The common head and tail are most of a golden file; only the middle
	// needs the quadratic table.
	head := 0
	for head < len(a) && head < len(b) && a[head] == b[head] {
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	ops := lineOps(a[head:len(a)-tail], b[head:len(b)-tail])

	var out []string
	shown := 0
	lineA := head + 1
	inHunk := false
	for _, op := range ops {
		if op.kind == ' ' {
			lineA++
			inHunk = false
			continue
		}
		if shown == maxDiffLines {
			out = append(out, fmt.Sprintf("… and more; %d changed lines in all", countChanges(ops)))
			break
		}
		if !inHunk {
			out = append(out, fmt.Sprintf("@@ line %d @@", lineA))
			inHunk = true
		}
		out = append(out, string(op.kind)+" "+op.text)
		shown++
		if op.kind == '-' {
			lineA++
		}
	}
	return strings.Join(out, "\n")
}

type lineOp struct {
	kind byte // ' ' kept, '-' only in want, '+' only in got
	text string
}

// lineOps is a shortest edit script from a to b by longest common
// subsequence, or all of a removed then all of b added when the table would
// be too large.
func lineOps(a, b []string) []lineOp {
	var ops []lineOp
	if (len(a)+1)*(len(b)+1) > maxDiffCells {
		for _, s := range a {
			ops = append(ops, lineOp{'-', s})
		}
		for _, s := range b {
			ops = append(ops, lineOp{'+', s})
		}
		return ops
	}
	// lcs[i][j] is the LCS length of a[i:] and b[j:].
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, lineOp{' ', a[i]})
			i++
			j++
		case j < len(b) && (i == len(a) || lcs[i][j+1] > lcs[i+1][j]):
			ops = append(ops, lineOp{'+', b[j]})
			j++
		default:
			ops = append(ops, lineOp{'-', a[i]})
			i++
		}
	}
	return ops
}

func countChanges(ops []lineOp) int {
	n := 0
	for _, op := range ops {
		if op.kind != ' ' {
			n++
		}
	}
	return n
}
