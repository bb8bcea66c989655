package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/docuri"
	"github.com/cupertino-go/cupertino/internal/mdbound"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// readOptions are the flags of `cupertino read`.
type readOptions struct {
	IO       *iostreams
	DB       dbFlags
	Target   string
	Format   string
	Sections []string
	MaxBytes int
	Offset   int
}

func newReadCmd(io *iostreams, runF func(context.Context, *readOptions) error) *cobra.Command {
	opts := &readOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "read <uri | developer.apple.com URL>",
		Short: "Print one page as Markdown or JSON",
		Long: `Print a page from the index: apple-docs://swiftui/view,
https://developer.apple.com/documentation/swiftui/view, swift-evolution://SE-0306,
swift-book://…, hig://…, apple-archive://…. Markdown keeps the declaration,
parameters, return value, discussion, code, tables, asides, topics,
relationships, availability and deprecation; JSON is the stored page.

Large pages can be bounded: --sections keeps the page head and the "##"
sections it names, --max-bytes cuts at a line and says which --offset
continues.

A section name picks the heading equal to it (case-insensitive), else every
heading containing it, spaces, "-" and "_" aside ("decl,param"; "also" or
"seeAlso" for See Also), else what its alias picks:

` + mdbound.AliasHelp() + `

MCP read_document's section argument takes the same names.`,
		Args: cobra.ExactArgs(1),
		Check: func(args []string) error {
			opts.Target = args[0]
			if opts.Format != "markdown" && opts.Format != "json" {
				return usageErrorf("--format must be markdown or json, not %q", opts.Format)
			}
			if opts.MaxBytes < 0 || opts.Offset < 0 {
				return usageErrorf("--max-bytes and --offset must not be negative")
			}
			return nil
		},
	})
	f := cmd.Flags()
	opts.DB.bind(f)
	f.StringVar(&opts.Format, "format", "markdown", "markdown or json")
	f.StringSliceVar(&opts.Sections, "sections", nil, "keep only these ## sections (comma-separated names, see above)")
	f.IntVar(&opts.MaxBytes, "max-bytes", 0, "print at most this many bytes of Markdown (0: all)")
	f.IntVar(&opts.Offset, "offset", 0, "start at this byte of the Markdown (from a previous --max-bytes)")
	return cmd
}

// resolveTarget turns what the user typed into an index URI: web addresses
// and apple-docs URIs are canonicalised; other schemes pass through.
func resolveTarget(target string) (string, error) {
	t := strings.TrimSpace(target)
	lower := strings.ToLower(t)
	if strings.HasPrefix(lower, "apple-docs://") || strings.Contains(lower, "developer.apple.com") || strings.HasPrefix(lower, "/documentation/") {
		uri, err := docuri.FromURL(t)
		if err != nil {
			return "", usageErrorf("%q is not a documentation address: %v", target, err)
		}
		return uri, nil
	}
	if !strings.Contains(t, "://") {
		return "", usageErrorf("%q is neither a URI (apple-docs://…, swift-evolution://SE-0306) nor a developer.apple.com URL", target)
	}
	return t, nil
}

func runRead(ctx context.Context, o *readOptions) error {
	uri, err := resolveTarget(o.Target)
	if err != nil {
		return err
	}
	st, err := o.DB.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	doc, err := st.Document(ctx, uri)
	if err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if o.Format == "json" {
		return printJSON(o.IO.Out, doc)
	}
	md := doc.Markdown
	if md == "" {
		md = "# " + doc.Title + "\n\n" + doc.Abstract + "\n"
	}
	if len(o.Sections) > 0 {
		if md, err = selectSections(ctx, o, md); err != nil {
			return err
		}
	}
	part, next := mdbound.Window(md, o.Offset, o.MaxBytes)
	fmt.Fprint(o.IO.Out, termtext.Block(part))
	if next > 0 {
		fmt.Fprint(o.IO.Out, mdbound.ContinueHint(next, len(md), fmt.Sprintf("run again with --offset %d", next)))
	}
	return nil
}

// selectSections keeps the sections of md that o.Sections names, by the
// rules MCP read_document's section argument follows too. Names that pick
// nothing are a usage error when no name picks anything, and a warning when
// others do, so one misspelt name in a list still prints the rest.
func selectSections(ctx context.Context, o *readOptions, md string) (string, error) {
	sel, err := mdbound.Select(ctx, md, o.Sections)
	if err != nil {
		return "", err
	}
	if len(sel.Unmatched) == 0 {
		return sel.Text, nil
	}
	names := mdbound.Names(md, 0)
	has := "this page has: " + quoteAll(names)
	if len(names) == 0 {
		has = `this page has no "##" sections; omit --sections to read it whole`
	}
	if sel.Picked == 0 {
		return "", usageError{errors.New("no section matches " + quoteAll(sel.Unmatched) + "; " + has)}
	}
	fmt.Fprintf(o.IO.Err, "warning: no section matches %s; %s\n", quoteAll(sel.Unmatched), has)
	return sel.Text, nil
}

// quoteAll quotes each name and joins them with ", ".
func quoteAll(names []string) string {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = strconv.Quote(n)
	}
	return strings.Join(quoted, ", ")
}
