package mcp

import (
	"bufio"
	"encoding/json"
	"errors"
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

// healthz asks /healthz as a holder of token ("" for none) and returns the
// status and the answer decoded into a T; the test fails on an answer that
// is not JSON.
func healthz[T any](t testing.TB, hs *httpServer, token string) (int, T) {
	t.Helper()
	p := hs.peer(t, "")
	p.token = token
	status, _, body := p.do(http.MethodGet, HealthEndpoint, nil, nil)
	var h T
	if err := json.Unmarshal(body, &h); err != nil {
		t.Fatalf("healthz: %d %q", status, body)
	}
	return status, h
}

// healthSessions is the session count /healthz reports to a caller with the
// token (or to anyone, when the server has none).
func healthSessions(t *testing.T, hs *httpServer, token string) int {
	t.Helper()
	status, h := healthz[struct {
		Sessions *int `json:"sessions"`
	}](t, hs, token)
	if status != http.StatusOK || h.Sessions == nil {
		t.Fatalf("healthz: %d %+v", status, h)
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

// dialFrom opens a TCP connection to hs from the local address ip (any
// port); an error when this machine cannot use ip (only Linux routes all
// of 127.0.0.0/8 to loopback).
func dialFrom(hs *httpServer, ip string) (net.Conn, error) {
	d := net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	return d.Dial("tcp", strings.TrimPrefix(hs.base, "http://"))
}

// closedByServer reports whether the server closes conn (after whatever
// answer it sends) within wait.
func closedByServer(conn net.Conn, wait time.Duration) bool {
	conn.SetReadDeadline(time.Now().Add(wait))
	_, err := io.Copy(io.Discard, conn)
	var timeout net.Error
	return !(errors.As(err, &timeout) && timeout.Timeout())
}

// holdSilent opens n connections from each of ips that send nothing, and
// returns them and how many of them the server keeps open.
func holdSilent(t *testing.T, hs *httpServer, n int, ips ...string) (conns []net.Conn, held int, err error) {
	t.Helper()
	for _, ip := range ips {
		for range n {
			c, err := dialFrom(hs, ip)
			if err != nil {
				return conns, 0, err
			}
			t.Cleanup(func() { c.Close() })
			conns = append(conns, c)
		}
	}
	var kept atomic.Int64
	var wg sync.WaitGroup
	for _, c := range conns {
		wg.Go(func() {
			if !closedByServer(c, time.Second) {
				kept.Add(1)
			}
		})
	}
	wg.Wait()
	return conns, int(kept.Load()), nil
}

// askFrom sends one authenticated tools/list to hs from the local address
// ip, on a connection of its own.
func askFrom(hs *httpServer, ip string) (status int, took time.Duration, err error) {
	dialer := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}}
	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: dialer.DialContext, DisableKeepAlives: true}}
	version := mcpgo.ProtocolVersion20260728
	body := frame(version, "1", "tools/list", nil)
	p := &httpPeer{version: version, header: http.Header{}}
	req, err := http.NewRequest(http.MethodPost, hs.base+HTTPEndpoint, strings.NewReader(body))
	if err != nil {
		return 0, 0, err
	}
	req.Header = p.headersFor(body)
	req.Header.Set("Authorization", "Bearer "+testToken)
	started := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return 0, time.Since(started), err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, time.Since(started), nil
}

// TestChaosHTTPConnectionFlood: connections cost a file descriptor each,
// and nothing bounded them: keep-alive connections left open after one
// unauthenticated GET /healthz exhausted the descriptors (accept4: too many
// open files) and new clients timed out. A connection that has not carried
// the token is closed after its answer; past --max-connections-per-address
// from one address, or --max-connections in all, a connection is answered
// 503 and closed at once; a client from another address is served
// meanwhile, and the places come back when the flood ends.
func TestChaosHTTPConnectionFlood(t *testing.T) {
	const total, perAddress, keepAlive, silent, spread = 32, 8, 24, 100, 12
	hs := startHTTP(t, Options{DBPath: fixtureDB(t)}, HTTPOptions{Token: testToken, MaxConnections: total, MaxConnectionsPerAddress: perAddress})
	started := time.Now()

	// Keep-alive connections that asked /healthz without the token, a few
	// at a time (under the per-address cap): the server must close them.
	var slowest, lingering atomic.Int64
	for round := range keepAlive / 6 {
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() {
				c, err := dialFrom(hs, "127.0.0.1")
				if err != nil {
					t.Error(err)
					return
				}
				defer c.Close()
				asked := time.Now()
				fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", HealthEndpoint)
				resp, err := http.ReadResponse(bufio.NewReader(c), nil)
				if err != nil || resp.StatusCode != http.StatusOK {
					t.Errorf("round %d: GET /healthz: %v %v", round, resp, err)
					return
				}
				if !closedByServer(c, 2*time.Second) {
					lingering.Add(1)
				}
				slowest.Store(max(slowest.Load(), int64(time.Since(asked))))
			})
		}
		wg.Wait()
	}
	if n := lingering.Load(); n > 0 {
		t.Errorf("%d of %d keep-alive connections that never sent the token still open 2s after their answer", n, keepAlive)
	}

	// Connections that send nothing, all from one address.
	flood, held, err := holdSilent(t, hs, silent, "127.0.0.1")
	if err != nil {
		t.Fatal(err)
	}
	if held > perAddress {
		t.Errorf("%d silent connections from one address: %d held open, want at most %d", silent, held, perAddress)
	}
	others := []string{}
	for i := 2; i <= 9; i++ {
		others = append(others, fmt.Sprintf("127.0.0.%d", i))
	}
	otherClient := "a client from another address: not run"
	if status, took, err := askFrom(hs, others[0]); err == nil && status != http.StatusOK {
		t.Errorf("a client from another address while one floods: %d, want 200", status)
	} else if err == nil {
		otherClient = fmt.Sprintf("a client from another address answered in %s", took.Round(time.Millisecond))
	}

	// From eight more addresses, past the total cap.
	spreadNote := ""
	more, spreadHeld, err := holdSilent(t, hs, spread, others...)
	flood = append(flood, more...)
	if err != nil {
		// Only Linux routes all of 127.0.0.0/8 to loopback; the caps were
		// checked from one address above.
		spreadNote = fmt.Sprintf("other addresses: not run (%v)", err)
	} else {
		if spreadHeld+held > total {
			t.Errorf("%d silent connections from 9 addresses: %d held open, want at most %d", silent+8*spread, spreadHeld+held, total)
		}
		spreadNote = fmt.Sprintf("%d more from 8 addresses: %d held in all (cap %d)", 8*spread, spreadHeld+held, total)
	}

	// The flood ends: its places come back.
	for _, c := range flood {
		c.Close()
	}
	var status int
	for deadline := time.Now().Add(5 * time.Second); status != http.StatusOK; time.Sleep(20 * time.Millisecond) {
		if status, _, err = askFrom(hs, "127.0.0.1"); status != http.StatusOK && time.Now().After(deadline) {
			t.Fatalf("5s after the flood ended, a client from its address gets %d %v", status, err)
		}
	}
	t.Logf("chaos: http connection flood: %d keep-alive connections after /healthz without the token, %d left open (slowest closed %s); "+
		"%d silent connections from one address, %d held (cap %d); %s; %s; served again after; %s",
		keepAlive, lingering.Load(), time.Duration(slowest.Load()).Round(time.Millisecond), silent, held, perAddress,
		otherClient, spreadNote, time.Since(started).Round(time.Millisecond))
}
