package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/ranker"
)

// refusal decodes a refused request's JSON-RPC error.
func refusal(t testing.TB, body []byte) (code int, message string) {
	t.Helper()
	var m struct {
		ID    json.RawMessage `json:"id"`
		Error *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.Error == nil {
		t.Fatalf("want a JSON-RPC error, got %q", body)
	}
	return m.Error.Code, m.Error.Message
}

// TestHTTPRequiresToken: with a token set, an MCP request without it or with
// another is 401 with a Bearer challenge; the health check needs none; the
// token never reaches the log.
func TestHTTPRequiresToken(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken})
	list := frame(mcpgo.ProtocolVersion20260728, "1", "tools/list", nil)
	for _, c := range []struct {
		name, authorization string
		status              int
		challenge           string
	}{
		{"none", "", http.StatusUnauthorized, `Bearer realm="cupertino"`},
		{"wrong", "Bearer " + strings.ToUpper(testToken), http.StatusUnauthorized, `error="invalid_token"`},
		{"prefix", "Bearer " + testToken[:len(testToken)-1], http.StatusUnauthorized, `error="invalid_token"`},
		{"longer", "Bearer " + testToken + "x", http.StatusUnauthorized, `error="invalid_token"`},
		{"basic", "Basic " + testToken, http.StatusUnauthorized, `error="invalid_token"`},
		{"right", "Bearer " + testToken, http.StatusOK, ""},
		{"scheme in lower case", "bearer " + testToken, http.StatusOK, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := hs.peer(t, mcpgo.ProtocolVersion20260728)
			if c.authorization != "" {
				p.header.Set("Authorization", c.authorization)
			}
			status, h, body := p.post(list)
			if status != c.status {
				t.Fatalf("status %d, want %d: %s", status, c.status, body)
			}
			if c.status == http.StatusUnauthorized {
				if !strings.Contains(h.Get("WWW-Authenticate"), c.challenge) {
					t.Errorf("WWW-Authenticate %q lacks %q", h.Get("WWW-Authenticate"), c.challenge)
				}
				if code, msg := refusal(t, body); code != codeRefused || !strings.Contains(msg, "Unauthorized") {
					t.Errorf("refusal %d %q", code, msg)
				}
			}
		})
	}
	if status, _, _ := hs.peer(t, "").do(http.MethodGet, HealthEndpoint, nil, nil); status != http.StatusOK {
		t.Errorf("healthz without a token: %d, want 200", status)
	}
	if strings.Contains(hs.logs.String(), testToken[4:]) {
		t.Errorf("the token reached the log:\n%s", hs.logs)
	}
}

// TestHTTPRefusesForeignOrigins: DNS rebinding defence. A request whose
// Origin is neither loopback nor allowed is 403 even with the right token;
// loopback pages and --allow-origin ones pass, and get CORS headers.
func TestHTTPRefusesForeignOrigins(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken, AllowedOrigins: []string{"https://team.example.com"}})
	list := frame(mcpgo.ProtocolVersion20260728, "1", "tools/list", nil)
	for _, c := range []struct {
		origin string
		status int
	}{
		{"https://evil.example", http.StatusForbidden},
		{"http://attacker.test:8080", http.StatusForbidden},
		{"https://team.example.com.evil.example", http.StatusForbidden},
		{"http://team.example.com", http.StatusForbidden}, // another scheme is another origin
		{"null", http.StatusForbidden},
		{"file://", http.StatusForbidden},
		{"http://localhost:5173", http.StatusOK},
		{"http://127.0.0.1:6274", http.StatusOK},
		{"http://[::1]:3000", http.StatusOK},
		{"https://team.example.com", http.StatusOK},
		{"HTTPS://TEAM.EXAMPLE.COM", http.StatusOK},
		{"", http.StatusOK}, // not a browser
	} {
		p := hs.peer(t, mcpgo.ProtocolVersion20260728)
		p.token = testToken
		if c.origin != "" {
			p.header.Set("Origin", c.origin)
		}
		status, h, body := p.post(list)
		if status != c.status {
			t.Errorf("Origin %q: status %d, want %d: %s", c.origin, status, c.status, body)
			continue
		}
		if status == http.StatusForbidden {
			if code, msg := refusal(t, body); code != codeRefused || !strings.Contains(msg, "--allow-origin") {
				t.Errorf("Origin %q: refusal %d %q", c.origin, code, msg)
			}
		} else if c.origin != "" && h.Get("Access-Control-Allow-Origin") == "" {
			t.Errorf("Origin %q: allowed but no Access-Control-Allow-Origin", c.origin)
		}
	}
	// A browser asks first; the preflight carries no token.
	p := hs.peer(t, "")
	h := http.Header{"Origin": {"https://team.example.com"}, "Access-Control-Request-Method": {"POST"},
		"Access-Control-Request-Headers": {"authorization,content-type,mcp-protocol-version"}}
	status, rh, _ := p.do(http.MethodOptions, HTTPEndpoint, nil, h)
	if status >= 300 || !strings.Contains(strings.ToLower(rh.Get("Access-Control-Allow-Headers")), "authorization") {
		t.Errorf("preflight: %d, %v", status, rh)
	}
	h.Set("Origin", "https://evil.example")
	if status, _, _ := p.do(http.MethodOptions, HTTPEndpoint, nil, h); status != http.StatusForbidden {
		t.Errorf("preflight from a foreign origin: %d, want 403", status)
	}
}

