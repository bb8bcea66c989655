package mcp

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/server"
)

// The Streamable HTTP transport (`cupertino serve --http`) lets one server
// answer a team or a remote client. It is mcp-go's StreamableHTTPServer over
// the same MCPServer as stdio, so tools, budgets, argument validation and
// timeouts are the stdio ones; around it sit what a network listener needs and
// stdio does not:
//
//   - a bearer token, compared in constant time, mandatory beyond loopback;
//   - Origin checking against DNS rebinding (loopback origins and
//     HTTPOptions.AllowedOrigins pass), besides mcp-go's Host check;
//   - MaxMessageBytes per request (413), header, read, write and idle
//     timeouts, a bounded number of sessions and of requests in flight (503);
//   - the stdio transport's answer rules (httpanswer.go): ids echoed byte for
//     byte, unknown tools and undecodable params worded as on stdio;
//   - /healthz for orchestrators, and a graceful shutdown.
//
// Answers are plain JSON: the server sends no notifications, so the GET
// stream is refused (405, as the specification allows) rather than held open.

// Paths of the HTTP server.
const (
	HTTPEndpoint   = "/mcp"
	HealthEndpoint = "/healthz"
)

// Defaults of HTTPOptions.
const (
	DefaultMaxSessions        = 256
	DefaultSessionIdleTimeout = 30 * time.Minute
)

// Connection time limits. A request's own work is bounded by CallTimeout;
// these bound what a slow or idle peer can hold.
const (
	readHeaderTimeout = 10 * time.Second
	readTimeout       = 30 * time.Second
	idleTimeout       = 2 * time.Minute
	maxHeaderBytes    = 64 << 10
)

// ErrHTTPConfig means the HTTP server was asked to start in a way that is
// unsafe or malformed: a bad address or origin, or no token beyond loopback.
var ErrHTTPConfig = errors.New("http configuration")

// HTTPOptions configure the HTTP transport.
type HTTPOptions struct {
	// Token, when set, is the bearer token every MCP request must carry. It
	// is required when the listener is not on a loopback address.
	Token string
	// AllowedOrigins are browser origins ("https://host[:port]") allowed
	// besides loopback ones; a request with any other Origin header is
	// refused with 403.
	AllowedOrigins []string
	// MaxSessions bounds the open sessions, and the requests handled at
	// once; 0 means DefaultMaxSessions.
	MaxSessions int
	// MaxConnections bounds the connections open at once, and
	// MaxConnectionsPerAddress those from one client address (an IPv6
	// client's /64); a connection past either is answered 503 and closed at
	// once. 0 means DefaultMaxConnections and DefaultMaxConnectionsPerAddress.
	MaxConnections           int
	MaxConnectionsPerAddress int
	// SessionIdleTimeout ends a session unused for this long; its client
	// gets 404 and starts a new one. 0 means DefaultSessionIdleTimeout.
	SessionIdleTimeout time.Duration
	// ShutdownTimeout bounds how long a shutdown waits for requests in
	// flight; 0 means the call timeout plus 5 s.
	ShutdownTimeout time.Duration
	// logInterval is how often a flood of refusals is summarised in the
	// log; 0 means refusalLogInterval (tests shorten it).
	logInterval time.Duration
}

// ResolveHTTPAddr turns an address as `serve --http` takes it into the one to
// listen on: a missing host means 127.0.0.1 (":8080", "8080"), so nothing is
// exposed by accident. loopback reports whether only this machine can connect;
// a host name other than localhost counts as not loopback.
func ResolveHTTPAddr(addr string) (hostPort string, loopback bool, err error) {
	addr = strings.TrimSpace(addr)
	if _, err := strconv.Atoi(addr); err == nil {
		addr = ":" + addr
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", false, fmt.Errorf("%w: address %q: want host:port, :port or a port", ErrHTTPConfig, addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return "", false, fmt.Errorf("%w: address %q: port must be a number from 0 to 65535", ErrHTTPConfig, addr)
	}
	if host == "" {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port), isLoopbackHost(host), nil
}

