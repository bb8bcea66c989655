package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/internal/source"
	"github.com/cupertino-go/cupertino/internal/termtext"
	"github.com/cupertino-go/cupertino/ranker"
)

// searchOptions are the flags of `cupertino search`.
type searchOptions struct {
	IO      *iostreams
	DB      dbFlags
	Query   string
	Filters ranker.Filters
	Source  string
	Format  string
	Explain bool
}

func newSearchCmd(io *iostreams, runF func(context.Context, *searchOptions) error) *cobra.Command {
	opts := &searchOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "search <query>",
		Short: "Search the index from a terminal",
		Long: `Search every source with the same ranker the MCP server uses.

The query may start with a source prefix ("swift-evolution actors", "hig
buttons"), carry @Attribute tokens ("@MainActor view") or name a type and a
member ("URLSession dataTask"). On a terminal the output fits its width (a row
per result when the columns fit, else three lines each, the URI kept whole);
in a pipe each result is one row of tab-aligned fields, none cut. A terminal's
output ends with a line saying when the index was crawled and the newest
platform versions it knows. Markdown
with --format markdown, and a stable JSON document with --format json:
{"query": …, "results": [{"uri", "title", "source", "framework", "kind",
"summary", "score", "availability", "deprecated"}]}.`,
		Args: cobra.MinimumNArgs(1),
		Check: func(args []string) error {
			opts.Query = strings.Join(args, " ")
			if opts.Source != "" {
				opts.Filters.Sources = strings.Split(opts.Source, ",")
			}
			switch opts.Format {
			case "text", "markdown", "json":
			default:
				return usageErrorf("--format must be text, markdown or json, not %q", opts.Format)
			}
			return nil
		},
	})
	f := cmd.Flags()
	opts.DB.bind(f)
	f.StringVar(&opts.Source, "source", "", "only these sources, comma-separated ("+strings.Join(source.IDs(), ", ")+")")
	f.StringVar(&opts.Filters.Framework, "framework", "", "only this framework (identifier, import name or display name)")
	f.StringVar(&opts.Filters.Language, "language", "", "only swift or objc pages")
	f.StringVar(&opts.Filters.Kind, "kind", "", "only this kind (struct, class, protocol, func, property, article, …)")
	f.StringVar(&opts.Filters.MinIOS, "min-ios", "", "only APIs available on iOS at or before this version")
	f.StringVar(&opts.Filters.MinMacOS, "min-macos", "", "only APIs available on macOS at or before this version")
	f.StringVar(&opts.Filters.MinTvOS, "min-tvos", "", "only APIs available on tvOS at or before this version")
	f.StringVar(&opts.Filters.MinWatchOS, "min-watchos", "", "only APIs available on watchOS at or before this version")
	f.StringVar(&opts.Filters.MinVisionOS, "min-visionos", "", "only APIs available on visionOS at or before this version")
	f.BoolVar(&opts.Filters.IncludeArchive, "include-archive", false, "admit Apple's retired guides, sample code, WWDC sessions and Swift packages for a bare API name too (one capitalised name, Type member or @attributes alone), which otherwise leaves them out; other queries include them already")
	f.IntVar(&opts.Filters.Year, "year", 0, "only WWDC sessions of this year (implies --source wwdc)")
	f.IntVar(&opts.Filters.Limit, "limit", ranker.DefaultLimit, fmt.Sprintf("number of results (maximum %d)", ranker.MaxLimit))
	f.StringVar(&opts.Format, "format", "text", "output format: text, markdown or json")
	f.BoolVar(&opts.Explain, "explain", false, "print every factor of every score")
	return cmd
}

