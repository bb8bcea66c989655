package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/index/indextest"
	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/ranker"
)

// httpVersions are the revisions the HTTP transport is tested at: those of
// the stdio tests, and 2025-06-18, the first with the protocol-version header.
var httpVersions = []string{mcpgo.ProtocolVersion20241105, mcpgo.ProtocolVersion20250618, mcpgo.ProtocolVersion20251125,
	mcpgo.ProtocolVersion20260728}

// testToken passes HTTPOptions.Check, made as the docs say a token is made
// (openssl rand -hex 32).
const testToken = "a757ced8f654f6f7ec4356a0e0079c574c5f7e370acec0696ad3f52afe02382a"

// httpServer is a Server answering on 127.0.0.1 through Server.ServeHTTP,
// the code path of `cupertino serve --http`.
type httpServer struct {
	srv  *Server
	base string // http://127.0.0.1:port
	logs *testenv.Buffer
	stop func() error // cancels ServeHTTP and returns its error
}

func startHTTP(t testing.TB, opts Options, hopts HTTPOptions) *httpServer {
	t.Helper()
	opts.validateOutput = true
	srv, logs := newLoggedServer(t, opts)
	addr, stop := serveHTTPLoopback(t, srv, hopts)
	hs := &httpServer{srv: srv, base: "http://" + addr, logs: logs, stop: stop}
	t.Cleanup(func() {
		if err := hs.stop(); err != nil {
			t.Error(err)
		}
	})
	return hs
}

// serveHTTPLoopback serves srv over HTTP on a free port of 127.0.0.1 and
// returns its host:port and a stop that cancels ServeHTTP, waits for it,
// closes srv and returns ServeHTTP's error; stop may be called again.
func serveHTTPLoopback(t testing.TB, srv *Server, hopts HTTPOptions) (addr string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- srv.ServeHTTP(ctx, ln, hopts) }()
	var once sync.Once
	var stopErr error
	return ln.Addr().String(), func() error {
		once.Do(func() {
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(20 * time.Second):
				stopErr = errors.New("ServeHTTP did not return within 20s of its context ending")
			}
			srv.Close()
		})
		return stopErr
	}
}

// httpPeer is a hand-written HTTP client: what goes on the wire is exactly
// what the test says.
type httpPeer struct {
	t       testing.TB
	base    string
	version string
	token   string
	session string
	header  http.Header // sent with every request
}

func (hs *httpServer) peer(t testing.TB, version string) *httpPeer {
	return &httpPeer{t: t, base: hs.base, version: version, header: http.Header{}}
}

// post sends body to the MCP endpoint with the session's headers.
func (p *httpPeer) post(body string) (int, http.Header, []byte) {
	p.t.Helper()
	return p.do(http.MethodPost, HTTPEndpoint, strings.NewReader(body), p.headersFor(body))
}

// tryPost is post for goroutines other than the test's: it reports a
// failure instead of ending the test.
func (p *httpPeer) tryPost(body string) (int, []byte, error) {
	status, _, answer, err := p.send(http.MethodPost, HTTPEndpoint, strings.NewReader(body), p.headersFor(body))
	return status, answer, err
}

