package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The stdio transport is ours rather than mcp-go's StdioServer because: on
// EOF it finishes the requests already read before exiting (a scripted
// client that writes its requests and closes stdin still gets every answer);
// a line longer than MaxMessageBytes is answered with an error instead of
// being buffered without bound; a call to an unknown tool is an isError
// result listing the tools, like every other mistake an agent can fix;
// requests run concurrently up to Options.MaxConcurrent; and it keeps to
// JSON-RPC where mcp-go does not (jsonrpc.go): ids echoed byte for byte,
// notifications and client responses never answered, one initialize per
// session, and a failed write to stdout ends Serve with ErrWrite. Message
// handling itself is mcp-go's MCPServer.HandleMessage.

// MaxMessageBytes bounds one JSON-RPC line. The largest legitimate request
// is a tool call with a 2 kB URI.
const MaxMessageBytes = 1 << 20

// ErrWrite means an answer could not be written: the client closed stdout
// or went away. Serve stops at the first such failure and returns it, so
// the process exits non-zero instead of reading requests it cannot answer.
var ErrWrite = errors.New("write response")

// Serve speaks MCP over in/out until in reaches EOF (it then waits for the
// requests in flight and returns nil), ctx ends (in-flight requests are
// cancelled and ctx's error is returned) or an answer cannot be written
// (ErrWrite).
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	sess := &stdioSession{notifications: make(chan mcpgo.JSONRPCNotification, 64)}
	if err := s.mcp.RegisterSession(ctx, sess); err != nil {
		return fmt.Errorf("register session: %w", err)
	}
	defer s.mcp.UnregisterSession(context.Background(), sess.SessionID())
	reqCtx, cancel := context.WithCancel(s.mcp.WithContext(ctx, sess))
	defer cancel()

	w := newLineWriter(out, s.log)
	notifyDone := make(chan struct{})
	go func() {
		defer close(notifyDone)
		for {
			select {
			case n := <-sess.notifications:
				w.write(n)
			case <-reqCtx.Done():
				return
			}
		}
	}()

	lines := make(chan []byte)
	readErr := make(chan error, 1)
	go func() {
		readErr <- readLines(reqCtx.Done(), in, lines, func(size int) {
			s.log.Warn("rejected oversized message", "bytes", size)
			w.write(errorAnswer(nullID, mcpgo.INVALID_REQUEST,
				fmt.Sprintf("Invalid Request: message of %d bytes exceeds the %d-byte limit", size, MaxMessageBytes)))
		})
		close(lines)
	}()

	sem := make(chan struct{}, s.opts.MaxConcurrent)
	var inflight sync.WaitGroup
	stop := func() {
		cancel()
		inflight.Wait()
		<-notifyDone
	}
	for {
		select {
		case <-ctx.Done():
			stop()
			return ctx.Err()
		case <-w.failed:
			stop()
			return w.err
		case line, ok := <-lines:
			if !ok {
				// Finish what was read before stopping the notifier, so
				// that a scripted client gets every answer.
				inflight.Wait()
				stop()
				if w.err != nil {
					return w.err
				}
				if err := <-readErr; err != nil {
					return fmt.Errorf("read stdin: %w", err)
				}
				return nil
			}
			m := parseMessage(line)
			switch m.kind {
			case kindInvalid:
				s.log.Debug("rejected message", "code", m.reject.Code, "reason", m.reject.Message)
				w.write(wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: m.id, Error: m.reject})
				continue
			case kindIgnored:
				s.log.Debug("ignored a message that is neither a request nor a notification", "line", clip(string(line), 200))
				continue
			case kindNotification:
				// Notifications (cancellation among them) are handled in
				// order, on the reading goroutine, and never answered.
				s.handle(reqCtx, m)
				continue
			}
			if m.method == string(mcpgo.MethodInitialize) {
				if v := sess.ProtocolVersion(); v != "" {
					w.write(errorAnswer(m.id, mcpgo.INVALID_REQUEST, fmt.Sprintf(
						"Invalid Request: already initialized at protocol version %s; a session is initialized once", v)))
					continue
				}
			}
			if sequential[m.method] {
				// The handshake is answered before the next line is read: a
				// scripted client that writes initialize and its first call
				// together gets the answers in that order.
				w.write(s.respond(reqCtx, m))
				continue
			}
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				continue
			case <-w.failed:
				continue
			}
			inflight.Go(func() {
				defer func() { <-sem }()
				w.write(s.respond(reqCtx, m))
			})
		}
	}
}

