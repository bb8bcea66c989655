package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
)

// This file is the HTTP side of what the stdio transport decides about a
// message (jsonrpc.go) and how answers go back: a body is read within
// MaxMessageBytes and classified by parseMessage before mcp-go sees it, and
// mcp-go's JSON answer is buffered so that Server.amend can reword it and put
// the request's id back byte for byte, exactly as on stdio.

// codeRefused is the JSON-RPC code of requests refused before any method ran
// (no token, foreign origin, server full): -32000 is the first code JSON-RPC
// leaves to servers.
const codeRefused = -32000

// healthTimeout bounds the health check's look at the index.
const healthTimeout = 2 * time.Second

// readBody reads a POST's body within MaxMessageBytes (and the server's read
// timeout); when it cannot, it answers the request and ok is false.
func (h *HTTPHandler) readBody(w http.ResponseWriter, r *http.Request) (body []byte, ok bool) {
	if r.ContentLength > MaxMessageBytes {
		h.tooLarge(w, r, r.ContentLength)
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxMessageBytes))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			h.tooLarge(w, r, -1)
			return nil, false
		}
		h.log.Debug("request body unreadable", "remote", r.RemoteAddr, "err", err)
		refuse(w, http.StatusBadRequest, mcpgo.PARSE_ERROR, "Parse error: the request body could not be read")
		return nil, false
	}
	return body, true
}

// post handles one POSTed JSON-RPC message, its body read by readBody.
func (h *HTTPHandler) post(w http.ResponseWriter, r *http.Request, body []byte) {
	m := parseMessage(bytes.TrimSpace(body))
	if m.kind == kindInvalid {
		h.log.Debug("rejected message", "code", m.reject.Code, "reason", m.reject.Message)
		writeAnswer(w, http.StatusBadRequest, wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: m.id, Error: m.reject})
		return
	}

	if m.kind != kindRequest && m.method != "" {
		// mcp-go opens a session for any message whose method is initialize,
		// id or not, outside the place an initialize request reserves; and
		// it would act on a notification JSON-RPC calls malformed, which
		// stdio ignores. Neither reaches it.
		if m.method == string(mcpgo.MethodInitialize) {
			writeAnswer(w, http.StatusBadRequest, errorAnswer(nullID, mcpgo.INVALID_REQUEST,
				`Invalid Request: initialize is a request and needs an id, e.g. {"jsonrpc":"2.0","id":1,"method":"initialize",...}`))
			return
		}
		if m.kind == kindIgnored {
			w.WriteHeader(http.StatusAccepted)
			return
		}
	}
	// Tool calls share the worker slots by session (workers.go).
	ctx := withCaller(r.Context(), r)
	var failure *resourceFailure
	if m.method == string(mcpgo.MethodResourcesRead) {
		ctx, failure = withResourceFailure(ctx)
	}
	headerVersion := r.Header.Get(mcpgo.HeaderProtocolVersion)
	modern := mcpgo.IsModernProtocol(m.meta.ProtocolVersion()) || mcpgo.IsModernProtocol(headerVersion)
	if m.kind == kindRequest && m.method == string(mcpgo.MethodInitialize) && !modern {
		var a *admission
		var ok bool
		if ctx, a, ok = h.sessions.reserve(ctx); !ok {
			h.refusals.Warn("refused a session: all are open", "limit", h.sessions.max, "remote", r.RemoteAddr)
			w.Header().Set("Retry-After", "5")
			writeAnswer(w, http.StatusServiceUnavailable, errorAnswer(m.id, codeRefused, fmt.Sprintf(
				"Server busy: all %d sessions are open; end one (HTTP DELETE with its Mcp-Session-Id) or retry when an idle one expires",
				h.sessions.max)))
			return
		}
		defer a.end()
	}
	r = r.WithContext(ctx)
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.ContentLength = int64(len(body))
	if m.kind != kindRequest {
		// Notifications and client responses: mcp-go answers 202.
		h.mcp.ServeHTTP(w, r)
		return
	}
	buf := &bufferedAnswer{w: w}
	h.mcp.ServeHTTP(buf, r)
	if buf.streaming {
		return
	}
	status, out := buf.status, buf.body.Bytes()
	if status == 0 {
		status = http.StatusOK
	}
	// A modern request whose header and _meta disagree was refused by
	// mcp-go's transport checks; its error is not a method's to reword.
	amendable := !modern || m.meta.ProtocolVersion() == headerVersion
	if strings.HasPrefix(w.Header().Get("Content-Type"), "application/json") && amendable {
		if s, amended, ok := h.amendAnswer(out, status, m, failure, modern); ok {
			status, out = s, amended
		}
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(out)))
	w.WriteHeader(status)
	w.Write(out)
}

