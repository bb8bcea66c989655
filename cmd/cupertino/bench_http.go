package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/mcp"
)

// httpMix is the query mix of `bench http` without --batteries: API names,
// tasks in words, misspellings and common words, in about the proportions
// agents send them.
var httpMix = []string{
	"View", "URLSession", "NavigationStack", "UIViewController", "AVAudioPlayer", "Task", "Codable", "@Observable",
	"CoreData", "SwiftData", "ProgressView", "LazyVGrid", "async let", "MainActor", "NSAttributedString", "CLLocationManager",
	"play a sound when a button is tapped", "pull down to reload a list", "ask user to confirm before deleting",
	"show a spinner while loading", "store a password securely", "count the user's steps", "make the phone vibrate",
	"schedule a local notification", "download a file in the background", "how do actors isolate state",
	"global actor inference rules", "read the user's location once",
	"UIViewControler", "NSURLSesion", "navigatoinstack",
	"view", "data", "string", "error", "the",
}

// warmSessions is how many sessions warm the server up at once: more than
// the connections of its read pool (mcp.serveConnections, 4).
const warmSessions = 8

type benchHTTPOptions struct {
	IO     *iostreams
	DB     dbFlags
	Binary string
	// PagesFrom is the index whose largest pages are read; "" means DB's.
	PagesFrom string
	Sessions  []int
	Queries   int
	Batches   []string
	Rounds    int
	Timeout   time.Duration
}

func newBenchHTTPCmd(io *iostreams, runF func(context.Context, *benchHTTPOptions) error) *cobra.Command {
	opts := &benchHTTPOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "http",
		Short: "Load: search and read_document over Streamable HTTP at 1, 4, 16 and 64 sessions",
		Long: `Start ` + "`cupertino serve --http`" + ` on 127.0.0.1 (this binary, or --binary, such as an
older build to compare with) with a random token, and load it with MCP
clients: for each --sessions count, that many sessions search the mix of
--queries queries at once (each session starts at its own place in the mix,
and the sessions make --queries searches between them, at least one each),
then read_document the top result of each query in the same way. Then one
session reads the 20 largest pages of the index (by their source's size),
--rounds times; their first reads, before the phases, are reported apart. Each phase stops starting calls after --timeout. Before
the phases, the mix is searched and read once from one session and twice
from 8 at once, so that the phases measure a warm server.

Sessions open with an MCP client; the measured calls are plain JSON-RPC
POSTs on them, each answer read to its last byte and checked for an error,
without decoding its content: the client runs on the server's machine, and
a full MCP client's decoding of a large page costs more CPU than serving it.

Prints, per phase, calls per second, latency p50 and p99, and the CPU the
server used per call (from /proc, in 10 ms ticks over the phase), then the
server's peak RSS. The machine's other work moves latency; CPU per call
moves less. The mix is a built-in one of names, tasks, misspellings and
common words, or the queries of --batteries, taken evenly.`,
		Check: func(_ []string) error {
			if opts.Queries < 1 || opts.Rounds < 1 {
				return usageErrorf("--queries and --rounds must be at least 1")
			}
			for _, n := range opts.Sessions {
				if n < 1 || n > 200 {
					return usageErrorf("--sessions: %d is not between 1 and 200", n)
				}
			}
			return nil
		},
	})
	opts.DB.bind(cmd.Flags())
	f := cmd.Flags()
	f.StringVar(&opts.Binary, "binary", "", "cupertino executable to serve (default: this one)")
	f.StringVar(&opts.PagesFrom, "pages-from", "", "index that names the 20 largest pages (default: the served one); lets a build that reads an older schema be compared on the same pages")
	f.IntSliceVar(&opts.Sessions, "sessions", []int{1, 4, 16, 64}, "concurrent sessions, one load phase each")
	f.IntVar(&opts.Queries, "queries", 100, "queries in the mix, and searches (and reads) per phase")
	f.StringSliceVar(&opts.Batches, "batteries", nil, "battery .tsv files or directories whose queries make the mix")
	f.IntVar(&opts.Rounds, "rounds", 5, "rounds over the 20 largest pages")
	f.DurationVar(&opts.Timeout, "timeout", time.Minute, "longest a phase starts calls for")
	return cmd
}

// httpPhase is what one phase measured.
type httpPhase struct {
	calls   int
	errors  int
	took    time.Duration
	cpu     time.Duration
	latency benchkit.Latencies
	first   error
}

func (p *httpPhase) String() string {
	if p.calls == 0 {
		return "no calls"
	}
	s := fmt.Sprintf("%6.0f calls/s  p50 %-8s p99 %-8s CPU %s/call", float64(p.calls)/p.took.Seconds(),
		benchkit.Round(p.latency.Percentile(50)), benchkit.Round(p.latency.Percentile(99)), benchkit.Round(p.cpu/time.Duration(p.calls)))
	if p.errors > 0 {
		s += fmt.Sprintf("  errors %d (first: %v)", p.errors, p.first)
	}
	return s
}

