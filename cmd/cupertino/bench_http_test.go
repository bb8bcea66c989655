package main

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestBenchHTTPLoadsAServer serves the demo index with a real `serve
// --http` on 127.0.0.1 and checks the report: a row per session count with
// calls per second, p50, p99 and CPU per call for search and read_document,
// no failed call, the largest pages' row and the server's peak RSS.
func TestBenchHTTPLoadsAServer(t *testing.T) {
	db := demoIndex(t)
	bin := testenv.CupertinoBinary(t)
	io, out, _ := cmdTestIO(false)
	o := &benchHTTPOptions{IO: io, DB: dbFlags{SearchDB: db}, Binary: bin, Sessions: []int{1, 4}, Queries: 12, Rounds: 1,
		Timeout: 20 * time.Second}
	if err := runBenchHTTP(context.Background(), o); err != nil {
		t.Fatalf("bench http: %v\n%s", err, out)
	}
	phase := `\s+[0-9]+ calls/s\s+p50 [0-9.]+(ms|µs|s)\s+p99 [0-9.]+(ms|µs|s)\s+CPU [0-9.]+(ms|µs|s|ns)/call`
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`12 queries \(\d+ read\)`),
		regexp.MustCompile(`(?m)^1` + phase + phase + `$`),
		regexp.MustCompile(`(?m)^4` + phase + phase + `$`),
		regexp.MustCompile(`read_document of the \d+ largest pages, 1 session, 1 rounds:` + phase),
		regexp.MustCompile(`server peak RSS [0-9.]+ (KiB|MiB|GiB)`),
	} {
		if !want.MatchString(out.String()) {
			t.Errorf("report lacks %s:\n%s", want, out)
		}
	}
	if regexp.MustCompile(`errors \d+`).MatchString(out.String()) {
		t.Errorf("calls failed:\n%s", out)
	}
}

func TestBenchHTTPRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--queries", "0"}, {"--rounds", "0"}, {"--sessions", "0"}, {"--sessions", "500"}} {
		io, _, _ := cmdTestIO(false)
		root := newRootCmd(io)
		root.SetArgs(append([]string{"bench", "http", "--search-db", "x.db"}, args...))
		if err := root.Execute(); exitCode(err) != exitUsage {
			t.Errorf("bench http %v: exit %d (%v), want %d", args, exitCode(err), err, exitUsage)
		}
	}
}
