package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/index"
)

// TestListSourcesShowsFetchDates: list-sources gives each source's
// documents and fetch date (the demo corpus has no fetch record, so its
// newest file, said so) and the newest platform versions.
func TestListSourcesShowsFetchDates(t *testing.T) {
	db := demoIndex(t)
	io, out, _ := cmdTestIO(false)
	cmd := newListSourcesCmd(io, runListSources)
	cmd.SetArgs([]string{"--search-db", db})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{"SOURCE", "FETCHED", "apple-docs", "(newest file; no fetch record)", "Index crawled ", "newest versions iOS "} {
		if !strings.Contains(text, want) {
			t.Errorf("list-sources lacks %q:\n%s", want, text)
		}
	}
	io, out, _ = cmdTestIO(false)
	cmd = newListSourcesCmd(io, runListSources)
	cmd.SetArgs([]string{"--search-db", db, "--json"})
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Sources         []sourceRow       `json:"sources"`
		NewestPlatforms map[string]string `json:"newestPlatforms"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Sources) == 0 || got.Sources[0].FetchedBy != index.FetchedByFileTime || got.NewestPlatforms["iOS"] == "" {
		t.Errorf("json: %+v", got)
	}
}

// TestSearchFooterSaysHowOldTheIndexIs: a terminal's text output ends with
// the crawl dates; a pipe's does not, and JSON is unchanged.
func TestSearchFooterSaysHowOldTheIndexIs(t *testing.T) {
	db := demoIndex(t)
	run := func(tty bool, args ...string) string {
		io, out, _ := cmdTestIO(tty)
		cmd := newSearchCmd(io, runSearch)
		cmd.SetArgs(append([]string{"--search-db", db}, args...))
		if err := cmd.ExecuteContext(context.Background()); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	if out := run(true, "View"); !strings.Contains(out, "\nIndex crawled ") {
		t.Errorf("terminal output has no footer:\n%s", out)
	}
	if out := run(false, "View"); strings.Contains(out, "Index crawled") {
		t.Errorf("a pipe gets the footer:\n%s", out)
	}
	if out := run(true, "View", "--format", "json"); strings.Contains(out, "crawled") {
		t.Errorf("JSON gets the footer:\n%s", out)
	}
}
