package mcp

import (
	"bufio"
	"context"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"

	"github.com/cupertino-go/cupertino/internal/testenv"
)

// TestHTTPDeleteEndsOnlyOpenSessions: a DELETE without Mcp-Session-Id is 400
// and one naming no open session is 404; only an open session's DELETE is
// 200, and a second DELETE of it is 404.
func TestHTTPDeleteEndsOnlyOpenSessions(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{})
	version := mcpgo.ProtocolVersion20250618
	del := func(session string) (int, []byte) {
		t.Helper()
		h := http.Header{mcpgo.HeaderProtocolVersion: {version}}
		if session != "" {
			h.Set("Mcp-Session-Id", session)
		}
		status, _, body := hs.peer(t, version).do(http.MethodDelete, HTTPEndpoint, nil, h)
		return status, body
	}
	if status, body := del(""); status != http.StatusBadRequest {
		t.Errorf("DELETE without a session: %d %s, want 400", status, body)
	} else if _, msg := refusal(t, body); !strings.Contains(msg, "Mcp-Session-Id") {
		t.Errorf("DELETE without a session: %q does not name the header", msg)
	}
	if status, body := del("mcp-session-NOSUCHSESSION"); status != http.StatusNotFound {
		t.Errorf("DELETE of an unknown session: %d %s, want 404", status, body)
	}
	p := hs.peer(t, version)
	p.handshake()
	if status, body := del(p.session); status != http.StatusOK {
		t.Errorf("DELETE of an open session: %d %s, want 200", status, body)
	}
	if status, body := del(p.session); status != http.StatusNotFound {
		t.Errorf("DELETE of an ended session: %d %s, want 404", status, body)
	}
}