// TestHTTPRefusesOversizeBodies: a body over MaxMessageBytes is 413 whether
// it declares its length or is chunked, and the server goes on answering.
func TestHTTPRefusesOversizeBodies(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{})
	version := mcpgo.ProtocolVersion20260728
	huge := frame(version, "1", "tools/call", map[string]any{"name": "search",
		"arguments": map[string]any{"query": strings.Repeat("x", MaxMessageBytes)}})
	p := hs.peer(t, version)
	for _, chunked := range []bool{false, true} {
		var body io.Reader = strings.NewReader(huge)
		if chunked {
			body = io.MultiReader(body) // hides the length: sent chunked
		}
		h := http.Header{"Content-Type": {"application/json"}, mcpgo.HeaderProtocolVersion: {version},
			mcpgo.HeaderMethod: {"tools/call"}, mcpgo.HeaderName: {"search"}}
		status, _, answer := p.do(http.MethodPost, HTTPEndpoint, body, h)
		if status != http.StatusRequestEntityTooLarge {
			t.Fatalf("chunked=%v: status %d, want 413: %s", chunked, status, clip(string(answer), 200))
		}
		if code, msg := refusal(t, answer); code != mcpgo.INVALID_REQUEST || !strings.Contains(msg, fmt.Sprint(MaxMessageBytes)) {
			t.Errorf("chunked=%v: refusal %d %q", chunked, code, msg)
		}
	}
	if text, isError := toolResult(t, p.request("2", "tools/call", map[string]any{"name": "search",
		"arguments": map[string]any{"query": "View"}})); isError {
		t.Errorf("after the refusals: %s", text)
	}
}

// TestHTTPBoundsSessions: beyond MaxSessions an initialize is 503 with a
// JSON-RPC error saying how to free one; ending a session frees its place,
// and concurrent initializes cannot overshoot the bound.
func TestHTTPBoundsSessions(t *testing.T) {
	const limit = 3
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{MaxSessions: limit})
	version := mcpgo.ProtocolVersion20250618
	init := handshake(version)[0]

	var mu sync.Mutex
	var opened []string
	var refusals sync.Map
	var wg sync.WaitGroup
	for range 12 {
		wg.Go(func() {
			p := hs.peer(t, version)
			status, h, body := p.post(init)
			switch status {
			case http.StatusOK:
				if h.Get("Mcp-Session-Id") == "" {
					t.Error("initialize answered without a session id")
				}
				mu.Lock()
				opened = append(opened, h.Get("Mcp-Session-Id"))
				mu.Unlock()
			case http.StatusServiceUnavailable:
				refusals.Store(string(body), h.Get("Retry-After"))
			default:
				t.Errorf("initialize: status %d: %s", status, body)
			}
		})
	}
	wg.Wait()
	if len(opened) != limit {
		t.Fatalf("%d sessions opened, want exactly %d", len(opened), limit)
	}
	refusals.Range(func(body, retry any) bool {
		if code, msg := refusal(t, []byte(body.(string))); code != codeRefused || !strings.Contains(msg, "all 3 sessions are open") {
			t.Errorf("refusal %d %q", code, msg)
		}
		if retry == "" {
			t.Error("503 without Retry-After")
		}
		return true
	})

	// End one session: its place is free again, and its id is unknown (404).
	if status, _, _ := hs.peer(t, version).post(init); status != http.StatusServiceUnavailable {
		t.Fatalf("a fourth session: status %d, want 503", status)
	}
	gone := hs.peer(t, version)
	gone.session = opened[0]
	if status, _, body := gone.do(http.MethodDelete, HTTPEndpoint, nil, http.Header{"Mcp-Session-Id": {gone.session},
		mcpgo.HeaderProtocolVersion: {version}}); status != http.StatusOK {
		t.Fatalf("DELETE: %d %s", status, body)
	}
	if status, _, _ := gone.post(frame(version, "5", "tools/list", nil)); status != http.StatusNotFound {
		t.Errorf("a request in an ended session: status %d, want 404", status)
	}
	again := hs.peer(t, version)
	again.handshake()
	if m := again.request("6", "tools/list", nil); m.Error != nil {
		t.Errorf("tools/list in the new session: %v", m)
	}
}

