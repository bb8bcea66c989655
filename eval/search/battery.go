package search

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/ranker"
)

// ErrBadBattery means a battery file cannot be loaded: unknown kind, missing
// column, bad regex or an unparsable relevance rule.
var ErrBadBattery = errors.New("bad battery")

// Battery kinds.
const (
	KindCanonical       = "canonical"
	KindDeprecation     = "deprecation"
	KindAcronym         = "acronym"
	KindFragment        = "fragment"
	KindProse           = "prose"
	KindSymbolAttribute = "symbol-attribute"
	KindCrossSource     = "cross-source"
)

// kindClass is each kind's query class; canonical rows carry their own.
var kindClass = map[string]string{
	KindDeprecation:     "E",
	KindAcronym:         "C",
	KindFragment:        "D",
	KindProse:           "G",
	KindSymbolAttribute: "H",
	KindCrossSource:     "F",
}

// kindColumns are the columns each kind needs, after "query".
var kindColumns = map[string][]string{
	KindCanonical:       {"expected_uri_regex"},
	KindDeprecation:     {"modern_uri_regex", "legacy_uri_regex"},
	KindAcronym:         {"expected_uri_regex"},
	KindFragment:        {},
	KindProse:           {"expected_uri_regex"},
	KindSymbolAttribute: {"relevant_when"},
	KindCrossSource:     {"expected_source"},
}

// singleTarget kinds judge the first match only (see the package comment).
var singleTarget = map[string]bool{KindCanonical: true, KindDeprecation: true, KindAcronym: true, KindProse: true}

// Battery is one loaded TSV file.
type Battery struct {
	Name string // file name without ".tsv": "canonical-v2"
	Kind string // one of the Kind* constants
	// Scope is the source every query of the battery is searched in, for
	// a source's own battery ("samples-dev.tsv"); empty for the others.
	Scope string
	Cases []Case
}

// Case is one query row.
type Case struct {
	Line   int    // 1-based line in the file
	Query  string // as written
	Class  string // A–H
	Expect *regexp.Regexp
	// Legacy is the deprecated page of a deprecation row.
	Legacy *regexp.Regexp
	// Source is the expected source of a cross-source row.
	Source string
	// Predicate is the relevance rule of a symbol-attribute row.
	Predicate *SymbolPredicate
	// Filter holds a filter row's framework, kind and source (resolved).
	Filter *ranker.Filters
}

var versionSuffix = regexp.MustCompile(`-v[0-9]+$`)

// scopedName matches a source's own battery: "<source>-dev.tsv" or
// "<source>-heldout.tsv", searched with source=<source> and judged like a
// canonical battery.
var scopedName = regexp.MustCompile(`^(.+)-(dev|heldout)$`)

// ScopeOf returns the source a battery file is scoped to, or "".
func ScopeOf(path string) string {
	name := versionSuffix.ReplaceAllString(strings.TrimSuffix(filepath.Base(path), ".tsv"), "")
	if m := scopedName.FindStringSubmatch(name); m != nil {
		if _, ok := source.Lookup(m[1]); ok {
			return m[1]
		}
	}
	return ""
}

// KindOf maps a battery file name to its kind: "canonical-v2.tsv" ->
// canonical; a source's own battery ("wwdc-dev.tsv") is canonical too.
func KindOf(path string) (string, error) {
	if ScopeOf(path) != "" {
		return KindCanonical, nil
	}
	name := strings.TrimSuffix(filepath.Base(path), ".tsv")
	kind := versionSuffix.ReplaceAllString(name, "")
	if k := agentKindOf(kind); k != "" {
		kind = k
	}
	if k := realqKindOf(kind); k != "" {
		kind = k
	}
	if _, ok := kindColumns[kind]; !ok {
		return "", fmt.Errorf("%w: %s: unknown battery kind %q", ErrBadBattery, path, kind)
	}
	return kind, nil
}

