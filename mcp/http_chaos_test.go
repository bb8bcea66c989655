package mcp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// The HTTP chaos tests abuse `serve --http` as a hostile client on the
// network would: each drives one attack at a server on 127.0.0.1, checks the
// server still serves an honest client, and logs one line:
//
//	chaos: http <attack>: <what was sent>, <what the server kept>, <duration>

// healthSessions is the session count /healthz reports to a caller with the
// token (or to anyone, when the server has none).
func healthSessions(t *testing.T, hs *httpServer, token string) int {
	t.Helper()
	p := hs.peer(t, "")
	p.token = token
	status, _, body := p.do(http.MethodGet, HealthEndpoint, nil, nil)
	var h struct {
		Sessions *int `json:"sessions"`
	}
	if err := json.Unmarshal(body, &h); status != http.StatusOK || err != nil || h.Sessions == nil {
		t.Fatalf("healthz: %d %s", status, body)
	}
	return *h.Sessions
}

// TestChaosHTTPIdlessInitialize: an initialize without an id is a
// notification to JSON-RPC, but mcp-go opened a session for it, outside
// --max-sessions. A thousand of them must open none: afterwards a real
// initialize succeeds and /healthz shows no more sessions than the cap.
func TestChaosHTTPIdlessInitialize(t *testing.T) {
	const limit, posts, workers = 4, 1000, 8
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{MaxSessions: limit})
	version := mcpgo.ProtocolVersion20250618
	params := map[string]any{"protocolVersion": version, "capabilities": map[string]any{},
		"clientInfo": map[string]any{"name": "chaos", "version": "1"}}
	variants := []string{
		frame(version, "", "initialize", params),
		`{"jsonrpc":"1.0","method":"initialize","params":{"protocolVersion":"` + version + `","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"method":"initialize"}`,
		`{"jsonrpc":"2.0","METHOD":"initialize","params":{}}`,
		`{"jsonrpc":"2.0","id":null,"method":"initialize","params":{}}`,
	}
	var next, refused atomic.Int64
	statuses := sync.Map{}
	started := time.Now()
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			p := hs.peer(t, version)
			for i := next.Add(1); i <= posts; i = next.Add(1) {
				status, _, err := p.tryPost(variants[int(i)%len(variants)])
				if err != nil {
					t.Error(err)
					return
				}
				if status >= 400 && status < 500 {
					refused.Add(1)
				} else {
					statuses.Store(status, variants[int(i)%len(variants)])
				}
			}
		})
	}
	wg.Wait()
	took := time.Since(started)
	statuses.Range(func(status, body any) bool {
		t.Errorf("an id-less initialize got %d, want a 4xx refusal: %s", status, body)
		return true
	})
	p := hs.peer(t, version)
	p.handshake() // fails the test when the server is full
	if n := healthSessions(t, hs, ""); n > limit || n != 1 {
		t.Errorf("/healthz shows %d sessions after %d id-less initializes and one real one; want 1 (cap %d)", n, posts, limit)
	}
	t.Logf("chaos: http id-less initialize: %d posts, %d refused 4xx, a real initialize then answered, %d of %d sessions open, %s",
		posts, refused.Load(), healthSessions(t, hs, ""), limit, took.Round(time.Millisecond))
}

// stalledPost opens a connection to hs and sends a POST of body whose
// headers and first bytes arrive but whose rest does not; finish sends the
// rest and reads the answer's status line.
func stalledPost(t *testing.T, hs *httpServer, p *httpPeer, body string) (finish func() (string, error)) {
	t.Helper()
	conn, err := net.DialTimeout("tcp", strings.TrimPrefix(hs.base, "http://"), 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	var req strings.Builder
	fmt.Fprintf(&req, "POST %s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n", HTTPEndpoint, strings.TrimPrefix(hs.base, "http://"), len(body))
	h := p.headersFor(body)
	if p.token != "" {
		h.Set("Authorization", "Bearer "+p.token)
	}
	h.Write(&req)
	req.WriteString("\r\n")
	const sentFirst = 20
	if _, err := io.WriteString(conn, req.String()+body[:sentFirst]); err != nil {
		t.Fatal(err)
	}
	return func() (string, error) {
		if _, err := io.WriteString(conn, body[sentFirst:]); err != nil {
			return "", err
		}
		conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		return bufio.NewReader(conn).ReadString('\n')
	}
}

// TestChaosHTTPStalledBodies: a client that sends a request's headers and
// then stalls its body held one of the --max-sessions places for requests in
// flight for up to the 30 s read timeout; a few such clients shut everyone
// out. The body is read before a place is taken, so with both places' worth
// of stalled bodies and many more, other clients are answered at once, and
// each stalled request is answered when its body does arrive.
func TestChaosHTTPStalledBodies(t *testing.T) {
	const inFlight, stalled, honest = 2, 16, 20
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken, MaxSessions: inFlight})
	version := mcpgo.ProtocolVersion20260728
	body := frame(version, "7", "tools/list", nil)
	var finishers []func() (string, error)
	for range stalled {
		p := hs.peer(t, version)
		p.token = testToken
		finishers = append(finishers, stalledPost(t, hs, p, body))
	}
	started := time.Now()
	var slowest time.Duration
	answered := 0
	for i := range honest {
		p := hs.peer(t, version)
		p.token = testToken
		asked := time.Now()
		status, _, answer := p.post(frame(version, fmt.Sprint(i), "tools/list", nil))
		slowest = max(slowest, time.Since(asked))
		if status != http.StatusOK {
			t.Errorf("request %d while %d bodies stall: %d %s", i, stalled, status, clip(string(answer), 200))
			continue
		}
		answered++
	}
	took := time.Since(started)
	for i, finish := range finishers {
		line, err := finish()
		if err != nil || !strings.Contains(line, " 200 ") {
			t.Errorf("stalled request %d, its body sent: %q %v, want 200", i, line, err)
		}
	}
	t.Logf("chaos: http stalled bodies: %d requests stalled mid-body with %d in-flight places, %d of %d other requests answered 200 (slowest %s), %s",
		stalled, inFlight, answered, honest, slowest.Round(time.Millisecond), took.Round(time.Millisecond))
}
