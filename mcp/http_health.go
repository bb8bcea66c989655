package mcp

import (
	"context"
	"net"
	"net/http"
)

// What anyone who reaches the server may learn, and from which names.

// hostAllowed applies mcp-go's DNS-rebinding rule to every path, the health
// check included, and before the token is looked at: a request that reached
// a loopback listener must name a loopback host. A page on a domain rebound
// to 127.0.0.1 sends its own domain as Host; a client on this machine sends
// localhost or the address.
func hostAllowed(r *http.Request) bool {
	local, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr)
	if !ok || local == nil {
		return true
	}
	localHost, _, err := net.SplitHostPort(local.String())
	if err != nil || !isLoopbackHost(localHost) {
		return true
	}
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return isLoopbackHost(host)
}

// liveness is /healthz for a caller without the token: whether the index can
// serve (200, or 503 unavailable or saturated) and nothing else. The document and session counts and
// the version (health) are for the token's holders: they tell a stranger
// what runs here and how busy it is.
func (h *HTTPHandler) liveness(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := startHealthCheck(w, r)
	if !ok {
		return
	}
	defer cancel()
	status, body := http.StatusOK, `{"status":"ok"}`+"\n"
	if _, err := h.srv.backend.documentCount(ctx); err != nil {
		status, body = http.StatusServiceUnavailable, `{"status":"unavailable"}`+"\n"
		h.log.Debug("health check failed", "err", err)
	} else if h.srv.WorkerLoad().Saturated() {
		// A load balancer's probe rarely carries the token: it learns that
		// the server is saturated (so it sends new clients elsewhere), not
		// how many calls wait.
		status, body = http.StatusServiceUnavailable, `{"status":"saturated"}`+"\n"
		w.Header().Set("Retry-After", "1")
	}
	writeHealth(w, r, status, []byte(body))
}

// startHealthCheck refuses a method other than GET and HEAD (ok false) and
// otherwise bounds the check of the index by healthTimeout.
func startHealthCheck(w http.ResponseWriter, r *http.Request) (ctx context.Context, cancel context.CancelFunc, ok bool) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		refuse(w, http.StatusMethodNotAllowed, codeRefused, "Method not allowed: "+HealthEndpoint+" answers GET")
		return nil, nil, false
	}
	ctx, cancel = context.WithTimeoutCause(r.Context(), healthTimeout, ErrTimeout)
	return ctx, cancel, true
}

// writeHealth writes a health answer, never cached, with its body for GET
// and without for HEAD.
func writeHealth(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}