// sequential are the requests answered before the next line is read.
var sequential = map[string]bool{
	string(mcpgo.MethodInitialize):     true,
	string(mcpgo.MethodPing):           true,
	string(mcpgo.MethodServerDiscover): true,
}

// respond answers a request under its own id.
func (s *Server) respond(ctx context.Context, m message) any {
	resp := s.handle(ctx, m)
	if resp == nil {
		s.log.Error("request got no response", "method", m.method)
		return errorAnswer(m.id, mcpgo.INTERNAL_ERROR, "Internal error: no response was produced; the server log has details")
	}
	return answer(m.id, resp)
}

// handle runs one message through mcp-go, recovering from panics and
// rewriting the errors whose code or text would mislead the client: an
// unknown tool becomes an isError result, resources/read failures get the
// code of their cause, and params that do not decode are Invalid params.
func (s *Server) handle(ctx context.Context, m message) (resp mcpgo.JSONRPCMessage) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic handling message", "method", m.method, "panic", r)
			resp = nil
			if m.kind == kindRequest {
				resp = mcpgo.JSONRPCError{JSONRPC: mcpgo.JSONRPC_VERSION,
					Error: mcpgo.NewJSONRPCErrorDetails(mcpgo.INTERNAL_ERROR, "Internal error: the server log has details", nil)}
			}
		}
	}()
	var failure *resourceFailure
	if m.method == string(mcpgo.MethodResourcesRead) {
		ctx, failure = withResourceFailure(ctx)
	}
	resp = s.mcp.HandleMessage(ctx, json.RawMessage(m.line))
	if m.kind != kindRequest {
		return nil
	}
	return s.amend(m, resp, failure)
}

// amend rewrites the errors of mcp-go's answer to m that would mislead the
// client; both transports call it, so an agent reads the same words over
// stdio and HTTP. failure is what a resources/read handler recorded, if any.
func (s *Server) amend(m message, resp mcpgo.JSONRPCMessage, failure *resourceFailure) mcpgo.JSONRPCMessage {
	e, isError := resp.(mcpgo.JSONRPCError)
	if !isError {
		return resp
	}
	if m.method == string(mcpgo.MethodToolsCall) && e.Error.Code == mcpgo.INVALID_PARAMS {
		if _, known := s.tools[m.name]; !known {
			return s.unknownToolResponse(m)
		}
	}
	if d, ok := failure.details(); ok {
		e.Error = d
		return e
	}
	if d, ok := unparsableParams(m.method, e.Error); ok {
		s.log.Debug("params did not decode", "method", m.method, "err", e.Error.Message)
		e.Error = d
	}
	return e
}

func (s *Server) unknownToolResponse(m message) mcpgo.JSONRPCMessage {
	res := mcpgo.NewToolResultError(fmt.Sprintf("unknown tool %q; this server offers: %s. Call tools/list for their arguments.",
		clip(m.name, 100), joinNames(s.ToolNames())))
	if m.meta != nil && mcpgo.IsModernProtocol(m.meta.ProtocolVersion()) {
		// 2026-07-28 results carry resultType; mcp-go stamps it on the
		// results it builds, this one is ours.
		res.ResultType = mcpgo.ResultTypeComplete
	}
	return mcpgo.JSONRPCResponse{JSONRPC: mcpgo.JSONRPC_VERSION, Result: res}
}

func joinNames(names []string) string {
	var b bytes.Buffer
	for i, n := range names {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
	}
	return b.String()
}