func runSearch(ctx context.Context, o *searchOptions) error {
	st, eng, err := o.DB.openEngine(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	defer eng.Close() // runs first: statements before their database
	resp, err := eng.SearchQuery(ctx, o.Query, o.Filters)
	if err != nil {
		return fmt.Errorf("search: %w", err)
	}
	results := resp.Results
	if o.Format != "json" {
		writeReading(o.IO.Out, resp.Reading, o.Explain)
	}
	if !o.Explain {
		for i := range results {
			results[i].Explain = nil
		}
	}
	switch o.Format {
	case "json":
		var reading *ranker.Reading
		if o.Explain || resp.Reading.Corrected != "" {
			reading = &resp.Reading
		}
		return writeSearchJSON(o.IO.Out, o.Query, reading, results)
	case "markdown":
		writeSearchMarkdown(o.IO.Out, o.Query, results, o.Explain)
	default:
		writeSearchText(o.IO.Out, results, o.Explain, o.IO.terminalWidth())
		// A person at a terminal is told how old the index is; a pipe
		// keeps one row per result.
		if o.IO.IsTerminal {
			if f, err := st.Freshness(ctx); err == nil {
				writeSearchFooter(o.IO.Out, f, o.IO.terminalWidth())
			}
		}
	}
	return nil
}

// writeSearchFooter says when the index was crawled and the newest
// platform versions it knows: an API past them is not in it.
// The line is cut to the terminal's width, like the results.
func writeSearchFooter(w io.Writer, f index.Freshness, width int) {
	line := "Index " + f.CrawlDates() + "."
	if width > 0 {
		line = cutRunes(line, width)
	}
	fmt.Fprintf(w, "\n%s\n", line)
}

// writeReading says when the query was searched as something else than
// typed: always for a corrected spelling, and with --explain for code and
// messages (what was searched instead).
func writeReading(w io.Writer, r ranker.Reading, explain bool) {
	if r.Corrected != "" {
		fmt.Fprintf(w, "Showing results for %q.\n\n", r.Corrected)
	}
	if explain && r.Question != nil {
		fmt.Fprintf(w, "%s\n\n", termtext.Line(ranker.QuestionFormLine(*r.Question)))
	}
	if explain && len(r.Searches) > 0 {
		fmt.Fprintf(w, "Read as %s; searched: %s\n", r.Class, termtext.Line(strings.Join(r.SearchTexts(), " | ")))
		fmt.Fprintf(w, "%s\n\n", ranker.ReadingWeightsLine(r))
	}
	if explain && len(r.Ideas) > 0 {
		fmt.Fprintf(w, "Task lexicon: %s\n\n", termtext.Line(strings.Join(r.Ideas, " | ")))
	}
}

// searchJSON is the stable JSON shape of `search --format json`.
type searchJSON struct {
	Query   string          `json:"query"`
	Reading *ranker.Reading `json:"reading,omitempty"`
	Results []ranker.Result `json:"results"`
}

func writeSearchJSON(w io.Writer, query string, reading *ranker.Reading, results []ranker.Result) error {
	if results == nil {
		results = []ranker.Result{}
	}
	return printJSON(w, searchJSON{Query: query, Reading: reading, Results: results})
}

func writeSearchMarkdown(w io.Writer, query string, results []ranker.Result, explain bool) {
	fmt.Fprintf(w, "# Search: %s\n\n", termtext.Line(query))
	if len(results) == 0 {
		fmt.Fprintln(w, "No results.")
		return
	}
	for i, r := range results {
		fmt.Fprintf(w, "%d. **%s** — `%s`\n", i+1, termtext.Line(r.Title), termtext.Line(r.URI))
		if meta := resultMeta(r); meta != "" {
			fmt.Fprintf(w, "   %s\n", termtext.Line(meta))
		}
		if r.Summary != "" {
			fmt.Fprintf(w, "   %s\n", termtext.Line(r.Summary))
		}
		if explain {
			fmt.Fprint(w, termtext.Block(r.ExplainText()))
		}
	}
}

// cutRunes shortens s to at most n runes, ending in "..." when cut, and
// never splits a character.
func cutRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 3 {
		return strings.Repeat(".", max(n, 0))
	}
	r := []rune(s)
	return string(r[:n-3]) + "..."
}

