package mcp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The stdio transport is ours rather than mcp-go's StdioServer for four
// reasons: on EOF it finishes the requests already read before exiting (a
// scripted client that writes its requests and closes stdin still gets every
// answer); a line longer than MaxMessageBytes is answered with an error
// instead of being buffered without bound; a call to an unknown tool is an
// isError result listing the tools, like every other mistake an agent can
// fix; and requests run concurrently up to Options.MaxConcurrent. Message
// handling itself is mcp-go's MCPServer.HandleMessage.

// MaxMessageBytes bounds one JSON-RPC line. The largest legitimate request
// is a tool call with a 2 kB URI.
const MaxMessageBytes = 1 << 20

// Serve speaks MCP over in/out until in reaches EOF (it then waits for the
// requests in flight and returns nil) or ctx ends (in-flight requests are
// cancelled and ctx's error is returned).
func (s *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	sess := &stdioSession{notifications: make(chan mcpgo.JSONRPCNotification, 64)}
	if err := s.mcp.RegisterSession(ctx, sess); err != nil {
		return fmt.Errorf("register session: %w", err)
	}
	defer s.mcp.UnregisterSession(context.Background(), sess.SessionID())
	reqCtx, cancel := context.WithCancel(s.mcp.WithContext(ctx, sess))
	defer cancel()

	w := &lineWriter{w: out}
	notifyDone := make(chan struct{})
	go func() {
		defer close(notifyDone)
		for {
			select {
			case n := <-sess.notifications:
				w.write(s.log, n)
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
			w.write(s.log, errorResponse(nil, mcpgo.INVALID_REQUEST,
				fmt.Sprintf("message of %d bytes exceeds the %d-byte limit", size, MaxMessageBytes)))
		})
		close(lines)
	}()

	sem := make(chan struct{}, s.opts.MaxConcurrent)
	var inflight sync.WaitGroup
	finish := func() {
		inflight.Wait()
		cancel()
		<-notifyDone
	}
	for {
		select {
		case <-ctx.Done():
			cancel()
			inflight.Wait()
			<-notifyDone
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				finish()
				if err := <-readErr; err != nil {
					return fmt.Errorf("read stdin: %w", err)
				}
				return nil
			}
			env, ok := parseEnvelope(line)
			if !ok {
				w.write(s.log, errorResponse(nil, mcpgo.PARSE_ERROR, "Parse error: each line must be one JSON-RPC message"))
				continue
			}
			if env.ID == nil || sequential[env.Method] {
				// Notifications (cancellation among them), replies to our own
				// requests and the handshake are handled in order, on the
				// reading goroutine: a scripted client that writes initialize
				// and its first call together gets the answers in that order.
				if resp := s.handle(reqCtx, env, line); resp != nil {
					w.write(s.log, resp)
				}
				continue
			}
			select {
			case sem <- struct{}{}:
			case <-ctx.Done():
				continue
			}
			inflight.Go(func() {
				defer func() { <-sem }()
				if resp := s.handle(reqCtx, env, line); resp != nil {
					w.write(s.log, resp)
				}
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

// envelope is what the transport needs to know of a message before handing
// it to mcp-go.
type envelope struct {
	ID     any    `json:"id"`
	Method string `json:"method"`
	Params struct {
		Name string      `json:"name"`
		Meta *mcpgo.Meta `json:"_meta"`
	} `json:"params"`
}

func parseEnvelope(line []byte) (envelope, bool) {
	var env envelope
	if !json.Valid(line) {
		return env, false
	}
	// A valid JSON value that is not an object (a batch array, a number) is
	// left for HandleMessage to reject with a proper error.
	_ = json.Unmarshal(line, &env)
	return env, true
}

// handle runs one message through mcp-go, recovering from panics and turning
// an unknown-tool protocol error into an isError result.
func (s *Server) handle(ctx context.Context, env envelope, line []byte) (resp mcpgo.JSONRPCMessage) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("panic handling message", "method", env.Method, "panic", r)
			if env.ID != nil {
				resp = errorResponse(env.ID, mcpgo.INTERNAL_ERROR, fmt.Sprintf("internal error: %v", r))
			}
		}
	}()
	resp = s.mcp.HandleMessage(ctx, json.RawMessage(line))
	if env.Method == string(mcpgo.MethodToolsCall) {
		if e, ok := resp.(mcpgo.JSONRPCError); ok && e.Error.Code == mcpgo.INVALID_PARAMS {
			if _, known := s.tools[env.Params.Name]; !known {
				return s.unknownToolResponse(env)
			}
		}
	}
	return resp
}

func (s *Server) unknownToolResponse(env envelope) mcpgo.JSONRPCMessage {
	res := mcpgo.NewToolResultError(fmt.Sprintf("unknown tool %q; this server offers: %s. Call tools/list for their arguments.",
		clip(env.Params.Name, 100), joinNames(s.ToolNames())))
	if env.Params.Meta != nil && mcpgo.IsModernProtocol(env.Params.Meta.ProtocolVersion()) {
		// 2026-07-28 results carry resultType; mcp-go stamps it on the
		// results it builds, this one is ours.
		res.ResultType = mcpgo.ResultTypeComplete
	}
	return mcpgo.JSONRPCResponse{JSONRPC: mcpgo.JSONRPC_VERSION, ID: mcpgo.NewRequestId(env.ID), Result: res}
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

func errorResponse(id any, code int, message string) mcpgo.JSONRPCMessage {
	return mcpgo.JSONRPCError{
		JSONRPC: mcpgo.JSONRPC_VERSION,
		ID:      mcpgo.NewRequestId(id),
		Error:   mcpgo.NewJSONRPCErrorDetails(code, message, nil),
	}
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

// lineWriter writes one JSON message per line; concurrent handlers share it.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (lw *lineWriter) write(log interface{ Error(string, ...any) }, msg any) {
	b, err := json.Marshal(msg)
	if err != nil {
		log.Error("encode response", "err", err)
		return
	}
	b = append(b, '\n')
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if _, err := lw.w.Write(b); err != nil {
		log.Error("write response", "err", err)
	}
}

// stdioSession is the one client session of a stdio connection.
type stdioSession struct {
	notifications chan mcpgo.JSONRPCNotification
	initialized   atomic.Bool

	mu           sync.Mutex
	clientInfo   mcpgo.Implementation
	capabilities mcpgo.ClientCapabilities
	version      string
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

func (s *stdioSession) GetClientInfo() mcpgo.Implementation {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientInfo
}

func (s *stdioSession) SetClientInfo(info mcpgo.Implementation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clientInfo = info
}

func (s *stdioSession) GetClientCapabilities() mcpgo.ClientCapabilities {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.capabilities
}

func (s *stdioSession) SetClientCapabilities(c mcpgo.ClientCapabilities) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.capabilities = c
}

// SetProtocolVersion records the version negotiated by initialize.
func (s *stdioSession) SetProtocolVersion(v string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version = v
}

// ProtocolVersion returns the version negotiated by initialize.
func (s *stdioSession) ProtocolVersion() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.version
}
