package mcp

import (
	"context"
	"net/http"
	"strings"
	"testing"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
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