func runBenchHTTP(ctx context.Context, o *benchHTTPOptions) error {
	bin, err := benchBinary(o.Binary)
	if err != nil {
		return err
	}
	queries, err := httpQueries(o)
	if err != nil {
		return err
	}
	db := o.DB.path()
	pages := o.DB
	if o.PagesFrom != "" {
		pages = dbFlags{SearchDB: o.PagesFrom}
	}
	st, err := pages.openStore()
	if err != nil {
		return err
	}
	largest, err := st.LargestPages(ctx, 20)
	st.Close()
	if err != nil {
		return err
	}
	srv, err := startHTTPServer(ctx, bin, db)
	if err != nil {
		return err
	}
	defer srv.stop()
	maxSessions := 1
	for _, n := range o.Sessions {
		maxSessions = max(maxSessions, n)
	}
	pool := &http.Transport{MaxIdleConns: 2 * maxSessions, MaxIdleConnsPerHost: 2 * maxSessions, IdleConnTimeout: time.Minute}
	defer pool.CloseIdleConnections()
	httpClient := &http.Client{Transport: mcp.BearerTransport{Next: pool, Token: srv.token}, Timeout: time.Minute}
	dial := func(ctx context.Context) (*client.Client, error) {
		return mcp.DialHTTP(ctx, srv.endpoint, httpClient, "cupertino-bench")
	}
	connect := func(ctx context.Context) (*benchSession, error) {
		cl, err := dial(ctx)
		if err != nil {
			return nil, err
		}
		return &benchSession{cl: cl, http: httpClient, endpoint: srv.endpoint}, nil
	}

	// Warm-up, one session: the ranker loads in the background after the
	// server starts; the top result of each query is what the read phases
	// read.
	w := o.IO.Out
	warm, err := dial(ctx)
	if err != nil {
		return err
	}
	var reads []string
	for _, q := range queries {
		uri, err := topResult(ctx, warm, q)
		if err != nil {
			warm.Close()
			return fmt.Errorf("warm-up search %q: %w", q, err)
		}
		if uri != "" {
			reads = append(reads, uri)
		}
	}
	warm.Close()
	// The largest pages' first reads, which render them; the phase below
	// reads them again, as an agent reading on with offset= does.
	firstReads := runPhase(ctx, srv.pid, 1, len(largest), o.Timeout, connect, func(i int) (string, map[string]any) {
		return "read_document", map[string]any{"uri": largest[i]}
	})
	if firstReads.errors > 0 {
		return fmt.Errorf("first reads of the largest pages: %d failed; the first: %w", firstReads.errors, firstReads.first)
	}
	if len(reads) == 0 {
		return errors.New("no search of the mix found anything to read")
	}
	// Then the mix again from warmSessions sessions at once, so that every
	// connection of the server's read pool has prepared its statements (a
	// pool connection prepares a statement on its first use of it): the
	// phases measure a server in its steady state, not its first minute.
	for _, tool := range []func(i int) (string, map[string]any){
		func(i int) (string, map[string]any) {
			return "search", map[string]any{"query": queries[i%len(queries)]}
		},
		func(i int) (string, map[string]any) {
			return "read_document", map[string]any{"uri": reads[i%len(reads)]}
		},
	} {
		if p := runPhase(ctx, srv.pid, warmSessions, 2*len(queries), o.Timeout, connect, tool); p.errors > 0 {
			return fmt.Errorf("warm-up: %d calls failed; the first: %w", p.errors, p.first)
		}
	}

	fmt.Fprintf(w, "server %s over %s, %d queries (%d read), load average %s, %d CPUs\n",
		bin, db, len(queries), len(reads), loadAverage(), runtime.NumCPU())
	fmt.Fprintf(w, "%-9s %-60s %s\n", "sessions", "search", "read_document")
	for _, n := range o.Sessions {
		search := runPhase(ctx, srv.pid, n, o.Queries, o.Timeout, connect, func(i int) (string, map[string]any) {
			return "search", map[string]any{"query": queries[i%len(queries)]}
		})
		read := runPhase(ctx, srv.pid, n, o.Queries, o.Timeout, connect, func(i int) (string, map[string]any) {
			return "read_document", map[string]any{"uri": reads[i%len(reads)]}
		})
		fmt.Fprintf(w, "%-9d %-60s %s\n", n, search, read)
	}
	big := runPhase(ctx, srv.pid, 1, o.Rounds*len(largest), o.Timeout, connect, func(i int) (string, map[string]any) {
		return "read_document", map[string]any{"uri": largest[i%len(largest)]}
	})
	fmt.Fprintf(w, "read_document of the %d largest pages, 1 session, %d rounds: %s\n", len(largest), o.Rounds, big)
	fmt.Fprintf(w, "the same pages' first reads, before the phases:             %s\n", firstReads)
	fmt.Fprintf(w, "server peak RSS %s\n", humanBytes(benchkit.PeakRSS(srv.pid)))
	return nil
}

