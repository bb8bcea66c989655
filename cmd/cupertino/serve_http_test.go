package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cupertino-go/cupertino/internal/testenv"
	"github.com/cupertino-go/cupertino/mcp"
)

// httpTestToken is made as the docs say a token is made (openssl rand -hex 32).
const httpTestToken = "9b2f6e9ab8431040b11974488d53390d8475abca298ad043f8830627338da084"

func TestServeHTTPFlags(t *testing.T) {
	t.Setenv(tokenEnv, httpTestToken)
	parse := func(args ...string) (*serveOptions, *bytes.Buffer) {
		t.Helper()
		io, _, _ := cmdTestIO(false)
		var got *serveOptions
		cmd := newServeCmd(io, func(_ context.Context, o *serveOptions) error {
			o.resolve()
			got = o
			return nil
		})
		var out bytes.Buffer
		cmd.SetOut(&out)
		cmd.SetArgs(args)
		if err := cmd.Execute(); err != nil {
			t.Fatal(err)
		}
		return got, &out
	}
	got, _ := parse("--http", ":8080", "--allow-origin", "https://a.example", "--allow-origin", "https://b.example",
		"--max-sessions", "10", "--session-idle-timeout", "5m", "--max-connections", "300", "--max-connections-per-address", "20")
	if got.HTTP != ":8080" || got.Token != httpTestToken || len(got.AllowOrigins) != 2 || got.MaxSessions != 10 ||
		got.SessionIdleTimeout != 5*time.Minute || got.MaxConns != 300 || got.MaxConnsPerAddress != 20 {
		t.Errorf("options = %+v", got)
	}
	got, _ = parse("--http", ":8080", "--token", "a2ac1726392cddd0e50210d1e93a1f9c")
	if got.Token != "a2ac1726392cddd0e50210d1e93a1f9c" || got.MaxSessions != mcp.DefaultMaxSessions ||
		got.SessionIdleTimeout != mcp.DefaultSessionIdleTimeout ||
		got.MaxConns != mcp.DefaultMaxConnections || got.MaxConnsPerAddress != mcp.DefaultMaxConnectionsPerAddress {
		t.Errorf("the flag must win over the environment; defaults: %+v", got)
	}
	_, help := parse("--help")
	if strings.Contains(help.String(), httpTestToken) || !strings.Contains(help.String(), "--http ADDR") {
		t.Errorf("help shows the environment's token or lacks --http:\n%s", help.String())
	}
}

// TestServeHTTPRefusesUnsafeStarts: what would expose the index without a
// token, or cannot work, is a usage error before anything is opened.
func TestServeHTTPRefusesUnsafeStarts(t *testing.T) {
	t.Setenv(tokenEnv, "")
	for _, c := range []struct {
		name string
		opts serveOptions
		want string
	}{
		{"every interface without a token", serveOptions{HTTP: "0.0.0.0:8080"}, tokenEnv},
		{"a host name without a token", serveOptions{HTTP: "docs.internal:8080"}, "--token"},
		{"a short token", serveOptions{HTTP: "0.0.0.0:8080", Token: "secret"}, "at least 16"},
		{"a trivial token", serveOptions{HTTP: "0.0.0.0:8080", Token: "aaaaaaaaaaaaaaaa"}, "openssl rand -hex 32"},
		{"a malformed address", serveOptions{HTTP: "localhost"}, "host:port"},
		{"a malformed origin", serveOptions{HTTP: ":0", AllowOrigins: []string{"example.com"}}, "scheme://host"},
		{"no sessions", serveOptions{HTTP: ":0", MaxSessions: 0}, "--max-sessions"},
		{"no connections", serveOptions{HTTP: ":0", MaxConns: -1}, "--max-connections"},
		{"no connections per address", serveOptions{HTTP: ":0", MaxConnsPerAddress: -1}, "--max-connections-per-address"},
	} {
		t.Run(c.name, func(t *testing.T) {
			io, out, _ := cmdTestIO(false)
			o := c.opts
			o.IO, o.BaseDir = io, t.TempDir()
			if o.MaxSessions == 0 && c.name != "no sessions" {
				o.MaxSessions = mcp.DefaultMaxSessions
			}
			if o.MaxConns == 0 {
				o.MaxConns = mcp.DefaultMaxConnections
			}
			if o.MaxConnsPerAddress == 0 {
				o.MaxConnsPerAddress = mcp.DefaultMaxConnectionsPerAddress
			}
			err := runServe(context.Background(), &o)
			if exitCode(err) != exitUsage || !strings.Contains(fmt.Sprint(err), c.want) {
				t.Errorf("exit %d: %v; want %d naming %q", exitCode(err), err, exitUsage, c.want)
			}
			if out.Len() != 0 {
				t.Errorf("stdout: %q", out)
			}
		})
	}
}

