package search

import (
	"database/sql"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"testing"

	_ "modernc.org/sqlite" // the index's driver

	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// agentMinRows are issue #11's minimum sizes: dev sets, final ones, then
// the last ones (written after the tuning ended, measured once).
var agentMinRows = map[string]int{
	"task": 40, "error": 20, "syntax": 20, "typo": 20, "filter": 30,
	"task-final": 20, "error-final": 12, "syntax-final": 12, "typo-final": 12, "filter-final": 15,
	"task-last": 25, "error-last": 15, "syntax-last": 15, "typo-last": 15, "filter-last": 20,
	// Second dev sets of messages, code and filters, written before the
	// work that tuned on them.
	"error-v2": 30, "syntax-v2": 30, "filter-v2": 30,
	// Third dev sets, written blind to the task lexicon and before the
	// work on its loose match and on code and filters that tuned on them.
	"task-v2": 40, "syntax-v3": 30, "filter-v3": 15,
	// Fourth dev sets, written blind to the lexicon and the held-out sets,
	// less the rows that repeated a held-out query or a filter word.
	"task-v3": 35, "syntax-v4": 20, "filter-v4": 20,
	// Fifth dev sets of tasks and messages, written blind in the stop that
	// brought syntax-final to 12 of 13, to check the task and message
	// classes on rows nobody had seen.
	"task-v4": 35, "error-v3": 22,
	// A fifth and a sixth code set, of shapes the others lacked
	// (declarations, delegate methods, assignments, free functions; chained
	// modifiers, generics, closures, key paths).
	"syntax-v5": 30, "syntax-v6": 30,
	// An everyday mix of code written after the work on v5 and v6, to
	// check it generalises; not tuned on.
	"syntax-v7": 25,
	// An eighth code set probing comments, optional chaining, checks
	// around a call, shared instances and older APIs.
	"syntax-v8": 30,
	// A ninth: arguments built by factories, closures that build a type,
	// attributes with labels, interpolations, conformances' members.
	"syntax-v9": 35,
	// A tenth, everyday code written after the work on v9, to check it
	// generalises; not tuned on.
	"syntax-v10": 25,
	// An eleventh: values whose type the line does not name, Foundation
	// value types, properties read, subscripts.
	"syntax-v11": 30,
	// A twelfth: fragments and whole lines across the newer frameworks.
	"syntax-v12": 30,
	// A thirteenth: code of an established UIKit and AppKit app (Auto
	// Layout, selectors, GCD, Core Animation, Keychain, Core Data).
	"syntax-v13": 30,
	// A fourteenth: fragments and partial lines, member paths, attributes
	// alone, language features.
	"syntax-v14": 30,
	// A fifteenth and sixteenth: an everyday app's code, and framework
	// specialists' (AVFoundation, Vision, StoreKit, MapKit, Network, …).
	"syntax-v15": 33, "syntax-v16": 35,
	// A seventeenth and eighteenth: the standard library and language in
	// app logic (declared requirements, operators, subscripts), and a
	// modern SwiftUI app (Observation, SwiftData, Swift Testing, windows).
	"syntax-v17": 35, "syntax-v18": 35,
	// A nineteenth: a code review's mixed diff (UIKit, AppKit, SwiftUI
	// layout and preferences, Combine, concurrency, Keychain).
	"syntax-v19": 35,
	// Check sets written blind after this stop's work and measured once,
	// not tuned on: everyday code across the platform, and less common
	// diagnostic families.
	"syntax-v20": 30, "error-v4": 25,
	// A second round of checks, measured once at the end of this stop's
	// work, then read for a last round of class rules.
	"syntax-v21": 30, "error-v5": 15, "task-v5": 35,
}

func loadAgentBatteries(t *testing.T) map[string]Battery {
	t.Helper()
	dir := filepath.Join(testenv.RepoRoot(t), "eval", "batteries")
	out := map[string]Battery{}
	for name := range agentMinRows {
		b, err := LoadFile(filepath.Join(dir, name+".tsv"))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	return out
}

// TestAgentBatteriesFormat checks the sizes, that a query is in one of a
// kind's dev, final and last sets only, and once (a filter row: with its
// filters), and that task and error rows accept at most four pages.
func TestAgentBatteriesFormat(t *testing.T) {
	bs := loadAgentBatteries(t)
	for name, min := range agentMinRows {
		if n := len(bs[name].Cases); n < min {
			t.Errorf("%s: %d rows, want at least %d", name, n, min)
		}
	}
	for _, k := range agentKinds {
		// A held-out query is in no other set. A dev row is in no other
		// set either, but a filter word may come back in another dev set,
		// or in its own, with other filters: that is another question.
		seen, rows := map[string]string{}, map[string]bool{}
		heldOut := func(name string) bool { return strings.HasSuffix(name, "-final") || strings.HasSuffix(name, "-last") }
		for _, name := range []string{k, k + "-v2", k + "-v3", k + "-v4", k + "-v5", k + "-v6", k + "-v7", k + "-v8", k + "-v9", k + "-v10", k + "-v11", k + "-v12", k + "-v13", k + "-v14", k + "-final", k + "-last"} {
			for _, c := range bs[name].Cases {
				q := strings.ToLower(c.Query)
				if prev, ok := seen[q]; ok && prev != name && (heldOut(prev) || heldOut(name)) {
					t.Errorf("%s:%d: query %q is in %s too", name, c.Line, c.Query, prev)
				}
				if prev, ok := seen[q+"\t"+c.FilterText()]; ok && prev != name {
					t.Errorf("%s:%d: query %q is in %s too, with the same filters", name, c.Line, c.Query, prev)
				}
				seen[q+"\t"+c.FilterText()] = name
				if row := name + "\t" + q + "\t" + c.FilterText(); rows[row] {
					t.Errorf("%s:%d: query %q is twice in the file", name, c.Line, c.Query)
				} else {
					rows[row] = true
				}
				seen[q] = name
			}
		}
	}
	for _, name := range []string{"task", "task-v2", "task-v3", "task-v4", "task-v5", "task-final", "task-last", "error", "error-v2", "error-v3", "error-v4", "error-v5", "error-final", "error-last"} {
		for _, c := range bs[name].Cases {
			if n := len(topAlternatives(c.Expect.String())); n > 4 {
				t.Errorf("%s:%d: %d alternatives, want at most 4", name, c.Line, n)
			}
		}
	}
}

// topAlternatives splits a regex at its top-level "|".
func topAlternatives(expr string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			depth--
		case '|':
			if depth == 0 {
				out = append(out, expr[start:i])
				start = i + 1
			}
		}
	}
	return append(out, expr[start:])
}

