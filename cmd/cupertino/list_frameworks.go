package main

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/termtext"
)

type listFrameworksOptions struct {
	IO   *iostreams
	DB   dbFlags
	JSON bool
}

func newListFrameworksCmd(io *iostreams, runF func(context.Context, *listFrameworksOptions) error) *cobra.Command {
	opts := &listFrameworksOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "list-frameworks",
		Short: "List the indexed frameworks with their document counts",
		Long: `List every framework in the index: its identifier (what --framework takes),
display name, import name and number of documents. --framework also accepts
the display and import names shown here.`,
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON")
	return cmd
}

func runListFrameworks(ctx context.Context, o *listFrameworksOptions) error {
	st, err := o.DB.openStore()
	if err != nil {
		return err
	}
	defer st.Close()
	fws, err := st.Frameworks(ctx)
	if err != nil {
		return fmt.Errorf("list frameworks: %w", err)
	}
	if o.JSON {
		enc := json.NewEncoder(o.IO.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(fws)
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
}