// amendAnswer applies Server.amend to mcp-go's answer and restores the
// request's id; ok is false when the answer can go out as it is.
func (h *HTTPHandler) amendAnswer(raw []byte, status int, m message, failure *resourceFailure, modern bool) (int, []byte, bool) {
	// Most answers are results under the request's own id; recognising
	// mcp-go's encoding of one spares decoding a page of search results.
	if bytes.HasPrefix(raw, []byte(`{"jsonrpc":"2.0","id":`)) &&
		bytes.HasPrefix(raw[len(`{"jsonrpc":"2.0","id":`):], append(bytes.Clone(m.id), `,"result":`...)) {
		return 0, nil, false
	}
	var got struct {
		ID     json.RawMessage            `json:"id"`
		Result json.RawMessage            `json:"result"`
		Error  *mcpgo.JSONRPCErrorDetails `json:"error"`
	}
	if json.Unmarshal(raw, &got) != nil || (got.Result == nil && got.Error == nil) {
		return 0, nil, false
	}
	var out any
	if got.Error == nil {
		if bytes.Equal(got.ID, m.id) {
			return 0, nil, false
		}
		out = wireMessage{JSONRPC: mcpgo.JSONRPC_VERSION, ID: m.id, Result: got.Result}
	} else {
		resp := h.srv.amend(m, mcpgo.JSONRPCError{JSONRPC: mcpgo.JSONRPC_VERSION, Error: *got.Error}, failure)
		switch r := resp.(type) {
		case mcpgo.JSONRPCError:
			if r.Error.Code != got.Error.Code && modern {
				status = modernStatus(r.Error.Code)
			}
		default:
			status = http.StatusOK
		}
		out = answer(m.id, resp)
	}
	b, err := encodeLine(out)
	if err != nil {
		h.log.Error("encode response", "err", err)
		return 0, nil, false
	}
	return status, b, true
}

// modernStatus is the HTTP status 2026-07-28 prescribes for a JSON-RPC error
// code (mcp-go applies the same table to the answers it writes).
func modernStatus(code int) int {
	switch code {
	case mcpgo.METHOD_NOT_FOUND:
		return http.StatusNotFound
	case mcpgo.HEADER_MISMATCH, mcpgo.MISSING_REQUIRED_CLIENT_CAPABILITY, mcpgo.UNSUPPORTED_PROTOCOL_VERSION,
		mcpgo.INVALID_REQUEST, mcpgo.INVALID_PARAMS, mcpgo.PARSE_ERROR:
		return http.StatusBadRequest
	}
	return http.StatusOK
}

func (h *HTTPHandler) tooLarge(w http.ResponseWriter, r *http.Request, size int64) {
	h.refusals.Warn("rejected oversized request", "bytes", size, "limit", MaxMessageBytes, "remote", r.RemoteAddr)
	// The rest of the body is not read; the connection cannot be reused.
	w.Header().Set("Connection", "close")
	refuse(w, http.StatusRequestEntityTooLarge, mcpgo.INVALID_REQUEST,
		fmt.Sprintf("Invalid Request: the message exceeds the %d-byte limit", MaxMessageBytes))
}

// health answers orchestrators: 200 with the index's document count and
// the worker slots' load when it can serve; 503 with the reason (no paths;
// the log has them) when the index cannot, and 503 "saturated" when every
// worker is busy and a call has waited over a second for one, so that a
// load balancer sends new clients elsewhere until it recovers.
func (h *HTTPHandler) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel, ok := startHealthCheck(w, r)
	if !ok {
		return
	}
	defer cancel()
	docs, err := h.srv.backend.documentCount(ctx)
	report := struct {
		Status    string     `json:"status"`
		Documents int        `json:"documents,omitempty"`
		Sessions  int        `json:"sessions"`
		Version   string     `json:"version"`
		Workers   WorkerLoad `json:"workers"`
		Error     string     `json:"error,omitempty"`
	}{Status: "ok", Documents: docs, Sessions: h.sessions.count(), Version: h.srv.version(), Workers: h.srv.WorkerLoad()}
	status := http.StatusOK
	switch {
	case err != nil:
		status, report.Status = http.StatusServiceUnavailable, "unavailable"
		report.Error, _ = describeError(ctx, err, healthTimeout)
		h.log.Debug("health check failed", "err", err)
	case report.Workers.Saturated():
		status, report.Status = http.StatusServiceUnavailable, "saturated"
		w.Header().Set("Retry-After", "1")
	}
	b, _ := encodeLine(report)
	writeHealth(w, r, status, b)
}

// documentCount is the number of documents in the index, from the listings
// computed once per index.
func (b *backend) documentCount(ctx context.Context) (int, error) {
	s, err := b.listings(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range s.sources {
		n += c
	}
	return n, nil
}

// refuse answers a request refused before any method ran, under a null id.
func refuse(w http.ResponseWriter, status, code int, text string) {
	writeAnswer(w, status, errorAnswer(nullID, code, text))
}

func writeAnswer(w http.ResponseWriter, status int, msg any) {
	b, err := encodeLine(msg)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"Internal error"}}`+"\n")
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// bufferedAnswer holds mcp-go's JSON answer for amending. An answer that
// turns into an event stream (mcp-go streams when notifications come first)
// goes straight through instead.
type bufferedAnswer struct {
	w         http.ResponseWriter
	status    int
	body      bytes.Buffer
	streaming bool
}

func (b *bufferedAnswer) Header() http.Header { return b.w.Header() }

func (b *bufferedAnswer) WriteHeader(status int) {
	if b.status != 0 || b.streaming {
		return
	}
	if strings.HasPrefix(b.w.Header().Get("Content-Type"), "text/event-stream") {
		b.streaming = true
		b.w.WriteHeader(status)
		return
	}
	b.status = status
}

func (b *bufferedAnswer) Write(p []byte) (int, error) {
	if b.status == 0 && !b.streaming {
		b.WriteHeader(http.StatusOK)
	}
	if b.streaming {
		return b.w.Write(p)
	}
	return b.body.Write(p)
}

// Flush passes through only for a stream; a buffered answer is written
// whole once mcp-go is done.
func (b *bufferedAnswer) Flush() {
	if f, ok := b.w.(http.Flusher); ok && b.streaming {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the connection (mcp-go sets
// write deadlines through it).
func (b *bufferedAnswer) Unwrap() http.ResponseWriter { return b.w }