// LoadDir loads every *.tsv in dir, sorted by name.
func LoadDir(dir string) ([]Battery, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.tsv"))
	if err != nil {
		return nil, fmt.Errorf("list batteries: %w", err)
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("%w: no .tsv files in %s", ErrBadBattery, dir)
	}
	sort.Strings(paths)
	out := make([]Battery, 0, len(paths))
	for _, p := range paths {
		b, err := LoadFile(p)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

// LoadFile loads one battery.
func LoadFile(path string) (Battery, error) {
	kind, err := KindOf(path)
	if err != nil {
		return Battery{}, err
	}
	f, err := os.Open(path)
	if err != nil {
		return Battery{}, fmt.Errorf("load battery: %w", err)
	}
	defer f.Close()
	b := Battery{Name: strings.TrimSuffix(filepath.Base(path), ".tsv"), Kind: kind, Scope: ScopeOf(path)}

	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	var col map[string]int
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimRight(sc.Text(), "\r")
		if strings.TrimSpace(text) == "" {
			continue
		}
		fields := strings.Split(text, "\t")
		if col == nil {
			col, err = headerColumns(fields, kind)
			if err != nil {
				return Battery{}, fmt.Errorf("%w: %s: %v", ErrBadBattery, path, err)
			}
			continue
		}
		c, err := parseCase(kind, col, fields)
		if err != nil {
			return Battery{}, fmt.Errorf("%w: %s:%d: %v", ErrBadBattery, path, line, err)
		}
		c.Line = line
		b.Cases = append(b.Cases, c)
	}
	if err := sc.Err(); err != nil {
		return Battery{}, fmt.Errorf("load battery %s: %w", path, err)
	}
	if len(b.Cases) == 0 {
		return Battery{}, fmt.Errorf("%w: %s: no queries", ErrBadBattery, path)
	}
	return b, nil
}

// headerColumns maps column names to positions. A header names its columns
// exactly, except that symbol-attribute's second column carries an
// explanation after its name ("relevant_when (a result is …)").
func headerColumns(header []string, kind string) (map[string]int, error) {
	col := make(map[string]int, len(header))
	for i, h := range header {
		name, _, _ := strings.Cut(strings.TrimSpace(h), " ")
		col[strings.ToLower(name)] = i
	}
	for _, need := range append([]string{"query"}, kindColumns[kind]...) {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("missing column %q", need)
		}
	}
	return col, nil
}

func parseCase(kind string, col map[string]int, fields []string) (Case, error) {
	get := func(name string) string {
		i, ok := col[name]
		if !ok || i >= len(fields) {
			return ""
		}
		return strings.TrimSpace(fields[i])
	}
	c := Case{Query: get("query"), Class: kindClass[kind]}
	if c.Query == "" {
		return c, errors.New("empty query")
	}
	var err error
	switch kind {
	case KindCanonical:
		c.Class = strings.ToUpper(get("class"))
		if c.Class == "" {
			c.Class = "A"
		}
		c.Expect, err = uriRegexp(get("expected_uri_regex"), true)
	case KindAcronym:
		c.Expect, err = uriRegexp(get("expected_uri_regex"), true)
	case KindProse:
		c.Expect, err = uriRegexp(get("expected_uri_regex"), false)
	case KindDeprecation:
		if c.Expect, err = uriRegexp(get("modern_uri_regex"), true); err == nil {
			c.Legacy, err = uriRegexp(get("legacy_uri_regex"), true)
		}
	case KindCrossSource:
		c.Source = strings.ToLower(get("expected_source"))
		if c.Source == "" {
			err = errors.New("empty expected_source")
		}
	case KindTask, KindError, KindSyntax, KindTypo, KindFilter:
		err = parseAgentCase(kind, &c, get)
	case KindRealQ:
		err = parseRealQCase(&c, get)
	case KindSymbolAttribute:
		var p SymbolPredicate
		p, err = ParsePredicate(get("relevant_when"))
		c.Predicate = &p
	}
	return c, err
}

// uriRegexp compiles a battery regex: case-insensitive, anchored at the
// start of the URI unless anywhere is allowed.
func uriRegexp(expr string, anchored bool) (*regexp.Regexp, error) {
	if expr == "" {
		return nil, errors.New("empty regex")
	}
	if anchored {
		expr = "^(?:" + expr + ")"
	}
	re, err := regexp.Compile("(?i)" + expr)
	if err != nil {
		return nil, fmt.Errorf("regex %q: %w", expr, err)
	}
	return re, nil
}

// segmentContains reports whether any path segment of a URI (after the
// scheme) contains frag, case-insensitively.
func segmentContains(uri, frag string) bool {
	_, path, ok := strings.Cut(uri, "://")
	if !ok {
		path = uri
	}
	frag = strings.ToLower(frag)
	for _, seg := range strings.Split(strings.ToLower(path), "/") {
		if frag != "" && strings.Contains(seg, frag) {
			return true
		}
	}
	return false
}
