package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/benchkit"
)

// startupQueries are the first searches of the fresh processes, taken in
// turn: a type name, a task in words and a misspelt name, the three paths a
// first call can take through the ranker.
var startupQueries = []string{"ProgressView", "play a sound when a button is tapped", "UIViewControler"}

type benchStartupOptions struct {
	IO         *iostreams
	DB         dbFlags
	Runs       int
	DropCaches bool
	Queries    []string
	// Binary is the cupertino executable spawned; tests set it.
	Binary string
}

func newBenchStartupCmd(io *iostreams, runF func(context.Context, *benchStartupOptions) error) *cobra.Command {
	opts := &benchStartupOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "startup",
		Short: "Start-up: from starting `cupertino serve` to its first search answered",
		Long: `Start a fresh ` + "`cupertino serve`" + ` over stdio --runs times, send initialize and one
search, and time each run from process start to the search's answer, the
cost a client pays that spawns a server per call. With --drop-caches (root
only) the kernel's page cache is dropped before every run, the cold case.
Prints p50/p99/max and the largest peak RSS of the servers.`,
		Check: func(_ []string) error {
			if opts.Runs < 1 {
				return usageErrorf("--runs must be at least 1")
			}
			if opts.DropCaches && os.Geteuid() != 0 {
				return usageErrorf("--drop-caches needs root (it writes /proc/sys/vm/drop_caches)")
			}
			return nil
		},
	})
	opts.DB.bind(cmd.Flags())
	cmd.Flags().IntVar(&opts.Runs, "runs", 15, "fresh processes to start")
	cmd.Flags().BoolVar(&opts.DropCaches, "drop-caches", false, "drop the page cache before each run (root only)")
	cmd.Flags().StringSliceVar(&opts.Queries, "query", startupQueries, "first searches, taken in turn")
	return cmd
}

func runBenchStartup(ctx context.Context, o *benchStartupOptions) error {
	bin, err := benchBinary(o.Binary)
	if err != nil {
		return err
	}
	db := o.DB.path()
	if _, err := os.Stat(db); err != nil {
		return fmt.Errorf("search index: %w", err)
	}
	var lat benchkit.Latencies
	var peak int64
	for i := range o.Runs {
		if o.DropCaches {
			if err := dropPageCache(); err != nil {
				return err
			}
		}
		d, rss, err := firstSearch(ctx, bin, db, o.Queries[i%len(o.Queries)])
		if err != nil {
			return fmt.Errorf("run %d: %w", i+1, err)
		}
		lat.Add(d)
		peak = max(peak, rss)
	}
	cache := "warm page cache"
	if o.DropCaches {
		cache = "page cache dropped before each run"
	}
	w := o.IO.Out
	fmt.Fprintf(w, "index %s, %d fresh servers, %s, GOMAXPROCS %d\n", db, o.Runs, cache, runtime.GOMAXPROCS(0))
	fmt.Fprintf(w, "start to first search answered  %s\n", lat.Summary())
	fmt.Fprintf(w, "largest peak RSS of a server %s\n", humanBytes(peak))
	return nil
}

// dropPageCache empties the kernel's page cache, so the next run reads the
// binary and the index from disk.
func dropPageCache() error {
	exec.Command("sync").Run()
	if err := os.WriteFile("/proc/sys/vm/drop_caches", []byte("3\n"), 0); err != nil {
		return fmt.Errorf("drop page cache: %w", err)
	}
	return nil
}

// firstSearch starts one server, initializes it, searches once and returns
// the time from start to the search's answer and the server's peak RSS.
func firstSearch(ctx context.Context, bin, db, query string) (time.Duration, int64, error) {
	cmd := exec.CommandContext(ctx, bin, "serve", "--search-db", db)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return 0, 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return 0, 0, err
	}
	started := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, 0, fmt.Errorf("start server: %w", err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	enc := json.NewEncoder(stdin)
	for _, msg := range []map[string]any{
		{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
			"protocolVersion": "2025-06-18", "capabilities": map[string]any{},
			"clientInfo": map[string]any{"name": "cupertino-bench", "version": "1"}}},
		{"jsonrpc": "2.0", "method": "notifications/initialized"},
		{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": map[string]any{
			"name": "search", "arguments": map[string]any{"query": query}}},
	} {
		if err := enc.Encode(msg); err != nil {
			return 0, 0, fmt.Errorf("write request: %w", err)
		}
	}
	lines := bufio.NewScanner(stdout)
	lines.Buffer(make([]byte, 1<<20), 16<<20)
	for lines.Scan() {
		var resp struct {
			ID     int             `json:"id"`
			Error  json.RawMessage `json:"error"`
			Result struct {
				IsError bool `json:"isError"`
			} `json:"result"`
		}
		if err := json.Unmarshal(lines.Bytes(), &resp); err != nil || resp.ID != 2 {
			continue
		}
		took := time.Since(started)
		if len(resp.Error) > 0 || resp.Result.IsError {
			return 0, 0, fmt.Errorf("search %q failed: %s", query, lines.Text())
		}
		return took, benchkit.PeakRSS(cmd.Process.Pid), nil
	}
	return 0, 0, fmt.Errorf("server ended before answering the search (%v)", lines.Err())
}

// benchBinary is the binary a bench runs: the one named, or this one.
func benchBinary(named string) (string, error) {
	if named != "" {
		return named, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find own executable: %w", err)
	}
	return exe, nil
}