func (p *httpPeer) headersFor(body string) http.Header {
	h := p.header.Clone()
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	// The header arrived with 2025-06-18; older clients do not send it.
	if p.version != mcpgo.ProtocolVersion20241105 {
		h.Set(mcpgo.HeaderProtocolVersion, p.version)
	}
	if p.session != "" {
		h.Set("Mcp-Session-Id", p.session)
	}
	// 2026-07-28 repeats the method and the tool or URI in headers.
	var msg struct {
		Method string          `json:"method"`
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal([]byte(body), &msg) == nil {
		for k, v := range mcpgo.StandardHeaders(p.version, mcpgo.MCPMethod(msg.Method), msg.Params) {
			h.Set(k, v)
		}
	}
	return h
}

func (p *httpPeer) do(method, path string, body io.Reader, h http.Header) (int, http.Header, []byte) {
	p.t.Helper()
	status, header, data, err := p.send(method, path, body, h)
	if err != nil {
		p.t.Fatalf("%s %s: %v", method, path, err)
	}
	return status, header, data
}

func (p *httpPeer) send(method, path string, body io.Reader, h http.Header) (int, http.Header, []byte, error) {
	req, err := http.NewRequest(method, p.base+path, body)
	if err != nil {
		return 0, nil, nil, err
	}
	if h != nil {
		req.Header = h
	}
	if p.token != "" {
		req.Header.Set("Authorization", "Bearer "+p.token)
	}
	resp, err := httpTestClient.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, data, err
}

// httpTestClient gives up on a server that hangs instead of hanging the test.
var httpTestClient = &http.Client{Timeout: 30 * time.Second}

// request posts one request and decodes the JSON answer.
func (p *httpPeer) request(rawID, method string, params map[string]any) wireMsg {
	p.t.Helper()
	status, h, body := p.post(frame(p.version, rawID, method, params))
	if status != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/json") {
		p.t.Fatalf("%s: status %d, %s: %s", method, status, h.Get("Content-Type"), clip(string(body), 300))
	}
	return decodeWire(p.t, body)
}

func decodeWire(t testing.TB, body []byte) wireMsg {
	t.Helper()
	m := wireMsg{raw: bytes.TrimSpace(body)}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("answer is not JSON: %q", clip(string(body), 300))
	}
	return m
}

// handshake opens a session (up to 2025-11-25; 2026-07-28 has none).
func (p *httpPeer) handshake() {
	p.t.Helper()
	lines := handshake(p.version)
	if len(lines) == 0 {
		return
	}
	status, h, body := p.post(lines[0])
	if status != http.StatusOK || h.Get("Mcp-Session-Id") == "" {
		p.t.Fatalf("initialize: status %d, session %q: %s", status, h.Get("Mcp-Session-Id"), clip(string(body), 300))
	}
	if m := decodeWire(p.t, body); m.Error != nil || !strings.Contains(string(m.Result), `"protocolVersion":"`+p.version+`"`) {
		p.t.Fatalf("initialize at %s: %v", p.version, m)
	}
	p.session = h.Get("Mcp-Session-Id")
	if status, _, body := p.post(lines[1]); status != http.StatusAccepted {
		p.t.Fatalf("notifications/initialized: status %d: %s", status, body)
	}
}

// TestHTTPServesEveryProtocolVersion: initialize, tools/list and search over
// raw HTTP POSTs at each revision, ids echoed byte for byte as on stdio.
func TestHTTPServesEveryProtocolVersion(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{})
	for _, version := range httpVersions {
		t.Run(version, func(t *testing.T) {
			p := hs.peer(t, version)
			p.handshake()
			if mcpgo.IsModernProtocol(version) != (p.session == "") {
				t.Errorf("session %q at %s", p.session, version)
			}
			m := p.request("9007199254740993", "tools/list", nil)
			if string(m.ID) != "9007199254740993" {
				t.Errorf("id came back as %s", m.ID)
			}
			var list struct {
				Tools []struct {
					Name string `json:"name"`
				} `json:"tools"`
			}
			if err := json.Unmarshal(m.Result, &list); err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, tool := range list.Tools {
				names = append(names, tool.Name)
			}
			slices.Sort(names)
			if !slices.Equal(names, hs.srv.ToolNames()) {
				t.Errorf("tools/list: %v, want %v", names, hs.srv.ToolNames())
			}
			m = p.request(`"s\u0041"`, "tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "LazyVGrid"}})
			if string(m.ID) != `"s\u0041"` {
				t.Errorf("id came back as %s", m.ID)
			}
			text, isError := toolResult(t, m)
			if isError || !strings.Contains(text, "apple-docs://swiftui/lazyvgrid") {
				t.Errorf("search: %s", clip(text, 500))
			}
		})
	}
}

