package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
)

// errUnhealthy means doctor found a problem that stops search or serve.
var errUnhealthy = errors.New("cupertino is not ready")

func init() {
	commandConstructors = append(commandConstructors, func(io *iostreams) *cobra.Command {
		return newDoctorCmd(io, runDoctor)
	})
}

type doctorOptions struct {
	IO   *iostreams
	DB   dbFlags
	Deep bool
}

func newDoctorCmd(io *iostreams, runF func(context.Context, *doctorOptions) error) *cobra.Command {
	opts := &doctorOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the index, the source folders and the tools cupertino uses",
		Long: `Check that search.db opens with the current schema, count its documents per
source, list the enrich passes recorded in it, and report which source folders,
browser (for fetch) and Swift toolchain (for eval agent) are present. --deep
also runs SQLite's quick_check over the whole file. The exit status is 1 when
search and serve could not work.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runF(cmd.Context(), opts) },
	}
	opts.DB.bind(cmd.Flags())
	cmd.Flags().BoolVar(&opts.Deep, "deep", false, "also verify every page of the index (slow on a full index)")
	return cmd
}

func runDoctor(ctx context.Context, o *doctorOptions) error {
	w := o.IO.Out
	healthy := true
	mark := func(ok bool) string {
		if ok {
			return "ok  "
		}
		return "FAIL"
	}
	dbPath := o.DB.path()
	fmt.Fprintf(w, "Index %s\n", dbPath)
	st, err := index.Open(dbPath)
	if err != nil {
		healthy = false
		fmt.Fprintf(w, "  %s open: %v\n", mark(false), err)
	} else {
		defer st.Close()
		fi, _ := os.Stat(dbPath)
		fmt.Fprintf(w, "  %s opens, schema version %d, %s\n", mark(true), index.SchemaVersion, humanBytes(fi.Size()))
		if sources, err := st.Sources(ctx); err == nil {
			names := make([]string, 0, len(sources))
			for s := range sources {
				names = append(names, s)
			}
			sort.Strings(names)
			for _, s := range names {
				fmt.Fprintf(w, "       %-16s %d documents\n", s, sources[s])
			}
		}
		if meta, err := st.Meta(ctx); err == nil && meta["saved_at"] != "" {
			fmt.Fprintf(w, "       saved at %s\n", meta["saved_at"])
		}
		printEnrichRuns(ctx, w, st)
		if o.Deep {
			start := time.Now()
			err := st.IntegrityCheck(ctx)
			healthy = healthy && err == nil
			fmt.Fprintf(w, "  %s quick_check (%s)%s\n", mark(err == nil), time.Since(start).Round(time.Millisecond), errSuffix(err))
		}
	}

	fmt.Fprintf(w, "Sources under %s\n", o.DB.BaseDir)
	for _, name := range []string{"docs", "swift-evolution", "swift-book", "swift-org", "hig", "apple-archive"} {
		dir := filepath.Join(o.DB.BaseDir, name)
		state := "missing (save skips it)"
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			state = "present"
		}
		fmt.Fprintf(w, "       %-16s %s\n", name, state)
	}
	if free, err := index.StatfsFreeSpace(filepath.Dir(dbPath)); err == nil {
		fmt.Fprintf(w, "Free disk beside the index: %s\n", humanBytes(int64(free)))
	}
	fmt.Fprintf(w, "Tools\n")
	fmt.Fprintf(w, "       chromium         %s\n", lookTool("chromium", "chromium-browser", "google-chrome"))
	fmt.Fprintf(w, "       swiftc           %s\n", lookTool("swiftc"))
	if !healthy {
		return fmt.Errorf("%w: see the FAIL lines above", errUnhealthy)
	}
	return nil
}

func errSuffix(err error) string {
	if err == nil {
		return ""
	}
	return ": " + err.Error()
}

func lookTool(names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return "not found"
}

// printEnrichRuns lists the latest run of each enrich pass, if any.
func printEnrichRuns(ctx context.Context, w interface{ Write([]byte) (int, error) }, st *index.Store) {
	rows, err := st.DB().QueryContext(ctx, `SELECT pass, version, rows_touched, millis, ran_at FROM enrich_runs ORDER BY ran_at DESC`)
	if err != nil {
		return
	}
	defer rows.Close()
	seen := map[string]bool{}
	for rows.Next() {
		var pass, version, ranAt string
		var touched, millis int64
		if rows.Scan(&pass, &version, &touched, &millis, &ranAt) != nil || seen[pass] {
			continue
		}
		seen[pass] = true
		fmt.Fprintf(w, "       enrich %-12s v%s, %d rows, %d ms, %s\n", pass, version, touched, millis, ranAt)
	}
	if len(seen) == 0 {
		fmt.Fprintf(w, "       no enrich passes recorded (run `cupertino enrich`)\n")
	}
}
