package main

import (
	"context"
	"strings"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestBenchStartupTimesFreshServers starts real servers on the demo index
// and checks the report: one timing per run, a peak RSS, and a failed
// search named as such rather than timed.
func TestBenchStartupTimesFreshServers(t *testing.T) {
	benchReport(t, "bench startup", func(io *iostreams, db dbFlags, bin string) error {
		return runBenchStartup(context.Background(), &benchStartupOptions{IO: io, DB: db, Runs: 3, Queries: []string{"URLSession", "UIViewControler"}, Binary: bin})
	},
		`3 fresh servers, warm page cache`,
		`start to first search answered\s+p50 [0-9.]+(ms|µs|s)\s.*\(n=3\)`,
		`largest peak RSS of a server [0-9.]+ (KiB|MiB|GiB)`,
	)

	// A query the server refuses is an error, not a timing.
	io, _, _ := cmdTestIO(false)
	o := &benchStartupOptions{IO: io, DB: dbFlags{SearchDB: demoIndex(t)}, Runs: 1, Queries: []string{"   "}, Binary: testenv.CupertinoBinary(t)}
	err := runBenchStartup(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "failed") {
		t.Errorf("an empty query: err = %v, want the search's failure", err)
	}
}