// TestHTTPUnauthorizedNamesTheStaticToken: a 401 must not read as the start
// of an OAuth flow (the MCP Inspector takes a bare Bearer challenge so): the
// challenge's error_description and the JSON-RPC body both say that the
// server takes a static token, sent as Authorization: Bearer, set with
// --token.
func TestHTTPUnauthorizedNamesTheStaticToken(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken})
	version := mcpgo.ProtocolVersion20260728
	for _, authorization := range []string{"", "Bearer not-the-token-0123456789"} {
		p := hs.peer(t, version)
		if authorization != "" {
			p.header.Set("Authorization", authorization)
		}
		status, h, body := p.post(frame(version, "1", "tools/list", nil))
		if status != http.StatusUnauthorized {
			t.Fatalf("%q: status %d, want 401", authorization, status)
		}
		challenge := h.Get("WWW-Authenticate")
		description := ""
		if _, rest, found := strings.Cut(challenge, `error_description="`); found {
			description, _, _ = strings.Cut(rest, `"`)
		}
		if !strings.Contains(description, "static") || !strings.Contains(description, "--token") ||
			!strings.HasPrefix(challenge, `Bearer realm="cupertino"`) {
			t.Errorf("%q: WWW-Authenticate %q: want an error_description naming the static token and --token", authorization, challenge)
		}
		if strings.Contains(description, `\`) {
			t.Errorf("%q: error_description %q holds a backslash (RFC 6750 forbids it)", authorization, description)
		}
		_, msg := refusal(t, body)
		for _, want := range []string{"Authorization: Bearer", "--token", "static"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%q: body %q does not name %q", authorization, msg, want)
			}
		}
	}
}

// TestSessionRegistryGenerateKeepsTheCap: a session opened outside an
// initialize's admission (a path mcp-go has that this server does not mean
// to use) still counts against the cap: when all places are taken it gets
// no id, and mcp-go then opens no session.
func TestSessionRegistryGenerateKeepsTheCap(t *testing.T) {
	reg := newSessionRegistry(2)
	_, held, _ := reg.reserve(context.Background())
	defer held.end()
	if id := reg.Generate(); id == "" {
		t.Fatal("one place free: Generate gave no id")
	}
	if id := reg.Generate(); id != "" || reg.count() != 1 {
		t.Errorf("one open and one reserved of 2: Generate gave %q, %d open; want none and 1", id, reg.count())
	}
}

// getWithHost GETs path from hs with the given Host header and token.
func getWithHost(t *testing.T, hs *httpServer, path, host, token string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, hs.base+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := httpTestClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var fields map[string]any
	body, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(body, &fields); err != nil {
		t.Fatalf("GET %s: %d %q is not JSON", path, resp.StatusCode, body)
	}
	return resp.StatusCode, fields
}

// TestHTTPHealthTellsFiguresOnlyToTheToken: /healthz answers anyone whether
// the server can serve, but its figures (documents, sessions, version) only
// to a caller with the token; and, like the MCP endpoint, it refuses a
// request to a loopback listener under a foreign Host name (DNS rebinding).
func TestHTTPHealthTellsFiguresOnlyToTheToken(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken})
	status, anyone := getWithHost(t, hs, HealthEndpoint, "", "")
	if status != http.StatusOK || anyone["status"] != "ok" {
		t.Errorf("healthz without the token: %d %v, want 200 ok", status, anyone)
	}
	for _, figure := range []string{"documents", "sessions", "version"} {
		if _, told := anyone[figure]; told {
			t.Errorf("healthz without the token tells %s: %v", figure, anyone)
		}
	}
	status, holder := getWithHost(t, hs, HealthEndpoint, "", testToken)
	if status != http.StatusOK || holder["documents"] == nil || holder["sessions"] == nil || holder["version"] == nil {
		t.Errorf("healthz with the token: %d %v, want documents, sessions and version", status, holder)
	}
	for _, token := range []string{"", testToken} {
		if status, answer := getWithHost(t, hs, HealthEndpoint, "rebound.example:80", token); status != http.StatusForbidden {
			t.Errorf("healthz under a foreign Host (token %v): %d %v, want 403", token != "", status, answer)
		}
	}

	missing := startHTTP(t, Options{DBPath: t.TempDir() + "/search.db"}, HTTPOptions{Token: testToken})
	if status, answer := getWithHost(t, missing, HealthEndpoint, "", ""); status != http.StatusServiceUnavailable ||
		answer["status"] != "unavailable" || len(answer) != 1 {
		t.Errorf("healthz of a missing index without the token: %d %v, want 503 and the status alone", status, answer)
	}
}

// TestTokenNeedsEntropy: a token must look random, not only be long: runs,
// repeats, sequences and repeated words are refused with an error naming the
// rule and how to make a good one, while the outputs of common generators,
// even the shortest that carry 64 bits, are accepted every time.
func TestTokenNeedsEntropy(t *testing.T) {
	for _, weak := range []string{
		"aaaaaaaaaaaaaaaa",
		strings.Repeat("a", 64),
		"0123456789abcdef",
		"abcdefghijklmnopqrstuvwxyz0123456789",
		"abababababababababababab",
		"passwordpassword",
		"Summer2024!Summer2024!",
		"abcabcabcabcabcabcabcabcabcabcabcabc",
		"1111111111111111111111111111112",
	} {
		err := HTTPOptions{Token: weak}.Check()
		if !errors.Is(err, ErrHTTPConfig) || !strings.Contains(fmt.Sprint(err), "openssl rand -hex 32") ||
			!strings.Contains(fmt.Sprint(err), "64 bits") {
			t.Errorf("token %q: %v; want ErrHTTPConfig naming the 64-bit rule and openssl rand -hex 32", weak, err)
		}
	}
	rng := rand.New(rand.NewPCG(25, 10))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	generators := map[string]func() string{
		"openssl rand -hex 32":    func() string { return hex.EncodeToString(random(32)) },
		"openssl rand -hex 16":    func() string { return hex.EncodeToString(random(16)) },
		"openssl rand -base64 32": func() string { return base64.StdEncoding.EncodeToString(random(32)) },
		"openssl rand -base64 16": func() string { return base64.StdEncoding.EncodeToString(random(16)) },
		"base32, 130 bits":        func() string { return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(random(17))[:26] },
		"uuidgen": func() string {
			h := hex.EncodeToString(random(16))
			return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
		},
	}
	for name, generate := range generators {
		for range 5000 {
			if token := generate(); (HTTPOptions{Token: token}).Check() != nil {
				t.Errorf("%s: %q refused: %v", name, token, HTTPOptions{Token: token}.Check())
				break
			}
		}
	}
}

// TestHTTPRefusalLogsAreSummarised: a flood of refused requests and of
// swept sessions writes one line per kind and then a summary of how many
// more, not a line each.
func TestHTTPRefusalLogsAreSummarised(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken, SessionIdleTimeout: time.Second})
	version := mcpgo.ProtocolVersion20250618
	const unauthorized, foreign, sessions = 200, 50, 12
	for range unauthorized {
		if status, _, _ := hs.peer(t, version).post(frame(version, "1", "tools/list", nil)); status != http.StatusUnauthorized {
			t.Fatalf("without the token: %d", status)
		}
	}
	for range foreign {
		p := hs.peer(t, version)
		p.header.Set("Origin", "https://evil.example")
		if status, _, _ := p.post(frame(version, "1", "tools/list", nil)); status != http.StatusForbidden {
			t.Fatalf("foreign origin: %d", status)
		}
	}
	for range sessions {
		p := hs.peer(t, version)
		p.token = testToken
		p.handshake()
	}
	// The sweeper runs every second; wait for it to end every session.
	for deadline := time.Now().Add(10 * time.Second); healthSessions(t, hs, testToken) > 0; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions still open 10s after their 1s idle timeout", healthSessions(t, hs, testToken))
		}
	}
	if err := hs.stop(); err != nil { // flushes the summaries
		t.Fatal(err)
	}
	logs := hs.logs.String()
	for _, c := range []struct {
		line string
		n    int
	}{
		{"refused a request without a valid token", unauthorized},
		{"refused a request from a foreign origin", foreign},
		{"Sweeping expired session", sessions},
	} {
		lines := 0
		more := 0
		for _, l := range strings.Split(logs, "\n") {
			if !strings.Contains(l, c.line) {
				continue
			}
			lines++
			var n int
			if _, err := fmt.Sscanf(l[strings.Index(l, "msg=")+len("msg="):], `"%d more`, &n); err == nil {
				more += n
			}
		}
		if lines > 3 || lines+more < c.n || more == 0 {
			t.Errorf("%d × %q: %d log lines summarising %d more; want at most 3 lines that account for all", c.n, c.line, lines, more)
		}
	}
}

