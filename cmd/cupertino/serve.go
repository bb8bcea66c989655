package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/cupertino-go/cupertino/index"
	"github.com/cupertino-go/cupertino/mcp"
	"github.com/cupertino-go/cupertino/ranker"
)

// serveOptions are the flags of `cupertino serve`.
type serveOptions struct {
	IO          *iostreams
	BaseDir     string
	SearchDB    string
	CallTimeout time.Duration

	// HTTP, when set, serves MCP over Streamable HTTP on this address
	// instead of stdio; the rest configure that server.
	HTTP               string
	Token              string // default $CUPERTINO_TOKEN
	AllowOrigins       []string
	MaxSessions        int
	SessionIdleTimeout time.Duration
	MaxConns           int
	MaxConnsPerAddress int
}

// tokenEnv holds the HTTP server's bearer token when --token is not given:
// an environment variable does not show in ps or in shell history.
const tokenEnv = "CUPERTINO_TOKEN"

// errServeOnTerminal means serve was started by a person rather than an MCP
// client; the command prints how to configure one instead.
var errServeOnTerminal = errors.New("serve speaks MCP over stdin/stdout and is started by an MCP client, not from a terminal")

func newServeCmd(io *iostreams, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{IO: io}
	cmd := newCommand(opts, runF, commandSpec{
		Use:   "serve",
		Short: "Serve the index to AI coding agents over MCP (stdio, or HTTP with --http)",
		Long: `Run the MCP server on stdin/stdout. An MCP client (Claude Code, Claude Desktop,
Cursor, VS Code, Codex) starts it; stdout carries JSON-RPC only and logs go to
stderr. It exits 0 when stdin closes, after answering what it read, and 1 when
it cannot write to stdout. Started from a terminal it prints how to
configure a client instead. This is the default command when cupertino runs
without arguments and stdin is not a terminal.

With --http ADDR it serves MCP over Streamable HTTP at http://ADDR/mcp instead,
so that one server answers a team or a remote client, with the same tools,
limits and timeouts. ADDR without a host (":8080") listens on 127.0.0.1 only.
Clients send the token (--token, or $CUPERTINO_TOKEN) as "Authorization:
Bearer <token>"; a token is required to listen beyond loopback. Requests from
browser pages are refused unless their origin is loopback or given with
--allow-origin. Connections are bounded in all (--max-connections) and per
client address (--max-connections-per-address); one that has not carried the
token is closed after its answer. GET /healthz answers 200, or 503 when the index cannot
serve, without a token; with it, the answer adds the document and session
counts and the version. SIGTERM or Ctrl-C stops accepting, lets the requests
in flight finish, and exits 0.

Tools: search, read_document, list_frameworks, list_documents, list_children,
list_sources and, when the index has symbols and inheritance edges,
search_symbols, search_property_wrappers, search_concurrency,
search_conformances, search_generics and get_inheritance; when it has sample
code, list_samples, read_sample, read_sample_file and search_usages
(docs/tools.md).`,
	})
	f := cmd.Flags()
	f.StringVar(&opts.BaseDir, "base-dir", defaultBaseDir(), "base directory")
	f.StringVar(&opts.SearchDB, "search-db", "", "index to serve (default <base-dir>/search.db)")
	f.DurationVar(&opts.CallTimeout, "call-timeout", mcp.DefaultCallTimeout, "time limit of one tool call")
	_ = f.MarkHidden("call-timeout")
	f.StringVar(&opts.HTTP, "http", "", "serve MCP over Streamable HTTP on `ADDR` (host:port; \":8080\" means 127.0.0.1:8080) instead of stdio")
	// No default shown: the help must not print the environment's token.
	f.StringVar(&opts.Token, "token", "", "bearer token HTTP clients must send (default $"+tokenEnv+"); required beyond loopback; must look random, e.g. openssl rand -hex 32")
	f.StringSliceVar(&opts.AllowOrigins, "allow-origin", nil, "browser `origin` allowed besides loopback ones, e.g. https://tools.example.com (repeatable)")
	f.IntVar(&opts.MaxSessions, "max-sessions", mcp.DefaultMaxSessions, "most HTTP sessions open, and requests handled, at once")
	f.DurationVar(&opts.SessionIdleTimeout, "session-idle-timeout", mcp.DefaultSessionIdleTimeout, "end an HTTP session unused for this long")
	f.IntVar(&opts.MaxConns, "max-connections", mcp.DefaultMaxConnections, "most HTTP connections open at once; past it a connection is answered 503 and closed")
	f.IntVar(&opts.MaxConnsPerAddress, "max-connections-per-address", mcp.DefaultMaxConnectionsPerAddress,
		"most HTTP connections open at once from one client address (an IPv6 /64); behind a proxy, its address")
	return cmd
}

