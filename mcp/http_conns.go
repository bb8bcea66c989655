package mcp

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Connections. Each open connection costs a file descriptor, and a process
// has a bounded number: a client that opens connections and keeps them could
// exhaust them (accept4: too many open files), and then no one connects.
// So the listener bounds the connections open at once, in all and per client
// address, answering one past either bound with a 503 and closing it; and a
// connection that has not carried the token is closed after its first
// answer, so that what a stranger can hold is a connection that is still
// sending its request, which the server's header and read timeouts bound.

// Defaults of HTTPOptions.MaxConnections and MaxConnectionsPerAddress. The
// per-address bound leaves room for a NAT or a small proxy; a proxy that
// carries everyone needs it raised (docs/scaling.md).
const (
	DefaultMaxConnections           = 1024
	DefaultMaxConnectionsPerAddress = 128
)

// reservedFiles are the descriptors kept back from the connections for the
// index, its readers and the logs, when the open-files limit is lower than
// MaxConnections.
const reservedFiles = 64

// refusedConnectionWrite bounds the write of the 503 to a connection past a
// bound: a fresh socket's buffer takes it at once, and the accept loop must
// not wait on a peer that does not read.
const refusedConnectionWrite = 50 * time.Millisecond

// connLimits counts the open connections, in all and per address.
type connLimits struct {
	total, perAddress int

	mu        sync.Mutex
	open      int
	byAddress map[netip.Prefix]int
}

// take counts a new connection from key, or says which bound it is past.
func (l *connLimits) take(key netip.Prefix) (refusal string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open >= l.total {
		return fmt.Sprintf("all %d connections are open", l.total)
	}
	if l.byAddress[key] >= l.perAddress {
		return fmt.Sprintf("%d connections from this address are open", l.perAddress)
	}
	l.open++
	l.byAddress[key]++
	return ""
}

func (l *connLimits) release(key netip.Prefix) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddress[key]--; l.byAddress[key] <= 0 {
		delete(l.byAddress, key)
	}
}

// addressKey is the client a connection counts against: its IP, or its /64
// for IPv6, since one host commonly holds a whole /64. Anything else (a Unix
// socket) counts as one client.
func addressKey(addr net.Addr) netip.Prefix {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return netip.Prefix{}
	}
	ip := ap.Addr().Unmap()
	if ip.Is4() {
		return netip.PrefixFrom(ip, 32)
	}
	p, _ := ip.Prefix(64)
	return p
}

// limitedListener is a listener that keeps connLimits.
type limitedListener struct {
	net.Listener
	limits   *connLimits
	refusals *slog.Logger
}

func newLimitedListener(ln net.Listener, total, perAddress int, refusals *slog.Logger) *limitedListener {
	return &limitedListener{Listener: ln, refusals: refusals,
		limits: &connLimits{total: total, perAddress: perAddress, byAddress: map[netip.Prefix]int{}}}
}

// Accept returns the next connection within the bounds; one past them is
// answered and closed here, and Accept waits for the next.
func (l *limitedListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := addressKey(c.RemoteAddr())
		if refusal := l.limits.take(key); refusal != "" {
			l.refusals.Warn("refused a connection: too many open", "reason", refusal, "remote", c.RemoteAddr().String())
			refuseConnection(c, refusal)
			continue
		}
		return &trackedConn{Conn: c, release: func() { l.limits.release(key) }}, nil
	}
}

// refuseConnection answers a connection past a bound with a 503 and closes
// it, without reading its request: the client learns why instead of timing
// out.
func refuseConnection(c net.Conn, refusal string) {
	b, _ := encodeLine(errorAnswer(nullID, codeRefused, "Server busy: "+refusal+"; retry shortly"))
	c.SetWriteDeadline(time.Now().Add(refusedConnectionWrite))
	fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 1\r\n"+
		"Connection: close\r\nContent-Length: %s\r\n\r\n%s", strconv.Itoa(len(b)), b)
	c.Close()
}

// trackedConn is a connection counted by connLimits until it closes, and
// whether it has carried the token.
type trackedConn struct {
	net.Conn
	release       func()
	closeOnce     sync.Once
	authenticated atomic.Bool
}

func (c *trackedConn) Close() error {
	c.closeOnce.Do(c.release)
	return c.Conn.Close()
}

// connKey carries a request's *trackedConn in its context.
type connKey struct{}

// withConn is the http.Server's ConnContext.
func withConn(ctx context.Context, c net.Conn) context.Context {
	if tc, ok := c.(*trackedConn); ok {
		return context.WithValue(ctx, connKey{}, tc)
	}
	return ctx
}

// closeUnlessAuthenticated makes the server close r's connection after this
// answer unless the connection has carried the token.
func closeUnlessAuthenticated(w http.ResponseWriter, r *http.Request) {
	if c, ok := r.Context().Value(connKey{}).(*trackedConn); ok && !c.authenticated.Load() {
		w.Header().Set("Connection", "close")
	}
}

// authenticated records that r's connection carried the token (or that the
// server needs none), so it may stay open between requests.
func authenticated(w http.ResponseWriter, r *http.Request) {
	if c, ok := r.Context().Value(connKey{}).(*trackedConn); ok {
		c.authenticated.Store(true)
		w.Header().Del("Connection")
	}
}

// connectionBound is the total bound to apply: MaxConnections, lowered when
// the process may not open that many files besides reservedFiles.
func connectionBound(want int, log *slog.Logger) int {
	files, ok := openFilesLimit()
	if !ok || files <= reservedFiles || uint64(want)+reservedFiles <= files {
		return want
	}
	bound := int(files - reservedFiles)
	log.Warn("lowered the connection bound to fit the open-files limit; raise the limit (ulimit -n) to allow more",
		"max_connections", want, "open_files_limit", files, "bound", bound)
	return bound
}