// isLoopbackHost reports whether host (a name or an address, brackets
// allowed) can only be reached from this machine.
func isLoopbackHost(host string) bool {
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip, err := netip.ParseAddr(host)
	return err == nil && ip.IsLoopback()
}

// Check reports the first token or origin that cannot be used, wrapping
// ErrHTTPConfig.
func (o HTTPOptions) Check() error {
	if o.Token != "" {
		if err := checkToken(o.Token); err != nil {
			return err
		}
	}
	for _, origin := range o.AllowedOrigins {
		if _, err := normalizeOrigin(origin); err != nil {
			return err
		}
	}
	return nil
}

// normalizeOrigin returns origin as browsers send it, scheme://host[:port] in
// lower case, or an error when it is not an origin.
func normalizeOrigin(origin string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(origin))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("%w: origin %q: want scheme://host[:port], e.g. https://tools.example.com", ErrHTTPConfig, origin)
	}
	return strings.ToLower(u.Scheme + "://" + u.Host), nil
}

// HTTPHandler is the HTTP transport as an http.Handler: the MCP endpoint at
// HTTPEndpoint and the health check at HealthEndpoint. Close it after the
// http.Server in front of it has shut down.
type HTTPHandler struct {
	srv *Server
	log *slog.Logger
	// refusals logs what one request can cause (a refusal, an expired
	// session, a connection error): a flood is summarised (http_logs.go).
	refusals  *slog.Logger
	limiter   *logLimiter
	mcp       *server.StreamableHTTPServer
	tokenHash *[sha256.Size]byte // nil: no token required
	origins   map[string]bool
	sessions  *sessionRegistry
	// inflight bounds the MCP requests handled at once: 2026-07-28 clients
	// have no sessions, so this is what bounds them.
	inflight chan struct{}
}

// placeWait is how long a request waits for a place in flight before the
// 503. A client that reads its answer and asks again at once can arrive
// before the handler that answered it has given its place back; refusing
// then turned a race of microseconds into "Server busy" on a server that
// was not (TestChaosHTTPStalledBodies failed so under load).
const placeWait = 250 * time.Millisecond

// takePlace takes a place in flight, waiting up to placeWait for one.
func (h *HTTPHandler) takePlace(ctx context.Context) bool {
	select {
	case h.inflight <- struct{}{}:
		return true
	default:
	}
	timer := time.NewTimer(placeWait)
	defer timer.Stop()
	select {
	case h.inflight <- struct{}{}:
		return true
	case <-timer.C:
		return false
	case <-ctx.Done():
		return false
	}
}

// NewHTTPHandler builds the HTTP transport over s.
func (s *Server) NewHTTPHandler(opts HTTPOptions) (*HTTPHandler, error) {
	if opts.MaxSessions <= 0 {
		opts.MaxSessions = DefaultMaxSessions
	}
	if opts.SessionIdleTimeout <= 0 {
		opts.SessionIdleTimeout = DefaultSessionIdleTimeout
	}
	if err := opts.Check(); err != nil {
		return nil, err
	}
	h := &HTTPHandler{
		srv:      s,
		log:      s.log.With("transport", "http"),
		limiter:  newLogLimiter(opts.logInterval),
		origins:  map[string]bool{},
		sessions: newSessionRegistry(opts.MaxSessions),
		inflight: make(chan struct{}, opts.MaxSessions),
	}
	h.refusals = h.limiter.limit(h.log)
	if opts.Token != "" {
		sum := sha256.Sum256([]byte(opts.Token))
		h.tokenHash = &sum
	}
	for _, o := range opts.AllowedOrigins {
		norm, _ := normalizeOrigin(o)
		h.origins[norm] = true
	}
	h.mcp = server.NewStreamableHTTPServer(s.mcp,
		server.WithSessionIdManagerResolver(h.sessions),
		server.WithSessionIdleTTL(opts.SessionIdleTimeout),
		server.WithDisableStreaming(true),
		server.WithStreamableHTTPLogger(h.refusals), // its lines are per request or per session
		// Only origins that passed originAllowed reach mcp-go, so "*" here
		// lets exactly those read answers in a browser.
		server.WithStreamableHTTPCORS(
			server.WithCORSAllowedOrigins("*"),
			server.WithCORSAllowedHeaders("Content-Type", "Authorization", "Mcp-Session-Id", "Mcp-Protocol-Version",
				"Mcp-Method", "Mcp-Name", "Last-Event-ID"),
			server.WithCORSExposedHeaders("Mcp-Session-Id"),
		),
	)
	return h, nil
}

