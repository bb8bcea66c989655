package search

import (
	"bufio"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"regexp/syntax"
	"strings"
	"testing"

	_ "modernc.org/sqlite" // the index's driver

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

func TestRealQKindFromFileNames(t *testing.T) {
	for _, name := range []string{"realq-dev.tsv", "realq-dev2.tsv", "realq-final.tsv", "realq-v2.tsv", "realq.tsv"} {
		if got, err := KindOf(name); err != nil || got != KindRealQ {
			t.Errorf("KindOf(%s) = %q, %v; want %q", name, got, err, KindRealQ)
		}
	}
	for _, name := range []string{"realq-last.tsv", "realq-heldout.tsv", "realqs-dev.tsv", "realq-devx.tsv", "realq-final2.tsv"} {
		if _, err := KindOf(name); !errors.Is(err, ErrBadBattery) {
			t.Errorf("%s: got %v, want ErrBadBattery", name, err)
		}
	}
}

func TestRealQRowsNeedAKnownClass(t *testing.T) {
	dir := t.TempDir()
	for _, body := range []string{
		"query\texpected_uri_regex\nlet vs var\tswift-book://languageguide/thebasics$\n",                  // no class column
		"query\texpected_uri_regex\tclass\nlet vs var\tswift-book://languageguide/thebasics$\thowto\n",    // unknown bucket
		"query\texpected_uri_regex\tclass\nlet vs var\tswift-book://languageguide/thebasics$\t\n",         // empty class
		"query\texpected_uri_regex\tclass\nlet vs var\tswift-book://languageguide/(thebasics$\tconcept\n", // bad regex
	} {
		if _, err := LoadFile(writeBattery(t, dir, "realq-dev.tsv", body)); !errors.Is(err, ErrBadBattery) {
			t.Errorf("%q: got %v, want ErrBadBattery", body, err)
		}
	}
}

// TestRealQJudgesMRRAndHit10: a real question is judged like a task row
// (regex anywhere, pass = hit@10, MRR over all rows), and each bucket is its
// own class, apart from the agent kinds' task and error classes.
func TestRealQJudgesMRRAndHit10(t *testing.T) {
	dir := t.TempDir()
	writeBattery(t, dir, "realq-dev.tsv", "query\texpected_uri_regex\tclass\tsource\n"+
		"What does ! mean\tswift-book://languageguide/thebasics$\tconcept\thttps://example.org/q/1\n"+
		"Timer stops while scrolling\tapple-docs://foundation/runloop/mode/[0-9]+-common$\ttask\thttps://example.org/q/2\n"+
		"Unexpectedly found nil\tapple-docs://swift/optional$\tERROR\thttps://example.org/q/3\n")
	writeBattery(t, dir, "task.tsv", "query\texpected_uri_regex\nspinner at 2\tswiftui/progressview(/|$)\n")
	var noise []string
	for i := 0; i < 10; i++ {
		noise = append(noise, "apple-docs://noise/"+string(rune('a'+i)))
	}
	fake := &fakeSearcher{results: map[string][]ranker.Result{
		"What does ! mean": docs("apple-docs://swift/optional", "swift-book://languageguide/thebasics"),
		// The book page at rank 11: found, so it counts in MRR, but no hit@10.
		"Timer stops while scrolling": docs(append(noise, "apple-docs://foundation/runloop/mode/1408609-common")...),
		"Unexpectedly found nil":      docs("apple-docs://swift/optional/some"), // a member, not the page
		"spinner at 2":                docs("apple-docs://uikit/uiprogressview", "apple-docs://swiftui/progressview"),
	}}
	rep := runDir(t, dir, Config{Label: "realq", Searcher: fake})
	want := map[string]struct {
		rank  int
		pass  bool
		class string
	}{
		"What does ! mean":            {2, true, "realq-concept"},
		"Timer stops while scrolling": {11, false, "realq-task"},
		"Unexpectedly found nil":      {0, false, "realq-error"},
		"spinner at 2":                {2, true, "task"},
	}
	for _, c := range rep.Cases {
		w := want[c.Query]
		if c.Rank != w.rank || c.Pass != w.pass || c.Class != w.class {
			t.Errorf("%s: rank %d pass %v class %q, want %d %v %q", c.Query, c.Rank, c.Pass, c.Class, w.rank, w.pass, w.class)
		}
	}
	found := false
	for _, s := range rep.Batteries {
		if s.Name != "realq-dev" {
			continue
		}
		found = true
		if s.Kind != KindRealQ {
			t.Errorf("realq-dev: kind %q", s.Kind)
		}
		// MRR = (1/2 + 1/11 + 0) / 3.
		if s.Headline != "MRR 0.1970, hit@10 1/3" {
			t.Errorf("realq-dev headline %q, want MRR 0.1970, hit@10 1/3", s.Headline)
		}
	}
	if !found {
		t.Fatal("no realq-dev battery in the report")
	}
	classes := map[string]int{}
	for _, s := range rep.Classes {
		classes[s.Name] = s.Queries
	}
	for name, n := range map[string]int{"realq-concept": 1, "realq-task": 1, "realq-error": 1, "task": 1} {
		if classes[name] != n {
			t.Errorf("class %q has %d queries, want %d (real questions must not join the agent classes)", name, classes[name], n)
		}
	}
}

// realqFiles are the committed real-question batteries: the six dev sets
// and the final set, never tuned on.
var realqFiles = []string{"realq-dev", "realq-dev2", "realq-dev3", "realq-dev4", "realq-dev5", "realq-dev6", "realq-final"}

// realqSources reads a battery's source column: the question's address.
func realqSources(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	header := true
	for sc.Scan() {
		if header {
			header = false
			if cols := strings.Split(sc.Text(), "\t"); len(cols) != 4 || cols[3] != "source" {
				t.Fatalf("%s: header %q, want query, expected_uri_regex, class, source", path, sc.Text())
			}
			continue
		}
		cols := strings.Split(sc.Text(), "\t")
		out = append(out, cols[len(cols)-1])
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestRealQBatteriesFormat checks the committed sets: every row has a
// known class and a source address, accepts at most four pages, and no
// query is in both sets or in any other battery of eval/batteries.
func TestRealQBatteriesFormat(t *testing.T) {
	dir := filepath.Join(testenv.RepoRoot(t), "eval", "batteries")
	all, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	owner := map[string]string{}
	for _, b := range all {
		for _, c := range b.Cases {
			q := strings.ToLower(c.Query)
			if prev, ok := owner[q]; ok && (b.Kind == KindRealQ || strings.HasPrefix(prev, "realq")) {
				t.Errorf("%s:%d %q repeats a query of %s", b.Name, c.Line, c.Query, prev)
			}
			owner[q] = b.Name
		}
	}
	for _, name := range realqFiles {
		path := filepath.Join(dir, name+".tsv")
		b, err := LoadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		// A floor against truncation, not the target: see the README.
		if len(b.Cases) < 10 {
			t.Errorf("%s: %d rows", name, len(b.Cases))
		}
		sources := realqSources(t, path)
		if len(sources) != len(b.Cases) {
			t.Fatalf("%s: %d sources for %d rows", name, len(sources), len(b.Cases))
		}
		for i, c := range b.Cases {
			if !strings.HasPrefix(sources[i], "https://") && !strings.HasPrefix(sources[i], "http://") {
				t.Errorf("%s:%d %q: source %q is not an address", name, c.Line, c.Query, sources[i])
			}
			expr := strings.TrimPrefix(c.Expect.String(), "(?i)")
			if alts := topAlternatives(expr); len(alts) > 4 {
				t.Errorf("%s:%d %q accepts %d pages, at most 4", name, c.Line, c.Query, len(alts))
			}
		}
	}
}

// fullIndexDB opens the full index (CUPERTINO_DB) read-only for a test's
// own queries, closed when the test ends; without it the test skips.
func fullIndexDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+testenv.FullIndexDB(t)+"?mode=ro")
	return testenv.Closing(t, db, err)
}

// TestRealQBatteriesAgainstIndex checks, on the full index, that every
// row's regex names between one and four pages the index holds.
func TestRealQBatteriesAgainstIndex(t *testing.T) {
	uris := indextest.Column[string](t, fullIndexDB(t), `SELECT uri FROM docs`)
	// Matching every row's regex against all 218k addresses took two
	// minutes of CPU; a row's literal prefixes narrow it to a few.
	folded := make([]string, len(uris))
	for i, u := range uris {
		folded[i] = strings.ToLower(u)
	}
	dir := filepath.Join(testenv.RepoRoot(t), "eval", "batteries")
	for _, name := range realqFiles {
		b, err := LoadFile(filepath.Join(dir, name+".tsv"))
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range b.Cases {
			n := 0
			for _, u := range uriCandidates(c.Expect, uris, folded) {
				if c.Expect.MatchString(u) {
					n++
				}
			}
			if n < 1 || n > 4 {
				t.Errorf("%s:%d %q: %d pages match %s, want 1 to 4", name, c.Line, c.Query, n, c.Expect)
			}
		}
	}
}

// uriCandidates returns the addresses that can match re: those whose
// lower-cased form (folded, in the same order) contains the literal prefix
// of one of its alternatives; all of them when some alternative has none.
func uriCandidates(re *regexp.Regexp, uris, folded []string) []string {
	prefixes := regexPrefixes(re.String())
	if prefixes == nil {
		return uris
	}
	var out []string
	for i, f := range folded {
		for _, p := range prefixes {
			if strings.Contains(f, p) {
				out = append(out, uris[i])
				break
			}
		}
	}
	return out
}

// regexPrefixes returns the lower-cased literal prefixes one of which
// starts every match of an expression (after an optional start anchor), or
// nil when some branch has none (the caller then tries everything).
func regexPrefixes(expr string) []string {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return nil
	}
	re = re.Simplify()
	seq := []*syntax.Regexp{re}
	if re.Op == syntax.OpConcat {
		seq = re.Sub
	}
	if len(seq) > 0 && seq[0].Op == syntax.OpBeginText {
		seq = seq[1:]
	}
	if len(seq) == 0 {
		return nil
	}
	return literalPrefixes(seq)
}

