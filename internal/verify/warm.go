package verify

import (
	"context"
	"strings"

	"github.com/cupertino-go/cupertino/internal/swiftlex"
)

// warmedNames is how many of the names sample and package code writes in
// the most files the table reads ahead when it is warmed: the types,
// calls and members nearly every check meets (String, View, Text,
// DispatchQueue.main, UIViewController…), whose pages, members and
// supertypes a cold table otherwise reads during the first checks that
// name them. docs/benchmarks.md ("Round twenty-eight") has what it was
// measured against.
const warmedNames = 1000

// crowdedPages: a name borne by at least this many pages is read ahead
// too, whether code writes it or not (init, appending, count, value…):
// such a name costs a cold check a millisecond or more, init's 14,409
// pages 80 ms.
const crowdedPages = 100

// warmedImports are the modules the warm-up reads a type's missing-page
// containers for: a check reads them by module prefix, each memoized on
// its own, so a file importing any of these (or fewer) finds its
// prefixes read.
var warmedImports = []string{"SwiftUI", "UIKit", "AppKit"}

// warmCommonNames reads what a check would read for the crowded names
// (their pages, and their members on every type) and for the most written
// ones (their pages, the types they name with members and supertypes, and
// a member's pages on every type). It stops at the first error or when ctx
// ends; what it read stays in the caches whatever happens, and it changes
// no answer, only when the reads happen.
func (t *IndexTable) warmCommonNames(ctx context.Context) {
	crowded, err := t.lookup.CrowdedNames(ctx, crowdedPages)
	if err != nil {
		return
	}
	written, err := t.lookup.MostWrittenNames(ctx, warmedNames)
	if err != nil {
		return
	}
	sg, _ := t.graph()
	g := &graphView{g: sg, ctx: ctx}
	scope := inScope(warmedImports)
	read := func(name string, asType bool) bool {
		if ctx.Err() != nil || g.err != nil {
			return false
		}
		if _, err := t.Lookup(name); err != nil {
			return false
		}
		if asType {
			g.lineage(g.typesNamed(name, scope))
		} else {
			g.overloads(name, false)
		}
		return true
	}
	for _, name := range crowded {
		if !read(name, false) {
			return
		}
	}
	for _, name := range written {
		// A member is written "Type.member" (DispatchQueue.main).
		for i, part := range strings.Split(name, ".") {
			if part != "" && !read(part, i == 0 && swiftlex.IsTypeName(part)) {
				return
			}
		}
	}
}
