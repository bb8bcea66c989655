package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/cupertino-go/cupertino/index"
)

// How the command line itself was wrong: an unknown command, an unknown
// flag, a flag value of the wrong type, a wrong number of arguments. Each is
// a usage error (exit 2) said in plain words and followed by the command's
// usage line; no text of Go's strconv or time packages reaches the person.

// withUsage makes msg a usage error ending in cmd's usage line.
func withUsage(cmd *cobra.Command, msg string) error {
	return usageError{fmt.Errorf("%s\nusage: %s\n(`%s --help` says more)", msg, cmd.UseLine(), cmd.CommandPath())}
}

// plainFlagError rewrites pflag's parse errors, which quote Go's parsers
// ("strconv.ParseInt: parsing \"abc\": invalid syntax"), into what the
// flag expects.
func plainFlagError(cmd *cobra.Command, err error) error {
	var (
		notExist *pflag.NotExistError
		noValue  *pflag.ValueRequiredError
		badValue *pflag.InvalidValueError
		syntax   *pflag.InvalidSyntaxError
	)
	switch {
	case errors.As(err, &notExist):
		name := notExist.GetSpecifiedName()
		if short := notExist.GetSpecifiedShortnames(); short != "" {
			return withUsage(cmd, fmt.Sprintf("unknown flag -%s (in -%s)", name, short))
		}
		return withUsage(cmd, "unknown flag --"+name+flagSuggestion(cmd, name))
	case errors.As(err, &noValue):
		f := noValue.GetFlag()
		return withUsage(cmd, fmt.Sprintf("--%s needs a value: %s", f.Name, f.Usage))
	case errors.As(err, &badValue):
		f := badValue.GetFlag()
		return withUsage(cmd, fmt.Sprintf("--%s takes %s, not %q", f.Name, flagValueKind(f), badValue.GetValue()))
	case errors.As(err, &syntax):
		return withUsage(cmd, fmt.Sprintf("%q is not a flag: flags are written --name or --name=value", syntax.GetSpecifiedFlag()))
	}
	return withUsage(cmd, err.Error())
}

// flagValueKind says what a flag's value must look like, from its type.
func flagValueKind(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "true or false (or no value)"
	case "duration":
		return "a duration such as 30s, 2m or 1h"
	case "seconds":
		return "seconds (0.05) or a duration (50ms)"
	case "stringSlice":
		return "a comma-separated list"
	}
	return "a value that fits: " + f.Usage
}

// flagSuggestion is " (did you mean --x?)" for the closest flag of cmd, when
// one is a typo away.
func flagSuggestion(cmd *cobra.Command, name string) string {
	best, bestDistance := "", 3
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden {
			return
		}
		if d := index.EditDistance(name, f.Name); d < bestDistance || d == bestDistance && f.Name < best {
			best, bestDistance = f.Name, d
		}
	})
	if best == "" || bestDistance > 2 {
		return ""
	}
	return " (did you mean --" + best + "?)"
}

// rejectUnknownSubcommands makes a word that names no subcommand of a
// command group (the root, eval, bench) a usage error. Left to cobra, the
// root answers "unknown command" with exit 1, and a group prints its help
// and exits 0, as though the typo had worked.
func rejectUnknownSubcommands(group *cobra.Command) {
	if !group.HasSubCommands() {
		return
	}
	group.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		msg := fmt.Sprintf("unknown command %q", args[0])
		if cmd.SuggestionsMinimumDistance <= 0 {
			cmd.SuggestionsMinimumDistance = 2 // what cobra's own suggestions use
		}
		if suggestions := cmd.SuggestionsFor(args[0]); len(suggestions) > 0 {
			sort.Strings(suggestions)
			msg += fmt.Sprintf(" (did you mean %s?)", strings.Join(suggestions, " or "))
		}
		return usageError{fmt.Errorf("%s\nusage: %s <command> [flags]\n(`%s --help` lists the commands)", msg, cmd.CommandPath(), cmd.CommandPath())}
	}
	if !group.Runnable() {
		// A group named alone shows its help, as cobra does; RunE must
		// exist for Args to be checked at all.
		group.RunE = func(cmd *cobra.Command, _ []string) error { return cmd.Help() }
	}
	for _, sub := range group.Commands() {
		rejectUnknownSubcommands(sub)
	}
}

// plainArgsError rewrites cobra's argument-count messages ("requires at
// least 1 arg(s), only received 0") into plain words; the usage line that
// follows shows which arguments the command takes.
func plainArgsError(cmd *cobra.Command, args []string, err error) string {
	msg := err.Error()
	var want, got int
	switch {
	case strings.HasPrefix(msg, "unknown command"):
		return fmt.Sprintf("%s takes no arguments, but was given %q", cmd.CommandPath(), strings.Join(args, " "))
	case scanned(msg, "requires at least %d arg(s), only received %d", &want, &got):
		return fmt.Sprintf("%s needs at least %d argument%s, but was given %d", cmd.CommandPath(), want, plural(want), got)
	case scanned(msg, "accepts %d arg(s), received %d", &want, &got):
		return fmt.Sprintf("%s takes %d argument%s, but was given %d", cmd.CommandPath(), want, plural(want), got)
	case scanned(msg, "accepts at most %d arg(s), received %d", &want, &got):
		return fmt.Sprintf("%s takes at most %d argument%s, but was given %d", cmd.CommandPath(), want, plural(want), got)
	}
	return msg
}

// scanned reports whether msg has the shape of format, filling its numbers.
func scanned(msg, format string, numbers ...any) bool {
	n, err := fmt.Sscanf(msg, format, numbers...)
	return err == nil && n == len(numbers)
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
