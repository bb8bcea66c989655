package main

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/mcp"
)

// TestBenchHTTPLoadsAServer serves the demo index with a real `serve
// --http` on 127.0.0.1 and checks the report: a row per session count with
// calls per second, p50, p99 and CPU per call for search and read_document,
// no failed call, the largest pages' row and the server's peak RSS.
func TestBenchHTTPLoadsAServer(t *testing.T) {
	phase := `\s+[0-9]+ calls/s\s+p50 [0-9.]+(ms|µs|s)\s+p99 [0-9.]+(ms|µs|s)\s+CPU [0-9.]+(ms|µs|s|ns)/call`
	report := benchReport(t, "bench http", func(io *iostreams, db dbFlags, bin string) error {
		return runBenchHTTP(context.Background(), &benchHTTPOptions{IO: io, DB: db, Binary: bin, Sessions: []int{1, 4}, Queries: 12, Rounds: 1,
			Timeout: 20 * time.Second})
	},
		`12 queries \(\d+ read\)`,
		`(?m)^1`+phase+phase+`$`,
		`(?m)^4`+phase+phase+`$`,
		`read_document of the \d+ largest pages, 1 session, 1 rounds:`+phase,
		`the same pages' first reads, before the phases:`+phase,
		`server peak RSS [0-9.]+ (KiB|MiB|GiB)`,
	)
	if regexp.MustCompile(`errors \d+`).MatchString(report) {
		t.Errorf("calls failed:\n%s", report)
	}
}

// The bench's lean calls count what fails as failed, over a real `serve
// --http`: an isError result (a page the index lacks, an unknown tool) and a
// call the server refuses (no token); a good call passes, and an answer in
// an event stream is read from its data lines.
func TestBenchSessionCallReportsFailures(t *testing.T) {
	ctx := context.Background()
	srv, err := startHTTPServer(ctx, testenv.CupertinoBinary(t), demoIndex(t))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.stop()
	hc := &http.Client{Transport: mcp.BearerTransport{Next: http.DefaultTransport, Token: srv.token}, Timeout: 20 * time.Second}
	cl, err := mcp.DialHTTP(ctx, srv.endpoint, hc, "bench-test")
	if err != nil {
		t.Fatal(err)
	}
	s := &benchSession{cl: cl, http: hc, endpoint: srv.endpoint}
	defer s.Close()
	if err := s.call(ctx, "search", map[string]any{"query": "View"}); err != nil {
		t.Errorf("a good search failed: %v", err)
	}
	for _, c := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"read_document", map[string]any{"uri": "apple-docs://no/such-page"}, "isError"},
		{"no_such_tool", map[string]any{}, "isError"},
	} {
		if err := s.call(ctx, c.name, c.args); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %v: %v, want an error with %q", c.name, c.args, err, c.want)
		}
	}
	stranger := &benchSession{cl: cl, http: &http.Client{Timeout: 20 * time.Second}, endpoint: srv.endpoint}
	if err := stranger.call(ctx, "search", map[string]any{"query": "View"}); err == nil || !strings.Contains(err.Error(), "HTTP 401") {
		t.Errorf("a call without the token: %v, want HTTP 401", err)
	}
	stream := []byte("event: message\nid: 1\ndata: {\"a\":\ndata: 1}\n\n")
	if got := string(lastEventData(stream)); got != "{\"a\":\n1}" {
		t.Errorf("lastEventData = %q", got)
	}
}
