package mcp

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"sync"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Sessions of the HTTP transport, up to 2025-11-25: initialize opens one and
// the client carries its id in Mcp-Session-Id. mcp-go mints and checks ids
// through a SessionIdManager; this one also bounds how many are open, so a
// client that initializes in a loop cannot grow the server without end.
// 2026-07-28 has no sessions; HTTPHandler.inflight bounds those clients.

// errUnknownSession makes mcp-go answer 404, which tells a client its session
// is gone (ended, expired, or from before a restart) and to initialize again.
var errUnknownSession = errors.New("unknown session")

// sessionRegistry holds the open session ids. An initialize first reserves a
// place (reserve), so that two at once cannot both take the last one; mcp-go
// then mints the id through that request's admission, which fills the place.
type sessionRegistry struct {
	max int

	mu       sync.Mutex
	open     map[string]struct{}
	reserved int
}

func newSessionRegistry(limit int) *sessionRegistry {
	return &sessionRegistry{max: limit, open: map[string]struct{}{}}
}

// admissionKey carries a request's *admission in its context.
type admissionKey struct{}

// ResolveSessionIdManager gives an initialize request its own admission, and
// everything else (other requests, mcp-go's idle sweeper) the registry.
func (reg *sessionRegistry) ResolveSessionIdManager(r *http.Request) server.SessionIdManager {
	if r != nil {
		if a, ok := r.Context().Value(admissionKey{}).(*admission); ok {
			return a
		}
	}
	return reg
}

// reserve takes a place for a session about to be opened; false when all are
// taken. The caller must end the admission it gets.
func (reg *sessionRegistry) reserve(ctx context.Context) (context.Context, *admission, bool) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if len(reg.open)+reg.reserved >= reg.max {
		return ctx, nil, false
	}
	reg.reserved++
	a := &admission{sessionRegistry: reg}
	return context.WithValue(ctx, admissionKey{}, a), a, true
}

// count is the number of open sessions.
func (reg *sessionRegistry) count() int {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	return len(reg.open)
}

// Generate opens a session for a request that reserved no place: mcp-go
// calls it for a GET stream without a session, and for any message it takes
// for an initialize that post did not (HTTPHandler.post refuses those first).
// The cap holds here too: when every place is taken it returns "", and
// mcp-go then opens no session.
func (reg *sessionRegistry) Generate() string {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if len(reg.open)+reg.reserved >= reg.max {
		return ""
	}
	id := newSessionID()
	reg.open[id] = struct{}{}
	return id
}

// Validate accepts only open sessions.
func (reg *sessionRegistry) Validate(id string) (isTerminated bool, err error) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if _, ok := reg.open[id]; !ok {
		return false, errUnknownSession
	}
	return false, nil
}

// Terminate closes a session: the client's DELETE, the idle sweeper or a
// shutdown.
func (reg *sessionRegistry) Terminate(id string) (isNotAllowed bool, err error) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	delete(reg.open, id)
	return false, nil
}

// sessionToEnd lets through a DELETE that names an open session, which
// mcp-go then ends (200). mcp-go answers 200 to any DELETE, so a client that
// ends a session it does not have would never learn its mistake: this
// answers 400 when the header is missing and 404 when the session is not
// open. 2026-07-28 has no sessions; mcp-go refuses its DELETEs.
func (h *HTTPHandler) sessionToEnd(w http.ResponseWriter, r *http.Request) bool {
	if mcpgo.IsModernProtocol(r.Header.Get(mcpgo.HeaderProtocolVersion)) {
		return true
	}
	id := r.Header.Get("Mcp-Session-Id")
	if id == "" {
		refuse(w, http.StatusBadRequest, mcpgo.INVALID_REQUEST,
			"Bad Request: a DELETE ends a session; send the session's id in the Mcp-Session-Id header")
		return false
	}
	if _, err := h.sessions.Validate(id); err != nil {
		refuse(w, http.StatusNotFound, mcpgo.INVALID_REQUEST,
			"Not found: no open session has this Mcp-Session-Id (it ended, expired, or is from before a restart)")
		return false
	}
	return true
}

// admission is one initialize request's place in the registry.
type admission struct {
	*sessionRegistry
	filled bool
}

// Generate mints the session id into the reserved place.
func (a *admission) Generate() string {
	id := newSessionID()
	a.mu.Lock()
	defer a.mu.Unlock()
	a.release()
	a.open[id] = struct{}{}
	return id
}

// end gives the place back when no session was opened in it.
func (a *admission) end() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.release()
}

// release returns the reserved place once, whether a session filled it or
// the request ended without one; a.mu is held.
func (a *admission) release() {
	if !a.filled {
		a.filled = true
		a.reserved--
	}
}

// newSessionID is 130 random bits, unguessable as a session id must be: it
// is all that ties a request to a session.
func newSessionID() string {
	return "mcp-session-" + rand.Text()
}
