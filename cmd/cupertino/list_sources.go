package main

import (
	"context"
	"fmt"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/termtext"
)

func newListSourcesCmd(io *iostreams, runF func(context.Context, *listOptions) error) *cobra.Command {
	return newListCmd(io, runF, commandSpec{
		Use:   "list-sources",
		Short: "List the indexed sources with their document counts and fetch dates",
		Long: `List every source the index holds, as the MCP tool list_sources does: its
documents, when its pages were fetched and how that is known ("crawl": the
newest page a crawl fetched; "git commit": the date of the commit fetched;
"newest file": a folder with no fetch record, dated by its newest file), then
the newest platform versions the documentation lists. An API newer than these
is not in the index; cupertino update brings it up to date.`,
	})
}

// sourceRow is one source of list-sources --json.
type sourceRow struct {
	Source    string `json:"source"`
	Documents int    `json:"documents"`
	FetchedAt string `json:"fetchedAt,omitempty"`
	FetchedBy string `json:"fetchedBy,omitempty"`
}

func runListSources(ctx context.Context, o *listOptions) error {
	return o.DB.withStore(func(st *index.Store) error {
		counts, err := st.Sources(ctx)
		if err != nil {
			return fmt.Errorf("list sources: %w", err)
		}
		fresh, err := st.Freshness(ctx)
		if err != nil {
			return err
		}
		var rows []sourceRow
		for _, s := range source.All {
			n, ok := counts[s.ID]
			if !ok {
				continue
			}
			row := sourceRow{Source: s.ID, Documents: n}
			if f, ok := fresh.Sources[s.ID]; ok && !f.FetchedAt.IsZero() {
				row.FetchedAt, row.FetchedBy = f.FetchedAt.UTC().Format(time.RFC3339), f.Basis
			}
			rows = append(rows, row)
		}
		if o.JSON {
			return printJSON(o.IO.Out, struct {
				Sources         []sourceRow       `json:"sources"`
				NewestPlatforms map[string]string `json:"newestPlatforms,omitempty"`
			}{rows, fresh.NewestPlatforms})
		}
		tw := tabwriter.NewWriter(o.IO.Out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "SOURCE\tDOCUMENTS\tFETCHED")
		for _, r := range rows {
			fetched := fresh.Describe(r.Source)
			if fetched == "" {
				fetched = "not recorded"
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\n", r.Source, r.Documents, termtext.Line(fetched))
		}
		tw.Flush()
		fmt.Fprintf(o.IO.Out, "Index %s.\n", fresh.CrawlDates())
		return nil
	})
}
