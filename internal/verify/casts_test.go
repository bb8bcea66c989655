package verify

import "testing"

// TestClosureOverCastElements: a closure over the elements a link before
// it cast (`entries.compactMap { $0 as? OSLogEntryLog }.map { entry in`)
// takes the cast type, as `.first` of such a chain does.
func TestClosureOverCastElements(t *testing.T) {
	runTypedCases(t, testGraph(), []typedCase{
		{"a member the cast type lacks", "import UIKit\nfunc f(xs: [Any]) {\n  let m = xs.compactMap { $0 as? UIDevice }.map { d in d.hasNotch }\n  print(m)\n}\n", NotOnType, "hasNotch"},
		{"through $0, after a forced cast", "import UIKit\nfunc f(xs: [Any]) {\n  let m = xs.map { $0 as! UIDevice }.filter { $0.hasNotch }\n  print(m)\n}\n", NotOnType, "hasNotch"},
		{"a real member there", "import UIKit\nfunc f(xs: [Any]) {\n  let m = xs.compactMap { $0 as? UIDevice }.map { d in d.name }\n  print(m)\n}\n", "", ""},
	})
}
