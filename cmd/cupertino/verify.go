package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/termtext"
	"github.com/cupertino-go/cupertino/internal/verify"
)

// errFindings means verify ran and found references to fix.
var errFindings = errors.New("verify found references to fix")

// ttyCitations is how many resolved references a terminal shows; a pipe
// gets them all.
const ttyCitations = 20

// verifyOptions are the flags of `cupertino verify`.
type verifyOptions struct {
	IO     *iostreams
	DB     dbFlags
	Paths  []string
	Min    map[string]*string // platform → --min-<platform>
	Format string
}

func newVerifyCmd(io *iostreams, runF func(context.Context, *verifyOptions) error) *cobra.Command {
	opts := &verifyOptions{IO: io, Min: map[string]*string{}}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "verify [--min-ios 17.0 …] [--format json] FILE|DIR…",
		Short: "Check Swift code against the documentation",
		Long: `Check Swift files against the index: every type, member, free function,
attribute, macro and protocol requirement the code uses is resolved to the
page that documents it, or reported as unknown (with the nearest real names),
deprecated (with the replacement), unavailable for the --min-* deployment
targets (with the version that introduced it) or not checkable (with why).
A name the index lacks inside code marked @available(iOS N, …) or guarded by
#available(iOS N, *), with N newer than any version the index's documentation
lists, is reported "newer than the index (crawled …)" instead of unknown: it
may be real and newer than the crawl. It is not a finding.

A directory is read as one project: its Swift files, the Objective-C headers
and the Xcode project files that declare names for them. Names the project
declares are its own, never unknown. Links inside a directory are not followed
and FIFOs or devices not opened (each is named on stderr); a file over 256 KiB
is refused before it is read.

The text output lists the findings first, then the resolved references with
their URIs (the citations), and a last line with the index's crawl dates;
--format json lists every reference with its file and line, and the crawl
dates as "index". The exit code is 11 when there are findings.`,
		Args: cobra.MinimumNArgs(1),
		Check: func(args []string) error {
			opts.Paths = args
			if opts.Format != "text" && opts.Format != "json" {
				return usageErrorf("--format must be text or json, not %q", opts.Format)
			}
			if _, err := opts.targets(); err != nil {
				return usageErrorf("%v", err)
			}
			return nil
		},
	})
	f := cmd.Flags()
	opts.DB.bind(f)
	for _, p := range verify.Platforms {
		opts.Min[p] = f.String("min-"+p, "", "deployment target for "+platformName(p)+" (e.g. 17.0)")
	}
	f.StringVar(&opts.Format, "format", "text", "text or json")
	return cmd
}

func platformName(p string) string { return verify.Target{Platform: p}.DisplayName() }

func (o *verifyOptions) targets() ([]verify.Target, error) {
	versions := map[string]string{}
	for p, v := range o.Min {
		versions[p] = *v
	}
	return verify.TargetsFrom(versions)
}

func runVerify(ctx context.Context, o *verifyOptions) error {
	targets, err := o.targets()
	if err != nil {
		return usageErrorf("%v", err)
	}
	files, skipped, err := verify.ReadPaths(ctx, o.Paths)
	if err != nil {
		return err
	}
	for _, s := range skipped {
		fmt.Fprintf(o.IO.Err, "verify: not read: %s: %s\n", termtext.Line(s.Path), s.Reason)
	}
	table, err := verify.OpenIndexTable(o.DB.path())
	if err != nil {
		return fmt.Errorf("open index: %w", err)
	}
	defer table.Close()
	rep, err := (&verify.Checker{Table: table}).Check(ctx, files, verify.Options{Targets: targets})
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	// The index's age: a name it lacks inside code guarded for a newer
	// version than it knows is newer than the index, not unknown.
	horizon, err := table.Horizon(ctx)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	rep.ApplyHorizon(horizon)
	if o.Format == "json" {
		// The report's keys as before, and the index's crawl dates.
		if err := printJSON(o.IO.Out, struct {
			*verify.Report
			Index string `json:"index"`
		}{rep, horizon.Summary}); err != nil {
			return err
		}
	} else {
		limit := 0
		if o.IO.IsTerminal {
			limit = ttyCitations
		}
		rep.WriteText(o.IO.Out, limit)
		fmt.Fprintln(o.IO.Out, "Index: "+termtext.Line(horizon.Summary))
	}
	if len(rep.Findings) > 0 {
		return errFindings
	}
	return nil
}