// ServeHTTP routes a request: Host and Origin first (a foreign page learns
// nothing, not even whether the token is right), then the health check,
// which needs no token but tells its figures only to the token's holders,
// then the token and the MCP endpoint.
func (h *HTTPHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	closeUnlessAuthenticated(w, r)
	if !hostAllowed(r) {
		h.refusals.Warn("refused a request to a foreign host name", "host", clip(r.Host, 200), "remote", r.RemoteAddr)
		refuse(w, http.StatusForbidden, codeRefused, "Forbidden: this server listens on loopback and answers only to a loopback host name (localhost, 127.0.0.1, [::1])")
		return
	}
	if origin := r.Header.Get("Origin"); origin != "" && !h.originAllowed(origin) {
		h.refusals.Warn("refused a request from a foreign origin", "origin", clip(origin, 200), "remote", r.RemoteAddr)
		refuse(w, http.StatusForbidden, codeRefused,
			"Forbidden: origin "+clip(origin, 200)+" is not allowed; start the server with --allow-origin to allow it")
		return
	}
	switch r.URL.Path {
	case HealthEndpoint:
		if ok, _ := h.authorized(r); ok {
			authenticated(w, r)
			h.health(w, r)
		} else {
			h.liveness(w, r)
		}
		return
	case HTTPEndpoint:
	default:
		refuse(w, http.StatusNotFound, codeRefused, "Not found: the MCP endpoint is "+HTTPEndpoint)
		return
	}
	if r.Method == http.MethodOptions {
		// A CORS preflight carries no credentials; mcp-go answers it.
		h.mcp.ServeHTTP(w, r)
		return
	}
	if ok, presented := h.authorized(r); !ok {
		h.refusals.Warn("refused a request without a valid token", "remote", r.RemoteAddr, "token_presented", presented)
		unauthorized(w, presented)
		return
	}
	authenticated(w, r)
	if r.Method == http.MethodDelete && !h.sessionToEnd(w, r) {
		return
	}
	var body []byte
	if r.Method == http.MethodPost {
		// Read before taking a place: a client that stalls its body holds a
		// connection (bounded per address), never a place others need.
		var ok bool
		if body, ok = h.readBody(w, r); !ok {
			return
		}
	}
	if !h.takePlace(r.Context()) {
		h.refusals.Warn("refused a request: too many in flight", "limit", cap(h.inflight), "remote", r.RemoteAddr)
		w.Header().Set("Retry-After", "1")
		refuse(w, http.StatusServiceUnavailable, codeRefused,
			fmt.Sprintf("Server busy: %d requests are in flight, the most this server handles at once; retry shortly", cap(h.inflight)))
		return
	}
	defer func() { <-h.inflight }()
	if r.Method == http.MethodPost {
		h.post(w, r, body)
		return
	}
	h.mcp.ServeHTTP(w, r)
}

// howToSendTheToken is what a 401 says, in its challenge and its body. A bare
// Bearer challenge reads to some clients (the MCP Inspector) as the start of
// an OAuth flow, which this server does not have: the token is static, set
// when the server starts. It holds no quote or backslash, which an
// error_description may not (RFC 6750).
const howToSendTheToken = "this server takes a static bearer token, not OAuth: send Authorization: Bearer <token> " +
	"with every request, the token the server was started with (--token or $CUPERTINO_TOKEN)"

// unauthorized answers a request without the token (presented: with another
// one) with 401, a Bearer challenge and a JSON-RPC error that both say how
// to send the token.
func unauthorized(w http.ResponseWriter, presented bool) {
	challenge, text := `Bearer realm="cupertino"`, "Unauthorized: "+howToSendTheToken
	if presented {
		challenge += `, error="invalid_token"`
		text = "Unauthorized: the bearer token is not this server's; " + howToSendTheToken
	}
	w.Header().Set("WWW-Authenticate", challenge+`, error_description="`+howToSendTheToken+`"`)
	refuse(w, http.StatusUnauthorized, codeRefused, text)
}