// literalPrefixes returns the prefixes of a concatenation: a literal
// followed by the prefixes of the rest, an alternation's union, a group's
// own; nil when a branch starts with anything else.
func literalPrefixes(seq []*syntax.Regexp) []string {
	if len(seq) == 0 {
		return []string{""}
	}
	switch first := seq[0]; first.Op {
	case syntax.OpLiteral:
		lit := strings.ToLower(string(first.Rune))
		rest := literalPrefixes(seq[1:])
		if rest == nil {
			return []string{lit}
		}
		out := make([]string, len(rest))
		for i, r := range rest {
			out[i] = lit + r
		}
		return out
	case syntax.OpCapture:
		return literalPrefixes(first.Sub)
	case syntax.OpConcat:
		return literalPrefixes(first.Sub)
	case syntax.OpAlternate:
		var out []string
		for _, alt := range first.Sub {
			ps := literalPrefixes([]*syntax.Regexp{alt})
			if ps == nil {
				return nil
			}
			out = append(out, ps...)
		}
		return out
	}
	return nil
}

func TestRegexPrefixes(t *testing.T) {
	for expr, want := range map[string]string{
		"(?i)^(?:swift-book://a/methods$|swift-book://b/decl$)": "[swift-book://a/methods swift-book://b/decl]",
		"(?i)apple-docs://swiftui/view$":                        "[apple-docs://swiftui/view]",
		"(?i)^(?:apple-docs://x$|.*/y$)":                        "[]",
	} {
		if got := fmt.Sprint(regexPrefixes(expr)); got != want {
			t.Errorf("regexPrefixes(%q) = %s, want %s", expr, got, want)
		}
	}
}