type indexDoc struct{ uri, lowerURI, framework, kind, source string }

// requiredLiterals are lower-case ASCII strings one of which every match of
// re contains, or nil when a match need hold none (or one is not ASCII).
func requiredLiterals(re *regexp.Regexp) []string {
	tree, err := syntax.Parse(re.String(), syntax.Perl)
	if err != nil {
		return nil
	}
	return literalsOf(tree.Simplify())
}

// literalsOf is requiredLiterals over a syntax tree: a sequence gives the
// best of its parts (the set whose shortest member is longest), an
// alternation the union of its branches', provided each branch has some.
func literalsOf(n *syntax.Regexp) []string {
	switch n.Op {
	case syntax.OpLiteral:
		lit := string(n.Rune)
		if !isASCII(lit) {
			return nil
		}
		return []string{strings.ToLower(lit)}
	case syntax.OpCapture:
		return literalsOf(n.Sub[0])
	case syntax.OpConcat:
		var best []string
		for _, sub := range n.Sub {
			if set := literalsOf(sub); set != nil && (best == nil || shortest(set) > shortest(best)) {
				best = set
			}
		}
		return best
	case syntax.OpAlternate:
		var all []string
		for _, sub := range n.Sub {
			set := literalsOf(sub)
			if set == nil {
				return nil
			}
			all = append(all, set...)
		}
		return all
	}
	return nil
}

func shortest(set []string) int {
	n := -1
	for _, s := range set {
		if n < 0 || len(s) < n {
			n = len(s)
		}
	}
	return n
}

