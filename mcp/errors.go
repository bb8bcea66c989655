package mcp

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/ranker"
)

// What an agent is told when a call fails, and what only the log hears.
// An agent can act on "bad argument, here is the fix" or "the index is
// missing, run this"; it cannot act on an absolute path, a raw SQLite message
// or a Go type name, and those leak the machine's layout into a transcript.
// Messages we build from the caller's own arguments are shown as they are;
// everything else is shown as a fixed sentence and logged in full.

// logDetails is the sentence appended where details were withheld.
const logDetails = "the server log (stderr) has details"

// describeError returns the text for err and whether err's own text was
// withheld (the caller logs it).
func describeError(ctx context.Context, err error, timeout time.Duration) (msg string, withheld bool) {
	switch {
	case errors.Is(context.Cause(ctx), ErrTimeout) || errors.Is(err, ErrTimeout):
		return fmt.Sprintf("query timed out after %s: narrow it (framework, source or kind) or lower limit, then retry", timeout), false
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		return "request cancelled", false
	case errors.Is(err, ErrBadArgument):
		return err.Error(), false
	case errors.Is(err, errHandlerPanic):
		return "internal error: the server failed on this call; " + logDetails + ".", false
	case errors.Is(err, index.ErrDocumentNotFound):
		return err.Error() + ": find URIs with search or list_documents, then pass one exactly as returned", false
	case errors.Is(err, ranker.ErrEmptyQuery):
		return "query has no searchable words: pass an API name or a few keywords, e.g. query=\"URLSession dataTask\"", false
	case errors.As(err, new(*ranker.UnknownFrameworkError)):
		return unknownFrameworkText(err), false
	case errors.Is(err, ErrUnknownFramework), errors.Is(err, ranker.ErrUnknownFramework),
		errors.Is(err, ranker.ErrUnknownSource), errors.Is(err, ranker.ErrBadLanguage), errors.Is(err, ranker.ErrBadVersion),
		errors.Is(err, ranker.ErrBadYear), errors.Is(err, ranker.ErrUnknownKind):
		// Built from the caller's argument and the index's names.
		return err.Error(), false
	}
	// The index errors wrap the file's path; their sentinels say what is
	// wrong and how to fix it.
	for _, sentinel := range []error{index.ErrNotFound, index.ErrCorrupt, index.ErrSchemaVersion} {
		if errors.Is(err, sentinel) {
			return sentinel.Error() + " (or start the server with --search-db pointing at an index); " + logDetails + ".", true
		}
	}
	if looksDamaged(err) {
		return "the index looks damaged (a table or column is missing or unreadable): run `cupertino save --clear` to rebuild it; " +
			logDetails + ".", true
	}
	return "internal error: the index could not answer this call; " + logDetails + ".", true
}

// unknownFrameworkText words an unknown framework for an MCP client: it
// names the list_frameworks tool, where the command line's wording (the
// error's own text) also names `cupertino list-frameworks`.
func unknownFrameworkText(err error) string {
	var e *ranker.UnknownFrameworkError
	errors.As(err, &e)
	name := clip(e.Name, maxEchoLen)
	if len(e.Suggestions) > 0 {
		return fmt.Sprintf("%v %q: did you mean %s? Call list_frameworks for every valid name.", ranker.ErrUnknownFramework, name,
			strings.Join(echoNames(e.Suggestions), ", "))
	}
	return fmt.Sprintf("%v %q: call list_frameworks for the valid names, and pass an identifier it lists (\"swiftui\").", ranker.ErrUnknownFramework, name)
}

// looksDamaged recognises SQLite's reports of a damaged or foreign file.
func looksDamaged(err error) bool {
	m := strings.ToLower(err.Error())
	for _, sign := range []string{"malformed", "no such table", "no such column", "not a database", "corrupt", "disk i/o error"} {
		if strings.Contains(m, sign) {
			return true
		}
	}
	return false
}

// errorResult maps a tool's error to the isError result an agent can act on.
func (s *Server) errorResult(ctx context.Context, toolName string, err error) *mcpgo.CallToolResult {
	msg, withheld := describeError(ctx, err, s.opts.CallTimeout)
	if withheld {
		s.log.Warn("tool call failed", "tool", toolName, "err", err)
	}
	if errors.Is(err, ErrBadArgument) {
		if def, ok := s.tools[toolName]; ok {
			msg += fmt.Sprintf(" (%s takes: %s)", toolName, strings.Join(schemaArgNames(def), ", "))
		}
	}
	return mcpgo.NewToolResultError(msg)
}

// resourceFailure carries a resources/read handler's error out of mcp-go,
// which reports every handler error as -32603 Internal error with the
// error's text, to the transport, which answers with the code the cause
// calls for.
type resourceFailure struct {
	mu  sync.Mutex
	set bool
	d   mcpgo.JSONRPCErrorDetails
}

type resourceFailureKey struct{}

func withResourceFailure(ctx context.Context) (context.Context, *resourceFailure) {
	f := &resourceFailure{}
	return context.WithValue(ctx, resourceFailureKey{}, f), f
}

// details returns the recorded error, if any; a nil f has none.
func (f *resourceFailure) details() (mcpgo.JSONRPCErrorDetails, bool) {
	if f == nil {
		return mcpgo.JSONRPCErrorDetails{}, false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.d, f.set
}

// resourceError records what resources/read answers for err and returns err
// for mcp-go. A URI that cannot name a page is Invalid params; a page that
// is not indexed is resource-not-found, -32002 up to 2025-11-25 and Invalid
// params from 2026-07-28 (the same codes mcp-go uses for a URI no template
// matches); anything else is Internal error, with the details in the log.
func resourceError(ctx context.Context, log *slog.Logger, timeout time.Duration, uri string, err error) error {
	var d mcpgo.JSONRPCErrorDetails
	switch {
	case errors.Is(err, ErrBadArgument):
		d = mcpgo.NewJSONRPCErrorDetails(mcpgo.INVALID_PARAMS, "Invalid params: "+err.Error(), nil)
	case errors.Is(err, index.ErrDocumentNotFound):
		code := mcpgo.RESOURCE_NOT_FOUND
		if mcpgo.IsModernProtocol(server.RequestProtocolVersion(ctx)) {
			code = mcpgo.INVALID_PARAMS
		}
		d = mcpgo.NewJSONRPCErrorDetails(code, fmt.Sprintf("document not found: %s; find URIs with the search tool", clip(uri, 200)),
			map[string]any{"uri": clip(uri, maxURILen)})
	default:
		msg, withheld := describeError(ctx, err, timeout)
		if withheld {
			log.Warn("resources/read failed", "uri", clip(uri, 200), "err", err)
		}
		d = mcpgo.NewJSONRPCErrorDetails(mcpgo.INTERNAL_ERROR, msg, nil)
	}
	if f, ok := ctx.Value(resourceFailureKey{}).(*resourceFailure); ok {
		f.mu.Lock()
		f.set, f.d = true, d
		f.mu.Unlock()
	}
	return errors.New(d.Message)
}
