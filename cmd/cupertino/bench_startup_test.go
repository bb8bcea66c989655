package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestBenchStartupTimesFreshServers starts real servers on the demo index
// and checks the report: one timing per run, a peak RSS, and a failed
// search named as such rather than timed.
func TestBenchStartupTimesFreshServers(t *testing.T) {
	db := demoIndex(t)
	bin := testenv.CupertinoBinary(t)
	io, out, _ := cmdTestIO(false)
	o := &benchStartupOptions{IO: io, DB: dbFlags{SearchDB: db}, Runs: 3, Queries: []string{"URLSession", "UIViewControler"}, Binary: bin}
	if err := runBenchStartup(context.Background(), o); err != nil {
		t.Fatalf("bench startup: %v\n%s", err, out)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`3 fresh servers, warm page cache`),
		regexp.MustCompile(`start to first search answered\s+p50 [0-9.]+(ms|µs|s)\s.*\(n=3\)`),
		regexp.MustCompile(`largest peak RSS of a server [0-9.]+ (KiB|MiB|GiB)`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("report lacks %s:\n%s", want, out)
		}
	}

	// A query the server refuses is an error, not a timing.
	io, out, _ = cmdTestIO(false)
	o = &benchStartupOptions{IO: io, DB: dbFlags{SearchDB: db}, Runs: 1, Queries: []string{"   "}, Binary: bin}
	err := runBenchStartup(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "failed") {
		t.Errorf("an empty query: err = %v, want the search's failure", err)
	}
}

func TestBenchStartupRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--runs", "0"}} {
		io, _, _ := cmdTestIO(false)
		root := newRootCmd(io)
		root.SetArgs(append([]string{"bench", "startup", "--search-db", "x.db"}, args...))
		if err := root.Execute(); exitCode(err) != exitUsage {
			t.Errorf("bench startup %v: exit %d (%v), want %d", args, exitCode(err), err, exitUsage)
		}
	}
}