// originAllowed: loopback pages (a local inspector, say) and the configured
// origins; "null" and anything unparsable are foreign.
func (h *HTTPHandler) originAllowed(origin string) bool {
	norm, err := normalizeOrigin(origin)
	if err != nil {
		return false
	}
	if h.origins[norm] {
		return true
	}
	u, _ := url.Parse(norm)
	return isLoopbackHost(u.Hostname())
}

// authorized reports whether r carries the token, and whether it carried any.
// Both sides are hashed first so that the comparison takes the same time
// whatever the length of the guess.
func (h *HTTPHandler) authorized(r *http.Request) (ok, presented bool) {
	if h.tokenHash == nil {
		return true, false
	}
	scheme, credential, found := strings.Cut(r.Header.Get("Authorization"), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return false, r.Header.Get("Authorization") != ""
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(credential)))
	return subtle.ConstantTimeCompare(sum[:], h.tokenHash[:]) == 1, true
}

// Close ends every session, stops the idle-session sweeper and writes the
// log summaries still pending.
func (h *HTTPHandler) Close(ctx context.Context) error {
	err := h.mcp.Shutdown(ctx)
	h.limiter.Close()
	return err
}

// ServeHTTP answers MCP over HTTP on ln until ctx ends, then shuts down
// gracefully: it stops accepting, lets the requests in flight finish within
// opts.ShutdownTimeout, closes what is left, and returns nil. A listener
// beyond loopback without a token is refused with ErrHTTPConfig.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener, opts HTTPOptions) error {
	host, _, _ := net.SplitHostPort(ln.Addr().String())
	if opts.Token == "" && !isLoopbackHost(host) {
		ln.Close()
		return fmt.Errorf("%w: listening on %s, beyond loopback, needs a token", ErrHTTPConfig, ln.Addr())
	}
	h, err := s.NewHTTPHandler(opts)
	if err != nil {
		ln.Close()
		return err
	}
	grace := opts.ShutdownTimeout
	if grace <= 0 {
		grace = s.opts.CallTimeout + 5*time.Second
	}
	if opts.MaxConnections <= 0 {
		opts.MaxConnections = DefaultMaxConnections
	}
	if opts.MaxConnectionsPerAddress <= 0 {
		opts.MaxConnectionsPerAddress = DefaultMaxConnectionsPerAddress
	}
	maxConns := connectionBound(opts.MaxConnections, h.log)
	ln = newLimitedListener(ln, maxConns, opts.MaxConnectionsPerAddress, h.refusals)
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		// A request's work ends within CallTimeout (guard.go); the rest is
		// room for a slow reader of a large answer.
		WriteTimeout:   s.opts.CallTimeout + 30*time.Second,
		IdleTimeout:    idleTimeout,
		MaxHeaderBytes: maxHeaderBytes,
		ErrorLog:       slog.NewLogLogger(h.refusals.Handler(), slog.LevelWarn),
		BaseContext:    func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
		ConnContext:    withConn,
	}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	h.log.Info("serving MCP over Streamable HTTP", "url", "http://"+ln.Addr().String()+HTTPEndpoint,
		"health", HealthEndpoint, "token_required", h.tokenHash != nil, "max_sessions", cap(h.inflight),
		"max_connections", maxConns, "max_connections_per_address", opts.MaxConnectionsPerAddress)

	select {
	case err := <-served:
		h.Close(context.Background())
		return fmt.Errorf("serve http: %w", err)
	case <-ctx.Done():
	}
	h.log.Info("shutting down: no new connections, finishing the requests in flight", "deadline", grace)
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		h.log.Warn("requests still running at the shutdown deadline; closing their connections", "err", err)
		hs.Close()
	}
	<-served // http.ErrServerClosed
	h.Close(shutdownCtx)
	h.log.Info("stopped")
	return nil
}