// writeSearchText prints the results for a person. In a pipe (width 0)
// each is one row of aligned columns with every field whole, for grep and
// cut. On a terminal the output fits its width: one row per result when
// the columns fit with room for some of the summary, and otherwise three
// lines per result (number and title with the framework, kind and
// availability; the URI; the summary), each cut at the width but the URI,
// which is kept whole for `cupertino read`.
func writeSearchText(w io.Writer, results []ranker.Result, explain bool, width int) {
	if len(results) == 0 {
		fmt.Fprintln(w, "No results.")
		return
	}
	results = escapedForTerminal(results)
	if width <= 0 {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for i, r := range results {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", i+1, r.Title, r.URI, termtext.Line(resultMeta(r)), r.Summary)
			if explain {
				tw.Flush()
				fmt.Fprint(w, termtext.Block(r.ExplainText()))
			}
		}
		tw.Flush()
		return
	}
	rows := make([][4]string, len(results))
	var cols [4]int
	for i, r := range results {
		rows[i] = [4]string{strconv.Itoa(i + 1), r.Title, r.URI, termtext.Line(resultMeta(r))}
		for c, field := range rows[i] {
			cols[c] = max(cols[c], utf8.RuneCountInString(field))
		}
	}
	const gap, minSummary = 2, 24
	table := cols[0] + cols[1] + cols[2] + cols[3] + 4*gap
	for i, r := range results {
		if table+minSummary <= width {
			var line strings.Builder
			for c, field := range rows[i] {
				line.WriteString(padRunes(field, cols[c]+gap))
			}
			line.WriteString(cutRunes(r.Summary, width-table))
			fmt.Fprintln(w, strings.TrimRight(line.String(), " "))
		} else {
			number := padRunes(rows[i][0], cols[0]+gap)
			indent := strings.Repeat(" ", utf8.RuneCountInString(number))
			head := number + r.Title
			if meta := rows[i][3]; meta != "" {
				head += "  " + meta
			}
			fmt.Fprintln(w, cutRunes(head, width))
			if len(indent)+utf8.RuneCountInString(r.URI) <= width {
				fmt.Fprintln(w, indent+r.URI)
			} else {
				fmt.Fprintln(w, r.URI)
			}
			if r.Summary != "" {
				fmt.Fprintln(w, cutRunes(indent+r.Summary, width))
			}
		}
		if explain {
			fmt.Fprint(w, termtext.Block(r.ExplainText()))
		}
	}
}

// escapedForTerminal copies results with the fields a person sees escaped
// (control and bidi characters from the corpus never reach the terminal
// raw), so the width arithmetic counts what is printed.
func escapedForTerminal(results []ranker.Result) []ranker.Result {
	out := make([]ranker.Result, len(results))
	for i, r := range results {
		r.Title, r.URI, r.Summary = termtext.Line(r.Title), termtext.Line(r.URI), termtext.Line(r.Summary)
		out[i] = r
	}
	return out
}

// padRunes pads s with spaces to n runes.
func padRunes(s string, n int) string {
	if pad := n - utf8.RuneCountInString(s); pad > 0 {
		return s + strings.Repeat(" ", pad)
	}
	return s
}

// resultMeta is "swiftui · struct · iOS 13.0+ macOS 10.15+ · deprecated".
func resultMeta(r ranker.Result) string {
	var parts []string
	if r.Framework != "" {
		parts = append(parts, r.Framework)
	} else {
		parts = append(parts, r.Source)
	}
	if r.Kind != "" {
		parts = append(parts, r.Kind)
	}
	if avail := availabilityText(r.Availability); avail != "" {
		parts = append(parts, avail)
	}
	if r.Deprecated {
		parts = append(parts, "deprecated")
	}
	return strings.Join(parts, " · ")
}

func availabilityText(m map[string]string) string {
	order := map[string]int{"iOS": 0, "iPadOS": 1, "macOS": 2, "Mac Catalyst": 3, "tvOS": 4, "watchOS": 5, "visionOS": 6}
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool {
		oi, iok := order[names[i]]
		oj, jok := order[names[j]]
		if iok != jok {
			return iok
		}
		if oi != oj {
			return oi < oj
		}
		return names[i] < names[j]
	})
	var parts []string
	for _, n := range names {
		if m[n] != "" {
			parts = append(parts, n+" "+m[n]+"+")
		}
	}
	return strings.Join(parts, " ")
}
