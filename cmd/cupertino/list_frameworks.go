package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

// listOptions are the flags of the list-* commands: the index to read and
// whether to print JSON instead of a table.
type listOptions struct {
	IO   *iostreams
	DB   dbFlags
	JSON bool
}

// newListCmd returns a list-* command as spec describes it, with the
// index and --json flags every listing takes.
func newListCmd(io *iostreams, runF func(context.Context, *listOptions) error, spec commandSpec) *cobra.Command {
	opts := &listOptions{IO: io}
	cmd := newCommand(opts, runF, spec)
	opts.DB.bind(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func newListFrameworksCmd(io *iostreams, runF func(context.Context, *listOptions) error) *cobra.Command {
	return newListCmd(io, runF, commandSpec{
		Use:   "list-frameworks",
		Short: "List the indexed frameworks with their document counts",
		Long: `List every framework in the index: its identifier (what --framework takes),
display name, import name and number of documents. --framework also accepts
the display and import names shown here.`,
	})
}

func runListFrameworks(ctx context.Context, o *listOptions) error {
	return o.DB.withStore(func(st *index.Store) error {
		fws, err := st.Frameworks(ctx)
		if err != nil {
			return fmt.Errorf("list frameworks: %w", err)
		}
		if o.JSON {
			return printJSON(o.IO.Out, fws)
		}
		tw := tabwriter.NewWriter(o.IO.Out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "IDENTIFIER\tNAME\tIMPORT\tDOCUMENTS")
		total := 0
		for _, f := range fws {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", termtext.Line(f.Identifier), termtext.Line(f.DisplayName), termtext.Line(f.ImportName), f.DocCount)
			total += f.DocCount
		}
		tw.Flush()
		fmt.Fprintf(o.IO.Out, "%d frameworks, %d documents\n", len(fws), total)
		return nil
	})
}
