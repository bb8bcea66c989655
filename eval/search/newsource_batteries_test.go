package search_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// The batteries of the sample-code, WWDC and package sources
// (eval/batteries/<source>-{dev,heldout}.tsv, issue #12): one query per row,
// judged like a canonical battery (the first result matching
// expected_uri_regex, case-insensitive and anchored at the start, gives the
// rank), searched with `source` set to the battery's source.

var newSources = []string{"samples", "wwdc", "packages"}

// newSourceClasses are the row classes eval/batteries/README.md describes.
var newSourceClasses = map[string]bool{
	"T": true, // title words, partial or reordered
	"P": true, // paraphrase: the task the item does
	"A": true, // an API or type name the item is about
	"F": true, // one file of a project or package
}

const (
	newSourceMinRows = 25
	// newSourceMaxTargets bounds how many projects, sessions or packages
	// one row may accept: a row is about one item, or a few equally right
	// ones, never a whole framework.
	newSourceMaxTargets = 4
)

type newSourceRow struct {
	line   int
	query  string
	expect *regexp.Regexp
	class  string
}

func newSourceBatteryPath(t *testing.T, source, split string) string {
	t.Helper()
	return filepath.Join(testenv.RepoRoot(t), "eval", "batteries", source+"-"+split+".tsv")
}