func (o *serveOptions) resolve() {
	if o.SearchDB == "" {
		o.SearchDB = filepath.Join(o.BaseDir, "search.db")
	}
	if o.Token == "" {
		o.Token = os.Getenv(tokenEnv)
	}
}

func runServe(ctx context.Context, o *serveOptions) error {
	o.resolve()
	if o.HTTP != "" {
		return runServeHTTP(ctx, o)
	}
	if o.IO.InTerminal {
		printClientHelp(o.IO.Err, o.SearchDB)
		return usageError{errServeOnTerminal}
	}
	srv, log, err := newMCPServer(ctx, o)
	if err != nil {
		return err
	}
	defer srv.Close()
	log.Info("serving MCP on stdio", "index", o.SearchDB, "tools", len(srv.ToolNames()))
	if err := srv.Serve(ctx, o.IO.In, o.IO.Out); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}

// newMCPServer opens the index for both transports and returns the server
// with serve's logger, which the caller also writes its own lines to.
func newMCPServer(ctx context.Context, o *serveOptions) (*mcp.Server, *slog.Logger, error) {
	log := loggerFor(o.IO.Err).With("component", "serve")
	srv, err := mcp.New(ctx, mcp.Options{
		DBPath: o.SearchDB,
		NewSearcher: func(ctx context.Context, st *index.Store) (mcp.Searcher, error) {
			return ranker.New(ctx, st, log.With("component", "ranker"))
		},
		Version:     version,
		CallTimeout: o.CallTimeout,
		Logger:      log,
	})
	return srv, log, err
}

// runServeHTTP checks the address and the token before opening anything, so
// that an unsafe or mistyped command fails at once with a usage error.
func runServeHTTP(ctx context.Context, o *serveOptions) error {
	addr, loopback, err := mcp.ResolveHTTPAddr(o.HTTP)
	if err != nil {
		return usageError{err}
	}
	if o.Token == "" && !loopback {
		return usageErrorf("serve --http %s listens beyond loopback: set a token with --token or %s (e.g. %s=$(openssl rand -hex 32)), "+
			"and give it to the clients; or listen on 127.0.0.1", o.HTTP, tokenEnv, tokenEnv)
	}
	if o.MaxSessions < 1 {
		return usageErrorf("--max-sessions must be at least 1")
	}
	if o.MaxConns < 1 || o.MaxConnsPerAddress < 1 {
		return usageErrorf("--max-connections and --max-connections-per-address must be at least 1")
	}
	httpOpts := mcp.HTTPOptions{Token: o.Token, AllowedOrigins: o.AllowOrigins, MaxSessions: o.MaxSessions,
		SessionIdleTimeout: o.SessionIdleTimeout, MaxConnections: o.MaxConns, MaxConnectionsPerAddress: o.MaxConnsPerAddress}
	if err := httpOpts.Check(); err != nil { // a weak token, a malformed origin
		return usageError{err}
	}
	srv, log, err := newMCPServer(ctx, o)
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve --http: %w", err)
	}
	log.Info("index", "path", o.SearchDB, "tools", len(srv.ToolNames()))
	return srv.ServeHTTP(ctx, ln, httpOpts)
}

func printClientHelp(w io.Writer, db string) {
	fmt.Fprintf(w, `cupertino serve is an MCP server: an AI coding agent starts it and talks to it
over stdin/stdout. Configure your client to run it, for example:

  Claude Code:     claude mcp add cupertino -- cupertino serve
  Claude Desktop:  add to claude_desktop_config.json
                   {"mcpServers": {"cupertino": {"command": "cupertino", "args": ["serve"]}}}
  Cursor:          ~/.cursor/mcp.json, same "mcpServers" entry as Claude Desktop
  VS Code:         .vscode/mcp.json
                   {"servers": {"cupertino": {"type": "stdio", "command": "cupertino", "args": ["serve"]}}}
  Codex:           ~/.codex/config.toml
                   [mcp_servers.cupertino]
                   command = "cupertino"
                   args = ["serve"]

Full instructions: docs/clients.md. Index: %s
To try it by hand: npx @modelcontextprotocol/inspector cupertino serve
`, db)
}