// TestHTTPMCPGoClient: mcp-go's own Streamable HTTP client, pinned to
// 2025-06-18 (sessions) and at its default, 2026-07-28 (none).
func TestHTTPMCPGoClient(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken})
	for _, c := range clientConfigs {
		t.Run(c.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			tr, err := transport.NewStreamableHTTP(hs.base+HTTPEndpoint,
				transport.WithHTTPHeaders(map[string]string{"Authorization": "Bearer " + testToken}))
			if err != nil {
				t.Fatal(err)
			}
			cl := client.NewClient(tr, c.opts...)
			defer cl.Close()
			if err := cl.Start(ctx); err != nil {
				t.Fatal(err)
			}
			if tools := initializeClient(ctx, t, cl, "http-test", c.version, hs.logs); len(tools) != len(hs.srv.ToolNames()) {
				t.Errorf("%d tools listed, want %d", len(tools), len(hs.srv.ToolNames()))
			}
			wantToolText(ctx, t, cl, "search", map[string]any{"query": "URLSession"}, "apple-docs://foundation/urlsession")
		})
	}
}

// TestHTTPAnswersAsStdio: the mistakes an agent makes get the same answer,
// word for word, over HTTP as over stdio, because both go through
// Server.amend and the same tool code.
func TestHTTPAnswersAsStdio(t *testing.T) {
	db := fixtureDB(t)
	hs := startHTTP(t, Options{DBPath: db}, HTTPOptions{})
	calls := []struct {
		method string
		params map[string]any
		// A tool name that is not a string cannot be repeated in the
		// Mcp-Name header 2026-07-28 requires; mcp-go refuses it first.
		legacyOnly bool
	}{
		{"tools/call", map[string]any{"name": "no_such_tool", "arguments": map[string]any{}}, false},
		{"tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "View", "bogus": 1}}, false},
		{"tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": 5}}, false},
		{"tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "View", "framework": "nosuchkit"}}, false},
		{"tools/call", map[string]any{"name": "read_document", "arguments": map[string]any{"uri": "apple-docs://swiftui/nope"}}, false},
		{"tools/call", map[string]any{"name": 5}, true},
		{"resources/read", map[string]any{"uri": "apple-docs://swiftui/nope"}, false},
		{"resources/read", map[string]any{"uri": "apple-docs://"}, false},
		{"no/such/method", nil, false},
	}
	for _, version := range []string{mcpgo.ProtocolVersion20250618, mcpgo.ProtocolVersion20260728} {
		t.Run(version, func(t *testing.T) {
			lines := handshake(version)
			for i, c := range calls {
				lines = append(lines, frame(version, fmt.Sprint(100+i), c.method, c.params))
			}
			stdio := serveLines(t, Options{DBPath: db}, lines...)
			p := hs.peer(t, version)
			p.handshake()
			for i, c := range calls {
				if c.legacyOnly && mcpgo.IsModernProtocol(version) {
					continue
				}
				want := stdio.one(t, fmt.Sprint(100+i))
				_, _, body := p.post(frame(version, fmt.Sprint(100+i), c.method, c.params))
				got := decodeWire(t, body)
				if !bytes.Equal(canonical(t, got.raw), canonical(t, want.raw)) {
					t.Errorf("%s %v:\nhttp:  %s\nstdio: %s", c.method, c.params, got.raw, want.raw)
				}
			}
		})
	}
}

// canonical re-encodes a JSON message so that two encoders' choices (HTML
// escaping) do not count as a difference.
func canonical(t testing.TB, raw []byte) []byte {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%q: %v", raw, err)
	}
	b, _ := encodeLine(v)
	return b
}

// TestHTTPTimeoutAsStdio: a call that outlives the call timeout is answered
// at the deadline with the stdio wording.
func TestHTTPTimeoutAsStdio(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	stubborn := SearcherFunc(func(ctx context.Context, query string, f ranker.Filters) ([]ranker.Result, error) {
		<-release
		return nil, nil
	})
	const timeout = 200 * time.Millisecond
	hs := startHTTP(t, Options{DBPath: fixtureDB(t), Searcher: stubborn, CallTimeout: timeout}, HTTPOptions{ShutdownTimeout: time.Second})
	p := hs.peer(t, mcpgo.ProtocolVersion20260728)
	started := time.Now()
	text, isError := toolResult(t, p.request("1", "tools/call", map[string]any{"name": "search", "arguments": map[string]any{"query": "View"}}))
	if !isError || !strings.Contains(text, "timed out after 200ms") {
		t.Errorf("want the timeout answer, got %q", text)
	}
	if took := time.Since(started); took > 3*timeout {
		t.Errorf("the timeout answer took %s", took)
	}
}