var servingURL = regexp.MustCompile(`url=(http://127\.0\.0\.1:\d+)/mcp`)

// TestServeHTTPBinaryStopsOnSIGTERM: the real binary serves on a port it
// picks, answers the health check and a token-bearing search, refuses a
// request without the token, and on SIGTERM stops gracefully with exit 0,
// never having printed the token.
func TestServeHTTPBinaryStopsOnSIGTERM(t *testing.T) {
	bin := testenv.CupertinoBinary(t)
	db := demoIndex(t)
	cmd := exec.Command(bin, "serve", "--http", "127.0.0.1:0", "--search-db", db)
	cmd.Env = append(os.Environ(), tokenEnv+"="+httpTestToken)
	stderr := &testenv.Buffer{}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
		}
	}()

	var base string
	for deadline := time.Now().Add(15 * time.Second); base == ""; time.Sleep(20 * time.Millisecond) {
		if m := servingURL.FindStringSubmatch(stderr.String()); m != nil {
			base = m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no serving line within 15s:\n%s", stderr)
		}
	}
	client := &http.Client{Timeout: 10 * time.Second}
	do := func(method, path, token, body string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		defer resp.Body.Close()
		data, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(data)
	}

	// Without the token /healthz says only whether the index serves; the
	// figures are for the token's holders.
	status, body := do(http.MethodGet, mcp.HealthEndpoint, "", "")
	if status != http.StatusOK || strings.TrimSpace(body) != `{"status":"ok"}` {
		t.Errorf("healthz without the token: %d %s", status, body)
	}
	status, body = do(http.MethodGet, mcp.HealthEndpoint, httpTestToken, "")
	var health struct {
		Status    string `json:"status"`
		Documents int    `json:"documents"`
	}
	if json.Unmarshal([]byte(body), &health); status != http.StatusOK || health.Documents == 0 {
		t.Errorf("healthz with the token: %d %s", status, body)
	}
	call := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search","arguments":{"query":"View"}}}`
	if status, body := do(http.MethodPost, mcp.HTTPEndpoint, "", call); status != http.StatusUnauthorized {
		t.Errorf("without the token: %d %s", status, body)
	}
	// 2024-11-05 to 2025-11-25 open a session first.
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	req, _ := http.NewRequest(http.MethodPost, base+mcp.HTTPEndpoint, strings.NewReader(init))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+httpTestToken)
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	session := resp.Header.Get("Mcp-Session-Id")
	req, _ = http.NewRequest(http.MethodPost, base+mcp.HTTPEndpoint, strings.NewReader(call))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+httpTestToken)
	req.Header.Set("Mcp-Session-Id", session)
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	resp, err = client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(data), "apple-docs://") {
		t.Errorf("search with the token: %d %s", resp.StatusCode, data)
	}

	// The client keeps its connection open: shutdown must not wait on it.
	signalled := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after SIGTERM: %v, want 0\n%s", err, stderr)
		}
	case <-time.After(15 * time.Second):
		t.Fatalf("still running 15s after SIGTERM:\n%s", stderr)
	}
	t.Logf("stopped %s after SIGTERM", time.Since(signalled).Round(time.Millisecond))
	logs := stderr.String()
	if !strings.Contains(logs, "finishing the requests in flight") || !strings.Contains(logs, "msg=stopped") {
		t.Errorf("graceful shutdown not logged:\n%s", logs)
	}
	if strings.Contains(logs, httpTestToken) {
		t.Errorf("the token reached stderr:\n%s", logs)
	}
}
