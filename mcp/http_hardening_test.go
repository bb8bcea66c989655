package mcp

import (
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
