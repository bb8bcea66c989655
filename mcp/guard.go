package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// errHandlerPanic is what a call whose handler panicked reports; the panic
// and its stack are in the log.
var errHandlerPanic = errors.New("tool handler failed")

// guard wraps every tool handler: it rejects arguments the schema does not
// declare, bounds the call's time, turns every error into an isError result
// that says what to do, and refuses to return a result over the size limit.
func (s *Server) guard(next server.ToolHandlerFunc) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		started := time.Now()
		name := req.Params.Name
		def := s.tools[name]
		if req.Params.Arguments != nil && req.GetArguments() == nil {
			return mcpgo.NewToolResultError(fmt.Sprintf("arguments must be a JSON object with these keys: %s",
				strings.Join(schemaArgNames(def), ", "))), nil
		}
		if unknown := unknownArguments(def, req.GetArguments()); len(unknown) > 0 {
			return mcpgo.NewToolResultError(fmt.Sprintf("unknown argument %s for %s; valid arguments: %s",
				strings.Join(quoteAll(echoNames(unknown)), ", "), def.Name, strings.Join(schemaArgNames(def), ", "))), nil
		}
		callCtx, cancel := context.WithTimeoutCause(ctx, s.opts.CallTimeout, ErrTimeout)
		defer cancel()
		res, err := runBounded(callCtx, s, name, func(ctx context.Context) (*mcpgo.CallToolResult, error) {
			return next(ctx, req)
		})
		if err == nil && res == nil {
			err = errors.New("tool returned no result")
		}
		if err != nil {
			res = s.errorResult(callCtx, name, err)
		}
		if size := resultChars(res); size > maxResultChars {
			// Each tool bounds its own output; this is the net under them.
			s.log.Error("tool result over the size limit; replaced by an error", "tool", name, "chars", size, "limit", maxResultChars)
			res = mcpgo.NewToolResultError(fmt.Sprintf("internal error: the answer (%d characters) is over the %d-character limit; "+
				"narrow the call (lower limit or max_tokens, pick a section) and retry; %s.", size, maxResultChars, logDetails))
		}
		s.log.Debug("tool call", "tool", name, "took", time.Since(started), "error", res.IsError)
		return res, nil
	}
}

// runBounded runs work on its own goroutine and returns at ctx's end even
// when the work has not stopped: SQLite stops at once when ctx ends, but Go
// code between queries (ranking, decoding or rendering a very large page)
// only notices at its next check, and the caller must get its timeout
// answer now. The goroutine holds a worker slot until it really ends, so
// abandoned work cannot pile up past Options.MaxConcurrent; a call that
// finds every slot taken waits for one within its own deadline, fairly
// with other callers' calls (workers.go).
func runBounded[T any](ctx context.Context, s *Server, what string, work func(context.Context) (T, error)) (T, error) {
	var zero T
	release, err := s.workers.acquire(ctx, callerOf(ctx), what)
	if err != nil {
		return zero, err
	}
	type outcome struct {
		v   T
		err error
	}
	done := make(chan outcome, 1)
	go func() {
		started := time.Now()
		defer release()
		defer func() {
			if r := recover(); r != nil {
				s.panics.Add(1)
				s.log.Error("handler panicked", "call", what, "panic", r, "stack", string(debug.Stack()))
				done <- outcome{err: errHandlerPanic}
			}
			if ctx.Err() != nil {
				s.log.Debug("abandoned call ended", "call", what, "took", time.Since(started))
			}
		}()
		v, err := work(ctx)
		done <- outcome{v, err}
		s.backend.warmSemantic()
	}()
	select {
	case o := <-done:
		return o.v, o.err
	case <-ctx.Done():
		select {
		case o := <-done: // finished at the deadline: the answer is there
			return o.v, o.err
		default:
		}
		s.log.Warn("call abandoned at its deadline; its work ends in the background", "call", what)
		return zero, context.Cause(ctx)
	}
}

// maxResultChars bounds one tool result, text and structured content
// together: the most max_tokens allows.
const maxResultChars = maxTokenBudget * charsPerToken

// resultChars is the size of a result as a client counts it: its text
// plus its structured content as JSON.
func resultChars(res *mcpgo.CallToolResult) int {
	n := 0
	for _, c := range res.Content {
		if tc, ok := mcpgo.AsTextContent(c); ok {
			n += len(tc.Text)
		}
	}
	switch {
	case len(res.RawStructuredContent) > 0: // what goes on the wire when set
		n += len(res.RawStructuredContent)
	case res.StructuredContent != nil:
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return maxResultChars + 1
		}
		n += len(b)
	}
	return n
}