// httpQueries is the mix: --queries queries taken evenly from the
// batteries, or the built-in mix repeated.
func httpQueries(o *benchHTTPOptions) ([]string, error) {
	pool := httpMix
	if len(o.Batches) > 0 {
		batteries, err := loadBatteries(o.Batches)
		if err != nil {
			return nil, err
		}
		pool = nil
		for _, b := range batteries {
			for _, c := range b.Cases {
				pool = append(pool, c.Query)
			}
		}
		if len(pool) == 0 {
			return nil, usageErrorf("--batteries: no queries found")
		}
	}
	out := make([]string, o.Queries)
	for i := range out {
		if len(pool) >= o.Queries {
			out[i] = pool[i*len(pool)/o.Queries] // evenly spread
		} else {
			out[i] = pool[i%len(pool)]
		}
	}
	return out, nil
}

// runPhase has sessions clients make calls calls between them at once
// (call i is made by session i % sessions), each client in its own session,
// starting none after timeout, and measures them and the server's CPU.
func runPhase(ctx context.Context, pid, sessions, calls int, timeout time.Duration,
	connect func(context.Context) (*benchSession, error), call func(i int) (string, map[string]any)) *httpPhase {
	calls = max(calls, sessions)
	clients := make([]*benchSession, sessions)
	p := &httpPhase{}
	for s := range clients {
		cl, err := connect(ctx)
		if err != nil {
			p.errors, p.first = 1, fmt.Errorf("session %d: %w", s, err)
			for _, c := range clients[:s] {
				c.Close()
			}
			return p
		}
		clients[s] = cl
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	deadline := time.Now().Add(timeout)
	cpu0, started := benchkit.ProcessCPU(pid), time.Now()
	for s, cl := range clients {
		wg.Go(func() {
			var mine []time.Duration
			var errs int
			var first error
			for i := s; i < calls && time.Now().Before(deadline); i += sessions {
				name, args := call(i)
				t0 := time.Now()
				if err := cl.call(ctx, name, args); err != nil {
					errs++
					if first == nil {
						first = err
					}
					continue
				}
				mine = append(mine, time.Since(t0))
			}
			mu.Lock()
			defer mu.Unlock()
			for _, d := range mine {
				p.latency.Add(d)
			}
			p.errors += errs
			if p.first == nil {
				p.first = first
			}
		})
	}
	wg.Wait()
	p.took, p.cpu = time.Since(started), benchkit.ProcessCPU(pid)-cpu0
	p.calls = p.latency.Len()
	for _, cl := range clients {
		cl.Close() // ends the session (DELETE)
	}
	return p
}

func callTool(ctx context.Context, cl *client.Client, name string, args map[string]any) error {
	_, err := callToolResult(ctx, cl, name, args)
	return err
}

func callToolResult(ctx context.Context, cl *client.Client, name string, args map[string]any) (*mcpgo.CallToolResult, error) {
	req := mcpgo.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := cl.CallTool(ctx, req)
	if err != nil {
		return nil, err
	}
	if res.IsError {
		text := ""
		for _, c := range res.Content {
			if t, ok := c.(mcpgo.TextContent); ok {
				text += t.Text
			}
		}
		return nil, fmt.Errorf("%s: isError: %.200s", name, text)
	}
	return res, nil
}

// topResult searches query and returns the URI of its first result, "" for
// none.
func topResult(ctx context.Context, cl *client.Client, query string) (string, error) {
	res, err := callToolResult(ctx, cl, "search", map[string]any{"query": query, "limit": 1})
	if err != nil {
		return "", err
	}
	var out struct {
		Results []struct {
			URI string `json:"uri"`
		} `json:"results"`
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return "", err
	}
	if err := json.Unmarshal(raw, &out); err != nil || len(out.Results) == 0 {
		return "", nil
	}
	return out.Results[0].URI, nil
}

// httpServer is a `cupertino serve --http` child process.
type httpServer struct {
	cmd      *exec.Cmd
	pid      int
	token    string
	endpoint string
	stop     func() // interrupts the server and waits for it to exit
}

// startHTTPServer starts bin serving db on a free loopback port with a
// random token (passed in the environment, not on its command line) and
// waits for /healthz to answer 200.
func startHTTPServer(ctx context.Context, bin, db string) (*httpServer, error) {
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return nil, err
	}
	token := hex.EncodeToString(secret)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.CommandContext(ctx, bin, "serve", "--http", addr, "--search-db", db)
	cmd.Env = append(os.Environ(), tokenEnv+"="+token)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	srv := &httpServer{cmd: cmd, pid: cmd.Process.Pid, token: token, endpoint: "http://" + addr + "/mcp"}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	health := "http://" + addr + "/healthz"
	for deadline := time.Now().Add(time.Minute); ; {
		select {
		case err := <-exited:
			return nil, fmt.Errorf("%s serve --http exited before answering: %v", bin, err)
		case <-time.After(50 * time.Millisecond):
		}
		if resp, err := http.Get(health); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				srv.stop = func() {
					cmd.Process.Signal(os.Interrupt)
					select {
					case <-exited:
					case <-time.After(10 * time.Second):
						cmd.Process.Kill()
						<-exited
					}
				}
				return srv, nil
			}
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-exited
			return nil, fmt.Errorf("%s serve --http: /healthz did not answer 200 within a minute", bin)
		}
	}
}

// loadAverage is /proc/loadavg's first three fields, "?" without it.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