// TestHTTPHealth: /healthz reports the document count to the token's
// holders, or 503 with a reason free of paths when the index cannot serve.
func TestHTTPHealth(t *testing.T) {
	db := fixtureDB(t)
	want := 0
	for _, n := range indextest.Documents(t, db) {
		want += n
	}
	type health struct {
		Status    string `json:"status"`
		Documents int    `json:"documents"`
		Sessions  int    `json:"sessions"`
		Error     string `json:"error"`
	}
	// The figures are for the token's holders.
	get := func(hs *httpServer) (int, health) { return healthz[health](t, hs, testToken) }

	hs := startHTTP(t, Options{DBPath: db}, HTTPOptions{Token: testToken})
	if status, h := get(hs); status != http.StatusOK || h.Status != "ok" || h.Documents != want || h.Sessions != 0 {
		t.Errorf("healthy index: %d %+v, want 200 with %d documents", status, h, want)
	}
	p := hs.peer(t, mcpgo.ProtocolVersion20250618)
	p.token = testToken
	p.handshake()
	if _, h := get(hs); h.Sessions != 1 {
		t.Errorf("sessions %d after one initialize, want 1", h.Sessions)
	}

	dir := t.TempDir()
	missing := startHTTP(t, Options{DBPath: dir + "/search.db"}, HTTPOptions{})
	status, h := get(missing)
	if status != http.StatusServiceUnavailable || h.Status != "unavailable" || !strings.Contains(h.Error, "cupertino save") {
		t.Errorf("missing index: %d %+v, want 503 naming cupertino save", status, h)
	}
	if strings.Contains(h.Error, dir) {
		t.Errorf("health error leaks the path: %s", h.Error)
	}
}

// TestResolveHTTPAddr: no host means loopback; only loopback hosts count as
// loopback.
func TestResolveHTTPAddr(t *testing.T) {
	for _, c := range []struct {
		in       string
		want     string
		loopback bool
	}{
		{":8080", "127.0.0.1:8080", true},
		{"8080", "127.0.0.1:8080", true},
		{"127.0.0.1:0", "127.0.0.1:0", true},
		{"localhost:9000", "localhost:9000", true},
		{"[::1]:9000", "[::1]:9000", true},
		{"0.0.0.0:8080", "0.0.0.0:8080", false},
		{"[::]:8080", "[::]:8080", false},
		{"192.168.1.5:80", "192.168.1.5:80", false},
		{"docs.internal:80", "docs.internal:80", false},
	} {
		got, loopback, err := ResolveHTTPAddr(c.in)
		if err != nil || got != c.want || loopback != c.loopback {
			t.Errorf("ResolveHTTPAddr(%q) = %q, %v, %v; want %q, %v", c.in, got, loopback, err, c.want, c.loopback)
		}
	}
	for _, bad := range []string{"", "host", ":http", ":99999", "1.2.3.4:-1"} {
		if _, _, err := ResolveHTTPAddr(bad); !errors.Is(err, ErrHTTPConfig) {
			t.Errorf("ResolveHTTPAddr(%q): %v, want ErrHTTPConfig", bad, err)
		}
	}
}

func TestHTTPOptionsCheck(t *testing.T) {
	for _, bad := range []HTTPOptions{
		{Token: "short"},
		{Token: "has a space in the middle of it"},
		{AllowedOrigins: []string{"tools.example.com"}},
		{AllowedOrigins: []string{"https://tools.example.com/path"}},
		{AllowedOrigins: []string{"*"}},
		{AllowedOrigins: []string{"ftp://tools.example.com"}},
	} {
		if err := bad.Check(); !errors.Is(err, ErrHTTPConfig) {
			t.Errorf("%+v: %v, want ErrHTTPConfig", bad, err)
		}
	}
	good := HTTPOptions{Token: testToken, AllowedOrigins: []string{"https://tools.example.com", "http://10.0.0.2:8080/"}}
	if err := good.Check(); err != nil {
		t.Error(err)
	}
}
