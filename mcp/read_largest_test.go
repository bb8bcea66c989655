package mcp

import (
	"context"
	"os"
	"runtime/pprof"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/benchkit"
	"github.com/cupertino-go/cupertino/internal/memo"
	"github.com/cupertino-go/cupertino/internal/testenv"
)

// readHeavyPages are pages the largest-by-size list may miss that were slow
// for other reasons: swiftui/view and uiviewcontroller list hundreds of
// links and are used in hundreds of sample files; swift/error is short but
// `Error` is used in 741 files.
var readHeavyPages = []string{"apple-docs://swiftui/view", "apple-docs://uikit/uiviewcontroller", "apple-docs://swift/error"}

// TestReadLargestPagesBudget reads the 20 largest pages of the full index
// (and readHeavyPages) with read_document, one call at a time, seven
// rounds after a warm-up, each read rendering its page (the page kept from
// the round before is forgotten; reads of kept pages are logged apart),
// and fails when the median CPU a page's read
// costs exceeds twice readDocumentBudgetMS for any page (the pages over the
// budget itself are counted in the log). CPU, and the median of
// each page's rounds: the machines that run it are shared, and latency
// there, or the slowest of a few rounds, measures the neighbours. Latency
// percentiles over all reads are logged beside it. Before links were
// resolved rule by rule over ranges and "Used in samples" stopped joining
// every use, these pages cost 30–75 ms each. CUPERTINO_READ_PROFILE, when
// set, receives a CPU profile of the measured rounds.
func TestReadLargestPagesBudget(t *testing.T) {
	db := testenv.FullIndexDB(t)
	srv, st := serverStore(t, Options{DBPath: db, Logger: testLogger(t), NewSearcher: rankerSearcher})
	uris, err := st.LargestPages(context.Background(), 20)
	if err != nil {
		t.Fatal(err)
	}
	uris = append(uris, readHeavyPages...)
	// The ranker and the listings load in the background after New; their
	// CPU must not count against the reads.
	if _, err := srv.backend.search(context.Background()); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.backend.listings(context.Background()); err != nil {
		t.Fatal(err)
	}
	_, handler := readDocumentTool(srv.backend)
	read := func(uri string) (wall, cpu time.Duration) {
		req := mcpgo.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "read_document", map[string]any{"uri": uri}
		cpu0, t0 := benchkit.ProcessCPU(0), time.Now()
		res, err := handler(context.Background(), req)
		wall, cpu = time.Since(t0), benchkit.ProcessCPU(0)-cpu0
		if err != nil {
			t.Fatalf("%s: %v", uri, err)
		}
		if res.IsError {
			t.Fatalf("%s: isError: %s", uri, clip(resultText(res), 300))
		}
		return wall, cpu
	}
	for _, u := range uris {
		read(u) // warm-up: page cache, connections, the per-index caches
	}
	if path := os.Getenv("CUPERTINO_READ_PROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			t.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	snap, err := srv.backend.snapshot()
	if err != nil {
		t.Fatal(err)
	}
	// Each measured read renders its page: the page read_document kept
	// from the round before is forgotten first. The reads of kept pages
	// are measured apart, after.
	forgetPages := func() { snap.pages = memo.NewWeighed[pageKey, *readPage](pageCacheBytes, pageWeight) }
	var walls, cpus, keptWalls benchkit.Latencies
	perPage := map[string]*benchkit.Latencies{}
	for range 7 {
		for _, u := range uris {
			forgetPages()
			wall, cpu := read(u)
			walls.Add(wall)
			cpus.Add(cpu)
			if perPage[u] == nil {
				perPage[u] = &benchkit.Latencies{}
			}
			perPage[u].Add(cpu)
		}
	}
	for _, u := range uris {
		read(u) // kept again after the last round forgot them
	}
	for range 7 {
		for _, u := range uris {
			wall, _ := read(u)
			keptWalls.Add(wall)
		}
	}
	t.Logf("read_document over the %d largest pages and %d heavy ones, one at a time (load average %s):\n"+
		"latency %s\nCPU     %s\nthe pages read_document kept, read again: latency %s",
		len(uris)-len(readHeavyPages), len(readHeavyPages), loadAverage(), walls.Summary(), cpus.Summary(), keptWalls.Summary())
	over := 0
	for _, u := range uris {
		median := perPage[u].Percentile(50)
		t.Logf("median CPU %-9s %s", benchkit.Round(median), u)
		switch {
		case median > 2*readDocumentBudgetMS*time.Millisecond:
			t.Errorf("read_document of %s costs %s of CPU (median of 7), over twice its %d ms budget", u, benchkit.Round(median), readDocumentBudgetMS)
		case median > readDocumentBudgetMS*time.Millisecond:
			over++
		}
	}
	// Issue #29's target is the budget itself; it is not met on every page
	// yet (docs/benchmarks.md), so past it the test reports, and fails only
	// at twice it, as TestBenchServe does: a regression, not the target.
	t.Logf("pages over the %d ms target: %d of %d", readDocumentBudgetMS, over, len(uris))
}
