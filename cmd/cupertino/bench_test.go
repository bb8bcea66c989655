package main

import (
	"regexp"
	"testing"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// benchReport runs a bench subcommand through run, against the demo index
// with the built cupertino binary, fails the test when it fails, and checks
// that its report matches every pattern. It returns the report.
func benchReport(t *testing.T, name string, run func(io *iostreams, db dbFlags, bin string) error, patterns ...string) string {
	t.Helper()
	db := demoIndex(t)
	bin := testenv.CupertinoBinary(t)
	io, out, _ := cmdTestIO(false)
	if err := run(io, dbFlags{SearchDB: db}, bin); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
	for _, p := range patterns {
		if want := regexp.MustCompile(p); !want.MatchString(out.String()) {
			t.Errorf("report lacks %s:\n%s", want, out)
		}
	}
	return out.String()
}

// TestBenchRefusesBadFlags: a bench's counts below 1 (or, for --sessions,
// past its cap) are usage errors.
func TestBenchRefusesBadFlags(t *testing.T) {
	for _, c := range []struct {
		sub  string
		args []string
	}{
		{"http", []string{"--queries", "0"}},
		{"http", []string{"--rounds", "0"}},
		{"http", []string{"--sessions", "0"}},
		{"http", []string{"--sessions", "500"}},
		{"startup", []string{"--runs", "0"}},
	} {
		io, _, _ := cmdTestIO(false)
		root := newRootCmd(io)
		root.SetArgs(append([]string{"bench", c.sub, "--search-db", "x.db"}, c.args...))
		if err := root.Execute(); exitCode(err) != exitUsage {
			t.Errorf("bench %s %v: exit %d (%v), want %d", c.sub, c.args, exitCode(err), err, exitUsage)
		}
	}
}