// loadNewSourceBattery reads one battery, failing the test on a bad header,
// a short row, an unknown class, a regex that does not compile or a query
// given twice.
func loadNewSourceBattery(t *testing.T, file string) []newSourceRow {
	t.Helper()
	data := testenv.ReadFile(t, file)
	var rows []newSourceRow
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimRight(sc.Text(), "\r")
		if line == 1 {
			if text != "query\texpected_uri_regex\tclass" {
				t.Fatalf("%s: header is %q, want query<TAB>expected_uri_regex<TAB>class", file, text)
			}
			continue
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		f := strings.Split(text, "\t")
		if len(f) != 3 || strings.TrimSpace(f[0]) == "" || strings.TrimSpace(f[1]) == "" {
			t.Errorf("%s:%d: want query, expected_uri_regex and class, got %q", file, line, text)
			continue
		}
		q, expr, class := strings.TrimSpace(f[0]), strings.TrimSpace(f[1]), strings.TrimSpace(f[2])
		if !newSourceClasses[class] {
			t.Errorf("%s:%d: class %q is none of T, P, A, F", file, line, class)
		}
		// Compiled as the harness compiles a canonical row.
		re, err := regexp.Compile("(?i)^(?:" + expr + ")")
		if err != nil {
			t.Errorf("%s:%d: %v", file, line, err)
			continue
		}
		key := strings.ToLower(q)
		if prev, ok := seen[key]; ok {
			t.Errorf("%s:%d: query %q repeats line %d", file, line, q, prev)
		}
		seen[key] = line
		rows = append(rows, newSourceRow{line: line, query: q, expect: re, class: class})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestNewSourceBatteriesShape holds the six batteries to their format, to at
// least newSourceMinRows rows each, and keeps every held-out query out of the
// dev set. It needs no corpus.
func TestNewSourceBatteriesShape(t *testing.T) {
	for _, src := range newSources {
		dev := loadNewSourceBattery(t, newSourceBatteryPath(t, src, "dev"))
		held := loadNewSourceBattery(t, newSourceBatteryPath(t, src, "heldout"))
		for split, rows := range map[string][]newSourceRow{"dev": dev, "heldout": held} {
			if len(rows) < newSourceMinRows {
				t.Errorf("%s-%s.tsv has %d rows, want at least %d", src, split, len(rows), newSourceMinRows)
			}
			for _, r := range rows {
				if !strings.HasPrefix(r.expect.String(), "(?i)^(?:^"+src+"://") {
					t.Errorf("%s-%s.tsv:%d: regex %s is not anchored on %s://", src, split, r.line, r.expect, src)
				}
			}
		}
		inDev := map[string]int{}
		for _, r := range dev {
			inDev[strings.ToLower(r.query)] = r.line
		}
		for _, r := range held {
			if line, ok := inDev[strings.ToLower(r.query)]; ok {
				t.Errorf("%s: held-out line %d repeats dev line %d: %q", src, r.line, line, r.query)
			}
		}
	}
}

// TestNewSourceBatteriesMatchCorpus checks every row against the real
// corpus: its regex must match the URI of at least one item the corpus
// holds, and of at most newSourceMaxTargets projects, sessions or packages.
func TestNewSourceBatteriesMatchCorpus(t *testing.T) {
	root := testenv.CorpusDir(t, "sample-code", "wwdc/videos", "packages/index.json")
	uris := map[string][]string{
		"samples":  sampleURIs(t, filepath.Join(root, "sample-code")),
		"wwdc":     wwdcURIs(t, filepath.Join(root, "wwdc", "videos")),
		"packages": packageURIs(t, filepath.Join(root, "packages")),
	}
	for _, src := range newSources {
		if len(uris[src]) == 0 {
			t.Fatalf("no %s items in %s", src, root)
		}
		for _, split := range []string{"dev", "heldout"} {
			for _, r := range loadNewSourceBattery(t, newSourceBatteryPath(t, src, split)) {
				var hits int
				top := map[string]bool{}
				for _, u := range uris[src] {
					if r.expect.MatchString(u) {
						hits++
						top[topLevel(u)] = true
					}
				}
				switch {
				case hits == 0:
					t.Errorf("%s-%s.tsv:%d %q: %s matches no %s item in the corpus", src, split, r.line, r.query, r.expect, src)
				case len(top) > newSourceMaxTargets:
					t.Errorf("%s-%s.tsv:%d %q: %s accepts %d items (%s), want at most %d",
						src, split, r.line, r.query, r.expect, len(top), firstKeys(top, 6), newSourceMaxTargets)
				}
			}
		}
	}
}

// topLevel is the project, session or package a URI belongs to:
// samples://<id>, wwdc://<year>/<id>, packages://<owner>/<repo>.
func topLevel(uri string) string {
	scheme, rest, _ := strings.Cut(uri, "://")
	parts := strings.SplitN(rest, "/", 3)
	n := 2
	if scheme == "samples" {
		n = 1
	}
	if len(parts) > n {
		parts = parts[:n]
	}
	return scheme + "://" + strings.Join(parts, "/")
}

// firstKeys names the first n keys of m in order, and how many more there are.
func firstKeys(m map[string]bool, n int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) <= n {
		return strings.Join(keys, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(keys[:n], ", "), len(keys)-n)
}

// fileURIs walks dir and returns prefix/<path> for every regular file, the
// path relative to dir with its case kept and each segment percent-encoded
// (a space is %20), as the corpus readers write it.
func fileURIs(t *testing.T, dir, prefix string, skip func(name string) bool) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() || (skip != nil && skip(d.Name())) {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		segs := strings.Split(filepath.ToSlash(rel), "/")
		for i, seg := range segs {
			segs[i] = url.PathEscape(seg)
		}
		out = append(out, prefix+"/"+strings.Join(segs, "/"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sampleURIs lists samples://<project-id> for every project folder and
// samples://<project-id>/<path> for every file in it.
func sampleURIs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		base := "samples://" + e.Name()
		out = append(out, base)
		out = append(out, fileURIs(t, filepath.Join(dir, e.Name()), base, nil)...)
	}
	return out
}

// wwdcURIs lists wwdc://<year>/<id> from the year and id of every
// videos/*.json.
func wwdcURIs(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]string, 0, len(files))
	for _, f := range files {
		data := testenv.ReadFile(t, f)
		var v struct {
			ID   any `json:"id"`
			Year any `json:"year"`
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		id, year := fmt.Sprint(v.ID), fmt.Sprint(v.Year)
		if v.ID == nil || v.Year == nil || id == "" || year == "" {
			t.Fatalf("%s: no id or year", f)
		}
		out = append(out, "wwdc://"+year+"/"+id)
	}
	return out
}

// packageURIs lists packages://<owner>/<repo> for every package in
// packages/index.json and packages://<owner>/<repo>/<path> for its files.
func packageURIs(t *testing.T, dir string) []string {
	t.Helper()
	data := testenv.ReadFile(t, filepath.Join(dir, "index.json"))
	var index []struct {
		Owner string `json:"owner"`
		Repo  string `json:"repo"`
	}
	if err := json.Unmarshal(data, &index); err != nil {
		t.Fatalf("packages/index.json: %v", err)
	}
	var out []string
	for _, p := range index {
		base := "packages://" + path.Join(p.Owner, p.Repo)
		out = append(out, base)
		repo := filepath.Join(dir, p.Owner, p.Repo)
		if _, err := os.Stat(repo); err != nil {
			t.Errorf("packages/index.json names %s/%s, which is not in the corpus: %v", p.Owner, p.Repo, err)
			continue
		}
		out = append(out, fileURIs(t, repo, base, func(name string) bool { return name == ".package.json" })...)
	}
	return out
}