// oneSearchInFlight starts a server with one place in flight and a search
// that holds it while work runs, and waits until the search has started; the
// channel gives the search's HTTP status when it ends.
func oneSearchInFlight(t *testing.T, work func()) (*httpServer, chan int) {
	t.Helper()
	started := make(chan struct{}, 1)
	searcher := SearcherFunc(func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
		started <- struct{}{}
		work()
		return nil, nil
	})
	hs := startHTTP(t, Options{DBPath: fixtureDB(t), Searcher: searcher, CallTimeout: 10 * time.Second}, HTTPOptions{MaxSessions: 1})
	version := mcpgo.ProtocolVersion20260728
	done := make(chan int, 1)
	go func() {
		status, _, err := hs.peer(t, version).tryPost(callFrame(version, "1", "search", map[string]any{"query": "View"}))
		if err != nil {
			t.Error(err)
		}
		done <- status
	}()
	waitFor(t, started, "the search to start")
	return hs, done
}

// TestHTTPWaitsBrieflyForAPlace: a request arriving while the only place
// in flight is about to be given back waits for it instead of a 503. Before,
// the refusal was immediate, and a client that asked again as soon as it had
// its answer could be told "Server busy" by a server that was not.
func TestHTTPWaitsBrieflyForAPlace(t *testing.T) {
	// The work in flight is shorter than the wait.
	hs, done := oneSearchInFlight(t, func() { time.Sleep(placeWait / 5) })
	version := mcpgo.ProtocolVersion20260728
	if status, _, body := hs.peer(t, version).post(frame(version, "2", "tools/list", nil)); status != http.StatusOK {
		t.Errorf("a request while the place is about to be free: %d %s, want 200", status, clip(string(body), 200))
	}
	if status := <-done; status != http.StatusOK {
		t.Errorf("the request in flight: %d", status)
	}
}

// TestHTTPBoundsRequestsInFlight: 2026-07-28 clients have no sessions; the
// requests handled at once are bounded instead, and one more is 503.
func TestHTTPBoundsRequestsInFlight(t *testing.T) {
	release := make(chan struct{})
	hs, done := oneSearchInFlight(t, func() { <-release })
	version := mcpgo.ProtocolVersion20260728
	status, h, body := hs.peer(t, version).post(frame(version, "2", "tools/list", nil))
	if status != http.StatusServiceUnavailable || h.Get("Retry-After") == "" {
		t.Errorf("a second request while one is in flight: %d %v, want 503 with Retry-After", status, h)
	} else if code, msg := refusal(t, body); code != codeRefused || !strings.Contains(msg, "busy") {
		t.Errorf("refusal %d %q", code, msg)
	}
	close(release)
	if status := <-done; status != http.StatusOK {
		t.Errorf("the request in flight: %d", status)
	}
}

// waitFor fails the test when ch yields nothing within 10 s.
func waitFor[T any](t testing.TB, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("waited 10s for %s", what)
	}
	panic("unreachable")
}

