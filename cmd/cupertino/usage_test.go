package main

import (
	"regexp"
	"strings"
	"testing"
)

// goErrorText is what Go's parsers say when a value does not parse; none
// of it may reach the person who typed the command.
var goErrorText = regexp.MustCompile(`strconv\.|Parse(Int|Uint|Bool|Float|Duration)|invalid syntax|time: |arg\(s\)`)

// TestCommandLineMistakesAreUsageErrors: an unknown command, an unknown
// flag, a flag value of the wrong type and a wrong argument count all exit
// 2 with the command's usage line and a message in plain words.
func TestCommandLineMistakesAreUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want []string // in stderr, besides "usage: "
	}{
		{[]string{"serach", "x"}, []string{`unknown command "serach"`, "did you mean search?", "usage: cupertino <command>"}},
		{[]string{"frobnicate"}, []string{`unknown command "frobnicate"`, "usage: cupertino <command>"}},
		{[]string{"eval", "bogus"}, []string{`unknown command "bogus"`, "usage: cupertino eval <command>"}},
		{[]string{"bench", "serch"}, []string{`unknown command "serch"`, "did you mean search?"}},
		{[]string{"search", "--limit", "abc", "x"}, []string{`--limit takes a whole number, not "abc"`, "usage: cupertino search <query>"}},
		{[]string{"search", "--limit=abc", "x"}, []string{`--limit takes a whole number`}},
		{[]string{"search", "--year", "20x5", "x"}, []string{`--year takes a whole number, not "20x5"`}},
		{[]string{"doctor", "--deep=maybe"}, []string{`--deep takes true or false`, "usage: cupertino doctor"}},
		{[]string{"serve", "--call-timeout", "soon"}, []string{`--call-timeout takes a duration`, "usage: cupertino serve"}},
		{[]string{"fetch", "--request-delay", "slow"}, []string{`--request-delay takes seconds`, "usage: cupertino fetch"}},
		{[]string{"search", "--nosuch", "x"}, []string{"unknown flag --nosuch", "usage: cupertino search"}},
		{[]string{"search", "--framwork", "swiftui", "x"}, []string{"unknown flag --framwork (did you mean --framework?)"}},
		{[]string{"search", "-z", "x"}, []string{"unknown flag -z", "usage: cupertino search"}},
		{[]string{"setup", "--sources"}, []string{"--sources needs a value", "usage: cupertino setup"}},
		{[]string{"search"}, []string{"cupertino search needs at least 1 argument, but was given 0", "usage: cupertino search <query>"}},
		{[]string{"read", "a", "b"}, []string{"cupertino read takes 1 argument, but was given 2", "usage: cupertino read"}},
		{[]string{"doctor", "extra"}, []string{`cupertino doctor takes no arguments, but was given "extra"`, "usage: cupertino doctor"}},
	}
	for _, c := range cases {
		io, out, errb := cmdTestIO(false)
		code := run(c.args, io)
		if code != exitUsage {
			t.Errorf("%q: exit %d, want %d\n%s", c.args, code, exitUsage, errb)
		}
		for _, want := range c.want {
			if !strings.Contains(errb.String(), want) {
				t.Errorf("%q: stderr lacks %q:\n%s", c.args, want, errb)
			}
		}
		if !strings.Contains(errb.String(), "\nusage: ") {
			t.Errorf("%q: no usage line:\n%s", c.args, errb)
		}
		if m := goErrorText.FindString(errb.String()); m != "" {
			t.Errorf("%q: Go's error text %q reaches the user:\n%s", c.args, m, errb)
		}
		if out.Len() > 0 {
			t.Errorf("%q: a usage error printed on stdout:\n%s", c.args, out)
		}
	}
}

// A command group named alone still shows its help and succeeds.
func TestCommandGroupAloneShowsItsHelp(t *testing.T) {
	for _, group := range []string{"eval", "bench"} {
		io, out, errb := cmdTestIO(false)
		if code := run([]string{group}, io); code != exitOK {
			t.Errorf("%s: exit %d\n%s", group, code, errb)
		}
		if !strings.Contains(out.String(), "Available Commands:") {
			t.Errorf("%s: no help:\n%s", group, out)
		}
	}
}

// TestNoIndexAdviceNamesWhatWorks: without an index, every reading command
// names `cupertino setup` (and `make demo`), which work on a fresh machine,
// not a bare `cupertino save`, which has nothing to read there (exit 6).
func TestNoIndexAdviceNamesWhatWorks(t *testing.T) {
	empty := t.TempDir()
	for _, args := range [][]string{
		{"search", "View"},
		{"read", "apple-docs://swift/error"},
		{"list-frameworks"},
		{"doctor"},
	} {
		io, _, errb := cmdTestIO(false)
		io.Out = errb // doctor says it on stdout
		code := run(append(args, "--base-dir", empty), io)
		if code == exitOK {
			t.Errorf("%v: exit 0 without an index", args)
		}
		for _, want := range []string{"no search index found", "`cupertino setup`", "`make demo`"} {
			if !strings.Contains(errb.String(), want) {
				t.Errorf("%v: the advice lacks %q:\n%s", args, want, errb)
			}
		}
		if strings.Contains(errb.String(), "run `cupertino save` first") {
			t.Errorf("%v: advises `cupertino save` alone, which fails on a fresh machine:\n%s", args, errb)
		}
	}
}