// readLines sends each non-blank line of in, without its newline, to lines.
// A line over MaxMessageBytes is skipped to its end and reported through
// oversized. It returns nil at EOF or when done closes.
func readLines(done <-chan struct{}, in io.Reader, lines chan<- []byte, oversized func(size int)) error {
	r := bufio.NewReaderSize(in, 64<<10)
	var buf []byte
	size, tooBig := 0, false
	for {
		chunk, err := r.ReadSlice('\n')
		size += len(chunk)
		if !tooBig {
			if size > MaxMessageBytes+1 {
				tooBig, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if len(chunk) > 0 || size > 0 {
			if tooBig {
				oversized(size)
			} else if line := bytes.TrimSpace(buf); len(line) > 0 {
				select {
				case lines <- bytes.Clone(line):
				case <-done:
					return nil
				}
			}
		}
		buf, size, tooBig = buf[:0], 0, false
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// lineWriter writes one JSON message per line; concurrent handlers share
// it. After the first failed write it writes nothing more and closes failed.
type lineWriter struct {
	log    *slog.Logger
	failed chan struct{}

	mu  sync.Mutex
	w   io.Writer
	err error // set once, before failed closes
}

func newLineWriter(w io.Writer, log *slog.Logger) *lineWriter {
	return &lineWriter{w: w, log: log, failed: make(chan struct{})}
}

func (lw *lineWriter) write(msg any) {
	b, err := encodeLine(msg)
	if err != nil {
		lw.log.Error("encode response", "err", err)
		wm, ok := msg.(wireMessage)
		if !ok {
			return
		}
		b, _ = encodeLine(errorAnswer(wm.ID, mcpgo.INTERNAL_ERROR, "Internal error: the answer could not be encoded; the server log has details"))
	}
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	if _, err := lw.w.Write(b); err != nil {
		lw.log.Error("write response failed; stopping, the client cannot receive answers", "err", err)
		lw.err = fmt.Errorf("%w: %w", ErrWrite, err)
		close(lw.failed)
	}
}

// stdioSession is the one client session of a stdio connection.
type stdioSession struct {
	notifications chan mcpgo.JSONRPCNotification
	initialized   atomic.Bool

	clientInfo   guarded[mcpgo.Implementation]
	capabilities guarded[mcpgo.ClientCapabilities]
	version      guarded[string]
}

var (
	_ server.SessionWithClientInfo      = (*stdioSession)(nil)
	_ server.SessionWithProtocolVersion = (*stdioSession)(nil)
)

func (s *stdioSession) SessionID() string { return "stdio" }
func (s *stdioSession) NotificationChannel() chan<- mcpgo.JSONRPCNotification {
	return s.notifications
}
func (s *stdioSession) Initialize()       { s.initialized.Store(true) }
func (s *stdioSession) Initialized() bool { return s.initialized.Load() }

func (s *stdioSession) GetClientInfo() mcpgo.Implementation     { return s.clientInfo.get() }
func (s *stdioSession) SetClientInfo(info mcpgo.Implementation) { s.clientInfo.set(info) }

func (s *stdioSession) GetClientCapabilities() mcpgo.ClientCapabilities  { return s.capabilities.get() }
func (s *stdioSession) SetClientCapabilities(c mcpgo.ClientCapabilities) { s.capabilities.set(c) }

// SetProtocolVersion records the version negotiated by initialize.
func (s *stdioSession) SetProtocolVersion(v string) { s.version.set(v) }

// ProtocolVersion returns the version negotiated by initialize.
func (s *stdioSession) ProtocolVersion() string { return s.version.get() }

// guarded is a value that concurrent handlers read and write: mcp-go sets a
// session's client info and protocol version from the initialize handler
// while other requests may already read them.
type guarded[T any] struct {
	mu sync.Mutex
	v  T
}

func (g *guarded[T]) get() T {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.v
}

func (g *guarded[T]) set(v T) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.v = v
}