// TestServeHTTPShutsDownGracefully: when its context ends, ServeHTTP stops
// accepting, lets the request in flight finish and returns nil.
func TestServeHTTPShutsDownGracefully(t *testing.T) {
	started := make(chan struct{})
	slow := SearcherFunc(func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
		close(started)
		time.Sleep(500 * time.Millisecond)
		return nil, ctx.Err()
	})
	hs := startHTTP(t, Options{DBPath: fixtureDB(t), Searcher: slow}, HTTPOptions{})
	version := mcpgo.ProtocolVersion20260728
	type result struct {
		status int
		body   []byte
		err    error
	}
	done := make(chan result, 1)
	go func() {
		status, body, err := hs.peer(t, version).tryPost(callFrame(version, "1", "search", map[string]any{"query": "View"}))
		done <- result{status, body, err}
	}()
	waitFor(t, started, "the search to start")
	stopped := make(chan error, 1)
	go func() { stopped <- hs.stop() }()
	r := waitFor(t, done, "the answer to the call in flight")
	if r.err != nil || r.status != http.StatusOK {
		t.Fatalf("the call in flight at shutdown: %d %s %v", r.status, r.body, r.err)
	}
	if text, isError := toolResult(t, decodeWire(t, r.body)); !strings.Contains(text, "No results") || isError {
		t.Errorf("the call in flight at shutdown was not finished: %q", text)
	}
	if err := waitFor(t, stopped, "ServeHTTP to return"); err != nil {
		t.Errorf("ServeHTTP: %v", err)
	}
	if conn, err := net.DialTimeout("tcp", strings.TrimPrefix(hs.base, "http://"), time.Second); err == nil {
		conn.Close()
		t.Error("still accepting connections after shutdown")
	}
	if !strings.Contains(hs.logs.String(), "finishing the requests in flight") {
		t.Errorf("shutdown not logged:\n%s", hs.logs)
	}
}

// TestServeHTTPNeedsATokenBeyondLoopback: a listener on every interface is
// refused without a token, and served with one.
func TestServeHTTPNeedsATokenBeyondLoopback(t *testing.T) {
	srv, err := New(context.Background(), Options{DBPath: fixtureDB(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Skipf("cannot listen on 0.0.0.0: %v", err)
	}
	// Bounded, so that a server that wrongly starts fails the test instead
	// of hanging it.
	refusedCtx, cancelRefused := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancelRefused()
	if err := srv.ServeHTTP(refusedCtx, ln, HTTPOptions{}); !errors.Is(err, ErrHTTPConfig) {
		t.Fatalf("ServeHTTP on %s without a token: %v, want ErrHTTPConfig", ln.Addr(), err)
	}
	ln, err = net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ServeHTTP(ctx, ln, HTTPOptions{Token: testToken}) }()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	p := &httpPeer{t: t, base: "http://127.0.0.1:" + port, version: mcpgo.ProtocolVersion20260728, header: http.Header{}}
	if status, _, _ := p.post(frame(p.version, "1", "tools/list", nil)); status != http.StatusUnauthorized {
		t.Errorf("without the token: %d, want 401", status)
	}
	p.token = testToken
	if m := p.request("1", "tools/list", nil); m.Error != nil {
		t.Errorf("with the token: %v", m)
	}
	cancel()
	if err := waitFor(t, done, "ServeHTTP to return"); err != nil {
		t.Error(err)
	}
}

// TestSessionRegistryCountsReservations: places reserved by initializes not
// yet answered count against the bound, so concurrent ones cannot overshoot
// it; a place given back or a session ended frees one.
func TestSessionRegistryCountsReservations(t *testing.T) {
	reg := newSessionRegistry(2)
	_, first, ok1 := reg.reserve(context.Background())
	_, second, ok2 := reg.reserve(context.Background())
	if _, _, ok := reg.reserve(context.Background()); !ok1 || !ok2 || ok {
		t.Fatalf("reserve: %v %v %v, want true true false", ok1, ok2, ok)
	}
	id := first.Generate()
	first.end()
	if _, err := reg.Validate(id); err != nil || reg.count() != 1 {
		t.Fatalf("after Generate: %v, %d open", err, reg.count())
	}
	if _, _, ok := reg.reserve(context.Background()); ok {
		t.Fatal("one open and one reserved: a third must wait")
	}
	second.end() // answered without a session
	_, third, ok := reg.reserve(context.Background())
	if !ok {
		t.Fatal("a place given back was not reusable")
	}
	third.end()
	reg.Terminate(id)
	if _, err := reg.Validate(id); !errors.Is(err, errUnknownSession) || reg.count() != 0 {
		t.Errorf("after Terminate: %v, %d open", err, reg.count())
	}
}
