package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
)

// TestListSourcesShowsFetchDates: list-sources gives each source's
// documents and fetch date (the demo corpus has no fetch record, so its
// newest file, said so) and the newest platform versions.
func TestListSourcesShowsFetchDates(t *testing.T) {
	listSources := func(io *iostreams) *cobra.Command { return newListSourcesCmd(io, runListSources) }
	text := demoOutput(t, listSources, false)
	for _, want := range []string{"SOURCE", "FETCHED", "apple-docs", "(newest file; no fetch record)", "Index crawled ", "newest versions iOS "} {
		if !strings.Contains(text, want) {
			t.Errorf("list-sources lacks %q:\n%s", want, text)
		}
	}
	var got struct {
		Sources         []sourceRow       `json:"sources"`
		NewestPlatforms map[string]string `json:"newestPlatforms"`
	}
	if err := json.Unmarshal([]byte(demoOutput(t, listSources, false, "--json")), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Sources) == 0 || got.Sources[0].FetchedBy != index.FetchedByFileTime || got.NewestPlatforms["iOS"] == "" {
		t.Errorf("json: %+v", got)
	}
}

// TestSearchFooterSaysHowOldTheIndexIs: a terminal's text output ends with
// the crawl dates; a pipe's does not, and JSON is unchanged.
func TestSearchFooterSaysHowOldTheIndexIs(t *testing.T) {
	search := func(io *iostreams) *cobra.Command { return newSearchCmd(io, runSearch) }
	if out := demoOutput(t, search, true, "View"); !strings.Contains(out, "\nIndex crawled ") {
		t.Errorf("terminal output has no footer:\n%s", out)
	}
	if out := demoOutput(t, search, false, "View"); strings.Contains(out, "Index crawled") {
		t.Errorf("a pipe gets the footer:\n%s", out)
	}
	if out := demoOutput(t, search, true, "View", "--format", "json"); strings.Contains(out, "crawled") {
		t.Errorf("JSON gets the footer:\n%s", out)
	}
}

// demoOutput runs the command newCmd builds against the demo index, with
// args after --search-db, on a terminal when tty, and returns what it
// printed; the test fails when the command does.
func demoOutput(t *testing.T, newCmd func(*iostreams) *cobra.Command, tty bool, args ...string) string {
	t.Helper()
	io, out, _ := cmdTestIO(tty)
	cmd := newCmd(io)
	cmd.SetArgs(append([]string{"--search-db", demoIndex(t)}, args...))
	if err := cmd.ExecuteContext(context.Background()); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
