package ranker

import (
	"strings"
	"testing"
)

// TestFiltersAreExact: with the full-text stage capped to one row, a
// framework or kind filter still returns every page of that framework or
// kind titled with the word, as SQL counts them from the fixture.
func TestFiltersAreExact(t *testing.T) {
	e := openTestEngine(t)
	e.fullScoreCap = 1
	defer func() { e.fullScoreCap = FullScoreCap }()
	checked := 0
	for _, word := range []string{"view", "text", "session", "task"} {
		byFramework := map[string]map[string]bool{}
		byKind := map[string]map[string]bool{}
		for _, d := range fixturePages() {
			if !strings.Contains(strings.ToLower(d.Title), word) || d.Source != "apple-docs" {
				continue
			}
			for _, g := range []struct {
				m   map[string]map[string]bool
				key string
			}{{byFramework, d.Framework}, {byKind, d.Kind}} {
				if g.m[g.key] == nil {
					g.m[g.key] = map[string]bool{}
				}
				g.m[g.key][d.URI] = true
			}
		}
		for fw, want := range byFramework {
			checkFiltered(t, e, word, Filters{Framework: fw, Limit: MaxLimit}, want)
			checked++
		}
		for kind, want := range byKind {
			if _, err := ResolveKind(kind); err != nil {
				continue
			}
			checkFiltered(t, e, word, Filters{Kind: kind, Limit: MaxLimit}, want)
			checked++
		}
	}
	if checked < 4 {
		t.Fatalf("only %d filter combinations in the fixture", checked)
	}
}

func checkFiltered(t *testing.T, e *Engine, word string, f Filters, want map[string]bool) {
	t.Helper()
	got := map[string]bool{}
	for _, r := range mustSearch(t, e, word, f) {
		got[r.URI] = true
		if f.Framework != "" && r.Framework != f.Framework || f.Kind != "" && !strings.EqualFold(r.Kind, f.Kind) {
			t.Errorf("%q %+v: %s (%s, %s) does not obey the filter", word, f, r.URI, r.Framework, r.Kind)
		}
	}
	for uri := range want {
		if !got[uri] {
			t.Errorf("%q %+v: %s is missing (got %d results)", word, f, uri, len(got))
		}
	}
}

// TestExactTitleNamesAFrameworksView: within a framework filter, a UI word
// is the exact title of its view type, with or without the framework's
// prefix; without a filter, or for a word already ending in "view", it is
// not.
func TestExactTitleNamesAFrameworksView(t *testing.T) {
	check := func(query, framework, title string, want bool) {
		t.Helper()
		q, err := Parse(query, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := &search{q: &q, filter: requestFilter{f: Filters{Framework: framework}}}
		s.prepareQuery()
		c := &candidate{title: title, kind: "struct"}
		c.prepare()
		if got := s.exactTitle(c); got != want {
			t.Errorf("exactTitle(%q in %q, %s) = %v, want %v", query, framework, title, got, want)
		}
	}
	check("progress", "swiftui", "ProgressView", true)
	check("scroll", "uikit", "UIScrollView", true)
	check("activity indicator", "uikit", "UIActivityIndicatorView", true)
	check("progress", "", "ProgressView", false)
	check("progress", "swiftui", "ProgressViewStyle", false)
	check("table view", "uikit", "UITableViewView", false)
}