// containsAny reports whether s holds one of subs; no subs at all is no
// condition.
func containsAny(s string, subs []string) bool {
	if subs == nil {
		return true
	}
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// TestAgentBatteriesAgainstIndex checks every agent row against the full
// index: its regex matches a real page, and a filter row has documents
// under its filters with the canonical page among them.
func TestAgentBatteriesAgainstIndex(t *testing.T) {
	rows, err := fullIndexDB(t).Query(`SELECT uri, framework, kind, source FROM docs`)
	if err != nil {
		t.Fatal(err)
	}
	var all []indexDoc
	for rows.Next() {
		var d indexDoc
		var fw sql.NullString
		if err := rows.Scan(&d.uri, &fw, &d.kind, &d.source); err != nil {
			t.Fatal(err)
		}
		d.framework = fw.String
		d.lowerURI = strings.ToLower(d.uri)
		all = append(all, d)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	// Documents per framework, source and kind: what a filter row counts.
	type shape struct{ framework, source, kind string }
	shapes := map[shape]int{}
	for _, d := range all {
		shapes[shape{d.framework, d.source, d.kind}]++
	}
	for name, b := range loadAgentBatteries(t) {
		for _, c := range b.Cases {
			// One match suffices, one under the filters for a filter row.
			var matched []indexDoc
			literals := requiredLiterals(c.Expect)
			for _, d := range all {
				// The literal check first: a regex over 218k URIs per row
				// made this test take minutes.
				if !containsAny(d.lowerURI, literals) {
					continue
				}
				if c.Expect.MatchString(d.uri) {
					matched = append(matched, d)
					if c.Obeys(ranker.Result{URI: d.uri, Framework: d.framework, Kind: d.kind, Source: d.source}) {
						break
					}
				}
			}
			if len(matched) == 0 {
				t.Errorf("%s:%d %q: no page matches %s", name, c.Line, c.Query, c.Expect)
				continue
			}
			if c.Filter == nil {
				continue
			}
			f := c.Filter
			src := ""
			if len(f.Sources) > 0 {
				src = f.Sources[0]
			}
			kinds := []string{f.Kind}
			if f.Kind == "property" {
				kinds = []string{"property", "var", "let"}
			}
			n := 0
			for key, count := range shapes {
				if (f.Framework == "" || key.framework == f.Framework) && (src == "" || key.source == src) &&
					(f.Kind == "" || slices.Contains(kinds, key.kind)) {
					n += count
				}
			}
			if n == 0 {
				t.Errorf("%s:%d %q: no document under %s", name, c.Line, c.Query, c.FilterText())
			}
			obeys := false
			for _, d := range matched {
				obeys = obeys || c.Obeys(ranker.Result{URI: d.uri, Framework: d.framework, Kind: d.kind, Source: d.source})
			}
			if !obeys {
				t.Errorf("%s:%d %q: the canonical page is not under %s", name, c.Line, c.Query, c.FilterText())
			}
		}
	}
}

// TestRequiredLiterals pins the prefilter of TestAgentBatteriesAgainstIndex:
// every match holds one of the literals, and none are given when a match
// need not hold any.
func TestRequiredLiterals(t *testing.T) {
	for expr, want := range map[string]string{
		"swift-book://languageguide/TheBasics$":                      "swift-book://languageguide/thebasics",
		`apple-docs://swiftui/view/onchange\(of:perform:\)`:          "apple-docs://swiftui/view/onchange(of:perform:)",
		"^(?:apple-docs://uikit/uiview|apple-docs://appkit/nsview)$": "apple-docs://", // the parser factors the shared prefix out
		"^(?:swift-book://x|apple-docs://yz)$":                       "swift-book://x apple-docs://yz",
		"apple-docs://swiftui/.*/init$":                              "apple-docs://swiftui/",
		"apple-docs://foundation/(url|nsurl)$":                       "apple-docs://foundation/",
		"(a|.*)b":                                                    "b",
		"a|.*":                                                       "",
	} {
		re, err := uriRegexp(expr, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(requiredLiterals(re), " "); got != want {
			t.Errorf("requiredLiterals(%q) = %q, want %q", expr, got, want)
		}
	}
}