// TestLogLimiterSummarisesFloods: within an interval a kind's first line is
// written and the rest counted; when the interval ends one line says how many
// more; a kind that went quiet is written at once again; kinds are apart.
func TestLogLimiterSummarisesFloods(t *testing.T) {
	var buf testenv.Buffer
	lim := newLogLimiter(100 * time.Millisecond)
	defer lim.Close()
	log := lim.limit(slog.New(slog.NewTextHandler(&buf, nil)))
	for i := range 100 {
		log.Warn("refused a connection", "remote", fmt.Sprintf("10.0.0.%d:4242", i))
	}
	log.Warn("another kind")
	waitForLog := func(text string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); !strings.Contains(buf.String(), text); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q within 5s:\n%s", text, buf.String())
			}
		}
	}
	waitForLog("99 more in the last")
	if n := strings.Count(buf.String(), "refused a connection"); n != 2 {
		t.Errorf("%d lines for 100 refusals, want the first and one summary:\n%s", n, buf.String())
	}
	if strings.Count(buf.String(), "another kind") != 1 {
		t.Errorf("another kind was not written on its own:\n%s", buf.String())
	}
	// The window closes once an interval passes with nothing to count; the
	// next refusal is then written at once.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		lim.mu.Lock()
		_, open := lim.windows[logKind("refused a connection")]
		lim.mu.Unlock()
		if !open {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the window of a quiet kind never closed")
		}
	}
	log.Warn("refused a connection", "remote", "10.0.0.200:4242")
	if n := strings.Count(buf.String(), "refused a connection"); n != 3 {
		t.Errorf("after a quiet interval the next refusal was not written at once:\n%s", buf.String())
	}
	t.Logf("summarised log:\n%s", buf.String())
}

// TestHTTPKeepsAliveOnlyAuthenticatedConnections: an answer to a connection
// that has not carried the token closes it (Connection: close); one that has
// stays open for the client's next request.
func TestHTTPKeepsAliveOnlyAuthenticatedConnections(t *testing.T) {
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken})
	version := mcpgo.ProtocolVersion20260728
	body := frame(version, "1", "tools/list", nil)
	p := hs.peer(t, version)
	send := func(c net.Conn, r *bufio.Reader, method, path, token string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest(method, hs.base+path, nil)
		if method == http.MethodPost {
			req, _ = http.NewRequest(method, hs.base+path, strings.NewReader(body))
			req.Header = p.headersFor(body)
		}
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if err := req.Write(c); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(r, req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	dial := func() (net.Conn, *bufio.Reader) {
		c, err := net.Dial("tcp", strings.TrimPrefix(hs.base, "http://"))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c, bufio.NewReader(c)
	}
	for _, c := range []struct{ method, path string }{{http.MethodGet, HealthEndpoint}, {http.MethodPost, HTTPEndpoint}} {
		conn, r := dial()
		if resp := send(conn, r, c.method, c.path, ""); !resp.Close {
			t.Errorf("%s %s without the token: %d, the connection kept open", c.method, c.path, resp.StatusCode)
		}
	}
	conn, r := dial()
	for i := range 3 {
		if resp := send(conn, r, http.MethodPost, HTTPEndpoint, testToken); resp.StatusCode != http.StatusOK || resp.Close {
			t.Fatalf("request %d on an authenticated connection: %d, close %v", i, resp.StatusCode, resp.Close)
		}
	}
}
