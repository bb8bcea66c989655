package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// Load of the HTTP transport: loadSessions clients at once, each opening a
// session and making loadSearches searches one after another, as agents do.
const (
	loadSessions = 200
	loadSearches = 50
	// meanWaitMultiple bounds the slowest calls against the mean wait.
	meanWaitMultiple = 4
)

// TestLoadHTTPConcurrentSessions serves the full index over HTTP on
// 127.0.0.1 to 200 concurrent sessions of 50 searches each, made by mcp-go's
// client (its code, not ours, speaks the protocol), and checks that every
// call is answered without error, that the server leaks neither goroutines
// nor file descriptors once the sessions have ended and it has shut down,
// and reports p50/p99 latency and the process's memory. It runs only with
// CUPERTINO_DB pointing at a full search.db.
func TestLoadHTTPConcurrentSessions(t *testing.T) {
	db := testenv.FullIndexDB(t)
	goroutinesBefore, fdsBefore := runtime.NumGoroutine(), openFDs(t)

	srv, err := New(context.Background(), Options{DBPath: db, Logger: testLogger(t), NewSearcher: rankerSearcher})
	if err != nil {
		t.Fatal(err)
	}
	// Every client comes from 127.0.0.1, as a team's would from one proxy:
	// the per-address cap is raised as docs/scaling.md tells a proxy's
	// operator to.
	addr, stop := serveHTTPLoopback(t, srv, HTTPOptions{Token: testToken, MaxConnectionsPerAddress: 4 * loadSessions})
	// One connection pool for every client, large enough that no session
	// waits for a connection.
	connect, pool := httpClients(addr, 2*loadSessions, "load")
	search := func(ctx context.Context, cl *client.Client, query string) error {
		req := mcpgo.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "search", map[string]any{"query": query}
		res, err := cl.CallTool(ctx, req)
		if err != nil {
			return err
		}
		if res.IsError {
			return fmt.Errorf("isError: %s", clip(resultText(res), 200))
		}
		return nil
	}

	// Warm-up: the ranker finishes loading in the background after start.
	runCtx, cancelRun := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancelRun()
	warm, err := connect(runCtx)
	if err != nil {
		t.Fatal(err)
	}
	if err := search(runCtx, warm, "View"); err != nil {
		t.Fatal(err)
	}
	warm.Close()

	var (
		mu         sync.Mutex
		latencies  benchkit.Latencies
		errorCount atomic.Int64
		firstErr   atomic.Value
		peakFDs    atomic.Int64
		wg         sync.WaitGroup
	)
	fail := func(err error) {
		errorCount.Add(1)
		firstErr.CompareAndSwap(nil, err.Error())
	}
	started := time.Now()
	for i := range loadSessions {
		wg.Go(func() {
			cl, err := connect(runCtx)
			if err != nil {
				fail(fmt.Errorf("session %d: %w", i, err))
				return
			}
			defer cl.Close() // ends the session (DELETE)
			mine := make([]time.Duration, 0, loadSearches)
			for j := range loadSearches {
				callStarted := time.Now()
				if err := search(runCtx, cl, benchQueries[(i*loadSearches+j)%len(benchQueries)]); err != nil {
					fail(fmt.Errorf("session %d search %d: %w", i, j, err))
					continue
				}
				mine = append(mine, time.Since(callStarted))
			}
			if n := int64(openFDsQuiet()); n > peakFDs.Load() {
				peakFDs.Store(n)
			}
			mu.Lock()
			for _, d := range mine {
				latencies.Add(d)
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	took := time.Since(started)
	sessionsLeft := openSessions(t, addr)
	rss, peakRSS := benchkit.RSS(0), benchkit.PeakRSS(0)

	if err := stop(); err != nil {
		t.Error(err)
	}
	pool.CloseIdleConnections()
	goroutinesAfter := settle(func() int { return runtime.NumGoroutine() }, goroutinesBefore)
	fdsAfter := settle(func() int { return openFDs(t) }, fdsBefore)

	calls := latencies.Len()
	t.Logf("\n%d sessions × %d searches over HTTP on 127.0.0.1, index %s (%d CPUs, load average %s)\n"+
		"%d calls in %s (%.0f calls/s), errors %d\n"+
		"latency %s\n"+
		"sessions open after the clients closed: %d\n"+
		"goroutines %d before, %d after; file descriptors %d before, %d after (peak %d during)\n"+
		"process (server and clients) RSS %d MB at the end of the load, peak %d MB",
		loadSessions, loadSearches, db, runtime.NumCPU(), loadAverage(),
		calls, took.Round(time.Millisecond), float64(calls)/took.Seconds(), errorCount.Load(),
		latencies.Summary(), sessionsLeft,
		goroutinesBefore, goroutinesAfter, fdsBefore, fdsAfter, peakFDs.Load(),
		rss>>20, peakRSS>>20)

	if n := errorCount.Load(); n != 0 {
		t.Errorf("%d calls failed; the first: %v", n, firstErr.Load())
	}
	if calls != loadSessions*loadSearches {
		t.Errorf("%d calls answered, want %d", calls, loadSessions*loadSearches)
	}
	if sessionsLeft != 0 {
		t.Errorf("%d sessions still open after every client ended its own", sessionsLeft)
	}
	if goroutinesAfter > goroutinesBefore {
		t.Errorf("goroutine leak: %d before, %d after the server stopped\n%s", goroutinesBefore, goroutinesAfter, goroutineDump())
	}
	if fdsAfter > fdsBefore {
		t.Errorf("file descriptor leak: %d before, %d after the server stopped", fdsBefore, fdsAfter)
	}
	// Every session asks again as soon as it has its answer, so by Little's
	// law the mean wait is the sessions over the throughput: how long it is
	// says how fast the machine is, not whether the server is fair. A call
	// that times out is an error above; what is checked here is that no
	// call waits far longer than the others: p99 within meanWaitMultiple of
	// the mean wait, or within half the call timeout on a machine fast
	// enough for that. Measured p99 has been 2.9-3.1 times the mean wait
	// here (2.4 s at 256 calls/s) and in CI (3.06 s at 193 calls/s).
	meanWait := time.Duration(float64(loadSessions) / (float64(calls) / took.Seconds()) * float64(time.Second))
	budget := max(DefaultCallTimeout/2, meanWaitMultiple*meanWait)
	if p99 := latencies.Percentile(99); p99 > budget {
		t.Errorf("search p99 %s under load, budget %s (mean wait %s; load average %s)", p99, budget, meanWait.Round(time.Millisecond), loadAverage())
	}
}

// openSessions asks the health check how many sessions the server holds.
func openSessions(t testing.TB, addr string) int {
	p := &httpPeer{t: t, base: "http://" + addr}
	_, _, body := p.do(http.MethodGet, HealthEndpoint, nil, nil)
	var h struct {
		Sessions int `json:"sessions"`
	}
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatalf("healthz: %q", body)
	}
	return h.Sessions
}

// settle samples count until it is at most want or 5 s have passed, and
// returns the last sample: goroutines and connections take a moment to end.
func settle(count func() int, want int) int {
	n := count()
	for deadline := time.Now().Add(5 * time.Second); n > want && time.Now().Before(deadline); n = count() {
		time.Sleep(50 * time.Millisecond)
	}
	return n
}

func openFDs(t testing.TB) int {
	n := openFDsQuiet()
	if n < 0 {
		t.Skip("no /proc/self/fd on this system")
	}
	return n
}

func openFDsQuiet() int {
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(entries)
}

func goroutineDump() string {
	buf := make([]byte, 1<<20)
	return string(buf[:runtime.Stack(buf, true)])
}
