package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// commandsMarkdown renders every command, flag and exit code as Markdown.
// docs/commands.md is this output; TestCommandsDocIsCurrent keeps it so.
func commandsMarkdown(root *cobra.Command) string {
	var b strings.Builder
	b.WriteString("# Commands\n\n")
	b.WriteString("<!-- Generated from the cobra command tree by `go test ./cmd/cupertino -run TestCommandsDoc -update`. Do not edit. -->\n\n")
	b.WriteString(root.Short + ".\n\n")
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		subs := c.Commands()
		sort.Slice(subs, func(i, j int) bool { return subs[i].Name() < subs[j].Name() })
		for _, s := range subs {
			if s.Hidden || s.Name() == "help" || s.Name() == "completion" {
				continue
			}
			writeCommand(&b, s)
			walk(s)
		}
	}
	walk(root)
	b.WriteString("## Exit codes\n\n| code | meaning | errors |\n|---|---|---|\n")
	for _, e := range exitCodeMeanings {
		var names []string
		for _, m := range exitCodes {
			if m.code == e.code {
				names = append(names, "`"+m.name+"`")
			}
		}
		fmt.Fprintf(&b, "| %d | %s | %s |\n", e.code, e.meaning, strings.Join(names, ", "))
	}
	return b.String()
}

func writeCommand(b *strings.Builder, c *cobra.Command) {
	fmt.Fprintf(b, "## %s\n\n", c.CommandPath())
	fmt.Fprintf(b, "```\n%s\n```\n\n", c.UseLine())
	if c.Long != "" {
		b.WriteString(strings.TrimSpace(c.Long) + "\n\n")
	} else if c.Short != "" {
		b.WriteString(c.Short + ".\n\n")
	}
	var rows []string
	c.NonInheritedFlags().VisitAll(func(f *pflag.Flag) {
		if f.Hidden || f.Name == "help" {
			return
		}
		name := "--" + f.Name
		if f.Shorthand != "" {
			name = "-" + f.Shorthand + ", " + name
		}
		def := f.DefValue
		if strings.Contains(def, "/root/") || strings.Contains(def, "/home/") {
			def = "~" + def[strings.Index(def, "/.cupertino"):]
		}
		if def != "" && def != "false" && def != "[]" && def != "0" {
			def = "`" + def + "`"
		} else {
			def = ""
		}
		rows = append(rows, fmt.Sprintf("| `%s` | %s | %s |", name, strings.ReplaceAll(f.Usage, "|", "\\|"), def))
	})
	if len(rows) > 0 {
		b.WriteString("| flag | meaning | default |\n|---|---|---|\n")
		b.WriteString(strings.Join(rows, "\n") + "\n\n")
	}
}
